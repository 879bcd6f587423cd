#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "mur-rules.h"
#include "xmalloc.h"

/*
 * The stones' rules (seed 004), on a position of bit masks:
 *
 * - Order: linked stones (neighbours of one colour) form a group, and
 *   each stone's order is its group's size; the mur stone links with
 *   nothing and is always of the fourth order.  A stone moves exactly
 *   its order, and stones passed over do not block it.
 * - Bumping: a stone may land on an occupied point only if its order
 *   is higher (its number lower) than the stone there, whose order is
 *   read before the move.  The bumped stone goes on along the mover's
 *   path to the first free point; the mover's own point is free, so
 *   on this board it always finds one, but the engine checks.
 * - Traps: a stone is trapped when every neighbour holds an opposing
 *   stone; the mur stone never helps, and a stone with a friend beside
 *   it is not trapped.  The mur stone is trapped when every neighbour
 *   holds a stone of one side.
 * - Eyes: a free point whose neighbours are all of one colour.  A
 *   stone may be placed or moved into an eye, of either colour, only
 *   if that traps an opposing stone at once; the stone entering an
 *   opponent's eye is then surrounded too, and is excused, since the
 *   opponent's withdrawal frees it (docs/rules.md, "Eyes").  A bumped
 *   stone comes to rest where the path puts it, eye or not.
 * - A placement or move may not leave any other stone of the mover's
 *   trapped (self-trap), and a move must change the mover's points.
 *
 * Causes leave out the action; the caller names it.
 */

static const char *mur_rules_sides[] = { "black", "white", "the mur" };

static int	mur_rules_around(const struct mur_pos *, int);
static int	mur_rules_finish(const struct mur_pos *, int,
		    struct mur_effect *, char **);

/* Fail with a cause, if the caller wants one; returns -1. */
int
mur_rules_fail(char **cause, const char *fmt, ...)
{
	va_list	ap;

	if (cause != NULL) {
		va_start(ap, fmt);
		xvasprintf(cause, fmt, ap);
		va_end(ap);
	}
	return (-1);
}

/* The side with a stone on p (MUR_NEUTRAL for the mur stone), or -1. */
int
mur_rules_owner(const struct mur_pos *pos, int p)
{
	if (pos->stones[MUR_BLACK] & (1U << p))
		return (MUR_BLACK);
	if (pos->stones[MUR_WHITE] & (1U << p))
		return (MUR_WHITE);
	if (pos->mur == p)
		return (MUR_NEUTRAL);
	return (-1);
}

/* Fill order[] with each point's order: its group's size, 4 for mur. */
void
mur_rules_orders(const struct mur_pos *pos, uint8_t *order)
{
	uint32_t	rem, grp, prev, m, stones;
	int		side, size;

	memset(order, 0, MUR_POINTS);
	for (side = 0; side < 2; side++) {
		stones = pos->stones[side];
		for (rem = stones; rem != 0; rem &= ~grp) {
			grp = rem & -rem;
			do {
				prev = grp;
				grp |= mur_board_neighbours(grp) & stones;
			} while (grp != prev);
			size = mur_board_count(grp);
			for (m = grp; m != 0; m &= m - 1)
				order[__builtin_ctz(m)] = (uint8_t)size;
		}
	}
	order[pos->mur] = MUR_MUR_ORDER;
}

/*
 * The stones of side that are trapped: every neighbour an opponent's,
 * so none next to a point that is not.
 */
uint32_t
mur_rules_trapped(const struct mur_pos *pos, int side)
{
	return (pos->stones[side] &
	    ~mur_board_neighbours(MUR_ALL & ~pos->stones[1 - side]));
}

/* The side whose stones fill every neighbour of p, or -1. */
static int
mur_rules_around(const struct mur_pos *pos, int p)
{
	uint32_t	adj = mur_board_adjacent[p];

	if ((adj & ~pos->stones[MUR_BLACK]) == 0)
		return (MUR_BLACK);
	if ((adj & ~pos->stones[MUR_WHITE]) == 0)
		return (MUR_WHITE);
	return (-1);
}

/* The side whose stones trap the mur stone, or -1. */
int
mur_rules_mur_trapped(const struct mur_pos *pos)
{
	return (mur_rules_around(pos, pos->mur));
}

/* If the free point p is an eye, the side around it; else -1. */
int
mur_rules_eye(const struct mur_pos *pos, int p)
{
	return (mur_rules_around(pos, p));
}

/* How many of side's stones are off the board. */
int
mur_rules_off(const struct mur_pos *pos, int side)
{
	return (MUR_STONES - mur_board_count(pos->stones[side]));
}

/*
 * Walk on from where a bumped stone was to the first point not in
 * occupied, where it comes to rest; -1 if there is none within
 * MUR_PATH_MAX steps.
 */
int
mur_rules_rest(uint32_t occupied, struct mur_walk *w)
{
	int	k, p;

	for (k = 0; k < MUR_PATH_MAX; k++) {
		p = mur_board_next(w);
		if ((occupied & (1U << p)) == 0)
			return (p);
	}
	return (-1);
}

