/*
 * Robots: choosing an action for the seat to move, for any game, through
 * the game interface alone.  Four levels: random (a uniformly drawn
 * legal action), greedy (one ply: the action whose position the game's
 * evaluation likes best for the mover), mcts (a Monte Carlo tree
 * search under a budget of playouts, or until the caller's stop says
 * so) and expert (mcts with a larger budget, reading the opponents'
 * whole turns).  docs/robots.md says how each thinks.  Pure: no clock,
 * no I/O; a time budget is the caller's stop function.
 */
#ifndef ROBOT_H
#define ROBOT_H

#include <stddef.h>
#include <stdint.h>

struct action;
struct game;
struct game_history;

enum robot_level {
	ROBOT_RANDOM,
	ROBOT_GREEDY,
	ROBOT_MCTS,
	ROBOT_EXPERT
};

#define ROBOT_BUDGET		2000	/* mcts playouts a move by default */
#define ROBOT_EXPERT_BUDGET	8000	/* expert's playouts by default */

struct robot_options {
	enum robot_level	 level;
	long			 budget;	/* playouts; 0: the level's */
	uint64_t		 seed;
	int			(*stop)(void *);	/* or NULL: budget only */
	void			*arg;
	const struct game_history *history;	/* positions so far, or NULL */
};

int		 robot_level_find(const char *, enum robot_level *);
const char	*robot_level_name(enum robot_level);
int		 robot_choose(const struct game *, const struct robot_options *,
		     struct action *, char **);

#endif
