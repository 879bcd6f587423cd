#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "db.h"
#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * How SQLite means to run the store's statements: EXPLAIN QUERY PLAN
 * (db_plan())
 * over every statement of every store file (their arrays of SQL) and
 * over every statement the triggers run, with NEW.x and OLD.x made
 * parameters.  A step is a line of the plan ("SEARCH games USING
 * INTEGER PRIMARY KEY (rowid=?)"); a full scan is a "SCAN t" step that
 * names no index, which costs time in proportion to the table.  The
 * test (tests/check_store_plan.c) fails on any such step, and on a sort
 * (USE TEMP B-TREE), but for the statements it lists, each with why
 * the cost does not matter.
 */

static const struct {
	const char		 *file;
	const char *const	 *sql;
	int			  n;
} store_plan_sets[] = {
	{ "store.c", store_sql, STORE_NSTMTS },
	{ "store-game.c", store_game_sql, STORE_GAME_NSTMTS },
	{ "store-clock.c", store_clock_sql, STORE_CLOCK_NSTMTS },
	{ "store-address.c", store_address_sql, STORE_ADDRESS_NSTMTS },
	{ "store-league.c", store_league_sql, STORE_LEAGUE_NSTMTS },
	{ "store-rating.c", store_rating_sql, STORE_RATING_NSTMTS },
	{ "store-robot.c", store_robot_sql, STORE_ROBOT_NSTMTS },
	{ "store-sender.c", store_sender_sql, STORE_SENDER_NSTMTS },
	{ "store-touched.c", store_touched_sql, STORE_TOUCHED_NSTMTS },
	{ "store-proof.c", store_proof_sql, STORE_PROOF_NSTMTS },
	{ "store-tries.c", store_tries_sql, STORE_TRIES_NSTMTS },
	{ "store-organiser.c", store_organiser_sql, STORE_ORGANISER_NSTMTS }
};

static int	store_plan_one(struct store *, const char *, const char *,
		    struct store_plan **, size_t *, char **);
static int	store_plan_triggers(struct store *, struct store_plan **,
		    size_t *, char **);
static char	*store_plan_unbind(const char *, size_t);

/* Add the plan of sql, from where, to *v and *n: a line a step. */
static int
store_plan_one(struct store *s, const char *where, const char *sql,
    struct store_plan **v, size_t *n, char **cause)
{
	struct store_plan	*p;
	char			*plan, *semi;

	if (db_plan(s->db, sql, &plan) == -1) {
		xasprintf(cause, "store %s: cannot explain %s: %s", s->path,
		    sql, db_errmsg(s->db));
		return (-1);
	}
	while ((semi = strstr(plan, "; ")) != NULL) {
		*semi = '\n';
		memmove(semi + 1, semi + 2, strlen(semi + 2) + 1);
	}
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	p = &(*v)[(*n)++];
	p->where = xstrdup(where);
	p->sql = xstrdup(sql);
	xasprintf(&p->plan, "%s%s", plan, *plan != '\0' ? "\n" : "");
	free(plan);
	return (0);
}

/*
 * The statement at sql (len bytes) of a trigger's body, with each NEW.x
 * and OLD.x a parameter.
 */
static char *
store_plan_unbind(const char *sql, size_t len)
{
	struct buf	 out;
	size_t		 i;

	buf_init(&out);
	for (i = 0; i < len; i++) {
		if ((strncasecmp(sql + i, "NEW.", 4) == 0 ||
		    strncasecmp(sql + i, "OLD.", 4) == 0) && (i == 0 ||
		    !isalnum((unsigned char)sql[i - 1]))) {
			buf_add(&out, "?", 1);
			for (i += 4; i < len && (sql[i] == '_' ||
			    isalnum((unsigned char)sql[i])); i++)
				;
			i--;
		} else
			buf_add(&out, sql + i, 1);
	}
	return (buf_steal(&out));
}

/* Add the plans of what the store's triggers run. */
static int
store_plan_triggers(struct store *s, struct store_plan **v, size_t *n,
    char **cause)
{
	struct db_stmt	*st;
	const char	*name, *sql, *body, *end, *semi;
	char		*one, *where;
	int		 rc, failed = 0;

	/* SQLite's catalogue; PostgreSQL's plans are not checked. */
	if (db_kind(s->db) != DB_SQLITE)
		return (0);
	if ((st = db_prepare(s->db, "SELECT name, sql FROM sqlite_master "
	    "WHERE type = 'trigger' ORDER BY name")) == NULL)
		return (store_fail(s, cause, "cannot list the triggers"));
	while (!failed && (rc = db_step(st)) == DB_ROW) {
		name = db_column_text(st, 0);
		sql = db_column_text(st, 1);
		/* The body: between BEGIN and the last END. */
		if ((body = strstr(sql, " BEGIN")) == NULL ||
		    (end = strstr(body, " END")) == NULL)
			continue;
		while ((semi = strstr(end + 4, " END")) != NULL)
			end = semi;
		for (body += 6; !failed && body < end; body = semi + 1) {
			if ((semi = memchr(body, ';', end - body)) == NULL)
				semi = end;
			while (body < semi && isspace((unsigned char)*body))
				body++;
			if (body == semi)
				continue;
			one = store_plan_unbind(body, semi - body);
			xasprintf(&where, "trigger %s", name);
			failed = store_plan_one(s, where, one, v, n, cause);
			free(where);
			free(one);
		}
	}
	db_finalize(st);
	if (failed)
		return (-1);
	if (rc != DB_DONE)
		return (store_fail(s, cause, "cannot list the triggers"));
	return (0);
}

/*
 * The plans of all the store's statements into *v (the caller's, for
 * store_plan_free()) and *n.
 */
int
store_plan_all(struct store *s, struct store_plan **v, size_t *n,
    char **cause)
{
	char	*where;
	size_t	 i;
	int	 j, rc;

	*v = NULL;
	*n = 0;
	for (i = 0; i < sizeof store_plan_sets / sizeof store_plan_sets[0];
	    i++) {
		for (j = 0; j < store_plan_sets[i].n; j++) {
			/* Some arrays are longer than their statements. */
			if (store_plan_sets[i].sql[j] == NULL)
				continue;
			xasprintf(&where, "%s %d", store_plan_sets[i].file, j);
			rc = store_plan_one(s, where, store_plan_sets[i].sql[j],
			    v, n, cause);
			free(where);
			if (rc == -1)
				goto fail;
		}
	}
	if (store_plan_triggers(s, v, n, cause) == 0)
		return (0);
fail:
	store_plan_free(*v, *n);
	*v = NULL;
	*n = 0;
	return (-1);
}

void
store_plan_free(struct store_plan *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].where);
		free(v[i].sql);
		free(v[i].plan);
	}
	free(v);
}
