/*
 * The ASCII diagram of a Mu position, as it is mailed to players.
 */
#ifndef MU_DIAGRAM_H
#define MU_DIAGRAM_H

#include "buf.h"
#include "mu-game.h"

void	mu_diagram_board(const struct mu_game *, struct buf *);
void	mu_diagram_status(const struct mu_game *, struct buf *);
void	mu_diagram_legend(const struct mu_game *, struct buf *);
void	mu_diagram_render(const struct mu_game *, struct buf *);

#endif
