/*
 * mupbem show --png and --svg: a record's or a position's picture.
 */
#ifndef TOOL_PICTURE_H
#define TOOL_PICTURE_H

#include "game.h"
#include "record.h"

struct picture_palette;

struct tool_picture {
	const char	*png;		/* the files to write, or NULL */
	const char	*svg;
	int		 nonames;	/* leave out cells' and points' names */
	int		 flagged;	/* --names or --no-names was given */
	int		 width;		/* pixels; 0 for the default */
	const struct picture_palette *palette;	/* NULL: the default */
};

int	tool_picture_write(const struct record *, const struct game *,
	    const struct tool_picture *);

#endif
