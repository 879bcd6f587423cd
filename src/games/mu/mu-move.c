#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "mu-game.h"
#include "mu-move.h"
#include "mu-name.h"
#include "mu-report.h"
#include "mu-turn.h"
#include "xmalloc.h"

/*
 * A move takes the top k men of one of the mover's pieces exactly k
 * cells in one of the six directions (MU-RULINGS, "Pieces and
 * movement").  Every cell of the path must be on the board.  A piece
 * that starts off the Wall may not land on it, and may pass over a
 * Wall cell only if that cell holds a piece of its own colour; a piece
 * that starts on the Wall may pass over and land on anything.  Pieces
 * off the Wall never block.  Landing on one's own colour merges;
 * landing on another colour captures the whole piece by replacement.
 *
 * The turn (mu-turn.c) says which segments a move may start from and
 * how many moves are left; mu_move_check() checks both, so a move it
 * accepts can be applied without further thought.
 */

/* The rules a move can break, in the order they are checked. */
enum mu_move_rule {
	MU_MOVE_LEGAL,
	MU_MOVE_NONE_LEFT,	/* the turn allows no more moves */
	MU_MOVE_PIECE,		/* not the mover's piece, or too short */
	MU_MOVE_SEGMENT,	/* the turn allows no move from its segment */
	MU_MOVE_OUT,		/* the path crosses the Out of Bounds */
	MU_MOVE_WALL		/* the path lands on or passes over the Wall */
};

static int	mu_move_fail(const struct mu_move *, char **, const char *,
		    ...) __attribute__((format(printf, 3, 4)));
static enum mu_move_rule mu_move_rule(const struct mu_game *,
		    const struct mu_turn *, const struct mu_move *, int *);
static int	mu_move_refuse(const struct mu_game *, const struct mu_turn *,
		    const struct mu_move *, enum mu_move_rule, int, char **)
		    __attribute__((noinline));

/* Write a move as "C4-D2". */
void
mu_move_name(const struct mu_move *m, char *s, size_t size)
{
	char	from[MU_NAME_MAX], to[MU_NAME_MAX];

	mu_name_cell(m->from, from, sizeof from);
	mu_name_cell(m->to, to, sizeof to);
	snprintf(s, size, "%s-%s", from, to);
}

static int
mu_move_fail(const struct mu_move *m, char **cause, const char *fmt, ...)
{
	char	 name[2 * MU_NAME_MAX];
	char	*why;
	va_list	 ap;

	va_start(ap, fmt);
	if (vasprintf(&why, fmt, ap) == -1)
		abort();
	va_end(ap);
	mu_move_name(m, name, sizeof name);
	xasprintf(cause, "%s: %s", name, why);
	free(why);
	return (-1);
}

/*
 * Fill m with the move from cell from to cell to: its direction and
 * the number of men, which is the distance.  The cells must lie on one
 * straight line; whether the move is legal is for mu_move_check().
 */
int
mu_move_line(const struct mu_board *b, int from, int to, struct mu_move *m,
    char **cause)
{
	struct hex	a = b->cells[from].pos, z = b->cells[to].pos;
	int		d, k;

	m->from = (int16_t)from;
	m->to = (int16_t)to;
	m->dir = 0;
	m->men = 0;
	if (from == to)
		return (mu_move_fail(m, cause, "a move must leave its cell"));
	k = hex_distance(a, z);
	for (d = 0; d < HEX_NDIRS; d++) {
		if (hex_equal(hex_step(a, d, k), z)) {
			m->dir = (uint8_t)d;
			m->men = (uint8_t)k;
			return (0);
		}
	}
	return (mu_move_fail(m, cause, "the two cells are not on one "
	    "straight line"));
}

/*
 * The first rule move m breaks for the player to move in turn t, or
 * MU_MOVE_LEGAL; for a rule of the path, *at is the step (1 to the
 * number of men) that breaks it.  Inline and without words: most
 * moves pass.
 */
static inline enum mu_move_rule
mu_move_rule(const struct mu_game *g, const struct mu_turn *t,
    const struct mu_move *m, int *at)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*start = &b->cells[m->from], *c;
	int			 i, n = m->from, seat = g->to_move;

	if (t->moves >= t->limit)
		return (MU_MOVE_NONE_LEFT);
	if (start->colour != seat || m->men > start->height)
		return (MU_MOVE_PIECE);
	if (g->variant->turn_rule != MU_TURN_SINGLE &&
	    ((t->occupied & ~t->used) >> mu_board_cell_segment(m->from) &
	    1) == 0)
		return (MU_MOVE_SEGMENT);
	for (*at = i = 1; i <= m->men; *at = ++i) {
		if ((n = b->cells[n].nb[m->dir]) == MU_NONE)
			return (MU_MOVE_OUT);
		c = &b->cells[n];
		if (start->layer != MU_LAYER_WALL &&
		    c->layer == MU_LAYER_WALL &&
		    (i == m->men || c->colour != seat))
			return (MU_MOVE_WALL);
	}
	return (MU_MOVE_LEGAL);
}

