#include "config.h"

#include <math.h>
#include <string.h>

#include "mu-eval.h"
#include "mu-game.h"
#include "mu-score.h"
#include "mu-turn.h"

/*
 * The robots' evaluation of a Mu position (docs/robots.md, "Mu").
 * Each seat gets raw points:
 *
 *   men        every man of its colour on the board;
 *   territory  every cell of a region it would own if the game ended
 *              now, as the score counts regions (mu-score.c);
 *   segments   every segment it occupies, since a classic or velox turn
 *              allows a move per segment occupied;
 *   threats    every enemy man standing on a cell that one of its
 *              near-hot pieces counts (one man short of exploding, on
 *              the Wall at capacity): the next explosion there
 *              captures them.  A threat of the seat to move is worth
 *              more, as it can be carried out before it is parried.
 *
 * Nothing rewards a column for its height alone: a term that did (its
 * height squared over its capacity) drew every man to the board's
 * edge, where capacities are small, and froze two robots into a game
 * of men that never met (docs/robots.md, "Mu").
 *
 * In an ending, when one seat has more men than every other and the
 * others have at most MU_EVAL_CHASE_PIECES pieces left, that leader
 * gains MU_EVAL_CHASE for every cell by which an enemy piece is nearer
 * to the leader's nearest piece than MU_EVAL_CHASE_FAR (more than any
 * board is across), on average over the enemy pieces: men that merely
 * lead would otherwise shuffle apart for ever, as no other term sees a
 * man come closer.  The others gain by running, so the search of both
 * sides plays the chase out.  A gain, not a cost, so that the chase
 * never makes a lead look smaller than it is (a robot then took the
 * draw its opponent's pass offered), and only for the last men, since
 * a chase begun earlier lost men to greedy's captures.
 *
 * The raw points become shares of the win by a softmax: seat s gets
 * exp(raw[s] / T) over the sum for all seats, so two players' values
 * are a logistic function of the difference.  A seat that resigned
 * gets nothing.  Only the movement phase has anything to tell apart:
 * before it every seat gets the same share.
 */

static int	mu_eval_near(const struct mu_board *, int);
static int	mu_eval_counts(const struct mu_board *, int, int);
static void	mu_eval_chase(const struct mu_game *, double *);

/* Is cell c (non-empty) one man short of exploding? */
static int
mu_eval_near(const struct mu_board *b, int c)
{
	const struct mu_cell	*cell = &b->cells[c];
	int			 cap = mu_board_capacity(b, c);

	if (cap == 0)
		return (0);
	if (cell->layer == MU_LAYER_WALL)
		return (cell->height == cap);
	return (cell->height + 1 == cap);
}

/* Does cell c's capacity count its neighbour n? */
static int
mu_eval_counts(const struct mu_board *b, int c, int n)
{
	int	layer = b->cells[n].layer;

	switch (b->cells[c].layer) {
	case MU_LAYER_VIRGIN:
		return (layer == MU_LAYER_VIRGIN);
	case MU_LAYER_COMMON:
		return (layer != MU_LAYER_WALL);
	default:
		return (layer == MU_LAYER_WALL);
	}
}

/* Add the chase's gain to the leader's raw points, in an ending. */
static void
mu_eval_chase(const struct mu_game *g, double *raw)
{
	const struct mu_board	*b = &g->board;
	int			 men[MU_MAX_PLAYERS], ncells, c, e, d, near;
	int			 s, lead = MU_NONE, others = 0, far = 0;

	memset(men, 0, sizeof men);
	ncells = mu_board_ncells(b);
	for (c = 0; c < ncells; c++) {
		if (b->cells[c].colour != MU_NONE)
			men[b->cells[c].colour] += b->cells[c].height;
	}
	for (s = 0; s < g->players; s++) {
		if (lead == MU_NONE || men[s] > men[lead])
			lead = s;
	}
	for (s = 0; s < g->players; s++) {
		if (s != lead && men[s] >= men[lead])
			return;
	}
	for (e = 0; e < ncells; e++) {
		if (b->cells[e].colour == MU_NONE ||
		    b->cells[e].colour == lead)
			continue;
		if (++others > MU_EVAL_CHASE_PIECES)
			return;
		near = MU_EVAL_CHASE_FAR;
		for (c = 0; c < ncells; c++) {
			if (b->cells[c].colour != lead)
				continue;
			d = hex_distance(b->cells[c].pos, b->cells[e].pos);
			if (d < near)
				near = d;
		}
		far += near;
	}
	if (others > 0)
		raw[lead] += MU_EVAL_CHASE * (MU_EVAL_CHASE_FAR -
		    (double)far / others);
}

/* Fill raw[] with each seat's raw points. */
void
mu_eval_raw(const struct mu_game *g, double *raw)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*cell;
	struct mu_region	 regions[MU_MAX_CELLS];
	uint64_t		 segs[MU_MAX_PLAYERS];
	double			 w;
	int			 ncells = mu_board_ncells(b), c, d, n, i, s;

	memset(segs, 0, sizeof segs);
	for (s = 0; s < g->players; s++)
		raw[s] = 0;
	for (c = 0; c < ncells; c++) {
		cell = &b->cells[c];
		if (cell->colour == MU_NONE)
			continue;
		s = cell->colour;
		raw[s] += MU_EVAL_MEN * cell->height;
		segs[s] |= (uint64_t)1 << mu_board_cell_segment(c);
		if (!mu_eval_near(b, c))
			continue;
		w = s == g->to_move ? MU_EVAL_THREAT_MOVER :
		    MU_EVAL_THREAT_OTHER;
		for (d = 0; d < HEX_NDIRS; d++) {
			n = cell->nb[d];
			if (n == MU_NONE || b->cells[n].colour == MU_NONE ||
			    b->cells[n].colour == s ||
			    !mu_eval_counts(b, c, n))
				continue;
			raw[s] += w * b->cells[n].height;
		}
	}
	for (s = 0; s < g->players; s++)
		raw[s] += MU_EVAL_SEGMENT * __builtin_popcountll(segs[s]);
	if (g->phase != MU_PHASE_MOVEMENT)
		return;
	mu_eval_chase(g, raw);
	n = mu_score_regions(g, regions);
	for (i = 0; i < n; i++) {
		if (regions[i].owner != MU_NONE)
			raw[regions[i].owner] += MU_EVAL_TERRITORY *
			    regions[i].cells;
	}
}

/* Fill values[] with each seat's share of the win, from the raw points. */
void
mu_eval_values(const struct mu_game *g, double *values)
{
	double	raw[MU_MAX_PLAYERS], top = -1e300, sum = 0;
	int	s;

	if (g->phase != MU_PHASE_MOVEMENT) {
		for (s = 0; s < g->players; s++)
			values[s] = 1.0 / g->players;
		return;
	}
	mu_eval_raw(g, raw);
	for (s = 0; s < g->players; s++) {
		if (raw[s] > top)
			top = raw[s];
	}
	for (s = 0; s < g->players; s++) {
		values[s] = (g->resigned & (1U << s)) ? 0 :
		    exp((raw[s] - top) / MU_EVAL_TEMPERATURE);
		sum += values[s];
	}
	for (s = 0; s < g->players; s++)
		values[s] = sum > 0 ? values[s] / sum : 1.0 / g->players;
}
