#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-game.h"
#include "mu-name.h"
#include "mu-notation.h"
#include "mu-picture.h"
#include "mu-score.h"
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
 *
 * Coordinates (docs/pictures.md): a thick border where two segments
 * meet and round the board, and names as the compact diagram gives
 * them (docs/notation.md): each segment's label at the top corner of
 * its centre cell, every other cell's digit k at its own top corner.
 * A top corner is shared by the cell and its two neighbours above; a
 * piece (radius MU_PICTURE_DISC) and a mark (MU_PICTURE_MARK) keep a
 * circle of MU_PICTURE_NAME free round every corner, which holds a
 * digit, so no piece or mark covers a name; a segment's label, wider,
 * is drawn last, in a box, over the rim of a piece but not its
 * height.  Arrows are drawn under the pieces, their heads stopping at
 * the landing piece's edge, so no arrow covers a height.  In the
 * layout phase each legal place shows its letter, "(a)", where the
 * text diagram shows it: at the new segment's centre.  A finished
 * game's title gives the result and the score.
 */

#define MU_PICTURE_DISC		0.62	/* a piece's radius, in cells */
#define MU_PICTURE_MARK		0.68	/* a mark's radius */
#define MU_PICTURE_NAME		0.32	/* the free circle round a name */
#define MU_PICTURE_SITE		0.40	/* and round a place's letter */
#define MU_PICTURE_GAP		0.06	/* an arrow's head to the piece */

static void	mu_picture_centre(const struct mu_board *, int, double *,
		    double *);
static void	mu_picture_board(const struct mu_game *, struct scene *);
static void	mu_picture_borders(const struct mu_board *, struct scene *);
static void	mu_picture_pieces(const struct mu_game *, struct scene *);
static void	mu_picture_names(const struct mu_board *, struct scene *);
static void	mu_picture_sites(const struct mu_game *, struct scene *);
static void	mu_picture_arrows(const struct mu_board *,
		    const struct mu_report *, struct scene *);
static void	mu_picture_result(const struct mu_game *, char *, size_t);
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
	mu_picture_borders(&after->board, s);
	mu_picture_arrows(&after->board, &r, s);
	mu_picture_pieces(after, s);
	mu_picture_marks(&after->board, &r, s);
	mu_picture_sites(after, s);
	mu_picture_names(&after->board, s);
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

/* The cells, each of its layer and named. */
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
	s->nseats = g->players;
	for (i = 0; i < g->players && i < SCENE_SEATS_MAX; i++)
		s->seats[i] = mu_game_colour(i);
	s->to_move = g->phase == MU_PHASE_OVER ? -1 : g->to_move;
}

/*
 * A border on each side of a cell where the board ends or another
 * segment begins, each side once.  Direction d (E, NE, ... of hex.h)
 * points at -60d degrees, its side between the corners 30 degrees
 * either way.
 */
static void
mu_picture_borders(const struct mu_board *b, struct scene *s)
{
	double	x, y, a;
	int	i, d, nb;

	for (i = 0; i < mu_board_ncells(b); i++) {
		mu_picture_centre(b, i, &x, &y);
		for (d = 0; d < HEX_NDIRS; d++) {
			nb = b->cells[i].nb[d];
			if (nb != MU_NONE && (nb < i ||
			    mu_board_cell_segment(nb) ==
			    mu_board_cell_segment(i)))
				continue;
			a = -60.0 * d * M_PI / 180;
			scene_line(s, SCENE_LINE, SCENE_BORDER,
			    x + cos(a - M_PI / 6), y + sin(a - M_PI / 6),
			    x + cos(a + M_PI / 6), y + sin(a + M_PI / 6));
		}
	}
}

/* The pieces, each a disc of its seat labelled with its height. */
static void
mu_picture_pieces(const struct mu_game *g, struct scene *s)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*c;
	struct scene_shape	*sh;
	double			 x, y;
	int			 i;

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
}

/*
 * The names at each cell's top corner: the segment's label on its
 * centre cell, the digit k on the others, as the compact diagram has
 * them, so that the cell left of C reads C5.
 */
static void
mu_picture_names(const struct mu_board *b, struct scene *s)
{
	char	name[MU_NAME_MAX];
	double	x, y;
	int	i;

	for (i = 0; i < mu_board_ncells(b); i++) {
		mu_picture_centre(b, i, &x, &y);
		if (mu_board_cell_k(i) == 0) {
			mu_name_label(mu_board_cell_segment(i), name,
			    sizeof name);
			scene_text(s, SCENE_SEGMENT, x, y - 1, MU_PICTURE_NAME,
			    name);
		} else {
			name[0] = (char)('0' + mu_board_cell_k(i));
			name[1] = '\0';
			scene_text(s, SCENE_NAME, x, y - 1, MU_PICTURE_NAME,
			    name);
		}
	}
}

