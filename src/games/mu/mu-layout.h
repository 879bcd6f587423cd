/*
 * The layout phase of Mu: where a new segment may be placed.
 */
#ifndef MU_LAYOUT_H
#define MU_LAYOUT_H

#include "hex.h"
#include "mu-board.h"

/* No board of 48 segments has more candidate centres than this. */
#define MU_LAYOUT_MAX	(MU_MAX_CELLS * 12)

int	mu_layout_check(const struct mu_board *, struct hex, char **);
int	mu_layout_list(const struct mu_board *, struct hex *);
int	mu_layout_count(const struct mu_board *, int);

#endif
