/*
 * The actions a robot considers in Mu: legal's, with other explosion
 * orders where they change the result, and the continuations of a
 * turn of several moves.
 */
#ifndef MU_CANDIDATE_H
#define MU_CANDIDATE_H

struct mu_action;
struct mu_game;

#define MU_CANDIDATE_ORDERS	3	/* other orders kept for one move */
#define MU_CANDIDATE_TRIES	6	/* first cells tried for them */

int	mu_candidate_list(const struct mu_game *, const struct mu_action *,
	    struct mu_action **);

#endif