/* Say why move m breaks rule (at step at) in turn t; returns -1. */
static int
mu_move_refuse(const struct mu_game *g, const struct mu_turn *t,
    const struct mu_move *m, enum mu_move_rule rule, int at, char **cause)
{
	const struct mu_cell	*start = &g->board.cells[m->from];
	char			 from[MU_NAME_MAX], name[MU_NAME_MAX];
	int			 s = mu_board_cell_segment(m->from);
	int			 i, n = m->from, seat = g->to_move;

	mu_name_cell(m->from, from, sizeof from);
	switch (rule) {
	case MU_MOVE_NONE_LEFT:
		if (g->variant->turn_rule == MU_TURN_SINGLE) {
			return (mu_move_fail(m, cause, "%s allows one move "
			    "per turn", g->variant->title));
		}
		if (t->limit == g->allowance && t->limit < __builtin_popcountll(
		    t->occupied)) {
			return (mu_move_fail(m, cause, "%s allows up to %d "
			    "move%s this turn", g->variant->title, t->limit,
			    t->limit == 1 ? "" : "s"));
		}
		return (mu_move_fail(m, cause, "%s has no segment left to "
		    "move from this turn", mu_game_colour(t->seat)));
	case MU_MOVE_PIECE:
		if (start->colour == MU_NONE)
			return (mu_move_fail(m, cause, "%s is empty", from));
		if (start->colour != seat) {
			return (mu_move_fail(m, cause, "%s holds a %s piece, "
			    "not a %s one", from, mu_game_colour(start->colour),
			    mu_game_colour(seat)));
		}
		return (mu_move_fail(m, cause, "going %d cells takes the top "
		    "%d men, and %s holds only %d", m->men, m->men, from,
		    start->height));
	case MU_MOVE_SEGMENT:
		mu_name_label(s, name, sizeof name);
		if (t->used & (uint64_t)1 << s) {
			return (mu_move_fail(m, cause, "a move has already "
			    "started from segment %s this turn", name));
		}
		return (mu_move_fail(m, cause, "%s did not occupy segment %s "
		    "at the start of the turn", mu_game_colour(t->seat), name));
	case MU_MOVE_OUT:
		return (mu_move_fail(m, cause, "the path crosses the Out of "
		    "Bounds"));
	case MU_MOVE_WALL:
		for (i = 0; i < at; i++)
			n = g->board.cells[n].nb[m->dir];
		mu_name_cell(n, name, sizeof name);
		if (at == m->men) {
			return (mu_move_fail(m, cause, "%s is on the Wall and "
			    "%s is not", name, from));
		}
		return (mu_move_fail(m, cause, "the path passes over the Wall "
		    "at %s, which holds no %s piece", name,
		    mu_game_colour(seat)));
	default:
		abort();
	}
}

/* Check that the player to move may make move m in turn t. */
int
mu_move_check(const struct mu_game *g, const struct mu_turn *t,
    const struct mu_move *m, char **cause)
{
	enum mu_move_rule	rule;
	int			at = 0;

	if ((rule = mu_move_rule(g, t, m, &at)) == MU_MOVE_LEGAL)
		return (0);
	return (mu_move_refuse(g, t, m, rule, at, cause));
}

/* Make move m (already checked) and note it in turn t. */
void
mu_move_apply(struct mu_game *g, struct mu_turn *t, const struct mu_move *m,
    struct mu_report *r)
{
	struct mu_board	*b = &g->board;
	struct mu_cell	*from = &b->cells[m->from], *to = &b->cells[m->to];
	struct mu_event	*ev;
	int		 seat = from->colour;

	if (r != NULL && (ev = mu_report_event(r, MU_EVENT_MOVE, seat,
	    m->from)) != NULL) {
		ev->cell2 = m->to;
		ev->men = m->men;
	}
	/* Heights change in place; only a piece come or gone is set. */
	if (from->height > m->men)
		from->height = (uint16_t)(from->height - m->men);
	else
		mu_board_set_piece(b, m->from, MU_NONE, 0);
	if (to->colour == seat) {
		to->height = (uint16_t)(to->height + m->men);
	} else {
		if (to->colour != MU_NONE && r != NULL &&
		    (ev = mu_report_event(r, MU_EVENT_CAPTURE, seat,
		    m->to)) != NULL) {
			ev->other = to->colour;
			ev->men = to->height;
		}
		mu_board_set_piece(b, m->to, seat, m->men);
	}
	t->used |= (uint64_t)1 << mu_board_cell_segment(m->from);
	t->moves++;
}

/*
 * Fill out[] (room for MU_MOVE_MAX) with every legal single move for
 * the player to move in turn t, in order of first cell, direction and
 * distance; returns how many.
 */
int
mu_move_list(const struct mu_game *g, const struct mu_turn *t,
    struct mu_move *out)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*c;
	int16_t			 pieces[MU_MAX_CELLS];
	int			 n = 0, np, p, cell, d, i, to, h, onwall;

	if (t->moves >= t->limit)
		return (0);
	np = mu_turn_pieces(g, t, pieces);
	for (p = 0; p < np; p++) {
		cell = pieces[p];
		h = b->cells[cell].height;
		onwall = b->cells[cell].layer == MU_LAYER_WALL;
		for (d = 0; d < HEX_NDIRS; d++) {
			to = cell;
			for (i = 1; i <= h; i++) {
				if ((to = b->cells[to].nb[d]) == MU_NONE)
					break;
				c = &b->cells[to];
				if (onwall || c->layer != MU_LAYER_WALL) {
					out[n].from = (int16_t)cell;
					out[n].to = (int16_t)to;
					out[n].dir = (uint8_t)d;
					out[n++].men = (uint8_t)i;
					continue;
				}
				if (c->colour != t->seat)
					break;
			}
		}
	}
	return (n);
}
