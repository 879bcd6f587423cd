/*
 * Mur actions as players write them (docs/notation.md, "Mur").
 */
#ifndef MUR_NOTATION_H
#define MUR_NOTATION_H

#include <stddef.h>

#include "buf.h"
#include "mur-game.h"

int	mur_notation_parse(const struct mur_game *, const char *, size_t,
	    struct mur_action *, char **);
int	mur_notation_looks_like(const char *, size_t);
void	mur_notation_format(const struct mur_game *,
	    const struct mur_action *, struct buf *);

#endif
