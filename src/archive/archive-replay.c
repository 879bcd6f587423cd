#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "archive-replay.h"
#include "buf.h"
#include "game.h"
#include "picture-palette.h"
#include "picture-svg.h"
#include "record.h"
#include "scene.h"
#include "xmalloc.h"

/*
 * The viewer shows one position at a time by showing and hiding the
 * elements of one picture, which holds every shape any position of
 * the game shows: the union, kept small because a turn changes only a
 * few cells and pieces.  A shape is the same item in every position
 * that shows it exactly so (its kind, class, seat, place and label),
 * found by a hash of those fields; its SVG is written once, when it
 * first appears.  The items are then put in drawing order (the board,
 * the arrows, the pieces, the marks, the names, the legend; within
 * each, the order they came in), so that later shapes stay on top as
 * in picture-draw.c, and each
 * step keeps the ascending list of the items it shows.
 *
 * The game is replayed from the record through its own operations: the
 * picture of each turn (the position after it, the turn marked), the
 * report of the turn as the mail shows it, and the position text.
 */

/* The class of the legend's line under the seat to move. */
#define ARCHIVE_REPLAY_TO_MOVE	SCENE_NCLASSES

static uint64_t	archive_replay_hash(const struct scene_shape *);
static int	archive_replay_same(const struct scene_shape *,
		    const struct scene_shape *);
static size_t	archive_replay_item(struct archive_replay *,
		    const struct scene *, const struct scene_shape *);
static void	archive_replay_grow(struct archive_replay *);
static void	archive_replay_step(struct archive_replay *,
		    const struct scene *);
static void	archive_replay_order(struct archive_replay *);
static int	archive_replay_cmp_item(const void *, const void *);
static void	archive_replay_list(struct buf *, const size_t *, size_t);
static void	archive_replay_place(const struct scene *,
		    struct archive_replay_item *);
static void	archive_replay_draw(struct archive_replay *);

