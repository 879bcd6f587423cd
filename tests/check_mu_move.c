#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "mu-explode.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Single moves (MU-RULINGS, "Pieces and movement"), on a velox board of
 * four segments, A and C red, B and D blue:
 *
 *	r=-1:          A6 A1 B5 B0 B2 D4 D3
 *	r=0:     C6 C1 A5 A0 A2 B4 B3
 *	r=1:  C5 C0 C2 A4 A3
 *
 * Each row runs west to east (direction E); A0's neighbours are A1 (NE),
 * A2 (E), A3 (SE), A4 (SW), A5 (W) and A6 (NW).  Each test empties the
 * board to Virginity and sets the cells it needs; blue keeps a man on D0
 * so that blue never passes automatically.  A refused move must leave
 * the game exactly as it was (test_util_refuse compares it whole).
 */

#define LAYOUT	"@0,0;@3,-1;@-3,1;@6,-2"

static struct game	*board(const char *);

/* The four-segment board with spec set on an empty board. */
static struct game *
board(const char *spec)
{
	struct game	*g;
	char		*full;

	g = test_util_game("velox", 2, 2, LAYOUT);
	xasprintf(&full, "*=V D0=Vb1 %s", spec);
	test_util_set(g, full);
	free(full);
	return (g);
}

/* The top k men of a piece move exactly k cells in a straight line. */
START_TEST(test_move_top_men)
{
	struct game	*g;
	char		*r;

	g = board("A0=Vr3");
	r = test_util_play(g, "A0-B4");
	ck_assert_str_eq(test_util_cell(g, "A0"), "Vr1");
	ck_assert_str_eq(test_util_cell(g, "A2"), "V");
	ck_assert_str_eq(test_util_cell(g, "B4"), "Vr2");
	ck_assert_str_eq(r, "red moves A0-B4 (2 men).\n");
	free(r);
	game_free(g);

	g = board("A0=Vr3");
	r = test_util_play(g, "a0-a5");
	ck_assert_str_eq(test_util_cell(g, "A0"), "Vr2");
	ck_assert_str_eq(test_util_cell(g, "A5"), "Vr1");
	ck_assert_str_eq(r, "red moves A0-A5 (1 man).\n");
	free(r);
	game_free(g);
}
END_TEST

static const struct {
	const char	*spec;
	const char	*action;
	const char	*error;
} bad_moves[] = {
	/* The first cell must hold one of the mover's pieces. */
	{ "A0=Vr1", "A1-A2", "A1-A2: A1 is empty" },
	{ "A0=Vr1 A2=Vb1", "A2-A3", "A2-A3: A2 holds a blue piece, not a "
	    "red one" },
	/* k cells take k men: no more than the piece holds. */
	{ "A0=Vr2", "A0-B3", "A0-B3: going 3 cells takes the top 3 men, and "
	    "A0 holds only 2" },
	/* One of the six directions, and at least one cell. */
	{ "A0=Vr3", "A0-B0", "A0-B0: the two cells are not on one straight "
	    "line" },
	{ "A0=Vr3", "A0-A4 C0-A5", "C0-A5: the two cells are not on one "
	    "straight line" },
	{ "A0=Vr1", "A0-A0", "A0-A0: a move must leave its cell" },
	/* Cells must exist. */
	{ "A0=Vr1", "A0-E1", "'E1': there is no such segment (the board has "
	    "A to D)" },
	{ "A0=Vr1", "A7-A0", "'A7': cell numbers run from 0 (centre) to 6" },
	{ "A0=Vr1", "A0-Q", "'Q': not a cell name (cells are named by "
	    "segment and number, like C4)" },
	/* A piece off the Wall may not land on it, own piece or not. */
	{ "A0=Vr1 A1=W A2=W", "A0-A2", "A0-A2: A2 is on the Wall and A0 is "
	    "not" },
	{ "A0=Cr1 A1=W A2=Wr1", "A0-A2", "A0-A2: A2 is on the Wall and A0 "
	    "is not" },
	/* ... nor pass over a Wall cell without a piece of its colour. */
	{ "A0=Vr2 A1=W A2=W", "A0-B4", "A0-B4: the path passes over the Wall "
	    "at A2, which holds no red piece" },
	{ "A0=Cr2 A1=W A2=Wb1", "A0-B4", "A0-B4: the path passes over the "
	    "Wall at A2, which holds no red piece" },
};

/* Each illegal move is refused with its reason and changes nothing. */
START_TEST(test_move_errors)
{
	struct game	*g;

	g = board(bad_moves[_i].spec);
	test_util_mu(g)->allowance = 5;
	test_util_set(g, "C0=Vr1");
	test_util_refuse(g, -1, bad_moves[_i].action, bad_moves[_i].error);
	game_free(g);
}
END_TEST

/* The path may not cross the Out of Bounds, even to come back. */
START_TEST(test_move_out_of_bounds)
{
	struct game	*g;

	/* D (2,2) leaves a hole at (1,1) between A3 (0,1) and D6 (2,1). */
	g = test_util_game("velox", 2, 2, "@0,0;@3,-1;@-3,1;@2,2");
	test_util_set(g, "*=V A3=Vr2 B0=Vb1");
	test_util_refuse(g, -1, "A3-D6", "A3-D6: the path crosses the Out of "
	    "Bounds");
	game_free(g);
}
END_TEST

