#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "xmalloc.h"

/*
 * The scene's shapes are kept in drawing order: a game adds the board
 * first, then the pieces, then the marks of the last move, so a
 * renderer draws them in turn and the marks stay on top.  The labels a
 * player reads (TEXT) come last of all, and the game places them where
 * no piece or mark reaches.  Coordinates
 * grow to the right (x) and down (y), as on a page; the bounds are the
 * smallest box holding every shape, which the renderer scales to the
 * picture's width.
 */

static const char *scene_class_names[SCENE_NCLASSES] = {
	"virgin", "common", "wall", "board", "ring", "spoke", "point",
	"piece", "mur", "from", "to", "explode", "capture", "sprout",
	"newwall", "remove", "place", "rest", "border", "name", "segment",
	"site"
};

void
scene_init(struct scene *s)
{
	memset(s, 0, sizeof *s);
	s->to_move = -1;
}

void
scene_free(struct scene *s)
{
	if (s == NULL)
		return;
	free(s->shapes);
	scene_init(s);
}

/* Add a shape centred on x, y of radius r; the caller sets the rest. */
struct scene_shape *
scene_add(struct scene *s, enum scene_kind kind, enum scene_class class,
    double x, double y, double r)
{
	struct scene_shape	*sh;

	if (s->n == s->size) {
		s->size = s->size == 0 ? 64 : s->size * 2;
		s->shapes = xreallocarray(s->shapes, s->size,
		    sizeof *s->shapes);
	}
	sh = &s->shapes[s->n++];
	memset(sh, 0, sizeof *sh);
	sh->kind = kind;
	sh->class = class;
	sh->seat = -1;
	sh->x = sh->x2 = x;
	sh->y = sh->y2 = y;
	sh->r = r;
	return (sh);
}

/* Add a LINE or an ARROW from x, y to x2, y2. */
void
scene_line(struct scene *s, enum scene_kind kind, enum scene_class class,
    double x, double y, double x2, double y2)
{
	struct scene_shape	*sh;

	sh = scene_add(s, kind, class, x, y, 0);
	sh->x2 = x2;
	sh->y2 = y2;
}

/*
 * Add the TEXT label centred on x, y: a circle of radius r holds a
 * character of it (the renderer sizes its font so).
 */
struct scene_shape *
scene_text(struct scene *s, enum scene_class class, double x, double y,
    double r, const char *label)
{
	struct scene_shape	*sh;

	sh = scene_add(s, SCENE_TEXT, class, x, y, r);
	snprintf(sh->label, sizeof sh->label, "%s", label);
	return (sh);
}

/* How many shapes are of kind and of class; -1 matches any. */
size_t
scene_count(const struct scene *s, int kind, int class)
{
	size_t	i, n = 0;

	for (i = 0; i < s->n; i++) {
		if ((kind == -1 || (int)s->shapes[i].kind == kind) &&
		    (class == -1 || (int)s->shapes[i].class == class))
			n++;
	}
	return (n);
}

/* The box holding every shape: b[0], b[1] the top left, b[2], b[3]. */
void
scene_bounds(const struct scene *s, double *b)
{
	const struct scene_shape	*sh;
	size_t				 i;

	if (s->n == 0) {
		b[0] = b[1] = 0;
		b[2] = b[3] = 1;
		return;
	}
	b[0] = b[1] = 1e9;
	b[2] = b[3] = -1e9;
	for (i = 0; i < s->n; i++) {
		sh = &s->shapes[i];
		if (sh->x - sh->r < b[0])
			b[0] = sh->x - sh->r;
		if (sh->y - sh->r < b[1])
			b[1] = sh->y - sh->r;
		if (sh->x + sh->r > b[2])
			b[2] = sh->x + sh->r;
		if (sh->y + sh->r > b[3])
			b[3] = sh->y + sh->r;
		if (sh->x2 < b[0])
			b[0] = sh->x2;
		if (sh->y2 < b[1])
			b[1] = sh->y2;
		if (sh->x2 > b[2])
			b[2] = sh->x2;
		if (sh->y2 > b[3])
			b[3] = sh->y2;
	}
}

/* The class's name, for tests, legends and the web archive. */
const char *
scene_class_name(enum scene_class class)
{
	if (class >= SCENE_NCLASSES)
		return ("?");
	return (scene_class_names[class]);
}
