#include "config.h"

#include <check.h>
#include <string.h>

#include "identity.h"
#include "test-util.h"

/*
 * Identity tokens: secrets are random, a token belongs to one secret
 * and one game, reply addresses carry it and are read back, and
 * anything else is refused.
 */

START_TEST(test_tokens)
{
	char	a[IDENTITY_SECRET_LEN + 1], b[IDENTITY_SECRET_LEN + 1];
	char	ta[IDENTITY_TOKEN_LEN + 1], tb[IDENTITY_TOKEN_LEN + 1];
	char	t2[IDENTITY_TOKEN_LEN + 1], upper[IDENTITY_TOKEN_LEN + 1];
	size_t	i;

	ck_assert_int_eq(identity_secret(a, sizeof a), 0);
	ck_assert_int_eq(identity_secret(b, sizeof b), 0);
	ck_assert_uint_eq(strlen(a), IDENTITY_SECRET_LEN);
	ck_assert_str_ne(a, b);
	identity_token(a, 12, ta, sizeof ta);
	identity_token(b, 12, tb, sizeof tb);
	identity_token(a, 13, t2, sizeof t2);
	ck_assert_uint_eq(strlen(ta), IDENTITY_TOKEN_LEN);
	ck_assert_str_ne(ta, tb);
	ck_assert_str_ne(ta, t2);
	ck_assert_int_eq(identity_check(a, 12, ta), 1);
	ck_assert_int_eq(identity_check(b, 12, ta), 0);
	ck_assert_int_eq(identity_check(a, 13, ta), 0);
	ck_assert_int_eq(identity_check(a, 12, "0123"), 0);
	for (i = 0; i <= IDENTITY_TOKEN_LEN; i++)
		upper[i] = (char)(ta[i] >= 'a' ? ta[i] - 32 : ta[i]);
	ck_assert_int_eq(identity_check(a, 12, upper), 1);
	/* Known answer: openssl dgst -sha256 -hmac KEY of "g7". */
	identity_token("00112233445566778899aabbccddeeff", 7, ta, sizeof ta);
	ck_assert_str_eq(ta, "4e3d34e49b28");
}
END_TEST

START_TEST(test_addresses)
{
	char	addr[256], token[IDENTITY_TOKEN_LEN + 1];
	int	game = 0;

	ck_assert_int_eq(identity_address("game@example.org", 12,
	    "7f3a9c2e01b4", addr, sizeof addr), 0);
	ck_assert_str_eq(addr, "game+g12-7f3a9c2e01b4@example.org");
	ck_assert_int_eq(identity_parse("Game+G12-7f3a9c2e01b4@Example.ORG",
	    "game@example.org", &game, token, sizeof token), 0);
	ck_assert_int_eq(game, 12);
	ck_assert_str_eq(token, "7f3a9c2e01b4");
	ck_assert_int_eq(identity_parse("game@example.org",
	    "game@example.org", &game, token, sizeof token), -1);
	ck_assert_int_eq(identity_parse("game+g12-short@example.org",
	    "game@example.org", &game, token, sizeof token), -1);
	ck_assert_int_eq(identity_parse("game+g12-7f3a9c2e01b4@other.org",
	    "game@example.org", &game, token, sizeof token), -1);
	ck_assert_int_eq(identity_parse("other+g12-7f3a9c2e01b4@example.org",
	    "game@example.org", &game, token, sizeof token), -1);
	ck_assert_int_eq(identity_parse("game+gx-7f3a9c2e01b4@example.org",
	    "game@example.org", &game, token, sizeof token), -1);
	ck_assert_int_eq(identity_address("no-at-sign", 1, "x", addr,
	    sizeof addr), -1);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("identity");
	TCase	*tc = tcase_create("identity");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_tokens);
	tcase_add_test(tc, test_addresses);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