/* Off the Wall, a piece may pass over a Wall cell holding its colour. */
START_TEST(test_move_over_own_wall)
{
	struct game	*g;
	char		*r;

	g = board("A0=Vr2 A1=W A2=Wr1");
	r = test_util_play(g, "A0-B4");
	ck_assert_str_eq(test_util_cell(g, "A0"), "V");
	ck_assert_str_eq(test_util_cell(g, "A2"), "Wr1");
	ck_assert_str_eq(test_util_cell(g, "B4"), "Vr2");
	ck_assert_str_eq(r, "red moves A0-B4 (2 men).\n");
	free(r);
	game_free(g);
}
END_TEST

/* From the Wall, a piece passes over any Wall cell and lands on one. */
START_TEST(test_move_from_wall)
{
	struct game	*g;
	char		*r;

	/* Wall capacities: A0 2, A1 2, A2 3, B4 2, B3 1. */
	g = board("A0=Wr2 A1=W A2=Wb1 B4=Wb1 B3=W");
	r = test_util_play(g, "A0-B4");
	ck_assert_str_eq(test_util_cell(g, "A0"), "W");
	ck_assert_str_eq(test_util_cell(g, "A2"), "Wb1");
	ck_assert_str_eq(test_util_cell(g, "B4"), "Wr2");
	ck_assert_str_eq(r, "red moves A0-B4 (2 men).\n"
	    "  red captures blue 1 on B4.\n");
	free(r);
	game_free(g);

	/* An empty Wall cell passed over, a Wall cell landed on. */
	g = board("A0=Wr2 A1=W A2=W B4=W B3=W");
	r = test_util_play(g, "A0-B4");
	ck_assert_str_eq(test_util_cell(g, "B4"), "Wr2");
	free(r);
	game_free(g);
}
END_TEST

/* Pieces off the Wall never block, whatever their colour or layer. */
START_TEST(test_move_no_block)
{
	static const char	*specs[] = {
		"A0=Vr2 A2=Vb3", "A0=Vr2 A2=Cb3", "A0=Cr2 A2=Cr1"
	};
	struct game		*g;
	char			*r, a2[8];
	unsigned		 i;

	for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
		g = board(specs[i]);
		snprintf(a2, sizeof a2, "%s", test_util_cell(g, "A2"));
		r = test_util_play(g, "A0-B4");
		ck_assert_str_eq(test_util_cell(g, "A2"), a2);
		ck_assert_str_eq(test_util_cell(g, "B4"), "Vr2");
		ck_assert_str_eq(r, "red moves A0-B4 (2 men).\n");
		free(r);
		game_free(g);
	}
}
END_TEST

/* Landing on one's own piece merges the two. */
START_TEST(test_move_merge)
{
	struct game	*g;
	char		*r;

	g = board("A0=Vr1 A2=Vr2");
	r = test_util_play(g, "A0-A2");
	ck_assert_str_eq(test_util_cell(g, "A0"), "V");
	ck_assert_str_eq(test_util_cell(g, "A2"), "Vr3");
	ck_assert_str_eq(r, "red moves A0-A2 (1 man).\n");
	free(r);
	game_free(g);
}
END_TEST

/* Landing on another colour captures it whole, whatever its size. */
START_TEST(test_move_capture)
{
	struct game	*g;
	char		*r;

	g = board("A0=Vr1 A2=Vb4");
	r = test_util_play(g, "A0-A2");
	ck_assert_str_eq(test_util_cell(g, "A0"), "V");
	ck_assert_str_eq(test_util_cell(g, "A2"), "Vr1");
	ck_assert_str_eq(r, "red moves A0-A2 (1 man).\n"
	    "  red captures blue 4 on A2.\n");
	free(r);
	game_free(g);
}
END_TEST

/* A turn whose later move fails changes nothing, explosions included. */
START_TEST(test_move_refused_unchanged)
{
	struct game	*g;

	g = board("A0=Vr1 A3=Vr2 C0=Vr1");
	test_util_mu(g)->allowance = 5;
	test_util_refuse(g, -1, "A0-A3 C1-C2", "C1-C2: C1 is empty");
	test_util_refuse(g, -1, "A0-A3, A0-A2", "A0-A2: a move has already "
	    "started from segment A this turn");
	ck_assert_str_eq(test_util_cell(g, "A3"), "Vr2");
	ck_assert_str_eq(test_util_cell(g, "A0"), "Vr1");
	/* The same first move alone is legal and explodes A3. */
	free(test_util_play(g, "A0-A3"));
	ck_assert_str_eq(test_util_cell(g, "A3"), "Cr1");
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_move");
	TCase	*tc = tcase_create("moves");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_move_top_men);
	tcase_add_loop_test(tc, test_move_errors, 0,
	    sizeof bad_moves / sizeof bad_moves[0]);
	tcase_add_test(tc, test_move_out_of_bounds);
	tcase_add_test(tc, test_move_over_own_wall);
	tcase_add_test(tc, test_move_from_wall);
	tcase_add_test(tc, test_move_no_block);
	tcase_add_test(tc, test_move_merge);
	tcase_add_test(tc, test_move_capture);
	tcase_add_test(tc, test_move_refused_unchanged);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
