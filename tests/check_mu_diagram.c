#include "config.h"

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-diagram.h"
#include "mu-layout.h"
#include "mu-name.h"
#include "record.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The mailed diagram: golden files pin it exactly; every cell's name
 * is on it once; layers, pieces and aliases are drawn; a compact
 * two-player board of 16 segments fits in 100 columns; it counts in
 * docs/notation.md's words, one number for one thing; and the form
 * mailed is the first that fits, as each form drawn and measured says,
 * though a board too wide for the full form is not drawn in it.
 */

static const struct {
	const char	*input;
	const char	*diagram;
} golden[] = {
	{ "records/velox-layout.rec", "diagrams/velox-layout.txt" },
	{ "records/classic-selection.rec", "diagrams/classic-selection.txt" },
	{ "records/levis-layout.rec", "diagrams/levis-layout.txt" },
	{ "positions/velox-walls.pos", "diagrams/velox-walls.txt" },
	{ "positions/classic-selection.pos", "diagrams/classic-selection.txt" },
	{ "records/classic-3p-movement.rec",
	  "diagrams/classic-3p-movement.txt" },
	{ "records/classic-6p8-movement.rec",
	  "diagrams/classic-6p8-movement.txt" },
};

START_TEST(test_golden)
{
	struct game	*g;
	struct buf	 out;
	char		*want;

	g = test_util_load(golden[_i].input);
	want = test_util_read(golden[_i].diagram);
	buf_init(&out);
	g->ops->render(g, &out);
	ck_assert_str_eq(out.data, want);
	buf_free(&out);
	free(want);
	game_free(g);
}
END_TEST

/* How often word occurs in text as a whole token. */
static int
count_token(const char *text, const char *word)
{
	const char	*p = text;
	size_t		 len = strlen(word);
	int		 n = 0;

	while ((p = strstr(p, word)) != NULL) {
		if ((p == text || strchr(" |.#", p[-1]) != NULL) &&
		    strchr(" |.#\n", p[len]) != NULL)
			n++;
		p += len;
	}
	return (n);
}

/* On random boards of every size, each cell's name shows exactly once. */
START_TEST(test_every_name)
{
	struct game	*g;
	struct mu_game	*mg;
	struct buf	 out;
	char		 name[MU_NAME_MAX];
	int		 c;

	g = test_util_game("classic", 2 + _i, 8, NULL);
	test_util_layout(g, 500 + (unsigned)_i);
	mg = test_util_mu(g);
	buf_init(&out);
	/* Laid out: no placements to show. */
	mu_diagram_board(mg, NULL, 0, &out);
	for (c = 0; c < mu_board_ncells(&mg->board); c++) {
		mu_name_cell(c, name, sizeof name);
		ck_assert_msg(count_token(out.data, name) == 1, "%s", name);
	}
	buf_free(&out);
	game_free(g);
}
END_TEST

/* The alias letters in the diagram are exactly the legal placements. */
START_TEST(test_aliases)
{
	struct game	*g;
	struct buf	 out;
	char		 alias[MU_NAME_MAX], mark[MU_NAME_MAX + 2];
	int		 i, n;
	struct action	*list;

	g = test_util_game("levis", 3, 7, "@0,0;@3,-1;@-1,3;@1,-3");
	buf_init(&out);
	g->ops->render(g, &out);
	n = g->ops->legal(g, &list);
	ck_assert_int_eq(n, 22);
	for (i = 0; i < n + 1; i++) {
		mu_name_alias(i, alias, sizeof alias);
		snprintf(mark, sizeof mark, "(%s)", alias);
		ck_assert_int_eq(strstr(out.data, mark) != NULL, i < n);
	}
	ck_assert_ptr_nonnull(strstr(out.data, "Layout: blue to place segment "
	    "E (blue's 2 of 7).\nWrite one of the letters a to v shown on the "
	    "board, or @q,r.\n"));
	free(list);
	buf_free(&out);
	game_free(g);
}
END_TEST

