/*
 * The palettes and the frame every renderer of a scene shares: the
 * cairo one (picture-draw.c) and the SVG one (picture-svg.c).
 */
#ifndef PICTURE_PALETTE_H
#define PICTURE_PALETTE_H

#include "buf.h"
#include "scene.h"

#define PICTURE_PALETTE_PAD	10.0
#define PICTURE_PALETTE_TITLE	30.0
#define PICTURE_PALETTE_LEGEND	30.0
#define PICTURE_PALETTE_FONT	"DejaVu Sans"
#define PICTURE_PALETTE_PHONE	480	/* this wide or less: cropped */
#define PICTURE_PALETTE_SMALL	11.0	/* a phone's least text, pixels */

/* The shape of a seat's pieces, so that a seat is not a colour alone. */
enum picture_palette_shape {
	PICTURE_PALETTE_CIRCLE,
	PICTURE_PALETTE_SQUARE,
	PICTURE_PALETTE_DIAMOND,
	PICTURE_PALETTE_TRIANGLE,
	PICTURE_PALETTE_NABLA,
	PICTURE_PALETTE_PENTAGON,
	PICTURE_PALETTE_NSHAPES
};

/* A piece as drawn: its shape and size, its text's. */
struct picture_palette_piece {
	enum picture_palette_shape shape;
	double		 r;		/* pixels, enlarged to hold its text */
	double		 size;		/* its text's, in pixels */
	double		 dy;		/* its text's centre below its own */
	int		 n;		/* corners; 0 for a circle */
	double		 xy[10];	/* the corners around its centre */
};

struct picture_palette_colour {
	const char	*name;
	double		 rgb[3];
};

struct picture_palette {
	const char	*name;		/* "default", as set palette takes */
	const char	*about;
	const struct picture_palette_colour *seats;	/* NULL name ends */
	double		 layers[3][3];	/* Virginity, Commonwealth, Wall */
	double		 hatch[3];	/* the Wall's hatching */
	double		 mur[3];	/* Mur's mur stone */
	double		 rim;		/* a piece's black rim, in pixels */
};
#define PICTURE_PALETTE_CHAR	8.4	/* a legend character, in pixels */
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
	double	small;		/* the least text, in pixels (0: none) */
	int	crop;		/* the board is cut at its band's edges */
	int	rows;		/* the legend's rows of seats */
	const struct picture_palette *palette;
};

#define PICTURE_PALETTE_X(f, x)	((f)->ox + (x) * (f)->scale)
#define PICTURE_PALETTE_Y(f, y)	((f)->oy + (y) * (f)->scale)

extern const struct picture_palette *const picture_palette_all[];
extern const double	 picture_palette_black[3];
extern const double	 picture_palette_white[3];
extern const char	*picture_palette_layer_names[3];

const struct picture_palette *picture_palette_find(const char *);
const struct picture_palette *picture_palette_default(void);
void		 picture_palette_list(const char *, struct buf *);
void		 picture_palette_frame(const struct scene *, int,
		     struct picture_palette_frame *);
void		 picture_palette_frame_bounds(const double *, int, int,
		     struct picture_palette_frame *);
const double	*picture_palette_seat(const struct scene *, int);
const double	*picture_palette_colour(const struct picture_palette *,
		     const struct scene *, int);
enum picture_palette_shape picture_palette_shape(int);
void		 picture_palette_piece(const struct picture_palette_frame *,
		     enum picture_palette_shape, size_t, double,
		     struct picture_palette_piece *);
const char	*picture_palette_shape_name(enum picture_palette_shape);
double		 picture_palette_luminance(const double *);
double		 picture_palette_contrast(const double *, const double *);
const double	*picture_palette_ink(const double *);
double		 picture_palette_text(const struct picture_palette_frame *,
		     double);
double		 picture_palette_label_size(
		     const struct picture_palette_frame *,
		     const struct scene_shape *);
int		 picture_palette_label_shown(
		     const struct picture_palette_frame *,
		     const struct scene_shape *);
void		 picture_palette_key(const struct scene *, int, int, double *,
		     int *);

#endif
