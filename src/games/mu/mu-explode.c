#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mu-explode.h"
#include "mu-game.h"
#include "mu-name.h"
#include "mu-report.h"
#include "text.h"
#include "xmalloc.h"

/*
 * Explosions (MU-RULINGS, "Capacity and explosions", "The order of
 * explosions" and "Oscillation").
 *
 * A cell's capacity counts its Virgin neighbours if it is Virgin, its
 * Commonwealth and Virgin neighbours if it is Commonwealth, and its
 * Wall neighbours if it is Wall.  A non-empty cell is hot at or over
 * capacity, or, on the Wall, over it.  A hot cell sends one man of its
 * colour to each counted neighbour (merging or capturing) and keeps the
 * rest; a Virgin cell then turns into Wall if its Commonwealth
 * neighbours lie in two or more sections, and otherwise into
 * Commonwealth, with one new man of its colour sprouting on it.
 *
 * Resolution is a loop.  Each time round that some cell is hot, the
 * board is recorded as a 64-bit hash of every cell's layer and piece.
 * If the same board was recorded before, the cells that exploded since
 * its last occurrence are known to oscillate.  Then:
 *
 *   - some hot cell not known to oscillate: one of them explodes, the
 *     next one the move's explosion list names, the only one, or the
 *     lowest-named; if that changes the board, what was known to
 *     oscillate is forgotten (a cell with nothing to send changes
 *     nothing, so two such cells are both found out, in turn);
 *   - every hot cell oscillates: in levis and velox one man leaves the
 *     next cell of the removal list or the lowest-named such cell; in
 *     classic every section holding an oscillating cell is trimmed
 *     (Wall cells to capacity, Commonwealth cells to capacity - 1).
 *     The records are then forgotten, as they are whenever a cell
 *     changes layer.
 *
 * With no cell hot the reaction rests, and that board is not recorded:
 * whatever a record there found out would no longer matter.
 *
 * An explosion changes the board unless it keeps its layer and has no
 * counted neighbour: any other explosion moves men.
 *
 * Only boards recorded since the records were last forgotten are ever
 * compared, so the hash need only differ from the whole board's hash
 * by something that stays the same in that time.  It is therefore
 * brought up to date lazily: each cell a step changes is noted as it
 * was, and the next record mixes the notes in (a step changes a cell
 * once at most).  The first record after the records are forgotten,
 * and the end of the reaction, drop the notes unmixed, so the step
 * that ends a reaction or changes a layer costs no hashing at all.
 *
 * The hot cells are a bit set over cell numbers, which are in name
 * order, so the lowest-named hot cell is the lowest set bit; only the
 * words that cover the board are looked at.  Only a cell that changed,
 * or a neighbour of one whose layer changed, can change its hotness:
 * an explosion looks at the exploding cell and the neighbours it sent
 * men to, or at all seven cells if the exploding cell changed layer.
 *
 * The loop always ends in practice: between layer changes no men are
 * added, so the board must come back; a step limit far beyond any real
 * reaction stands guard all the same, and counts every hot Wall and
 * Commonwealth cell as oscillating if it is ever reached.
 */

#define MU_EXPLODE_WORDS	((MU_MAX_CELLS + 63) / 64)
#define MU_EXPLODE_STACK	256
#define MU_EXPLODE_LIMIT	1000000

/* A cell as it was before a change the hash has not taken in yet. */
struct mu_explode_was {
	int16_t		cell;
	uint8_t		layer;
	int8_t		colour;
	uint16_t	height;
};

struct mu_explode {
	struct mu_game		*g;
	struct mu_board		*b;
	const struct mu_order	*order;
	int			 nexplode;	/* explosion list entries used */
	int			 nremove;	/* removal list entries used */
	struct mu_report	*r;
	int			 explosions;
	int			 nwords;	/* words a set of cells needs */

	uint64_t		 hot[MU_EXPLODE_WORDS];
	uint64_t		 osc[MU_EXPLODE_WORDS];
	int			 anyosc;	/* osc may be non-empty */
	uint64_t		 hash;
	struct mu_explode_was	 was[MU_MAX_CELLS];	/* changes not hashed */
	int			 nwas;

