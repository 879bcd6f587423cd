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
 * two-player board of 16 segments fits in 100 columns; and it counts
 * in docs/notation.md's words, one number for one thing.
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
	mu_diagram_board(mg, &out);
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

int
main(void)
{
	Suite	*s = suite_create("mu_diagram");
	TCase	*tc = tcase_create("diagram");

	tcase_add_loop_test(tc, test_golden, 0,
	    sizeof golden / sizeof golden[0]);
	tcase_add_loop_test(tc, test_every_name, 0, 5);
	tcase_add_test(tc, test_aliases);
	tcase_add_test(tc, test_compact_width);
	tcase_add_loop_test(tc, test_words, 0, 3);
	tcase_add_test(tc, test_titles);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
