#include "config.h"

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "game.h"
#include "mur-board.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The rules of Mur, case by case, from tests/data/mur/rules.txt.  A
 * case is a block of lines:
 *
 *	case NAME		starts it
 *	KEY VALUE		a position line (mur-position.c), stones in
 *				any order, other than
 *				the default: match 6, playing 1, to-move
 *				black, turns 0, quiet 0, traps 0 0, results -,
 *				black -, white -, mur c, withdraw -,
 *				knocked -, last -
 *	play ACTION		played by the side to move; it must work,
 *	error CAUSE		unless this line follows: then it must fail
 *				with exactly CAUSE and change nothing
 *	says TEXT		the last action's report has the line TEXT
 *	want KEY VALUE		the position now has the line "KEY VALUE"
 *
 * Lines starting with '#' and blank lines are comments.
 */

#define CASES_FILE	"mur/rules.txt"
#define CASE_KEYS	13

static const char *case_keys[CASE_KEYS] = {
	"match", "playing", "to-move", "turns", "quiet", "traps", "results",
	"black", "white", "mur", "withdraw", "knocked", "last"
};

static const char *case_defaults[CASE_KEYS] = {
	"6", "1", "black", "0", "0", "0 0", "-", "-", "-", "c", "-", "-", "-"
};

static char	*cases_text;
static int	 ncases;

static const char	*case_find(int, int *);
static char		*case_line(const char **);
static char		*case_points(const char *);
static struct game	*case_position(const char **, const char *, int *);
static void		 case_want(struct game *, const char *, const char *);
static char		*flatten(const char *);

/* The start of case n's block, and its line number. */
/* Text with every run of white space one space: wrapped lines joined. */
static char *
flatten(const char *text)
{
	char	*out = xmalloc(strlen(text) + 1), *o = out;

	for (; *text != '\0'; text++) {
		if (isspace((unsigned char)*text)) {
			if (o == out || o[-1] != ' ')
				*o++ = ' ';
		} else
			*o++ = *text;
	}
	*o = '\0';
	return (out);
}

static const char *
case_find(int n, int *line)
{
	const char	*p = cases_text;
	int		 i = -1;

	*line = 1;
	for (; *p != '\0'; p = strchr(p, '\n') + 1, (*line)++) {
		if (strncmp(p, "case ", 5) == 0 && ++i == n)
			return (p);
	}
	return (NULL);
}

/* The next line (a copy), moving *p past it; NULL at the end or case. */
static char *
case_line(const char **p)
{
	const char	*nl;
	char		*s;

	if (**p == '\0' || strncmp(*p, "case ", 5) == 0)
		return (NULL);
	nl = strchr(*p, '\n');
	ck_assert_msg(nl != NULL, "%s: the last line has no newline",
	    CASES_FILE);
	s = xstrndup(*p, (size_t)(nl - *p));
	*p = nl + 1;
	return (s);
}

/*
 * A value that is a list of point names, in board order (the position
 * format's), so cases may name stones in any order; anything else is
 * kept as it is.
 */
static char *
case_points(const char *v)
{
	struct buf	 out;
	const char	*p, *sp;
	uint32_t	 mask = 0;
	int		 pt;

	for (p = v; *p != '\0'; p = *sp == '\0' ? sp : sp + 1) {
		if ((sp = strchr(p, ' ')) == NULL)
			sp = p + strlen(p);
		if ((pt = mur_board_parse(p, (size_t)(sp - p))) == -1)
			return (xstrdup(v));
		mask |= 1U << pt;
	}
	if (mask == 0)
		return (xstrdup(v));
	buf_init(&out);
	for (; mask != 0; mask &= mask - 1) {
		buf_adds(&out, mur_board_name(__builtin_ctz(mask)));
		if ((mask & (mask - 1)) != 0)
			buf_addc(&out, ' ');
	}
	return (buf_steal(&out));
}

/* Read the position lines of a case and make its game. */
static struct game *
case_position(const char **p, const char *name, int *line)
{
	const char	*v[CASE_KEYS], *save;
	char		*s, *lines[CASE_KEYS] = { NULL };
	struct buf	 text;
	struct game	*g;
	char		*cause = NULL;
	size_t		 klen;
	int		 k;

	memcpy(v, case_defaults, sizeof v);
	for (;;) {
		save = *p;
		if ((s = case_line(p)) == NULL)
			break;
		if (s[0] == '#' || s[0] == '\0') {
			free(s);
			(*line)++;
			continue;
		}
		for (k = 0; k < CASE_KEYS; k++) {
			klen = strlen(case_keys[k]);
			if (strncmp(s, case_keys[k], klen) == 0 &&
			    s[klen] == ' ')
				break;
		}
		if (k == CASE_KEYS) {
			free(s);
			*p = save;
			break;
		}
		free(lines[k]);
		lines[k] = case_points(s + strlen(case_keys[k]) + 1);
		free(s);
		v[k] = lines[k];
		(*line)++;
	}
	buf_init(&text);
	buf_adds(&text, "mupbem position 2\ngame mur\n");
	for (k = 0; k < CASE_KEYS; k++)
		buf_addf(&text, "%s %s\n", case_keys[k], v[k]);
	g = game_read_position(text.data, &cause);
	ck_assert_msg(g != NULL, "case '%s': its position: %s", name, cause);
	buf_free(&text);
	for (k = 0; k < CASE_KEYS; k++)
		free(lines[k]);
	return (g);
}

