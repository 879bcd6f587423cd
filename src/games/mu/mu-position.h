/*
 * The Mu position format (docs/position.md): the complete state of a
 * game as text, one header field per line and one line per segment.
 */
#ifndef MU_POSITION_H
#define MU_POSITION_H

#include "buf.h"
#include "mu-game.h"

void	mu_position_write(const struct mu_game *, struct buf *);
int	mu_position_read(struct mu_game *, const char *, char **);

#endif
