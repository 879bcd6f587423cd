#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "mu-explode.h"
#include "mu-name.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Explosions (MU-RULINGS, "Capacity and explosions", "The order of
 * explosions" and "Oscillation").  Most tests use a velox board of four
 * segments, A and C red, B and D blue:
 *
 *	r=-1:          A6 A1 B5 B0 B2 D4 D3
 *	r=0:     C6 C1 A5 A0 A2 B4 B3
 *	r=1:  C5 C0 C2 A4 A3
 *
 * Each row runs west to east (direction E); A0's neighbours are A1 (NE),
 * A2 (E), A3 (SE), A4 (SW), A5 (W) and A6 (NW), and A3's are only A2,
 * A0 and A4.  Each test empties the board, sets the cells it needs and
 * makes one move; blue keeps a man on D0.  Classic and levis tests use
 * two segments, A (red) and B (blue), where A4's neighbours are A3, A0
 * and A5, and A5's are A0, A6 and A4.
 *
 * The expected outcomes (cells, report lines in order, how many
 * explosions and removals) were worked out by hand from the rulings;
 * the capacities in the comments are those.  After every accepted
 * action no cell may be hot.
 */

#define LAYOUT	"@0,0;@3,-1;@-3,1;@6,-2"
#define LINES	6

/*
 * A position (on the four-segment velox board if variant is NULL), a
 * move, and what must come of it: cells in test_util_cell's words
 * ("A3=Cr1 A2=V"), report lines in this order, a text the report must
 * not hold, and the numbers of explosions and removals.
 */
struct scenario {
	const char	*variant;
	const char	*spec;
	const char	*move;
	const char	*cells;
	const char	*lines[LINES];
	const char	*absent;
	int		 explosions;
	int		 removals;
};

static struct game	*board(const char *, const char *);
static int		 section(struct game *, const char *);
static void		 cells(struct game *, const char *);
static int		 count(const char *, const char *);
static void		 run(const struct scenario *);

/* A game of variant (NULL: four-segment velox) with spec set on it. */
static struct game *
board(const char *variant, const char *spec)
{
	struct game	*g;
	char		*full;

	if (variant == NULL) {
		g = test_util_game("velox", 2, 2, LAYOUT);
		xasprintf(&full, "*=V D0=Vb1 %s", spec);
	} else {
		g = test_util_game(variant, 2, 1, "@0,0;@3,-1");
		xasprintf(&full, "*=V B0=Vb1 %s", spec);
	}
	test_util_set(g, full);
	free(full);
	return (g);
}

/* The Commonwealth section of the named cell, or MU_NONE. */
static int
section(struct game *g, const char *name)
{
	struct mu_board	*b = &test_util_mu(g)->board;
	char		*cause = NULL;
	int		 c;

	ck_assert(mu_name_cell_parse(b, name, strlen(name), &c, &cause) == 0);
	return (b->cells[c].section);
}

/* The cells of g are as spec says, in test_util_cell's words: "A3=Cr1". */
static void
cells(struct game *g, const char *spec)
{
	const char	*p = spec, *eq, *end, *is;
	char		 name[8];
	size_t		 len;

	while (*p != '\0') {
		end = p + strcspn(p, " ");
		eq = memchr(p, '=', (size_t)(end - p));
		ck_assert(eq != NULL && eq - p < (int)sizeof name);
		memcpy(name, p, (size_t)(eq - p));
		name[eq - p] = '\0';
		is = test_util_cell(g, name);
		len = (size_t)(end - eq - 1);
		ck_assert_msg(strlen(is) == len && strncmp(is, eq + 1,
		    len) == 0, "%s is %s, not %.*s", name, is, (int)len,
		    eq + 1);
		p = end + strspn(end, " ");
	}
}

/* How many times s occurs in report r. */
static int
count(const char *r, const char *s)
{
	int	n = 0;

	while ((r = strstr(r, s)) != NULL) {
		n++;
		r += strlen(s);
	}
	return (n);
}

