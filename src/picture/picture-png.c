#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <libdeflate.h>

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
 *
 * The indexed image is four chunks, IHDR, PLTE, one IDAT and IEND,
 * each rows of a filter byte (none: a palette's indices do not
 * predict one another) and the row's indices, compressed whole by
 * libdeflate at PICTURE_PNG_LEVEL, which gives a smaller file than
 * zlib's default level in half the instructions (performance.md).
 * The compressor, about a megabyte of tables, the hash and the
 * buffers are made once and kept for the process (picture_png_done()
 * lets them go): made afresh for each picture, the heap grew and
 * shrank around them every time, and the kernel's page faults cost
 * the daemon more than the compression saved.
 */

#define PICTURE_PNG_LEVEL	6	/* libdeflate's, 1 to 12 */

#define PICTURE_PNG_HASH	(1U << 17)	/* slots, a power of two */
#define PICTURE_PNG_MAX		(PICTURE_PNG_HASH / 2)	/* colours */
#define PICTURE_PNG_EMPTY	0xffffffffU

struct picture_png_colour {
	uint32_t	rgb;		/* 0xRRGGBB, or PICTURE_PNG_EMPTY */
	uint32_t	count;
	int		index;		/* in the palette */
};

/* Kept from one picture to the next; picture_png_done() frees them. */
static struct libdeflate_compressor *picture_png_compressor;
static struct picture_png_colour *picture_png_hash;
static uint8_t		*picture_png_rows, *picture_png_z;
static size_t		 picture_png_rows_size, picture_png_z_size;

struct picture_png_rgb {
	uint8_t		red;
	uint8_t		green;
	uint8_t		blue;
};

struct picture_png_green {
	int		green;
	int		index;
};

static struct picture_png_colour *picture_png_find(
		    struct picture_png_colour *, uint32_t);
static int	picture_png_by_count(const void *, const void *);
static int	picture_png_by_green(const void *, const void *);
static long	picture_png_distance(const struct picture_png_rgb *, int,
		    uint32_t);
static int	picture_png_nearest(const struct picture_png_rgb *,
		    const struct picture_png_green *, int, uint32_t);
static void	picture_png_chunk(struct buf *, const char *, const void *,
		    size_t);
static void	picture_png_be32(uint8_t *, uint32_t);
static int	picture_png_indexed(struct buf *, const uint8_t *, int, int,
		    const uint8_t *, int);

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
picture_png_distance(const struct picture_png_rgb *pal, int i, uint32_t rgb)
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
picture_png_nearest(const struct picture_png_rgb *pal,
    const struct picture_png_green *byg, int n, uint32_t rgb)
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

/* A cairo write function that appends to the buf closure. */
cairo_status_t
picture_png_append(void *closure, const unsigned char *data,
    unsigned int len)
{
	buf_add(closure, data, len);
	return (CAIRO_STATUS_SUCCESS);
}

/* Append a PNG chunk of type and data, with its length and CRC. */
static void
picture_png_chunk(struct buf *out, const char *type, const void *data,
    size_t len)
{
	uint8_t		 be[4];
	uint32_t	 crc;

	picture_png_be32(be, len);
	buf_add(out, be, 4);
	buf_add(out, type, 4);
	buf_add(out, data, len);
	crc = libdeflate_crc32(0, type, 4);
	crc = libdeflate_crc32(crc, data, len);
	picture_png_be32(be, crc);
	buf_add(out, be, 4);
}

static void
picture_png_be32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/*
 * Write raw, h rows of a filter byte and w palette indices into pal,
 * as a PNG to out.
 */
static int
picture_png_indexed(struct buf *out, const uint8_t *raw, int w, int h,
    const uint8_t *pal, int npal)
{
	static const uint8_t		 sig[8] = {
		0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'
	};
	struct libdeflate_compressor	*c;
	uint8_t				 ihdr[13], *z;
	size_t				 len = (size_t)h * (w + 1), zlen;

	if (picture_png_compressor == NULL) {
		picture_png_compressor =
		    libdeflate_alloc_compressor(PICTURE_PNG_LEVEL);
		if (picture_png_compressor == NULL)
			return (-1);
	}
	c = picture_png_compressor;
	zlen = libdeflate_zlib_compress_bound(c, len);
	if (zlen > picture_png_z_size) {
		free(picture_png_z);
		picture_png_z = xmalloc(zlen);
		picture_png_z_size = zlen;
	}
	z = picture_png_z;
	zlen = libdeflate_zlib_compress(c, raw, len, z, zlen);
	if (zlen == 0)
		return (-1);
	picture_png_be32(ihdr, w);
	picture_png_be32(ihdr + 4, h);
	ihdr[8] = 8;		/* bits an index */
	ihdr[9] = 3;		/* colour type: a palette */
	/* Deflate, PNG's filters, no interlace. */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	buf_add(out, sig, sizeof sig);
	picture_png_chunk(out, "IHDR", ihdr, sizeof ihdr);
	picture_png_chunk(out, "PLTE", pal, (size_t)npal * 3);
	picture_png_chunk(out, "IDAT", z, zlen);
	picture_png_chunk(out, "IEND", "", 0);
	return (0);
}

/* Append surface, an RGB24 image, to out as an indexed PNG. */
int
picture_png_encode(cairo_surface_t *surface, struct buf *out, char **cause)
{
	struct picture_png_colour	*hash, *list, *c;
	struct picture_png_rgb		 pal[256];
	struct picture_png_green	 byg[256];
	const unsigned char		*data;
	const uint32_t			*px;
	uint8_t				*rows, *row;
	size_t				 ncolours = 0, i;
	int				 w, h, stride, x, y, npal, rc = -1;
	uint32_t			 rgb;

	cairo_surface_flush(surface);
	data = cairo_image_surface_get_data(surface);
	w = cairo_image_surface_get_width(surface);
	h = cairo_image_surface_get_height(surface);
	stride = cairo_image_surface_get_stride(surface);
	if (picture_png_hash == NULL) {
		picture_png_hash = xreallocarray(NULL, PICTURE_PNG_HASH,
		    sizeof *hash);
	}
	hash = picture_png_hash;
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

	if ((size_t)h * (w + 1) > picture_png_rows_size) {
		free(picture_png_rows);
		picture_png_rows_size = (size_t)h * (w + 1);
		picture_png_rows = xmalloc(picture_png_rows_size);
	}
	rows = picture_png_rows;
	c = NULL;
	for (y = 0; y < h; y++) {
		px = (const uint32_t *)(data + (size_t)y * stride);
		row = rows + (size_t)y * (w + 1);
		*row++ = 0;	/* the row's filter: none */
		for (x = 0; x < w; x++) {
			rgb = px[x] & 0xffffff;
			if (c == NULL || c->rgb != rgb)
				c = picture_png_find(hash, rgb);
			row[x] = (uint8_t)c->index;
		}
	}
	if (picture_png_indexed(out, rows, w, h, (const uint8_t *)pal,
	    npal) == -1)
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
	return (rc);
}

/* Let the compressor go; the next PNG makes it again. */
void
picture_png_done(void)
{
	libdeflate_free_compressor(picture_png_compressor);
	picture_png_compressor = NULL;
	free(picture_png_hash);
	picture_png_hash = NULL;
	free(picture_png_rows);
	picture_png_rows = NULL;
	picture_png_rows_size = 0;
	free(picture_png_z);
	picture_png_z = NULL;
	picture_png_z_size = 0;
}
