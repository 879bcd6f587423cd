#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "template-set.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The daemon's set of templates: the built-in copies when no folder
 * is given or it has no such file, the operator's file where there is
 * one, a folder that does not exist refused, and a template naming a
 * value replies do not have refused with its file and line.
 */

static char	*dir;

static void
setup(void)
{
	dir = test_util_tmpdir("tset");
}

static void
teardown(void)
{
	test_util_rmtree(dir);
	free(dir);
}

static void
write_file(const char *name, const char *text)
{
	FILE	*f;
	char	*path;

	xasprintf(&path, "%s/%s", dir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	free(path);
}

static const struct template_var vars[] = {
	{ "game", "G7" }, { "player", "Bob" }, { "topic", "" }
};

START_TEST(test_builtin)
{
	struct template_set	*ts;
	struct buf		 out;
	char			*cause = NULL;
	int			 k;

	ck_assert_ptr_nonnull(ts = template_set_load(NULL, &cause));
	for (k = 0; k < TEMPLATE_NKINDS; k++)
		ck_assert_str_eq(template_set_origin(ts, k), "built in");
	buf_init(&out);
	ck_assert_int_eq(template_set_render(ts, TEMPLATE_HELP, vars, 3, &out,
	    &cause), 0);
	ck_assert_ptr_nonnull(strstr(out.data, "mupbem plays Mu (classic, "
	    "levis and velox) and Mur by mail.\n"));
	ck_assert_ptr_nonnull(strstr(out.data, "    rules velox, rules mur"));
	buf_reset(&out);
	ck_assert_int_eq(template_set_render(ts, TEMPLATE_RULES_MUR, vars, 3,
	    &out, &cause), 0);
	ck_assert_ptr_nonnull(strstr(out.data, "Mur, for two players: the "
	    "rules in brief.\n"));
	/* Players get the rules, never a path into the source tree. */
	for (k = TEMPLATE_RULES_CLASSIC; k <= TEMPLATE_RULES_MUR; k++) {
		buf_reset(&out);
		ck_assert_int_eq(template_set_render(ts, k, vars, 3, &out,
		    &cause), 0);
		ck_assert_msg(strstr(out.data, "docs/") == NULL &&
		    strstr(out.data, ".md") == NULL &&
		    strstr(out.data, "src/") == NULL, "%s", out.data);
	}
	buf_free(&out);
	ck_assert_str_eq(template_set_file(TEMPLATE_RULES_MUR), "rules-mur");
	template_set_free(ts);
	/* A folder that does not exist is a mistake, not an empty one. */
	ck_assert_ptr_null(template_set_load("/nonexistent", &cause));
	ck_assert_str_eq(cause, "templates /nonexistent: No such file or "
	    "directory");
	free(cause);
}
END_TEST

START_TEST(test_override)
{
	struct template_set	*ts;
	struct buf		 out;
	char			*cause = NULL, *want;

	write_file("help.txt", "Help for {{player}} in {{game}}.\n");
	write_file("rules-mur.txt", "Mur, {{player}}.\n");
	ck_assert_ptr_nonnull(ts = template_set_load(dir, &cause));
	xasprintf(&want, "%s/help.txt", dir);
	ck_assert_str_eq(template_set_origin(ts, TEMPLATE_HELP), want);
	ck_assert_str_eq(template_set_origin(ts, TEMPLATE_OVER), "built in");
	buf_init(&out);
	ck_assert_int_eq(template_set_render(ts, TEMPLATE_HELP, vars, 3, &out,
	    &cause), 0);
	ck_assert_str_eq(out.data, "Help for Bob in G7.\n");
	buf_reset(&out);
	free(want);
	xasprintf(&want, "%s/rules-mur.txt", dir);
	ck_assert_str_eq(template_set_origin(ts, TEMPLATE_RULES_MUR), want);
	ck_assert_str_eq(template_set_origin(ts, TEMPLATE_RULES_VELOX),
	    "built in");
	ck_assert_int_eq(template_set_render(ts, TEMPLATE_RULES_MUR, vars, 3,
	    &out, &cause), 0);
	ck_assert_str_eq(out.data, "Mur, Bob.\n");
	buf_free(&out);
	template_set_free(ts);
	free(want);
}
END_TEST

START_TEST(test_refused)
{
	char	*cause = NULL, *want;

	write_file("your-turn.txt", "Move!\n{{bored}}\n");
	ck_assert_ptr_null(template_set_load(dir, &cause));
	xasprintf(&want, "template %s/your-turn.txt: line 2: no value is "
	    "called {{bored}} here", dir);
	ck_assert_str_eq(cause, want);
	free(cause);
	free(want);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("template_set");
	TCase	*tc = tcase_create("template_set");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_builtin);
	tcase_add_test(tc, test_override);
	tcase_add_test(tc, test_refused);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
