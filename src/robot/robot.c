#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "game.h"
#include "robot-private.h"
#include "xmalloc.h"

/*
 * The robots (docs/robots.md): the levels by name, the choice
 * dispatched to the level, and what the levels share.  Every level
 * sees the game only through struct game_ops: legal and extend for
 * the actions, apply on a copy, evaluate for the values, random for
 * playouts.  Random is the game's own seeded random legal action;
 * greedy (robot-greedy.c) and mcts (robot-mcts.c) think, and expert is
 * mcts with options (robot-expert.c).
 *
 * Greedy, mcts and expert resign a hopeless two-player game, so that a lost
 * ending is not played out man by man: when the evaluation gives the
 * mover less than ROBOT_RESIGN both now and after the turn chosen.
 * The game's own "resign" is played.  A game of three or more is
 * always played on, since resigning there only ranks the robot last
 * (MU-RULINGS), and so is Mur: a match ends by itself (a game without
 * a trap for long is drawn), and a game behind is not a match lost.
 */

static const char *const robot_levels[] = {
	"random", "greedy", "mcts", "expert"
};

static int	robot_hopeless(const struct game *, const struct action *);

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

/*
 * Is the turn a chosen for g's mover hopeless, a two-player game it
 * trails by more than ROBOT_RESIGN before and after a?
 */
static int
robot_hopeless(const struct game *g, const struct action *a)
{
	double	values[ROBOT_SEATS];
	int	seat = g->ops->to_move(g);

	if (g->ops->players(g) != 2 || strcmp(g->ops->name, "mur") == 0)
		return (0);
	memset(values, 0, sizeof values);
	g->ops->evaluate(g, values);
	if (values[seat] >= ROBOT_RESIGN)
		return (0);
	memset(values, 0, sizeof values);
	if (robot_value(g, a, seat, values) == -1)
		return (0);
	return (values[seat] < ROBOT_RESIGN);
}

/*
 * Fill a with g's action s (such as "pass"); -1, and a kept, if the
 * game has none.
 */
int
robot_word(const struct game *g, const char *s, struct action *a)
{
	struct action	*w;
	char		*cause;

	w = game_action_new(g);
	if (g->ops->parse(g, s, strlen(s), w, &cause) == -1) {
		free(cause);
		free(w);
		return (-1);
	}
	memcpy(a, w, g->ops->action_size);
	free(w);
	return (0);
}

/* Is a the action g's notation writes as s? */
int
robot_is_word(const struct game *g, const struct action *a, const char *s)
{
	struct buf	b;
	int		same;

	buf_init(&b);
	g->ops->format(g, a, &b);
	same = b.len == strlen(s) && memcmp(b.data, s, b.len) == 0;
	buf_free(&b);
	return (same);
}

/* Choose the action of g's seat to move into a (game_action_new()). */
int
robot_choose(const struct game *g, const struct robot_options *o,
    struct action *a, char **cause)
{
	int	rc;

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
		rc = robot_greedy(g, o, a, cause);
		break;
	case ROBOT_MCTS:
	case ROBOT_EXPERT:
		rc = robot_mcts(g, o, a, cause);
		break;
	default:
		g->ops->random(g, o->seed, a);
		return (0);
	}
	if (rc == 0 && robot_hopeless(g, a))
		robot_word(g, "resign", a);
	return (rc);
}
