#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rng.h"
#include "robot-private.h"
#include "xmalloc.h"

/*
 * The mcts robot (docs/robots.md, "mcts"): UCT over a tree of actions,
 * max-n for any number of seats.
 *
 * The root's children are the ROBOT_ROOT best turns of greedy's turn
 * search (robot-greedy.c), each starting with ROBOT_PRIOR visits worth
 * its evaluation, so the search begins from greedy's opinion and needs
 * playouts to overturn it.  A deeper node's children are its position's
 * legal actions, ordered on the node's second visit by the evaluation
 * for its mover after each (robot_tree_order): the opponent's best
 * replies are tried first.  Where a turn may hold several moves (the
 * game has extend), the best one-move turn extended a move at a time
 * while that helps comes before them.  They are added one at a time,
 * progressive widening letting a node visited v times have 1 + sqrt(v)
 * children.
 *
 * Each playout walks down from the root, at each node taking the child
 * best for the seat to move there by UCT (its mean value for that seat
 * plus ROBOT_UCT_C * sqrt(ln N / n)), adds a child where widening
 * allows and scores the new position with the game's evaluation: one
 * value a seat, in [0, 1].  Random turns would only add noise, so no
 * playout is played, except while the evaluation tells no seat apart:
 * then the game's random actions are played for up to ROBOT_DEPTH
 * turns a seat.  Every node on the way adds the whole vector, and each
 * node's mover maximises their own entry (max-n), so three to six
 * players need nothing more.
 *
 * The budget is o->budget playouts (ROBOT_BUDGET if 0); o->stop is
 * asked every ROBOT_STOP_EVERY playouts.  If the first ROBOT_FLAT
 * playouts all give every seat the same value, the evaluation cannot
 * tell the turns apart (Mu's layout and selection) and the search stops
 * there.  Playouts that agree but tell the seats apart do not stop it:
 * in a sparse Mu ending most turns change nothing the evaluation sees,
 * and only a deeper search finds the ones that do (a velox midgame of
 * single men once stopped after 64 playouts at every budget).
 * The choice is the root child visited most, then the better mean, then
 * the better turn search rank.  A pass that would end the game is
 * always a root child, and is played instead when nothing is to be
 * gained by moving on (robot_tree_pass), so that two robots end a game
 * by passing in turn.  The caller's history of the game (struct
 * game_history) is the search's memory: a leader does not go back to a
 * position the game has been in, and a mover that does not lead passes
 * first when the game has gone quiet (its evaluation unchanged for
 * ROBOT_QUIET turns a seat) or its turn would repeat a position
 * (robot_tree_fresh).
 * Everything drawn comes from o->seed: the same seed and budget give
 * the same action.
 *
 * The expert level is this search with two options (robot-expert.c):
 * ROBOT_EXPERT_BUDGET playouts by default, and at the root's children,
 * where the game has extend, the turn search's best whole turns as the
 * candidates (robot_tree_replies) instead of the one-move turns.
 */

#ifndef ROBOT_DEPTH
#define ROBOT_DEPTH		4	/* flat playout turns, per seat */
#endif
#ifndef ROBOT_UCT_C
#define ROBOT_UCT_C		0.2	/* exploration */
#endif
#define ROBOT_ROOT		16	/* root children */
#define ROBOT_PRIOR		3.0	/* visits a root child starts with */
#define ROBOT_FLAT		64	/* equal playouts that end a search */
#define ROBOT_STOP_EVERY	8	/* playouts between calls of stop */
#define ROBOT_PROGRESS		0.02	/* a gain a leader plays on for */
#define ROBOT_PATIENCE		16	/* offers a leader lets pass, about */
#define ROBOT_LEAD		0.02	/* above 1/n: a lead that plays on */
#define ROBOT_QUIET		60	/* turns a seat: a game gone quiet */
#define ROBOT_STALE		4	/* times ROBOT_QUIET: one gone stale */
#define ROBOT_FRESH		0.05	/* a new position's cost, at most */

struct robot_node {
	int		parent;
	int		child;		/* first child, or -1 */
	int		sibling;	/* next sibling, or -1 */
	int		nchildren;
	int		ncand;		/* candidates; -1 until counted */
	int		seat;		/* to move here; -1: over */
	int		order;		/* candidates' order in t->order */
	int		chain;		/* longer turn in t->chains, or -1 */
	int		nchain;		/* turns there: 1, expert's more */
	uint64_t	seed;		/* orders the candidates */
	size_t		seen;		/* root child: its position's repeats */
	double		visits;
	double		reward[ROBOT_SEATS];
};