/* The checks after a placement or move: eyes and self-traps. */
static int
mur_rules_finish(const struct mur_pos *pos, int side, struct mur_effect *e,
    char **cause)
{
	struct buf	names;
	uint32_t	mine, excused = 0;

	e->trapped = mur_rules_trapped(&e->after, 1 - side);
	if (e->eye != -1) {
		if (e->trapped == 0)
			return (mur_rules_fail(cause, "%s is an eye (every "
			    "neighbour is %s), and a stone may enter an eye "
			    "only to trap an opposing stone at once; this "
			    "traps none", mur_board_name(e->to),
			    mur_rules_sides[e->eye]));
		excused = 1U << e->to;
	}
	mine = mur_rules_trapped(&e->after, side) & ~excused;
	if (mine != 0) {
		if (cause != NULL) {
			buf_init(&names);
			mur_board_list(mine, &names);
			xasprintf(cause, "it would trap your own stone%s on "
			    "%s (every neighbour %s), and a player may not "
			    "trap their own stones", (mine & (mine - 1)) ?
			    "s" : "", names.data, (mine & (mine - 1)) ?
			    "of each would be an opposing stone" :
			    "would be an opposing stone");
			buf_free(&names);
		}
		return (-1);
	}
	(void)pos;
	return (0);
}

/* Place one of side's off-board stones on p. */
int
mur_rules_place(const struct mur_pos *pos, int side, int p,
    struct mur_effect *e, char **cause)
{
	int	owner;

	if ((owner = mur_rules_owner(pos, p)) != -1)
		return (mur_rules_fail(cause, "%s is taken (by %s stone)",
		    mur_board_name(p), owner == MUR_NEUTRAL ? "the mur" :
		    owner == side ? "your" : "your opponent's"));
	if (mur_rules_off(pos, side) == 0)
		return (mur_rules_fail(cause, "all seven of your stones are "
		    "on the board, so there is none to place; move one"));
	e->after = *pos;
	e->after.stones[side] |= 1U << p;
	e->from = -1;
	e->to = p;
	e->dir = 0;
	e->order = 0;
	e->bumped = -1;
	e->rest = -1;
	e->eye = mur_rules_eye(pos, p);
	return (mur_rules_finish(pos, side, e, cause));
}

/*
 * Move side's stone on p in direction dir; order[] holds the orders of
 * pos (mur_rules_orders).
 */
int
mur_rules_move(const struct mur_pos *pos, const uint8_t *order, int side,
    int p, int dir, struct mur_effect *e, char **cause)
{
	struct mur_walk	w;
	uint32_t	occupied, bit = 1U << p;
	int		owner, d, t, k;

	if ((owner = mur_rules_owner(pos, p)) != side)
		return (mur_rules_fail(cause, owner == -1 ? "there is no "
		    "stone on %s" : owner == MUR_NEUTRAL ? "%s holds the mur "
		    "stone, which no player may move" : "%s holds your "
		    "opponent's stone, not yours", mur_board_name(p)));
	if (!mur_board_dir_valid(p, dir))
		return (mur_rules_fail(cause, "a stone on %s cannot move %s",
		    mur_board_name(p), mur_board_dir_name(dir)));
	d = order[p];
	t = p;
	mur_board_walk(&w, p, dir);
	for (k = 0; k < d; k++)
		t = mur_board_next(&w);
	occupied = (pos->stones[0] | pos->stones[1] |
	    (1U << pos->mur)) & ~bit;
	e->after = *pos;
	e->after.stones[side] &= ~bit;
	e->from = p;
	e->to = t;
	e->dir = dir;
	e->order = d;
	e->bumped = -1;
	e->rest = -1;
	e->eye = -1;
	if (occupied & (1U << t)) {
		owner = mur_rules_owner(pos, t);
		if (order[t] <= d)
			return (mur_rules_fail(cause, "the stone on %s is of "
			    "order %d, so it moves %d, to %s; %s holds %s "
			    "stone of order %d, and only a stone of a higher "
			    "order (a lower number) may bump it",
			    mur_board_name(p), d, d, mur_board_name(t),
			    mur_board_name(t), owner == MUR_NEUTRAL ?
			    "the mur" : owner == side ? "your" :
			    "your opponent's", order[t]));
		if ((e->rest = mur_rules_rest(occupied, &w)) == -1)
			return (mur_rules_fail(cause, "the stone it bumps from "
			    "%s would find no free point to rest on",
			    mur_board_name(t)));
		e->bumped = owner;
		if (owner == MUR_NEUTRAL)
			e->after.mur = e->rest;
		else
			e->after.stones[owner] ^= (1U << t) | (1U << e->rest);
	} else if (t != p)
		e->eye = mur_rules_eye(pos, t);
	e->after.stones[side] |= 1U << t;
	if (e->after.stones[side] == pos->stones[side]) {
		if (t == p)
			return (mur_rules_fail(cause, "the stone on %s is of "
			    "order %d, and %d steps %s bring it back to %s; "
			    "a turn must change your position",
			    mur_board_name(p), d, d, mur_board_dir_name(dir),
			    mur_board_name(p)));
		return (mur_rules_fail(cause, "it knocks your own stone from "
		    "%s back to %s, so your stones would stand where they "
		    "stood; a turn must change your position",
		    mur_board_name(t), mur_board_name(p)));
	}
	return (mur_rules_finish(pos, side, e, cause));
}