	uint64_t		*hist;		/* boards recorded */
	int			*hist_at;	/* log length at last sight */
	int			 nhist;
	int16_t			*log;		/* cells exploded, in order */
	int			 nlog;
	int			 size;		/* room in hist and log */
	uint64_t		 hist_stack[MU_EXPLODE_STACK];
	int			 hist_at_stack[MU_EXPLODE_STACK];
	int16_t			 log_stack[MU_EXPLODE_STACK];
};

static uint64_t	mu_explode_mix(int, int, int, int);
static int	mu_explode_is_hot(const struct mu_board *, int);
static void	mu_explode_note(struct mu_explode *, int);
static void	mu_explode_height(struct mu_explode *, int, int);
static void	mu_explode_check(struct mu_explode *, int);
static void	mu_explode_around(struct mu_explode *, int);
static int	mu_explode_any(const uint64_t *, int);
static int	mu_explode_first(const uint64_t *, int);
static int	mu_explode_count(const uint64_t *, int);
static void	mu_explode_names(const uint64_t *, int, struct buf *);
static void	mu_explode_grow(struct mu_explode *);
static void	mu_explode_record(struct mu_explode *);
static void	mu_explode_forget(struct mu_explode *);
static void	mu_explode_event(struct mu_explode *, int, int, int, int,
		    int);
static void	mu_explode_give(struct mu_explode *, int, int);
static int	mu_explode_one(struct mu_explode *, int);
static int	mu_explode_choose(struct mu_explode *, const uint64_t *, int,
		    char **);
static void	mu_explode_remove(struct mu_explode *, int);
static void	mu_explode_trim_cell(struct mu_explode *, int, int);
static void	mu_explode_trim(struct mu_explode *);
static void	mu_explode_unused(struct mu_explode *);
static void	mu_explode_give_up(struct mu_explode *);
static int	mu_explode_run(struct mu_game *, const int16_t *, int,
		    const struct mu_order *, struct mu_report *, char **)
		    __attribute__((noinline));

/* A cell's share of the board hash. */
static inline uint64_t
mu_explode_mix(int c, int layer, int colour, int height)
{
	uint64_t	x;

	x = (uint64_t)c << 32 | (uint64_t)layer << 24 |
	    (uint64_t)(uint8_t)colour << 16 | (uint64_t)height;
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return (x ^ (x >> 31));
}

static inline int
mu_explode_is_hot(const struct mu_board *b, int c)
{
	const struct mu_cell	*cell = &b->cells[c];
	int			 cap;

	if (cell->height == 0)
		return (0);
	cap = mu_board_capacity(b, c);
	if (cell->layer == MU_LAYER_WALL)
		return (cell->height > cap);
	return (cell->height >= cap);
}

/* Is cell hot: non-empty and at or over capacity (on the Wall, over)? */
int
mu_explode_hot(const struct mu_board *b, int c)
{
	return (mu_explode_is_hot(b, c));
}

/* Note cell c as it is, before a change the hash is yet to take in. */
static inline void
mu_explode_note(struct mu_explode *e, int c)
{
	const struct mu_cell	*cell = &e->b->cells[c];
	struct mu_explode_was	*w = &e->was[e->nwas++];

	w->cell = (int16_t)c;
	w->layer = cell->layer;
	w->colour = cell->colour;
	w->height = cell->height;
}

/* Leave height men on non-empty cell c, emptying it if none. */
static inline void
mu_explode_height(struct mu_explode *e, int c, int height)
{
	mu_explode_note(e, c);
	if (height > 0)
		e->b->cells[c].height = (uint16_t)height;
	else
		mu_board_set_piece(e->b, c, MU_NONE, 0);
}

static inline void
mu_explode_check(struct mu_explode *e, int c)
{
	uint64_t	bit = (uint64_t)1 << (c & 63);

	if (mu_explode_is_hot(e->b, c))
		e->hot[c >> 6] |= bit;
	else
		e->hot[c >> 6] &= ~bit;
}

/* Look again at cell c and its neighbours. */
static void
mu_explode_around(struct mu_explode *e, int c)
{
	int	d, n;

	mu_explode_check(e, c);
	for (d = 0; d < HEX_NDIRS; d++) {
		if ((n = e->b->cells[c].nb[d]) != MU_NONE)
			mu_explode_check(e, n);
	}
}

