#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "template.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Templates: placeholders filled, braces escaped, unknown names and
 * stray braces refused with their line; and every shipped template
 * uses only the values its kind of reply supplies.
 */

static const struct template_var vars[] = {
	{ "game", "G12" }, { "board", "(board)" }, { "player", "Bob" }
};

START_TEST(test_render)
{
	struct buf	 out;
	char		*cause = NULL;

	buf_init(&out);
	ck_assert_int_eq(template_render("Hello {{player}}, game {{ game }}:"
	    "\n{{board}}\n{{{{not}}\n", vars, 3, &out, &cause), 0);
	ck_assert_str_eq(out.data, "Hello Bob, game G12:\n(board)\n"
	    "{{not}}\n");
	buf_free(&out);
}
END_TEST

START_TEST(test_errors)
{
	struct buf	 out;
	char		*cause = NULL;

	buf_init(&out);
	ck_assert_int_eq(template_render("a\nb {{score}}\n", vars, 3, &out,
	    &cause), -1);
	ck_assert_str_eq(cause, "line 2: no value is called {{score}} here");
	free(cause);
	ck_assert_int_eq(template_render("a {{ }}\n", vars, 3, &out, &cause),
	    -1);
	ck_assert_str_eq(cause, "line 1: '{{' must start a placeholder such "
	    "as {{board}} (write {{{{ for two braces)");
	free(cause);
	buf_free(&out);
}
END_TEST

static const char *common[] = {
	"game", "variant", "player", "players", "inviter", "seats", "board",
	"status", "report", "turn", "move", "example", "error", "score",
	"since", "clock", "deadline", "facts",
	"topic"
};

static const char *files[] = {
	"invitation", "started", "your-turn", "accepted", "rejected",
	"preview", "over", "help", "reminder", "error"
};

/* Each shipped template loads with the values replies supply. */
START_TEST(test_shipped)
{
	FILE	*f;
	char	*path, text[8192], *cause = NULL;
	size_t	 n;

	xasprintf(&path, "%s/%s.txt", TEMPLATES_DIR, files[_i]);
	ck_assert_ptr_nonnull(f = fopen(path, "r"));
	n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	ck_assert_msg(template_check(text, common, sizeof common /
	    sizeof common[0], &cause) == 0, "%s: %s", path, cause);
	ck_assert_msg(n > 0 && text[n - 1] == '\n', "%s: no final newline",
	    path);
	free(path);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("template");
	TCase	*tc = tcase_create("template");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_render);
	tcase_add_test(tc, test_errors);
	tcase_add_loop_test(tc, test_shipped, 0,
	    sizeof files / sizeof files[0]);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
