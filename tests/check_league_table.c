#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "league-table.h"
#include "standings.h"
#include "test-util.h"

/*
 * A tournament's table: the exact standings rows of a round robin of
 * four, where Sonneborn-Berger puts second in the entrants' order
 * first (Buchholz ties them, and the index would keep the order), and
 * of a Swiss of five with a bye, a withdrawal (a forfeit) and a game
 * still playing, where byes score and a tie is broken by Buchholz;
 * the rounds each format has, a knockout match's winner, a round's
 * pairings as text with a name holding a comma quoted, and lots drawn
 * from the table's seed and the players' ids, the same each time.
 * Player ids are in no order, so that every lookup goes through the
 * index.
 */

/* One entrant's expected row. */
struct row {
	int	player, place;
	double	points, tiebreak;
	int	wins, draws, losses, byes, played;
};

static void	set_entrant(struct league_table *, int, long long,
		    const char *);
static void	set_pairing(struct league_table *, int, int, int, long long,
		    long long, long long, int, int, int);
static void	check_rows(const struct league_table *, const struct row *,
		    int);
static void	make_roundrobin(struct league_table *);
static void	make_swiss(struct league_table *);

static void
set_entrant(struct league_table *lt, int i, long long id, const char *name)
{
	lt->e[i].id = id;
	lt->e[i].name = name;
	lt->e[i].seed = i + 1;
}

/* Table i: round, board, game (or -1), players a and b (b -1: a bye). */
static void
set_pairing(struct league_table *lt, int i, int round, int board,
    long long game, long long a, long long b, int ra, int rb, int done)
{
	struct league_table_pairing	*p = &lt->p[i];

	memset(p, 0, sizeof *p);
	p->round = round;
	p->board = board;
	p->leg = 1;
	p->game = game;
	p->players[0] = a;
	p->ranks[0] = ra;
	p->n = 1;
	if (b != -1) {
		p->players[1] = b;
		p->ranks[1] = rb;
		p->n = 2;
	}
	p->done = done;
}

static void
check_rows(const struct league_table *lt, const struct row *want, int n)
{
	struct standings_row	*rows;
	int			 i;

	ck_assert_int_eq((int)lt->ne, n);
	rows = calloc((size_t)n, sizeof *rows);
	ck_assert_ptr_nonnull(rows);
	league_table_standings(lt, rows);
	for (i = 0; i < n; i++) {
		ck_assert_msg(rows[i].player == want[i].player,
		    "row %d: %s, not %s", i, lt->e[rows[i].player].name,
		    lt->e[want[i].player].name);
		ck_assert_int_eq(rows[i].place, want[i].place);
		ck_assert_double_eq_tol(rows[i].points, want[i].points, 1e-9);
		ck_assert_double_eq_tol(rows[i].tiebreak, want[i].tiebreak,
		    1e-9);
		ck_assert_int_eq(rows[i].wins, want[i].wins);
		ck_assert_int_eq(rows[i].draws, want[i].draws);
		ck_assert_int_eq(rows[i].losses, want[i].losses);
		ck_assert_int_eq(rows[i].byes, want[i].byes);
		ck_assert_int_eq(rows[i].played, want[i].played);
	}
	free(rows);
}

/*
 * Ann beats Cy and Dee and loses to Bob; Bob beats Dee and loses to
 * Cy; Cy v Dee is still playing.  Ann and Bob have 2 points; Bob's
 * win is over Ann (2), Ann's over Cy (1) and Dee (0): SB 2 against 1.
 */
static void
make_roundrobin(struct league_table *lt)
{
	league_table_init(lt, league_table_format("roundrobin"), 2, 0, 4, 6);
	set_entrant(lt, 0, 10, "Ann");
	set_entrant(lt, 1, 7, "Bob");
	set_entrant(lt, 2, 30, "Cy");
	set_entrant(lt, 3, 2, "Dee");
	set_pairing(lt, 0, 1, 1, 11, 10, 2, 1, 2, 1);
	set_pairing(lt, 1, 1, 2, 12, 7, 30, 2, 1, 1);
	set_pairing(lt, 2, 2, 1, 13, 30, 10, 2, 1, 1);
	set_pairing(lt, 3, 2, 2, 14, 2, 7, 2, 1, 1);
	set_pairing(lt, 4, 3, 1, 15, 10, 7, 2, 1, 1);
	set_pairing(lt, 5, 3, 2, 16, 30, 2, 0, 0, 0);
	league_table_reindex(lt);
}

