#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mu-game.h"
#include "mu-layout.h"
#include "mu-name.h"
#include "mu-select.h"
#include "xmalloc.h"

/*
 * The phases of a Mu game, as a state machine:
 *
 *   LAYOUT     seats place segments in turn, seat = placements % players,
 *              until each has placed g->segments of them;
 *   SELECTION  (classic and levis, more than one segment each) seats
 *              clear segments until each holds one (mu-select.c);
 *   MOVEMENT   turns of moves, T counting from 1;
 *   OVER       nothing more can happen.
 *
 * An action is checked completely before anything changes, so a failed
 * action leaves the game exactly as it was.  Seat 0 is always the first
 * player; seats take their colours in seat order.
 */

static const char *mu_game_colours[MU_MAX_PLAYERS] = {
	"red", "blue", "green", "yellow", "purple", "white"
};

static const char *mu_game_phases[] = {
	"layout", "selection", "movement", "over"
};

static int	mu_game_place(struct mu_game *, struct hex, char **);
static void	mu_game_layout_done(struct mu_game *);

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

/* After the last placement: on to selection, or straight to moving. */
static void
mu_game_layout_done(struct mu_game *g)
{
	if (g->variant->selection) {
		g->phase = MU_PHASE_SELECTION;
		mu_select_clear(g, -1);
		return;
	}
	g->phase = MU_PHASE_MOVEMENT;
	g->to_move = 0;
	g->turn = 1;
}

static int
mu_game_place(struct mu_game *g, struct hex at, char **cause)
{
	struct mu_board	*b = &g->board;
	int		 s;

	if (mu_layout_check(b, at, cause) == -1)
		return (-1);
	s = mu_board_add_segment(b, at, g->to_move);
	mu_board_set_piece(b, s * MU_SEGMENT_CELLS, g->to_move, 1);
	if (b->nsegments == g->players * g->segments)
		mu_game_layout_done(g);
	else
		g->to_move = b->nsegments % g->players;
	return (0);
}

/* Apply action a for the player to move; on failure nothing changes. */
int
mu_game_apply(struct mu_game *g, const struct mu_action *a, char **cause)
{
	const char	*phase = mu_game_phase_name(g->phase);

	switch (a->type) {
	case MU_ACTION_PLACE:
		if (g->phase != MU_PHASE_LAYOUT) {
			xasprintf(cause, "segments are placed only in the "
			    "layout phase, and this game is in the %s phase",
			    phase);
			return (-1);
		}
		if (mu_game_place(g, a->at, cause) == -1)
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
		mu_select_clear(g, a->segment);
		break;
	default:
		xasprintf(cause, "unknown action");
		return (-1);
	}
	g->ply++;
	return (0);
}

/*
 * Fill out[] (room for MU_GAME_MAX_LEGAL) with every legal action for
 * the player to move, in canonical order; returns how many.
 */
int
mu_game_legal(const struct mu_game *g, struct mu_action *out)
{
	struct hex	*at;
	int		 segs[MU_MAX_SEGMENTS], n = 0, i, m;

	switch (g->phase) {
	case MU_PHASE_LAYOUT:
		at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
		m = mu_layout_list(&g->board, at);
		for (i = 0; i < m; i++) {
			out[n].type = MU_ACTION_PLACE;
			out[n].at = at[i];
			out[n++].segment = MU_NONE;
		}
		free(at);
		break;
	case MU_PHASE_SELECTION:
		m = mu_select_list(g, g->to_move, segs);
		for (i = 0; i < m; i++) {
			out[n].type = MU_ACTION_CLEAR;
			out[n].at.q = out[n].at.r = 0;
			out[n++].segment = segs[i];
		}
		break;
	case MU_PHASE_MOVEMENT:
	case MU_PHASE_OVER:
		break;
	}
	return (n);
}