struct robot_tree {
	const struct game	*root;
	size_t			 size;		/* bytes of an action */
	int			 nseats;
	struct robot_node	*nodes;
	unsigned char		*actions;	/* each node's action */
	int			 n;
	int			 room;
	int			*order;		/* nodes' candidate orders */
	int			 norder;
	int			 orderroom;
	unsigned char		*chains;	/* nodes' longer turns */
	int			 nchains;
	struct rng		 rng;
	int			 pass;		/* root pass, or -1 */
	const struct game_history *history;	/* or NULL */
	struct action		*passing;	/* the root's pass, or NULL */
	int			 expert;	/* whole-turn replies */
};

static int	robot_tree_add(struct robot_tree *, int,
		    const struct action *, int);
static const struct action *robot_tree_action(const struct robot_tree *,
		    int);
static int	robot_tree_ends(const struct game *, const struct action *);
static void	robot_tree_root(struct robot_tree *, int);
static int	robot_tree_order(struct robot_tree *, int,
		    const struct game *);
static int	robot_tree_replies(struct robot_tree *, int,
		    const struct game *);
static int	robot_tree_longer(struct robot_tree *, const struct game *,
		    int, struct action *, double *);
static int	robot_tree_expand(struct robot_tree *, int, struct game *);
static int	robot_tree_select(const struct robot_tree *, int);
static void	robot_tree_playout(struct robot_tree *, struct game *,
		    double *);
static void	robot_tree_iterate(struct robot_tree *, double *);
static int	robot_tree_even(const struct robot_tree *, const double *);
static int	robot_tree_choice(const struct robot_tree *);
static int	robot_tree_quiet(const struct robot_tree *);
static int	robot_tree_pass(struct robot_tree *, int);
static int	robot_tree_fresh(struct robot_tree *, int);

/* A new child of parent (-1: the root) for action a; its index. */
static int
robot_tree_add(struct robot_tree *t, int parent, const struct action *a,
    int seat)
{
	struct robot_node	*nd;
	int			 i = t->n;

	if (t->n == t->room) {
		t->room = t->room == 0 ? 256 : t->room * 2;
		t->nodes = xreallocarray(t->nodes, (size_t)t->room,
		    sizeof *t->nodes);
		t->actions = xreallocarray(t->actions, (size_t)t->room,
		    t->size);
	}
	nd = &t->nodes[t->n++];
	memset(nd, 0, sizeof *nd);
	nd->parent = parent;
	nd->child = nd->sibling = -1;
	nd->ncand = -1;
	nd->seat = seat;
	nd->chain = -1;
	nd->seed = rng_next(&t->rng);
	if (a != NULL)
		memcpy(t->actions + (size_t)i * t->size, a, t->size);
	else
		memset(t->actions + (size_t)i * t->size, 0, t->size);
	if (parent != -1) {
		nd->sibling = t->nodes[parent].child;
		t->nodes[parent].child = i;
		t->nodes[parent].nchildren++;
	}
	return (i);
}

static const struct action *
robot_tree_action(const struct robot_tree *t, int i)
{
	return ((const struct action *)(t->actions + (size_t)i * t->size));
}

/* Does a, played by g's mover, end the game? */
static int
robot_tree_ends(const struct game *g, const struct action *a)
{
	struct game	*c;
	char		*cause;
	int		 ends = 0;

	c = game_copy(g);
	if (c->ops->apply(c, c->ops->to_move(c), a, NULL, &cause) == -1)
		free(cause);
	else
		ends = c->ops->to_move(c) == -1;
	game_free(c);
	return (ends);
}

