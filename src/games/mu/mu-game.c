#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mu-draw.h"
#include "mu-explode.h"
#include "mu-game.h"
#include "mu-layout.h"
#include "mu-move.h"
#include "mu-name.h"
#include "mu-select.h"
#include "mu-turn.h"
#include "xmalloc.h"

/*
 * The phases of a Mu game, as a state machine:
 *
 *   LAYOUT     seats place segments in turn, seat = placements % players,
 *              until each has placed g->segments of them;
 *   SELECTION  (classic and levis, more than one segment each) seats
 *              clear segments until each holds one (mu-select.c);
 *   MOVEMENT   turns of moves, velox's allowance T counting from 1
 *              (mu-turn.c);
 *   OVER       nothing more can happen.
 *
 * A turn is one action: its moves in order, each followed by the chain
 * reaction it sets off (mu-move.c, mu-explode.c).  A turn is played on
 * a copy of the game, so a failed action leaves the game exactly as it
 * was.  Every action but resigning belongs to the player to move.  Each
 * action applied is a line of the record, counted in g->turns.  Seat 0
 * is always the first player; seats take their colours in seat order.
 */

static const char *mu_game_colours[MU_MAX_PLAYERS] = {
	"red", "blue", "green", "yellow", "purple", "white"
};

static const char *mu_game_phases[] = {
	"layout", "selection", "movement", "over"
};

static int	mu_game_place(struct mu_game *, struct hex,
		    struct mu_report *, char **);
static void	mu_game_layout_done(struct mu_game *, struct mu_report *);
static void	mu_game_started(struct mu_game *, struct mu_report *);
static int	mu_game_turn(struct mu_game *, const struct mu_action *,
		    struct mu_report *, char **);
static int	mu_game_steps(struct mu_game *, const struct mu_action *,
		    struct mu_report *, char **);
static void	mu_game_action_start(struct mu_action *, enum mu_action_type);
static int	mu_game_move_cmp(const void *, const void *);
static void	mu_game_move_failed(const struct mu_move *, char **);

/* Set up a new game of variant with players and segments per player. */
int
mu_game_init(struct mu_game *g, const struct mu_variant *v, int players,
    int segments, char **cause)
{
	if (players < v->min_players || players > v->max_players) {
		if (v->min_players == v->max_players) {
			xasprintf(cause, "players: %s is for exactly %d "
			    "players, not %d", v->name, v->min_players,
			    players);
		} else {
			xasprintf(cause, "players: %s is for %d to %d "
			    "players, not %d", v->name, v->min_players,
			    v->max_players, players);
		}
		return (-1);
	}
	if (segments < 1 || segments > MU_MAX_SEGMENTS_EACH) {
		xasprintf(cause, "segments: each player places 1 to %d "
		    "segments, not %d", MU_MAX_SEGMENTS_EACH, segments);
		return (-1);
	}
	memset(g, 0, sizeof *g);
	g->variant = v;
	g->players = players;
	g->segments = segments;
	g->phase = MU_PHASE_LAYOUT;
	mu_board_init(&g->board);
	return (0);
}

const char *
mu_game_colour(int seat)
{
	return (mu_game_colours[seat]);
}

int
mu_game_colour_letter(int seat)
{
	return (mu_game_colours[seat][0]);
}

/* The seat whose colour is named s (full name or letter), or -1. */
int
mu_game_colour_parse(const char *s, size_t len)
{
	int	seat;

	for (seat = 0; seat < MU_MAX_PLAYERS; seat++) {
		if (len == 1 && tolower((unsigned char)s[0]) ==
		    mu_game_colours[seat][0])
			return (seat);
		if (len == strlen(mu_game_colours[seat]) &&
		    strncasecmp(s, mu_game_colours[seat], len) == 0)
			return (seat);
	}
	return (-1);
}

const char *
mu_game_phase_name(enum mu_phase phase)
{
	return (mu_game_phases[phase]);
}

/* How many segments seat has placed. */
int
mu_game_placed(const struct mu_game *g, int seat)
{
	int	n = g->board.nsegments;

	return (n / g->players + (seat < n % g->players));
}

/*
 * How many bytes of g are in use: all but the cells past the board's
 * last, which nothing reads.
 */
size_t
mu_game_size(const struct mu_game *g)
{
	return (offsetof(struct mu_game, board.cells) +
	    (size_t)mu_board_ncells(&g->board) * sizeof g->board.cells[0]);
}

/*
 * Copy game src to dst, up to the board's last cell.  A game is copied
 * for every turn played and every robot's look ahead, and a board of
 * two players' segments uses less than a third of the room for cells.
 */
