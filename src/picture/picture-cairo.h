/*
 * Drawing a scene (scene.h) with cairo: PNG for mail, SVG for the web
 * archive, in memory or to a file.
 */
#ifndef PICTURE_CAIRO_H
#define PICTURE_CAIRO_H

#include "buf.h"
#include "scene.h"

#define PICTURE_CAIRO_WIDTH	800	/* the default width, in pixels */
#define PICTURE_CAIRO_MIN	200
#define PICTURE_CAIRO_MAX	4000

enum picture_cairo_format {
	PICTURE_CAIRO_PNG,
	PICTURE_CAIRO_SVG
};

struct picture_palette;

struct picture_cairo_options {
	int	width;		/* pixels; 0 for PICTURE_CAIRO_WIDTH */
	int	nonames;	/* leave out the names of cells and points */
	const struct picture_palette *palette;	/* NULL: the default */
};

int	picture_cairo_render(const struct scene *,
	    const struct picture_cairo_options *, enum picture_cairo_format,
	    struct buf *, char **);
int	picture_cairo_save(const char *, const struct buf *, char **);
void	picture_cairo_done(void);

#endif
