#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "ratelimit.h"
#include "test-util.h"

/*
 * Rate limits: a burst is allowed, then one mail per interval; the
 * time of the next mail; a reserved mail is due when its token comes,
 * one interval after the one before.  Loop limits: junk mail is
 * answered loop_burst times in a window, then not until the window
 * ends.
 */

START_TEST(test_burst)
{
	struct ratelimit_rules	r = { 3, 10, 0, 0 };
	struct ratelimit_sender	rs;
	int			i;

	ratelimit_sender_new(&rs, 100);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(ratelimit_allow(&r, &rs, 100), 1);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 100), 0);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 109), 0);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 110), 1);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 111), 0);
	/* A long pause refills the bucket to burst, not beyond. */
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(ratelimit_allow(&r, &rs, 10000), 1);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 10000), 0);
	/* Off, it still refills; on again, it goes on from there. */
	r.burst = 0;
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 10000), 1);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 10010), 1);
	r.burst = 3;
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 10010), 1);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 10010), 0);
}
END_TEST

START_TEST(test_digest)
{
	char	a[RATELIMIT_DIGEST_LEN + 1], b[RATELIMIT_DIGEST_LEN + 1];

	ratelimit_digest("Away", "I am away\nuntil Monday.\n", a);
	ratelimit_digest("Away ", "  I am   away until\r\nMonday.", b);
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(strlen(a), RATELIMIT_DIGEST_LEN);
	ratelimit_digest("Away", "I am away until Tuesday.", b);
	ck_assert_str_ne(a, b);
	/* The same text under another subject is another mail. */
	ratelimit_digest("Re: [mupbem G2] invitation", "accept", a);
	ratelimit_digest("Re: [mupbem G3] invitation", "accept", b);
	ck_assert_str_ne(a, b);
	ratelimit_digest("Awayaccept", "", a);
	ratelimit_digest("Away", "accept", b);
	ck_assert_str_ne(a, b);
	ratelimit_digest(NULL, NULL, a);
	ratelimit_digest("", "", b);
	ck_assert_str_eq(a, b);
}
END_TEST

START_TEST(test_loop)
{
	struct ratelimit_rules	r = { 0, 0, 3, 3600 };
	struct ratelimit_sender	rs;
	char			d[RATELIMIT_DIGEST_LEN + 1];
	int			i;

	ratelimit_sender_new(&rs, 1000);
	ratelimit_digest("G1", "#4 @1,2", d);
	ck_assert_int_eq(ratelimit_repeated(&rs, d), 0);
	ck_assert_int_eq(ratelimit_repeated(&rs, d), 1);
	ratelimit_digest("G1", "#5 @1,3", d);
	ck_assert_int_eq(ratelimit_repeated(&rs, d), 0);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(ratelimit_junk(&r, &rs, 1000 + i), 1);
	ck_assert_int_eq(ratelimit_junk(&r, &rs, 1100), 0);
	ck_assert_int_eq(ratelimit_junk(&r, &rs, 4599), 0);
	/* The window ends an hour after its first junk mail. */
	ck_assert_int_eq(ratelimit_junk(&r, &rs, 4600), 1);
	ck_assert_int_eq(rs.junk, 1);
	r.loop_burst = 0;
	for (i = 0; i < 10; i++)
		ck_assert_int_eq(ratelimit_junk(&r, &rs, 4600), 1);
}
END_TEST

START_TEST(test_next)
{
	struct ratelimit_rules	r = { 3, 10, 0, 0 };
	struct ratelimit_sender	rs;
	int			i;

	ratelimit_sender_new(&rs, 100);
	ck_assert_int_eq(ratelimit_next(&r, &rs, 100), 100);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(ratelimit_allow(&r, &rs, 100), 1);
	ck_assert_int_eq(ratelimit_next(&r, &rs, 100), 110);
	ck_assert_int_eq(ratelimit_next(&r, &rs, 104), 110);
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 104), 0);
	/* A refusal is told once; a mail let through starts again. */
	rs.told = 1;
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 110), 1);
	ck_assert_int_eq(rs.told, 0);
	r.burst = 0;
	ck_assert_int_eq(ratelimit_next(&r, &rs, 110), 110);
}
END_TEST

START_TEST(test_reserve)
{
	struct ratelimit_rules	r = { 2, 432, 0, 0 };
	struct ratelimit_sender	rs;

	ratelimit_sender_new(&rs, 1000);
	ck_assert_int_eq(ratelimit_reserve(&r, &rs, 1000), 1000);
	ck_assert_int_eq(ratelimit_reserve(&r, &rs, 1000), 1000);
	/* Past the bucket: each is due an interval after the one before. */
	ck_assert_int_eq(ratelimit_reserve(&r, &rs, 1000), 1432);
	ck_assert_int_eq(ratelimit_reserve(&r, &rs, 1000), 1864);
	ck_assert_int_eq(ratelimit_reserve(&r, &rs, 1100), 2296);
	/* Nothing is let through before the held mail. */
	ck_assert_int_eq(ratelimit_allow(&r, &rs, 2000), 0);
	ck_assert_int_eq(ratelimit_reserve(&r, &rs, 3000), 3000);
	/* A day later the bucket is full again. */
	ck_assert_int_eq(ratelimit_reserve(&r, &rs, 100000), 100000);
	/* A refund gives a token back, never more than the bucket. */
	ratelimit_refund(&rs);
	ratelimit_refund(&rs);
	ck_assert(rs.spent == 0);
}
END_TEST

START_TEST(test_looping)
{
	struct ratelimit_rules	r = { 0, 0, 2, 3600 };
	struct ratelimit_sender	rs;

	ratelimit_sender_new(&rs, 1000);
	ck_assert_int_eq(ratelimit_junk(&r, &rs, 1000), 1);
	ck_assert_int_eq(ratelimit_junk(&r, &rs, 1001), 1);
	ck_assert_int_eq(ratelimit_looping(&r, &rs, 1001), 0);
	ck_assert_int_eq(ratelimit_junk(&r, &rs, 1002), 0);
	ck_assert_int_eq(ratelimit_looping(&r, &rs, 1002), 1);
	ck_assert_int_eq(ratelimit_looping(&r, &rs, 4599), 1);
	ck_assert_int_eq(ratelimit_looping(&r, &rs, 4600), 0);
	r.loop_burst = 0;
	ck_assert_int_eq(ratelimit_looping(&r, &rs, 1002), 0);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("ratelimit");
	TCase	*tc = tcase_create("ratelimit");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_burst);
	tcase_add_test(tc, test_digest);
	tcase_add_test(tc, test_loop);
	tcase_add_test(tc, test_next);
	tcase_add_test(tc, test_reserve);
	tcase_add_test(tc, test_looping);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