/* Widest line of the board part of a diagram. */
static int
widest(const char *text)
{
	const char	*p = text, *nl;
	int		 w = 0;

	while ((nl = strchr(p, '\n')) != NULL) {
		if (nl - p > w)
			w = (int)(nl - p);
		p = nl + 1;
	}
	return (w);
}

/*
 * A compact layout: each segment goes where its centre is nearest the
 * centres already placed.  Sixteen segments must fit in 100 columns.
 */
START_TEST(test_compact_width)
{
	struct game	*g;
	struct mu_game	*mg;
	struct hex	*at;
	struct buf	 out;
	char		 name[MU_NAME_MAX];
	int		 n, i, s, best, score, bestscore;

	g = test_util_game("velox", 2, 8, NULL);
	at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
	for (;;) {
		mg = test_util_mu(g);
		if (mg->phase != MU_PHASE_LAYOUT)
			break;
		n = mu_layout_list(&mg->board, at);
		best = 0;
		bestscore = 1 << 30;
		for (i = 0; i < n; i++) {
			score = 0;
			for (s = 0; s < mg->board.nsegments; s++) {
				score += hex_distance(at[i],
				    mg->board.segments[s].centre);
			}
			if (score < bestscore) {
				best = i;
				bestscore = score;
			}
		}
		mu_name_placement(at[best], name, sizeof name);
		ck_assert_int_eq(game_play(g, g->ops->to_move(g), name,
		    strlen(name), NULL, NULL, NULL), 0);
	}
	buf_init(&out);
	g->ops->render(g, &out);
	ck_assert_int_le(widest(out.data), 100);
	buf_free(&out);
	free(at);
	game_free(g);
}
END_TEST

/* How many times text has "turn " or "Turn " followed by a digit. */
static int
count_turn_numbers(const char *text)
{
	const char	*p = text;
	int		 n = 0;

	while ((p = strstr(p, "urn ")) != NULL) {
		if (p > text && (p[-1] == 't' || p[-1] == 'T') &&
		    isdigit((unsigned char)p[4]))
			n++;
		p += 4;
	}
	return (n);
}

/*
 * Check the words of a diagram or report of g: no "Action", and the
 * only turn number is the title's, the turn to be made.
 */
static void
check_words(struct mu_game *mg, const char *text, int diagram)
{
	char	want[128];

	ck_assert_msg(strstr(text, "Action") == NULL, "%s", text);
	ck_assert_msg(strstr(text, "action") == NULL, "%s", text);
	if (!diagram) {
		ck_assert_msg(count_turn_numbers(text) == 0, "%s", text);
		return;
	}
	if (mg->phase == MU_PHASE_OVER) {
		ck_assert_msg(count_turn_numbers(text) == 0, "%s", text);
		snprintf(want, sizeof want, " each. Game over after %d "
		    "turn%s.\n", mg->turns, mg->turns == 1 ? "" : "s");
	} else {
		ck_assert_msg(count_turn_numbers(text) == 1, "%s", text);
		snprintf(want, sizeof want, " each. Turn %d.\n", mg->turns + 1);
	}
	ck_assert_msg(strstr(text, want) != NULL &&
	    strstr(text, want) < strchr(text, '\n'), "%s: %s", want, text);
	if (mg->phase == MU_PHASE_MOVEMENT &&
	    strcmp(mg->variant->name, "velox") == 0) {
		snprintf(want, sizeof want, "\nand up to %d move%s this turn; "
		    "or pass.\n", mg->allowance, mg->allowance == 1 ? "" : "s");
		ck_assert_msg(strstr(text, want) != NULL, "%s: %s", want,
		    text);
	}
}

/*
 * Diagrams and reports at every step of games of each variant, in
 * every phase, say "Turn N." for the turn to be made and no other turn
 * number: the allowance is a number of moves.
 */
