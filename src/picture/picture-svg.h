/*
 * A scene (scene.h) as semantic SVG text: no cairo, the palette and
 * frame of picture-palette.h.  Every shape is one element whose class
 * is its scene class and whose data attributes say what it is (the
 * cell or point, the layer, the seat, the height), so that a page can
 * find and show or hide the shapes of a position.
 */
#ifndef PICTURE_SVG_H
#define PICTURE_SVG_H

#include <stddef.h>

#include "buf.h"
#include "picture-palette.h"
#include "scene.h"

#define PICTURE_SVG_WIDTH	600	/* the archive's viewBox width */

void		 picture_svg_int(struct buf *, long long);
void		 picture_svg_open(const struct scene *,
		     const struct picture_palette_frame *, const char *,
		     const char *, struct buf *);
void		 picture_svg_shape(const struct scene *,
		     const struct picture_palette_frame *,
		     const struct scene_shape *, const char *, struct buf *);
void		 picture_svg_marks(double, struct buf *);
void		 picture_svg_mark_use(const struct scene *,
		     const struct picture_palette_frame *,
		     const struct scene_shape *, const char *, struct buf *);
void		 picture_svg_legend(const struct scene *,
		     const struct picture_palette_frame *, struct buf *);
void		 picture_svg_to_move(const struct scene *,
		     const struct picture_palette_frame *, int, const char *,
		     struct buf *);
void		 picture_svg_close(struct buf *);
const char	*picture_svg_place(const struct scene *,
		     const struct scene_shape *);
void		 picture_svg_words(const struct scene *, struct buf *);
void		 picture_svg_render(const struct scene *, int,
		     struct buf *);

#endif
