/*
 * Mur behind the game interface.
 */
#ifndef MUR_OPS_H
#define MUR_OPS_H

#include "game.h"

extern const struct game_ops	mur_ops;

#endif