/* Set up scenario s, play its move and check every outcome. */
static void
run(const struct scenario *s)
{
	struct game	*g;
	const char	*at;
	char		*r;
	int		 i;

	g = board(s->variant, s->spec);
	r = test_util_play(g, s->move);
	cells(g, s->cells);
	at = r;
	for (i = 0; i < LINES && s->lines[i] != NULL; i++) {
		ck_assert_msg((at = strstr(at, s->lines[i])) != NULL,
		    "%s: no \"%s\" (in this order) in:\n%s", s->move,
		    s->lines[i], r);
		at += strlen(s->lines[i]);
	}
	if (s->absent != NULL) {
		ck_assert_msg(strstr(r, s->absent) == NULL,
		    "%s: \"%s\" in:\n%s", s->move, s->absent, r);
	}
	ck_assert_msg(count(r, " explodes (") == s->explosions, "%s: not %d "
	    "explosions in:\n%s", s->move, s->explosions, r);
	ck_assert_msg(count(r, "  oscillation: ") == s->removals, "%s: not %d "
	    "removals in:\n%s", s->move, s->removals, r);
	free(r);
	game_free(g);
}

#define REM_A3	"  oscillation: 1 red man removed from A3.\n"
#define REM_A4	"  oscillation: 1 red man removed from A4.\n"
#define REM2_A3	"  oscillation: 2 red men removed from A3.\n"

static const struct scenario capacity[] = {
	/* Virginity: A3 (capacity 3: A2, A0, A4) is stable at 2. */
	{ NULL, "A3=Vr1 A0=Vr1", "A0-A3", "A3=Vr2", { NULL }, NULL, 0, 0 },
	/* ... and explodes at 3, founds a section and sprouts. */
	{ NULL, "A3=Vr2 A0=Vr1", "A0-A3", "A3=Cr1 A2=Vr1 A0=Vr1 A4=Vr1",
	    { "  A3 explodes (red 3): 3 out, 0 stay; Virginity becomes "
	    "Commonwealth.\n", "  a red man sprouts on A3.\n" }, NULL, 1, 0 },
	/* Commonwealth: A3 counts A2 (C), A0 (V), not A4 (W): stable at 1. */
	{ NULL, "A2=C A3=C A4=W A0=Vr1", "A0-A3", "A3=Cr1", { NULL }, NULL,
	    0, 0 },
	/* ... and explodes at 2, into C and V only, without a sprout. */
	{ NULL, "A2=C A3=Cr1 A4=W A0=Vr1", "A0-A3",
	    "A3=C A2=Cr1 A0=Vr1 A4=W",
	    { "  A3 explodes (red 2): 2 out, 0 stay.\n" }, "sprouts", 1, 0 },
	/* Wall: A3 counts A2 and A4, not A0 (V): stable at 2 ... */
	{ NULL, "A2=Wr1 A3=Wr1 A4=W", "A2-A3", "A3=Wr2 A4=W A2=W",
	    { NULL }, NULL, 0, 0 },
	/* ... explodes at 3 into Wall cells only, keeping the rest. */
	{ NULL, "A2=Wr1 A3=Wr2 A4=W", "A2-A3", "A3=Wr1 A2=Wr1 A4=Wr1 A0=V",
	    { "  A3 explodes (red 3): 2 out, 1 stays.\n" }, NULL, 1, 0 },
	/* One man to each neighbour (merge, capture); sprout on remainder. */
	{ NULL, "A2=Vr1 A0=Vb2 A3=Vr2 C2=Vr2", "C2-A3",
	    "C2=V A2=Vr2 A0=Vr1 A4=Vr1 A3=Cr2",
	    { "  A3 explodes (red 4): 3 out, 1 stays; Virginity becomes "
	    "Commonwealth.\n", "  red captures blue 2 on A0.\n",
	    "  a red man sprouts on A3.\n" }, NULL, 1, 0 },
	/* The Commonwealth captures too, and keeps its remainder. */
	{ NULL, "A3=Cr1 A2=Cb1 A4=W A6=Vr2", "A6-A3",
	    "A3=Cr1 A2=Cr1 A0=Vr1 A4=W A6=V",
	    { "  A3 explodes (red 3): 2 out, 1 stays.\n",
	    "  red captures blue 1 on A2.\n" }, "sprouts", 1, 0 },
	/*
	 * Capacity drop: blue A1 (C: B5, A2) holds 1; A2 turns Wall, A1's
	 * capacity drops to 1 and blue explodes onto red's new man on B5.
	 */
	{ NULL, "A0=W A6=W A1=Cb1 A3=C A2=Vr1 B3=Vr2", "B3-A2",
	    "A2=Wr1 A1=C B5=Vb1 B4=Vr1",
	    { "  A2 explodes (red 3): 2 out, 1 stays; Virginity becomes "
	    "Wall.\n", "  A1 explodes (blue 1): 1 out, 0 stay.\n",
	    "  blue captures red 1 on B5.\n" }, NULL, 2, 0 },
};

