#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "store.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Every statement of the store uses an index: SQLite's plan for it
 * (store_plan_all(), EXPLAIN QUERY PLAN over every store file's
 * statements and what the triggers run) has no full scan, a "SCAN t"
 * step naming no index, and no sort of its rows, "USE TEMP B-TREE".
 * With 100,000 games a scan on the way of a mail costs its time again
 * for every mail (docs/performance.md, "Scale: 100,000 games").  The
 * statements below are let through, each for its reason: it runs for
 * the operator or once an hour, not for a mail or a timer; or what it
 * reads is the reply itself; or it sorts one game's, player's or
 * tournament's few rows.
 */

static const struct {
	const char	*sql;		/* the statement begins so */
	const char	*why;
} allowed[] = {
	/* Not on a mail's way. */
	{ "UPDATE outbox SET data = '' WHERE id IN (SELECT o.id FROM "
	    "outbox_old",
	    "the hourly pruning reads outbox_old whole: the mail of the last "
	    "[send] keep_sent whose text is not emptied yet" },
	{ "DELETE FROM outbox_old WHERE outbox IN",
	    "the hourly pruning, after it emptied some texts: outbox_old "
	    "whole, as above" },
	{ "SELECT g.id, g.variant, g.status, g.record, g.turns, g.thread, "
	    "g.created, g.updated, g.topic, g.clock, g.clock_seat, "
	    "g.clock_since, g.clock_turn, g.reminded, g.deadline, g.ending, "
	    "g.result, g.rated, g.finished, g.tournament, g.seek, g.held "
	    "FROM games g ORDER BY",
	    "every game: mupbem --db list, and the archive's full build" },
	{ "SELECT sender FROM outbox WHERE rcpt",
	    "mupbem --db address, the operator's tool" },
	{ "SELECT id FROM games WHERE status = 'playing' ORDER BY",
	    "the operator's list of stalled games (mupbem --db stalled)" },
	/* The whole table is the reply. */
	{ "SELECT id, name, variant, seats, segments, division, promote, "
	    "relegate, clock, organiser, season, state, created FROM leagues",
	    "the reply lists every league" },
	{ "SELECT p.id, p.address, p.name, r.kind, r.rating",
	    "the reply is the whole ranking, read in the order of the "
	    "index ratings_kind; only equal ratings are sorted" },
	/* Sorts of a few rows: one game's, player's or tournament's. */
	{ "SELECT p.id, p.address, p.name, p.secret, p.settings FROM "
	    "observers", "one game's observers" },
	{ "SELECT g.id FROM games g JOIN seats s ON s.game = g.id AND "
	    "s.seat = g.clock_seat", "one player's games on the clock" },
	{ "SELECT g.id FROM games g JOIN seats s ON s.game = g.id AND "
	    "s.seat = 0", "one player's held games" },
	{ "SELECT address, player, code, confirmed, created FROM addresses "
	    "WHERE player", "one player's addresses" },
	{ "SELECT count(DISTINCT game) FROM seats",
	    "one player's seats (seats_player)" },
	{ "SELECT count(DISTINCT s.game) FROM seats s",
	    "one player's seats (seats_player)" },
	{ "SELECT h.game, h.kind, h.at, h.before, h.rating, h.rd, h.score, "
	    "p.id, p.address, p.name FROM rating_history h",
	    "one player's rating history" },
	{ "SELECT h.game, h.kind, h.at, h.before, h.rating, h.rd, h.score, "
	    "p.id, p.address, p.name FROM rating_history m",
	    "one player's rated games and their opponents" },
	{ "SELECT id, name, variant, format, seats, segments, rounds, max, "
	    "clock, rated, starts, organiser, state, round, league, season, "
	    "division, created FROM tournaments WHERE league = ?1",
	    "one league's divisions" },
	{ "SELECT p.id, p.address, p.name, p.secret, p.settings, e.number",
	    "one tournament's entrants" },
	{ "SELECT p.id, p.address, p.name, p.secret, p.settings, "
	    "coalesce(m.division, 0)", "one league's members" },
	/* robot_jobs holds the games waiting for a robot, played at once. */
	{ "SELECT game, turn FROM robot_jobs WHERE game >",
	    "the games a robot is to play now" },
	{ "SELECT count(*) FROM robot_jobs", "the same, counted" },
};

