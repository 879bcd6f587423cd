#include "config.h"

#include "mu-draw.h"
#include "mu-game.h"
#include "mu-turn.h"

/*
 * A tally walks the mover's pieces on the segments the turn still
 * allows, in the order mu_move_list() lists their moves (first cell,
 * direction, distance), and keeps for each direction only how many
 * legal moves it has and how many of them land on a piece of the
 * mover's colour (merges).  The i-th move, of all of them or of the
 * merges alone, is then found by skipping whole directions and walking
 * the one it lies in: it is exactly the move mu_move_list() would have
 * put at that place.  So a random player draws the same move from the
 * tally as from the list, at the cost of counting.
 *
 * A direction's moves follow the path rules of mu-move.c: from the
 * Wall every cell on the board up to the piece's height is a landing;
 * from elsewhere every cell off the Wall is, and the path stops at a
 * Wall cell that holds no piece of the mover's colour.
 */

static int	mu_draw_walk(const struct mu_cell *, int, int, int, int, int,
		    int *);

/*
 * Count the moves from cell (height h, off the Wall unless onwall) in
 * direction d, and in *merges those landing on seat's men.
 */
static int
mu_draw_walk(const struct mu_cell *cells, int cell, int d, int h,
    int onwall, int seat, int *merges)
{
	const struct mu_cell	*c = &cells[cell];
	int			 to, n = 0, m = 0;

	/* Step by pointer: each cell is looked up once. */
	if (onwall) {
		while (h-- > 0 && (to = c->nb[d]) != MU_NONE) {
			c = &cells[to];
			n++;
			m += c->colour == seat;
		}
	} else {
		while (h-- > 0 && (to = c->nb[d]) != MU_NONE) {
			c = &cells[to];
			if (c->layer != MU_LAYER_WALL) {
				n++;
				m += c->colour == seat;
			} else if (c->colour != seat)
				break;
		}
	}
	*merges = m;
	return (n);
}

/*
 * Tally the legal single moves for the player to move in turn t;
 * returns how many there are.
 */
int
mu_draw_tally(const struct mu_game *g, const struct mu_turn *t,
    struct mu_draw *dr)
{
	const struct mu_cell	*cells = g->board.cells;
	struct mu_draw_ray	*ray;
	int16_t			 pieces[MU_MAX_CELLS];
	int			 np, p, cell, d, h, onwall, n, m;

	dr->seat = t->seat;
	dr->moves = dr->merges = dr->nrays = 0;
	if (t->moves >= t->limit)
		return (0);
	np = mu_turn_pieces(g, t, pieces);
	for (p = 0; p < np; p++) {
		cell = pieces[p];
		h = cells[cell].height;
		onwall = cells[cell].layer == MU_LAYER_WALL;
		for (d = 0; d < HEX_NDIRS; d++) {
			n = mu_draw_walk(cells, cell, d, h, onwall, t->seat,
			    &m);
			if (n == 0)
				continue;
			ray = &dr->rays[dr->nrays++];
			ray->cell = (int16_t)cell;
			ray->dir = (uint8_t)d;
			ray->moves = (uint16_t)n;
			ray->merges = (uint16_t)m;
			dr->moves += n;
			dr->merges += m;
		}
	}
	return (dr->moves);
}

/*
 * Fill *m with move i (0 <= i < dr->moves) of the tally or, with
 * merging set, merge i (0 <= i < dr->merges), in mu_move_list() order.
 */
void
mu_draw_move(const struct mu_game *g, const struct mu_draw *dr, int i,
    int merging, struct mu_move *m)
{
	const struct mu_cell	*cells = g->board.cells, *c, *start;
	const struct mu_draw_ray *ray = dr->rays;
	int			 to, k, onwall;

	while (i >= (merging ? ray->merges : ray->moves)) {
		i -= merging ? ray->merges : ray->moves;
		ray++;
	}
	start = &cells[ray->cell];
	onwall = start->layer == MU_LAYER_WALL;
	to = ray->cell;
	for (k = 1;; k++) {
		to = cells[to].nb[ray->dir];
		c = &cells[to];
		if (!onwall && c->layer == MU_LAYER_WALL)
			continue;	/* passed over: the tally allows it */
		if (merging && c->colour != dr->seat)
			continue;
		if (i-- == 0)
			break;
	}
	m->from = ray->cell;
	m->to = (int16_t)to;
	m->dir = ray->dir;
	m->men = (uint8_t)k;
}
