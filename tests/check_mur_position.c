#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "game.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Mur positions (docs/position.md, "Mur positions") and the turn's
 * number.  A version 1 position (tests/data/positions/v1), whose "turn"
 * counted one game's turns, reads and is written as version 2 with
 * "turns" (tests/data/positions/v1-as-v2); a key of one version under
 * the other's first line is refused.  The board's turn number and the
 * position's turns count the record's lines over the whole match.
 */

#define HEAD(v)		"mupbem position " v "\ngame mur\nmatch 6\n"	\
			"playing 1\nto-move black\n"
#define TAIL		"quiet 4\ntraps 0 0\nresults -\nblack n1 ne1 e3\n" \
			"white s2\nmur c\nwithdraw -\nknocked -\nlast -\n"

static const char *v1_names[] = {
	"mur-double-trap", "mur-opening", "mur-resigned"
};

static const struct {
	const char	*text;
	const char	*error;
} refused[] = {
	{ HEAD("2") "turn 4\n" TAIL, "position line 6: a version 2 position "
	  "(line 1) has 'turns', the turns played in the match, not version "
	  "1's 'turn'" },
	{ HEAD("1") "turns 4\n" TAIL, "position line 6: a version 1 position "
	  "(line 1) has 'turn', the turns played in this game, not version "
	  "2's 'turns'" },
	{ HEAD("2") "turn\n" TAIL, "position line 6: expected 'turns' and "
	  "its value" },
	{ HEAD("1") "turn 04\n" TAIL, "position line 6: not written the way "
	  "mupbem writes it; expected 'turn 4'" },
	{ HEAD("2") "turns 3\n" TAIL, "position line 7: quiet: more turns "
	  "without a trap than turns played" },
};

/*
 * Records, their lines and the board's line for the turn to be made,
 * %d standing for the lines + 1.  The first is a match of two games
 * played into game 2: 47 lines in game 1 and 4 in game 2.
 */
static const struct {
	const char	*record;
	int		 lines;
	const char	*board;		/* or NULL: the match is over */
} words[] = {
	{ "records/mur-game-two.rec", 51,
	  "Mur, game 2 of 2, turn %d: White to move." },
	{ "records/mur-opening.rec", 8,
	  "Mur, game 1 of 6, turn %d: Black to move." },
	{ "records/mur-resigned.rec", 31, NULL },
};

static int	record_lines(const char *);
static char	*line_of(const char *, const char *);

/* The turns a record holds: its lines after the header's blank line. */
static int
record_lines(const char *text)
{
	const char	*p;
	int		 n = 0;

	p = strstr(text, "\n\n");
	ck_assert(p != NULL);
	for (p += 2; *p != '\0'; p = strchr(p, '\n') + 1)
		n += *p >= '1' && *p <= '9';
	return (n);
}

/* The line of text that starts with prefix, without its newline. */
static char *
line_of(const char *text, const char *prefix)
{
	const char	*p;

	for (p = text; *p != '\0'; p = strchr(p, '\n') + 1) {
		if (strncmp(p, prefix, strlen(prefix)) == 0)
			return (xstrndup(p, (size_t)(strchr(p, '\n') - p)));
	}
	ck_abort_msg("no line starts with '%s' in:\n%s", prefix, text);
	return (NULL);
}

START_TEST(test_v1)
{
	struct game	*g, *again;
	struct buf	 out, out2;
	char		*old, *want, *v1, *v2, *cause = NULL;

	xasprintf(&v1, "positions/v1/%s.pos", v1_names[_i]);
	xasprintf(&v2, "positions/v1-as-v2/%s.pos", v1_names[_i]);
	old = test_util_read(v1);
	want = test_util_read(v2);
	ck_assert(strncmp(old, "mupbem position 1\n", 18) == 0);
	g = game_read_position(old, &cause);
	ck_assert_msg(g != NULL, "%s: %s", v1, cause);
	buf_init(&out);
	g->ops->write_position(g, &out);
	ck_assert_str_eq(out.data, want);
	again = game_read_position(out.data, &cause);
	ck_assert_msg(again != NULL, "%s: %s", v2, cause);
	buf_init(&out2);
	again->ops->write_position(again, &out2);
	ck_assert_str_eq(out2.data, want);
	buf_free(&out);
	buf_free(&out2);
	game_free(g);
	game_free(again);
	free(old);
	free(want);
	free(v1);
	free(v2);
}
END_TEST

START_TEST(test_refused)
{
	struct game	*g;
	char		*cause = NULL;

	g = game_read_position(refused[_i].text, &cause);
	ck_assert_msg(g == NULL, "read:\n%s", refused[_i].text);
	ck_assert_str_eq(cause, refused[_i].error);
	free(cause);
}
END_TEST

/* The board's turn is the record's lines + 1; the position's turns. */
START_TEST(test_words)
{
	struct game	*g;
	struct buf	 board, pos;
	char		*text, *have, *want;
	int		 n;

	text = test_util_read(words[_i].record);
	n = record_lines(text);
	ck_assert_int_eq(n, words[_i].lines);
	g = test_util_load(words[_i].record);
	buf_init(&board);
	g->ops->render(g, &board);
	if (words[_i].board != NULL) {
		have = line_of(board.data, "Mur, ");
		xasprintf(&want, words[_i].board, n + 1);
		ck_assert_str_eq(have, want);
		free(have);
		free(want);
	}
	buf_init(&pos);
	g->ops->write_position(g, &pos);
	have = line_of(pos.data, "turns ");
	xasprintf(&want, "turns %d", n);
	ck_assert_str_eq(have, want);
	free(have);
	free(want);
	buf_free(&board);
	buf_free(&pos);
	game_free(g);
	free(text);
}
END_TEST

int
main(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("mur position");
	tc = tcase_create("position");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_v1, 0, sizeof v1_names /
	    sizeof v1_names[0]);
	tcase_add_loop_test(tc, test_refused, 0, sizeof refused /
	    sizeof refused[0]);
	tcase_add_loop_test(tc, test_words, 0, sizeof words /
	    sizeof words[0]);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