/* Each capacity scenario: threshold, effects, capacity drop. */
START_TEST(test_capacity)
{
	run(&capacity[_i]);
}
END_TEST

/* An empty cell is never hot, even at capacity 0. */
START_TEST(test_empty_never_hot)
{
	static const char	*layers[] = { "A3=V", "A3=C", "A3=W" };
	struct game		*g;
	struct mu_board		*b;
	char			 spec[32];
	int			 i, c = 3;	/* A3 */

	for (i = 0; i < 3; i++) {
		/* A3's neighbours are all Wall, and A3 is V, C or W. */
		g = board(NULL, "A2=W A0=W A4=W");
		test_util_set(g, layers[i]);
		b = &test_util_mu(g)->board;
		ck_assert_int_eq(mu_board_capacity(b, c), i == 2 ? 3 : 0);
		ck_assert(!mu_explode_hot(b, c));
		snprintf(spec, sizeof spec, "%sr%d", layers[i], i == 2 ? 4 : 1);
		test_util_set(g, spec);
		ck_assert(mu_explode_hot(b, c));
		game_free(g);
	}

	/* A Wall cell with no Wall neighbour: capacity 0, empty. */
	g = board(NULL, "A3=W");
	b = &test_util_mu(g)->board;
	ck_assert_int_eq(mu_board_capacity(b, c), 0);
	ck_assert(!mu_explode_hot(b, c));
	game_free(g);
}
END_TEST

/* A new Commonwealth cell with no Commonwealth neighbour founds one. */
START_TEST(test_section_founded)
{
	struct game	*g;

	g = board(NULL, "A3=Vr2 A0=Vr1 C0=C");
	free(test_util_play(g, "A0-A3"));
	ck_assert_int_ne(section(g, "A3"), MU_NONE);
	ck_assert_int_ne(section(g, "A3"), section(g, "C0"));
	ck_assert_int_eq(test_util_mu(g)->board.nsections, 2);
	game_free(g);
}
END_TEST

