/*
 * The legal actions of a Mur position: whether there is one, the list
 * of them, and one drawn at random.
 */
#ifndef MUR_LEGAL_H
#define MUR_LEGAL_H

#include "mur-game.h"
#include "rng.h"

#define MUR_LEGAL_MAX	(MUR_POINTS + MUR_STONES * MUR_DIRS)

int	mur_legal_any(const struct mur_game *);
int	mur_legal_list(const struct mur_game *, struct mur_action *);
int	mur_legal_random(const struct mur_game *, struct rng *,
	    struct mur_action *, struct mur_effect *);
int	mur_legal_play_random(struct mur_game *, struct rng *,
	    struct mur_action *);

#endif
