/*
 * Drawing a scene's shapes on a cairo context, in the frame that fits
 * it to a width (picture-palette.h).
 */
#ifndef PICTURE_DRAW_H
#define PICTURE_DRAW_H

#include <cairo.h>

#include "picture-palette.h"
#include "scene.h"

void	picture_draw_scene(cairo_t *, const struct scene *,
	    const struct picture_palette_frame *, int);

#endif
