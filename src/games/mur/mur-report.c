#include "config.h"

#include "mur-report.h"

/*
 * Each function adds whole sentences, each ending in a newline, about
 * one step of mur_game_apply(): what the stones did, what the next
 * player owes, a withdrawal, the end of a game, the set-up of the next
 * and the end of the match, with how each of its games ended.  Sides
 * are "Black" and "White"; points go by their names.
 */

static const char *mur_report_sides[] = { "Black", "White" };

static const char *mur_report_dirs[] = {
	"clockwise", "counter-clockwise", "in along its diameter",
	"out along its diameter"
};

static void	mur_report_points(const char *, uint32_t, struct buf *);
static void	mur_report_result(const struct mur_game *, int, struct buf *);

const char *
mur_report_side(int side)
{
	return (mur_report_sides[side]);
}

/* "stone on n1" or "stones on n1 and e2". */
static void
mur_report_points(const char *what, uint32_t mask, struct buf *out)
{
	buf_addf(out, "%s%s on ", what, (mask & (mask - 1)) ? "s" : "");
	mur_board_list(mask, out);
}

/* A placement or a move, with its bump. */
void
mur_report_effect(const struct mur_game *g, int side,
    const struct mur_effect *e, struct buf *out)
{
	if (e->from == -1) {
		buf_addf(out, "%s placed a stone on %s.\n",
		    mur_report_sides[side], mur_board_name(e->to));
		return;
	}
	buf_addf(out, "%s moved %s ", mur_report_sides[side],
	    mur_board_name(e->from));
	if (e->dir >= MUR_SPOKE)
		buf_addf(out, "out towards %s", mur_board_dir_name(e->dir));
	else
		buf_adds(out, mur_report_dirs[e->dir]);
	buf_addf(out, ", %d step%s (its order), to %s", e->order,
	    e->order == 1 ? "" : "s", mur_board_name(e->to));
	if (e->bumped == MUR_NEUTRAL)
		buf_addf(out, ", bumping the mur stone on to %s",
		    mur_board_name(e->rest));
	else if (e->bumped != -1)
		buf_addf(out, ", bumping %s's stone on to %s",
		    mur_report_sides[e->bumped], mur_board_name(e->rest));
	buf_adds(out, ".\n");
}

/* What the player to move now owes, if anything. */
void
mur_report_owed(const struct mur_game *g, struct buf *out)
{
	const char	*who = mur_report_sides[g->to_move];
	uint32_t	 trapped;

	trapped = g->withdraw & mur_rules_trapped(&g->pos, g->to_move);
	if (trapped != 0) {
		buf_adds(out, who);
		buf_adds(out, "'s ");
		mur_report_points("stone", trapped, out);
		buf_addf(out, " %s trapped%s: %s must withdraw %s.\n",
		    (trapped & (trapped - 1)) ? "are" : "is",
		    (trapped & (trapped - 1)) ? " (a double trap)" : "", who,
		    (trapped & (trapped - 1)) ? "both" : "it");
	}
	if (g->knocked != 0 && (g->knocked & trapped) == 0) {
		buf_addf(out, "%s's stone is knocked back to %s, where it "
		    "started: %s must withdraw it, which scores no trap.\n",
		    who, mur_board_name(__builtin_ctz(g->knocked)), who);
	}
}

/* side withdraws the stones owed, of which trapped were trapped. */
void
mur_report_withdraw(const struct mur_game *g, int side, uint32_t owed,
    uint32_t trapped, struct buf *out)
{
	int	n = mur_board_count(trapped);

	buf_addf(out, "%s withdrew the %s", mur_report_sides[side],
	    n == 0 ? "knocked-back " : "");
	mur_report_points("stone", owed, out);
	if (n == 0)
		buf_adds(out, ": no trap.\n");
	else {
		buf_addf(out, ": %s has made %d of %d traps.\n",
		    mur_report_sides[1 - side], g->traps[1 - side] + n,
		    MUR_TRAPS_TO_WIN);
	}
}

void
mur_report_resign(const struct mur_game *g, int side, struct buf *out)
{
	buf_addf(out, "%s resigned the match in game %d.\n",
	    mur_report_sides[side], g->game);
}

