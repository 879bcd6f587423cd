#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "test-util.h"

/*
 * The mail command language: each command's shape, turns gathered
 * over lines with their #N guard, the subject read when the body is
 * empty, and one specific error per malformed command.
 */

static struct command_list	 l;

static void	parse(const char *, const char *);
static void	refuse(const char *, const char *);

static void
parse(const char *text, const char *subject)
{
	char	*cause = NULL;

	ck_assert_msg(command_parse(text, subject, &l, &cause) == 0, "%s: %s",
	    text, cause);
}

static void
refuse(const char *text, const char *error)
{
	char	*cause = NULL;

	ck_assert_int_eq(command_parse(text, NULL, &l, &cause), -1);
	ck_assert_str_eq(cause, error);
	ck_assert_uint_eq(l.n, 0);
	free(cause);
}

START_TEST(test_simple)
{
	parse("HELP\nhelp notation\nrules velox\ngames\nboard\nboard G7\n"
	    "history g12\nobserve 3\nunobserve G3\naccept G1\ndecline 2\n"
	    "join G4\nwithdraw G5\nname  Bob the Builder\n", NULL);
	ck_assert_uint_eq(l.n, 14);
	ck_assert_int_eq(l.v[0].type, COMMAND_HELP);
	ck_assert_ptr_null(l.v[0].arg);
	ck_assert_str_eq(l.v[1].arg, "notation");
	ck_assert_int_eq(l.v[2].type, COMMAND_RULES);
	ck_assert_str_eq(l.v[2].arg, "velox");
	ck_assert_int_eq(l.v[3].type, COMMAND_GAMES);
	ck_assert_int_eq(l.v[4].type, COMMAND_BOARD);
	ck_assert_int_eq(l.v[4].game, 0);
	ck_assert_int_eq(l.v[5].game, 7);
	ck_assert_int_eq(l.v[6].type, COMMAND_HISTORY);
	ck_assert_int_eq(l.v[6].game, 12);
	ck_assert_int_eq(l.v[7].type, COMMAND_OBSERVE);
	ck_assert_int_eq(l.v[8].type, COMMAND_UNOBSERVE);
	ck_assert_int_eq(l.v[9].type, COMMAND_ACCEPT);
	ck_assert_int_eq(l.v[9].game, 1);
	ck_assert_int_eq(l.v[10].type, COMMAND_DECLINE);
	ck_assert_int_eq(l.v[11].type, COMMAND_JOIN);
	ck_assert_int_eq(l.v[12].type, COMMAND_WITHDRAW);
	ck_assert_int_eq(l.v[13].type, COMMAND_NAME);
	ck_assert_str_eq(l.v[13].arg, "Bob the Builder");
	ck_assert_int_eq(l.v[13].line, 14);
	command_list_free(&l);
}
END_TEST

/* In a reply about a game, the game may go unnamed. */
START_TEST(test_unnamed)
{
	parse("accept\ndecline\njoin\nwithdraw\nhistory\nobserve\n"
	    "unobserve\n", NULL);
	ck_assert_uint_eq(l.n, 7);
	ck_assert_int_eq(l.v[0].type, COMMAND_ACCEPT);
	ck_assert_int_eq(l.v[0].game, 0);
	ck_assert_int_eq(l.v[6].type, COMMAND_UNOBSERVE);
	ck_assert_int_eq(l.v[6].game, 0);
	command_list_free(&l);
}
END_TEST

START_TEST(test_new)
{
	parse("new velox with bob@example.org Amy@Example.NET open 1 "
	    "segments 3\n", NULL);
	ck_assert_uint_eq(l.n, 1);
	ck_assert_int_eq(l.v[0].type, COMMAND_NEW);
	ck_assert_str_eq(l.v[0].arg, "velox");
	ck_assert_int_eq(l.v[0].nwith, 2);
	ck_assert_str_eq(l.v[0].with[0], "bob@example.org");
	ck_assert_str_eq(l.v[0].with[1], "Amy@Example.NET");
	ck_assert_int_eq(l.v[0].open, 1);
	ck_assert_int_eq(l.v[0].segments, 3);
	ck_assert_int_eq(l.v[0].match, 0);
	command_list_free(&l);
	parse("New Mur MATCH 4 with bob@example.org\nnew mur match 99\n",
	    NULL);
	ck_assert_uint_eq(l.n, 2);
	ck_assert_str_eq(l.v[0].arg, "Mur");
	ck_assert_int_eq(l.v[0].match, 4);
	ck_assert_int_eq(l.v[0].nwith, 1);
	ck_assert_str_eq(l.v[0].with[0], "bob@example.org");
	ck_assert_int_eq(l.v[0].segments, 0);
	ck_assert_int_eq(l.v[1].match, 99);
	ck_assert_int_eq(l.v[1].nwith, 0);
	command_list_free(&l);
}
END_TEST

