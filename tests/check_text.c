#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "test-util.h"
#include "text.h"

/*
 * Names in lists: a name that holds what separates a list's items (a
 * comma, a semicolon, " v ", " and ", a double quote, a number and a
 * dot at its start, a space at an end) is quoted, a quote in it
 * escaped; any other, accents and all, is written as it is.
 */

static const struct {
	const char	*name;
	const char	*want;
} names[] = {
	{ "Rafael Mendes", "Rafael Mendes" },
	{ "L\xc3\xa9\x61 Fournier", "L\xc3\xa9\x61 Fournier" },
	{ "Tanaka, Hiroshi", "\"Tanaka, Hiroshi\"" },
	{ "Ann; Bob", "\"Ann; Bob\"" },
	{ "Tom v Jerry", "\"Tom v Jerry\"" },
	{ "Tom and Jerry", "\"Tom and Jerry\"" },
	{ "2. Bob", "\"2. Bob\"" },
	{ "Bob 2.0", "Bob 2.0" },
	{ "Vivian", "Vivian" },
	{ "Andy", "Andy" },
	{ "Al \"Ace\" Smith", "\"Al \\\"Ace\\\" Smith\"" },
	{ " Zed", "\" Zed\"" },
	{ "", "" },
};

START_TEST(test_list_name)
{
	struct buf	b;

	buf_init(&b);
	text_list_name(&b, names[_i].name);
	ck_assert_str_eq(b.data, names[_i].want);
	ck_assert_int_eq(text_list_ambiguous(names[_i].name),
	    strcmp(names[_i].name, names[_i].want) != 0);
	buf_free(&b);
}
END_TEST

/* A list of three as the league's summary writes it. */
START_TEST(test_list)
{
	static const char *const three[] = { "Rafael Mendes",
	    "Tanaka, Hiroshi", "L\xc3\xa9\x61 Fournier" };
	struct buf	b;
	size_t		i;

	buf_init(&b);
	for (i = 0; i < 3; i++) {
		buf_adds(&b, text_list_sep(i, 3));
		text_list_name(&b, three[i]);
	}
	ck_assert_str_eq(b.data, "Rafael Mendes, \"Tanaka, Hiroshi\" and "
	    "L\xc3\xa9\x61 Fournier");
	buf_free(&b);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("text");
	TCase	*tc = tcase_create("text");

	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_list_name, 0,
	    (int)(sizeof names / sizeof names[0]));
	tcase_add_test(tc, test_list);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
