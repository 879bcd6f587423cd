/*
 * A Mu board and its last action as a scene (scene.h).
 */
#ifndef MU_PICTURE_H
#define MU_PICTURE_H

#include "mu-game.h"
#include "scene.h"

int	mu_picture_build(const struct mu_game *, int,
	    const struct mu_action *, struct scene *, char **);

#endif
