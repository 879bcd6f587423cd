#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mur-board.h"
#include "mur-game.h"
#include "mur-picture.h"
#include "scene.h"
#include "xmalloc.h"

/*
 * A Mur board as a scene: a round board of radius 3.75 with its three
 * rings (radius 1, 2 and 3) and four diameters; the point on ring r
 * and spoke s (0 north, clockwise by 45 degrees) at x = r sin(45s),
 * y = -r cos(45s), the centre at 0, 0, each labelled with its name;
 * the stones as discs of their side and the mur stone as its own
 * class.  Marks: the last move's departure, landing and arrow and
 * where its bumped stone rested (the match keeps them), a placement,
 * the stones owed for withdrawal (trapped or knocked back) and, for a
 * withdrawal just played, the stones it took off (with, if it ended a
 * game, the centre's stone the next game's set-up took off).  Each
 * point's name is written to its upper right, clear of its stone.
 */

#define MUR_PICTURE_BOARD	3.75
#define MUR_PICTURE_POINT	0.08
#define MUR_PICTURE_STONE	0.34
#define MUR_PICTURE_MARK	0.44
#define MUR_PICTURE_NAME	0.08	/* the circle round a name's centre */

static void	mur_picture_point(int, double *, double *);
static void	mur_picture_board(struct scene *);
static void	mur_picture_names(struct scene *);
static void	mur_picture_arrow(const struct mur_game *, struct scene *);
static void	mur_picture_stones(const struct mur_game *, struct scene *);
static void	mur_picture_mark(struct scene *, enum scene_class, int);
static void	mur_picture_marks(const struct mur_game *,
		    const struct mur_game *, const struct mur_action *,
		    struct scene *);
static void	mur_picture_title(const struct mur_game *, struct scene *);

/*
 * Describe g, or, with an action a, the position after side plays a
 * on a copy of g, with a and what it did marked.
 */
int
mur_picture_build(const struct mur_game *g, int side,
    const struct mur_action *a, struct scene *s, char **cause)
{
	struct mur_game	*after;

	after = xmalloc(sizeof *after);
	memcpy(after, g, sizeof *after);
	if (a != NULL && mur_game_apply(after, side, a, NULL, cause) == -1) {
		free(after);
		return (-1);
	}
	mur_picture_board(s);
	mur_picture_arrow(after, s);
	mur_picture_stones(after, s);
	mur_picture_marks(g, after, a, s);
	mur_picture_names(s);
	mur_picture_title(after, s);
	free(after);
	return (0);
}

static void
mur_picture_point(int p, double *x, double *y)
{
	double	a;
	int	r;

	if (p == MUR_CENTRE) {
		*x = *y = 0;
		return;
	}
	r = mur_board_ring(p);
	a = mur_board_spoke(p) * M_PI / 4;
	*x = r * sin(a);
	*y = -r * cos(a);
}

/* The board, its rings and diameters, and its named points. */
static void
mur_picture_board(struct scene *s)
{
	struct scene_shape	*sh;
	double			 x, y, x2, y2;
	int			 r, p;

	scene_add(s, SCENE_DISC, SCENE_BOARD, 0, 0, MUR_PICTURE_BOARD);
	for (r = 1; r <= MUR_RINGS; r++)
		scene_add(s, SCENE_CIRCLE, SCENE_RING, 0, 0, r);
	for (p = 0; p < MUR_SPOKES / 2; p++) {
		mur_picture_point(mur_board_point(MUR_RINGS, p), &x, &y);
		mur_picture_point(mur_board_point(MUR_RINGS,
		    p + MUR_SPOKES / 2), &x2, &y2);
		scene_line(s, SCENE_LINE, SCENE_SPOKE, x, y, x2, y2);
	}
	for (p = 0; p < MUR_POINTS; p++) {
		mur_picture_point(p, &x, &y);
		sh = scene_add(s, SCENE_DISC, SCENE_POINT, x, y,
		    MUR_PICTURE_POINT);
		/* Names are short ("nw3"): no snprintf for each point. */
		strncpy(sh->label, mur_board_name(p), sizeof sh->label - 1);
	}
}

/*
 * The last move's arrow, under the stones, from its departure to the
 * edge of the stone it landed on, so that it covers no stone.
 */
