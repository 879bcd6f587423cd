#include "config.h"

#include <string.h>

#include "mu-game.h"
#include "mu-report.h"
#include "mu-score.h"
#include "mu-turn.h"
#include "xmalloc.h"

/*
 * Turns (MU-RULINGS, "Turns" and "Play by email").  A turn allows
 *
 *   levis    one move;
 *   classic  one move from each segment the mover occupied when the
 *            turn began, each segment used once;
 *   velox    the same, but at most T moves, T being the allowance.
 *
 * The allowance T (g->allowance) is 1 on the movement phase's first
 * turn and grows by one after every movement turn, passes and automatic
 * passes included.  It is a number of moves, never shown as a turn
 * number: turns are numbered by g->turns, the record's lines, which an
 * automatic pass does not add to.  A turn with no move is a pass; g->passes
 * counts passes in a row, and the game is over once every player has
 * passed in a row.  A player with no men when their turn starts passes
 * automatically, and so, in a game of three or more, does one who has
 * resigned.  Resigning ends a two-player game at once.
 */

static int	mu_turn_words(const struct mu_board *);
static void	mu_turn_note(struct mu_report *, int, int, int);
static void	mu_turn_pass(struct mu_game *, int, int, struct mu_report *);
static void	mu_turn_over(struct mu_game *, struct mu_report *);
static int	mu_turn_automatic(const struct mu_game *);
static void	mu_turn_next(struct mu_game *, struct mu_report *);

/* The words of a seat's bit set of pieces that cover the board. */
static inline int
mu_turn_words(const struct mu_board *b)
{
	return ((mu_board_ncells(b) + 63) / 64);
}

/* The number of men seat has on the board. */
int
mu_turn_men(const struct mu_game *g, int seat)
{
	const struct mu_board	*b = &g->board;
	uint64_t		 set;
	int			 w, n = 0;

	for (w = 0; w < mu_turn_words(b); w++) {
		for (set = b->pieces[seat][w]; set != 0; set &= set - 1)
			n += b->cells[w * 64 + __builtin_ctzll(set)].height;
	}
	return (n);
}

/* Has seat any man on the board? */
int
mu_turn_has_men(const struct mu_game *g, int seat)
{
	const struct mu_board	*b = &g->board;
	int			 w;

	for (w = 0; w < MU_BOARD_WORDS; w++) {
		if (b->pieces[seat][w] != 0)
			return (1);
	}
	return (0);
}

/*
 * The segments seat occupies, as a mask; returns how many.  Once a
 * piece is found on a segment, the segment's other cells are skipped.
 */
int
mu_turn_occupied(const struct mu_game *g, int seat, uint64_t *mask)
{
	const struct mu_board	*b = &g->board;
	uint64_t		 set, segs = 0;
	int			 w, s, cell, next, n = 0;

	for (w = 0; w < mu_turn_words(b); w++) {
		for (set = b->pieces[seat][w]; set != 0;) {
			cell = w * 64 + __builtin_ctzll(set);
			s = mu_board_cell_segment(cell);
			/* Found twice only if it runs on into word w + 1. */
			n += (segs >> s & 1) == 0;
			segs |= (uint64_t)1 << s;
			next = (s + 1) * MU_SEGMENT_CELLS - w * 64;
			if (next >= 64)
				break;
			set &= ~(uint64_t)0 << next;
		}
	}
	*mask = segs;
	return (n);
}

/*
 * Fill cells[] (room for MU_MAX_CELLS) with the mover's pieces that
 * turn t may still move from, in cell order; returns how many.
 */
int
mu_turn_pieces(const struct mu_game *g, const struct mu_turn *t,
    int16_t *cells)
{
	const struct mu_board	*b = &g->board;
	uint64_t		 set, segs = t->occupied & ~t->used;
	int			 w, cell, n = 0;

	for (w = 0; w < MU_BOARD_WORDS; w++) {
		for (set = b->pieces[t->seat][w]; set != 0; set &= set - 1) {
			cell = w * 64 + __builtin_ctzll(set);
			if (segs == ~(uint64_t)0 ||
			    (segs >> mu_board_cell_segment(cell) & 1))
				cells[n++] = (int16_t)cell;
		}
	}
	return (n);
}

