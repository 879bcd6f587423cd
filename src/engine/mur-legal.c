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
		    const struct mur_action *);

/* Every candidate action, in canonical order. */
static int
mur_legal_candidates(const struct mur_game *g, struct mur_action *out)
{
	const struct mur_pos	*pos = &g->pos;
	uint32_t		 empty, m;
	int			 side = g->to_move, n = 0, p, dir;

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
		for (dir = 0; dir < MUR_DIRS; dir++) {
			if (!mur_board_dir_valid(p, dir))
				continue;
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
    const struct mur_action *a)
{
	struct mur_effect	e;

	switch (a->type) {
	case MUR_WITHDRAW:
		return (1);
	case MUR_PLACE:
		return (mur_rules_place(&g->pos, g->to_move, a->point, &e,
		    NULL) == 0);
	default:
		return (mur_rules_move(&g->pos, order, g->to_move, a->point,
		    a->dir, &e, NULL) == 0);
	}
}

/* Has the player to move a legal action? */
int
mur_legal_any(const struct mur_game *g)
{
	struct mur_action	cand[MUR_LEGAL_MAX];
	uint8_t			order[MUR_POINTS];
	int			n, i;

	if (g->over)
		return (0);
	if (g->withdraw != 0)
		return (1);
	n = mur_legal_candidates(g, cand);
	mur_rules_orders(&g->pos, order);
	for (i = 0; i < n; i++) {
		if (mur_legal_try(g, order, &cand[i]))
			return (1);
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
	uint8_t			order[MUR_POINTS];
	int			n, i, k = 0;

	if (g->over)
		return (0);
	n = mur_legal_candidates(g, cand);
	mur_rules_orders(&g->pos, order);
	for (i = 0; i < n; i++) {
		if (mur_legal_try(g, order, &cand[i]))
			out[k++] = cand[i];
	}
	return (k);
}

/*
 * Draw a legal action at random, each with the same chance; returns -1
 * if there is none.
 */
int
mur_legal_random(const struct mur_game *g, struct rng *rng,
    struct mur_action *a)
{
	struct mur_action	cand[MUR_LEGAL_MAX];
	uint8_t			order[MUR_POINTS];
	int			n, i;

	if (g->over)
		return (-1);
	n = mur_legal_candidates(g, cand);
	mur_rules_orders(&g->pos, order);
	while (n > 0) {
		i = (int)rng_below(rng, (uint32_t)n);
		if (mur_legal_try(g, order, &cand[i])) {
			*a = cand[i];
			return (0);
		}
		cand[i] = cand[--n];
	}
	return (-1);
}
