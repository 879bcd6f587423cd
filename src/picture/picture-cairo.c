#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>

#include "buf.h"
#include "picture-cairo.h"
#include "picture-draw.h"
#include "picture-font.h"
#include "picture-png.h"
#include "scene.h"
#include "xmalloc.h"

/*
 * A scene becomes a PNG (drawn on an RGB image surface, no alpha, and
 * written with a palette by picture-png.c) or an SVG (cairo's SVG
 * surface, in pixels, through a write function that appends to a
 * buf): both into memory.  Cairo draws text as glyph outlines inside the SVG, so the
 * SVG stands alone: no fonts, images or links outside it, as the web
 * archive needs.  Saving writes a temporary file beside the target
 * and renames it, so a reader never sees half a picture.  Cairo and
 * fontconfig keep caches of fonts for the life of the process;
 * picture_cairo_done() releases them, so a leak checker sees none.
 */

static int		picture_cairo_fail(cairo_status_t, const char *,
			    char **);

static int
picture_cairo_fail(cairo_status_t status, const char *what, char **cause)
{
	xasprintf(cause, "picture: %s: %s", what,
	    cairo_status_to_string(status));
	return (-1);
}

/* Draw s as a PNG or an SVG, appended to out. */
int
picture_cairo_render(const struct scene *s,
    const struct picture_cairo_options *o, enum picture_cairo_format fmt,
    struct buf *out, char **cause)
{
	struct picture_palette_frame	 f;
	cairo_surface_t			*surface;
	cairo_t				*cr;
	cairo_status_t			 status;
	int				 width = o->width, rc;

	if (width == 0)
		width = PICTURE_CAIRO_WIDTH;
	if (width < PICTURE_CAIRO_MIN || width > PICTURE_CAIRO_MAX) {
		xasprintf(cause, "picture: a width of %d pixels is not "
		    "between %d and %d", width, PICTURE_CAIRO_MIN,
		    PICTURE_CAIRO_MAX);
		return (-1);
	}
	picture_palette_frame(s, width, &f);
	if (o->palette != NULL)
		f.palette = o->palette;
	if (fmt == PICTURE_CAIRO_SVG) {
		surface = cairo_svg_surface_create_for_stream(
		    picture_png_append, out, f.width, f.height);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
		cairo_svg_surface_set_document_unit(surface,
		    CAIRO_SVG_UNIT_PX);
#endif
	} else {
		surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
		    f.width, f.height);
	}
	if ((status = cairo_surface_status(surface)) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surface);
		return (picture_cairo_fail(status, "surface", cause));
	}
	cr = cairo_create(surface);
	picture_draw_scene(cr, s, &f, !o->nonames);
	status = cairo_status(cr);
	cairo_destroy(cr);
	if (status == CAIRO_STATUS_SUCCESS && fmt == PICTURE_CAIRO_PNG) {
		rc = picture_png_encode(surface, out, cause);
		cairo_surface_destroy(surface);
		return (rc);
	}
	cairo_surface_finish(surface);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	if (status != CAIRO_STATUS_SUCCESS)
		return (picture_cairo_fail(status, "drawing", cause));
	return (0);
}

/* Write picture to path, whole or not at all ("-": standard output). */
int
picture_cairo_save(const char *path, const struct buf *picture,
    char **cause)
{
	FILE	*f;
	char	*tmp;
	size_t	 n;

	if (strcmp(path, "-") == 0) {
		if (fwrite(picture->data, 1, picture->len, stdout) !=
		    picture->len || fflush(stdout) != 0) {
			xasprintf(cause, "standard output: %s",
			    strerror(errno));
			return (-1);
		}
		return (0);
	}
	xasprintf(&tmp, "%s.tmp%ld", path, (long)getpid());
	if ((f = fopen(tmp, "w")) == NULL) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		free(tmp);
		return (-1);
	}
	n = fwrite(picture->data, 1, picture->len, f);
	if (fclose(f) != 0 || n != picture->len) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		unlink(tmp);
		free(tmp);
		return (-1);
	}
	if (rename(tmp, path) == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		unlink(tmp);
		free(tmp);
		return (-1);
	}
	free(tmp);
	return (0);
}

/* Release cairo's and fontconfig's caches; call after the last picture. */
void
picture_cairo_done(void)
{
	picture_font_done();
	picture_png_done();
	cairo_debug_reset_static_data();
	FcFini();
}