static char	*dir, *path;

static void	setup(void);
static void	teardown(void);
static int	allowed_find(const char *);
static int	plan_bad(const char *);

static void
setup(void)
{
	dir = test_util_tmpdir("store-plan");
	xasprintf(&path, "%s/mupbem.db", dir);
}

static void
teardown(void)
{
	test_util_rmtree(dir);
	free(path);
	free(dir);
}

/* The allowed statement sql begins with, or -1. */
static int
allowed_find(const char *sql)
{
	size_t	i;

	for (i = 0; i < sizeof allowed / sizeof allowed[0]; i++) {
		if (strncmp(sql, allowed[i].sql, strlen(allowed[i].sql)) == 0)
			return ((int)i);
	}
	return (-1);
}

/*
 * Does plan (a step a line) read a whole table or sort?  A "SCAN t" or
 * "SEARCH t" that names no index reads all of t (SQLite says SEARCH for
 * a max() it finds so), unless t is the plan's own co-routine or
 * materialized subquery, or the one constant row.
 */
static int
plan_bad(const char *plan)
{
	const char	*line, *end, *name;
	char		*step, *own;
	int		 bad = 0;

	for (line = plan; !bad && *line != '\0'; line = end + 1) {
		if ((end = strchr(line, '\n')) == NULL)
			end = line + strlen(line);
		step = xstrndup(line, end - line);
		name = NULL;
		if (strncmp(step, "SCAN ", 5) == 0)
			name = step + 5;
		else if (strncmp(step, "SEARCH ", 7) == 0)
			name = step + 7;
		if (name != NULL && strstr(step, " USING ") == NULL &&
		    strcmp(name, "CONSTANT ROW") != 0) {
			xasprintf(&own, "CO-ROUTINE %s\n", name);
			bad = strstr(plan, own) == NULL;
			free(own);
			xasprintf(&own, "MATERIALIZE %s\n", name);
			bad = bad && strstr(plan, own) == NULL;
			free(own);
		}
		if (strncmp(step, "USE TEMP B-TREE", 15) == 0)
			bad = 1;
		free(step);
		if (*end == '\0')
			break;
	}
	return (bad);
}

START_TEST(test_plans)
{
	struct store		*s;
	struct store_plan	*v;
	struct buf		 bad;
	char			*cause = NULL;
	size_t			 n, i;
	int			 used[sizeof allowed / sizeof allowed[0]];

	memset(used, 0, sizeof used);
	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_plan_all(s, &v, &n, &cause), 0);
	ck_assert_uint_gt(n, 100);
	buf_init(&bad);
	for (i = 0; i < n; i++) {
		int	a = allowed_find(v[i].sql);

		if (getenv("PLANS") != NULL)
			printf("%s: %s\n%s\n", v[i].where, v[i].sql, v[i].plan);
		if (a != -1)
			used[a] = 1;
		else if (plan_bad(v[i].plan))
			buf_addf(&bad, "%s: %s\n%s", v[i].where, v[i].sql,
			    v[i].plan);
	}
	for (i = 0; i < sizeof allowed / sizeof allowed[0]; i++) {
		if (!used[i])
			buf_addf(&bad, "allowed but not in the store: %s\n",
			    allowed[i].sql);
	}
	/* Check's messages are short: the list goes to the log. */
	buf_add(&bad, "", 1);
	fputs(bad.data, stderr);
	ck_assert_msg(strcmp(bad.data, "") == 0, "statements scan or sort "
	    "(listed above)");
	buf_free(&bad);
	store_plan_free(v, n);
	store_close(s);
}
END_TEST

static Suite *
suite(void)
{
	Suite	*s = suite_create("store_plan");
	TCase	*tc = tcase_create("plan");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_plans);
	suite_add_tcase(s, tc);
	return (s);
}

int
main(void)
{
	return (test_util_run(suite()));
}
