#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "mu-board.h"
#include "mu-explode.h"
#include "mu-game.h"
#include "mu-name.h"
#include "mu-turn.h"
#include "test-util.h"

/*
 * The worked example of the velox rules (seed 001, "An example", steps
 * 1 to 9; the classic seed 000 tells the same story), rebuilt as a
 * position, since its pictures are lost.  The seed's green is our blue
 * (seat 1); red is seat 0.  Velox, 2 players, 3 segments each, placed
 * at @0,0 @-2,-1 @2,-3 @-2,3 @2,1 @5,0 (A C E red's, B D F blue's); T
 * is set to 3 so that red may move from both segments he occupies.
 *
 * Start, red to move (.A1.. Commonwealth, #A6## Wall, plain A0
 * Virginity; gaps between segments are the Out of Bounds):
 *
 *                       /   \ /   \
 *                      | C6    C1  |
 *                      |           |
 *                    /               \
 *                   | C5    C0    C2  |
 *                   |                 |
 *     /   \ /   \     \             /
 *    |.B6.. .B1..|     | C4    C3  |
 *    |..... .....|     | r2    r2  |
 *  /               \ /   \ /   \ /                 /   \ /   \
 * |.B5.. .B0.. .B2..| A6   .A1..|                 | F6    F1  |
 * |..... .b2.. .b1..| r2   .....|                 |           |
 *   \             /               \ /   \ /   \ /               \
 *    |.B4.. .B3..| A5    A0   .A2..| E6    E1  | F5    F0    F2  |
 *    |..... .....| b1    b1   .....|           |                 |
 *      \ /   \ /   \             /               \             /
 *                   | A4    A3  |.E5..  E0    E2  | F4    F3  |
 *                   | r3    r1  |.....            |           |
 *                 /   \ /   \ /   \             /   \ /   \ /
 *                | D6    D1  |     | E4    E3  |
 *                |           |     |           |
 *              /               \     \ /   \ /
 *             | D5    D0    D2  |
 *             |                 |
 *               \             /
 *                | D4    D3  |
 *                |           |
 *
 * Green's section is segment B, with a man on B2 and a column of two on
 * B0.  A second section, A1 A2 E5, lies east of the middle segment A.
 * Red occupies A and C.  The 2-piece on C3 takes the green man on A0,
 * the centre of the middle segment, and the 3-piece on A4 goes to C3,
 * a Virgin cell of capacity 3 (C0, C2, C4; A1 is Commonwealth, the
 * rest Out of Bounds).  Then C3 explodes, C4 reaches capacity, A6 goes
 * one over and turns Wall (A1 and C4 on one side, B2 on the other),
 * taking the green man on A5 and giving A0 its third man; A0 explodes;
 * A3 reaches capacity and A5 goes one over; A5 turns Wall; A3 explodes
 * and pushes A4 one over; A4 explodes.
 *
 * End, blue to move:
 *
 *                       /   \ /   \
 *                      | C6    C1  |
 *                      |           |
 *                    /               \
 *                   | C5    C0    C2  |
 *                   | r1    r2    r1  |
 *     /   \ /   \     \             /
 *    |.B6.. .B1..|     |.C4.. .C3..|
 *    |..... .....|     |.r1.. .r1..|
 *  /               \ /   \ /   \ /                 /   \ /   \
 * |.B5.. .B0.. .B2..|#A6## .A1..|                 | F6    F1  |
 * |..... .b2.. .b1..|#r1## .....|                 |           |
 *   \             /               \ /   \ /   \ /               \
 *    |.B4.. .B3..|#A5## .A0.. .A2..| E6    E1  | F5    F0    F2  |
 *    |..... .....|#r1## .r1.. .....|           |                 |
 *      \ /   \ /   \             /               \             /
 *                   |.A4.. .A3..|.E5..  E0    E2  | F4    F3  |
 *                   |.r2.. .r1..|.....            |           |
 *                 /   \ /   \ /   \             /   \ /   \ /
 *                | D6    D1  |     | E4    E3  |
 *                | r1    r2  |     |           |
 *              /               \     \ /   \ /
 *             | D5    D0    D2  |
 *             |                 |
 *               \             /
 *                | D4    D3  |
 *                |           |
 *
 * The red 2 on A4 now threatens the green man on B2 across the red Wall
 * man on A5 (A4-B2 goes NW over A5), and B0's column of two protects B2
 * twice.
 *
 * Where the text and MU-RULINGS part ways the tests follow the rulings,
 * and say so at that step:
 *   - the text names only red's 2-piece and 3-piece; the rulings'
 *     arithmetic needs more red men.  The first Wall cell gets at most
 *     one man from each of the two cells that explode before it, and
 *     must end one over a capacity of at least 1 (it sends a man to
 *     the green man's cell); with no men of its own it would need both
 *     and capacity 1, and then (in this reading of the steps) no cell
 *     could give the centre its third man.  So A6 holds r2 before
 *     (capacity 2: A5 and A0), and here C4 and A3 too reach capacity
 *     only with red men on them (r2, r1);
 *   - "the wallcell cannot explode": under the rulings a hot Wall cell
 *     of capacity 0 may be chosen and then explodes with nothing to
 *     send; it is not chosen here because A0 comes first, by name or by
 *     red's list, and oscillation is dealt with last.
 */