/* Does set, of nwords words, hold any cell? */
static inline int
mu_explode_any(const uint64_t *set, int nwords)
{
	uint64_t	any = 0;
	int		w;

	for (w = 0; w < nwords; w++)
		any |= set[w];
	return (any != 0);
}

/* The lowest cell in set, or MU_NONE. */
static inline int
mu_explode_first(const uint64_t *set, int nwords)
{
	int	w;

	for (w = 0; w < nwords; w++) {
		if (set[w] != 0)
			return (w * 64 + __builtin_ctzll(set[w]));
	}
	return (MU_NONE);
}

static int
mu_explode_count(const uint64_t *set, int nwords)
{
	int	w, n = 0;

	for (w = 0; w < nwords; w++)
		n += __builtin_popcountll(set[w]);
	return (n);
}

/* Name the cells in set: "D2", "D2 and D3", "D2, D3 and E1". */
static void
mu_explode_names(const uint64_t *set, int nwords, struct buf *out)
{
	char	name[MU_NAME_MAX];
	int	n = mu_explode_count(set, nwords), i = 0, c;

	for (c = 0; c < nwords * 64; c++) {
		if ((set[c >> 6] & ((uint64_t)1 << (c & 63))) == 0)
			continue;
		buf_adds(out, text_list_sep((size_t)i++, (size_t)n));
		mu_name_cell(c, name, sizeof name);
		buf_adds(out, name);
	}
}

/* Make room for more records, moving off the stack if need be. */
static void
mu_explode_grow(struct mu_explode *e)
{
	size_t	size = (size_t)e->size * 2;

	if (e->hist == e->hist_stack) {
		e->hist = xreallocarray(NULL, size, sizeof *e->hist);
		e->hist_at = xreallocarray(NULL, size, sizeof *e->hist_at);
		e->log = xreallocarray(NULL, size, sizeof *e->log);
		memcpy(e->hist, e->hist_stack, sizeof e->hist_stack);
		memcpy(e->hist_at, e->hist_at_stack, sizeof e->hist_at_stack);
		memcpy(e->log, e->log_stack, sizeof e->log_stack);
	} else {
		e->hist = xreallocarray(e->hist, size, sizeof *e->hist);
		e->hist_at = xreallocarray(e->hist_at, size,
		    sizeof *e->hist_at);
		e->log = xreallocarray(e->log, size, sizeof *e->log);
	}
	e->size = (int)size;
}

/*
 * Record the board.  If it was seen before, the cells that exploded
 * since then are known to oscillate (as well as those already known).
 * The first record since the records were forgotten has nothing to be
 * compared with, so it drops the notes rather than mix them in.
 */
static void
mu_explode_record(struct mu_explode *e)
{
	const struct mu_explode_was	*w;
	const struct mu_cell		*cell;
	int				 i, j, c;

	for (i = 0; e->nhist != 0 && i < e->nwas; i++) {
		w = &e->was[i];
		cell = &e->b->cells[w->cell];
		e->hash ^= mu_explode_mix(w->cell, w->layer, w->colour,
		    w->height) ^ mu_explode_mix(w->cell, cell->layer,
		    cell->colour, cell->height);
	}
	e->nwas = 0;
	for (i = e->nhist - 1; i >= 0; i--) {
		if (e->hist[i] != e->hash)
			continue;
		for (j = e->hist_at[i]; j < e->nlog; j++) {
			c = e->log[j];
			e->osc[c >> 6] |= (uint64_t)1 << (c & 63);
			e->anyosc = 1;
		}
		e->hist_at[i] = e->nlog;
		return;
	}
	if (e->nhist == e->size)
		mu_explode_grow(e);
	e->hist[e->nhist] = e->hash;
	e->hist_at[e->nhist++] = e->nlog;
}

static void
mu_explode_forget(struct mu_explode *e)
{
	e->nhist = 0;
	e->nlog = 0;
	memset(e->osc, 0, sizeof e->osc);
	e->anyosc = 0;
}

