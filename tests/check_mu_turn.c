#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "mu-game.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Turns and the end of a Mu game (MU-RULINGS, "Turns", "End and score"
 * and "Play by email"): how many moves a turn allows and from where,
 * passes and automatic passes, resigning, the end when every player
 * has passed in a row, and the score.
 *
 * Most tests use two players with two segments each, placed at @0,0
 * (A, red), @3,-1 (B, blue), @-3,1 (C, red) and @6,-2 (D, blue), then
 * reshape the board with test_util_set.  In axial (q,r):
 *
 *   r=-3                                    D6 D1
 *   r=-2                     B6 B1 D5 D0 D2
 *   r=-1          A6 A1 B5 B0 B2 D4 D3
 *   r=0  C6 C1 A5 A0 A2 B4 B3
 *   r=1  C5 C0 C2 A4 A3
 *   r=2  C4 C3
 *
 * Each row runs west to east; the row below starts half a cell to the
 * west (SW of C6 is C5).  Walling all of A cuts the board into the
 * regions C (7 cells) and B+D (14 cells).  Three-player games use
 * @0,0 (A, red), @3,-1 (B, blue) and @-1,3 (C, green), one segment
 * each.
 */

#define LAYOUT4		"@0,0;@3,-1;@-3,1;@6,-2"
#define LAYOUT3		"@0,0;@3,-1;@-1,3"
#define WALL_A		"A0=W A1=W A2=W A3=W A4=W A5=W A6=W "
#define WALL_D		"D0=W D1=W D2=W D3=W D4=W D5=W D6=W "

static struct game	*classic4(const char *);
static struct game	*velox4(const char *);
static char		*play_as(struct game *, int, const char *);
static void		 want_cells(struct game *, const char *);

/* Classic, 2 players, segments A to D; the board then set from spec. */
static struct game *
classic4(const char *spec)
{
	struct game	*g;

	g = test_util_game("classic", 2, 2, LAYOUT4 ";clear A;clear B");
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_MOVEMENT);
	if (spec != NULL)
		test_util_set(g, spec);
	return (g);
}

/* Velox, 2 players, segments A to D; the board then set from spec. */
static struct game *
velox4(const char *spec)
{
	struct game	*g;

	g = test_util_game("velox", 2, 2, LAYOUT4);
	if (spec != NULL)
		test_util_set(g, spec);
	return (g);
}

/* Play action for seat, which must succeed; returns the report. */
static char *
play_as(struct game *g, int seat, const char *action)
{
	struct buf	 report;
	char		*cause = NULL;

	buf_init(&report);
	ck_assert_msg(game_play(g, seat, action, strlen(action), NULL,
	    &report, &cause) == 0, "%s: %s", action, cause);
	return (buf_steal(&report));
}

/* Each word of want, "A0=Vr1", names a cell and what it must hold. */
static void
want_cells(struct game *g, const char *want)
{
	char	*copy, *word, *last, *eq;

	copy = xstrdup(want);
	for (word = strtok_r(copy, " ", &last); word != NULL;
	    word = strtok_r(NULL, " ", &last)) {
		eq = strchr(word, '=');
		ck_assert_ptr_nonnull(eq);
		*eq = '\0';
		ck_assert_msg(strcmp(test_util_cell(g, word), eq + 1) == 0,
		    "%s holds %s, not %s", word, test_util_cell(g, word),
		    eq + 1);
	}
	free(copy);
}

