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
 * are single men, whose moves are their neighbours: a single man's
 * moves are read from its cell's count of neighbours on each layer
 * (mu-board.c), and its merges, which need a look at each neighbour,
 * are counted only when asked for (mu_draw_merges()): a random player
 * asks for them half the time.  A column's moves and merges are
 * counted together, in one walk.
 */

static int	mu_draw_walk(const struct mu_cell *, int, int, int, int, int,
		    int *);
static int	mu_draw_piece(const struct mu_cell *, int, int, int *);
static int	mu_draw_single_merges(const struct mu_cell *, int, int);
static uint64_t	mu_draw_segment(const uint64_t *, int);
static void	mu_draw_add(const struct mu_cell *, int, int, struct mu_draw *,
		    struct mu_draw_piece **);

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

/* The merges of seat's single man on cell. */
static inline int
mu_draw_single_merges(const struct mu_cell *cells, int cell, int seat)
{
	const struct mu_cell	*from = &cells[cell], *c;
	int			 d, to, m = 0;
	int			 onwall = from->layer == MU_LAYER_WALL;

	for (d = 0; d < HEX_NDIRS; d++) {
		if ((to = from->nb[d]) == MU_NONE)
			continue;
		c = &cells[to];
		m += c->colour == seat && (onwall ||
		    c->layer != MU_LAYER_WALL);
	}
	return (m);
}

/*
 * Count the moves of seat's piece on cell, and in *merges those that
 * land on seat's men, or -1 for a single man, whose merges are left to
 * mu_draw_merges().  From the Wall every step is a landing; from
 * elsewhere Wall cells are passed over only when seat's, never landed
 * on.
 */
static inline int
mu_draw_piece(const struct mu_cell *cells, int cell, int seat, int *merges)
{
	const struct mu_cell	*from = &cells[cell], *c;
	int			 d, k, to, n = 0, m = 0;
	int			 h = from->height;

	if (h == 1) {
		/* A single man: its moves are its neighbours. */
		*merges = -1;
		if (from->layer == MU_LAYER_WALL)
			return (from->around[MU_LAYER_VIRGIN] +
			    from->around[MU_LAYER_COMMON] +
			    from->around[MU_LAYER_WALL]);
		return (from->around[MU_LAYER_VIRGIN] +
		    from->around[MU_LAYER_COMMON]);
	} else if (from->layer == MU_LAYER_WALL) {
		for (d = 0; d < HEX_NDIRS; d++) {
			c = from;
			for (k = h; k > 0 && (to = c->nb[d]) != MU_NONE; k--) {
				c = &cells[to];
				n++;
				m += c->colour == seat;
			}
		}
	} else {
		for (d = 0; d < HEX_NDIRS; d++) {
			c = from;
			k = h;
			while ((to = c->nb[d]) != MU_NONE) {
				c = &cells[to];
				if (c->layer != MU_LAYER_WALL) {
					n++;
					m += c->colour == seat;
				} else if (c->colour != seat)
					break;
				if (--k == 0)
					break;
			}
		}
	}
	*merges = m;
	return (n);
}

/*
 * The pieces of a seat on segment s: a mask of the segment's seven
 * cells, bit k for cell k, taken from the seat's bit set.
 */
static inline uint64_t
mu_draw_segment(const uint64_t *pieces, int s)
{
	int		first = s * MU_SEGMENT_CELLS;
	int		w = first / 64, off = first % 64;
	uint64_t	bits = pieces[w] >> off;

	if (off > 64 - MU_SEGMENT_CELLS && w + 1 < MU_BOARD_WORDS)
		bits |= pieces[w + 1] << (64 - off);
	return (bits & (((uint64_t)1 << MU_SEGMENT_CELLS) - 1));
}

/* Add seat's piece on cell to the tally, if it has moves. */
static inline void
mu_draw_add(const struct mu_cell *cells, int cell, int seat,
    struct mu_draw *dr, struct mu_draw_piece **piece)
{
	int	n, m;