static void
mu_explode_event(struct mu_explode *e, int type, int c, int seat, int men,
    int men2)
{
	struct mu_event	*ev;

	if ((ev = mu_report_event(e->r, type, seat, c)) != NULL) {
		ev->men = (uint16_t)men;
		ev->men2 = (uint16_t)men2;
	}
}

/* One man of seat arrives on cell c: it merges or captures. */
static inline void
mu_explode_give(struct mu_explode *e, int c, int seat)
{
	struct mu_cell	*cell = &e->b->cells[c];
	struct mu_event	*ev;

	mu_explode_note(e, c);
	if (cell->colour == seat) {
		cell->height++;
		return;
	}
	if (cell->colour != MU_NONE && e->r != NULL && (ev =
	    mu_report_event(e->r, MU_EVENT_CAPTURE, seat, c)) != NULL) {
		ev->other = cell->colour;
		ev->men = cell->height;
	}
	mu_board_set_piece(e->b, c, seat, 1);
}

/*
 * Explode hot cell c.  Returns whether the board changed: it did unless
 * c kept its layer and had no neighbour to send a man to.
 */
static int
mu_explode_one(struct mu_explode *e, int c)
{
	struct mu_board	*b = e->b;
	struct mu_cell	*cell = &b->cells[c];
	struct mu_event	*ev;
	unsigned	 counts;
	int		 layer = cell->layer, seat = cell->colour;
	int		 height = cell->height, next = layer, section = MU_NONE;
	int		 cap, d, n, s;

	cap = mu_board_capacity(b, c);
	if (layer == MU_LAYER_VIRGIN) {
		next = MU_LAYER_COMMON;
		for (d = 0; d < HEX_NDIRS; d++) {
			n = cell->nb[d];
			if (n == MU_NONE || b->cells[n].layer != MU_LAYER_COMMON)
				continue;
			s = b->cells[n].section;
			if (section == MU_NONE)
				section = s;
			else if (s != section)
				next = MU_LAYER_WALL;
		}
	}
	if (e->r != NULL &&
	    (ev = mu_report_event(e->r, MU_EVENT_EXPLODE, seat, c)) != NULL) {
		ev->layer = (uint8_t)layer;
		ev->layer2 = (uint8_t)next;
		ev->men = (uint16_t)cap;
		ev->men2 = (uint16_t)(height - cap);
	}
	counts = mu_board_counts(layer);
	for (d = 0; d < HEX_NDIRS; d++) {
		n = cell->nb[d];
		if (n == MU_NONE || (counts >> b->cells[n].layer & 1) == 0)
			continue;
		mu_explode_give(e, n, seat);
		/* With no layer changed, only the men sent change hotness. */
		if (next == layer)
			mu_explode_check(e, n);
	}
	e->explosions++;
	if (next == layer) {
		mu_explode_height(e, c, height - cap);
		if (e->nlog == e->size)
			mu_explode_grow(e);
		e->log[e->nlog++] = (int16_t)c;
		mu_explode_check(e, c);
		return (cap > 0);
	}
	if (next == MU_LAYER_COMMON) {
		cell->section = (int16_t)(section != MU_NONE ? section :
		    b->nsections++);
		mu_explode_height(e, c, height - cap + 1);
		mu_board_set_layer(b, c, next);
		mu_explode_event(e, MU_EVENT_SPROUT, c, seat, 1, 0);
	} else {
		mu_explode_height(e, c, height - cap);
		mu_board_set_layer(b, c, next);
		mu_explode_event(e, MU_EVENT_WALL, c, seat, 0, 0);
	}
	mu_explode_forget(e);
	mu_explode_around(e, c);
	return (1);
}

/*
 * Choose the next cell from candidates, following the explosion list
 * (or, with removal set, the removal list).  A listed cell that is not
 * a candidate is passed over only if the choice is forced.
 */
