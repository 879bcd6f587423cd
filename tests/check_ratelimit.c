#include "config.h"

#include <check.h>
#include <stdio.h>

#include "ratelimit.h"
#include "test-util.h"

/*
 * Rate limits: a burst is allowed, then one mail per interval; each
 * sender has its own bucket, whatever the case of the address; full
 * buckets are forgotten.
 */

START_TEST(test_burst)
{
	struct ratelimit	*rl;
	int			 i;

	rl = ratelimit_create(3, 10);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(ratelimit_allow(rl, "bob@x", 100), 1);
	ck_assert_int_eq(ratelimit_allow(rl, "BOB@x", 100), 0);
	ck_assert_int_eq(ratelimit_allow(rl, "amy@x", 100), 1);
	ck_assert_int_eq(ratelimit_allow(rl, "bob@x", 109), 0);
	ck_assert_int_eq(ratelimit_allow(rl, "bob@x", 110), 1);
	ck_assert_int_eq(ratelimit_allow(rl, "bob@x", 111), 0);
	/* A long pause refills to the burst, no more. */
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(ratelimit_allow(rl, "bob@x", 10000), 1);
	ck_assert_int_eq(ratelimit_allow(rl, "bob@x", 10000), 0);
	ratelimit_free(rl);
}
END_TEST

START_TEST(test_sweep)
{
	struct ratelimit	*rl;
	char			 addr[32];
	int			 i;

	rl = ratelimit_create(2, 5);
	for (i = 0; i < 64; i++) {
		snprintf(addr, sizeof addr, "p%d@x", i);
		ck_assert_int_eq(ratelimit_allow(rl, addr, 0), 1);
	}
	ck_assert_uint_eq(ratelimit_count(rl), 64);
	ck_assert_int_eq(ratelimit_allow(rl, "late@x", 1000), 1);
	ck_assert_uint_eq(ratelimit_count(rl), 1);
	ratelimit_free(rl);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("ratelimit");
	TCase	*tc = tcase_create("ratelimit");

	tcase_add_test(tc, test_burst);
	tcase_add_test(tc, test_sweep);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
