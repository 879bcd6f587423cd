#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "robot.h"
#include "xmalloc.h"

/*
 * The robots (docs/robots.md).  This first version knows the random
 * level only: the game's own seeded random legal action.
 */

static const char *const robot_levels[] = { "random", "greedy", "mcts" };

/* The level called name: 0 and *out, or -1. */
int
robot_level_find(const char *name, enum robot_level *out)
{
	size_t	i;

	for (i = 0; i < sizeof robot_levels / sizeof robot_levels[0]; i++) {
		if (strcasecmp(name, robot_levels[i]) == 0) {
			*out = (enum robot_level)i;
			return (0);
		}
	}
	return (-1);
}

const char *
robot_level_name(enum robot_level level)
{
	return (robot_levels[level]);
}

/* Choose the action of g's seat to move into a (game_action_new()). */
int
robot_choose(const struct game *g, const struct robot_options *o,
    struct action *a, char **cause)
{
	if (g->ops->to_move(g) == -1) {
		*cause = xstrdup("the game is over");
		return (-1);
	}
	g->ops->random(g, o->seed, a);
	return (0);
}