/* Levis: a turn is one move, even from a second occupied segment. */
START_TEST(test_levis_one_move)
{
	struct game	*g;
	char		*r;

	g = test_util_game("levis", 2, 1, "@0,0;@3,-1");
	test_util_set(g, "*=V A0=Vr1 B0=Vr1 B3=Vb1");
	test_util_refuse(g, -1, "A0-A1 B0-B6",
	    "B0-B6: Mu levis allows one move per turn");
	r = test_util_play(g, "a0-a1");
	ck_assert_str_eq(r, "red moves A0-A1 (1 man).\n");
	free(r);
	want_cells(g, "A0=V A1=Vr1 B0=Vr1");
	ck_assert_int_eq(test_util_mu(g)->to_move, 1);
	ck_assert_int_eq(test_util_mu(g)->allowance, 2);
	r = test_util_play(g, "pass");
	ck_assert_str_eq(r, "blue passes.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->to_move, 0);
	game_free(g);
}
END_TEST

/* Classic: one move per occupied segment; a segment is used once. */
START_TEST(test_classic_segment_once)
{
	struct game	*g;
	char		*r;

	g = classic4("*=V A0=Vr1 A5=Vr1 C0=Vr1 D0=Vb1");
	test_util_refuse(g, -1, "A0-A1 A5-A4",
	    "A5-A4: a move has already started from segment A this turn");
	test_util_refuse(g, -1, "A0-A1 C0-C1 A5-A4",
	    "A5-A4: red has no segment left to move from this turn");
	r = test_util_play(g, "A0-A1 C0-C1");
	ck_assert_str_eq(r, "red moves A0-A1 (1 man).\n"
	    "red moves C0-C1 (1 man).\n");
	free(r);
	want_cells(g, "A0=V A1=Vr1 A5=Vr1 C0=V C1=Vr1");
	game_free(g);
}
END_TEST

/* Classic: no move from a segment not occupied when the turn began. */
START_TEST(test_classic_unoccupied)
{
	struct game	*g;
	char		*r;

	g = classic4("*=V A0=Vr2 C0=Vr1 D0=Vb1");
	test_util_refuse(g, -1, "A0-B4 B4-B3",
	    "B4-B3: red did not occupy segment B at the start of the turn");
	test_util_refuse(g, -1, "D0-D1",
	    "D0-D1: D0 holds a blue piece, not a red one");
	r = test_util_play(g, "A0-B4 C0-C1");
	free(r);
	want_cells(g, "A0=V B4=Vr2 C0=V C1=Vr1");
	game_free(g);
}
END_TEST

/* Classic: a piece moved onto an unused occupied segment moves on. */
START_TEST(test_classic_arrive_by_move)
{
	struct game	*g;
	char		*r;

	g = classic4("*=V C1=Vr2 A3=Vr1 D0=Vb1");
	r = test_util_play(g, "C1-A0 A0-B4");
	want_cells(g, "C1=V A0=V A2=V B4=Vr2 A3=Vr1");
	ck_assert_str_eq(r, "red moves C1-A0 (2 men).\n"
	    "red moves A0-B4 (2 men).\n");
	free(r);
	game_free(g);
}
END_TEST

/*
 * Classic: C0-C2 makes C2 (capacity 5) explode, sending a man to A4;
 * A was occupied (A2) and is unused, so that man may move.
 */
START_TEST(test_classic_arrive_by_explosion)
{
	struct game	*g;
	char		*r;

	g = classic4("*=V C2=Vr4 C0=Vr1 A2=Vr1 D0=Vb1");
	test_util_refuse(g, -1, "C0-C2 C1-C6",
	    "C1-C6: a move has already started from segment C this turn");
	r = test_util_play(g, "C0-C2 A4-A3");
	ck_assert_ptr_nonnull(strstr(r, "red moves C0-C2 (1 man).\n"));
	ck_assert_ptr_nonnull(strstr(r, "  C2 explodes (red 5)"));
	ck_assert_ptr_nonnull(strstr(r, "red moves A4-A3 (1 man).\n"));
	free(r);
	want_cells(g, "C2=Cr1 C0=Vr1 C1=Vr1 C3=Vr1 A5=Vr1 A4=V A3=Vr1 "
	    "A2=Vr1");
	ck_assert_int_eq(test_util_mu(g)->to_move, 1);
	game_free(g);
}
END_TEST

/*
 * Classic: moves apply in the order written.  C1 (red 3, capacity 4)
 * explodes only if A5's man lands before C1's man leaves.
 */
START_TEST(test_classic_order)
{
	struct game	*g;
	char		*r;

	g = classic4("*=V C1=Vr3 A5=Vr1 D0=Vb1");
	r = test_util_play(g, "A5-C1 C1-C0");
	ck_assert_ptr_nonnull(strstr(r, "C1 explodes"));
	free(r);
	want_cells(g, "A5=Vr1 C1=C C6=Vr1 C0=Vr2 C2=Vr1");
	game_free(g);

	g = classic4("*=V C1=Vr3 A5=Vr1 D0=Vb1");
	r = test_util_play(g, "C1-C0 A5-C1");
	ck_assert_str_eq(r, "red moves C1-C0 (1 man).\n"
	    "red moves A5-C1 (1 man).\n");
	free(r);
	want_cells(g, "A5=V C1=Vr3 C6=V C0=Vr1 C2=V");
	game_free(g);

	/* A move's men are the distance: A0 holds 1 until C1-A0 lands. */
	g = classic4("*=V C1=Vr2 A0=Vr1 D0=Vb1");
	test_util_refuse(g, -1, "A0-B4 C1-A0", "A0-B4: going 2 cells takes "
	    "the top 2 men, and A0 holds only 1");
	free(test_util_play(g, "C1-A0 A0-B4"));
	want_cells(g, "C1=V A0=Vr1 B4=Vr2");
	game_free(g);
}
END_TEST

/* Velox: the allowance T caps a turn's moves; T counts passes. */
START_TEST(test_velox_cap)
{
	struct game	*g;
	char		*r;

	g = velox4(NULL);
	test_util_refuse(g, -1, "A0-A1 C0-C1",
	    "C0-C1: Mu velox allows up to 1 move this turn");
	free(test_util_play(g, "pass"));
	ck_assert_int_eq(test_util_mu(g)->allowance, 2);
	r = test_util_play(g, "B0-B1 D0-D3");
	ck_assert_str_eq(r, "blue moves B0-B1 (1 man).\n"
	    "blue moves D0-D3 (1 man).\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->allowance, 3);

	/* Allowance 3 with two segments: capped by the segments. */
	test_util_refuse(g, -1, "A0-A2 C0-C1 A2-A3",
	    "A2-A3: red has no segment left to move from this turn");

	/* Allowance 3 with four segments: capped at 3. */
	test_util_set(g, "*=V A0=Vr1 B4=Vr1 C0=Vr1 D2=Vr1 B1=Vb1 D3=Vb1");
	test_util_refuse(g, -1, "A0-A1 B4-B3 C0-C1 D2-D1",
	    "D2-D1: Mu velox allows up to 3 moves this turn");
	free(test_util_play(g, "A0-A1 B4-B3 C0-C1"));
	want_cells(g, "A1=Vr1 B3=Vr1 C1=Vr1 D2=Vr1");
	ck_assert_int_eq(test_util_mu(g)->allowance, 4);
	game_free(g);
}
END_TEST

/*
 * Velox: T counts automatic passes, which count towards the end; the
 * turns, the record's lines, do not count them.
 */
START_TEST(test_velox_automatic_turns)
{
	struct game	*g;
	char		*r;
	int		 turns;

	g = velox4("*=V A0=Vr1 B4=Vr1 C0=Vr1 D0=Vr1 D3=Vb1");
	turns = test_util_mu(g)->turns;
	r = test_util_play(g, "D0-D3");
	ck_assert_str_eq(r, "red moves D0-D3 (1 man).\n"
	    "  red captures blue 1 on D3.\n"
	    "blue passes automatically.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->to_move, 0);
	ck_assert_int_eq(test_util_mu(g)->allowance, 3);
	ck_assert_int_eq(test_util_mu(g)->turns, turns + 1);
	ck_assert_int_eq(test_util_mu(g)->passes, 1);
	test_util_refuse(g, -1, "A0-A1 B4-B3 C0-C1 D3-D2",
	    "D3-D2: Mu velox allows up to 3 moves this turn");
	r = test_util_play(g, "A0-A1 B4-B3 C0-C1");
	ck_assert_ptr_nonnull(strstr(r, "red moves C0-C1 (1 man).\n"
	    "blue passes automatically.\n"));
	free(r);
	ck_assert_int_eq(test_util_mu(g)->allowance, 5);
	ck_assert_int_eq(test_util_mu(g)->turns, turns + 2);
	ck_assert_int_eq(test_util_mu(g)->passes, 1);
	r = test_util_play(g, "pass");
	ck_assert_str_eq(r, "red passes.\nThe game is over.\n"
	    "Score: red 28, blue 0, neutral 0. Red wins.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 28: A0 28 cells.\n"
	    "  blue 0: no region.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_OVER);
	game_free(g);
}
END_TEST

/* A pass is a turn without moves; two passes in a row end the game. */
START_TEST(test_pass_two)
{
	struct game	*g;
	char		*r;

	g = velox4(NULL);
	r = test_util_play(g, " PASS ");
	ck_assert_str_eq(r, "red passes.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->to_move, 1);
	ck_assert_int_eq(test_util_mu(g)->allowance, 2);
	ck_assert_int_eq(test_util_mu(g)->passes, 1);
	want_cells(g, "A0=Vr1 B0=Vb1 C0=Vr1 D0=Vb1");
	free(test_util_play(g, "B0-B1"));
	ck_assert_int_eq(test_util_mu(g)->passes, 0);
	free(test_util_play(g, "pass"));
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_MOVEMENT);
	r = test_util_play(g, "pass");
	ck_assert_str_eq(r, "blue passes.\nThe game is over.\n"
	    "Score: red 0, blue 0, neutral 28. A draw between red and "
	    "blue.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 0: no region.\n"
	    "  blue 0: no region.\n"
	    "  neutral 28: A0 28 cells (red and blue pieces).\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_OVER);
	test_util_refuse(g, 0, "pass", "the game is over");
	test_util_refuse(g, 1, "resign", "the game is over");
	game_free(g);
}
END_TEST

/* Three players: all three must pass in a row; a move resets it. */
START_TEST(test_pass_three)
{
	struct game	*g;
	char		*r;

	g = test_util_game("levis", 3, 1, LAYOUT3);
	free(test_util_play(g, "pass"));
	free(test_util_play(g, "pass"));
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_MOVEMENT);
	ck_assert_int_eq(test_util_mu(g)->to_move, 2);
	free(test_util_play(g, "C0-C1"));
	free(test_util_play(g, "pass"));
	free(test_util_play(g, "pass"));
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_MOVEMENT);
	ck_assert_int_eq(test_util_mu(g)->allowance, 6);
	r = test_util_play(g, "pass");
	ck_assert_str_eq(r, "green passes.\nThe game is over.\n"
	    "Score: red 0, blue 0, green 0, neutral 21. A draw between red, "
	    "blue and green.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 0: no region.\n"
	    "  blue 0: no region.\n"
	    "  green 0: no region.\n"
	    "  neutral 21: A0 21 cells (red, blue and green pieces).\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_OVER);
	game_free(g);
}
END_TEST

/*
 * Red's last man, a Wall piece of 2, lands on C1, a Wall cell of
 * capacity 0: it oscillates and both men are removed.  Red keeps the
 * turn (a move, not a pass) and passes automatically next time.
 */
START_TEST(test_last_man_lost)
{
	struct game	*g;
	char		*r, *p;

	g = velox4("*=V A0=Wr2 A1=W A6=W C1=W D0=Vb1");
	r = test_util_play(g, "A0-C1");
	ck_assert_msg(strncmp(r, "red moves A0-C1 (2 ", 19) == 0, "%s", r);
	ck_assert_msg((p = strstr(r, "oscillation: 1 red man removed from "
	    "C1.\n")) != NULL && strstr(p + 1, "oscillation: 1 red man "
	    "removed from C1.\n") != NULL, "%s", r);
	ck_assert_ptr_null(strstr(r, "passes"));
	free(r);
	want_cells(g, "A0=W C1=W");
	ck_assert_int_eq(test_util_mu(g)->to_move, 1);
	ck_assert_int_eq(test_util_mu(g)->allowance, 2);
	ck_assert_int_eq(test_util_mu(g)->passes, 0);
	r = test_util_play(g, "D0-D1");
	ck_assert_str_eq(r, "blue moves D0-D1 (1 man).\n"
	    "red passes automatically.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->to_move, 1);
	ck_assert_int_eq(test_util_mu(g)->allowance, 4);
	ck_assert_int_eq(test_util_mu(g)->passes, 1);
	test_util_refuse(g, 0, "pass", "it is blue's turn, not red's");
	game_free(g);
}
END_TEST

/* Two players: resigning ends the game, on one's turn or not. */
START_TEST(test_resign_two)
{
	struct game	*g;
	char		*r;

	g = velox4(NULL);
	r = test_util_play(g, "resign");
	ck_assert_str_eq(r, "red resigns.\nThe game is over.\n"
	    "Score: red 0 (resigned), blue 0, neutral 28. Blue wins by "
	    "resignation.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 0: no region.\n"
	    "  blue 0: no region.\n"
	    "  neutral 28: A0 28 cells (red and blue pieces).\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_OVER);
	test_util_refuse(g, 1, "resign", "the game is over");
	game_free(g);

	g = velox4(NULL);
	test_util_refuse(g, 1, "pass", "it is red's turn, not blue's");
	test_util_refuse(g, 1, "B0-B1", "it is red's turn, not blue's");
	r = play_as(g, 1, "Resign");
	ck_assert_str_eq(r, "blue resigns.\nThe game is over.\n"
	    "Score: red 0, blue 0 (resigned), neutral 28. Red wins by "
	    "resignation.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 0: no region.\n"
	    "  blue 0: no region.\n"
	    "  neutral 28: A0 28 cells (red and blue pieces).\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_OVER);
	game_free(g);

	/* In the layout: red holds region A (7), yet blue wins. */
	g = test_util_game("velox", 2, 2, "@0,0");
	r = play_as(g, 0, "resign");
	ck_assert_str_eq(r, "red resigns.\nThe game is over.\n"
	    "Score: red 7 (resigned), blue 0, neutral 0. Blue wins by "
	    "resignation.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 7: A0 7 cells.\n"
	    "  blue 0: no region.\n");
	free(r);
	game_free(g);
}
END_TEST

/* Three or more: no resigning before the movement phase. */
START_TEST(test_resign_three_early)
{
	struct game	*g;
	const char	*why = "resign: in a game of three or more players, "
			    "resigning is possible only once the movement "
			    "phase has begun";

	g = test_util_game("levis", 3, 1, "@0,0");
	test_util_refuse(g, 0, "resign", why);
	test_util_refuse(g, 1, "resign", why);
	game_free(g);

	g = test_util_game("classic", 3, 2,
	    "@0,0;@3,-1;@-1,3;@1,-3;@-3,1;@5,0");
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_SELECTION);
	test_util_refuse(g, 0, "resign", why);
	test_util_refuse(g, 2, "resign", why);
	game_free(g);
}
END_TEST

/*
 * Three players: resigning on one's turn ends it; afterwards the
 * resigner passes automatically and their men stay.
 */
START_TEST(test_resign_three_own_turn)
{
	struct game	*g;
	char		*r;

	g = test_util_game("levis", 3, 1, LAYOUT3);
	r = test_util_play(g, "resign");
	ck_assert_str_eq(r, "red resigns.\nred passes.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->phase, MU_PHASE_MOVEMENT);
	ck_assert_int_eq(test_util_mu(g)->to_move, 1);
	ck_assert_int_eq(test_util_mu(g)->allowance, 2);
	ck_assert_uint_eq(test_util_mu(g)->resigned, 1);
	test_util_refuse(g, 0, "resign", "resign: red has already resigned");
	test_util_refuse(g, 0, "A0-A1", "it is blue's turn, not red's");
	free(test_util_play(g, "B3-B4"));
	r = test_util_play(g, "C0-C1");
	ck_assert_str_eq(r, "green moves C0-C1 (1 man).\n"
	    "red passes automatically.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->to_move, 1);
	ck_assert_int_eq(test_util_mu(g)->allowance, 5);
	want_cells(g, "A0=Vr1 A1=Vr1 A2=Vr1 A3=Vr1 A4=Vr1 A5=Vr1 A6=Vr1");
	game_free(g);
}
END_TEST

/*
 * Three players: blue resigns out of turn; red's turn goes on, blue
 * then passes automatically and ranks last despite the best score.
 */
START_TEST(test_resign_three_rank)
{
	struct game	*g;
	char		*r;

	g = test_util_game("levis", 3, 1, LAYOUT3);
	r = play_as(g, 1, "resign");
	ck_assert_str_eq(r, "blue resigns.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->to_move, 0);
	ck_assert_int_eq(test_util_mu(g)->allowance, 1);
	ck_assert_int_eq(test_util_mu(g)->passes, 0);
	r = test_util_play(g, "A0-A1");
	ck_assert_str_eq(r, "red moves A0-A1 (1 man).\n"
	    "blue passes automatically.\n");
	free(r);
	ck_assert_int_eq(test_util_mu(g)->to_move, 2);

	/* Regions: A (7, blue), B less B4 B5 (5, red), C0 C4 C5 (green). */
	test_util_set(g, "*=V B4=W B5=W C1=W C6=W C2=W C3=W A0=Vb1 B0=Vr1 "
	    "C0=Vg1");
	free(test_util_play(g, "pass"));
	r = test_util_play(g, "pass");
	ck_assert_str_eq(r, "red passes.\nThe game is over.\n"
	    "Score: red 5, blue 7 (resigned), green 3, neutral 0. Red "
	    "wins.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 5: B0 5 cells.\n"
	    "  blue 7: A0 7 cells.\n"
	    "  green 3: C0 3 cells.\n");
	free(r);
	game_free(g);
}
END_TEST

static const struct {
	const char	*what;
	const char	*spec;
	const char	*score;
	const char	*regions;
} scores[] = {
	{ "one colour scores its region, Virginity included; two are "
	  "neutral",
	  "*=V " WALL_A "C0=Cr2 C1=C C4=Vr1 B0=Vr1 D0=Vb1",
	  "Score: red 7, blue 0, neutral 14. Red wins.",
	  "Regions, named by their lowest cell:\n"
	  "  red 7: C0 7 cells.\n"
	  "  blue 0: no region.\n"
	  "  neutral 14: B0 14 cells (red and blue pieces).\n" },
	{ "an empty region reached by red's Wall piece only is red's",
	  "*=V " WALL_A "A5=Wr1 B0=Vb1",
	  "Score: red 7, blue 14, neutral 0. Blue wins.",
	  "Regions, named by their lowest cell:\n"
	  "  red 7: C0 7 cells (empty; only red's Wall pieces reach it).\n"
	  "  blue 14: B0 14 cells.\n" },
	{ "an empty region reached by red and blue is neutral",
	  "*=V " WALL_A "A5=Wr1 A4=Wb1 B0=Vb1",
	  "Score: red 0, blue 14, neutral 7. Blue wins.",
	  "Regions, named by their lowest cell:\n"
	  "  red 0: no region.\n"
	  "  blue 14: B0 14 cells.\n"
	  "  neutral 7: C0 7 cells (empty; Wall pieces of red and blue reach "
	  "it).\n" },
	{ "an empty region reached by no Wall piece is neutral",
	  "*=V " WALL_A "A0=Wr1 B0=Vb1",
	  "Score: red 0, blue 14, neutral 7. Blue wins.",
	  "Regions, named by their lowest cell:\n"
	  "  red 0: no region.\n"
	  "  blue 14: B0 14 cells.\n"
	  "  neutral 7: C0 7 cells (empty; no Wall piece reaches it).\n" },
	{ "a Wall piece of 2 reaches 2 cells away, over the Wall",
	  "*=V " WALL_A "A0=Wr2 B0=Vb1",
	  "Score: red 7, blue 14, neutral 0. Blue wins.",
	  "Regions, named by their lowest cell:\n"
	  "  red 7: C0 7 cells (empty; only red's Wall pieces reach it).\n"
	  "  blue 14: B0 14 cells.\n" },
	{ "a Wall piece does not claim a region that holds pieces",
	  "*=V " WALL_A "A5=Wb1 C0=Vr1 B0=Vb1",
	  "Score: red 7, blue 14, neutral 0. Blue wins.",
	  "Regions, named by their lowest cell:\n"
	  "  red 7: C0 7 cells.\n"
	  "  blue 14: B0 14 cells.\n" },
	{ "a tie for the highest score is a draw",
	  "*=V " WALL_A WALL_D "C3=Vr1 B3=Vb1",
	  "Score: red 7, blue 7, neutral 0. A draw between red and blue.",
	  "Regions, named by their lowest cell:\n"
	  "  red 7: C0 7 cells.\n"
	  "  blue 7: B0 7 cells.\n" },
};

/* The score of a finished board (both players pass). */
START_TEST(test_score)
{
	struct game	*g;
	char		*r, *line, *rest;

	g = velox4(scores[_i].spec);
	free(test_util_play(g, "pass"));
	r = test_util_play(g, "pass");
	line = strstr(r, "Score: ");
	ck_assert_msg(line != NULL, "%s: no score in %s", scores[_i].what, r);
	rest = line + strcspn(line, "\n");
	*rest++ = '\0';
	ck_assert_msg(strcmp(line, scores[_i].score) == 0, "%s: %s",
	    scores[_i].what, line);
	ck_assert_msg(strcmp(rest, scores[_i].regions) == 0, "%s: %s",
	    scores[_i].what, rest);
	free(r);
	game_free(g);
}
END_TEST

/*
 * A finished levis game explained region by region: red's Wall piece
 * on A0 alone reaches the empty A3 and A5; blue's on B3 reaches A1 too,
 * which makes it neutral.  A long line is wrapped.
 */
START_TEST(test_score_regions)
{
	struct game	*g;
	char		*r;

	g = test_util_game("levis", 2, 1, "@0,0;@1,-3");
	test_util_set(g, "*=V A0=Wr1 A2=W A4=W A6=W B3=Wb1 B0=Vb1");
	free(test_util_play(g, "pass"));
	r = test_util_play(g, "pass");
	ck_assert_str_eq(r, "blue passes.\nThe game is over.\n"
	    "Score: red 2, blue 6, neutral 1. Blue wins.\n"
	    "Regions, named by their lowest cell:\n"
	    "  red 2: A3 1 cell (empty; only red's Wall pieces reach it), A5 1 "
	    "cell (empty;\n"
	    "    only red's Wall pieces reach it).\n"
	    "  blue 6: B0 6 cells.\n"
	    "  neutral 1: A1 1 cell (empty; Wall pieces of red and blue reach "
	    "it).\n");
	free(r);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_turn");
	TCase	*tc = tcase_create("turns");
	TCase	*tc_end = tcase_create("end");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_levis_one_move);
	tcase_add_test(tc, test_classic_segment_once);
	tcase_add_test(tc, test_classic_unoccupied);
	tcase_add_test(tc, test_classic_arrive_by_move);
	tcase_add_test(tc, test_classic_arrive_by_explosion);
	tcase_add_test(tc, test_classic_order);
	tcase_add_test(tc, test_velox_cap);
	tcase_add_test(tc, test_velox_automatic_turns);
	suite_add_tcase(s, tc);

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc_end, 30);
	tcase_add_test(tc_end, test_pass_two);
	tcase_add_test(tc_end, test_pass_three);
	tcase_add_test(tc_end, test_last_man_lost);
	tcase_add_test(tc_end, test_resign_two);
	tcase_add_test(tc_end, test_resign_three_early);
	tcase_add_test(tc_end, test_resign_three_own_turn);
	tcase_add_test(tc_end, test_resign_three_rank);
	tcase_add_test(tc_end, test_score_regions);
	tcase_add_loop_test(tc_end, test_score, 0,
	    sizeof scores / sizeof scores[0]);
	suite_add_tcase(s, tc_end);
	return (test_util_run(s));
}
