#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mu-draw.h"
#include "mu-explode.h"
#include "mu-random.h"
#include "mu-turn.h"
#include "xmalloc.h"

/*
 * A random player.  Outside the movement phase it picks uniformly from
 * the legal actions.  In the movement phase it builds a turn one move
 * at a time, with explosions in the default order.  Before each move
 * the turn stops with chance 1/16 (so a turn may be a pass); otherwise
 * the move is drawn from the legal single moves at that point: half
 * the time from those that merge with one of the player's own pieces,
 * which builds the columns that explode, and otherwise from all.
 * Moves are drawn from a tally (mu-draw.c), which finds the move the
 * full list would give at the same place without listing them all.
 * The moves are played on the game as they are chosen, which is what
 * makes this fast: the action it returns, played on the game as it
 * was, gives the same result.
 */

#define MU_RANDOM_STOP	16	/* stop before a move with chance 1/16 */

static struct mu_move mu_random_pick(const struct mu_game *, struct rng *,
		    struct mu_draw *);

/* Draw a move from the tally, often one that merges. */
static struct mu_move
mu_random_pick(const struct mu_game *g, struct rng *rng,
    struct mu_draw *dr)
{
	struct mu_move	m;
	int		merging;

	/* The merges are counted only when the draw is among them. */
	merging = rng_below(rng, 2) == 0 && mu_draw_merges(g, dr) > 0;
	mu_draw_move(g, dr, (int)rng_below(rng, (uint32_t)(merging ?
	    dr->merges : dr->moves)), merging, &m);
	return (m);
}

/*
 * Choose and play one random action on g, writing it to a and its
 * events to r (if not NULL).  Returns -1 if there is nothing to play
 * because the game is over.
 */
int
mu_random_action(struct mu_game *g, struct rng *rng, struct mu_action *a,
    struct mu_report *r, struct mu_random_stats *stats)
{
	struct mu_draw	 dr;
	struct mu_action *list;
	struct mu_turn	 t;
	char		*cause = NULL;
	int		 n, e, nsections = g->board.nsections;

	memset(a, 0, sizeof *a);
	if (g->phase == MU_PHASE_OVER)
		return (-1);
	if (g->phase != MU_PHASE_MOVEMENT) {
		n = mu_game_legal(g, &list);
		memcpy(a, &list[rng_below(rng, (uint32_t)n)], sizeof *a);
		free(list);
		if (mu_game_apply(g, g->to_move, a, r, &cause) == -1)
			abort();
		return (0);
	}
	a->type = MU_ACTION_TURN;
	a->segment = MU_NONE;
	mu_turn_begin(g, &t);
	for (;;) {
		if (rng_below(rng, MU_RANDOM_STOP) == 0)
			break;
		if (mu_draw_tally(g, &t, &dr) == 0)
			break;
		a->steps[a->nsteps++].move = mu_random_pick(g, rng, &dr);
		e = mu_game_move(g, &t, &a->steps[a->nsteps - 1].move, NULL, r,
		    &cause);
		if (e == -1)
			abort();
		stats->moves++;
		stats->explosions += e;
	}
	mu_game_end_turn(g, &t, nsections, r);
	g->turns++;
	return (0);
}
