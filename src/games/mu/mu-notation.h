/*
 * Reading and writing Mu actions: "@q,r" or a diagram letter to place
 * a segment, "clear C" to clear one.
 */
#ifndef MU_NOTATION_H
#define MU_NOTATION_H

#include <stddef.h>

#include "buf.h"
#include "mu-game.h"

int	mu_notation_parse(const struct mu_game *, const char *, size_t,
	    struct mu_action *, char **);
int	mu_notation_looks_like(const char *, size_t);
void	mu_notation_format(const struct mu_action *, struct buf *);
int	mu_notation_aliases(const struct mu_game *, struct hex *);

#endif
