#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "game.h"
#include "mu-game.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The phases of a Mu game: options, seat order in the layout, the men
 * on the centres, selection with its errors and the fill, the start of
 * the movement phase, that a refused action changes nothing, what the
 * report says of placements, clears and where the men start, that a
 * copy of a game stops at its last cell and plays on as the game does,
 * and that the choices counted without a list are the list's.
 */

static const struct {
	const char	*variant;
	int		 players, segments;
	const char	*error;
} bad_options[] = {
	{ "velox", 3, 8, "players: velox is for exactly 2 players, not 3" },
	{ "velox", 1, 8, "players: velox is for exactly 2 players, not 1" },
	{ "classic", 1, 7, "players: classic is for 2 to 6 players, not 1" },
	{ "classic", 7, 7, "players: classic is for 2 to 6 players, not 7" },
	{ "levis", 9, 7, "players: levis is for 2 to 6 players, not 9" },
	{ "levis", 2, 9, "segments: each player places 1 to 8 segments, "
	    "not 9" },
	{ "classic", 6, -1, "segments: each player places 1 to 8 segments, "
	    "not -1" },
};

START_TEST(test_bad_options)
{
	struct game_options	 opts = { bad_options[_i].players,
				     bad_options[_i].segments, 0 };
	char			*cause = NULL;

	ck_assert_ptr_null(game_create(game_find(bad_options[_i].variant),
	    &opts, &cause));
	ck_assert_str_eq(cause, bad_options[_i].error);
	free(cause);
}
END_TEST

static const struct {
	const char	*variant;
	int		 players, segments;
} defaults[] = {
	{ "classic", 2, 7 }, { "levis", 2, 7 }, { "velox", 2, 8 }
};

START_TEST(test_defaults)
{
	struct game	*g;

	g = test_util_game(defaults[_i].variant, 0, 0, NULL);
	ck_assert_int_eq(test_util_mu(g)->players, defaults[_i].players);
	ck_assert_int_eq(test_util_mu(g)->segments, defaults[_i].segments);
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_LAYOUT);
	ck_assert_int_eq(g->ops->to_move(g), 0);
	game_free(g);
}
END_TEST

/* Three players place in seat order, each with a man on the centre. */
START_TEST(test_seat_order)
{
	struct game		*g;
	struct mu_game		*mg;
	int			 s;

	g = test_util_game("levis", 3, 2,
	    "@0,0;@3,-1;@-1,3;@1,-3;@-3,1;@5,0");
	mg = test_util_mu(g);
	ck_assert_int_eq(mg->board.nsegments, 6);
	for (s = 0; s < 6; s++) {
		ck_assert_int_eq(mg->board.segments[s].owner, s % 3);
		ck_assert_int_eq(mg->board.cells[s * 7].colour, s % 3);
		ck_assert_int_eq(mg->board.cells[s * 7].height, 1);
		ck_assert_int_eq(mg->board.cells[s * 7 + 1].colour, MU_NONE);
	}
	ck_assert_int_eq(mg->phase, MU_PHASE_SELECTION);
	ck_assert_int_eq(mg->to_move, 0);
	ck_assert_int_eq(mg->turns, 6);
	game_free(g);
}
END_TEST

START_TEST(test_velox_starts)
{
	struct game	*g;
	struct mu_game	*mg;
	struct action	*list;
	int		 c, n, men = 0;

	g = test_util_game("velox", 2, 8, NULL);
	ck_assert_int_eq(test_util_layout(g, 3), 16);
	mg = test_util_mu(g);
	ck_assert_int_eq(mg->phase, MU_PHASE_MOVEMENT);
	ck_assert_int_eq(mg->to_move, 0);
	ck_assert_int_eq(mg->allowance, 1);
	for (c = 0; c < mu_board_ncells(&mg->board); c++) {
		if (mg->board.cells[c].colour == MU_NONE)
			continue;
		ck_assert_int_eq(c % 7, 0);
		ck_assert_int_eq(mg->board.cells[c].colour, (c / 7) % 2);
		ck_assert_int_eq(mg->board.cells[c].height, 1);
		men++;
	}
	ck_assert_int_eq(men, 16);
	n = g->ops->legal(g, &list);
	ck_assert_int_gt(n, 1);
	ck_assert_int_eq(((struct mu_action *)list)[n - 1].type,
	    MU_ACTION_TURN);
	ck_assert_int_eq(((struct mu_action *)list)[n - 1].nsteps, 0);
	free(list);
	game_free(g);
}
END_TEST

