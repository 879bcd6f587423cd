/*
 * A Mur board and its last action as a scene (scene.h).
 */
#ifndef MUR_PICTURE_H
#define MUR_PICTURE_H

#include "mur-game.h"
#include "scene.h"

int	mur_picture_build(const struct mur_game *, int,
	    const struct mur_action *, struct scene *, char **);

#endif