static const char	*example_start = "*=V "
    "A0=Vb1 A1=C A2=C A3=Vr1 A4=Vr3 A5=Vb1 A6=Vr2 "
    "B0=Cb2 B1=C B2=Cb1 B3=C B4=C B5=C B6=C "
    "C3=Vr2 C4=Vr2 E5=C";

/* The local cells and what they hold once red's two moves are over. */
static const char	*example_end[][2] = {
	{ "A0", "Cr1" }, { "A1", "C" }, { "A2", "C" }, { "A3", "Cr1" },
	{ "A4", "Cr2" }, { "A5", "Wr1" }, { "A6", "Wr1" },
	{ "B0", "Cb2" }, { "B1", "C" }, { "B2", "Cb1" }, { "B3", "C" },
	{ "B4", "C" }, { "B5", "C" }, { "B6", "C" },
	{ "C0", "Vr2" }, { "C1", "V" }, { "C2", "Vr1" }, { "C3", "Cr1" },
	{ "C4", "Cr1" }, { "C5", "Vr1" }, { "C6", "V" },
	{ "D0", "V" }, { "D1", "Vr2" }, { "D2", "V" }, { "D3", "V" },
	{ "D4", "V" }, { "D5", "V" }, { "D6", "Vr1" },
	{ "E0", "V" }, { "E5", "C" }, { "E6", "V" },
};

static struct game	*example_game(void);
static int		 example_cell(struct game *, const char *);
static void		 example_report(const char *, const char *const *);
static void		 example_check_end(struct game *);

/* The example's starting position, red to move. */
static struct game *
example_game(void)
{
	struct game	*g;

	g = test_util_game("velox", 2, 3,
	    "@0,0;@-2,-1;@2,-3;@-2,3;@2,1;@5,0");
	test_util_set(g, example_start);
	test_util_mu(g)->allowance = 3;
	return (g);
}

static int
example_cell(struct game *g, const char *name)
{
	char	*cause = NULL;
	int	 c;

	ck_assert_msg(mu_name_cell_parse(&test_util_mu(g)->board, name,
	    strlen(name), &c, &cause) == 0, "%s", cause);
	return (c);
}

/* The report must be exactly lines, in order; NULL ends the list. */
static void
example_report(const char *report, const char *const *lines)
{
	const char	*p = report;
	size_t		 len;
	int		 i;

	for (i = 0; lines[i] != NULL; i++) {
		len = strlen(lines[i]);
		ck_assert_msg(strncmp(p, lines[i], len) == 0 &&
		    p[len] == '\n', "line %d should be \"%s\"; report:\n%s",
		    i + 1, lines[i], report);
		p += len + 1;
	}
	ck_assert_msg(*p == '\0', "extra report lines:\n%s", p);
}

static void
example_check_end(struct game *g)
{
	size_t	i;
	int	c;

	for (i = 0; i < sizeof example_end / sizeof example_end[0]; i++) {
		ck_assert_msg(strcmp(test_util_cell(g, example_end[i][0]),
		    example_end[i][1]) == 0, "%s is %s, not %s",
		    example_end[i][0], test_util_cell(g, example_end[i][0]),
		    example_end[i][1]);
	}
	for (c = 0; c < mu_board_ncells(&test_util_mu(g)->board); c++)
		ck_assert(!mu_explode_hot(&test_util_mu(g)->board, c));
}