static void
play(struct game *g, const char *action)
{
	char	*cause = NULL;

	ck_assert_msg(game_play(g, g->ops->to_move(g), action,
	    strlen(action), NULL, NULL, &cause) == 0, "%s: %s", action, cause);
}

/* Two players, three segments each: A C E red, B D F blue. */
START_TEST(test_selection)
{
	struct game	*g;
	struct mu_game	*mg;
	struct action	*list;
	struct buf	 out;
	int		 n, k;

	g = test_util_game(_i == 0 ? "classic" : "levis", 2, 3,
	    "@0,0;@3,-1;@-1,3;@1,-3;@-3,1;@5,0");
	mg = test_util_mu(g);
	ck_assert_int_eq(mg->phase, MU_PHASE_SELECTION);

	n = g->ops->legal(g, &list);
	buf_init(&out);
	for (k = 0; k < n; k++) {
		g->ops->format(g, game_action_at(g, list, k), &out);
		buf_addc(&out, ';');
	}
	ck_assert_str_eq(out.data, "clear A;clear C;clear E;");
	buf_free(&out);
	free(list);

	test_util_refuse(g, -1, "clear B", "clear B: segment B is blue's, not "
	    "red's");
	test_util_refuse(g, -1, "clear G", "'G': there is no such segment "
	    "(the board has A to F)");
	test_util_refuse(g, -1, "clear", "'clear': not a turn here; in the "
	    "selection phase, clear one of your segments with 'clear' and its "
	    "letter, such as 'clear C'");
	test_util_refuse(g, -1, "@8,-2", "segments are placed only in the "
	    "layout phase, and this game is in the selection phase");
	play(g, " CLEAR a ");
	mg = test_util_mu(g);
	ck_assert_int_eq(mg->board.cells[0].colour, MU_NONE);
	ck_assert_int_eq(mg->to_move, 1);
	test_util_refuse(g, -1, "clear A", "clear A: segment A is red's, not "
	    "blue's");
	play(g, "clear b");
	test_util_refuse(g, -1, "clear A", "clear A: segment A has already "
	    "been cleared");
	play(g, "clear E");
	play(g, "clear D");

	mg = test_util_mu(g);
	ck_assert_int_eq(mg->phase, MU_PHASE_MOVEMENT);
	ck_assert_int_eq(mg->to_move, 0);
	ck_assert_int_eq(mg->allowance, 1);
	ck_assert_int_eq(mg->turns, 10);
	for (k = 0; k < 7 * 6; k++) {
		if (k / 7 == 2 || k / 7 == 5) {
			ck_assert_int_eq(mg->board.cells[k].colour,
			    k / 7 == 2 ? 0 : 1);
			ck_assert_int_eq(mg->board.cells[k].height, 1);
		} else
			ck_assert_int_eq(mg->board.cells[k].colour, MU_NONE);
	}
	test_util_refuse(g, -1, "clear C", "segments are cleared only in the "
	    "selection phase, and this game is in the movement phase");
	test_util_refuse(g, -1, "C0", "'C0': not a turn here; in the movement "
	    "phase, write moves such as C4-D2, 'pass' or 'resign'");
	game_free(g);
}
END_TEST

/* With one segment each there is nothing to select: fill at once. */
START_TEST(test_one_segment)
{
	struct game	*g;
	struct mu_game	*mg;
	int		 k;

	g = test_util_game("classic", 3, 1, "@0,0;@3,-1;@-1,3");
	mg = test_util_mu(g);
	ck_assert_int_eq(mg->phase, MU_PHASE_MOVEMENT);
	for (k = 0; k < 21; k++) {
		ck_assert_int_eq(mg->board.cells[k].colour, k / 7);
		ck_assert_int_eq(mg->board.cells[k].height, 1);
	}
	game_free(g);
}
END_TEST