/*
 * Round 1: Pia beats Quin, Rae draws Sol, Tom has the bye.  Round 2:
 * Tom withdrew, so Pia wins by forfeit; Quin beats Sol; Rae has the
 * bye.  Round 3: Pia v Rae is playing.  Points: Pia 2, Rae 1½, Quin
 * and Tom 1 (Tom first in the entrants' order, Quin first by
 * Buchholz: Pia 2 and Sol ½ against Pia 2 alone), Sol ½.
 */
static void
make_swiss(struct league_table *lt)
{
	league_table_init(lt, league_table_format("swiss"), 2, 3, 5, 7);
	set_entrant(lt, 0, 50, "Pia");
	set_entrant(lt, 1, 10, "Tom");
	set_entrant(lt, 2, 40, "Quin");
	set_entrant(lt, 3, 30, "Rae");
	set_entrant(lt, 4, 20, "Sol");
	set_pairing(lt, 0, 1, 1, 101, 50, 40, 1, 2, 1);
	set_pairing(lt, 1, 1, 2, 102, 30, 20, 1, 1, 1);
	set_pairing(lt, 2, 1, 3, -1, 10, -1, 1, 0, 1);
	set_pairing(lt, 3, 2, 1, -1, 50, 10, 1, 2, 1);
	set_pairing(lt, 4, 2, 2, 103, 40, 20, 1, 2, 1);
	set_pairing(lt, 5, 2, 3, -1, 30, -1, 1, 0, 1);
	set_pairing(lt, 6, 3, 1, 104, 50, 30, 0, 0, 0);
	league_table_reindex(lt);
}

START_TEST(test_roundrobin)
{
	static const struct row	want[] = {
		{ 1, 1, 2, 2, 2, 0, 1, 0, 3 },		/* Bob */
		{ 0, 2, 2, 1, 2, 0, 1, 0, 3 },		/* Ann */
		{ 2, 3, 1, 2, 1, 0, 1, 0, 2 },		/* Cy */
		{ 3, 4, 0, 0, 0, 0, 2, 0, 2 },		/* Dee */
	};
	struct league_table	lt;
	struct standings_game	games[7];

	make_roundrobin(&lt);
	ck_assert_int_eq(league_table_tiebreak(&lt), STANDINGS_SONNEBORN);
	ck_assert_int_eq(league_table_index(&lt, 30), 2);
	ck_assert_int_eq(league_table_index(&lt, 31), -1);
	ck_assert_uint_eq(league_table_games(&lt, games), 5);
	check_rows(&lt, want, 4);
	league_table_free(&lt);
	league_table_free(NULL);
}
END_TEST

START_TEST(test_swiss)
{
	static const struct row	want[] = {
		{ 0, 1, 2, 2, 2, 0, 0, 0, 2 },		/* Pia */
		{ 3, 2, 1.5, 0.5, 0, 1, 0, 1, 1 },	/* Rae */
		{ 2, 3, 1, 2.5, 1, 0, 1, 0, 2 },	/* Quin */
		{ 1, 4, 1, 2, 0, 0, 1, 1, 1 },		/* Tom */
		{ 4, 5, 0.5, 2.5, 0, 1, 1, 0, 2 },	/* Sol */
	};
	struct league_table	lt;
	struct buf		b;

	make_swiss(&lt);
	ck_assert_int_eq(league_table_tiebreak(&lt), STANDINGS_BUCHHOLZ);
	check_rows(&lt, want, 5);
	buf_init(&b);
	league_table_round(&lt, 1, &b);
	ck_assert_str_eq(b.data,
	    "  G101   Pia v Quin  1-0\n"
	    "  G102   Rae v Sol  \xc2\xbd-\xc2\xbd\n"
	    "  bye    Tom\n");
	buf_reset(&b);
	league_table_round(&lt, 3, &b);
	ck_assert_str_eq(b.data, "  G104   Pia v Rae  playing\n");
	buf_free(&b);
	league_table_free(&lt);
}
END_TEST