/* Start the turn of the player to move. */
void
mu_turn_begin(const struct mu_game *g, struct mu_turn *t)
{
	int	n;

	memset(t, 0, sizeof *t);
	t->seat = g->to_move;
	if (g->variant->turn_rule == MU_TURN_SINGLE) {
		/* The one move may start from any of the mover's pieces. */
		t->occupied = ~(uint64_t)0;
		t->limit = 1;
		return;
	}
	n = mu_turn_occupied(g, t->seat, &t->occupied);
	switch (g->variant->turn_rule) {
	case MU_TURN_SINGLE:
		break;
	case MU_TURN_PER_SEGMENT:
		t->limit = n;
		break;
	case MU_TURN_PER_SEGMENT_CAPPED:
		t->limit = n < g->allowance ? n : g->allowance;
		break;
	}
}

/* Report an event of seat that concerns no cell. */
static void
mu_turn_note(struct mu_report *r, int type, int seat, int men)
{
	struct mu_event	*ev;

	if ((ev = mu_report_event(r, type, seat, MU_NONE)) != NULL)
		ev->men = (uint16_t)men;
}

static void
mu_turn_pass(struct mu_game *g, int seat, int automatic,
    struct mu_report *r)
{
	mu_turn_note(r, MU_EVENT_PASS, seat, automatic);
	g->passes++;
}

static void
mu_turn_over(struct mu_game *g, struct mu_report *r)
{
	g->phase = MU_PHASE_OVER;
	if (r == NULL)
		return;
	mu_turn_note(r, MU_EVENT_END, MU_NONE, 0);
	r->over = 1;
	mu_score_count(g, &r->score);
}

/*
 * Does the player to move pass automatically: having no men, or having
 * resigned from a game of three or more?
 */
static int
mu_turn_automatic(const struct mu_game *g)
{
	int	seat = g->to_move;

	return (g->phase == MU_PHASE_MOVEMENT &&
	    ((g->resigned & (1U << seat)) != 0 || !mu_turn_has_men(g, seat)));
}

/*
 * The turn is done: on to the next player, or the end.  A loop rather
 * than through mu_turn_enter(), over the players who pass automatically.
 */
static void
mu_turn_next(struct mu_game *g, struct mu_report *r)
{
	for (;;) {
		g->allowance++;
		if (g->passes >= g->players) {
			mu_turn_over(g, r);
			return;
		}
		g->to_move = (g->to_move + 1) % g->players;
		if (!mu_turn_automatic(g))
			return;
		mu_turn_pass(g, g->to_move, 1, r);
	}
}

/* A turn is about to start: its player may pass automatically. */
void
mu_turn_enter(struct mu_game *g, struct mu_report *r)
{
	if (!mu_turn_automatic(g))
		return;
	mu_turn_pass(g, g->to_move, 1, r);
	mu_turn_next(g, r);
}

/* End turn t: with no move it was a pass. */
void
mu_turn_end(struct mu_game *g, const struct mu_turn *t, struct mu_report *r)
{
	if (t->moves == 0)
		mu_turn_pass(g, t->seat, 0, r);
	else
		g->passes = 0;
	mu_turn_next(g, r);
}

/* Seat resigns, whether or not it is their turn. */
int
mu_turn_resign(struct mu_game *g, int seat, struct mu_report *r,
    char **cause)
{
	if (g->resigned & (1U << seat)) {
		xasprintf(cause, "resign: %s has already resigned",
		    mu_game_colour(seat));
		return (-1);
	}
	if (g->players > 2 && g->phase != MU_PHASE_MOVEMENT) {
		xasprintf(cause, "resign: in a game of three or more "
		    "players, resigning is possible only once the movement "
		    "phase has begun");
		return (-1);
	}
	g->resigned |= 1U << seat;
	mu_turn_note(r, MU_EVENT_RESIGN, seat, 0);
	if (g->players == 2) {
		mu_turn_over(g, r);
		return (0);
	}
	if (seat == g->to_move) {
		mu_turn_pass(g, seat, 0, r);
		mu_turn_next(g, r);
	}
	return (0);
}