/* The position's line for key must be "key value". */
static void
case_want(struct game *g, const char *name, const char *want)
{
	struct buf	 pos;
	const char	*sp, *p;
	size_t		 klen;

	sp = strchr(want, ' ');
	ck_assert_msg(sp != NULL, "case '%s': bad want line", name);
	klen = (size_t)(sp - want);
	buf_init(&pos);
	g->ops->write_position(g, &pos);
	for (p = pos.data; *p != '\0'; p = strchr(p, '\n') + 1) {
		if (strncmp(p, want, klen) == 0 && p[klen] == ' ')
			break;
	}
	ck_assert_msg(*p != '\0', "case '%s': no '%.*s' line", name,
	    (int)klen, want);
	ck_assert_msg(strncmp(p, want, strlen(want)) == 0 &&
	    p[strlen(want)] == '\n', "case '%s': want '%s', have '%.*s'",
	    name, want, (int)(strchr(p, '\n') - p), p);
	buf_free(&pos);
}

START_TEST(test_case)
{
	const char	*p;
	struct game	*g;
	struct buf	 report, before, after;
	char		*name, *s, *cause = NULL, *action = NULL, *flat, *want;
	int		 line, rc = 0, plays = 0;

	p = case_find(_i, &line);
	ck_assert(p != NULL);
	name = xstrndup(p + 5, (size_t)(strchr(p, '\n') - p - 5));
	p = strchr(p, '\n') + 1;
	line++;
	g = case_position(&p, name, &line);
	buf_init(&report);
	buf_init(&before);
	buf_init(&after);
	while ((s = case_line(&p)) != NULL) {
		line++;
		if (strncmp(s, "play ", 5) == 0) {
			ck_assert_msg(rc == 0, "case '%s': '%s' failed: %s",
			    name, action, cause);
			free(action);
			action = xstrdup(s + 5);
			buf_reset(&report);
			buf_reset(&before);
			g->ops->write_position(g, &before);
			free(cause);
			cause = NULL;
			rc = game_play(g, g->ops->to_move(g), action,
			    strlen(action), NULL, &report, &cause);
			plays++;
		} else if (strncmp(s, "error ", 6) == 0) {
			ck_assert_msg(rc == -1, "case '%s' line %d: '%s' "
			    "worked", name, line, action);
			ck_assert_msg(strcmp(cause, s + 6) == 0, "case '%s' "
			    "line %d: want '%s', have '%s'", name, line,
			    s + 6, cause);
			buf_reset(&after);
			g->ops->write_position(g, &after);
			ck_assert_msg(strcmp(before.data, after.data) == 0,
			    "case '%s': a refused action changed the game",
			    name);
			rc = 0;
		} else if (strncmp(s, "says ", 5) == 0) {
			ck_assert_msg(rc == 0, "case '%s': '%s' failed: %s",
			    name, action, cause);
			buf_addc(&report, '\0');
			/* Reports wrap at 78 columns: compare the words. */
			flat = flatten(report.data);
			want = flatten(s + 5);
			ck_assert_msg(strstr(flat, want) != NULL,
			    "case '%s' line %d: the report has no '%s':\n%s",
			    name, line, s + 5, report.data);
			free(want);
			free(flat);
			report.len--;
		} else if (strncmp(s, "want ", 5) == 0) {
			ck_assert_msg(rc == 0, "case '%s': '%s' failed: %s",
			    name, action, cause);
			case_want(g, name, s + 5);
		} else
			ck_assert_msg(s[0] == '#' || s[0] == '\0', "case '%s' "
			    "line %d: unknown line '%s'", name, line, s);
		free(s);
	}
	ck_assert_msg(rc == 0, "case '%s': '%s' failed: %s", name, action,
	    cause);
	ck_assert_msg(plays > 0, "case '%s' plays nothing", name);
	free(action);
	free(cause);
	free(name);
	buf_free(&report);
	buf_free(&before);
	buf_free(&after);
	game_free(g);
}
END_TEST

int
main(void)
{
	Suite		*s;
	TCase		*tc;
	const char	*p;

	if ((cases_text = test_util_slurp(CASES_FILE)) == NULL) {
		fprintf(stderr, "cannot read %s/%s\n", TEST_DATA, CASES_FILE);
		return (EXIT_FAILURE);
	}
	for (ncases = 0, p = cases_text; (p = strstr(p, "\ncase ")) != NULL;
	    p++)
		ncases++;
	if (strncmp(cases_text, "case ", 5) == 0)
		ncases++;
	s = suite_create("mur rules");
	tc = tcase_create("cases");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_case, 0, ncases);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