START_TEST(test_words)
{
	static const char	*variants[] = { "classic", "levis", "velox" };
	struct game		*g;
	struct mu_game		*mg;
	struct buf		 out;
	int			 seen[MU_PHASE_OVER + 1];

	memset(seen, 0, sizeof seen);
	g = test_util_game(variants[_i], _i == 0 ? 3 : 2, 0, NULL);
	buf_init(&out);
	for (;;) {
		mg = test_util_mu(g);
		seen[mg->phase] = 1;
		buf_reset(&out);
		g->ops->render(g, &out);
		check_words(mg, out.data, 1);
		buf_reset(&out);
		if (!test_util_walk(g, &out))
			break;
		check_words(test_util_mu(g), out.data, 0);
	}
	ck_assert_int_eq(seen[MU_PHASE_LAYOUT], 1);
	ck_assert_int_eq(seen[MU_PHASE_SELECTION], _i != 2);
	ck_assert_int_eq(seen[MU_PHASE_MOVEMENT], 1);
	ck_assert_int_eq(seen[MU_PHASE_OVER], 1);
	buf_free(&out);
	game_free(g);
}
END_TEST

/* The titles, pinned: the turn to be made, or the turns made. */
START_TEST(test_titles)
{
	struct game	*g;
	struct buf	 out;
	char		*r;

	g = test_util_game("velox", 2, 1, "@0,0");
	buf_init(&out);
	g->ops->render(g, &out);
	ck_assert_ptr_nonnull(strstr(out.data, "Mu velox, 2 players, 1 "
	    "segment each. Turn 2.\n\n"));
	free(test_util_play(g, "@3,-1"));
	buf_reset(&out);
	g->ops->render(g, &out);
	ck_assert_ptr_nonnull(strstr(out.data, "Mu velox, 2 players, 1 "
	    "segment each. Turn 3.\n\n"));
	ck_assert_ptr_nonnull(strstr(out.data, "\nMovement: red to move, "
	    "occupying 1 segment.\nMake at most one move from each segment "
	    "you occupy\nand up to 1 move this turn; or pass.\n\n"));
	r = test_util_play(g, "resign");
	free(r);
	buf_reset(&out);
	g->ops->render(g, &out);
	ck_assert_ptr_nonnull(strstr(out.data, "Mu velox, 2 players, 1 "
	    "segment each. Game over after 3 turns.\n\n"));
	buf_free(&out);
	game_free(g);
}
END_TEST

/*
 * The form mailed for g (MU_DIAGRAM_AUTO) is the first of full, compact
 * and list that fits MU_DIAGRAM_WIDTH and MU_DIAGRAM_LINES, or else the
 * one of fewest lines that fits the width, or else the list, as each
 * form drawn and measured says.  Returns the full form's width if the
 * full form is mailed, or 0.
 */
static int
check_auto(const struct game *g)
{
	static const enum mu_diagram_form forms[] = {
		MU_DIAGRAM_FULL, MU_DIAGRAM_COMPACT, MU_DIAGRAM_LIST
	};
	const struct mu_game	*mg = g->state;
	struct buf		 out, want, form;
	int			 i, w, lines, best = -1, bestlines = 0;
	int			 full = 0;

	buf_init(&out);
	buf_init(&want);
	buf_init(&form);
	mu_diagram_render_form(mg, MU_DIAGRAM_AUTO, &out);
	for (i = 0; i < 3 && want.len == 0; i++) {
		buf_reset(&form);
		mu_diagram_render_form(mg, forms[i], &form);
		w = mu_diagram_measure(form.data, &lines);
		if (w > MU_DIAGRAM_WIDTH)
			continue;
		if (lines <= MU_DIAGRAM_LINES) {
			buf_add(&want, form.data, form.len);
			full = i == 0 ? w : 0;
		} else if (best == -1 || lines < bestlines) {
			best = i;
			bestlines = lines;
		}
	}
	if (want.len == 0)
		mu_diagram_render_form(mg, best == -1 ? MU_DIAGRAM_LIST :
		    forms[best], &want);
	ck_assert_str_eq(out.data, want.data);
	buf_free(&out);
	buf_free(&want);
	buf_free(&form);
	return (full);
}

