#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mu-name.h"
#include "test-util.h"

/*
 * Names: segment labels, cell names, aliases and placements, and the
 * exact error a player gets for each kind of malformed name.
 */

static const struct {
	int		 n;
	const char	*label;
	const char	*alias;
} labels[] = {
	{ 0, "A", "a" }, { 1, "B", "b" }, { 25, "Z", "z" },
	{ 26, "AA", "aa" }, { 27, "AB", "ab" }, { 47, "AV", "av" },
	{ 51, "AZ", "az" }, { 52, "BA", "ba" }, { 701, "ZZ", "zz" },
	{ 702, "AAA", "aaa" }
};

/* A board of three segments, A to C. */
static struct game *
three(void)
{
	return (test_util_game("classic", 3, 2, "@0,0;@3,-1;@-1,3"));
}

START_TEST(test_labels)
{
	char	out[MU_NAME_MAX];

	mu_name_label(labels[_i].n, out, sizeof out);
	ck_assert_str_eq(out, labels[_i].label);
	mu_name_alias(labels[_i].n, out, sizeof out);
	ck_assert_str_eq(out, labels[_i].alias);
	ck_assert_int_eq(mu_name_alias_parse(labels[_i].alias,
	    strlen(labels[_i].alias)), labels[_i].n);
}
END_TEST

static const struct {
	const char	*text;
	int		 cell;
	const char	*canon;
} good_cells[] = {
	{ "A0", 0, "A0" }, { "a6", 6, "A6" }, { "  c4 ", 18, "C4" },
	{ "\tB3\n", 10, "B3" }, { "C0", 14, "C0" }
};

START_TEST(test_cell_good)
{
	struct game	*g = three();
	char		*cause = NULL, name[MU_NAME_MAX];
	int		 cell = -1;

	ck_assert_int_eq(mu_name_cell_parse(&test_util_mu(g)->board,
	    good_cells[_i].text, strlen(good_cells[_i].text), &cell,
	    &cause), 0);
	ck_assert_int_eq(cell, good_cells[_i].cell);
	mu_name_cell(cell, name, sizeof name);
	ck_assert_str_eq(name, good_cells[_i].canon);
	game_free(g);
}
END_TEST

static const struct {
	const char	*text;
	const char	*error;
} bad_cells[] = {
	{ "C7", "'C7': cell numbers run from 0 (centre) to 6" },
	{ "D0", "'D0': there is no such segment (the board has A to C)" },
	{ "AA1", "'AA1': there is no such segment (the board has A to C)" },
	{ "4C", "'4C': not a cell name (cells are named by segment and "
	    "number, like C4)" },
	{ "C", "'C': not a cell name (cells are named by segment and "
	    "number, like C4)" },
	{ "C44", "'C44': not a cell name (cells are named by segment and "
	    "number, like C4)" },
	{ "", "'': not a cell name (cells are named by segment and "
	    "number, like C4)" },
	{ "C-1", "'C-1': not a cell name (cells are named by segment and "
	    "number, like C4)" },
	{ "C 4", "'C 4': not a cell name (cells are named by segment and "
	    "number, like C4)" },
};

START_TEST(test_cell_bad)
{
	struct game	*g = three();
	char		*cause = NULL;
	int		 cell = 99;

	ck_assert_int_eq(mu_name_cell_parse(&test_util_mu(g)->board,
	    bad_cells[_i].text, strlen(bad_cells[_i].text), &cell,
	    &cause), -1);
	ck_assert_str_eq(cause, bad_cells[_i].error);
	ck_assert_int_eq(cell, 99);
	free(cause);
	game_free(g);
}
END_TEST

START_TEST(test_cell_names)
{
	char	name[MU_NAME_MAX];

	mu_name_cell(0, name, sizeof name);
	ck_assert_str_eq(name, "A0");
	mu_name_cell(18, name, sizeof name);
	ck_assert_str_eq(name, "C4");
	mu_name_cell(26 * 7 + 5, name, sizeof name);
	ck_assert_str_eq(name, "AA5");
	mu_name_cell(47 * 7 + 6, name, sizeof name);
	ck_assert_str_eq(name, "AV6");
}
END_TEST

