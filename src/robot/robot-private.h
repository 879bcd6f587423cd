/*
 * What the robot's levels share: the candidates of a position, the
 * value of an action, and the turn search greedy makes, mcts starts
 * from and expert also reads the opponents' replies with.
 */
#ifndef ROBOT_PRIVATE_H
#define ROBOT_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include "robot.h"

struct action;
struct game;

#define ROBOT_SEATS	6	/* the most seats a game has */
#define ROBOT_BEAM	3	/* turns a turn search extends at a time */
#define ROBOT_TURN_CAP	3000	/* evaluations in one turn search */
#define ROBOT_RESIGN	0.08	/* a value to resign below */
#define ROBOT_REPLIES	24	/* expert's whole-turn replies a node */

/* The turns a turn search evaluated, best first once sorted. */
struct robot_turns {
	size_t		 size;		/* bytes of one action */
	int		 n;
	int		 room;
	unsigned char	*actions;	/* n actions back to back */
	double		*values;	/* ROBOT_SEATS values each */
	double		*score;		/* the mover's value */
	uint64_t	*key;		/* the seed's tie-break */
	int		*order;		/* best first, after the search */
};

/* A turn to rank: its score, a tie-breaking draw, its index. */
struct robot_rank {
	double		score;
	uint64_t	key;
	int		i;
};

int	 robot_rank_cmp(const void *, const void *);
int	 robot_candidates(const struct game *, const struct action *,
	     struct action **);
int	 robot_value(const struct game *, const struct action *, int,
	     double *);
int	 robot_word(const struct game *, const char *, struct action *);
int	 robot_is_word(const struct game *, const struct action *,
	     const char *);
void	 robot_turns_search(const struct game *, uint64_t,
	     struct robot_turns *);
const struct action *robot_turns_at(const struct robot_turns *, int);
void	 robot_turns_free(struct robot_turns *);
int	 robot_greedy(const struct game *, const struct robot_options *,
	     struct action *, char **);
int	 robot_mcts(const struct game *, const struct robot_options *,
	     struct action *, char **);
int	 robot_expert_replies(const struct game *, uint64_t, int,
	     unsigned char **);

#endif