/* The form mailed, at every step of random games, big boards too. */
START_TEST(test_auto_form)
{
	static const struct {
		const char	*variant;
		int		 players, segments;
	} games[] = {
		{ "classic", 6, 8 }, { "classic", 3, 4 }, { "velox", 2, 8 },
		{ "levis", 4, 2 }
	};
	struct game	*g;
	int		 step;

	g = test_util_game(games[_i].variant, games[_i].players,
	    games[_i].segments, NULL);
	for (step = 0; step < 150 && g->ops->to_move(g) != -1; step++) {
		check_auto(g);
		test_util_random(g, (uint64_t)step + 1, NULL);
	}
	game_free(g);
}
END_TEST

/*
 * The columns the full board takes, by the model of mu-diagram.c: cell
 * (q, r) has its left edge at column 6q + 3r and is 7 columns wide.
 */
static int
board_span(const struct mu_game *mg)
{
	int	c, x, lo = 1 << 20, hi = -(1 << 20);

	for (c = 0; c < mg->board.nsegments * MU_SEGMENT_CELLS; c++) {
		x = 6 * mg->board.cells[c].pos.q + 3 * mg->board.cells[c].pos.r;
		lo = x < lo ? x : lo;
		hi = x > hi ? x : hi;
	}
	return (hi + 7 - lo);
}

/*
 * The form mailed for boards about as wide as a mail.  A velox layout
 * of 3 segments each grows the board as wide as it can up to 64
 * columns; every placement is checked, and the last ones start the
 * game, with no placements drawn, on boards 67 to 80-odd columns wide,
 * some of which the full form fits at the very edge: a board of
 * MU_DIAGRAM_WIDTH - 2 columns (widths go by 3).
 */
START_TEST(test_auto_wide)
{
	struct game	*g, *c;
	struct mu_game	*mg;
	struct hex	*at;
	char		 name[MU_NAME_MAX];
	int		 n, i, best, span, bestspan, edge = 0;

	g = test_util_game("velox", 2, 3, NULL);
	at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
	while ((mg = test_util_mu(g))->phase == MU_PHASE_LAYOUT) {
		n = mu_layout_list(&mg->board, at);
		best = 0;
		bestspan = -1;
		for (i = 0; i < n; i++) {
			c = game_copy(g);
			mu_name_placement(at[i], name, sizeof name);
			ck_assert_int_eq(game_play(c, c->ops->to_move(c), name,
			    strlen(name), NULL, NULL, NULL), 0);
			span = board_span(c->state);
			edge += check_auto(c) > 0 &&
			    span == MU_DIAGRAM_WIDTH - 2;
			if (span <= 64 && span > bestspan) {
				best = i;
				bestspan = span;
			}
			game_free(c);
		}
		mu_name_placement(at[best], name, sizeof name);
		ck_assert_int_eq(game_play(g, g->ops->to_move(g), name,
		    strlen(name), NULL, NULL, NULL), 0);
	}
	ck_assert_int_gt(edge, 0);
	free(at);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_diagram");
	TCase	*tc = tcase_create("diagram");

	/* The slowest test: 0.2 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_golden, 0,
	    sizeof golden / sizeof golden[0]);
	tcase_add_loop_test(tc, test_every_name, 0, 5);
	tcase_add_test(tc, test_aliases);
	tcase_add_test(tc, test_compact_width);
	tcase_add_loop_test(tc, test_words, 0, 3);
	tcase_add_test(tc, test_titles);
	tcase_add_loop_test(tc, test_auto_form, 0, 4);
	tcase_add_test(tc, test_auto_wide);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