/* A hash of the fields that make a shape what it is. */
static uint64_t
archive_replay_hash(const struct scene_shape *sh)
{
	const unsigned char	*p;
	uint64_t		 h, w[6];
	double			 v[5];
	size_t			 i;

	v[0] = sh->x;
	v[1] = sh->y;
	v[2] = sh->x2;
	v[3] = sh->y2;
	v[4] = sh->r;
	memcpy(w, v, sizeof v);
	w[5] = (uint64_t)sh->kind | (uint64_t)sh->class << 8 |
	    (uint64_t)(sh->seat + 1) << 16;
	h = 0x9e3779b97f4a7c15ULL;
	for (i = 0; i < 6; i++) {
		h ^= w[i];
		h *= 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	for (p = (const unsigned char *)sh->label; *p != '\0'; p++)
		h = (h ^ *p) * 1099511628211ULL;
	return (h ^ (h >> 29));
}

static int
archive_replay_same(const struct scene_shape *a, const struct scene_shape *b)
{
	return (a->kind == b->kind && a->class == b->class &&
	    a->seat == b->seat && a->x == b->x && a->y == b->y &&
	    a->x2 == b->x2 && a->y2 == b->y2 && a->r == b->r &&
	    strcmp(a->label, b->label) == 0);
}

/* Double the hash table, and put every item back. */
static void
archive_replay_grow(struct archive_replay *rp)
{
	size_t	i, j, mask;

	free(rp->slots);
	rp->nslots = rp->nslots == 0 ? 256 : rp->nslots * 2;
	rp->slots = xcalloc(rp->nslots, sizeof *rp->slots);
	mask = rp->nslots - 1;
	for (i = 0; i < rp->nitems; i++) {
		j = archive_replay_hash(&rp->items[i].shape) & mask;
		while (rp->slots[j] != 0)
			j = (j + 1) & mask;
		rp->slots[j] = i + 1;
	}
}

/* The item of shape sh of scene s, added (and drawn) if new. */
static size_t
archive_replay_item(struct archive_replay *rp, const struct scene *s,
    const struct scene_shape *sh)
{
	struct archive_replay_item	*it;
	size_t				 j, mask;

	if ((rp->nitems + 1) * 2 > rp->nslots)
		archive_replay_grow(rp);
	mask = rp->nslots - 1;
	j = archive_replay_hash(sh) & mask;
	while (rp->slots[j] != 0) {
		if (archive_replay_same(&rp->items[rp->slots[j] - 1].shape, sh))
			return (rp->slots[j] - 1);
		j = (j + 1) & mask;
	}
	if (rp->nitems == rp->size) {
		rp->size = rp->size == 0 ? 128 : rp->size * 2;
		rp->items = xreallocarray(rp->items, rp->size,
		    sizeof *rp->items);
	}
	it = &rp->items[rp->nitems];
	it->shape = *sh;
	it->place.kind = -1;
	it->first = rp->nitems;
	it->svg = NULL;
	if ((int)sh->class == ARCHIVE_REPLAY_TO_MOVE)
		it->group = 5;
	else {
		switch (sh->class) {
		case SCENE_PIECE:
		case SCENE_MUR:
			it->group = 2;
			break;
		default:
			it->group = sh->kind == SCENE_ARROW ? 1 :
			    sh->kind == SCENE_MARK ? 3 :
			    sh->kind == SCENE_TEXT ? 4 : 0;
			break;
		}
		archive_replay_place(s, it);
	}
	rp->slots[j] = ++rp->nitems;
	return (rp->nitems - 1);
}

/* Keep the cell or point item stands on in s, to name it later. */
static void
archive_replay_place(const struct scene *s, struct archive_replay_item *it)
{
	const struct scene_shape	*sh = &it->shape, *c;
	size_t				 i;

	if (sh->kind == SCENE_HEX || sh->class == SCENE_POINT)
		return;
	for (i = 0; i < s->n; i++) {
		c = &s->shapes[i];
		if ((c->kind == SCENE_HEX || c->class == SCENE_POINT) &&
		    c->x == sh->x && c->y == sh->y) {
			it->place = *c;
			return;
		}
	}
}

/*
 * Fit the frame to every shape the game shows, and draw each item in
 * it: alone in a scene with the game's seats and the cell or point
 * under it, which is all picture_svg_shape() looks at.  Marks, the
 * most numerous items (each move's are new), refer to one drawing of
 * each kind of mark (picture_svg_marks()).
 */
static void
archive_replay_draw(struct archive_replay *rp)
{
	struct archive_replay_item	*it;
	struct scene			 all, one;
	struct scene_shape		 two[2];
	struct buf			 svg;
	size_t				 i;
	double				 b[4];
	int				 layers = 0;

	scene_init(&all);
	for (i = 0; i < rp->nitems; i++) {
		it = &rp->items[i];
		if ((int)it->shape.class == ARCHIVE_REPLAY_TO_MOVE)
			continue;
		if (it->shape.kind == SCENE_HEX)
			layers = 1;
		*scene_add(&all, SCENE_HEX, SCENE_VIRGIN, 0, 0, 0) = it->shape;
	}
	scene_bounds(&all, b);
	scene_free(&all);
	picture_palette_frame_bounds(b, layers, PICTURE_SVG_WIDTH, &rp->frame);
	/* The marks of a game are all of one size: draw them once. */
	for (i = 0; i < rp->nitems && rp->mark == 0; i++) {
		if (rp->items[i].shape.kind == SCENE_MARK)
			rp->mark = rp->items[i].shape.r * rp->frame.scale;
	}
	one = rp->start;
	one.shapes = two;
	buf_init(&svg);
	for (i = 0; i < rp->nitems; i++) {
		it = &rp->items[i];
		buf_reset(&svg);
		if ((int)it->shape.class == ARCHIVE_REPLAY_TO_MOVE)
			picture_svg_to_move(&rp->start, &rp->frame,
			    it->shape.seat, "", &svg);
		else {
			one.n = 0;
			if ((int)it->place.kind != -1)
				two[one.n++] = it->place;
			two[one.n++] = it->shape;
			if (it->shape.kind == SCENE_MARK && rp->mark != 0 &&
			    it->shape.r * rp->frame.scale == rp->mark)
				picture_svg_mark_use(&one, &rp->frame,
				    &two[one.n - 1], "", &svg);
			else
				picture_svg_shape(&one, &rp->frame,
				    &two[one.n - 1], "", &svg);
		}
		it->svg = xstrdup(svg.data);
	}
	buf_free(&svg);
}

/* Add the step that shows scene s. */
static void
archive_replay_step(struct archive_replay *rp, const struct scene *s)
{
	struct scene_shape	 line;
	size_t			*shown, n = 0, i;

	shown = xreallocarray(NULL, s->n + 1, sizeof *shown);
	for (i = 0; i < s->n; i++)
		shown[n++] = archive_replay_item(rp, s, &s->shapes[i]);
	if (s->to_move >= 0 && s->to_move < s->nseats) {
		memset(&line, 0, sizeof line);
		line.class = ARCHIVE_REPLAY_TO_MOVE;
		line.seat = s->to_move;
		shown[n++] = archive_replay_item(rp, s, &line);
	}
	rp->shown = xreallocarray(rp->shown, rp->nsteps + 1,
	    sizeof *rp->shown);
	rp->nshown = xreallocarray(rp->nshown, rp->nsteps + 1,
	    sizeof *rp->nshown);
	rp->shown[rp->nsteps] = shown;
	rp->nshown[rp->nsteps] = n;
	rp->nsteps++;
}

static int
archive_replay_cmp_item(const void *a, const void *b)
{
	const struct archive_replay_item	*x = a, *y = b;

	if (x->group != y->group)
		return (x->group < y->group ? -1 : 1);
	return (x->first < y->first ? -1 : x->first > y->first);
}

/*
 * Put the items in drawing order, and renumber the steps' lists, each
 * ascending and without repeats (two moves' marks on one cell are one
 * item): through a bitmap of the items, quicker than sorting.
 */
static void
archive_replay_order(struct archive_replay *rp)
{
	uint64_t	*bits, w;
	size_t		*to, i, k, n, nwords;
	int		 b;

	qsort(rp->items, rp->nitems, sizeof *rp->items,
	    archive_replay_cmp_item);
	to = xreallocarray(NULL, rp->nitems + 1, sizeof *to);
	for (i = 0; i < rp->nitems; i++)
		to[rp->items[i].first] = i;
	nwords = rp->nitems / 64 + 1;
	bits = xcalloc(nwords, sizeof *bits);
	for (k = 0; k < rp->nsteps; k++) {
		for (i = 0; i < rp->nshown[k]; i++) {
			n = to[rp->shown[k][i]];
			bits[n / 64] |= 1ULL << (n % 64);
		}
		for (n = 0, i = 0; i < nwords; i++) {
			for (w = bits[i]; w != 0; w &= w - 1) {
				b = __builtin_ctzll(w);
				rp->shown[k][n++] = i * 64 + (size_t)b;
			}
			bits[i] = 0;
		}
		rp->nshown[k] = n;
	}
	free(bits);
	free(to);
	archive_replay_draw(rp);
	free(rp->slots);
	rp->slots = NULL;
	rp->nslots = 0;
}

/* Replay the record text into rp: its every position and turn. */
int
archive_replay_run(const char *text, struct archive_replay *rp,
    char **cause)
{
	const struct record_action	*ra;
	struct scene			 s;
	struct action			*a = NULL;
	struct buf			 report, pos;
	char				*why = NULL;
	size_t				 k;
	int				 seat, i;

	memset(rp, 0, sizeof *rp);
	scene_init(&rp->start);
	record_init(&rp->record, NULL, NULL, 0);
	if (record_parse(&rp->record, text, cause) == -1)
		return (-1);
	rp->ops = rp->record.ops;
	if ((rp->game = game_create(rp->ops, &rp->record.opts,
	    cause)) == NULL)
		return (-1);
	if (rp->ops->picture == NULL) {
		xasprintf(cause, "%s has no pictures", rp->ops->title);
		return (-1);
	}
	if (rp->ops->picture(rp->game, -1, NULL, &rp->start, cause) == -1)
		return (-1);
	rp->nseats = rp->start.nseats;
	for (i = 0; i < rp->nseats; i++)
		rp->seats[i] = rp->start.seats[i];
	rp->reports = xcalloc(rp->record.nactions + 1, sizeof *rp->reports);
	rp->positions = xcalloc(rp->record.nactions + 1,
	    sizeof *rp->positions);
	buf_init(&pos);
	rp->game->ops->write_position(rp->game, &pos);
	rp->positions[0] = buf_steal(&pos);
	archive_replay_step(rp, &rp->start);
	scene_init(&s);
	a = game_action_new(rp->game);
	for (k = 0; k < rp->record.nactions; k++) {
		ra = &rp->record.actions[k];
		scene_free(&s);
		buf_init(&report);
		if ((seat = rp->ops->seat_parse(rp->game, ra->seat,
		    strlen(ra->seat))) == -1)
			xasprintf(&why, "no seat is called '%s'", ra->seat);
		else if (rp->ops->parse(rp->game, ra->text, strlen(ra->text),
		    a, &why) == 0 && rp->ops->picture(rp->game, seat, a, &s,
		    &why) == 0)
			rp->ops->apply(rp->game, seat, a, &report, &why);
		if (why != NULL) {
			xasprintf(cause, "turn %zu ('%s'): %s", k + 1,
			    ra->text, why);
			free(why);
			buf_free(&report);
			scene_free(&s);
			free(a);
			return (-1);
		}
		rp->reports[k] = buf_steal(&report);
		buf_init(&pos);
		rp->game->ops->write_position(rp->game, &pos);
		rp->positions[k + 1] = buf_steal(&pos);
		archive_replay_step(rp, &s);
	}
	buf_init(&pos);
	picture_svg_words(rp->record.nactions == 0 ? &rp->start : &s, &pos);
	rp->words = buf_steal(&pos);
	rp->result = xstrdup(rp->record.nactions == 0 ? rp->start.result :
	    s.result);
	scene_free(&s);
	free(a);
	archive_replay_order(rp);
	rp->done = 1;
	return (0);
}

void
archive_replay_free(struct archive_replay *rp)
{
	size_t	i;

	for (i = 0; i < rp->nitems; i++)
		free(rp->items[i].svg);
	free(rp->items);
	free(rp->slots);
	for (i = 0; i < rp->nsteps; i++)
		free(rp->shown[i]);
	free(rp->shown);
	free(rp->nshown);
	for (i = 0; rp->reports != NULL && i <= rp->record.nactions; i++) {
		free(rp->reports[i]);
		free(rp->positions[i]);
	}
	free(rp->reports);
	free(rp->positions);
	free(rp->words);
	free(rp->result);
	game_free(rp->game);
	scene_free(&rp->start);
	record_free(&rp->record);
	memset(rp, 0, sizeof *rp);
}

/* A list of ascending indices with runs as ranges: "0-93,95,97-99". */
static void
archive_replay_list(struct buf *out, const size_t *v, size_t n)
{
	size_t	i, j;

	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && v[j] == v[j - 1] + 1; j++)
			;
		if (i > 0)
			buf_addc(out, ',');
		picture_svg_int(out, (long long)v[i]);
		if (j - i > 1) {
			buf_addc(out, '-');
			picture_svg_int(out, (long long)v[j - 1]);
		}
	}
}

