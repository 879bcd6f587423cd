/*
 * What a placement or a move does to the stones on the Mur board, and
 * whether the stones allow it: orders, bumping, traps, eyes.
 */
#ifndef MUR_RULES_H
#define MUR_RULES_H

#include <stdint.h>

#include "mur-board.h"

#define MUR_BLACK	0
#define MUR_WHITE	1
#define MUR_NEUTRAL	2	/* the mur stone */
#define MUR_STONES	7	/* each side's stones */
#define MUR_MUR_ORDER	4	/* the mur stone's order */

struct mur_pos {
	uint32_t	stones[2];	/* bit p: a black, a white stone on p */
	int		mur;		/* the mur stone's point */
};

/* What a placement or a move did. */
struct mur_effect {
	struct mur_pos	after;
	int		from;		/* a move's departure; -1 for a place */
	int		to;		/* where the stone was placed or landed */
	int		dir;		/* a move's direction */
	int		order;		/* the moved stone's order */
	int		bumped;		/* the bumped stone's side, or -1 */
	int		rest;		/* where the bumped stone came to rest */
	uint32_t	trapped;	/* the opponent's stones now trapped */
	int		eye;		/* the eye's side if one was entered */
};

int		mur_rules_fail(char **, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
int		mur_rules_owner(const struct mur_pos *, int);
void		mur_rules_orders(const struct mur_pos *, uint8_t *);
uint32_t	mur_rules_trapped(const struct mur_pos *, int);
int		mur_rules_mur_trapped(const struct mur_pos *);
int		mur_rules_eye(const struct mur_pos *, int);
int		mur_rules_off(const struct mur_pos *, int);
int		mur_rules_place(const struct mur_pos *, int, int,
		    struct mur_effect *, char **);
int		mur_rules_move(const struct mur_pos *, const uint8_t *, int,
		    int, int, struct mur_effect *, char **);
int		mur_rules_rest(uint32_t, struct mur_walk *);

#endif
