#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mu-candidate.h"
#include "mu-explode.h"
#include "mu-game.h"
#include "mu-turn.h"
#include "xmalloc.h"

/*
 * The robots' candidate actions (struct game_ops, extend; docs/robots.md).
 *
 * Without a turn begun, they are the legal actions, the pass last.  In
 * the movement phase a move whose chain reaction explodes two or more
 * cells may also come in other orders: the default resolution is run,
 * and for each of the first MU_CANDIDATE_TRIES cells that exploded
 * after the first, the move is tried again with an explosion list that
 * names that cell alone.  The order is kept if it is accepted (the
 * cell was hot at the first choice) and leaves a board unlike the
 * default's and the orders kept before, up to MU_CANDIDATE_ORDERS of
 * them.  Later choices of the same reaction keep the default order.
 *
 * Continuing a turn: the turn's moves so far are played (without
 * ending the turn) and the candidates are that turn plus each single
 * move still allowed, with its orders as above; none once the turn
 * allows no more moves (always in levis).
 */

struct mu_candidate_out {
	struct mu_action	*list;
	int			 n;
	int			 size;
};

static int	mu_candidate_play(struct mu_game *, struct mu_turn *,
		    const struct mu_action *);
static int	mu_candidate_add(struct mu_candidate_out *,
		    const struct mu_action *, const struct mu_move *,
		    const int16_t *);
static int	mu_candidate_orders(const struct mu_game *,
		    const struct mu_turn *, const struct mu_move *,
		    int16_t *);

/* Play the moves of turn a on g without ending the turn. */
static int
mu_candidate_play(struct mu_game *g, struct mu_turn *t,
    const struct mu_action *a)
{
	char	*cause;
	int	 i;

	for (i = 0; i < a->nsteps; i++) {
		if (mu_game_step(g, t, a, i, NULL, &cause) == -1) {
			free(cause);
			return (-1);
		}
	}
	return (0);
}

/*
 * Add turn a followed by move m (with one explosion list entry, first,
 * if not NULL) to out; -1 if the action has no room for it.
 */
static int
mu_candidate_add(struct mu_candidate_out *out, const struct mu_action *a,
    const struct mu_move *m, const int16_t *first)
{
	struct mu_action	*c;
	struct mu_step		*st;

	if (a->nsteps >= MU_TURN_MAX || a->nlist >= MU_LIST_MAX)
		return (-1);
	if (out->n == out->size) {
		out->size = out->size == 0 ? 64 : out->size * 2;
		out->list = xreallocarray(out->list, (size_t)out->size,
		    sizeof *out->list);
	}
	c = &out->list[out->n++];
	memcpy(c, a, sizeof *c);
	st = &c->steps[c->nsteps++];
	memset(st, 0, sizeof *st);
	st->move = *m;
	st->at = (uint16_t)c->nlist;
	if (first != NULL) {
		c->list[c->nlist++] = *first;
		st->nexplode = 1;
	}
	return (0);
}

/*
 * Fill alt[] (room for MU_CANDIDATE_ORDERS) with the first cells of
 * the other explosion orders worth trying for move m in turn t of g;
 * returns how many.
 */
static int
mu_candidate_orders(const struct mu_game *g, const struct mu_turn *t,
    const struct mu_move *m, int16_t *alt)
{
	struct mu_game		*work;
	struct mu_turn		 wt;
	struct mu_report	 r;
	struct mu_order		 order;
	struct mu_cell		*seen;	/* boards, ncells cells each */
	int16_t			 tries[MU_CANDIDATE_TRIES];
	size_t			 i, ncells, size;
	char			*cause;
	int			 ntries = 0, nalt = 0, j, k, e;

	seen = NULL;
	work = xreallocarray(NULL, 2, sizeof *work);
	ncells = (size_t)mu_board_ncells(&g->board);
	size = ncells * sizeof *seen;
	mu_report_init(&r);
	mu_game_copy(&work[0], g);
	wt = *t;
	e = mu_game_move(&work[0], &wt, m, NULL, &r, &cause);
	if (e == -1)
		free(cause);
	if (e < 2)
		goto out;
	seen = xreallocarray(NULL, (1 + MU_CANDIDATE_ORDERS) * ncells,
	    sizeof *seen);
	memcpy(seen, work[0].board.cells, size);
	for (i = 0, j = 0; i < r.n && ntries < MU_CANDIDATE_TRIES; i++) {
		if (r.events[i].type != MU_EVENT_EXPLODE || j++ == 0)
			continue;
		for (k = 0; k < ntries && tries[k] != r.events[i].cell; k++)
			;
		if (k == ntries)
			tries[ntries++] = r.events[i].cell;
	}
	memset(&order, 0, sizeof order);
	order.nexplode = 1;
	for (j = 0; j < ntries && nalt < MU_CANDIDATE_ORDERS; j++) {
		mu_game_copy(&work[1], g);
		wt = *t;
		order.explode = &tries[j];
		if (mu_game_move(&work[1], &wt, m, &order, NULL, &cause) ==
		    -1) {
			free(cause);
			continue;
		}
		for (k = 0; k <= nalt; k++) {
			if (memcmp(seen + k * ncells, work[1].board.cells,
			    size) == 0)
				break;
		}
		if (k <= nalt)
			continue;
		memcpy(seen + ++nalt * ncells, work[1].board.cells, size);
		alt[nalt - 1] = tries[j];
	}
out:
	mu_report_free(&r);
	free(seen);
	free(work);
	return (nalt);
}

/*
 * Make *out a new array of the candidates that start a turn (a NULL)
 * or continue turn a by one move; returns how many.
 */
int
mu_candidate_list(const struct mu_game *g, const struct mu_action *a,
    struct mu_action **out)
{
	struct mu_candidate_out	 co;
	struct mu_action	 empty;
	struct mu_move		*moves;
	struct mu_game		*work;
	struct mu_turn		 t;
	int16_t			 alt[MU_CANDIDATE_ORDERS];
	int			 n, i, j, nalt;

	if (g->phase != MU_PHASE_MOVEMENT) {
		if (a == NULL)
			return (mu_game_legal(g, out));
		*out = xcalloc(1, sizeof **out);
		return (0);
	}
	memset(&co, 0, sizeof co);
	memset(&empty, 0, sizeof empty);
	empty.type = MU_ACTION_TURN;
	empty.segment = MU_NONE;
	if (a == NULL)
		a = &empty;
	work = xmalloc(sizeof *work);
	mu_game_copy(work, g);
	mu_turn_begin(work, &t);
	moves = xreallocarray(NULL, MU_MOVE_MAX, sizeof *moves);
	n = 0;
	if (a->type == MU_ACTION_TURN && mu_candidate_play(work, &t, a) == 0)
		n = mu_move_list(work, &t, moves);
	for (i = 0; i < n; i++) {
		if (mu_candidate_add(&co, a, &moves[i], NULL) == -1)
			break;
		nalt = mu_candidate_orders(work, &t, &moves[i], alt);
		for (j = 0; j < nalt; j++)
			mu_candidate_add(&co, a, &moves[i], &alt[j]);
	}
	if (a == &empty) {
		if (co.n == co.size)
			co.list = xreallocarray(co.list, (size_t)co.n + 1,
			    sizeof *co.list);
		memcpy(&co.list[co.n++], &empty, sizeof empty);
	}
	if (co.list == NULL)
		co.list = xcalloc(1, sizeof *co.list);
	free(moves);
	free(work);
	*out = co.list;
	return (co.n);
}
