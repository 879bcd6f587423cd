#include "config.h"

#include <stdlib.h>
#include <string.h>

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
 * The moves are played on the game as they are chosen, which is what
 * makes this fast: the action it returns, played on the game as it
 * was, gives the same result.
 */

#define MU_RANDOM_STOP	16	/* stop before a move with chance 1/16 */

static struct mu_move mu_random_pick(const struct mu_game *, struct rng *,
		    struct mu_move *, int);

/* Draw a move from moves[n], often one that merges. */
static struct mu_move
mu_random_pick(const struct mu_game *g, struct rng *rng,
    struct mu_move *moves, int n)
{
	const struct mu_cell	*cells = g->board.cells;
	int			 i, m = 0;

	if (rng_below(rng, 2) == 0) {
		for (i = 0; i < n; i++) {
			if (cells[moves[i].to].colour == g->to_move)
				moves[m++] = moves[i];
		}
		if (m > 0)
			n = m;
	}
	return (moves[rng_below(rng, (uint32_t)n)]);
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
	struct mu_move	 moves[MU_MOVE_MAX];
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
		if ((n = mu_move_list(g, &t, moves)) == 0)
			break;
		a->steps[a->nsteps++].move = mu_random_pick(g, rng, moves, n);
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