void
mu_game_copy(struct mu_game *dst, const struct mu_game *src)
{
	memcpy(dst, src, mu_game_size(src));
}

/* Whether a and b are the same game, compared as mu_game_copy() copies. */
int
mu_game_same(const struct mu_game *a, const struct mu_game *b)
{
	return (a->board.nsegments == b->board.nsegments &&
	    memcmp(a, b, mu_game_size(a)) == 0);
}

/*
 * A hash of g as a player sees it (game_ops hash): phase, seat to move,
 * resignations, the segments and every cell's layer and piece, FNV-1a
 * over them; the counters of turns, passes and velox's allowance are
 * left out, so that a position reached again hashes the same.
 */
uint64_t
mu_game_hash(const struct mu_game *g)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*c;
	uint64_t		 h = 14695981039346656037ULL;
	int			 i;

#define MU_GAME_HASH(x)	(h = (h ^ (uint64_t)(uint32_t)(x)) * 1099511628211ULL)
	MU_GAME_HASH(g->phase);
	MU_GAME_HASH(g->to_move);
	MU_GAME_HASH(g->resigned);
	for (i = 0; i < b->nsegments; i++) {
		MU_GAME_HASH(b->segments[i].centre.q);
		MU_GAME_HASH(b->segments[i].centre.r);
		MU_GAME_HASH(b->segments[i].owner);
	}
	for (i = 0; i < b->nsegments * MU_SEGMENT_CELLS; i++) {
		c = &b->cells[i];
		MU_GAME_HASH((unsigned)c->layer |
		    (unsigned)(c->colour + 1) << 4 |
		    (unsigned)c->height << 12);
	}
#undef MU_GAME_HASH
	return (h);
}

/*
 * The movement phase has just begun: report where each seat's men
 * start, from its one segment kept or, in velox, its segments' centres.
 */
static void
mu_game_started(struct mu_game *g, struct mu_report *r)
{
	int	segs[MU_MAX_SEGMENTS], seat, cell;

	for (seat = 0; seat < g->players; seat++) {
		cell = MU_NONE;
		if (g->variant->selection &&
		    mu_select_list(g, seat, segs) == 1)
			cell = segs[0] * MU_SEGMENT_CELLS;
		mu_report_event(r, MU_EVENT_START, seat, cell);
	}
}

/* After the last placement: on to selection, or straight to moving. */
static void
mu_game_layout_done(struct mu_game *g, struct mu_report *r)
{
	if (g->variant->selection) {
		g->phase = MU_PHASE_SELECTION;
		mu_select_clear(g, -1);
		if (g->phase == MU_PHASE_MOVEMENT)
			mu_game_started(g, r);
		return;
	}
	g->phase = MU_PHASE_MOVEMENT;
	g->to_move = 0;
	g->allowance = 1;
	mu_game_started(g, r);
	mu_turn_enter(g, NULL);
}

static int
mu_game_place(struct mu_game *g, struct hex at, struct mu_report *r,
    char **cause)
{
	struct mu_board	*b = &g->board;
	int		 s;

	if (mu_layout_check(b, at, cause) == -1)
		return (-1);
	s = mu_board_add_segment(b, at, g->to_move);
	mu_board_set_piece(b, s * MU_SEGMENT_CELLS, g->to_move, 1);
	mu_report_event(r, MU_EVENT_PLACE, g->to_move, s * MU_SEGMENT_CELLS);
	if (b->nsegments == g->players * g->segments)
		mu_game_layout_done(g, r);
	else
		g->to_move = b->nsegments % g->players;
	return (0);
}

/*
 * Make move m in turn t and resolve the explosions it sets off, in
 * order o (may be NULL).  Returns the number of explosions, or -1; on
 * failure g is partly changed, so callers work on a copy.
 */
int
mu_game_move(struct mu_game *g, struct mu_turn *t, const struct mu_move *m,
    const struct mu_order *o, struct mu_report *r, char **cause)
{
	int	n;

	if (mu_move_check(g, t, m, cause) == -1)
		return (-1);
	mu_move_apply(g, t, m, r);
	if ((n = mu_explode_resolve(g, &m->to, 1, o, r, cause)) == -1)
		mu_game_move_failed(m, cause);
	return (n);
}

/* Put move m's name before the reason *cause gives why it failed. */
static void
mu_game_move_failed(const struct mu_move *m, char **cause)
{
	char	name[2 * MU_NAME_MAX], *why = *cause;

	mu_move_name(m, name, sizeof name);
	xasprintf(cause, "%s: %s", name, why);
	free(why);
}