/* Commonwealth neighbours in two sections: Wall, no sprout, no merge. */
START_TEST(test_virgin_to_wall)
{
	static const struct scenario	s = {
		/* A1 and A3 are apart; A2 counts B4, B5: capacity 2. */
		NULL, "A0=W A1=C A3=C A2=Vr1 B3=Vr2", "B3-A2",
		"A2=Wr1 B4=Vr1 B5=Vr1 A1=C A3=C A0=W",
		{ "  A2 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		"Wall.\n", "  A2 is now Wall.\n" }, "sprouts", 1, 0
	};
	struct game			*g;

	run(&s);
	g = board(NULL, s.spec);
	ck_assert_int_ne(section(g, "A1"), section(g, "A3"));
	free(test_util_play(g, s.move));
	/* Sections never merge. */
	ck_assert_int_eq(section(g, "A2"), MU_NONE);
	ck_assert_int_ne(section(g, "A1"), section(g, "A3"));
	ck_assert_int_eq(test_util_mu(g)->board.nsections, 2);
	game_free(g);
}
END_TEST

/* Commonwealth neighbours all in one section: the cell joins it. */
START_TEST(test_virgin_joins_section)
{
	static const struct scenario	s = {
		/* A1, A0, A3 are one section; A2 counts B4, B5. */
		NULL, "A1=C A0=C A3=C A2=Vr1 B3=Vr2", "B3-A2",
		"A2=Cr2 B4=Vr1 B5=Vr1",
		{ "  A2 explodes (red 3): 2 out, 1 stays; Virginity becomes "
		"Commonwealth.\n", "  a red man sprouts on A2.\n" }, NULL, 1, 0
	};
	struct game			*g;

	run(&s);
	g = board(NULL, s.spec);
	free(test_util_play(g, s.move));
	ck_assert_int_ne(section(g, "A2"), MU_NONE);
	ck_assert_int_eq(section(g, "A2"), section(g, "A0"));
	ck_assert_int_eq(section(g, "A2"), section(g, "A1"));
	ck_assert_int_eq(section(g, "A2"), section(g, "A3"));
	ck_assert_int_eq(test_util_mu(g)->board.nsections, 1);
	game_free(g);
}
END_TEST

/*
 * A cell that joined a section during the move belongs to it: A3
 * founds a section, A4 joins it, and A0, touching both, joins it too
 * rather than turning into Wall.
 */
START_TEST(test_section_chain)
{
	static const struct scenario	s = {
		/* B5-A3 passes A2 and lands 2: A3 holds 3, capacity 3. */
		NULL, "A3=Vr1 A4=Vr2 A0=Vr2 B5=Vr2", "B5-A3",
		"A3=Cr1 A4=Cr1 A0=Cr1 A1=Vr1 A2=Vr2 A5=Vr2 A6=Vr1 C2=Vr1",
		{ "  A3 explodes (red 3)", "  A4 explodes (red 3)",
		"  A0 explodes (red 4): 4 out, 0 stay; Virginity becomes "
		"Commonwealth.\n" }, "Wall", 3, 0
	};
	struct game			*g;

	run(&s);
	g = board(NULL, s.spec);
	free(test_util_play(g, s.move));
	ck_assert_int_eq(section(g, "A0"), section(g, "A3"));
	ck_assert_int_eq(section(g, "A4"), section(g, "A3"));
	ck_assert_int_eq(test_util_mu(g)->board.nsections, 1);
	game_free(g);
}
END_TEST

/*
 * The order position: C1-A0 lands 2 men on A0 (capacity 2: A2, A5),
 * which turns Commonwealth; then A2 and A5 are both hot, and neither
 * touches the other, so every order ends the same.
 */
#define ORDER	"A1=W A3=W A4=W A6=W A2=Vr1 A5=Vr1 C1=Vr2"
#define ORDERED	"A0=Cr1 A2=Cr1 A5=Cr1 B4=Vr1 B5=Vr1 C1=Vr1 C2=Vr1"
#define TO_C	" 2 out, 0 stay; Virginity becomes Commonwealth.\n"
#define EXP_A0	"  A0 explodes (red 2):" TO_C
#define EXP_A2	"  A2 explodes (red 2):" TO_C
#define EXP_A5	"  A5 explodes (red 2):" TO_C
#define UNUSED	"  not needed: "

static const struct scenario order[] = {
	/* By default the lowest name explodes first. */
	{ NULL, ORDER, "C1-A0", ORDERED, { EXP_A0, EXP_A2, EXP_A5 },
	    UNUSED, 3, 0 },
	/* A list changes the order; forced A0 leaves the list alone. */
	{ NULL, ORDER, "C1-A0(A5)", ORDERED, { EXP_A0, EXP_A5, EXP_A2 },
	    UNUSED, 3, 0 },
	/* A listed hot cell uses its entry, even when forced. */
	{ NULL, ORDER, "C1-A0(A0,A5)", ORDERED, { EXP_A0, EXP_A5, EXP_A2 },
	    UNUSED, 3, 0 },
	{ NULL, ORDER, "c1-a0( a5, A2 )", ORDERED,
	    { EXP_A0, EXP_A5, EXP_A2 }, UNUSED, 3, 0 },
	/* Entries left over are reported, from both lists. */
	{ NULL, ORDER, "C1-A0(A5,A2,C1;A3)", ORDERED,
	    { EXP_A0, EXP_A5, EXP_A2, UNUSED "C1 in the explosion list.\n",
	    UNUSED "A3 in the removal list.\n" }, NULL, 3, 0 },
	/* A2 is forced after A5, so the second A5 is never used. */
	{ NULL, ORDER, "C1-A0(A5,A5)", ORDERED,
	    { EXP_A0, EXP_A5, EXP_A2, UNUSED "A5 in the explosion list.\n" },
	    NULL, 3, 0 },
	/* No explosion at all: every entry is unused, nothing refused. */
	{ NULL, ORDER, "A2-B4(B0;A3)", "A2=V B4=Vr1",
	    { UNUSED "B0 in the explosion list.\n",
	    UNUSED "A3 in the removal list.\n" }, NULL, 0, 0 },
};

/* Each order scenario: default, lists, forced steps, unused entries. */
START_TEST(test_order)
{
	run(&order[_i]);
}
END_TEST

/*
 * A0 (capacity 4) takes 5 men and turns Wall, its Commonwealth
 * neighbours A1 and A4 being in two sections; its remainder of 1 has
 * Wall capacity 0.  A3 and A6 turn hot at the same time.
 */
#define OSC_LAST	"A1=C A4=C A0=Vr3 C1=Vr2"

/* A listed cell not hot at a real choice, or oscillating: refused. */
START_TEST(test_order_refused)
{
	struct game	*g;

	g = board(NULL, ORDER);
	test_util_refuse(g, -1, "C1-A0(B0)", "C1-A0: explosion list: B0 is "
	    "not hot; the hot cells were A2 and A5");
	test_util_refuse(g, -1, "C1-A0(A0,A0)", "C1-A0: explosion list: A0 "
	    "is not hot; the hot cells were A2 and A5");
	game_free(g);

	/* The second A0 is an explosion that brings the board back. */
	g = board(NULL, OSC_LAST);
	test_util_refuse(g, -1, "C1-A0(A0,A0,A0)", "C1-A0: explosion list: "
	    "A0 oscillates, and oscillation is dealt with last; the hot "
	    "cells to choose from were A3 and A6");
	game_free(g);
}
END_TEST

/*
 * Two men land in a two-cell section (A3, A4: capacity 1 each, the rest
 * Wall); the board with a man on each cell comes back, both hot.
 */
#define TWO_MEN	"A3=C A4=C A2=W A0=W A5=W C2=Wr2 C1=W C3=W"

static const struct scenario oscillation[] = {
	/*
	 * Dealt with last (001, steps 4-7): the Wall cell A0 of capacity
	 * 0 waits while others explode; A2 and A5 turn Wall beside it,
	 * and it keeps its man.
	 */
	{ NULL, OSC_LAST, "C1-A0", "A0=Wr1 A1=Cr1 A2=W A3=C A4=Cr1 A5=W "
	    "A6=C B4=Vr1 B5=Vr1 C1=Vr1 C2=Vr1",
	    { "  A0 explodes (red 5): 4 out, 1 stays; Virginity becomes "
	    "Wall.\n", "  A3 explodes (red 1)", "  A2 explodes" }, NULL,
	    9, 0 },
	/* A one-cell section (capacity 0) oscillates on empty. */
	{ NULL, "A3=C A2=W A0=Wr1 A4=W", "A0-A3", "A3=C A0=W",
	    { "  A3 explodes (red 1): 0 out, 1 stays.\n", REM_A3 }, NULL,
	    1, 1 },
	/* A two-cell section: one man bounces, then is removed. */
	{ NULL, "A3=C A4=C A2=Wr1 A0=W A5=W C2=W", "A2-A3", "A3=C A4=C A2=W",
	    { "  A3 explodes (red 1): 1 out, 0 stay.\n",
	    "  A4 explodes (red 1): 1 out, 0 stay.\n", REM_A3 }, NULL, 2, 1 },
	/* A Wall cell of capacity 0 keeps a remainder by explosion. */
	{ NULL, "A2=C A4=C C2=Vr2", "C2-A3", "A3=W A0=Vr1",
	    { "  A3 explodes (red 2): 1 out, 1 stays; Virginity becomes "
	    "Wall.\n", "  A3 is now Wall.\n", REM_A3 }, NULL, 2, 1 },
	/* ... or gets 2 men from the Wall (C2 over A4): one at a time. */
	{ NULL, "A3=W C2=Wr2 C1=W C3=W", "C2-A3", "A3=W C2=W",
	    { REM_A3, REM_A3 }, NULL, 2, 2 },
	/* Lowest-named hot oscillating cell first. */
	{ NULL, TWO_MEN, "C2-A3", "A3=C A4=C", { REM_A3, REM_A4 }, NULL,
	    5, 2 },
	/* The removal list chooses. */
	{ NULL, TWO_MEN, "C2-A3(;A4)", "A3=C A4=C", { REM_A4, REM_A3 },
	    UNUSED, 5, 2 },
	/* A lone hot oscillating cell is forced; the list stays. */
	{ NULL, TWO_MEN, "C2-A3(;A4,A4)", "A3=C A4=C",
	    { REM_A4, REM_A3, UNUSED "A4 in the removal list.\n" }, NULL,
	    5, 2 },
	/* Levis removes one man, then resolves again. */
	{ "levis", "A6=Wr2 A0=W A2=W A5=W A3=C A4=C", "A6-A3", "A3=C A4=C",
	    { REM_A3, "  A4 explodes (red 1)", REM_A4 }, NULL, 5, 2 },
	/* Classic trims the whole section at once. */
	{ "classic", "A6=Wr2 A0=W A2=W A5=W A3=C A4=C", "A6-A3", "A3=C A4=C",
	    { REM_A3 REM_A4 }, NULL, 3, 2 },
	/*
	 * Classic trims Commonwealth cells to capacity - 1: section A3,
	 * A4, A5 (capacities 1, 2, 1) gets 2 men on A4, which come back.
	 */
	{ "classic", "A1=Wr2 A0=W A2=W A6=W A3=C A4=C A5=C", "A1-A4",
	    "A3=C A4=Cr1 A5=C", { "  A5 explodes", REM_A4 }, NULL, 3, 1 },
	/* ... never below 0 (a one-cell section): both men at once. */
	{ "classic", "A6=Wr2 A0=W A1=W A2=W A4=W A3=C", "A6-A3", "A3=C",
	    { REM2_A3 }, NULL, 1, 1 },
	/* Classic trims Wall cells to capacity: A3, A4 (1 each) keep 1. */
	{ "classic", "A1=Wr2 A6=W B5=W A3=W A4=Wr1", "A1-A4",
	    "A3=Wr1 A4=Wr1", { REM_A4 }, NULL, 3, 1 },
	/* ... and a Wall cell of capacity 0 loses both men at once. */
	{ "classic", "A6=Wr2 A1=W A5=W A3=W", "A6-A3", "A3=W", { REM2_A3 },
	    NULL, 1, 1 },
};

/* Each oscillation scenario: velox/levis removal, classic trimming. */
START_TEST(test_oscillation)
{
	run(&oscillation[_i]);
}
END_TEST

/* Bad removal lists: not a hot oscillating cell; any list in classic. */
START_TEST(test_removal_refused)
{
	struct game	*g;

	g = board(NULL, TWO_MEN);
	test_util_refuse(g, -1, "C2-A3(;B0)", "C2-A3: removal list: B0 is "
	    "not a hot oscillating cell; the hot oscillating cells were A3 "
	    "and A4");
	game_free(g);

	g = board("classic", "A6=Wr2 A0=W A2=W A5=W A3=C A4=C");
	test_util_refuse(g, -1, "A6-A3(;A3)", "A6-A3: classic Mu takes no "
	    "removal list; oscillating sections are trimmed");
	game_free(g);
}
END_TEST

/*
 * Two one-cell sections hot at once, neither with anything to send
 * (found by the random games: levis seed 461, turn 136).  Exploding
 * one leaves the board as it was, so what is known to oscillate is
 * kept rather than forgotten; both are found out and lose their men.
 * Forgetting after every explosion would alternate N4, N6, N4, ...
 */
START_TEST(test_two_empty_oscillators)
{
	static const char	 tail[] =
	    "  N4 explodes (blue 1): 0 out, 1 stays.\n"
	    "  N6 explodes (blue 1): 0 out, 1 stays.\n"
	    "  oscillation: 1 blue man removed from N4.\n"
	    "  N6 explodes (blue 1): 0 out, 1 stays.\n"
	    "  oscillation: 1 blue man removed from N6.\n";
	struct game		*g;
	struct buf		 report;
	const char		*p;
	char			*text, *cause = NULL;
	size_t			 len;
	int			 n;

	text = test_util_read("positions/levis-empty-pair.pos");
	g = game_read_position(text, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	buf_init(&report);
	ck_assert_msg(game_play(g, g->ops->to_move(g), "N0-N6", 5, NULL,
	    &report, &cause) == 0, "%s", cause);
	for (n = 0, p = report.data; (p = strstr(p, " explodes (")) != NULL;
	    p++)
		n++;
	ck_assert_int_eq(n, 17);
	len = strlen(tail);
	ck_assert_uint_ge(report.len, len);
	ck_assert_str_eq(report.data + report.len - len, tail);
	ck_assert_str_eq(test_util_cell(g, "N4"), "C");
	ck_assert_str_eq(test_util_cell(g, "N6"), "C");
	ck_assert_str_eq(test_util_cell(g, "N1"), "Wb1");
	buf_free(&report);
	free(text);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_explode");
	TCase	*tc;

	tc = tcase_create("capacity");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_capacity, 0,
	    sizeof capacity / sizeof capacity[0]);
	tcase_add_test(tc, test_empty_never_hot);
	tcase_add_test(tc, test_section_founded);
	tcase_add_test(tc, test_virgin_to_wall);
	tcase_add_test(tc, test_virgin_joins_section);
	tcase_add_test(tc, test_section_chain);
	suite_add_tcase(s, tc);

	tc = tcase_create("order");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_order, 0, sizeof order / sizeof order[0]);
	tcase_add_test(tc, test_order_refused);
	suite_add_tcase(s, tc);

	tc = tcase_create("oscillation");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_oscillation, 0,
	    sizeof oscillation / sizeof oscillation[0]);
	tcase_add_test(tc, test_removal_refused);
	tcase_add_test(tc, test_two_empty_oscillators);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
