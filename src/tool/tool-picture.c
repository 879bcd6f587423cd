#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "game.h"
#include "picture-cairo.h"
#include "record.h"
#include "scene-record.h"
#include "scene.h"
#include "tool-picture.h"

/*
 * show's pictures: the scene of a record (its last action marked) or
 * of a position (r->ops NULL), drawn as PNG, SVG or both, each file
 * replaced whole or left alone.  Errors are printed; 0 or 1 returned,
 * as the subcommands do.
 */

static int	tool_picture_one(const struct scene *,
		    const struct picture_cairo_options *,
		    enum picture_cairo_format, const char *);

static int
tool_picture_one(const struct scene *s,
    const struct picture_cairo_options *o, enum picture_cairo_format fmt,
    const char *path)
{
	struct buf	 out;
	char		*cause;
	int		 rc = 0;

	buf_init(&out);
	if (picture_cairo_render(s, o, fmt, &out, &cause) == -1 ||
	    picture_cairo_save(path, &out, &cause) == -1) {
		fprintf(stderr, "mupbem: show: %s\n", cause);
		free(cause);
		rc = 1;
	}
	buf_free(&out);
	return (rc);
}

/* Write the pictures p asks for of r, or of g if r holds no record. */
int
tool_picture_write(const struct record *r, const struct game *g,
    const struct tool_picture *p)
{
	struct picture_cairo_options	 o;
	struct scene			 s;
	char				*cause;
	int				 rc;

	scene_init(&s);
	if (r->ops != NULL)
		rc = scene_record_build(r, &s, &cause);
	else
		rc = scene_record_game(g, &s, &cause);
	if (rc == -1) {
		fprintf(stderr, "mupbem: show: %s\n", cause);
		free(cause);
		scene_free(&s);
		return (1);
	}
	o.width = p->width;
	o.nonames = p->nonames;
	o.palette = p->palette;
	rc = 0;
	if (p->png != NULL)
		rc |= tool_picture_one(&s, &o, PICTURE_CAIRO_PNG, p->png);
	if (p->svg != NULL)
		rc |= tool_picture_one(&s, &o, PICTURE_CAIRO_SVG, p->svg);
	scene_free(&s);
	picture_cairo_done();
	return (rc);
}
