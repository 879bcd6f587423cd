/*
 * The compact board: one line per row of cells, for boards too big for
 * the full drawing.
 */
#ifndef MU_COMPACT_H
#define MU_COMPACT_H

#include "buf.h"
#include "mu-game.h"

void	mu_compact_board(const struct mu_game *, const struct hex *, int,
	    struct buf *);
void	mu_compact_legend(const struct mu_game *, struct buf *);

#endif
