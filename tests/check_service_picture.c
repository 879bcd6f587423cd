#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "reply-html.h"
#include "reply.h"
#include "service-private.h"
#include "test-util.h"

/*
 * The picture of the board in mail (src/service/service-picture.c):
 * drawn from a record, the same picture again for the same record, a
 * new one for another, and none, without failing, for a game that
 * cannot be drawn, which is then not tried again; one picture of a
 * record a palette and size, each kept.
 */

static void	load(struct record *, const char *);

static void
load(struct record *r, const char *file)
{
	char	*text, *cause = NULL;

	text = test_util_read(file);
	ck_assert_msg(record_parse(r, text, &cause) == 0, "%s", cause);
	free(text);
}

START_TEST(test_kept)
{
	struct service		 sv;
	struct record		 r;
	struct reply_picture	 p, q;
	char			 name[32];

	memset(&sv, 0, sizeof sv);
	load(&r, "records/velox-layout.rec");
	ck_assert_int_eq(service_picture_get(&sv, 12, &r, "default", 0, &p), 0);
	snprintf(name, sizeof name, "G12-%zu.png", r.nactions);
	ck_assert_str_eq(p.name, name);
	ck_assert_uint_gt(p.len, 1000);
	ck_assert_mem_eq(p.data, "\x89PNG\r\n\x1a\n", 8);
	ck_assert_msg(strncmp(p.alt, "The board of G12: Mu velox after ",
	    33) == 0, "%s", p.alt);
	/*
	 * The next mail of the same turn: the same picture (test_none
	 * shows that it is kept, not drawn again).
	 */
	ck_assert_int_eq(service_picture_get(&sv, 12, &r, "default", 0, &q), 0);
	ck_assert_str_eq(q.name, p.name);
	ck_assert_uint_eq(q.len, p.len);
	/* A turn earlier: another record, another picture. */
	r.nactions--;
	ck_assert_int_eq(service_picture_get(&sv, 12, &r, "default", 0, &q), 0);
	r.nactions++;
	snprintf(name, sizeof name, "G12-%zu.png", r.nactions - 1);
	ck_assert_str_eq(q.name, name);
	service_picture_free(&sv);
	ck_assert_ptr_null(sv.picture);
	record_free(&r);
}
END_TEST

START_TEST(test_none)
{
	struct service		 sv;
	struct record		 r;
	struct reply_picture	 p;
	struct game_ops		 ops;
	const struct game_ops	*real;

	memset(&sv, 0, sizeof sv);
	load(&r, "records/mur-game-two.rec");
	real = r.ops;
	ops = *real;
	ops.picture = NULL;
	r.ops = &ops;
	ck_assert_int_eq(service_picture_get(&sv, 3, &r, "default", 0, &p), -1);
	/*
	 * Kept as no picture: the same record is not drawn again, or it
	 * would be drawn now that its game has pictures.
	 */
	r.ops = real;
	ck_assert_int_eq(service_picture_get(&sv, 3, &r, "default", 0, &p), -1);
	service_picture_free(&sv);
	record_free(&r);
}
END_TEST

/* Players of one turn in other palettes and sizes: a picture each. */
START_TEST(test_palettes)
{
	struct service		 sv;
	struct record		 r;
	struct reply_picture	 def, grey, small, again;
	unsigned long		 w, h;

	memset(&sv, 0, sizeof sv);
	load(&r, "records/velox-midgame.rec");
	ck_assert_int_eq(service_picture_get(&sv, 5, &r, "default", 0, &def),
	    0);
	ck_assert_int_eq(service_picture_get(&sv, 5, &r, "grey", 0, &grey),
	    0);
	ck_assert_int_eq(service_picture_get(&sv, 5, &r, "default", 1,
	    &small), 0);
	ck_assert_ptr_ne(def.data, grey.data);
	ck_assert_ptr_ne(def.data, small.data);
	ck_assert(def.len != grey.len || memcmp(def.data, grey.data,
	    def.len) != 0);
	ck_assert_int_eq(reply_html_png_size(def.data, def.len, &w, &h), 0);
	ck_assert_uint_eq(w, 800);
	ck_assert_int_eq(reply_html_png_size(small.data, small.len, &w, &h),
	    0);
	ck_assert_uint_eq(w, 400);
	/* Each kept: the same again, and an unknown palette the default. */
	ck_assert_int_eq(service_picture_get(&sv, 5, &r, "grey", 0, &again),
	    0);
	ck_assert_ptr_eq(again.data, grey.data);
	ck_assert_int_eq(service_picture_get(&sv, 5, &r, "sepia", 0, &again),
	    0);
	ck_assert_ptr_eq(again.data, def.data);
	service_picture_free(&sv);
	record_free(&r);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("service_picture");
	TCase	*tc = tcase_create("service_picture");

	/* The slowest test: 0.2 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_kept);
	tcase_add_test(tc, test_none);
	tcase_add_test(tc, test_palettes);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
