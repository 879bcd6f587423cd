#include "config.h"

#include <check.h>
#include <string.h>

#include "address.h"
#include "test-util.h"

/*
 * What an address is (address.c): LOCAL@DOMAIN of RFC 5321, the local
 * part a dot-string, the domain labels or an address literal; and
 * nothing that could end an SMTP command or a header.
 */

static const struct {
	const char	*s;
	int		 ok;
} addresses[] = {
	{ "bob@example.org", 1 },
	{ "Bob.Smith+mupbem@mail.example.co.uk", 1 },
	{ "o'neil@x", 1 },
	{ "games@localhost", 1 },
	{ "bob@x", 1 },
	{ "game%40example.test@localhost", 1 },
	{ "!#$%&'*+-/=?^_`{|}~@x", 1 },
	{ "a.b.c@d-e.f1.g", 1 },
	{ "1@2", 1 },
	{ "bob@xn--bcher-kva.example", 1 },
	{ "bob@[192.0.2.1]", 1 },
	{ "bob@[255.255.255.255]", 1 },
	{ "bob@[IPv6:2001:db8::1]", 1 },
	{ "bob@[ipv6:::ffff:192.0.2.1]", 1 },
	/* No "@", or more than one; empty parts. */
	{ "", 0 },
	{ "bob", 0 },
	{ "root", 0 },
	{ "postmaster", 0 },
	{ "@", 0 },
	{ "@example.org", 0 },
	{ "bob@", 0 },
	{ "bob@x@y", 0 },
	{ "a@b@c", 0 },
	/* Dots. */
	{ ".bob@x", 0 },
	{ "bob.@x", 0 },
	{ "bo..b@x", 0 },
	{ "bob@.x", 0 },
	{ "bob@x.", 0 },
	{ "bob@x..y", 0 },
	/* Characters a domain or a local part does not have. */
	{ "bob@ex+ample.org", 0 },
	{ "bob@ex_ample.org", 0 },
	{ "bob@-x.org", 0 },
	{ "bob@x-.org", 0 },
	{ "<bob@x>", 0 },
	{ "bob,carol@x", 0 },
	{ "bob@x,carol@y", 0 },
	{ "bob smith@x", 0 },
	{ "bob@x y", 0 },
	{ "bob(c)@x", 0 },
	{ "bob@x(c)", 0 },
	{ "bob\\@x", 0 },
	{ "bob\"@x", 0 },
	{ "b[o]b@x", 0 },
	{ "bob;@x", 0 },
	{ "bob:@x", 0 },
	/* The quoted form is refused (address.c says why). */
	{ "\"a b\"@x", 0 },
	{ "\"ab\"@x", 0 },
	{ "\"a\\\"b\"@x", 0 },
	/* Control characters: nothing may end an SMTP command. */
	{ "victim@x\r\nRSET", 0 },
	{ "victim@x\r\nRCPT TO:<other@y>", 0 },
	{ "victim@x\nRSET", 0 },
	{ "victim@x\r", 0 },
	{ "vic\ttim@x", 0 },
	{ "vic\x01tim@x", 0 },
	{ "victim@x\x7f", 0 },
	{ "vic\x7ftim@x", 0 },
	{ "victim\r\n@x", 0 },
	{ "victim@x\x1b[0m", 0 },
	/* Not ASCII. */
	{ "b\xc3\xbc" "cher@x", 0 },
	{ "bob@b\xc3\xbc" "cher.example", 0 },
	{ "bob@x\xc2\x85", 0 },
	/* Address literals. */
	{ "bob@[192.0.2.256]", 0 },
	{ "bob@[192.0.2]", 0 },
	{ "bob@[192.0.2.1.5]", 0 },
	{ "bob@[01.2.3.4]", 0 },
	{ "bob@[1.2.3.4", 0 },
	{ "bob@1.2.3.4]", 0 },
	{ "bob@[]", 0 },
	{ "bob@[IPv6:]", 0 },
	{ "bob@[IPv6:zz::1]", 0 },
	{ "bob@[IPv6:1:2:3:4:5:6:7:8:9]", 0 },
	{ "bob@[x.y]", 0 },
	{ "bob@[192.0.2.1\r\n]", 0 },
};

START_TEST(test_address)
{
	const char	*s = addresses[_i].s;

	ck_assert_msg((address_check(s, strlen(s)) == 0) == addresses[_i].ok,
	    "'%s'", s);
}
END_TEST

/* The limits of length: 64 for the local part, 63 a label, 254 all. */
START_TEST(test_lengths)
{
	char	s[300];

	memset(s, 'a', 64);
	strcpy(s + 64, "@x");
	ck_assert_int_eq(address_check(s, strlen(s)), 0);
	memset(s, 'a', 65);
	strcpy(s + 65, "@x");
	ck_assert_int_eq(address_check(s, strlen(s)), -1);
	strcpy(s, "a@");
	memset(s + 2, 'b', 63);
	strcpy(s + 65, ".x");
	ck_assert_int_eq(address_check(s, strlen(s)), 0);
	strcpy(s, "a@");
	memset(s + 2, 'b', 64);
	strcpy(s + 66, ".x");
	ck_assert_int_eq(address_check(s, strlen(s)), -1);
	/* 254 in all: a@ and 4 labels of 62 with dots (251), then .bc */
	strcpy(s, "a@");
	memset(s + 2, 'b', 251);
	s[2 + 62] = s[2 + 125] = s[2 + 188] = '.';
	strcpy(s + 253, ".c");
	ck_assert_uint_eq(strlen(s), 255);
	ck_assert_int_eq(address_check(s, strlen(s)), -1);
	ck_assert_int_eq(address_check(s, 254), -1);	/* ends in "." */
	s[254] = '\0';
	s[253] = 'c';
	ck_assert_int_eq(address_check(s, 254), 0);
	/* A span is read to its length, never past it. */
	ck_assert_int_eq(address_check("bob@x\r\nRSET", 5), 0);
	ck_assert_int_eq(address_check("bob@x\0y", 7), -1);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("address");
	TCase	*tc = tcase_create("address");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_address, 0,
	    sizeof addresses / sizeof addresses[0]);
	tcase_add_test(tc, test_lengths);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
