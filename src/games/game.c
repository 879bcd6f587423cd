#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "xmalloc.h"

/*
 * A struct game is an ops pointer and the game's own state.  This file
 * names no game: the registry above the games (registry/
 * game-registry.c) finds them by name.  game_play() is the one way to
 * advance a game from text: it parses, applies to a copy and only then
 * replaces the state, so a failed action never leaves a game
 * half-changed, whatever the game.  Only a replay, which throws the
 * whole game away when an action fails, plays in place
 * (game_play_in_place()).  A game_history is the robots' memory of the
 * positions a game has been in: one hash each, counted by a plain scan,
 * as a robot asks about a few dozen turns a search.
 */

static int	game_play_on(struct game *, int, const char *, size_t,
		    struct buf *, struct buf *, char **, int);

struct game *
game_create(const struct game_ops *ops, const struct game_options *opts,
    char **cause)
{
	struct game	*g;

	g = xcalloc(1, sizeof *g);
	g->ops = ops;
	if (ops->create(g, opts, cause) == -1) {
		free(g);
		return (NULL);
	}
	return (g);
}

struct game *
game_copy(const struct game *g)
{
	struct game	*c;

	c = xcalloc(1, sizeof *c);
	c->ops = g->ops;
	c->state = g->ops->copy(g);
	return (c);
}

void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	if (g->state != NULL)
		g->ops->destroy(g);
	free(g);
}

/*
 * Parse action text and apply it for seat.  On success the canonical
 * form of the action is added to canon and what it did to report (each
 * if not NULL); on failure nothing in g changes and *cause says why.
 */
int
game_play(struct game *g, int seat, const char *text, size_t len,
    struct buf *canon, struct buf *report, char **cause)
{
	return (game_play_on(g, seat, text, len, canon, report, cause, 1));
}

/*
 * game_play() on g itself, without a copy: on failure g may be left
 * half-changed, fit only for game_free().  For replaying a record,
 * where one failed action discards the whole game: the copy of the
 * state an action would cost is most of what replaying costs.
 */
int
game_play_in_place(struct game *g, int seat, const char *text, size_t len,
    struct buf *canon, char **cause)
{
	return (game_play_on(g, seat, text, len, canon, NULL, cause, 0));
}

/* game_play(), on a copy of g's state when safe is set. */
static int
game_play_on(struct game *g, int seat, const char *text, size_t len,
    struct buf *canon, struct buf *report, char **cause, int safe)
{
	struct action	*a;
	struct game	*next = g;
	void		*state;

	a = game_action_new(g);
	if (g->ops->parse(g, text, len, a, cause) == -1) {
		free(a);
		return (-1);
	}
	/* The canonical form is read from the game before the action. */
	if (safe)
		next = game_copy(g);
	else if (canon != NULL)
		g->ops->format(g, a, canon);
	if (g->ops->apply(next, seat, a, report, cause) == -1) {
		if (safe)
			game_free(next);
		free(a);
		return (-1);
	}
	if (safe) {
		if (canon != NULL)
			g->ops->format(g, a, canon);
		state = g->state;
		g->state = next->state;
		next->state = state;
		game_free(next);
	}
	free(a);
	return (0);
}

/* A zeroed action of g's game, for its parse or random; free() it. */
struct action *
game_action_new(const struct game *g)
{
	return (xcalloc(1, g->ops->action_size));
}

/* How many actions legal lists in g, counting no further than max. */
int
game_choices(const struct game *g, int max)
{
	struct action	*list;
	int		 n;

	if (g->ops->choices != NULL)
		return (g->ops->choices(g, max));
	n = g->ops->legal(g, &list);
	free(list);
	return (n < max ? n : max);
}

/* The i-th action of a list that g's legal returned. */
const struct action *
game_action_at(const struct game *g, const struct action *list, int i)
{
	return ((const struct action *)((const char *)list +
	    (size_t)i * g->ops->action_size));
}

/*
 * The values of a finished game for evaluate (struct game_ops), from
 * the ranks of its n seats: 1/k to each of the k seats ranked first,
 * 0 to the others.
 */
void
game_rank_values(int n, const int *ranks, double *values)
{
	int	i, k = 0;

	for (i = 0; i < n; i++)
		k += ranks[i] == 1;
	for (i = 0; i < n; i++)
		values[i] = ranks[i] == 1 && k > 0 ? 1.0 / k : 0;
}

/*
 * Squeeze the n values of an unfinished game, shares adding up to 1,
 * towards 1/n by GAME_VALUE_MARGIN, so that no unfinished position is
 * worth as much as a game won or as little as one lost.
 */
void
game_unfinished_values(int n, double *values)
{
	int	i;

	for (i = 0; i < n; i++)
		values[i] = GAME_VALUE_MARGIN / n +
		    (1 - GAME_VALUE_MARGIN) * values[i];
}

/* Remember g's position, if its game can hash one. */
void
game_history_add(struct game_history *h, const struct game *g)
{
	double		values[GAME_HISTORY_SEATS];
	unsigned char	*p = (unsigned char *)values;
	uint64_t	 v = 14695981039346656037ULL;
	size_t		 i;

	if (g->ops->hash == NULL)
		return;
	if (h->n == h->room) {
		h->room = h->room == 0 ? 64 : h->room * 2;
		h->hashes = xreallocarray(h->hashes, h->room,
		    sizeof *h->hashes);
		h->values = xreallocarray(h->values, h->room,
		    sizeof *h->values);
	}
	memset(values, 0, sizeof values);
	g->ops->evaluate(g, values);
	for (i = 0; i < sizeof values; i++)
		v = (v ^ p[i]) * 1099511628211ULL;
	h->hashes[h->n] = g->ops->hash(g);
	h->values[h->n++] = v;
}

/* How many times the game has been in the position hashing to hash. */
size_t
game_history_count(const struct game_history *h, uint64_t hash)
{
	size_t	i, n = 0;

	if (h == NULL)
		return (0);
	for (i = 0; i < h->n; i++)
		n += h->hashes[i] == hash;
	return (n);
}

/*
 * The turns since the evaluation last changed: 0 if the last turn
 * changed it (or there is no history), 5 if the last six positions were
 * all valued the same.  A game going nowhere.
 */
size_t
game_history_quiet(const struct game_history *h)
{
	size_t	i;

	if (h == NULL || h->n == 0)
		return (0);
	for (i = h->n - 1; i > 0 && h->values[i - 1] == h->values[h->n - 1];
	    i--)
		;
	return (h->n - 1 - i);
}

void
game_history_free(struct game_history *h)
{
	free(h->hashes);
	free(h->values);
	memset(h, 0, sizeof *h);
}
