#include "config.h"

#include <stdlib.h>

#include "mu-name.h"
#include "mu-select.h"
#include "xmalloc.h"

/*
 * Selection (MU-RULINGS, "Selection phase"; seeds 000 and 003): starting
 * with the first player and in seat order, each player removes the man
 * from one of their own segments, that is a segment they placed that
 * still has their man on its centre.  A player with one such segment
 * left is passed over.  When every player has one left, each of those
 * segments gets one man of its owner on each of its seven cells, and
 * the movement phase begins with the first player.
 */

static int	mu_select_next(const struct mu_game *, int);
static void	mu_select_fill(struct mu_game *);

/* Fill segs[] with the segments seat may clear; returns how many. */
int
mu_select_list(const struct mu_game *g, int seat, int *segs)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*centre;
	int			 s, n = 0;

	for (s = 0; s < b->nsegments; s++) {
		centre = &b->cells[s * MU_SEGMENT_CELLS];
		if (b->segments[s].owner == seat && centre->colour == seat)
			segs[n++] = s;
	}
	return (n);
}

/* Check that the player to move may clear segment s. */
int
mu_select_check(const struct mu_game *g, int s, char **cause)
{
	const struct mu_board	*b = &g->board;
	char			 label[MU_NAME_MAX];
	int			 segs[MU_MAX_SEGMENTS];

	mu_name_label(s, label, sizeof label);
	if (b->segments[s].owner != g->to_move) {
		xasprintf(cause, "clear %s: segment %s is %s's, not %s's",
		    label, label, mu_game_colour(b->segments[s].owner),
		    mu_game_colour(g->to_move));
		return (-1);
	}
	if (b->cells[s * MU_SEGMENT_CELLS].colour != g->to_move) {
		xasprintf(cause, "clear %s: segment %s has already been "
		    "cleared", label, label);
		return (-1);
	}
	if (mu_select_list(g, g->to_move, segs) < 2) {
		xasprintf(cause, "clear %s: it is %s's last segment", label,
		    mu_game_colour(g->to_move));
		return (-1);
	}
	return (0);
}

/* The next seat after seat that still has a segment to clear, or -1. */
static int
mu_select_next(const struct mu_game *g, int seat)
{
	int	segs[MU_MAX_SEGMENTS], i, next;

	for (i = 1; i <= g->players; i++) {
		next = (seat + i) % g->players;
		if (mu_select_list(g, next, segs) > 1)
			return (next);
	}
	return (-1);
}

/* Put a man of its owner on each cell of every segment still held. */
static void
mu_select_fill(struct mu_game *g)
{
	struct mu_board	*b = &g->board;
	int		 segs[MU_MAX_SEGMENTS], seat, n, i, k;

	for (seat = 0; seat < g->players; seat++) {
		n = mu_select_list(g, seat, segs);
		for (i = 0; i < n; i++) {
			for (k = 0; k < MU_SEGMENT_CELLS; k++) {
				mu_board_set_piece(b,
				    segs[i] * MU_SEGMENT_CELLS + k, seat, 1);
			}
		}
	}
}

/*
 * Clear segment s for the player to move (already checked), or, with
 * s == -1, just finish the phase if nobody has anything left to clear.
 */
void
mu_select_clear(struct mu_game *g, int s)
{
	int	next;

	if (s != -1)
		mu_board_set_piece(&g->board, s * MU_SEGMENT_CELLS, MU_NONE, 0);
	next = mu_select_next(g, s == -1 ? g->players - 1 : g->to_move);
	if (next != -1) {
		g->to_move = next;
		return;
	}
	mu_select_fill(g);
	g->phase = MU_PHASE_MOVEMENT;
	g->to_move = 0;
	g->allowance = 1;
}
