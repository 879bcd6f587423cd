#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mur-game.h"
#include "mur-legal.h"
#include "mur-report.h"
#include "xmalloc.h"

/*
 * The turns of a Mur match (seed 004, docs/rules.md "Mur").
 *
 * A turn is exactly one action: place, move or withdraw; passing is
 * never allowed.  After each placement or move the engine works out
 * what the next player owes: every stone of theirs now trapped, and a
 * stone knocked back.  Knock-back: if the last move's stone A left P
 * and bumped stone B, and now B's owner moves B and bumps A back to P,
 * A's owner must withdraw A.  While a player owes withdrawals, their
 * only action is to withdraw all of them in one turn (a double trap
 * withdraws two).  Each trapped stone withdrawn is a trap for the
 * other side; a knocked-back stone that is not also trapped is not.
 *
 * Turns are counted over the whole match, one for each line of the
 * record, a resignation too, as the mail service numbers them; quiet
 * counts this game's turns since its last trap.
 *
 * A game ends when a side's stones trap the mur stone (that side wins
 * at once), when a side's third trap is withdrawn (it wins), when the
 * player to move has no legal action (they lose), or after
 * MUR_QUIET_CAP turns without a trap with nothing owed (a draw).
 * Resigning, at any time, gives up the match.
 *
 * The next game starts from the final position: the withdrawals still
 * owed are made (no trap scored), the mur stone goes back to the
 * centre, and a stone on the centre is withdrawn to make way.  Black
 * starts the odd games and White the even ones.  The match is over
 * after its last game; more games won wins it.
 */

static int	mur_game_owed(const struct mur_game *, int, char **);
static int	mur_game_withdraw(struct mur_game *, int,
		    const struct mur_action *, struct buf *, char **);
static int	mur_game_stones(struct mur_game *, int,
		    const struct mur_action *, struct buf *, char **);
static void	mur_game_next(struct mur_game *, int, struct buf *);
static void	mur_game_setup(struct mur_game *, struct buf *);

static const char *mur_game_sides[] = { "black", "white" };

/* A new match of games games (0: the default). */
int
mur_game_init(struct mur_game *g, int games, char **cause)
{
	if (games < 0 || games > MUR_GAMES_MAX) {
		xasprintf(cause, "games: a match has 1 to %d games",
		    MUR_GAMES_MAX);
		return (-1);
	}
	memset(g, 0, sizeof *g);
	g->pos.mur = MUR_CENTRE;
	g->to_move = MUR_BLACK;
	g->last_from = g->last_to = g->last_rest = -1;
	g->game = 1;
	g->games = games == 0 ? MUR_GAMES_DEFAULT : games;
	return (0);
}

/* Who starts game n: Black the odd games, White the even. */
int
mur_game_first(int n)
{
	return (n % 2 == 1 ? MUR_BLACK : MUR_WHITE);
}

const char *
mur_game_side(int side)
{
	return (mur_game_sides[side]);
}

/* Games side has won so far. */
int
mur_game_wins(const struct mur_game *g, int side)
{
	int	i, n = 0;

	for (i = 0; i < g->nresults; i++)
		n += g->winner[i] == side;
	return (n);
}

/* The match's winner once it is over: a side, or -1 for a drawn match. */
int
mur_game_match_winner(const struct mur_game *g)
{
	int	b = mur_game_wins(g, MUR_BLACK), w = mur_game_wins(g, MUR_WHITE);

	if (g->nresults > 0 && g->end[g->nresults - 1] == MUR_END_RESIGN)
		return (g->winner[g->nresults - 1]);
	return (b > w ? MUR_BLACK : w > b ? MUR_WHITE : -1);
}

/* Refuse an action other than the withdrawal side owes. */
static int
mur_game_owed(const struct mur_game *g, int side, char **cause)
{
	struct buf	names, words;
	uint32_t	owed = g->withdraw, trapped;
	int		many = (owed & (owed - 1)) != 0;

	if (cause == NULL)
		return (-1);
	trapped = mur_rules_trapped(&g->pos, side) & owed;
	buf_init(&names);
	buf_init(&words);
	mur_board_list(owed, &names);
	mur_board_words(owed, &words);
	xasprintf(cause, "your stone%s on %s %s, and you must withdraw %s "
	    "this turn: write x %s", many ? "s" : "", names.data,
	    trapped == owed ? (many ? "are trapped" : "is trapped") :
	    trapped == 0 ? "was knocked back" : "are trapped or knocked back",
	    many ? "them" : "it", words.data);
	buf_free(&names);
	buf_free(&words);
	return (-1);
}

/*
 * Play action a for side; on failure g is unchanged and *cause says
 * why (without naming the action).  What happened is added to report
 * if it is not NULL.
 */
int
mur_game_apply(struct mur_game *g, int side, const struct mur_action *a,
    struct buf *report, char **cause)
{
	if (g->over)
		return (mur_rules_fail(cause, "the match is over"));
	if (a->type == MUR_RESIGN) {
		g->turns++;
		if (report != NULL)
			mur_report_resign(g, side, report);
		mur_game_finish(g, 1 - side, MUR_END_RESIGN, report);
		return (0);
	}
	if (side != g->to_move)
		return (mur_rules_fail(cause, "it is %s's turn, not %s's",
		    mur_game_sides[g->to_move], mur_game_sides[side]));
	if (a->type == MUR_WITHDRAW)
		return (mur_game_withdraw(g, side, a, report, cause));
	if (g->withdraw != 0)
		return (mur_game_owed(g, side, cause));
	return (mur_game_stones(g, side, a, report, cause));
}

