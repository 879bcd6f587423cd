#include "config.h"

#include "mur-legal.h"

/*
 * The candidates are every placement on a free point (while the player
 * has a stone off the board) and every move of each of their stones in
 * each direction its point allows; each is tried with the rules, with
 * no cause.  A player who owes withdrawals has exactly one action, the
 * withdrawal of all of them.  Resigning is always possible and never
 * listed.  The order is the canonical one: placements by point, then
 * moves by point and direction (cw, ccw, in, out; from the centre the
 * spokes n to nw).
 */

static int	mur_legal_candidates(const struct mur_game *,
		    struct mur_action *);
static int	mur_legal_try(const struct mur_game *, const uint8_t *,
		    const struct mur_action *, struct mur_effect *);

/* Every candidate action, in canonical order. */
static int
mur_legal_candidates(const struct mur_game *g, struct mur_action *out)
{
	const struct mur_pos	*pos = &g->pos;
	uint32_t		 empty, m;
	int			 side = g->to_move, n = 0, p, dir, first, ndirs;

	if (g->withdraw != 0) {
		out[0].type = MUR_WITHDRAW;
		out[0].point = -1;
		out[0].dir = 0;
		out[0].points = g->withdraw;
		return (1);
	}
	empty = MUR_ALL & ~(pos->stones[0] | pos->stones[1] |
	    (1U << pos->mur));
	if (mur_rules_off(pos, side) > 0) {
		for (m = empty; m != 0; m &= m - 1) {
			out[n].type = MUR_PLACE;
			out[n].point = __builtin_ctz(m);
			out[n].dir = 0;
			out[n].points = 0;
			n++;
		}
	}
	for (m = pos->stones[side]; m != 0; m &= m - 1) {
		p = __builtin_ctz(m);
		first = mur_board_dirs(p, &ndirs);
		for (dir = first; dir < first + ndirs; dir++) {
			out[n].type = MUR_MOVE;
			out[n].point = p;
			out[n].dir = dir;
			out[n].points = 0;
			n++;
		}
	}
	return (n);
}

/* Is candidate a legal?  order[] holds the position's orders. */
static int
mur_legal_try(const struct mur_game *g, const uint8_t *order,
    const struct mur_action *a, struct mur_effect *e)
{
	switch (a->type) {
	case MUR_WITHDRAW:
		return (1);
	case MUR_PLACE:
		return (mur_rules_place(&g->pos, g->to_move, a->point, e,
		    NULL) == 0);
	default:
		return (mur_rules_move(&g->pos, order, g->to_move, a->point,
		    a->dir, e, NULL) == 0);
	}
}

/*
 * Has the player to move a legal action?  Placements are tried first,
 * one by one, as one of them nearly always is.
 */
int
mur_legal_any(const struct mur_game *g)
{
	const struct mur_pos	*pos = &g->pos;
	struct mur_effect	 e;
	uint8_t			 order[MUR_POINTS];
	uint32_t		 m;
	int			 side = g->to_move, p, dir, first, ndirs;

	if (g->over)
		return (0);
	if (g->withdraw != 0)
		return (1);
	if (mur_rules_off(pos, side) > 0) {
		m = MUR_ALL & ~(pos->stones[0] | pos->stones[1] |
		    (1U << pos->mur));
		for (; m != 0; m &= m - 1) {
			if (mur_rules_place(pos, side, __builtin_ctz(m), &e,
			    NULL) == 0)
				return (1);
		}
	}
	mur_rules_orders(pos, order);
	for (m = pos->stones[side]; m != 0; m &= m - 1) {
		p = __builtin_ctz(m);
		first = mur_board_dirs(p, &ndirs);
		for (dir = first; dir < first + ndirs; dir++) {
			if (mur_rules_move(pos, order, side, p, dir, &e,
			    NULL) == 0)
				return (1);
		}
	}
	return (0);
}

/*
 * Fill out[] (MUR_LEGAL_MAX long) with the legal actions, in canonical
 * order; returns how many.
 */
int
mur_legal_list(const struct mur_game *g, struct mur_action *out)
{
	struct mur_action	cand[MUR_LEGAL_MAX];
	struct mur_effect	e;
	uint8_t			order[MUR_POINTS];
	int			n, i, k = 0;

	if (g->over)
		return (0);
	n = mur_legal_candidates(g, cand);
	mur_rules_orders(&g->pos, order);
	for (i = 0; i < n; i++) {
		if (mur_legal_try(g, order, &cand[i], &e))
			out[k++] = cand[i];
	}
	return (k);
}

/*
 * Draw a legal action at random, each with the same chance, into a
 * and, for a placement or move, what it does into e (if not NULL);
 * returns -1 if there is none.
 */
int
mur_legal_random(const struct mur_game *g, struct rng *rng,
    struct mur_action *a, struct mur_effect *e)
{
	struct mur_action	cand[MUR_LEGAL_MAX];
	struct mur_effect	scratch;
	uint8_t			order[MUR_POINTS];
	int			n, i;

	if (g->over)
		return (-1);
	if (e == NULL)
		e = &scratch;
	n = mur_legal_candidates(g, cand);
	mur_rules_orders(&g->pos, order);
	while (n > 0) {
		i = (int)rng_below(rng, (uint32_t)n);
		if (mur_legal_try(g, order, &cand[i], e)) {
			*a = cand[i];
			return (0);
		}
		cand[i] = cand[--n];
	}
	return (-1);
}

/*
 * Play a random legal action (the benchmark's and the tests' random
 * player): a placement or move is made from what the draw worked out,
 * without working it out again.  Returns -1 if there is none.
 */
int
mur_legal_play_random(struct mur_game *g, struct rng *rng,
    struct mur_action *a)
{
	struct mur_effect	e;

	if (mur_legal_random(g, rng, a, &e) == -1)
		return (-1);
	if (a->type == MUR_WITHDRAW)
		return (mur_game_apply(g, g->to_move, a, NULL, NULL));
	mur_game_commit(g, &e, NULL);
	return (0);
}