/* The root and its children, the turn search's best, with priors. */
static void
robot_tree_root(struct robot_tree *t, int seed_children)
{
	struct robot_turns	 turns;
	struct robot_node	*nd;
	struct game		*c;
	char			*cause;
	int			 i, j, k, seat;

	robot_tree_add(t, -1, NULL, t->root->ops->to_move(t->root));
	robot_turns_search(t->root, rng_next(&t->rng), &turns);
	/* A pass that ends the game comes too, wherever it ranks. */
	for (i = 0; i < turns.n; i++) {
		if (robot_is_word(t->root, robot_turns_at(&turns, i), "pass"))
			break;
	}
	if (i < turns.n) {
		t->passing = game_action_new(t->root);
		memcpy(t->passing, robot_turns_at(&turns, i), t->size);
	}
	if (i < turns.n && !robot_tree_ends(t->root, robot_turns_at(&turns,
	    i)))
		i = turns.n;
	k = turns.n < seed_children ? turns.n : seed_children;
	for (j = 0; j < k && i < turns.n; j++) {
		if (turns.order[j] == i)
			i = turns.n;
	}
	if (i < turns.n)
		turns.order[k++] = i;
	t->pass = -1;
	/* Children are pushed at the head: add the worst first. */
	for (j = k - 1; j >= 0; j--) {
		i = turns.order[j];
		c = game_copy(t->root);
		if (c->ops->apply(c, c->ops->to_move(c),
		    robot_turns_at(&turns, i), NULL, &cause) == -1) {
			free(cause);
			game_free(c);
			continue;
		}
		seat = c->ops->to_move(c);
		nd = &t->nodes[robot_tree_add(t, 0, robot_turns_at(&turns, i),
		    seat)];
		if (t->history != NULL && c->ops->hash != NULL)
			nd->seen = game_history_count(t->history,
			    c->ops->hash(c));
		game_free(c);
		if (robot_is_word(t->root, robot_turns_at(&turns, i), "pass"))
			t->pass = t->n - 1;
		nd->visits = ROBOT_PRIOR;
		for (seat = 0; seat < t->nseats; seat++)
			nd->reward[seat] = ROBOT_PRIOR *
			    turns.values[i * ROBOT_SEATS + seat];
		t->nodes[0].visits += ROBOT_PRIOR;
	}
	t->nodes[0].ncand = t->nodes[0].nchildren;
	robot_turns_free(&turns);
}

/*
 * Order the candidates of a deeper node at position g, best for its
 * mover first by the evaluation after each, and count them.  Where a
 * turn may hold several moves, the best one-move turn is extended a move
 * at a time while that helps, and this longer turn comes first.
 */
static int
robot_tree_order(struct robot_tree *t, int node, const struct game *g)
{
	struct robot_node	*nd = &t->nodes[node];
	struct robot_rank	*r;
	struct action		*list, *turn;
	struct rng		 rng;
	double			 values[ROBOT_SEATS], best;
	int			 n, i, seat = nd->seat, chain = -1;

	if (t->expert && nd->parent == 0 && g->ops->extend != NULL)
		return (robot_tree_replies(t, node, g));
	n = g->ops->legal(g, &list);
	r = xreallocarray(NULL, (size_t)n + 1, sizeof *r);
	rng_init(&rng, nd->seed);
	for (i = 0; i < n; i++) {
		memset(values, 0, sizeof values);
		r[i].score = robot_value(g, game_action_at(g, list, i), seat,
		    values) == -1 ? -1 : values[seat];
		r[i].key = rng_next(&rng);
		r[i].i = i;
	}
	qsort(r, (size_t)n, sizeof *r, robot_rank_cmp);
	if (t->norder + n > t->orderroom) {
		t->orderroom = (t->norder + n) * 2;
		t->order = xreallocarray(t->order, (size_t)t->orderroom,
		    sizeof *t->order);
	}
	nd->order = t->norder;
	for (i = 0; i < n; i++)
		t->order[t->norder++] = r[i].i;
	if (g->ops->extend != NULL && n > 0 && r[0].score >= 0) {
		turn = game_action_new(g);
		memcpy(turn, game_action_at(g, list, r[0].i), t->size);
		best = r[0].score;
		while (robot_tree_longer(t, g, seat, turn, &best))
			chain = 0;
		if (chain == 0) {
			t->chains = xreallocarray(t->chains,
			    (size_t)t->nchains + 1, t->size);
			memcpy(t->chains + (size_t)t->nchains * t->size, turn,
			    t->size);
			nd->chain = t->nchains++;
			nd->nchain = 1;
		}
		free(turn);
	}
	free(r);
	free(list);
	return (n + nd->nchain);
}

/*
 * Expert's candidates at a reply to a root child: the turn search's
 * best whole turns (robot-expert.c), all of them in t->chains.
 */