/* The game just ended, won by winner (-1: drawn), as end says. */
void
mur_report_end(const struct mur_game *g, int winner, int end,
    struct buf *out)
{
	switch (end) {
	case MUR_END_MUR:
		buf_addf(out, "%s's stones trap the mur stone on %s",
		    mur_report_sides[winner], mur_board_name(g->pos.mur));
		break;
	case MUR_END_TRAPS:
		buf_addf(out, "%s has made %d traps",
		    mur_report_sides[winner], MUR_TRAPS_TO_WIN);
		break;
	case MUR_END_STUCK:
		buf_addf(out, "%s has no legal turn",
		    mur_report_sides[1 - winner]);
		break;
	case MUR_END_QUIET:
		buf_addf(out, "%d turns without a trap: game %d is drawn.\n",
		    g->quiet, g->game);
		return;
	case MUR_END_RESIGN:
		break;
	}
	if (end != MUR_END_RESIGN)
		buf_adds(out, ": ");
	buf_addf(out, "%s wins game %d.\n", mur_report_sides[winner],
	    g->game);
}

/* How game i (from 0) of the match ended: "  game 1: Black won, ...". */
static void
mur_report_result(const struct mur_game *g, int i, struct buf *out)
{
	int	w = g->winner[i];

	buf_addf(out, "  game %d: ", i + 1);
	switch (g->end[i]) {
	case MUR_END_MUR:
		buf_addf(out, "%s won, trapping the mur stone.\n",
		    mur_report_sides[w]);
		break;
	case MUR_END_TRAPS:
		buf_addf(out, "%s won, making %d traps.\n",
		    mur_report_sides[w], MUR_TRAPS_TO_WIN);
		break;
	case MUR_END_STUCK:
		buf_addf(out, "%s won, as %s had no legal turn.\n",
		    mur_report_sides[w], mur_report_sides[1 - w]);
		break;
	case MUR_END_QUIET:
		buf_addf(out, "drawn, with no trap in %d turns.\n",
		    MUR_QUIET_CAP);
		break;
	case MUR_END_RESIGN:
		buf_addf(out, "%s won, as %s resigned the match.\n",
		    mur_report_sides[w], mur_report_sides[1 - w]);
		break;
	default:
		buf_adds(out, "not finished.\n");
		break;
	}
}

/*
 * The match is over: the final score, how each game ended, and who
 * wins, as the report of the last turn and the score both end.
 */
void
mur_report_match(const struct mur_game *g, struct buf *out)
{
	int	winner = mur_game_match_winner(g), i;

	buf_adds(out, "Final score: ");
	mur_report_score(g, out);
	for (i = 0; i < g->nresults; i++)
		mur_report_result(g, i, out);
	if (g->nresults == g->games - 1)
		buf_addf(out, "  game %d: not played.\n", g->games);
	else if (g->nresults < g->games) {
		buf_addf(out, "  games %d to %d: not played.\n",
		    g->nresults + 1, g->games);
	}
	if (winner == -1)
		buf_adds(out, "The match is drawn.\n");
	else {
		buf_addf(out, "%s wins the match.\n",
		    mur_report_sides[winner]);
	}
}

/*
 * The next game is set up: side's owed stones withdrawn, occupant's
 * stone taken off the centre (if a side's), the mur stone back there.
 */
void
mur_report_setup(const struct mur_game *g, int side, uint32_t owed,
    int occupant, struct buf *out)
{
	buf_addf(out, "Game %d of %d starts from this position", g->game,
	    g->games);
	if (owed != 0) {
		buf_addf(out, ", once %s has withdrawn the ",
		    mur_report_sides[side]);
		mur_report_points("stone", owed, out);
	}
	buf_adds(out, ". The mur stone goes back to the centre");
	if (occupant == MUR_BLACK || occupant == MUR_WHITE) {
		buf_addf(out, ", and %s's stone there is withdrawn",
		    mur_report_sides[occupant]);
	}
	buf_addf(out, ". %s starts.\n", mur_report_sides[g->to_move]);
}

/* The games won so far, "Black won 2 games, White 1, 0 drawn." */
void
mur_report_score(const struct mur_game *g, struct buf *out)
{
	int	b = mur_game_wins(g, MUR_BLACK), w = mur_game_wins(g, MUR_WHITE);

	buf_addf(out, "Black won %d game%s, White %d, %d drawn.\n", b,
	    b == 1 ? "" : "s", w, g->nresults - b - w);
}
