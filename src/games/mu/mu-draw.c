#include "config.h"

#include "mu-draw.h"
#include "mu-game.h"
#include "mu-turn.h"

/*
 * A tally walks the mover's pieces on the segments the turn still
 * allows, in the order mu_move_list() lists their moves (first cell,
 * direction, distance), and keeps for each piece only how many legal
 * moves it has and how many of them land on a piece of the mover's
 * colour (merges).  The i-th move, of all of them or of the merges
 * alone, is then found by skipping whole pieces and walking the
 * directions of the one it belongs to: it is exactly the move
 * mu_move_list() would have put at that place.  So a random player
 * draws the same move from the tally as from the list, at the cost of
 * counting.
 *
 * A direction's moves follow the path rules of mu-move.c: from the
 * Wall every cell on the board up to the piece's height is a landing;
 * from elsewhere every cell off the Wall is, and the path stops at a
 * Wall cell that holds no piece of the mover's colour.  Most pieces
 * are single men, whose moves are their neighbours: they have a short
 * way.
 */

static int	mu_draw_walk(const struct mu_cell *, int, int, int, int, int,
		    int *);

/*
 * Count the moves from cell (height h, off the Wall unless onwall) in
 * direction d, and in *merges those landing on seat's men.
 */
static inline int
mu_draw_walk(const struct mu_cell *cells, int cell, int d, int h,
    int onwall, int seat, int *merges)
{
	const struct mu_cell	*c = &cells[cell];
	int			 to, n = 0, m = 0;

	/* Step by pointer: each cell is looked up once. */
	while (h-- > 0 && (to = c->nb[d]) != MU_NONE) {
		c = &cells[to];
		if (onwall || c->layer != MU_LAYER_WALL) {
			n++;
			m += c->colour == seat;
		} else if (c->colour != seat)
			break;
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
	const struct mu_cell	*cells = g->board.cells, *c;
	struct mu_draw_piece	*piece;
	int16_t			 pieces[MU_MAX_CELLS];
	int			 np, p, cell, d, h, onwall, n, m, dm, to;
	int			 seat = t->seat;

	dr->seat = seat;
	dr->moves = dr->merges = dr->npieces = 0;
	if (t->moves >= t->limit)
		return (0);
	np = mu_turn_pieces(g, t, pieces);
	for (p = 0; p < np; p++) {
		cell = pieces[p];
		h = cells[cell].height;
		onwall = cells[cell].layer == MU_LAYER_WALL;
		n = m = 0;
		for (d = 0; d < HEX_NDIRS && h == 1; d++) {
			if ((to = cells[cell].nb[d]) == MU_NONE)
				continue;
			c = &cells[to];
			if (onwall || c->layer != MU_LAYER_WALL) {
				n++;
				m += c->colour == seat;
			}
		}
		for (d = 0; d < HEX_NDIRS && h > 1; d++) {
			n += mu_draw_walk(cells, cell, d, h, onwall, seat, &dm);
			m += dm;
		}
		if (n == 0)
			continue;
		piece = &dr->pieces[dr->npieces++];
		piece->cell = (int16_t)cell;
		piece->moves = (uint16_t)n;
		piece->merges = (uint16_t)m;
		dr->moves += n;
		dr->merges += m;
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
	const struct mu_cell		*cells = g->board.cells, *c;
	const struct mu_draw_piece	*piece = dr->pieces;
	int				 to, d, k, h, n, dm, onwall;

	while (i >= (merging ? piece->merges : piece->moves)) {
		i -= merging ? piece->merges : piece->moves;
		piece++;
	}
	h = cells[piece->cell].height;
	onwall = cells[piece->cell].layer == MU_LAYER_WALL;
	for (d = 0;; d++) {
		n = mu_draw_walk(cells, piece->cell, d, h, onwall, dr->seat,
		    &dm);
		if (i < (merging ? dm : n))
			break;
		i -= merging ? dm : n;
	}
	to = piece->cell;
	for (k = 1;; k++) {
		to = cells[to].nb[d];
		c = &cells[to];
		if (!onwall && c->layer == MU_LAYER_WALL)
			continue;	/* passed over: the walk allows it */
		if (merging && c->colour != dr->seat)
			continue;
		if (i-- == 0)
			break;
	}
	m->from = piece->cell;
	m->to = (int16_t)to;
	m->dir = (uint8_t)d;
	m->men = (uint8_t)k;
}
