#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "robot-private.h"
#include "xmalloc.h"

/*
 * The expert robot (docs/robots.md, "expert"): mcts (robot-mcts.c) with
 * two options, a budget of ROBOT_EXPERT_BUDGET playouts by default and
 * whole-turn replies.
 *
 * mcts orders a deeper node's candidates by the evaluation after each
 * one-move turn, with one longer turn made of the best one extended a
 * move at a time.  In velox and classic a turn holds a move from every
 * segment, so mcts models the opponent's reply to its own turn as
 * much weaker than the opponent's real turn, and likes turns that a
 * real reply punishes.  Expert gives the nodes just below the root
 * (the opponents' replies to each root child) greedy's own turn search
 * instead (robot-greedy.c): its ROBOT_REPLIES best turns of any length,
 * best first, the one-move turns among them.  Deeper nodes are as in
 * mcts, since a turn search a node would cost more than the playouts
 * it guides.  Everything else, finishing included, is mcts's.
 */

/*
 * The best whole turns (up to max) of g's mover by the turn search
 * from seed, best first, back to back in a new *out; how many.
 */
int
robot_expert_replies(const struct game *g, uint64_t seed, int max,
    unsigned char **out)
{
	struct robot_turns	turns;
	int			i, n;

	robot_turns_search(g, seed, &turns);
	n = turns.n < max ? turns.n : max;
	*out = xreallocarray(NULL, (size_t)n + 1, turns.size);
	for (i = 0; i < n; i++) {
		memcpy(*out + (size_t)i * turns.size,
		    robot_turns_at(&turns, turns.order[i]), turns.size);
	}
	robot_turns_free(&turns);
	return (n);
}
