#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "buf.h"
#include "test-util.h"

/*
 * The growable buffer: a formatted add is written once into the room a
 * buf has and again after growing when it does not fit, so it is
 * checked at every fill of the buf around its room, with text that
 * fits, just fits, is one byte over and far over; the result is always
 * the text and its NUL, and an add that cannot be formatted adds
 * nothing.
 */

START_TEST(test_addf_fill)
{
	static char	 text[600], want[1400];
	struct buf	 b;
	size_t		 fill, len;
	int		 n;

	memset(text, 'x', sizeof text);
	for (fill = 0; fill < 300; fill++) {
		for (len = 0; len < sizeof text; len += len < 140 ? 1 : 37) {
			buf_init(&b);
			memset(want, 'a', fill);
			buf_add(&b, want, fill);
			buf_addf(&b, "%.*s|%d", (int)len, text, 70);
			n = snprintf(want + fill, sizeof want - fill,
			    "%.*s|%d", (int)len, text, 70);
			if (b.len != fill + (size_t)n ||
			    memcmp(b.data, want, b.len + 1) != 0 ||
			    strlen(b.data) != b.len) {
				ck_abort_msg("fill %zu, text %zu: %zu bytes, "
				    "want %zu", fill, len, b.len, fill +
				    (size_t)n);
			}
			buf_free(&b);
		}
	}
}
END_TEST

/* Many adds in a row build the one string they add up to. */
START_TEST(test_addf_many)
{
	struct buf	 b, want;
	char		 line[64];
	int		 i, n;

	buf_init(&b);
	buf_init(&want);
	for (i = 0; i < 5000; i++) {
		buf_addf(&b, "%d %s\n", i, i % 7 == 0 ? "seven" : "");
		n = snprintf(line, sizeof line, "%d %s\n", i, i % 7 == 0 ?
		    "seven" : "");
		buf_add(&want, line, (size_t)n);
	}
	ck_assert_uint_eq(b.len, want.len);
	ck_assert(memcmp(b.data, want.data, b.len + 1) == 0);
	buf_free(&b);
	buf_free(&want);
}
END_TEST

/* A wide character the C locale cannot write: nothing is added. */
START_TEST(test_addf_error)
{
	struct buf	 b;
	char		 probe[8];

	if (snprintf(probe, sizeof probe, "%lc", (wint_t)0x263a) >= 0)
		return;		/* this libc writes it somehow */
	buf_init(&b);
	buf_adds(&b, "kept");
	buf_addf(&b, "%lc", (wint_t)0x263a);
	ck_assert_uint_eq(b.len, 4);
	ck_assert_str_eq(b.data, "kept");
	buf_free(&b);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("buf");
	TCase	*tc = tcase_create("buf");

	/* The slowest test: 0.3 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_addf_fill);
	tcase_add_test(tc, test_addf_many);
	tcase_add_test(tc, test_addf_error);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
