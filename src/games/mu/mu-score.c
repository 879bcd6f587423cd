#include "config.h"

#include <string.h>

#include "mu-game.h"
#include "mu-score.h"

/*
 * The score (MU-RULINGS, "End and score").  Regions are the connected
 * sets of non-Wall cells: the Commonwealth and any Virginity left.  A
 * region whose pieces are all of one colour scores its cells for that
 * colour; one with two or more colours is neutral.  An empty region
 * belongs to a colour if every Wall piece that could land in it (by
 * the path rules alone) is of that colour, and is neutral if there are
 * none or several colours.
 *
 * The highest score wins and a tie for it is a draw.  A player who
 * resigned from a game of three or more ranks last; one who resigned
 * from a two-player game loses it, whatever the score.
 */

static void	mu_score_reach(const struct mu_board *, unsigned *);
static void	mu_score_result(const struct mu_game *, struct mu_score *);

/* For each cell, the colours of Wall pieces that can land on it. */
static void
mu_score_reach(const struct mu_board *b, unsigned *reach)
{
	const struct mu_cell	*c;
	int			 ncells = mu_board_ncells(b), x, d, i, n;

	memset(reach, 0, (size_t)ncells * sizeof *reach);
	for (x = 0; x < ncells; x++) {
		c = &b->cells[x];
		if (c->layer != MU_LAYER_WALL || c->colour == MU_NONE)
			continue;
		for (d = 0; d < HEX_NDIRS; d++) {
			n = x;
			for (i = 1; i <= c->height; i++) {
				if ((n = b->cells[n].nb[d]) == MU_NONE)
					break;
				if (b->cells[n].layer != MU_LAYER_WALL)
					reach[n] |= 1U << c->colour;
			}
		}
	}
}

static void
mu_score_result(const struct mu_game *g, struct mu_score *s)
{
	unsigned	ranked = 0, all = (1U << g->players) - 1;
	int		seat, best = -1;

	s->winner = MU_NONE;
	s->tied = 0;
	s->resigned = 0;
	if (g->players == 2 && g->resigned != 0 && g->resigned != all) {
		s->winner = (g->resigned & 1) ? 1 : 0;
		s->resigned = 1;
		return;
	}
	ranked = all & ~g->resigned;
	if (ranked == 0)
		ranked = all;
	for (seat = 0; seat < g->players; seat++) {
		if ((ranked & (1U << seat)) == 0)
			continue;
		if (s->points[seat] > best) {
			best = s->points[seat];
			s->tied = 0;
		}
		if (s->points[seat] == best)
			s->tied |= 1U << seat;
	}
	if (__builtin_popcount(s->tied) == 1) {
		s->winner = __builtin_ctz(s->tied);
		s->tied = 0;
	}
}

/*
 * Fill regions[] with g's regions, lowest first cell first, each with
 * its size, owner and why; returns how many there are.
 */
int
mu_score_regions(const struct mu_game *g, struct mu_region *regions)
{
	const struct mu_board	*b = &g->board;
	struct mu_region	*rg;
	unsigned		 reach[MU_MAX_CELLS], colours, claim;
	int16_t			 stack[MU_MAX_CELLS];
	uint8_t			 seen[MU_MAX_CELLS];
	int			 ncells = mu_board_ncells(b), x, c, n, d;
	int			 top, nregions = 0;

	memset(seen, 0, sizeof seen);
	mu_score_reach(b, reach);
	for (x = 0; x < ncells; x++) {
		if (seen[x] || b->cells[x].layer == MU_LAYER_WALL)
			continue;
		rg = &regions[nregions++];
		memset(rg, 0, sizeof *rg);
		rg->first = (int16_t)x;
		colours = claim = 0;
		top = 0;
		seen[x] = 1;
		stack[top++] = (int16_t)x;
		while (top > 0) {
			c = stack[--top];
			rg->cells++;
			if (b->cells[c].colour != MU_NONE)
				colours |= 1U << b->cells[c].colour;
			claim |= reach[c];
			for (d = 0; d < HEX_NDIRS; d++) {
				n = b->cells[c].nb[d];
				if (n == MU_NONE || seen[n] ||
				    b->cells[n].layer == MU_LAYER_WALL)
					continue;
				seen[n] = 1;
				stack[top++] = (int16_t)n;
			}
		}
		rg->empty = colours == 0;
		rg->colours = rg->empty ? claim : colours;
		rg->owner = MU_NONE;
		if (rg->colours != 0 && (rg->colours & (rg->colours - 1)) == 0)
			rg->owner = (int8_t)__builtin_ctz(rg->colours);
	}
	return (nregions);
}

/* Count the score of g's board and decide the result. */
void
mu_score_count(const struct mu_game *g, struct mu_score *s)
{
	struct mu_region	regions[MU_MAX_CELLS];
	int			n, i;

	memset(s, 0, sizeof *s);
	n = mu_score_regions(g, regions);
	for (i = 0; i < n; i++) {
		if (regions[i].owner != MU_NONE)
			s->points[regions[i].owner] += regions[i].cells;
		else
			s->neutral += regions[i].cells;
	}
	mu_score_result(g, s);
}
