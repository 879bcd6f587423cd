#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <png.h>

#include "buf.h"
#include "picture-png.h"
#include "xmalloc.h"

/*
 * A drawn board as a small PNG: an image of flat fills, whose only
 * other colours are the antialiased edges between them, fits a
 * palette of 256 colours with no visible loss, and an indexed PNG is
 * about half the size of an RGB one (docs/pictures.md gives figures).
 * The colours are counted in a hash; the 256 most used make the
 * palette, and each other colour takes its nearest palette colour.
 * An image with more colours than the hash holds (not a board) is
 * written as RGB by cairo instead.
 */

#define PICTURE_PNG_HASH	(1U << 17)	/* slots, a power of two */
#define PICTURE_PNG_MAX		(PICTURE_PNG_HASH / 2)	/* colours */
#define PICTURE_PNG_EMPTY	0xffffffffU

struct picture_png_colour {
	uint32_t	rgb;		/* 0xRRGGBB, or PICTURE_PNG_EMPTY */
	uint32_t	count;
	int		index;		/* in the palette */
};

struct picture_png_green {
	int		green;
	int		index;
};

static struct picture_png_colour *picture_png_find(
		    struct picture_png_colour *, uint32_t);
static int	picture_png_by_count(const void *, const void *);
static int	picture_png_by_green(const void *, const void *);
static long	picture_png_distance(const png_color *, int, uint32_t);
static int	picture_png_nearest(const png_color *,
		    const struct picture_png_green *, int, uint32_t);
static void	picture_png_write(png_structp, png_bytep, size_t);
static void	picture_png_flush(png_structp);
static int	picture_png_indexed(struct buf *, const uint8_t *, int, int,
		    const png_color *, int);

static struct picture_png_colour *
picture_png_find(struct picture_png_colour *hash, uint32_t rgb)
{
	uint32_t	i;

	i = (rgb * 0x9e3779b1U) >> 15;
	for (;; i = (i + 1) & (PICTURE_PNG_HASH - 1)) {
		if (hash[i].rgb == rgb || hash[i].rgb == PICTURE_PNG_EMPTY)
			return (&hash[i]);
	}
}

static int
picture_png_by_count(const void *a, const void *b)
{
	const struct picture_png_colour	*ca = a, *cb = b;

	if (ca->count != cb->count)
		return (ca->count < cb->count ? 1 : -1);
	return (ca->rgb < cb->rgb ? -1 : ca->rgb > cb->rgb);
}

/* Order palette entries by green, then by index. */
static int
picture_png_by_green(const void *a, const void *b)
{
	const struct picture_png_green	*ga = a, *gb = b;

	if (ga->green != gb->green)
		return (ga->green < gb->green ? -1 : 1);
	return (ga->index < gb->index ? -1 : ga->index > gb->index);
}

/* The weighted distance from rgb to palette entry i. */
static long
picture_png_distance(const png_color *pal, int i, uint32_t rgb)
{
	int	dr, dg, db;

	dr = (int)(rgb >> 16 & 0xff) - pal[i].red;
	dg = (int)(rgb >> 8 & 0xff) - pal[i].green;
	db = (int)(rgb & 0xff) - pal[i].blue;
	return (3L * dr * dr + 4L * dg * dg + 2L * db * db);
}

/*
 * The palette colour nearest rgb, the lowest index of equals.  The
 * entries are searched outward from rgb's green in byg (the palette
 * by green): green alone weighs 4 * dg * dg, so a side is done once
 * that is more than the best distance found.
 */
static int
picture_png_nearest(const png_color *pal, const struct picture_png_green *byg,
    int n, uint32_t rgb)
{
	int	g = rgb >> 8 & 0xff, lo = 0, hi = n, up, down, best = -1, i;
	long	d, bestd = 0, dg;

	while (lo < hi) {
		i = (lo + hi) / 2;
		if (byg[i].green < g)
			lo = i + 1;
		else
			hi = i;
	}
	up = lo;
	down = lo - 1;
	while (up < n || down >= 0) {
		if (up < n) {
			dg = byg[up].green - g;
			if (best != -1 && 4 * dg * dg > bestd)
				up = n;
			else {
				i = byg[up++].index;
				d = picture_png_distance(pal, i, rgb);
				if (best == -1 || d < bestd ||
				    (d == bestd && i < best)) {
					bestd = d;
					best = i;
				}
			}
		}
		if (down >= 0) {
			dg = g - byg[down].green;
			if (best != -1 && 4 * dg * dg > bestd)
				down = -1;
			else {
				i = byg[down--].index;
				d = picture_png_distance(pal, i, rgb);
				if (best == -1 || d < bestd ||
				    (d == bestd && i < best)) {
					bestd = d;
					best = i;
				}
			}
		}
	}
	return (best);
}

static void
picture_png_write(png_structp png, png_bytep data, size_t len)
{
	buf_add(png_get_io_ptr(png), data, len);
}

static void
picture_png_flush(png_structp png)
{
}

