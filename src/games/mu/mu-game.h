/*
 * A game of Mu (classic, levis or velox): the board plus whose turn it
 * is and which phase the game is in, and the actions that advance it.
 */
#ifndef MU_GAME_H
#define MU_GAME_H

#include <stddef.h>

#include "buf.h"
#include "hex.h"
#include "mu-board.h"
#include "mu-layout.h"
#include "mu-move.h"
#include "mu-report.h"
#include "mu-variant.h"

enum mu_phase {
	MU_PHASE_LAYOUT,
	MU_PHASE_SELECTION,
	MU_PHASE_MOVEMENT,
	MU_PHASE_OVER
};

enum mu_action_type {
	MU_ACTION_PLACE,
	MU_ACTION_CLEAR,
	MU_ACTION_TURN,		/* moves in order; none is a pass */
	MU_ACTION_RESIGN
};

#define MU_TURN_MAX	MU_MAX_SEGMENTS	/* a move per segment at most */
#define MU_LIST_MAX	256		/* list entries in one turn */

/* A move and its lists: list[at..at+nexplode) then nremove entries. */
struct mu_step {
	struct mu_move		 move;
	uint16_t		 at;
	uint16_t		 nexplode;
	uint16_t		 nremove;
};

struct mu_action {
	enum mu_action_type	 type;
	struct hex		 at;		/* PLACE: the new centre */
	int			 segment;	/* CLEAR: the segment */
	int			 nsteps;	/* TURN: the moves */
	struct mu_step		 steps[MU_TURN_MAX];
	int			 nlist;
	int16_t			 list[MU_LIST_MAX];
};

struct mu_game {
	const struct mu_variant	*variant;
	int			 players;
	int			 segments;	/* per player */
	enum mu_phase		 phase;
	int			 to_move;	/* seat, 0 is the first player */
	int			 turns;		/* the record's lines so far */
	int			 allowance;	/* velox's T; 0 before moving */
	int			 passes;	/* consecutive passes */
	unsigned		 resigned;	/* one bit per seat */
	struct mu_board		 board;		/* last: see mu_game_copy() */
};

int		 mu_game_init(struct mu_game *, const struct mu_variant *,
		     int, int, char **);
const char	*mu_game_colour(int);
int		 mu_game_colour_letter(int);
int		 mu_game_colour_parse(const char *, size_t);
const char	*mu_game_phase_name(enum mu_phase);
int		 mu_game_placed(const struct mu_game *, int);
size_t		 mu_game_size(const struct mu_game *);
void		 mu_game_copy(struct mu_game *, const struct mu_game *);
int		 mu_game_same(const struct mu_game *, const struct mu_game *);
uint64_t	 mu_game_hash(const struct mu_game *);
int		 mu_game_apply(struct mu_game *, int, const struct mu_action *,
		     struct mu_report *, char **);
int		 mu_game_legal(const struct mu_game *, struct mu_action **);
int		 mu_game_choices(const struct mu_game *, int);

struct mu_turn;
struct mu_order;
int		 mu_game_move(struct mu_game *, struct mu_turn *,
		     const struct mu_move *, const struct mu_order *,
		     struct mu_report *, char **);
int		 mu_game_step(struct mu_game *, struct mu_turn *,
		     const struct mu_action *, int, struct mu_report *,
		     char **);
void		 mu_game_end_turn(struct mu_game *, const struct mu_turn *, int,
		     struct mu_report *);

#endif