/*
 * What step shows that the step before it does not, and what it no
 * longer shows: "ADDED|REMOVED" (step 0 adds all it shows).
 */
void
archive_replay_delta(const struct archive_replay *rp, size_t step,
    struct buf *out)
{
	const size_t	*now = rp->shown[step], *was = NULL;
	size_t		 nnow = rp->nshown[step], nwas = 0, i = 0, j = 0;
	size_t		*add, *del, nadd = 0, ndel = 0;

	if (step > 0) {
		was = rp->shown[step - 1];
		nwas = rp->nshown[step - 1];
	}
	add = xreallocarray(NULL, nnow + 1, sizeof *add);
	del = xreallocarray(NULL, nwas + 1, sizeof *del);
	while (i < nnow || j < nwas) {
		if (j == nwas || (i < nnow && now[i] < was[j]))
			add[nadd++] = now[i++];
		else if (i == nnow || was[j] < now[i])
			del[ndel++] = was[j++];
		else {
			i++;
			j++;
		}
	}
	archive_replay_list(out, add, nadd);
	buf_addc(out, '|');
	archive_replay_list(out, del, ndel);
	free(add);
	free(del);
}

/* Whether step shows item. */
int
archive_replay_shown(const struct archive_replay *rp, size_t step,
    size_t item)
{
	const size_t	*v = rp->shown[step];
	size_t		 lo = 0, hi = rp->nshown[step], mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid] < item)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < rp->nshown[step] && v[lo] == item);
}
