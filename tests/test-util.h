/*
 * Helpers shared by the Check tests: data files and games set up from
 * a list of actions.
 */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <check.h>

#include "game.h"
#include "mu-game.h"

char		*test_util_read(const char *);
struct game	*test_util_game(const char *, int, int, const char *);
struct mu_game	*test_util_mu(struct game *);
int		 test_util_layout(struct game *, unsigned);
int		 test_util_run(Suite *);

#endif
