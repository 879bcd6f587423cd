/*
 * How a robot judges a Mu position that is not over: material,
 * territory, mobility and threats of explosion, for each seat.
 */
#ifndef MU_EVAL_H
#define MU_EVAL_H

struct mu_game;

/* The weights of the terms (docs/robots.md, "Mu"). */
#define MU_EVAL_MEN		1.0	/* a man on the board */
#define MU_EVAL_TERRITORY	1.5	/* a cell of a region one owns */
#define MU_EVAL_SEGMENT		1.0	/* a segment occupied: a move more */
#define MU_EVAL_THREAT_MOVER	0.6	/* an enemy man next to one's near-hot
					   cell, for the seat to move */
#define MU_EVAL_THREAT_OTHER	0.2	/* the same, for the others */
#define MU_EVAL_TEMPERATURE	4.0	/* raw points per factor e of odds */
#define MU_EVAL_CHASE		0.1	/* a cell between leader and prey */
#define MU_EVAL_CHASE_FAR	32	/* the most cells counted a piece */
#define MU_EVAL_CHASE_PIECES	2	/* the prey's pieces, at most */

void	mu_eval_raw(const struct mu_game *, double *);
void	mu_eval_values(const struct mu_game *, double *);

#endif