/* In the layout phase, the letter of each legal place at its centre. */
static void
mu_picture_sites(const struct mu_game *g, struct scene *s)
{
	struct hex	*at;
	char		 alias[MU_NAME_MAX], label[MU_NAME_MAX + 2];
	int		 i, n;

	at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
	n = mu_notation_aliases(g, at);
	for (i = 0; i < n; i++) {
		mu_name_alias(i, alias, sizeof alias);
		snprintf(label, sizeof label, "(%s)", alias);
		scene_text(s, SCENE_SITE, sqrt(3.0) * (at[i].q +
		    at[i].r / 2.0), 1.5 * at[i].r, MU_PICTURE_SITE, label);
	}
	free(at);
}

/*
 * Each move's arrow, from its start to the landing piece's edge: drawn
 * under the pieces, it covers no height.
 */
static void
mu_picture_arrows(const struct mu_board *b, const struct mu_report *r,
    struct scene *s)
{
	const struct mu_event	*ev;
	double			 x, y, x2, y2, d, stop;
	size_t			 i;
	int			 n = mu_board_ncells(b);

	stop = MU_PICTURE_DISC + MU_PICTURE_GAP;
	for (i = 0; i < r->n; i++) {
		ev = &r->events[i];
		if (ev->type != MU_EVENT_MOVE || ev->cell < 0 ||
		    ev->cell2 < 0 || ev->cell >= n || ev->cell2 >= n)
			continue;
		mu_picture_centre(b, ev->cell, &x, &y);
		mu_picture_centre(b, ev->cell2, &x2, &y2);
		d = hypot(x2 - x, y2 - y);
		if (d <= stop)
			continue;
		scene_line(s, SCENE_ARROW, SCENE_TO, x, y,
		    x2 - (x2 - x) * stop / d, y2 - (y2 - y) * stop / d);
	}
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
	size_t			 i;

	for (i = 0; i < r->n; i++) {
		ev = &r->events[i];
		if (ev->type < sizeof mu_picture_events /
		    sizeof mu_picture_events[0] &&
		    mu_picture_events[ev->type] != 0)
			mu_picture_mark(b, s, mu_picture_events[ev->type],
			    ev->cell);
		if (ev->type == MU_EVENT_MOVE)
			mu_picture_mark(b, s, SCENE_TO, ev->cell2);
	}
}

static void
mu_picture_title(const struct mu_game *g, struct scene *s)
{
	const char	*turns = g->turns == 1 ? "turn" : "turns";

	if (g->phase == MU_PHASE_OVER) {
		mu_picture_result(g, s->result, sizeof s->result);
		snprintf(s->title, sizeof s->title, "%s after %d %s: over, %s",
		    g->variant->title, g->turns, turns, s->result);
		return;
	}
	snprintf(s->title, sizeof s->title, "%s after %d %s: %s to move",
	    g->variant->title, g->turns, turns, mu_game_colour(g->to_move));
}

/*
 * The result as the report's score says it, shorter: "red wins 12-9",
 * the winner's first, "a draw 10-10", "red wins 0-0 by resignation",
 * with more seats "purple wins: red 12, blue 9, ...".
 */
static void
mu_picture_result(const struct mu_game *g, char *out, size_t size)
{
	struct mu_score	 sc;
	const char	*by;
	size_t		 n;
	int		 seat, first;

	mu_score_count(g, &sc);
	by = sc.resigned ? " by resignation" : "";
	if (sc.winner != MU_NONE)
		n = (size_t)snprintf(out, size, "%s wins",
		    mu_game_colour(sc.winner));
	else
		n = (size_t)snprintf(out, size, "a draw");
	first = sc.winner == MU_NONE ? 0 : sc.winner;
	if (g->players == 2 && n < size) {
		snprintf(out + n, size - n, " %d-%d%s", sc.points[first],
		    sc.points[1 - first], by);
		return;
	}
	for (seat = 0; seat < g->players && n < size; seat++) {
		n += (size_t)snprintf(out + n, size - n, "%s%s %d",
		    seat == 0 ? ": " : ", ", mu_game_colour(seat),
		    sc.points[seat]);
	}
	if (n < size)
		snprintf(out + n, size - n, "%s", by);
}