/* Velox example (001, steps 1-9): red's two moves and their reaction. */
START_TEST(test_example)
{
	static const char *const lines[] = {
		/*
		 * Step 1: the 2-piece goes two cells (C3 over A1 to A0)
		 * and takes the green man; nothing is hot after it.
		 */
		"red moves C3-A0 (2 men).",
		"  red captures blue 1 on A0.",
		/* Step 1: the 3-piece goes three cells (A4 over A0, A1). */
		"red moves A4-C3 (3 men).",
		/*
		 * Step 2: the capacity-3 cell explodes at once into its
		 * three Virgin neighbours (C0, C2, C4).
		 */
		"  C3 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		/* Step 3: the uncovered Commonwealth cell sprouts. */
		"  a red man sprouts on C3.",
		/*
		 * Step 3: C4 (r2, capacity 4) got one man and lost C3 as
		 * a Virgin neighbour: it reaches capacity, 3, and explodes
		 * the same way, bringing A6 one over capacity (3 on 2).
		 */
		"  C4 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on C4.",
		/*
		 * Step 4: A6 borders A1 and C4 (one section) and B2
		 * (green's): it turns Wall, its man to A5 takes the green
		 * man there, its man to A0 makes the 3-piece, and the one
		 * man over capacity stays on the new Wall cell, which has
		 * capacity 0 and so is hot (1 > 0).  The seed names only
		 * red's two moving pieces, but under MU-RULINGS A6 must
		 * hold red men before (r2) for this: see the file comment.
		 */
		"  A6 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		    "Wall.",
		"  red captures blue 1 on A5.",
		"  A6 is now Wall.",
		/*
		 * Step 5: the explosions go on with the 3-piece on A0, the
		 * centre of the middle segment; the Wall man on A6 neither
		 * explodes nor is removed (oscillation is dealt with last;
		 * test_example_default_order checks the engine's own
		 * choice).
		 */
		"  A0 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A0.",
		/*
		 * Step 6: A3 has reached capacity (2 on 2) and A5 is one
		 * over (2 on 1); red chooses A5 first, as the text does.
		 * Step 7: A5 borders A0 (east section) and B2, B3 (green's)
		 * and turns Wall with a red man on it; A6 now has a Wall
		 * neighbour, capacity 1, and is no longer hot.
		 */
		"  A5 explodes (red 2): 1 out, 1 stays; Virginity becomes "
		    "Wall.",
		"  A5 is now Wall.",
		/*
		 * Step 8: the other one, A3, sprouts and pushes A4 over
		 * capacity (3 on 2).
		 */
		"  A3 explodes (red 2): 2 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A3.",
		/*
		 * Step 9: the last explosion; the new man sprouts on top of
		 * the one that stayed, making a red 2 on A4.
		 */
		"  A4 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A4.",
		NULL
	};
	struct game	*g;
	struct mu_game	*mg;
	uint64_t	 occupied;
	char		*report;

	g = example_game();
	mg = test_util_mu(g);

	/* Step 1: red occupies two segments, A and C; nothing is hot. */
	ck_assert_int_eq(mu_turn_occupied(mg, 0, &occupied), 2);
	ck_assert(occupied == ((1 << 0) | (1 << 2)));
	ck_assert_int_eq(mu_board_capacity(&mg->board,
	    example_cell(g, "C3")), 3);
	ck_assert(!mu_explode_hot(&mg->board, example_cell(g, "A6")));
	test_util_refuse(g, -1, "C3-A0 C4-C1", "C4-C1: a move has already "
	    "started from segment C this turn");
	/* Step 2: the markings are gone once both segments have moved. */
	test_util_refuse(g, -1, "C3-A0 A4-C3 D1-D4", "D1-D4: red has no "
	    "segment left to move from this turn");

	report = test_util_play(g, "C3-A0 A4-C3(A0,A5)");
	example_report(report, lines);
	free(report);
	example_check_end(g);

	/* Step 7: both Wall cells have capacity 1 and hold one red man. */
	mg = test_util_mu(g);
	ck_assert_int_eq(mu_board_capacity(&mg->board,
	    example_cell(g, "A6")), 1);
	ck_assert_int_eq(mu_board_capacity(&mg->board,
	    example_cell(g, "A5")), 1);
	ck_assert_int_eq(mg->to_move, 1);

	/*
	 * Step 9: the red 2 on A4 threatens B2 across the red Wall man on
	 * A5, and B0's column of two takes back, keeping a man to do it
	 * again.
	 */
	free(test_util_play(g, "pass"));
	report = test_util_play(g, "A4-B2");
	ck_assert_str_eq(report, "red moves A4-B2 (2 men).\n"
	    "  red captures blue 1 on B2.\n");
	free(report);
	report = test_util_play(g, "B0-B2");
	ck_assert_str_eq(report, "blue moves B0-B2 (1 man).\n"
	    "  blue captures red 2 on B2.\n");
	free(report);
	ck_assert_str_eq(test_util_cell(g, "B0"), "Cb1");
	ck_assert_str_eq(test_util_cell(g, "B2"), "Cb1");
	game_free(g);
}
END_TEST