	if ((n = mu_draw_piece(cells, cell, seat, &m)) == 0)
		return;
	if (m == -1) {
		dr->merged = 0;
		m = 0;
	}
	(*piece)->cell = (int16_t)cell;
	(*piece)->moves = (uint16_t)n;
	(*piece)->merges = (uint16_t)m;
	(*piece)++;
	dr->moves += n;
	dr->merges += m;
}

/*
 * Tally the legal single moves for the player to move in turn t;
 * returns how many there are.  The pieces are taken from the seat's
 * bit set in cell order: the whole set, or segment by segment for the
 * segments the turn may still move from.  The merges are not all
 * counted yet (see mu_draw_merges()): a single man's are kept as 0
 * meanwhile, and merged is cleared while some are still to count.
 */
int
mu_draw_tally(const struct mu_game *g, const struct mu_turn *t,
    struct mu_draw *dr)
{
	const struct mu_cell	*cells = g->board.cells;
	const uint64_t		*pieces = g->board.pieces[t->seat];
	struct mu_draw_piece	*piece = dr->pieces;
	uint64_t		 set, segs = t->occupied & ~t->used;
	int			 w, s, seat = t->seat;

	dr->seat = seat;
	dr->moves = dr->merges = dr->npieces = 0;
	dr->merged = 1;
	if (t->moves >= t->limit)
		return (0);
	if (segs == ~(uint64_t)0) {
		/* Every segment: the seat's whole bit set. */
		for (w = 0; w < MU_BOARD_WORDS; w++) {
			for (set = pieces[w]; set != 0; set &= set - 1)
				mu_draw_add(cells, w * 64 +
				    __builtin_ctzll(set), seat, dr, &piece);
		}
	} else {
		/* Segment by segment, in order: cells stay in order. */
		for (; segs != 0; segs &= segs - 1) {
			/* A mask may name segments past the last. */
			if ((s = __builtin_ctzll(segs)) >= MU_MAX_SEGMENTS)
				break;
			for (set = mu_draw_segment(pieces, s); set != 0;
			    set &= set - 1)
				mu_draw_add(cells, s * MU_SEGMENT_CELLS +
				    __builtin_ctzll(set), seat, dr, &piece);
		}
	}
	dr->npieces = (int)(piece - dr->pieces);
	return (dr->moves);
}

/*
 * Finish the tally's count of merges (the single men's); returns how
 * many merges there are.
 */
int
mu_draw_merges(const struct mu_game *g, struct mu_draw *dr)
{
	const struct mu_cell	*cells = g->board.cells;
	struct mu_draw_piece	*piece, *end = dr->pieces + dr->npieces;
	int			 m;

	if (dr->merged)
		return (dr->merges);
	for (piece = dr->pieces; piece < end; piece++) {
		if (cells[piece->cell].height != 1)
			continue;
		m = mu_draw_single_merges(cells, piece->cell, dr->seat);
		piece->merges = (uint16_t)m;
		dr->merges += m;
	}
	dr->merged = 1;
	return (dr->merges);
}

/*
 * Fill *m with move i (0 <= i < dr->moves) of the tally or, with
 * merging set, merge i (0 <= i < dr->merges, once mu_draw_merges() has
 * counted them), in mu_move_list() order.
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
	if (h == 1) {
		/* A single man: the i-th neighbour it may land on. */
		for (d = 0;; d++) {
			if ((to = cells[piece->cell].nb[d]) == MU_NONE)
				continue;
			c = &cells[to];
			if ((!onwall && c->layer == MU_LAYER_WALL) ||
			    (merging && c->colour != dr->seat))
				continue;
			if (i-- == 0)
				break;
		}
		k = 1;
		goto found;
	}
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
found:
	m->from = piece->cell;
	m->to = (int16_t)to;
	m->dir = (uint8_t)d;
	m->men = (uint8_t)k;
}