/* Six players, eight segments: the largest game lays out and selects. */
START_TEST(test_largest)
{
	struct game	*g;
	struct mu_game	*mg;
	int		 c, men[MU_MAX_PLAYERS] = { 0 };

	g = test_util_game("classic", 6, 8, NULL);
	ck_assert_int_eq(test_util_layout(g, 99), 48 + 6 * 7);
	mg = test_util_mu(g);
	for (c = 0; c < 336; c++) {
		if (mg->board.cells[c].colour != MU_NONE)
			men[mg->board.cells[c].colour]++;
	}
	for (c = 0; c < 6; c++)
		ck_assert_int_eq(men[c], 7);
	game_free(g);
}
END_TEST

/*
 * A game's copy writes nothing past the board's last cell, is the same
 * game, and plays on as the game does, with each segment placed on it.
 */
START_TEST(test_copy)
{
	struct game	*g;
	struct mu_game	*copy;
	size_t		 size, i;
	const uint8_t	*p;
	int		 turn;

	g = test_util_game(_i == 0 ? "levis" : "classic", 2 + _i, 7, NULL);
	copy = xmalloc(sizeof *copy);
	for (turn = 0; turn < 200 && test_util_mu(g)->phase != MU_PHASE_OVER;
	    turn++) {
		memset(copy, 0xa5, sizeof *copy);
		mu_game_copy(copy, test_util_mu(g));
		size = mu_game_size(test_util_mu(g));
		ck_assert_uint_lt(size, sizeof *copy);
		p = (const uint8_t *)copy;
		for (i = size; i < sizeof *copy && p[i] == 0xa5; i++)
			;
		ck_assert_msg(i == sizeof *copy, "byte %zu of %zu written, "
		    "the copy is %zu", i, sizeof *copy, size);
		ck_assert(mu_game_same(copy, test_util_mu(g)));
		test_util_random(g, (uint64_t)turn + 1, NULL);
		ck_assert(!mu_game_same(copy, test_util_mu(g)) ||
		    test_util_mu(g)->phase == MU_PHASE_OVER);
	}
	free(copy);
	game_free(g);
}
END_TEST

/*
 * Through every phase of random games of each variant, the count of
 * choices is the legal list's length, cut at the bound asked for.
 */
START_TEST(test_choices)
{
	static const struct {
		const char	*variant;
		int		 players;
	} games[] = {
		{ "levis", 2 }, { "velox", 2 }, { "classic", 2 },
		{ "classic", 3 }, { "classic", 6 }, { "levis", 4 }
	};
	static const int	 bounds[] = { 1, 2, 3, 10, 1000 };
	struct game		*g;
	struct action		*list;
	size_t			 b;
	int			 turn, n, one = 0;

	g = test_util_game(games[_i].variant, games[_i].players, 0, NULL);
	for (turn = 0; turn < 3000; turn++) {
		n = g->ops->legal(g, &list);
		free(list);
		for (b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
			ck_assert_msg(game_choices(g, bounds[b]) ==
			    (n < bounds[b] ? n : bounds[b]), "turn %d, phase "
			    "%d: %d of %d choices counted, bound %d", turn,
			    test_util_mu(g)->phase, game_choices(g,
			    bounds[b]), n, bounds[b]);
		}
		one += n == 1;
		if (test_util_mu(g)->phase == MU_PHASE_OVER)
			break;
		test_util_random(g, (uint64_t)turn * 7 + (uint64_t)_i, NULL);
	}
	if (test_util_mu(g)->phase == MU_PHASE_OVER)
		ck_assert_int_eq(game_choices(g, 2), 0);
	/* The first placement, at least, is the only one. */
	ck_assert_int_gt(one, 0);
	game_free(g);
}
END_TEST

