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

/*
 * An item: a shape as the key (class NCLASSES: the legend's line under
 * seat), the cell or point under it (kind -1: none), its group in
 * drawing order (the board 0, the arrows 1, the pieces 2, the marks 3,
 * the names 4, the legend 5), the order it came in, and its SVG.
 */
struct archive_replay_item {
	struct scene_shape	 shape;
	struct scene_shape	 place;
	int			 group;
	size_t			 first;
	char			*svg;
};

/*
 * A replay: the record and its game, the start's scene (for its
 * seats), the frame fitting every shape, the marks' radius in pixels
 * (0: each drawn in full); the items in drawing order and, while they
 * come in, a hash of them (item + 1, 0 free); for each step (positions:
 * turns + 1) the items shown, ascending; each turn's report and each
 * step's position; the last position in words, and the game's result
 * in words ("red wins 11-0", from its scene; "" in play); and whether
 * the record was replayed to its end.
 */
struct archive_replay {
	struct record			 record;
	const struct game_ops		*ops;
	struct scene			 start;
	struct picture_palette_frame	 frame;
	double				 mark;
	const char			*seats[SCENE_SEATS_MAX];
	int				 nseats;

	struct archive_replay_item	*items;
	size_t				 nitems, size;
	size_t				*slots;
	size_t				 nslots;

	size_t				 nsteps;
	size_t				**shown;
	size_t				*nshown;
	char				**reports;
	char				**positions;
	char				*words;
	char				*result;
	struct game			*game;
	int				 done;
};

int	archive_replay_run(const char *, struct archive_replay *, char **);
void	archive_replay_free(struct archive_replay *);
void	archive_replay_delta(const struct archive_replay *, size_t,
	    struct buf *);
int	archive_replay_shown(const struct archive_replay *, size_t, size_t);

#endif
