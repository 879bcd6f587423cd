/*
 * A game replayed for the archive's viewer: every position from the
 * start, as the union of the shapes ever shown and, for each step,
 * which of them it shows; and each turn's report and position text.
 */
#ifndef ARCHIVE_REPLAY_H
#define ARCHIVE_REPLAY_H

#include <stddef.h>

#include "buf.h"
#include "game.h"
#include "picture-palette.h"
#include "record.h"
#include "scene.h"

struct archive_replay_item {
	struct scene_shape	 shape;		/* the key; class NCLASSES:
						   the to-move line of seat */
	struct scene_shape	 place;		/* the cell or point under
						   it; kind -1: none */
	int			 group;		/* drawing order: board,
						   pieces, marks, legend */
	size_t			 first;		/* the order it came in */
	char			*svg;		/* its element */
};

struct archive_replay {
	struct record			 record;
	const struct game_ops		*ops;
	struct scene			 start;	/* the first position */
	struct picture_palette_frame	 frame;
	double				 mark;	/* marks' radius, pixels;
						   0: each drawn in full */
	const char			*seats[SCENE_SEATS_MAX];
	int				 nseats;

	struct archive_replay_item	*items;	/* in drawing order */
	size_t				 nitems, size;
	size_t				*slots;	/* hash: item + 1, 0 free */
	size_t				 nslots;

	size_t				 nsteps;	/* positions: turns + 1 */
	size_t				**shown;	/* by step, ascending */
	size_t				*nshown;
	char				**reports;	/* by turn */
	char				**positions;	/* by step */
	char				*words;		/* the last, in words */
	struct game			*game;		/* at the end */
	int				 done;		/* replayed to the end */
};

int	archive_replay_run(const char *, struct archive_replay *, char **);
void	archive_replay_free(struct archive_replay *);
void	archive_replay_delta(const struct archive_replay *, size_t,
	    struct buf *);
int	archive_replay_shown(const struct archive_replay *, size_t, size_t);

#endif
