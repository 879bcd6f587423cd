/*
 * Drawing a scene's shapes on a cairo context, in the frame that fits
 * it to a width.
 */
#ifndef PICTURE_DRAW_H
#define PICTURE_DRAW_H

#include <cairo.h>

#include "scene.h"

struct picture_draw_frame {
	double	scale;		/* pixels a model unit */
	double	ox;		/* model 0, 0 in pixels */
	double	oy;
	int	width;		/* the picture, in pixels */
	int	height;
	double	legend;		/* where the legend starts */
	int	layers;		/* the legend shows the layers */
};

#define PICTURE_DRAW_X(f, x)	((f)->ox + (x) * (f)->scale)
#define PICTURE_DRAW_Y(f, y)	((f)->oy + (y) * (f)->scale)

void	picture_draw_frame(const struct scene *, int,
	    struct picture_draw_frame *);
void	picture_draw_scene(cairo_t *, const struct scene *,
	    const struct picture_draw_frame *, int);

#endif