/*
 * Steps 4, 6 and 7: the hot cells at each choice, shown by lists the
 * engine refuses (MU-RULINGS, "The order of explosions").
 */
START_TEST(test_example_hot_cells)
{
	struct game	*g;
	char		*report;

	g = example_game();
	/* Step 4: once A6 is Wall it is hot (1 > 0), beside A0. */
	test_util_refuse(g, -1, "C3-A0 A4-C3(A5)", "A4-C3: explosion "
	    "list: A5 is not hot; the hot cells were A0 and A6");
	/* Step 6: after A0, A3 and A5 are hot, and A6 still is. */
	test_util_refuse(g, -1, "C3-A0 A4-C3(A0,D1)", "A4-C3: explosion "
	    "list: D1 is not hot; the hot cells were A3, A5 and A6");
	/*
	 * Step 7: after A5 turns Wall there is never a choice again (A6
	 * has capacity 1), so D1 is simply not needed.
	 */
	report = test_util_play(g, "C3-A0 A4-C3(A0,A5,D1)");
	ck_assert_ptr_nonnull(strstr(report, "  A5 is now Wall.\n"
	    "  A3 explodes (red 2): 2 out, 0 stay; Virginity becomes "
	    "Commonwealth.\n"));
	ck_assert_ptr_nonnull(strstr(report,
	    "  not needed: D1 in the explosion list.\n"));
	free(report);
	example_check_end(g);
	game_free(g);
}
END_TEST

/*
 * Step 5 with no list: the engine explodes A0 while the new Wall man on
 * A6 is hot, never removes that man, and A3 before A5 (the lower name)
 * ends the same, as the text says the order does not matter here.
 */
START_TEST(test_example_default_order)
{
	static const char *const lines[] = {
		"red moves C3-A0 (2 men).",
		"  red captures blue 1 on A0.",
		"red moves A4-C3 (3 men).",
		"  C3 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on C3.",
		"  C4 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on C4.",
		"  A6 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		    "Wall.",
		"  red captures blue 1 on A5.",
		"  A6 is now Wall.",
		"  A0 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A0.",
		"  A3 explodes (red 2): 2 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A3.",
		"  A5 explodes (red 2): 1 out, 1 stays; Virginity becomes "
		    "Wall.",
		"  A5 is now Wall.",
		"  A4 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A4.",
		NULL
	};
	struct game	*g;
	char		*report;

	g = example_game();
	report = test_util_play(g, "C3-A0 A4-C3");
	example_report(report, lines);
	free(report);
	example_check_end(g);
	game_free(g);
}
END_TEST

/*
 * Steps 2 and 5 the other way round (MU-RULINGS, "Oscillation"): moved
 * first, the 3-piece lands on the 2-piece, and when A6 turns Wall no
 * other cell is hot, so A6 explodes with nothing to send, is known to
 * oscillate and loses its man: the order of moves matters.
 */
START_TEST(test_example_other_order)
{
	static const char *const lines[] = {
		"red moves A4-C3 (3 men).",
		"  C3 explodes (red 5): 3 out, 2 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on C3.",
		"  C4 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on C4.",
		"  A6 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		    "Wall.",
		"  red captures blue 1 on A5.",
		"  red captures blue 1 on A0.",
		"  A6 is now Wall.",
		"  A6 explodes (red 1): 0 out, 1 stays.",
		"  oscillation: 1 red man removed from A6.",
		"red moves C3-A0 (2 men).",
		"  A0 explodes (red 3): 3 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A0.",
		"  A3 explodes (red 2): 2 out, 0 stay; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A3.",
		"  A5 explodes (red 2): 1 out, 1 stays; Virginity becomes "
		    "Wall.",
		"  A5 is now Wall.",
		"  A4 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		    "Commonwealth.",
		"  a red man sprouts on A4.",
		NULL
	};
	struct game	*g;
	char		*report;

	g = example_game();
	report = test_util_play(g, "A4-C3 C3-A0");
	example_report(report, lines);
	free(report);
	ck_assert_str_eq(test_util_cell(g, "A6"), "W");
	ck_assert_str_eq(test_util_cell(g, "A5"), "Wr1");
	ck_assert_str_eq(test_util_cell(g, "C3"), "Cr1");
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_example");
	TCase	*tc = tcase_create("velox");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_example);
	tcase_add_test(tc, test_example_hot_cells);
	tcase_add_test(tc, test_example_default_order);
	tcase_add_test(tc, test_example_other_order);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