/* A placement or a move. */
static int
mur_game_stones(struct mur_game *g, int side, const struct mur_action *a,
    struct buf *report, char **cause)
{
	struct mur_effect	e;
	uint8_t			order[MUR_POINTS];

	if (a->type == MUR_PLACE) {
		if (mur_rules_place(&g->pos, side, a->point, &e, cause) == -1)
			return (-1);
	} else {
		mur_rules_orders(&g->pos, order);
		if (mur_rules_move(&g->pos, order, side, a->point, a->dir, &e,
		    cause) == -1)
			return (-1);
	}
	mur_game_commit(g, &e, report);
	return (0);
}

/*
 * Make the placement or move e, which the rules allowed for the player
 * to move: note a knock-back, what the next player owes, and whether
 * the game ends.
 */
void
mur_game_commit(struct mur_game *g, const struct mur_effect *e,
    struct buf *report)
{
	int	side = g->to_move, knock = -1, trapper;

	if (e->from != -1 && e->from == g->last_rest && e->to == g->last_to &&
	    e->bumped == 1 - side && e->rest == g->last_from)
		knock = e->rest;
	g->pos = e->after;
	g->last_from = e->from;
	g->last_to = e->from == -1 ? -1 : e->to;
	g->last_rest = e->from == -1 ? -1 : e->rest;
	g->knocked = knock == -1 ? 0 : 1U << knock;
	g->withdraw = e->trapped | g->knocked;
	g->quiet++;
	g->turns++;
	if (report != NULL)
		mur_report_effect(g, side, e, report);
	g->to_move = 1 - side;
	if ((trapper = mur_rules_mur_trapped(&g->pos)) != -1) {
		mur_game_finish(g, trapper, MUR_END_MUR, report);
		return;
	}
	mur_game_next(g, side, report);
}

/* A withdrawal: exactly the stones owed, all in one turn. */
static int
mur_game_withdraw(struct mur_game *g, int side, const struct mur_action *a,
    struct buf *report, char **cause)
{
	struct buf	names, words;
	uint32_t	trapped;
	int		n;

	if (g->withdraw == 0)
		return (mur_rules_fail(cause, "none of your stones is trapped "
		    "or knocked back, and only those may be withdrawn"));
	if (a->points != 0 && a->points != g->withdraw) {
		if (cause != NULL) {
			buf_init(&names);
			buf_init(&words);
			mur_board_list(g->withdraw, &names);
			mur_board_words(g->withdraw, &words);
			xasprintf(cause, "you must withdraw exactly %s%s: "
			    "write x %s", (g->withdraw & (g->withdraw - 1)) ?
			    "both, " : "", names.data, words.data);
			buf_free(&names);
			buf_free(&words);
		}
		return (-1);
	}
	trapped = mur_rules_trapped(&g->pos, side) & g->withdraw;
	n = mur_board_count(trapped);
	if (report != NULL)
		mur_report_withdraw(g, side, g->withdraw, trapped, report);
	g->pos.stones[side] &= ~g->withdraw;
	g->traps[1 - side] += n;
	g->quiet = n > 0 ? 0 : g->quiet + 1;
	g->turns++;
	g->withdraw = g->knocked = 0;
	g->last_from = g->last_to = g->last_rest = -1;
	g->to_move = 1 - side;
	if (g->traps[1 - side] >= MUR_TRAPS_TO_WIN) {
		mur_game_finish(g, 1 - side, MUR_END_TRAPS, report);
		return (0);
	}
	mur_game_next(g, side, report);
	return (0);
}

/* After side's action: a draw by the cap, or the next player stuck. */
static void
mur_game_next(struct mur_game *g, int side, struct buf *report)
{
	if (g->quiet >= MUR_QUIET_CAP && g->withdraw == 0)
		mur_game_finish(g, -1, MUR_END_QUIET, report);
	else if (!mur_legal_any(g))
		mur_game_finish(g, side, MUR_END_STUCK, report);
	else if (report != NULL)
		mur_report_owed(g, report);
}

/*
 * The game ends, won by winner (-1: drawn), as end says; then the next
 * game is set up, unless the match is over.
 */
void
mur_game_finish(struct mur_game *g, int winner, int end, struct buf *report)
{
	g->winner[g->nresults] = (uint8_t)(winner == -1 ? 2 : winner);
	g->end[g->nresults] = (uint8_t)end;
	g->nresults++;
	if (report != NULL)
		mur_report_end(g, winner, end, report);
	if (end == MUR_END_RESIGN || g->nresults == g->games) {
		g->over = 1;
		g->withdraw = g->knocked = 0;
		g->last_from = g->last_to = g->last_rest = -1;
		if (report != NULL)
			mur_report_match(g, report);
		return;
	}
	mur_game_setup(g, report);
	if (!mur_legal_any(g))
		mur_game_finish(g, 1 - g->to_move, MUR_END_STUCK, report);
}

/* Set up the next game from the final position. */
static void
mur_game_setup(struct mur_game *g, struct buf *report)
{
	uint32_t	owed = g->withdraw, centre = 1U << MUR_CENTRE;
	int		side = g->to_move, occupant;

	g->pos.stones[side] &= ~owed;
	occupant = mur_rules_owner(&g->pos, MUR_CENTRE);
	if (occupant == MUR_BLACK || occupant == MUR_WHITE)
		g->pos.stones[occupant] &= ~centre;
	g->pos.mur = MUR_CENTRE;
	g->game++;
	g->to_move = mur_game_first(g->game);
	g->withdraw = g->knocked = 0;
	g->last_from = g->last_to = g->last_rest = -1;
	g->traps[0] = g->traps[1] = 0;
	g->quiet = 0;
	if (report != NULL)
		mur_report_setup(g, side, owed, occupant, report);
}
