#include "config.h"

#include <check.h>
#include <stddef.h>

#include "rating.h"
#include "test-util.h"

/*
 * The kinds of rating: a variant and a number of players name one
 * kind, classic one per number of players; a kind is found in any
 * case and listed in table order.
 */

static const struct {
	const char	*variant;
	int		 players;
	const char	*kind;		/* NULL: none */
} kind_cases[] = {
	{ "velox", 2, "velox" },
	{ "levis", 2, "levis" },
	{ "levis", 5, "levis" },
	{ "mur", 2, "mur" },
	{ "classic", 2, "classic2" },
	{ "classic", 3, "classic3" },
	{ "classic", 4, "classic4" },
	{ "classic", 5, "classic5" },
	{ "classic", 6, "classic6" },
	{ "Classic", 3, "classic3" },
	{ "classic", 7, NULL },
	{ "classic", 1, NULL },
	{ "chess", 2, NULL }
};

START_TEST(test_kind)
{
	const char	*got;

	got = rating_kind(kind_cases[_i].variant, kind_cases[_i].players);
	if (kind_cases[_i].kind == NULL)
		ck_assert_ptr_null(got);
	else
		ck_assert_str_eq(got, kind_cases[_i].kind);
}
END_TEST

START_TEST(test_find)
{
	ck_assert_str_eq(rating_kind_find("CLASSIC4"), "classic4");
	ck_assert_str_eq(rating_kind_find("velox"), "velox");
	ck_assert_ptr_null(rating_kind_find("classic"));
	ck_assert_ptr_null(rating_kind_find("classic7"));
	ck_assert_ptr_null(rating_kind_find(""));
	ck_assert_str_eq(rating_kind_title("classic3"), "Mu, 3 players");
	ck_assert_str_eq(rating_kind_title("Classic3"), "Mu, 3 players");
	ck_assert_ptr_null(rating_kind_title("mu"));
}
END_TEST

START_TEST(test_order)
{
	const char	*want[] = { "velox", "levis", "classic2", "classic3",
			    "classic4", "classic5", "classic6", "mur" };
	size_t		 i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_str_eq(rating_kind_at((int)i), want[i]);
	ck_assert_ptr_null(rating_kind_at((int)i));
	ck_assert_ptr_null(rating_kind_at(-1));
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("rating");
	TCase	*tc = tcase_create("kind");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_kind, 0,
	    sizeof kind_cases / sizeof kind_cases[0]);
	tcase_add_test(tc, test_find);
	tcase_add_test(tc, test_order);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
