/*
 * A Mur match: the stones, whose turn it is, the withdrawals owed, the
 * traps, the games won and the turns played so far; and the one way to
 * play an action.
 */
#ifndef MUR_GAME_H
#define MUR_GAME_H

#include <stdint.h>

#include "buf.h"
#include "mur-rules.h"

#define MUR_GAMES_DEFAULT	6	/* games in a match */
#define MUR_GAMES_MAX		99
#define MUR_TRAPS_TO_WIN	3
#define MUR_QUIET_CAP		200	/* turns without a trap: a draw */

enum mur_action_type {
	MUR_PLACE,
	MUR_MOVE,
	MUR_WITHDRAW,
	MUR_RESIGN
};

struct mur_action {
	int		type;
	int		point;		/* place, move: the point */
	int		dir;		/* move: enum mur_dir */
	uint32_t	points;		/* withdraw: the stones; 0 for all owed */
};

/* How a game ended. */
enum mur_end {
	MUR_END_NONE,
	MUR_END_MUR,		/* the mur stone was trapped */
	MUR_END_TRAPS,		/* the third trap was withdrawn */
	MUR_END_STUCK,		/* the player to move had no legal action */
	MUR_END_QUIET,		/* MUR_QUIET_CAP turns without a trap */
	MUR_END_RESIGN		/* a player resigned the match */
};

struct mur_game {
	struct mur_pos	pos;
	int		to_move;	/* MUR_BLACK or MUR_WHITE */
	int		over;		/* the match is over */
	uint32_t	withdraw;	/* the stones the mover must withdraw */
	uint32_t	knocked;	/* of those, the one knocked back */
	int		last_from;	/* the last action, if a move: */
	int		last_to;	/* its departure, its landing and */
	int		last_rest;	/* where its bumped stone rested; -1 */
	int		traps[2];	/* traps made by each side this game */
	int		quiet;		/* turns since the last trap */
	int		turns;		/* turns played in the match */
	int		game;		/* this game, from 1 */
	int		games;		/* games in the match */
	int		nresults;	/* games finished */
	uint8_t		winner[MUR_GAMES_MAX];	/* side, or 2 drawn */
	uint8_t		end[MUR_GAMES_MAX];	/* enum mur_end */
};

int		 mur_game_init(struct mur_game *, int, char **);
int		 mur_game_apply(struct mur_game *, int,
		     const struct mur_action *, struct buf *, char **);
void		 mur_game_commit(struct mur_game *, const struct mur_effect *,
		     struct buf *);
void		 mur_game_finish(struct mur_game *, int, int, struct buf *);
int		 mur_game_first(int);
const char	*mur_game_side(int);
int		 mur_game_wins(const struct mur_game *, int);
int		 mur_game_match_winner(const struct mur_game *);

#endif
