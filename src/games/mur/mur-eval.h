/*
 * How a robot judges a Mur match that is not over: games won, traps,
 * the mur stone's siege, stones in danger and stones in play.
 */
#ifndef MUR_EVAL_H
#define MUR_EVAL_H

struct mur_game;

/* The weights of the terms (docs/robots.md, "Mur"). */
#define MUR_EVAL_GAME		8.0	/* a game of the match won */
#define MUR_EVAL_TRAP		2.5	/* a trap this game */
#define MUR_EVAL_SIEGE		4.0	/* the mur stone hemmed by one side */
#define MUR_EVAL_CONTACT	0.5	/* a mur neighbour in a shared siege */
#define MUR_EVAL_DANGER		1.2	/* a stone one stone from a trap */
#define MUR_EVAL_STONE		0.3	/* a stone on the board */
#define MUR_EVAL_TEMPERATURE	2.0

void	mur_eval_raw(const struct mur_game *, double *);
void	mur_eval_values(const struct mur_game *, double *);

#endif
