/*
 * Helpers shared by the Check tests: data files, and games set up from
 * a list of actions or played at random.
 */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <check.h>

#include "game.h"
#include "mu-game.h"

char		*test_util_slurp(const char *);
char		*test_util_read(const char *);
struct game	*test_util_load(const char *);
struct game	*test_util_game(const char *, int, int, const char *);
struct mu_game	*test_util_mu(struct game *);
int		 test_util_layout(struct game *, unsigned);
int		 test_util_walk(struct game *, struct buf *);
void		 test_util_set(struct game *, const char *);
const char	*test_util_cell(struct game *, const char *);
char		*test_util_play(struct game *, const char *);
void		 test_util_random(struct game *, uint64_t, struct buf *);
void		 test_util_refuse(struct game *, int, const char *,
		     const char *);
char		*test_util_tmpdir(const char *);
void		 test_util_rmtree(const char *);
int		 test_util_run(Suite *);

#endif
