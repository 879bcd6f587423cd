#include "config.h"

#include <math.h>

#include "mur-eval.h"
#include "mur-game.h"

/*
 * The robots' evaluation of a Mur match (docs/robots.md, "Mur").  Each
 * side gets raw points:
 *
 *   games    every game of the match it has won;
 *   traps    every trap of this game, a withdrawal the opponent still
 *            owes for a trapped stone included;
 *   siege    the mur stone's neighbours held by its stones: (held /
 *            all) squared while the other side holds none of them, so
 *            the last stones of a siege are worth most; a few contact
 *            points when both hold some;
 *   danger   minus every stone of its whose neighbours are all the
 *            opponent's but one free point: one move from a trap (half
 *            as bad for the side to move, which may still run);
 *   stones   every stone on the board, where it can act.
 *
 * Two sides' values are a logistic function of the difference of raw
 * points: 1 / (1 + exp(-(raw[s] - raw[other]) / T)).
 */

static double	mur_eval_side(const struct mur_game *, int);

/* The raw points of side. */
static double
mur_eval_side(const struct mur_game *g, int side)
{
	const struct mur_pos	*pos = &g->pos;
	uint32_t		 adj, mine, theirs, empty, near, m;
	double			 raw, share;
	int			 other = 1 - side, traps, n;

	traps = g->traps[side];
	if (g->to_move == other && g->withdraw != 0)
		traps += mur_board_count(mur_rules_trapped(pos, other) &
		    g->withdraw);
	raw = MUR_EVAL_GAME * mur_game_wins(g, side) + MUR_EVAL_TRAP * traps;

	adj = mur_board_adjacent[pos->mur];
	mine = adj & pos->stones[side];
	theirs = adj & pos->stones[other];
	share = (double)mur_board_count(mine) / mur_board_count(adj);
	if (theirs == 0)
		raw += MUR_EVAL_SIEGE * share * share;
	else
		raw += MUR_EVAL_CONTACT * mur_board_count(mine);

	empty = MUR_ALL & ~(pos->stones[0] | pos->stones[1] | (1U << pos->mur));
	near = 0;
	for (m = pos->stones[side]; m != 0; m &= m - 1) {
		adj = mur_board_adjacent[__builtin_ctz(m)];
		n = mur_board_count(adj & empty);
		if (n == 1 && (adj & ~empty & ~pos->stones[other]) == 0)
			near++;
	}
	raw -= MUR_EVAL_DANGER * near * (g->to_move == side ? 0.5 : 1.0);
	raw += MUR_EVAL_STONE * mur_board_count(pos->stones[side]);
	return (raw);
}

/* Fill raw[] with each side's raw points. */
void
mur_eval_raw(const struct mur_game *g, double *raw)
{
	raw[MUR_BLACK] = mur_eval_side(g, MUR_BLACK);
	raw[MUR_WHITE] = mur_eval_side(g, MUR_WHITE);
}

/* Fill values[] with each side's share of the win. */
void
mur_eval_values(const struct mur_game *g, double *values)
{
	double	raw[2];

	mur_eval_raw(g, raw);
	values[MUR_BLACK] = 1 / (1 + exp(-(raw[MUR_BLACK] - raw[MUR_WHITE]) /
	    MUR_EVAL_TEMPERATURE));
	values[MUR_WHITE] = 1 - values[MUR_BLACK];
}
