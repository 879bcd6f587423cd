/*
 * The Mur board drawn in ASCII for mail and the terminal.
 */
#ifndef MUR_DIAGRAM_H
#define MUR_DIAGRAM_H

#include "buf.h"
#include "mur-game.h"

void	mur_diagram_render(const struct mur_game *, struct buf *);
void	mur_diagram_board(const struct mur_pos *, struct buf *);

#endif
