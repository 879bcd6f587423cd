/*
 * The palette and the frame every renderer of a scene shares: the
 * cairo one (picture-draw.c) and the SVG one (picture-svg.c).
 */
#ifndef PICTURE_PALETTE_H
#define PICTURE_PALETTE_H

#include "scene.h"

#define PICTURE_PALETTE_PAD	10.0
#define PICTURE_PALETTE_TITLE	30.0
#define PICTURE_PALETTE_LEGEND	30.0
#define PICTURE_PALETTE_FONT	"DejaVu Sans"
#define PICTURE_PALETTE_LABEL_MIN 11.0	/* a name's font size, at least */
#define PICTURE_PALETTE_LABEL_MAX 18.0	/* and at most */
#define PICTURE_PALETTE_BORDER	3.0	/* a segment border's width */

struct picture_palette_frame {
	double	scale;		/* pixels a model unit */
	double	ox;		/* model 0, 0 in pixels */
	double	oy;
	int	width;		/* the picture, in pixels */
	int	height;
	double	legend;		/* where the legend starts */
	int	layers;		/* the legend shows the layers */
};

#define PICTURE_PALETTE_X(f, x)	((f)->ox + (x) * (f)->scale)
#define PICTURE_PALETTE_Y(f, y)	((f)->oy + (y) * (f)->scale)

extern const double	 picture_palette_layers[3][3];
extern const double	 picture_palette_mur[3];
extern const char	*picture_palette_layer_names[3];

void		 picture_palette_frame(const struct scene *, int,
		     struct picture_palette_frame *);
void		 picture_palette_frame_bounds(const double *, int, int,
		     struct picture_palette_frame *);
const double	*picture_palette_seat(const struct scene *, int);
int		 picture_palette_dark(const double *);
double		 picture_palette_label_size(
		     const struct picture_palette_frame *,
		     const struct scene_shape *);

#endif
