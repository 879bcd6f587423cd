/*
 * mupbem arena: robots play each other, and the tool says how strong
 * each is against the others.  The arena's set-up and one result a
 * game, which the report (tool-arena-report.h) reads.
 */
#ifndef TOOL_ARENA_H
#define TOOL_ARENA_H

#include <stdint.h>

#include "game.h"
#include "robot.h"

#define TOOL_ARENA_MAX	6	/* players: classic's most */

struct tool_arena_player {
	enum robot_level	 level;
	long			 budget;	/* mcts only, else 0 */
	char			 name[32];	/* "random", "mcts:2000" */
};

struct tool_arena {
	const struct game_ops		*ops;
	struct game_options		 opts;	/* as the game fills them */
	struct tool_arena_player	 players[TOOL_ARENA_MAX];
	int				 nplayers;
	long				 games;
	long				 jobs;
	long				 cap;	/* turns a game, then a draw */
	uint64_t			 seed;
	const char			*records;	/* a folder, or NULL */
};

/* One game's outcome, by player (not by seat); a job sends it whole. */
struct tool_arena_result {
	long	game;				/* its number, from 0 */
	long	turns;
	int	capped;				/* stopped: a draw */
	int	ranks[TOOL_ARENA_MAX];		/* 1 the first */
	long	moves[TOOL_ARENA_MAX];		/* robot_choose() calls */
	double	cpu[TOOL_ARENA_MAX];		/* their CPU seconds */
};

int	tool_arena_run(int, char **);

#endif