/*
 * End turn t.  Sections are numbered afresh if the turn founded any,
 * as a position read back would number them; nsections is how many
 * there were when the turn began.
 */
void
mu_game_end_turn(struct mu_game *g, const struct mu_turn *t, int nsections,
    struct mu_report *r)
{
	if (g->board.nsections != nsections)
		mu_board_sections(&g->board);
	mu_turn_end(g, t, r);
}

/* Play step i of turn a on g in turn t, with its lists (mu_game_move). */
int
mu_game_step(struct mu_game *g, struct mu_turn *t, const struct mu_action *a,
    int i, struct mu_report *r, char **cause)
{
	const struct mu_step	*st = &a->steps[i];
	struct mu_order		 order;

	order.explode = a->list + st->at;
	order.nexplode = st->nexplode;
	order.remove = a->list + st->at + st->nexplode;
	order.nremove = st->nremove;
	return (mu_game_move(g, t, &st->move, &order, r, cause));
}

/* Play the moves of turn a on g, resolving each move's explosions. */
static int
mu_game_steps(struct mu_game *g, const struct mu_action *a,
    struct mu_report *r, char **cause)
{
	struct mu_turn	t;
	int		i, nsections = g->board.nsections;

	mu_turn_begin(g, &t);
	for (i = 0; i < a->nsteps; i++) {
		if (mu_game_step(g, &t, a, i, r, cause) == -1)
			return (-1);
	}
	mu_game_end_turn(g, &t, nsections, r);
	return (0);
}

/* Play turn a on a copy of g, and keep the copy only if all went well. */
static int
mu_game_turn(struct mu_game *g, const struct mu_action *a,
    struct mu_report *r, char **cause)
{
	struct mu_game	*work;
	size_t		 n = r != NULL ? r->n : 0;
	char		 name[2 * MU_NAME_MAX];
	int		 i;

	if (g->variant->oscillation == MU_OSC_TRIM_SECTIONS) {
		for (i = 0; i < a->nsteps; i++) {
			if (a->steps[i].nremove == 0)
				continue;
			mu_move_name(&a->steps[i].move, name, sizeof name);
			xasprintf(cause, "%s: classic Mu takes no removal "
			    "list; oscillating sections are trimmed", name);
			return (-1);
		}
	}
	work = xmalloc(sizeof *work);
	mu_game_copy(work, g);
	if (mu_game_steps(work, a, r, cause) == -1) {
		if (r != NULL)
			r->n = n;
		free(work);
		return (-1);
	}
	mu_game_copy(g, work);
	free(work);
	return (0);
}

/* Order moves by first cell, then by landing cell. */
static int
mu_game_move_cmp(const void *a, const void *b)
{
	const struct mu_move	*x = a, *y = b;

	if (x->from != y->from)
		return (x->from < y->from ? -1 : 1);
	return ((x->to > y->to) - (x->to < y->to));
}

/*
 * Apply action a by seat; on failure nothing changes.  Events go to
 * report r, if it is not NULL.
 */
int
mu_game_apply(struct mu_game *g, int seat, const struct mu_action *a,
    struct mu_report *r, char **cause)
{
	const char	*phase = mu_game_phase_name(g->phase);

	if (g->phase == MU_PHASE_OVER) {
		xasprintf(cause, "the game is over");
		return (-1);
	}
	if (seat < 0 || seat >= g->players) {
		xasprintf(cause, "no such seat");
		return (-1);
	}
	if (seat != g->to_move && a->type != MU_ACTION_RESIGN) {
		xasprintf(cause, "it is %s's turn, not %s's",
		    mu_game_colour(g->to_move), mu_game_colour(seat));
		return (-1);
	}
	switch (a->type) {
	case MU_ACTION_PLACE:
		if (g->phase != MU_PHASE_LAYOUT) {
			xasprintf(cause, "segments are placed only in the "
			    "layout phase, and this game is in the %s phase",
			    phase);
			return (-1);
		}
		if (mu_game_place(g, a->at, r, cause) == -1)
			return (-1);
		break;
	case MU_ACTION_CLEAR:
		if (g->phase != MU_PHASE_SELECTION) {
			xasprintf(cause, "segments are cleared only in the "
			    "selection phase, and this game is in the %s "
			    "phase", phase);
			return (-1);
		}
		if (a->segment < 0 || a->segment >= g->board.nsegments) {
			xasprintf(cause, "clear: no such segment");
			return (-1);
		}
		if (mu_select_check(g, a->segment, cause) == -1)
			return (-1);
		mu_report_event(r, MU_EVENT_CLEAR, seat,
		    a->segment * MU_SEGMENT_CELLS);
		mu_select_clear(g, a->segment);
		if (g->phase == MU_PHASE_MOVEMENT)
			mu_game_started(g, r);
		break;
	case MU_ACTION_TURN:
		if (g->phase != MU_PHASE_MOVEMENT) {
			xasprintf(cause, "moves and passes come in the "
			    "movement phase, and this game is in the %s phase",
			    phase);
			return (-1);
		}
		if (mu_game_turn(g, a, r, cause) == -1)
			return (-1);
		break;
	case MU_ACTION_RESIGN:
		if (mu_turn_resign(g, seat, r, cause) == -1)
			return (-1);
		break;
	default:
		xasprintf(cause, "unknown action");
		return (-1);
	}
	g->turns++;
	return (0);
}

