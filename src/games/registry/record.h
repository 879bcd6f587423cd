/*
 * The record format (docs/record.md): a header naming the game, its
 * options and its seed, then every action in order, in notation.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "game.h"

struct record_action {
	int	 line;		/* where it was read; 0 if added */
	char	*seat;		/* the mover as written */
	char	*text;		/* the action as written */
};

/* A comment line ("# ..."), kept where it stood: after this many turns. */
struct record_note {
	size_t	 after;
	char	*text;		/* without the "# " */
};

struct record_seat {
	char	*colour;	/* the seat, as the game names it */
	char	*player;	/* who sits there */
};

struct record {
	const struct game_ops	*ops;
	struct game_options	 opts;
	uint64_t		 seed;
	struct record_seat	*seats;		/* none, or one per player */
	size_t			 nseats;
	struct record_action	*actions;
	size_t			 nactions;
	struct record_note	*notes;
	size_t			 nnotes;
};

void		 record_init(struct record *, const struct game_ops *,
		     const struct game_options *, uint64_t);
void		 record_free(struct record *);
void		 record_add(struct record *, const char *, const char *);
void		 record_note(struct record *, const char *);
void		 record_seat(struct record *, const char *, const char *);
const char	*record_rename(struct record *, const char *, const char *);
void		 record_draw(struct record *, const struct game *, char **,
		     int);
int		 record_parse(struct record *, const char *, char **);
void		 record_write(const struct record *, struct buf *);
struct game	*record_replay(const struct record *, char **);
struct game	*record_replay_to(const struct record *, size_t, char **);
struct game	*record_replay_history(const struct record *,
		     struct game_history *, char **);
int		 record_replay_on(const struct record *, struct game *, size_t,
		     size_t, char **);

#endif
