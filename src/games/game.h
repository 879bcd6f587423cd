/*
 * The one interface every game (the Mu variants and Mur) offers
 * to the tool, the service and the robot: create, parse an action,
 * apply it for a seat (reporting what happened, as text for replies),
 * list the legal ones, draw the board (with the score once the game is
 * over; render picks the form that fits a mail, render_form draws the
 * form named, such as "full" or "compact", or refuses one it lacks),
 * say the score so far, read and write the complete position, and
 * describe the board as a picture.
 */
#ifndef GAME_H
#define GAME_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

struct game;
struct scene;

/*
 * An action is the game's own: opaque here, action_size bytes long,
 * made by parse, random and legal and read only by the same game's
 * apply and format.  legal returns them back to back in one array;
 * game_action_at() finds the i-th.
 */
struct action;

/* Options for a new game; 0 means the game's default. */
struct game_options {
	int		players;
	int		segments;	/* Mu: segments each */
	int		games;		/* Mur: games in the match */
};

#define GAME_VALUE_MARGIN	0.05	/* unfinished values kept off 0, 1 */
#define GAME_HISTORY_SEATS	8	/* values a history's evaluate fills */

struct game_ops {
	const char	*name;		/* "classic", "levis", "velox", "mur" */
	const char	*title;		/* "Mu velox" */
	size_t		 action_size;	/* bytes of one struct action */

	int		 (*create)(struct game *, const struct game_options *,
			     char **);
	void		 (*destroy)(struct game *);
	void		*(*copy)(const struct game *);
	void		 (*options)(const struct game *,
			     struct game_options *);

	int		 (*parse)(const struct game *, const char *, size_t,
			     struct action *, char **);
	int		 (*apply)(struct game *, int,
			     const struct action *, struct buf *, char **);
	void		 (*format)(const struct game *,
			     const struct action *, struct buf *);
	int		 (*legal)(const struct game *, struct action **);
	void		 (*random)(const struct game *, uint64_t,
			     struct action *);

	int		 (*to_move)(const struct game *);
	int		 (*players)(const struct game *);
	const char	*(*seat_name)(const struct game *, int);
	int		 (*seat_parse)(const struct game *, const char *,
			     size_t);

	void		 (*render)(const struct game *, struct buf *);
	int		 (*render_form)(const struct game *, const char *,
			     struct buf *, char **);
	void		 (*score)(const struct game *, struct buf *);
	void		 (*write_position)(const struct game *, struct buf *);
	int		 (*read_position)(struct game *, const char *, char **);

	/*
	 * How much one word looks like the game's notation: 2 if it can
	 * only be notation (C4-D2), 1 if it might be (a point, a single
	 * letter, "pass"), 0 if not.  Optional: NULL is always 0.
	 */
	int		 (*looks_like)(const char *, size_t);

	/*
	 * The final ranks of a finished game, one a seat: 1 for the
	 * first place, equal places sharing a rank (a draw), a resigned
	 * player after every other.
	 */
	void		 (*ranks)(const struct game *, int *);

	/*
	 * For the robots (src/robot/, docs/robots.md).  evaluate fills
	 * one value a seat, each in [0, 1] and higher better for that
	 * seat: an estimate of its share of the win (the values of an
	 * unfinished game add up to 1, and game_unfinished_values keeps
	 * them off 0 and 1); a finished game gives 1 to a sole winner, 1/k
	 * to each of k seats sharing the first rank and 0 to the others.
	 */
	void		 (*evaluate)(const struct game *, double *);

	/*
	 * Optional (NULL: legal is the whole list).  With a NULL action,
	 * the actions a robot should consider first: legal's, and more
	 * explosion orders where they change the result.  With an
	 * action, the actions that continue it by one more step of the
	 * same turn (velox and classic turns of several moves); 0 if
	 * there are none.  Like legal, a new array in *out.
	 */
	int		 (*extend)(const struct game *, const struct action *,
			     struct action **);

	/*
	 * Optional (NULL: the game has no pictures).  Describe the board
	 * as a scene (scene.h, docs/pictures.md): g itself when action is
	 * NULL; otherwise the position after seat plays action on g, with
	 * that action and what it did marked.  g is kept.
	 */
	int		 (*picture)(const struct game *, int,
			     const struct action *, struct scene *, char **);

	/*
	 * Optional (NULL: legal's list is counted).  How many actions
	 * legal would list, counting no further than max: whether there
	 * is only one choice, without the list.
	 */
	int		 (*choices)(const struct game *, int);

	/*
	 * Optional (NULL: the game keeps its own count of quiet turns, as
	 * Mur does).  A hash of the position as a player sees it: the
	 * board, the phase and the seat to move, not the counters of turns
	 * and passes, so that a position reached again hashes the same.
	 * The robots avoid repeating positions with it (docs/robots.md).
	 */
	uint64_t	 (*hash)(const struct game *);
};

/*
 * The positions a game has been in, oldest first, as hashes (ops->hash)
 * and hashes of their evaluations (ops->evaluate); empty for a game
 * without hash.  The robots' memory of the game.
 */
struct game_history {
	uint64_t	*hashes;
	uint64_t	*values;
	size_t		 n;
	size_t		 room;
};

struct game {
	const struct game_ops	*ops;
	void			*state;
};

struct game		*game_create(const struct game_ops *,
			     const struct game_options *, char **);
struct game		*game_copy(const struct game *);
void			 game_free(struct game *);
struct action		*game_action_new(const struct game *);
const struct action	*game_action_at(const struct game *,
			     const struct action *, int);
int			 game_choices(const struct game *, int);
int			 game_play(struct game *, int, const char *, size_t,
			     struct buf *, struct buf *, char **);
int			 game_play_in_place(struct game *, int, const char *,
			     size_t, struct buf *, char **);
void			 game_rank_values(int, const int *, double *);
void			 game_unfinished_values(int, double *);
void			 game_history_add(struct game_history *,
			     const struct game *);
size_t			 game_history_count(const struct game_history *,
			     uint64_t);
size_t			 game_history_quiet(const struct game_history *);
void			 game_history_free(struct game_history *);

#endif
