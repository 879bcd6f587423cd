/*
 * Drawing a legal single move of Mu without listing them all: a tally
 * of how many moves each of the mover's pieces has.
 */
#ifndef MU_DRAW_H
#define MU_DRAW_H

#include <stdint.h>

#include "mu-board.h"
#include "mu-move.h"

struct mu_game;
struct mu_turn;

/* A piece with at least one move. */
struct mu_draw_piece {
	int16_t		cell;
	uint16_t	moves;
	uint16_t	merges;		/* moves landing on the mover's men */
};

struct mu_draw {
	int			seat;
	int			moves;
	int			merges;		/* once mu_draw_merges() ran */
	int			merged;		/* merges counted */
	int			npieces;
	struct mu_draw_piece	pieces[MU_MAX_CELLS];
};

int	mu_draw_tally(const struct mu_game *, const struct mu_turn *,
	    struct mu_draw *);
int	mu_draw_merges(const struct mu_game *, struct mu_draw *);
void	mu_draw_move(const struct mu_game *, const struct mu_draw *, int,
	    int, struct mu_move *);

#endif
