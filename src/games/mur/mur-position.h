/*
 * The Mur position format (docs/position.md, "Mur"): a whole match's
 * state as "key value" lines.
 */
#ifndef MUR_POSITION_H
#define MUR_POSITION_H

#include "buf.h"
#include "mur-game.h"

void	mur_position_write(const struct mur_game *, struct buf *);
int	mur_position_read(struct mur_game *, const char *, char **);

#endif