START_TEST(test_label_parse)
{
	struct game	*g = three();
	char		*cause = NULL;
	int		 s = -1;

	ck_assert_int_eq(mu_name_label_parse(&test_util_mu(g)->board,
	    " b ", 3, &s, &cause), 0);
	ck_assert_int_eq(s, 1);
	ck_assert_int_eq(mu_name_label_parse(&test_util_mu(g)->board,
	    "E", 1, &s, &cause), -1);
	ck_assert_str_eq(cause, "'E': there is no such segment (the board "
	    "has A to C)");
	free(cause);
	ck_assert_int_eq(mu_name_label_parse(&test_util_mu(g)->board,
	    "B2", 2, &s, &cause), -1);
	ck_assert_str_eq(cause, "'B2': not a segment label (segments are "
	    "labelled A, B, C, ...)");
	free(cause);
	game_free(g);
}
END_TEST

static const struct {
	const char	*text;
	int		 q, r;
	const char	*error;
} placements[] = {
	{ "@0,0", 0, 0, NULL },
	{ "@3,-1", 3, -1, NULL },
	{ "  @ -2 , 5 ", -2, 5, NULL },
	{ "@+1,2", 1, 2, NULL },
	{ "@1", 0, 0, "'@1': not a placement (write @q,r, such as @3,-1, "
	    "or a letter from the diagram)" },
	{ "3,1", 0, 0, "'3,1': not a placement (write @q,r, such as @3,-1, "
	    "or a letter from the diagram)" },
	{ "@a,b", 0, 0, "'@a,b': a placement needs two whole numbers from "
	    "-999 to 999, as in @3,-1" },
	{ "@1,2,3", 0, 0, "'@1,2,3': a placement needs two whole numbers "
	    "from -999 to 999, as in @3,-1" },
	{ "@1000,0", 0, 0, "'@1000,0': a placement needs two whole numbers "
	    "from -999 to 999, as in @3,-1" },
	{ "@1.5,0", 0, 0, "'@1.5,0': a placement needs two whole numbers "
	    "from -999 to 999, as in @3,-1" },
	{ "@,", 0, 0, "'@,': a placement needs two whole numbers from "
	    "-999 to 999, as in @3,-1" },
};

START_TEST(test_placement)
{
	struct hex	 h = { 77, 77 };
	char		*cause = NULL, out[MU_NAME_MAX];
	int		 rc;

	rc = mu_name_placement_parse(placements[_i].text,
	    strlen(placements[_i].text), &h, &cause);
	if (placements[_i].error == NULL) {
		ck_assert_int_eq(rc, 0);
		ck_assert_int_eq(h.q, placements[_i].q);
		ck_assert_int_eq(h.r, placements[_i].r);
		mu_name_placement(h, out, sizeof out);
		ck_assert_int_eq(mu_name_placement_parse(out, strlen(out),
		    &h, &cause), 0);
		ck_assert_int_eq(h.q, placements[_i].q);
	} else {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(cause, placements[_i].error);
		ck_assert_int_eq(h.q, 77);
		free(cause);
	}
}
END_TEST

START_TEST(test_alias_parse)
{
	ck_assert_int_eq(mu_name_alias_parse(" B ", 3), 1);
	ck_assert_int_eq(mu_name_alias_parse("a1", 2), -1);
	ck_assert_int_eq(mu_name_alias_parse("", 0), -1);
	ck_assert_int_eq(mu_name_alias_parse("abcd", 4), -1);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_name");
	TCase	*tc = tcase_create("names");

#define N(a) ((int)(sizeof a / sizeof a[0]))
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_labels, 0, N(labels));
	tcase_add_loop_test(tc, test_cell_good, 0, N(good_cells));
	tcase_add_loop_test(tc, test_cell_bad, 0, N(bad_cells));
	tcase_add_test(tc, test_cell_names);
	tcase_add_test(tc, test_label_parse);
	tcase_add_loop_test(tc, test_placement, 0, N(placements));
	tcase_add_test(tc, test_alias_parse);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