/* A cairo write function that appends to the buf closure. */
cairo_status_t
picture_png_append(void *closure, const unsigned char *data,
    unsigned int len)
{
	buf_add(closure, data, len);
	return (CAIRO_STATUS_SUCCESS);
}

/* Write rows, w by h palette indices into pal, as a PNG to out. */
static int
picture_png_indexed(struct buf *out, const uint8_t *rows, int w, int h,
    const png_color *pal, int npal)
{
	png_structp	png;
	png_infop	info = NULL;
	int		y;

	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL,
	    NULL);
	if (png == NULL)
		return (-1);
	if ((info = png_create_info_struct(png)) == NULL) {
		png_destroy_write_struct(&png, NULL);
		return (-1);
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		return (-1);
	}
	png_set_write_fn(png, out, picture_png_write, picture_png_flush);
	/*
	 * zlib's default level: 9 took three times as long, most of the
	 * time of a picture in mail, for 3 to 6% less (performance.md).
	 */
	png_set_compression_level(png, 6);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_PALETTE,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(png, info, pal, npal);
	png_write_info(png, info);
	for (y = 0; y < h; y++)
		png_write_row(png, rows + (size_t)y * w);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	return (0);
}

/* Append surface, an RGB24 image, to out as an indexed PNG. */
int
picture_png_encode(cairo_surface_t *surface, struct buf *out, char **cause)
{
	struct picture_png_colour	*hash, *list, *c;
	png_color			 pal[256];
	struct picture_png_green	 byg[256];
	const unsigned char		*data;
	const uint32_t			*px;
	uint8_t				*rows = NULL;
	size_t				 ncolours = 0, i;
	int				 w, h, stride, x, y, npal, rc = -1;
	uint32_t			 rgb;

	cairo_surface_flush(surface);
	data = cairo_image_surface_get_data(surface);
	w = cairo_image_surface_get_width(surface);
	h = cairo_image_surface_get_height(surface);
	stride = cairo_image_surface_get_stride(surface);
	hash = xreallocarray(NULL, PICTURE_PNG_HASH, sizeof *hash);
	memset(hash, 0xff, PICTURE_PNG_HASH * sizeof *hash);
	/*
	 * A board is flat fills: most pixels repeat the one before, so
	 * the run's colour is kept and the hash looked up only where the
	 * colour changes.
	 */
	c = NULL;
	for (y = 0; y < h; y++) {
		px = (const uint32_t *)(data + (size_t)y * stride);
		for (x = 0; x < w; x++) {
			rgb = px[x] & 0xffffff;
			if (c == NULL || c->rgb != rgb) {
				c = picture_png_find(hash, rgb);
				if (c->rgb == PICTURE_PNG_EMPTY) {
					if (++ncolours > PICTURE_PNG_MAX)
						goto rgb;
					c->rgb = rgb;
					c->count = 0;
				}
			}
			c->count++;
		}
	}
	list = xreallocarray(NULL, ncolours, sizeof *list);
	for (i = 0, ncolours = 0; i < PICTURE_PNG_HASH; i++) {
		if (hash[i].rgb != PICTURE_PNG_EMPTY)
			list[ncolours++] = hash[i];
	}
	qsort(list, ncolours, sizeof *list, picture_png_by_count);
	npal = ncolours < 256 ? (int)ncolours : 256;
	for (i = 0; i < (size_t)npal; i++) {
		pal[i].red = list[i].rgb >> 16 & 0xff;
		pal[i].green = list[i].rgb >> 8 & 0xff;
		pal[i].blue = list[i].rgb & 0xff;
	}
	for (i = 0; i < (size_t)npal; i++) {
		byg[i].green = pal[i].green;
		byg[i].index = i;
	}
	qsort(byg, npal, sizeof *byg, picture_png_by_green);
	for (i = 0; i < ncolours; i++) {
		c = picture_png_find(hash, list[i].rgb);
		c->index = i < (size_t)npal ? (int)i :
		    picture_png_nearest(pal, byg, npal, list[i].rgb);
	}
	free(list);

	rows = xreallocarray(NULL, h, w);
	c = NULL;
	for (y = 0; y < h; y++) {
		px = (const uint32_t *)(data + (size_t)y * stride);
		for (x = 0; x < w; x++) {
			rgb = px[x] & 0xffffff;
			if (c == NULL || c->rgb != rgb)
				c = picture_png_find(hash, rgb);
			rows[(size_t)y * w + x] = (uint8_t)c->index;
		}
	}
	if (picture_png_indexed(out, rows, w, h, pal, npal) == -1)
		xasprintf(cause, "picture: cannot write the indexed PNG");
	else
		rc = 0;
	goto out;

rgb:
	if (cairo_surface_write_to_png_stream(surface,
	    picture_png_append, out) == CAIRO_STATUS_SUCCESS)
		rc = 0;
	else
		xasprintf(cause, "picture: cannot write the PNG");
	goto out;

out:
	free(rows);
	free(hash);
	return (rc);
}
