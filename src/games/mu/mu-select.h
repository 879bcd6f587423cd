/*
 * The selection phase of classic Mu and Mu levis: each player clears
 * their segments one at a time until one is left, which is then filled.
 */
#ifndef MU_SELECT_H
#define MU_SELECT_H

#include "mu-game.h"

int	mu_select_list(const struct mu_game *, int, int *);
int	mu_select_check(const struct mu_game *, int, char **);
void	mu_select_clear(struct mu_game *, int);

#endif
