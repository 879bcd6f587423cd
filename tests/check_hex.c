#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "hex.h"
#include "test-util.h"

/*
 * Axial geometry: the six directions of MU-RULINGS, steps, distances
 * and direction names.
 */

static const struct {
	const char	*name;
	int		 q, r;
} dirs[HEX_NDIRS] = {
	{ "E", 1, 0 }, { "NE", 1, -1 }, { "NW", 0, -1 },
	{ "W", -1, 0 }, { "SW", -1, 1 }, { "SE", 0, 1 }
};

START_TEST(test_directions)
{
	struct hex	o = { 0, 0 }, h;

	h = hex_step(o, _i, 1);
	ck_assert_int_eq(h.q, dirs[_i].q);
	ck_assert_int_eq(h.r, dirs[_i].r);
	ck_assert_str_eq(hex_dir_name(_i), dirs[_i].name);
	ck_assert_int_eq(hex_dir_parse(dirs[_i].name), _i);
	ck_assert_int_eq(hex_distance(o, h), 1);
	h = hex_step(h, hex_opposite(_i), 1);
	ck_assert(hex_equal(h, o));
	h = hex_step(o, _i, 3);
	ck_assert_int_eq(hex_distance(o, h), 3);
}
END_TEST

START_TEST(test_distance)
{
	struct hex	a = { 0, 0 }, b = { 2, -1 }, c = { -3, 3 }, d = { 1, 1 };

	ck_assert_int_eq(hex_distance(a, b), 2);
	ck_assert_int_eq(hex_distance(a, c), 3);
	ck_assert_int_eq(hex_distance(a, d), 2);
	ck_assert_int_eq(hex_distance(b, c), 5);
	ck_assert_int_eq(hex_distance(c, b), 5);
}
END_TEST

START_TEST(test_dir_parse)
{
	ck_assert_int_eq(hex_dir_parse("se"), HEX_SE);
	ck_assert_int_eq(hex_dir_parse("N"), -1);
	ck_assert_int_eq(hex_dir_parse(""), -1);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("hex");
	TCase	*tc = tcase_create("geometry");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_directions, 0, HEX_NDIRS);
	tcase_add_test(tc, test_distance);
	tcase_add_test(tc, test_dir_parse);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
