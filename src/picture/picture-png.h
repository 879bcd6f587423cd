/*
 * A cairo image as a small, indexed PNG.
 */
#ifndef PICTURE_PNG_H
#define PICTURE_PNG_H

#include <cairo.h>

#include "buf.h"

int	picture_png_encode(cairo_surface_t *, struct buf *, char **);
void	picture_png_done(void);
cairo_status_t picture_png_append(void *, const unsigned char *,
	    unsigned int);

#endif