static int
robot_tree_replies(struct robot_tree *t, int node, const struct game *g)
{
	struct robot_node	*nd = &t->nodes[node];
	unsigned char		*turns;
	int			 n;

	n = robot_expert_replies(g, nd->seed, ROBOT_REPLIES, &turns);
	t->chains = xreallocarray(t->chains, (size_t)t->nchains + n + 1,
	    t->size);
	memcpy(t->chains + (size_t)t->nchains * t->size, turns,
	    (size_t)n * t->size);
	nd->chain = t->nchains;
	nd->nchain = n;
	t->nchains += n;
	free(turns);
	return (n);
}

/* Replace turn by its best one-move extension if that beats *best. */
static int
robot_tree_longer(struct robot_tree *t, const struct game *g, int seat,
    struct action *turn, double *best)
{
	struct action	*list;
	double		 values[ROBOT_SEATS];
	int		 n, i, pick = -1;

	n = robot_candidates(g, turn, &list);
	for (i = 0; i < n; i++) {
		memset(values, 0, sizeof values);
		if (robot_value(g, game_action_at(g, list, i), seat,
		    values) == -1 || values[seat] <= *best)
			continue;
		*best = values[seat];
		pick = i;
	}
	if (pick != -1)
		memcpy(turn, game_action_at(g, list, pick), t->size);
	free(list);
	return (pick != -1);
}

/*
 * Add node's next child, playing its action on g (at node's position);
 * returns the child, or -1 if the action was refused.
 */
static int
robot_tree_expand(struct robot_tree *t, int node, struct game *g)
{
	struct robot_node	*nd = &t->nodes[node];
	struct action		*list = NULL, *a;
	int			 k = nd->nchildren, seat = nd->seat, rc = -1;
	char			*cause;

	a = game_action_new(g);
	if (k < nd->nchain)
		memcpy(a, t->chains + (size_t)(nd->chain + k) * t->size,
		    t->size);
	else {
		k -= nd->nchain;
		g->ops->legal(g, &list);
		memcpy(a, game_action_at(g, list, t->order[nd->order + k]),
		    t->size);
	}
	if (g->ops->apply(g, seat, a, NULL, &cause) == -1)
		free(cause);
	else
		rc = robot_tree_add(t, node, a, g->ops->to_move(g));
	free(list);
	free(a);
	return (rc);
}

/* The child of node best for its mover by UCT, or -1 if none. */
static int
robot_tree_select(const struct robot_tree *t, int node)
{
	const struct robot_node	*nd = &t->nodes[node], *c;
	double			 best = -1, v, logn;
	int			 i, pick = -1;

	logn = log(nd->visits + 1);
	for (i = nd->child; i != -1; i = c->sibling) {
		c = &t->nodes[i];
		v = c->reward[nd->seat] / c->visits +
		    ROBOT_UCT_C * sqrt(logn / c->visits);
		if (v > best) {
			best = v;
			pick = i;
		}
	}
	return (pick);
}

/*
 * Fill values with g's evaluation.  While it tells no seat apart (Mu's
 * layout and selection), play random turns first, up to ROBOT_DEPTH a
 * seat, so that the search looks on into the phase it can judge.
 */
static void
robot_tree_playout(struct robot_tree *t, struct game *g, double *values)
{
	struct action	*a;
	char		*cause;
	int		 d, s, seat;

	a = game_action_new(g);
	g->ops->evaluate(g, values);
	for (d = 0; d < ROBOT_DEPTH * t->nseats; d++) {
		for (s = 1; s < t->nseats; s++) {
			if (values[s] != values[0])
				break;
		}
		if (s < t->nseats || (seat = g->ops->to_move(g)) == -1)
			break;
		g->ops->random(g, rng_next(&t->rng), a);
		if (g->ops->apply(g, seat, a, NULL, &cause) == -1) {
			free(cause);
			break;
		}
		g->ops->evaluate(g, values);
	}
	free(a);
}

