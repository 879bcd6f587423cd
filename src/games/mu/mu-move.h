/*
 * Moving pieces in Mu: the top k men of a piece go exactly k cells in
 * a straight line, within the board and as the Wall allows.
 */
#ifndef MU_MOVE_H
#define MU_MOVE_H

#include <stddef.h>
#include <stdint.h>

#include "mu-board.h"

struct mu_game;
struct mu_turn;
struct mu_report;

struct mu_move {
	int16_t		from;
	int16_t		to;
	uint8_t		dir;
	uint8_t		men;
};

/* Room for every legal single move of one position. */
#define MU_MOVE_MAX	(HEX_NDIRS * (MU_MAX_CELLS + MU_MAX_SEGMENTS * \
			    MU_SEGMENT_CELLS))

int	mu_move_line(const struct mu_board *, int, int, struct mu_move *,
	    char **);
int	mu_move_check(const struct mu_game *, const struct mu_turn *,
	    const struct mu_move *, char **);
void	mu_move_apply(struct mu_game *, struct mu_turn *,
	    const struct mu_move *, struct mu_report *);
int	mu_move_list(const struct mu_game *, const struct mu_turn *,
	    struct mu_move *);
void	mu_move_name(const struct mu_move *, char *, size_t);

#endif
