/*
 * Turns in Mu's movement phase: how many moves a turn allows and from
 * where, passes (chosen and automatic), resigning, and the end of the
 * game when every player has passed in a row.
 */
#ifndef MU_TURN_H
#define MU_TURN_H

#include <stdint.h>

struct mu_game;
struct mu_report;

/* The state of the turn being played; it lives only during an action. */
struct mu_turn {
	int		seat;		/* the mover */
	uint64_t	occupied;	/* segments held at the start; levis:
					   all, as any piece may move */
	uint64_t	used;		/* segments a move started from */
	int		moves;		/* moves made so far */
	int		limit;		/* the most moves this turn allows */
};

int	mu_turn_occupied(const struct mu_game *, int, uint64_t *);
void	mu_turn_begin(const struct mu_game *, struct mu_turn *);
int	mu_turn_pieces(const struct mu_game *, const struct mu_turn *,
	    int16_t *);
void	mu_turn_end(struct mu_game *, const struct mu_turn *,
	    struct mu_report *);
void	mu_turn_enter(struct mu_game *, struct mu_report *);
int	mu_turn_resign(struct mu_game *, int, struct mu_report *, char **);
int	mu_turn_men(const struct mu_game *, int);
int	mu_turn_has_men(const struct mu_game *, int);

#endif