/* One playout: down the tree, widen, play out, back up; values too. */
static void
robot_tree_iterate(struct robot_tree *t, double *values)
{
	struct robot_node	*nd;
	struct game		*g;
	char			*cause;
	int			 node = 0, next, s;

	g = game_copy(t->root);
	for (;;) {
		nd = &t->nodes[node];
		if (nd->seat == -1)
			break;
		if (nd->ncand == -1)
			nd->ncand = robot_tree_order(t, node, g);
		if (nd->nchildren < nd->ncand &&
		    nd->nchildren < 1 + (int)sqrt(nd->visits)) {
			if ((next = robot_tree_expand(t, node, g)) == -1)
				t->nodes[node].ncand = t->nodes[node].nchildren;
			else
				node = next;
			break;
		}
		if ((next = robot_tree_select(t, node)) == -1)
			break;
		if (g->ops->apply(g, nd->seat, robot_tree_action(t, next),
		    NULL, &cause) == -1) {
			free(cause);
			break;
		}
		node = next;
	}
	memset(values, 0, ROBOT_SEATS * sizeof *values);
	robot_tree_playout(t, g, values);
	game_free(g);
	for (; node != -1; node = t->nodes[node].parent) {
		nd = &t->nodes[node];
		nd->visits++;
		for (s = 0; s < t->nseats; s++)
			nd->reward[s] += values[s];
	}
}

/* Do values give every seat the same? */
static int
robot_tree_even(const struct robot_tree *t, const double *values)
{
	int	s;

	for (s = 1; s < t->nseats; s++) {
		if (values[s] != values[0])
			return (0);
	}
	return (1);
}

/* The root child to play: most visited, then best mean, then first. */
static int
robot_tree_choice(const struct robot_tree *t)
{
	const struct robot_node	*c;
	double			 best = -1, mean, bestmean = -1;
	int			 i, pick = -1, seat = t->nodes[0].seat;

	for (i = t->nodes[0].child; i != -1; i = c->sibling) {
		c = &t->nodes[i];
		mean = c->reward[seat] / c->visits;
		if (c->visits > best || (c->visits == best &&
		    mean > bestmean)) {
			best = c->visits;
			bestmean = mean;
			pick = i;
		}
	}
	return (pick);
}

/*
 * Has the game gone nowhere for long?  1 if the evaluation has not
 * changed for ROBOT_QUIET turns a seat, 2 for ROBOT_STALE times that,
 * 0 if not or without a history.
 */
static int
robot_tree_quiet(const struct robot_tree *t)
{
	size_t	quiet = game_history_quiet(t->history);
	size_t	turns = (size_t)ROBOT_QUIET * (size_t)t->nseats;

	if (quiet >= turns * ROBOT_STALE)
		return (2);
	return (quiet >= turns);
}

/*
 * Should the root pass rather than play child pick?  Only where the
 * opponents have passed, so that the pass ends the game and its value
 * is exact:
 * - if it is at least as good as pick;
 * - if it wins, and the search finds no turn better than the position
 *   now by ROBOT_PROGRESS, once in ROBOT_PATIENCE such offers (a draw
 *   from the seed): a lead may be one the mover cannot turn into more
 *   (a huddle it cannot break), and playing on for ever would only
 *   shuffle; the patience leaves it time to catch an opponent who
 *   passes only while it is cornered;
 * - if the game has gone nowhere for ROBOT_QUIET turns a seat
 *   (robot_tree_quiet) and the search sees no progress, when it wins
 *   or draws; after ROBOT_STALE times as long, whatever it gives.
 *   (A leader that waited for a stale game before taking a draw, so
 *   that an opponent who passes leaves its men to be caught, caught
 *   none in four velox games, which only grew from 187-455 turns to
 *   381-1,247.)
 * A first pass is never forced here: while nothing is in reach every
 * turn looks alike, and a pass on a near tie would agree a draw that a
 * patient search wins (mcts drew every velox game with greedy that
 * way).  The end of a game that has gone quiet is robot_tree_fresh's.
 */
static int
robot_tree_pass(struct robot_tree *t, int pick)
{
	const struct robot_node	*p, *c = &t->nodes[pick];
	double			 mean, best, now[ROBOT_SEATS];
	int			 seat = t->nodes[0].seat, quiet, still;

	if (t->pass == -1 || pick == t->pass ||
	    t->nodes[t->pass].seat != -1)
		return (0);
	p = &t->nodes[t->pass];
	mean = p->reward[seat] / p->visits;
	best = c->reward[seat] / c->visits;
	if (mean >= best)
		return (1);
	memset(now, 0, sizeof now);
	t->root->ops->evaluate(t->root, now);
	still = best <= now[seat] + ROBOT_PROGRESS;
	quiet = robot_tree_quiet(t);
	if (still && (quiet == 2 || (quiet == 1 &&
	    mean >= 1.0 / t->nseats)))
		return (1);
	return (mean > 1.0 / t->nseats && still &&
	    rng_next(&t->rng) % ROBOT_PATIENCE == 0);
}

