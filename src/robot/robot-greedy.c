#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rng.h"
#include "robot-private.h"
#include "xmalloc.h"

/*
 * The greedy robot and its turn search (docs/robots.md, "greedy").
 *
 * One ply: every candidate action (robot_candidates: legal's, with the
 * explosion orders the game adds) is applied to a copy of the game and
 * the game's evaluation judges the result for the mover.  Where a turn
 * can hold several moves (velox, classic), listing whole turns is out
 * of the question, so the search is a beam: the ROBOT_BEAM best turns
 * found at one length are continued by every move the game's extend
 * allows, and so on while any can be continued, up to ROBOT_TURN_CAP
 * evaluations.  Every turn evaluated is a legal action, of any length;
 * the best of them all is the choice.  Equal values are ordered by a
 * draw from the seed, so the same seed gives the same action.
 */

static void	robot_turns_add(struct robot_turns *, const struct action *,
		    const double *, int, struct rng *);
static int	robot_turns_best(const struct robot_turns *, int, int,
		    int *, int);
static int	robot_turns_level(const struct game *, struct robot_turns *,
		    const struct action *, int, int, struct rng *);

/* Keep a, evaluated to values for seat. */
static void
robot_turns_add(struct robot_turns *t, const struct action *a,
    const double *values, int seat, struct rng *rng)
{
	if (t->n == t->room) {
		t->room = t->room == 0 ? 64 : t->room * 2;
		t->actions = xreallocarray(t->actions, (size_t)t->room,
		    t->size);
		t->values = xreallocarray(t->values, (size_t)t->room,
		    ROBOT_SEATS * sizeof *t->values);
		t->score = xreallocarray(t->score, (size_t)t->room,
		    sizeof *t->score);
		t->key = xreallocarray(t->key, (size_t)t->room,
		    sizeof *t->key);
	}
	memcpy(t->actions + (size_t)t->n * t->size, a, t->size);
	memcpy(t->values + t->n * ROBOT_SEATS, values,
	    ROBOT_SEATS * sizeof *values);
	t->score[t->n] = values[seat];
	t->key[t->n] = rng_next(rng);
	t->n++;
}

/* Better first: higher score, then higher key, then earlier. */
int
robot_rank_cmp(const void *va, const void *vb)
{
	const struct robot_rank	*a = va, *b = vb;

	if (a->score != b->score)
		return (a->score > b->score ? -1 : 1);
	if (a->key != b->key)
		return (a->key > b->key ? -1 : 1);
	return (a->i - b->i);
}

/* Put the best (up to max) of turns [from, to) into best[]; how many. */
static int
robot_turns_best(const struct robot_turns *t, int from, int to, int *best,
    int max)
{
	struct robot_rank	*r;
	int			 i, n = to - from;

	if (n <= 0)
		return (0);
	r = xreallocarray(NULL, (size_t)n, sizeof *r);
	for (i = 0; i < n; i++) {
		r[i].score = t->score[from + i];
		r[i].key = t->key[from + i];
		r[i].i = from + i;
	}
	qsort(r, (size_t)n, sizeof *r, robot_rank_cmp);
	if (n > max)
		n = max;
	for (i = 0; i < n; i++)
		best[i] = r[i].i;
	free(r);
	return (n);
}

/* Evaluate and keep the candidates after prefix (NULL: the first). */
static int
robot_turns_level(const struct game *g, struct robot_turns *t,
    const struct action *prefix, int seat, int cap, struct rng *rng)
{
	struct action	*list;
	double		 values[ROBOT_SEATS];
	int		 n, i, added = 0;

	n = robot_candidates(g, prefix, &list);
	for (i = 0; i < n && t->n < cap; i++) {
		memset(values, 0, sizeof values);
		if (robot_value(g, game_action_at(g, list, i), seat,
		    values) == -1)
			continue;
		robot_turns_add(t, game_action_at(g, list, i), values, seat,
		    rng);
		added++;
	}
	free(list);
	return (added);
}

/* Search the turns of g's mover, from seed, into t. */
void
robot_turns_search(const struct game *g, uint64_t seed,
    struct robot_turns *t)
{
	struct rng	 rng;
	unsigned char	*beam;
	int		 seat = g->ops->to_move(g), best[ROBOT_BEAM];
	int		 nbeam, from, i;

	memset(t, 0, sizeof *t);
	t->size = g->ops->action_size;
	rng_init(&rng, seed);
	robot_turns_level(g, t, NULL, seat, ROBOT_TURN_CAP, &rng);
	beam = xreallocarray(NULL, ROBOT_BEAM, t->size);
	nbeam = g->ops->extend == NULL ? 0 :
	    robot_turns_best(t, 0, t->n, best, ROBOT_BEAM);
	while (nbeam > 0 && t->n < ROBOT_TURN_CAP) {
		for (i = 0; i < nbeam; i++)
			memcpy(beam + (size_t)i * t->size,
			    robot_turns_at(t, best[i]), t->size);
		from = t->n;
		for (i = 0; i < nbeam; i++) {
			robot_turns_level(g, t, (const struct action *)(beam +
			    (size_t)i * t->size), seat, ROBOT_TURN_CAP, &rng);
		}
		nbeam = robot_turns_best(t, from, t->n, best, ROBOT_BEAM);
	}
	free(beam);
	t->order = xreallocarray(NULL, (size_t)t->n + 1, sizeof *t->order);
	robot_turns_best(t, 0, t->n, t->order, t->n);
}

/* The i-th turn evaluated (not the i-th best: see order). */
const struct action *
robot_turns_at(const struct robot_turns *t, int i)
{
	return ((const struct action *)(t->actions + (size_t)i * t->size));
}

void
robot_turns_free(struct robot_turns *t)
{
	free(t->actions);
	free(t->values);
	free(t->score);
	free(t->key);
	free(t->order);
	memset(t, 0, sizeof *t);
}

/* The greedy level: the best turn of the turn search. */
int
robot_greedy(const struct game *g, const struct robot_options *o,
    struct action *a, char **cause)
{
	struct robot_turns	t;

	robot_turns_search(g, o->seed, &t);
	if (t.n == 0) {
		robot_turns_free(&t);
		*cause = xstrdup("no legal action to choose from");
		return (-1);
	}
	memcpy(a, robot_turns_at(&t, t.order[0]), t.size);
	robot_turns_free(&t);
	return (0);
}
