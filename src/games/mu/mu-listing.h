/*
 * The listing: a board too big to draw as cells, written as its cells
 * by segment under a small map of the segments.
 */
#ifndef MU_LISTING_H
#define MU_LISTING_H

#include "buf.h"
#include "mu-game.h"

void	mu_listing_board(const struct mu_game *, const struct hex *, int,
	    int, struct buf *);
void	mu_listing_legend(const struct mu_game *, struct buf *);

#endif
