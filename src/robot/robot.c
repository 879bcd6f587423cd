#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "robot-private.h"
#include "xmalloc.h"

/*
 * The robots (docs/robots.md): the levels by name, the choice
 * dispatched to the level, and what the levels share.  Every level
 * sees the game only through struct game_ops: legal and extend for
 * the actions, apply on a copy, evaluate for the values, random for
 * playouts.  Random is the game's own seeded random legal action;
 * greedy (robot-greedy.c) and mcts (robot-mcts.c) think.
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

/*
 * The actions to consider: the game's candidates (extend), or legal's
 * when it has none; a new array in *out.  A non-NULL a asks for the
 * continuations of turn a, which only extend knows.
 */
int
robot_candidates(const struct game *g, const struct action *a,
    struct action **out)
{
	if (g->ops->extend != NULL)
		return (g->ops->extend(g, a, out));
	if (a != NULL) {
		*out = xcalloc(1, g->ops->action_size);
		return (0);
	}
	return (g->ops->legal(g, out));
}

/* The values after seat plays a on a copy of g; -1 if apply refuses. */
int
robot_value(const struct game *g, const struct action *a, int seat,
    double *values)
{
	struct game	*c;
	char		*cause;

	c = game_copy(g);
	if (c->ops->apply(c, seat, a, NULL, &cause) == -1) {
		free(cause);
		game_free(c);
		return (-1);
	}
	c->ops->evaluate(c, values);
	game_free(c);
	return (0);
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
	if (g->ops->players(g) > ROBOT_SEATS) {
		xasprintf(cause, "robots play at most %d seats", ROBOT_SEATS);
		return (-1);
	}
	switch (o->level) {
	case ROBOT_GREEDY:
		return (robot_greedy(g, o, a, cause));
	case ROBOT_MCTS:
		return (robot_mcts(g, o, a, cause));
	default:
		g->ops->random(g, o->seed, a);
		return (0);
	}
}