/*
 * Start action a of type, with no steps and no lists.  Only what a
 * reader of an action of that type reads is set: an action is over a
 * kilobyte, mostly room for a whole turn, and a list of them is not
 * zeroed whole.
 */
static void
mu_game_action_start(struct mu_action *a, enum mu_action_type type)
{
	a->type = type;
	a->at.q = a->at.r = 0;
	a->segment = MU_NONE;
	a->nsteps = 0;
	a->nlist = 0;
}

/*
 * How many actions mu_game_legal() would list, counting no further
 * than max, without listing them: the first placements found, the
 * selectable segments, or the tally of single moves and the pass.
 */
int
mu_game_choices(const struct mu_game *g, int max)
{
	struct mu_draw	 dr;
	struct mu_turn	 t;
	int		 segs[MU_MAX_SEGMENTS], n = 0;

	switch (g->phase) {
	case MU_PHASE_LAYOUT:
		n = mu_layout_count(&g->board, max);
		break;
	case MU_PHASE_SELECTION:
		n = mu_select_list(g, g->to_move, segs);
		break;
	case MU_PHASE_MOVEMENT:
		mu_turn_begin(g, &t);
		n = mu_draw_tally(g, &t, &dr) + 1;
		break;
	case MU_PHASE_OVER:
		break;
	}
	return (n < max ? n : max);
}

/*
 * Make *out a new array of every legal action for the player to move,
 * in canonical order; returns how many.  In the movement phase these
 * are the single moves that could start a turn, ordered by their
 * cells' names, then the pass.
 */
int
mu_game_legal(const struct mu_game *g, struct mu_action **out)
{
	struct hex	*at;
	struct mu_move	*moves;
	struct mu_turn	 t;
	struct mu_step	*step;
	int		 segs[MU_MAX_SEGMENTS], n = 0, i, m = 0;

	*out = NULL;
	switch (g->phase) {
	case MU_PHASE_LAYOUT:
		at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
		m = mu_layout_list(&g->board, at);
		*out = xreallocarray(NULL, (size_t)m + 1, sizeof **out);
		for (i = 0; i < m; i++) {
			mu_game_action_start(&(*out)[n], MU_ACTION_PLACE);
			(*out)[n++].at = at[i];
		}
		free(at);
		break;
	case MU_PHASE_SELECTION:
		m = mu_select_list(g, g->to_move, segs);
		*out = xreallocarray(NULL, (size_t)m + 1, sizeof **out);
		for (i = 0; i < m; i++) {
			mu_game_action_start(&(*out)[n], MU_ACTION_CLEAR);
			(*out)[n++].segment = segs[i];
		}
		break;
	case MU_PHASE_MOVEMENT:
		moves = xreallocarray(NULL, MU_MOVE_MAX, sizeof *moves);
		mu_turn_begin(g, &t);
		m = mu_move_list(g, &t, moves);
		qsort(moves, (size_t)m, sizeof *moves, mu_game_move_cmp);
		*out = xreallocarray(NULL, (size_t)m + 1, sizeof **out);
		for (i = 0; i < m; i++) {
			mu_game_action_start(&(*out)[n], MU_ACTION_TURN);
			(*out)[n].nsteps = 1;
			step = &(*out)[n++].steps[0];
			memset(step, 0, sizeof *step);
			step->move = moves[i];
		}
		/* The pass. */
		mu_game_action_start(&(*out)[n++], MU_ACTION_TURN);
		free(moves);
		break;
	case MU_PHASE_OVER:
		*out = xcalloc(1, sizeof **out);
		break;
	}
	return (n);
}
