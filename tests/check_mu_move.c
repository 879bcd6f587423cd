#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "test-util.h"

/*
 * Placeholder: to be filled in.
 */

START_TEST(test_placeholder)
{
	struct game	*g;

	g = test_util_game("velox", 2, 2, "@0,0;@3,-1;@-3,1;@6,-2");
	ck_assert_str_eq(test_util_cell(g, "A0"), "Vr1");
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_move");
	TCase	*tc = tcase_create("placeholder");

	tcase_add_test(tc, test_placeholder);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