static int
mu_explode_choose(struct mu_explode *e, const uint64_t *cand, int removal,
    char **cause)
{
	const int16_t	*list;
	struct buf	 names;
	char		 name[MU_NAME_MAX];
	int		*used, n, c;

	list = removal ? e->order->remove : e->order->explode;
	n = removal ? e->order->nremove : e->order->nexplode;
	used = removal ? &e->nremove : &e->nexplode;
	if (*used >= n)
		return (mu_explode_first(cand, e->nwords));
	c = list[*used];
	if (cand[c >> 6] & ((uint64_t)1 << (c & 63))) {
		(*used)++;
		return (c);
	}
	if (mu_explode_count(cand, e->nwords) == 1)
		return (mu_explode_first(cand, e->nwords));

	mu_name_cell(c, name, sizeof name);
	buf_init(&names);
	mu_explode_names(cand, e->nwords, &names);
	if (removal) {
		xasprintf(cause, "removal list: %s is not a hot oscillating "
		    "cell; the hot oscillating cells were %s", name,
		    names.data);
	} else if (e->hot[c >> 6] & ((uint64_t)1 << (c & 63))) {
		xasprintf(cause, "explosion list: %s oscillates, and "
		    "oscillation is dealt with last; the hot cells to "
		    "choose from were %s", name, names.data);
	} else {
		xasprintf(cause, "explosion list: %s is not hot; the hot "
		    "cells were %s", name, names.data);
	}
	buf_free(&names);
	return (MU_NONE);
}

/* Take one man from cell c, against oscillation. */
static void
mu_explode_remove(struct mu_explode *e, int c)
{
	struct mu_cell	*cell = &e->b->cells[c];

	mu_explode_event(e, MU_EVENT_REMOVE, c, cell->colour, 1, 0);
	mu_explode_height(e, c, cell->height - 1);
	mu_explode_check(e, c);
}

/* Trim cell c down to keep men at most. */
static void
mu_explode_trim_cell(struct mu_explode *e, int c, int keep)
{
	struct mu_cell	*cell = &e->b->cells[c];

	if (keep < 0)
		keep = 0;
	if (cell->height <= keep)
		return;
	mu_explode_event(e, MU_EVENT_REMOVE, c, cell->colour,
	    cell->height - keep, 0);
	mu_explode_height(e, c, keep);
	mu_explode_check(e, c);
}

/*
 * Classic: trim every Wall section (connected Wall cells) and every
 * Commonwealth section that holds an oscillating cell.
 */
static void
mu_explode_trim(struct mu_explode *e)
{
	struct mu_board	*b = e->b;
	uint64_t	 seen[MU_EXPLODE_WORDS];
	int16_t		 stack[MU_MAX_CELLS];
	int		 ncells = mu_board_ncells(b), c, x, top, d, n, s;

	memset(seen, 0, sizeof seen);
	for (c = 0; c < ncells; c++) {
		if ((e->osc[c >> 6] & ((uint64_t)1 << (c & 63))) == 0 ||
		    (seen[c >> 6] & ((uint64_t)1 << (c & 63))) != 0)
			continue;
		if (b->cells[c].layer == MU_LAYER_COMMON) {
			s = b->cells[c].section;
			for (x = 0; x < ncells; x++) {
				if (b->cells[x].layer != MU_LAYER_COMMON ||
				    b->cells[x].section != s)
					continue;
				seen[x >> 6] |= (uint64_t)1 << (x & 63);
				mu_explode_trim_cell(e, x,
				    mu_board_capacity(b, x) - 1);
			}
			continue;
		}
		top = 0;
		stack[top++] = (int16_t)c;
		seen[c >> 6] |= (uint64_t)1 << (c & 63);
		while (top > 0) {
			x = stack[--top];
			mu_explode_trim_cell(e, x, mu_board_capacity(b, x));
			for (d = 0; d < HEX_NDIRS; d++) {
				n = b->cells[x].nb[d];
				if (n == MU_NONE ||
				    b->cells[n].layer != MU_LAYER_WALL ||
				    (seen[n >> 6] & ((uint64_t)1 << (n & 63))))
					continue;
				seen[n >> 6] |= (uint64_t)1 << (n & 63);
				stack[top++] = (int16_t)n;
			}
		}
	}
}

/* At the step limit, every hot non-Virgin cell counts as oscillating. */
static void
mu_explode_give_up(struct mu_explode *e)
{
	int	c;

	memset(e->osc, 0, sizeof e->osc);
	for (c = 0; c < mu_board_ncells(e->b); c++) {
		if ((e->hot[c >> 6] & ((uint64_t)1 << (c & 63))) &&
		    e->b->cells[c].layer != MU_LAYER_VIRGIN)
			e->osc[c >> 6] |= (uint64_t)1 << (c & 63);
	}
	e->anyosc = 1;
}