START_TEST(test_layout_errors)
{
	struct game	*g;

	g = test_util_game("velox", 2, 8, NULL);
	test_util_refuse(g, -1, "", "empty turn");
	test_util_refuse(g, -1, "b", "'b': no placement has that letter (the "
	    "diagram shows only a)");
	test_util_refuse(g, -1, "@1,0", "@1,0: the first segment is A and its "
	    "centre A0 is the origin, so it is placed with @0,0");
	test_util_refuse(g, -1, "clear A", "'A': no segment has been placed "
	    "yet");
	test_util_refuse(g, -1, "pass", "moves and passes come in the "
	    "movement phase, and this game is in the layout phase");
	test_util_refuse(g, -1, "A0-A1", "'A0': no segment has been placed "
	    "yet");
	play(g, "A");
	test_util_refuse(g, -1, "m", "'m': no placement has that letter (the "
	    "diagram shows a to l)");
	test_util_refuse(g, -1, "@3,0", "@3,0: only 1 cell of the segment "
	    "would touch the board, and at least 2 must");
	test_util_refuse(g, -1, "clear A", "segments are cleared only in the "
	    "selection phase, and this game is in the layout phase");
	play(g, "l");
	ck_assert_int_eq(test_util_mu(g)->board.segments[1].centre.q, -1);
	ck_assert_int_eq(test_util_mu(g)->board.segments[1].centre.r, 3);
	game_free(g);
}
END_TEST

#define LAYOUT_2X3	"@0,0;@3,-1;@-1,3;@1,-3;@-3,1"

static const struct {
	const char	*what;
	const char	*variant;
	int		 players, segments;
	const char	*before;	/* turns played first, ';' between */
	const char	*turn;
	const char	*report;
} reports[] = {
	{ "the first placement", "velox", 2, 8, NULL, "a",
	  "red places segment A at @0,0.\n" },
	{ "a letter is reported as the segment and its centre", "velox", 2,
	  8, "@0,0", "l",
	  "blue places segment B at @-1,3, touching A.\n" },
	{ "a placement touching two segments", "classic", 2, 3, LAYOUT_2X3,
	  "p",
	  "blue places segment F at @2,2, touching B and C.\n" },
	{ "the last velox placement: the men on the centres start", "velox",
	  2, 2, "@0,0;@3,-1;@-3,1", "@6,-2",
	  "blue places segment D at @6,-2, touching B.\n"
	  "The layout is done, a man on each centre: red starts on A and C; "
	  "blue on B and\n"
	  "D.\n" },
	{ "a clear names the segment and those still held", "levis", 2, 3,
	  LAYOUT_2X3 ";@2,2", "clear A",
	  "red clears segment A (the man on A0 is removed); red still holds "
	  "C and E.\n" },
	{ "the last clear: the men are placed", "classic", 2, 3,
	  LAYOUT_2X3 ";@2,2;clear A;clear B;clear C", "clear D",
	  "blue clears segment D (the man on D0 is removed); blue still "
	  "holds F.\n"
	  "The men are placed, 7 on each segment kept: red starts on E, blue "
	  "on F.\n" },
	{ "one segment each: the last placement places the men", "classic",
	  6, 1, "@0,0;@1,-3;@2,-6;@3,-9;@4,-12", "@5,-15",
	  "white places segment F at @5,-15, touching E.\n"
	  "The men are placed, 7 on each segment kept: red starts on A, blue "
	  "on B, green\n"
	  "on C, yellow on D, purple on E, white on F.\n" },
};

/* The report of a placement or a clear, and of the men placed. */
START_TEST(test_reports)
{
	struct game	*g;
	char		*r;

	g = test_util_game(reports[_i].variant, reports[_i].players,
	    reports[_i].segments, reports[_i].before);
	r = test_util_play(g, reports[_i].turn);
	ck_assert_msg(strcmp(r, reports[_i].report) == 0, "%s: %s",
	    reports[_i].what, r);
	free(r);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_game");
	TCase	*tc = tcase_create("phases");

	/* The slowest test: 0.9 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_bad_options, 0,
	    sizeof bad_options / sizeof bad_options[0]);
	tcase_add_loop_test(tc, test_defaults, 0, 3);
	tcase_add_test(tc, test_seat_order);
	tcase_add_test(tc, test_velox_starts);
	tcase_add_loop_test(tc, test_selection, 0, 2);
	tcase_add_test(tc, test_one_segment);
	tcase_add_test(tc, test_largest);
	tcase_add_loop_test(tc, test_copy, 0, 2);
	tcase_add_loop_test(tc, test_choices, 0, 6);
	tcase_add_test(tc, test_layout_errors);
	tcase_add_loop_test(tc, test_reports, 0,
	    sizeof reports / sizeof reports[0]);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