START_TEST(test_count)
{
	struct league_table	lt;

	make_swiss(&lt);
	ck_assert_int_eq(league_table_count(&lt), 3);	/* as given */
	lt.rounds = 0;
	ck_assert_int_eq(league_table_count(&lt), 3);	/* log2 of 5 */
	lt.format = LEAGUE_TABLE_KNOCKOUT;
	ck_assert_int_eq(league_table_count(&lt), 3);
	lt.ne = 1;
	ck_assert_int_eq(league_table_count(&lt), 0);
	lt.format = LEAGUE_TABLE_SWISS;
	ck_assert_int_eq(league_table_count(&lt), 1);
	lt.ne = 5;
	league_table_free(&lt);
	make_roundrobin(&lt);
	ck_assert_int_eq(league_table_count(&lt), 3);
	league_table_free(&lt);
	ck_assert_int_eq(league_table_format("knockout"),
	    LEAGUE_TABLE_KNOCKOUT);
}
END_TEST

/*
 * A knockout match of seeds 1 (id 8) and 2 (id 3): level after two
 * games, so a tie-break game; drawn too, so seed 1 goes through even
 * as the second player of the tie-break.
 */
START_TEST(test_winner)
{
	struct league_table	lt;
	int			w = -2, tb = -2;

	league_table_init(&lt, LEAGUE_TABLE_KNOCKOUT, 2, 0, 2, 3);
	set_entrant(&lt, 0, 8, "Una");
	set_entrant(&lt, 1, 3, "Vic");
	set_pairing(&lt, 0, 1, 1, 21, 8, 3, 1, 2, 1);
	set_pairing(&lt, 1, 1, 1, 22, 3, 8, 1, 2, 0);
	lt.p[1].leg = 2;
	league_table_reindex(&lt);
	ck_assert_int_eq(league_table_winner(&lt, 1, 1, &w, &tb), 0);
	ck_assert_int_eq(tb, 0);
	lt.p[1].done = 1;
	ck_assert_int_eq(league_table_winner(&lt, 1, 1, &w, &tb), 0);
	ck_assert_int_eq(tb, 1);
	set_pairing(&lt, 2, 1, 1, 23, 3, 8, 1, 1, 1);
	lt.p[2].leg = 3;
	ck_assert_int_eq(league_table_winner(&lt, 1, 1, &w, &tb), 1);
	ck_assert_int_eq(w, 0);
	lt.p[2].ranks[0] = 1;
	lt.p[2].ranks[1] = 2;
	ck_assert_int_eq(league_table_winner(&lt, 1, 1, &w, &tb), 1);
	ck_assert_int_eq(w, 1);
	league_table_free(&lt);
}
END_TEST

/*
 * Two players who drew twice are level on everything: the lot decides,
 * by the table's seed and their ids, the same each time; a seed of
 * another name may draw the other way.
 */
START_TEST(test_lots)
{
	struct league_table	lt;
	struct standings_row	rows[2], again[2];
	struct buf		b;
	int			first, flipped = 0, i;
	char			name[32];

	league_table_init(&lt, LEAGUE_TABLE_ROUNDROBIN, 2, 0, 2, 2);
	set_entrant(&lt, 0, 41, "Tanaka, Hiroshi");
	set_entrant(&lt, 1, 42, "L\xc3\xa9\x61 Fournier");
	set_pairing(&lt, 0, 1, 1, 31, 41, 42, 1, 1, 1);
	set_pairing(&lt, 1, 2, 1, 32, 42, 41, 1, 1, 1);
	league_table_reindex(&lt);
	lt.seed = standings_seed("L-S1-D2");
	league_table_standings(&lt, rows);
	league_table_standings(&lt, again);
	first = standings_lot(lt.seed, 41) < standings_lot(lt.seed, 42) ?
	    0 : 1;
	ck_assert_int_eq(rows[0].player, first);
	ck_assert_int_eq(again[0].player, first);
	ck_assert_int_eq(rows[1].by, STANDINGS_BY_LOT);
	ck_assert_int_eq(rows[1].place, 2);
	for (i = 0; i < 16 && !flipped; i++) {
		snprintf(name, sizeof name, "L-S%d-D2", i + 2);
		lt.seed = standings_seed(name);
		league_table_standings(&lt, again);
		flipped = again[0].player != first;
	}
	ck_assert_int_eq(flipped, 1);
	buf_init(&b);
	league_table_round(&lt, 1, &b);
	ck_assert_str_eq(b.data, "  G31    \"Tanaka, Hiroshi\" v "
	    "L\xc3\xa9\x61 Fournier  \xc2\xbd-\xc2\xbd\n");
	buf_free(&b);
	league_table_free(&lt);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("league-table");
	TCase	*tc = tcase_create("league-table");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_roundrobin);
	tcase_add_test(tc, test_swiss);
	tcase_add_test(tc, test_count);
	tcase_add_test(tc, test_winner);
	tcase_add_test(tc, test_lots);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
