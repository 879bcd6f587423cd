/*
 * The three Mu variants behind the game interface.
 */
#ifndef MU_OPS_H
#define MU_OPS_H

#include "game.h"

extern const struct game_ops	mu_ops_classic;
extern const struct game_ops	mu_ops_levis;
extern const struct game_ops	mu_ops_velox;

#endif
