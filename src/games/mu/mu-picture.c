#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-game.h"
#include "mu-name.h"
#include "mu-picture.h"
#include "scene.h"
#include "xmalloc.h"

/*
 * A Mu board as a scene: every cell a hexagon of radius 1 (centre to
 * corner), pointy-top, at x = sqrt(3)(q + r/2), y = 3r/2, classed by
 * its layer and labelled with its name; every piece a disc of its
 * seat labelled with its height.  The last action is found by playing
 * it on a copy of the position before it and reading its report: each
 * move's departure, landing and arrow, and each capture, explosion,
 * sprout, new Wall cell, removal and placement, are marks on top.
 */

#define MU_PICTURE_DISC		0.62	/* a piece's radius, in cells */
#define MU_PICTURE_MARK		0.86	/* a mark's radius */

static void	mu_picture_centre(const struct mu_board *, int, double *,
		    double *);
static void	mu_picture_board(const struct mu_game *, struct scene *);
static void	mu_picture_mark(const struct mu_board *, struct scene *,
		    enum scene_class, int);
static void	mu_picture_marks(const struct mu_board *,
		    const struct mu_report *, struct scene *);
static void	mu_picture_title(const struct mu_game *, struct scene *);

static const enum scene_class mu_picture_layers[] = {
	SCENE_VIRGIN, SCENE_COMMON, SCENE_WALL
};

/* The mark on an event's cell, by event type; 0 (virgin) for none. */
static const enum scene_class mu_picture_events[] = {
	[MU_EVENT_MOVE] = SCENE_FROM,
	[MU_EVENT_CAPTURE] = SCENE_CAPTURE,
	[MU_EVENT_EXPLODE] = SCENE_EXPLODE,
	[MU_EVENT_SPROUT] = SCENE_SPROUT,
	[MU_EVENT_WALL] = SCENE_NEWWALL,
	[MU_EVENT_REMOVE] = SCENE_REMOVE,
	[MU_EVENT_PLACE] = SCENE_PLACE
};

/*
 * Describe g, or, with an action a, the position after seat plays a
 * on a copy of g, with a and what it did marked.
 */
int
mu_picture_build(const struct mu_game *g, int seat,
    const struct mu_action *a, struct scene *s, char **cause)
{
	struct mu_game		*after;
	struct mu_report	 r;

	mu_report_init(&r);
	after = xmalloc(sizeof *after);
	memcpy(after, g, sizeof *after);
	if (a != NULL && mu_game_apply(after, seat, a, &r, cause) == -1) {
		mu_report_free(&r);
		free(after);
		return (-1);
	}
	mu_picture_board(after, s);
	mu_picture_marks(&after->board, &r, s);
	mu_picture_title(after, s);
	mu_report_free(&r);
	free(after);
	return (0);
}

static void
mu_picture_centre(const struct mu_board *b, int cell, double *x, double *y)
{
	struct hex	h = b->cells[cell].pos;

	*x = sqrt(3.0) * (h.q + h.r / 2.0);
	*y = 1.5 * h.r;
}

/* The cells, then the pieces on them. */
static void
mu_picture_board(const struct mu_game *g, struct scene *s)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*c;
	struct scene_shape	*sh;
	double			 x, y;
	int			 i;

	for (i = 0; i < mu_board_ncells(b); i++) {
		c = &b->cells[i];
		mu_picture_centre(b, i, &x, &y);
		sh = scene_add(s, SCENE_HEX, c->layer <= MU_LAYER_WALL ?
		    mu_picture_layers[c->layer] : SCENE_VIRGIN, x, y, 1);
		mu_name_cell(i, sh->label, sizeof sh->label);
	}
	for (i = 0; i < mu_board_ncells(b); i++) {
		c = &b->cells[i];
		if (c->colour == MU_NONE || c->height == 0)
			continue;
		mu_picture_centre(b, i, &x, &y);
		sh = scene_add(s, SCENE_DISC, SCENE_PIECE, x, y,
		    MU_PICTURE_DISC);
		sh->seat = c->colour;
		snprintf(sh->label, sizeof sh->label, "%u", c->height);
	}
	s->nseats = g->players;
	for (i = 0; i < g->players && i < SCENE_SEATS_MAX; i++)
		s->seats[i] = mu_game_colour(i);
	s->to_move = g->phase == MU_PHASE_OVER ? -1 : g->to_move;
}

static void
mu_picture_mark(const struct mu_board *b, struct scene *s,
    enum scene_class class, int cell)
{
	double	x, y;

	if (cell < 0 || cell >= mu_board_ncells(b))
		return;
	mu_picture_centre(b, cell, &x, &y);
	scene_add(s, SCENE_MARK, class, x, y, MU_PICTURE_MARK);
}

/* The marks of the events in r, on the board after them. */
static void
mu_picture_marks(const struct mu_board *b, const struct mu_report *r,
    struct scene *s)
{
	const struct mu_event	*ev;
	double			 x, y, x2, y2;
	size_t			 i;
	int			 n = mu_board_ncells(b);

	for (i = 0; i < r->n; i++) {
		ev = &r->events[i];
		if (ev->type < sizeof mu_picture_events /
		    sizeof mu_picture_events[0] &&
		    mu_picture_events[ev->type] != 0)
			mu_picture_mark(b, s, mu_picture_events[ev->type],
			    ev->cell);
		if (ev->type != MU_EVENT_MOVE)
			continue;
		mu_picture_mark(b, s, SCENE_TO, ev->cell2);
		if (ev->cell < 0 || ev->cell2 < 0 || ev->cell >= n ||
		    ev->cell2 >= n)
			continue;
		mu_picture_centre(b, ev->cell, &x, &y);
		mu_picture_centre(b, ev->cell2, &x2, &y2);
		scene_line(s, SCENE_ARROW, SCENE_TO, x, y, x2, y2);
	}
}

static void
mu_picture_title(const struct mu_game *g, struct scene *s)
{
	const char	*turns = g->turns == 1 ? "turn" : "turns";

	if (g->phase == MU_PHASE_OVER) {
		snprintf(s->title, sizeof s->title, "%s after %d %s: over",
		    g->variant->title, g->turns, turns);
		return;
	}
	snprintf(s->title, sizeof s->title, "%s after %d %s: %s to move",
	    g->variant->title, g->turns, turns, mu_game_colour(g->to_move));
}