/* Report the list entries the reaction did not need. */
static void
mu_explode_unused(struct mu_explode *e)
{
	int	i;

	for (i = e->nexplode; i < e->order->nexplode; i++)
		mu_explode_event(e, MU_EVENT_UNUSED, e->order->explode[i],
		    MU_NONE, 0, 0);
	for (i = e->nremove; i < e->order->nremove; i++)
		mu_explode_event(e, MU_EVENT_UNUSED, e->order->remove[i],
		    MU_NONE, 1, 0);
}

/*
 * Resolve every explosion after a change to the cells in seeds[], which
 * are the only cells that may have turned hot.  Returns the number of
 * explosions, or -1 if the order lists cannot be followed (the game is
 * then partly changed; the caller works on a copy).
 */
int
mu_explode_resolve(struct mu_game *g, const int16_t *seeds, int nseeds,
    const struct mu_order *order, struct mu_report *r, char **cause)
{
	static const struct mu_order	 none;
	int				 i;

	if (order == NULL)
		order = &none;
	for (i = 0; i < nseeds; i++) {
		if (mu_explode_is_hot(&g->board, seeds[i]))
			break;
	}
	/* Most moves set nothing off: leave before the loop is set up. */
	if (i == nseeds && order->nexplode == 0 && order->nremove == 0)
		return (0);
	return (mu_explode_run(g, seeds, nseeds, order, r, cause));
}

/* The loop of mu_explode_resolve(). */
static int
mu_explode_run(struct mu_game *g, const int16_t *seeds, int nseeds,
    const struct mu_order *order, struct mu_report *r, char **cause)
{
	struct mu_explode	 e;
	uint64_t		 cand[MU_EXPLODE_WORDS];
	const uint64_t		*set;
	int			 i, c, w, steps = 0, n = -1;

	e.g = g;
	e.b = &g->board;
	e.order = order;
	e.nexplode = e.nremove = 0;
	e.r = r;
	e.explosions = 0;
	e.nwords = (mu_board_ncells(e.b) + 63) / 64;
	memset(e.hot, 0, sizeof e.hot);
	memset(e.osc, 0, sizeof e.osc);
	e.anyosc = 0;
	e.hash = 0;
	e.nwas = 0;
	e.hist = e.hist_stack;
	e.hist_at = e.hist_at_stack;
	e.log = e.log_stack;
	e.size = MU_EXPLODE_STACK;
	e.nhist = e.nlog = 0;
	for (i = 0; i < nseeds; i++)
		mu_explode_check(&e, seeds[i]);

	while (mu_explode_any(e.hot, e.nwords)) {
		mu_explode_record(&e);
		if (++steps > MU_EXPLODE_LIMIT)
			mu_explode_give_up(&e);
		set = e.hot;
		if (e.anyosc) {
			for (w = 0; w < e.nwords; w++)
				cand[w] = e.hot[w] & ~e.osc[w];
			set = cand;
		}
		if ((c = mu_explode_first(set, e.nwords)) != MU_NONE) {
			if (e.nexplode < order->nexplode && (c =
			    mu_explode_choose(&e, set, 0, cause)) == MU_NONE)
				goto out;
			if (mu_explode_one(&e, c) && e.anyosc) {
				memset(e.osc, 0, sizeof e.osc);
				e.anyosc = 0;
			}
			continue;
		}
		if (g->variant->oscillation == MU_OSC_TRIM_SECTIONS)
			mu_explode_trim(&e);
		else {
			for (w = 0; w < e.nwords; w++)
				cand[w] = e.hot[w] & e.osc[w];
			if ((c = mu_explode_choose(&e, cand, 1, cause)) ==
			    MU_NONE)
				goto out;
			mu_explode_remove(&e, c);
		}
		mu_explode_forget(&e);
		steps = 0;
	}
	mu_explode_unused(&e);
	n = e.explosions;

out:
	if (e.hist != e.hist_stack) {
		free(e.hist);
		free(e.hist_at);
		free(e.log);
	}
	return (n);
}