/*
 * Root child pick has been chosen; should another be played?  Returns
 * the child to play, pick itself, or -2 for the root's pass (t->passing).
 * - A mover that leads by more than ROBOT_LEAD, where pick takes the
 *   game back to a position it has been in (t->history), plays the
 *   child visited most of those that lead somewhere new, if one is
 *   worth no more than ROBOT_FRESH less than pick: going round in
 *   circles wins nothing, and a new position may.
 * - A mover that does not lead, whose search finds nothing better than
 *   the position now by ROBOT_PROGRESS, passes where pick repeats a
 *   position or the game has gone quiet (robot_tree_quiet): the pass
 *   offers the others an end by the score, which robot_tree_pass takes
 *   for them when they gain nothing by playing on.
 */
static int
robot_tree_fresh(struct robot_tree *t, int pick)
{
	const struct robot_node	*c;
	double			 now[ROBOT_SEATS], best, mean, visits = -1;
	int			 i, fresh = -1, seat = t->nodes[0].seat;

	if (t->history == NULL)
		return (pick);
	memset(now, 0, sizeof now);
	t->root->ops->evaluate(t->root, now);
	c = &t->nodes[pick];
	best = c->reward[seat] / c->visits;
	if (now[seat] <= 1.0 / t->nseats + ROBOT_LEAD) {
		if (t->passing != NULL && best <= now[seat] + ROBOT_PROGRESS &&
		    (c->seen > 0 || robot_tree_quiet(t) > 0))
			return (-2);
		return (pick);
	}
	if (c->seen == 0)
		return (pick);
	for (i = t->nodes[0].child; i != -1; i = c->sibling) {
		c = &t->nodes[i];
		mean = c->reward[seat] / c->visits;
		if (c->seen == 0 && i != t->pass &&
		    mean >= best - ROBOT_FRESH && c->visits > visits) {
			visits = c->visits;
			fresh = i;
		}
	}
	return (fresh != -1 ? fresh : pick);
}

/* The mcts level. */
int
robot_mcts(const struct game *g, const struct robot_options *o,
    struct action *a, char **cause)
{
	struct robot_tree	t;
	double			first[ROBOT_SEATS], values[ROBOT_SEATS];
	long			budget, i, flat = 0;
	int			pick;

	memset(&t, 0, sizeof t);
	t.root = g;
	t.size = g->ops->action_size;
	t.nseats = g->ops->players(g);
	rng_init(&t.rng, o->seed);
	t.history = o->history;
	t.expert = o->level == ROBOT_EXPERT;
	budget = o->budget > 0 ? o->budget : t.expert ? ROBOT_EXPERT_BUDGET :
	    ROBOT_BUDGET;
	robot_tree_root(&t, ROBOT_ROOT);
	if (t.nodes[0].nchildren > 1) {
		for (i = 0; i < budget; i++) {
			if (o->stop != NULL && i % ROBOT_STOP_EVERY == 0 &&
			    o->stop(o->arg))
				break;
			robot_tree_iterate(&t, values);
			if (i == 0) {
				memcpy(first, values, sizeof first);
				if (!robot_tree_even(&t, values))
					flat = -1;
			}
			if (memcmp(first, values, sizeof first) != 0)
				flat = -1;
			else if (flat != -1 && ++flat == ROBOT_FLAT)
				break;
		}
	}
	if ((pick = robot_tree_choice(&t)) != -1) {
		if (robot_tree_pass(&t, pick))
			pick = t.pass;
		else
			pick = robot_tree_fresh(&t, pick);
	}
	if (pick == -1)
		*cause = xstrdup("no legal action to choose from");
	else if (pick == -2)
		memcpy(a, t.passing, t.size);
	else
		memcpy(a, robot_tree_action(&t, pick), t.size);
	free(t.nodes);
	free(t.actions);
	free(t.order);
	free(t.chains);
	free(t.passing);
	return (pick == -1 ? -1 : 0);
}