/* Turn lines gather into one turn; a blank line starts another. */
START_TEST(test_turns)
{
	parse("#14 C4-D2\nB0-B3(B4,C1)\n\npass\npreview #3 A0-A1\nA1-A2\n",
	    NULL);
	ck_assert_uint_eq(l.n, 3);
	ck_assert_int_eq(l.v[0].type, COMMAND_PLAY);
	ck_assert_int_eq(l.v[0].guard, 14);
	ck_assert_str_eq(l.v[0].arg, "C4-D2 B0-B3(B4,C1)");
	ck_assert_int_eq(l.v[1].type, COMMAND_PLAY);
	ck_assert_str_eq(l.v[1].arg, "pass");
	ck_assert_int_eq(l.v[1].line, 4);
	ck_assert_int_eq(l.v[2].type, COMMAND_PREVIEW);
	ck_assert_int_eq(l.v[2].guard, 3);
	ck_assert_str_eq(l.v[2].arg, "A0-A1 A1-A2");
	command_list_free(&l);
}
END_TEST

/* The subject is read only when the body says nothing, and not ours. */
START_TEST(test_subject)
{
	parse("\n  \n", "Re: new levis with bob@example.org");
	ck_assert_uint_eq(l.n, 1);
	ck_assert_int_eq(l.v[0].type, COMMAND_NEW);
	ck_assert_int_eq(l.v[0].line, 0);
	command_list_free(&l);
	parse("", "Re: [mupbem G12] velox: your turn 14");
	ck_assert_uint_eq(l.n, 0);
	command_list_free(&l);
	/* The subject of a mail sent before the words changed. */
	parse("", "Re: [mupbem G12] velox: your move (turn 14)");
	ck_assert_uint_eq(l.n, 0);
	command_list_free(&l);
	parse("games\n", "new velox");
	ck_assert_uint_eq(l.n, 1);
	ck_assert_int_eq(l.v[0].type, COMMAND_GAMES);
	command_list_free(&l);
	ck_assert_int_eq(command_subject_game("Re: [mupbem G12] velox"), 12);
	ck_assert_int_eq(command_subject_game("RE: [MUPBEM g7] x"), 7);
	ck_assert_int_eq(command_subject_game("[mupbem G12 velox"), 0);
	ck_assert_int_eq(command_subject_game("no tag"), 0);
	ck_assert_int_eq(command_subject_game(NULL), 0);
}
END_TEST

static const struct {
	const char	*text;
	const char	*error;
} errors[] = {
	{ "accept G\n", "line 1: accept: which game? Write it like G12" },
	{ "games\naccept Gx\n", "line 2: accept: which game? Write it like "
	    "G12" },
	{ "games now\n", "line 1: games: nothing more is expected after it" },
	{ "rules\n", "line 1: rules: which game? Write rules velox, levis, "
	    "classic or mur" },
	{ "new\n", "line 1: new: which game? Write new velox, new levis, new "
	    "classic or new mur" },
	{ "new velox against bob\n", "line 1: new: 'against' is not a word "
	    "new understands (with ADDRESS..., open N, segments N, match N)" },
	{ "new velox with bob\n", "line 1: new: 'bob' is not a word new "
	    "understands (with ADDRESS..., open N, segments N, match N)" },
	{ "new velox open many\n", "line 1: new: open takes a number of "
	    "seats, such as open 1" },
	{ "new mur match\n", "line 1: new: match takes a number from 1 to 99, "
	    "such as match 4" },
	{ "games\nnew mur match 0\n", "line 2: new: match takes a number "
	    "from 1 to 99, such as match 4" },
	{ "new mur match 100\n", "line 1: new: match takes a number from 1 "
	    "to 99, such as match 4" },
	{ "new mur match six\n", "line 1: new: match takes a number from 1 "
	    "to 99, such as match 4" },
	{ "new mur 6\n", "line 1: new: '6' is not a word new understands "
	    "(with ADDRESS..., open N, segments N, match N)" },
	{ "#x A0-A1\n", "line 1: '#x': a turn number is written #14" },
	{ "#3 A0-A1\n#4 B0-B1\n", "line 2: two turn numbers in one mail: #3 "
	    "and #4" },
	{ "name\n", "line 1: name: a name has 1 to 40 characters" },
};

START_TEST(test_errors)
{
	refuse(errors[_i].text, errors[_i].error);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("command");
	TCase	*tc = tcase_create("command");

	tcase_add_test(tc, test_simple);
	tcase_add_test(tc, test_unnamed);
	tcase_add_test(tc, test_new);
	tcase_add_test(tc, test_turns);
	tcase_add_test(tc, test_subject);
	tcase_add_loop_test(tc, test_errors, 0,
	    sizeof errors / sizeof errors[0]);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