static void
mur_picture_arrow(const struct mur_game *g, struct scene *s)
{
	double	x, y, x2, y2, d;

	if (g->last_from == -1 || g->last_to == -1)
		return;
	mur_picture_point(g->last_from, &x, &y);
	mur_picture_point(g->last_to, &x2, &y2);
	d = hypot(x2 - x, y2 - y);
	if (d <= MUR_PICTURE_STONE + 0.04)
		return;
	d = (MUR_PICTURE_STONE + 0.04) / d;
	scene_line(s, SCENE_ARROW, SCENE_TO, x, y, x2 - (x2 - x) * d,
	    y2 - (y2 - y) * d);
}

/* The points' names, to their upper right. */
static void
mur_picture_names(struct scene *s)
{
	double	x, y;
	int	p;

	for (p = 0; p < MUR_POINTS; p++) {
		mur_picture_point(p, &x, &y);
		scene_text(s, SCENE_NAME, x + 0.5, y - 0.3, MUR_PICTURE_NAME,
		    mur_board_name(p));
	}
}

static void
mur_picture_stones(const struct mur_game *g, struct scene *s)
{
	struct scene_shape	*sh;
	double			 x, y;
	int			 p, side;

	for (p = 0; p < MUR_POINTS; p++) {
		mur_picture_point(p, &x, &y);
		for (side = MUR_BLACK; side <= MUR_WHITE; side++) {
			if ((g->pos.stones[side] & (1U << p)) == 0)
				continue;
			sh = scene_add(s, SCENE_DISC, SCENE_PIECE, x, y,
			    MUR_PICTURE_STONE);
			sh->seat = side;
		}
		if (g->pos.mur == p) {
			scene_add(s, SCENE_DISC, SCENE_MUR, x, y,
			    MUR_PICTURE_STONE);
		}
	}
	s->nseats = 2;
	s->seats[MUR_BLACK] = mur_game_side(MUR_BLACK);
	s->seats[MUR_WHITE] = mur_game_side(MUR_WHITE);
	s->to_move = g->over ? -1 : g->to_move;
}

static void
mur_picture_mark(struct scene *s, enum scene_class class, int p)
{
	double	x, y;

	if (p < 0 || p >= MUR_POINTS)
		return;
	mur_picture_point(p, &x, &y);
	scene_add(s, SCENE_MARK, class, x, y, MUR_PICTURE_MARK);
}

/* The marks of the last action: before is the position it was played on. */
static void
mur_picture_marks(const struct mur_game *before,
    const struct mur_game *g, const struct mur_action *a, struct scene *s)
{
	uint32_t	gone;
	int		p;

	if (g->last_from != -1 && g->last_to != -1) {
		mur_picture_mark(s, SCENE_FROM, g->last_from);
		mur_picture_mark(s, SCENE_TO, g->last_to);
		if (g->last_rest != -1 && g->last_rest != g->last_to)
			mur_picture_mark(s, SCENE_REST, g->last_rest);
	}
	for (p = 0; p < MUR_POINTS; p++) {
		if (g->withdraw & (1U << p))
			mur_picture_mark(s, SCENE_CAPTURE, p);
	}
	if (a == NULL)
		return;
	if (a->type == MUR_PLACE)
		mur_picture_mark(s, SCENE_PLACE, a->point);
	if (a->type != MUR_WITHDRAW)
		return;
	gone = (before->pos.stones[MUR_BLACK] | before->pos.stones[MUR_WHITE]) &
	    ~(g->pos.stones[MUR_BLACK] | g->pos.stones[MUR_WHITE]);
	for (p = 0; p < MUR_POINTS; p++) {
		if (gone & (1U << p))
			mur_picture_mark(s, SCENE_REMOVE, p);
	}
}

static void
mur_picture_title(const struct mur_game *g, struct scene *s)
{
	int	w, b = mur_game_wins(g, MUR_BLACK);
	int	wh = mur_game_wins(g, MUR_WHITE);

	if (g->over) {
		w = mur_game_match_winner(g);
		if (w == -1)
			snprintf(s->result, sizeof s->result, "a draw %d-%d",
			    b, wh);
		else
			snprintf(s->result, sizeof s->result, "%s wins "
			    "%d-%d%s", mur_game_side(w),
			    w == MUR_BLACK ? b : wh, w == MUR_BLACK ? wh : b,
			    g->nresults > 0 && g->end[g->nresults - 1] ==
			    MUR_END_RESIGN ? " by resignation" : "");
		snprintf(s->title, sizeof s->title, "Mur, match of %d: "
		    "over, %s", g->games, s->result);
		return;
	}
	snprintf(s->title, sizeof s->title, "Mur, game %d of %d (black %d, "
	    "white %d): %s to move", g->game, g->games, b, wh,
	    mur_game_side(g->to_move));
}
