#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <libpq-fe.h>

#include "buf.h"
#include "db-private.h"
#include "log.h"
#include "xmalloc.h"

/*
 * The PostgreSQL backend, through libpq: one connection per handle.
 *
 * Statements: the shared dialect's ?N become $N, and a statement is
 * prepared on the server at its first step, under a name unique to
 * the connection, with the types of its first bindings (int8, float8,
 * bytea; text and NULL left for the server to infer from where they
 * stand), so that "?2 = 0 OR ..." reads as the store means it.  What
 * the server then made of each parameter is asked once; a later
 * binding that does not fit (a double where it inferred int8) makes
 * the statement be prepared again.  Values are sent as text, but for
 * blobs (bytea, binary, so they may hold NUL bytes), copied when
 * bound; results come back as text, the whole result at once, and
 * step hands out its rows; bytea is unescaped, booleans read as 1/0.
 *
 * Writing: a write transaction is BEGIN (READ COMMITTED: each
 * statement sees what committed before it) and then a lock held to
 * its end, one key for all mupbem, so that writers take turns as
 * SQLite's BEGIN IMMEDIATE makes them.  A statement that fails in a
 * transaction undoes only itself, as in SQLite, not the transaction
 * (which PostgreSQL would refuse to go on with): each runs after a
 * savepoint, rolled back to if it fails; and a COMMIT that PostgreSQL
 * turns into a ROLLBACK is a failure.  One savepoint serves until
 * something changes: a plain SELECT changes nothing, so a run of them,
 * and the statement after it, share the savepoint set before the first
 * (rolling back to it undoes only the failed statement still), which
 * saves a round trip to the server for every SELECT but the first.
 * A savepoint that is needed goes in the same round trip as the
 * statement it guards, in libpq's pipeline mode, unless the statement
 * is still to be prepared (a failed PREPARE is undone by it too).
 *
 * Round trips (issue 39): in pipeline mode, what needs no answer is
 * queued and goes with the next statement that needs one.  The store's
 * own SAVEPOINT, and our guard's RELEASE before it, always.  A write
 * that returns no rows (INSERT, UPDATE, DELETE without RETURNING) in
 * one of the store's savepoints (a mail's), or in a transaction after
 * db_defer(), is queued too, once prepared: its step says DB_DONE, and
 * the next read, RELEASE, COMMIT or db_changes() sends what is queued
 * and itself, and a sync, in one round trip.  If a queued write fails,
 * the server skips everything after it up to the sync: the statement
 * that carried it fails with the write's error, and so does every one
 * after it (pg->failed), until the store's ROLLBACK TO or ROLLBACK
 * undoes the write and what went with it; the guard is not rolled back
 * to, since that would keep a mail half done.  So a mail's writes cost
 * no round trip of their own, and a turn mail costs its reads, one
 * each, and its RELEASE.  The trips are counted and logged at close.
 *
 * The connection: when the server goes away (a restart, a crash, the
 * network), libpq marks the connection bad and every later call fails
 * at once.  A transaction that was open is gone with it (the server
 * rolls it back), so the statements after it fail too, until the store
 * rolls back.  Outside a transaction, the next statement or BEGIN
 * connects again (PQreset(), then the session's settings as at open),
 * at once the first time, then no sooner than 1, 2, 4, ... up to 30
 * seconds after the last try; the loss is logged once, and so is the
 * connection found again.  Statements prepared on the old connection
 * are gone from the server: each knows the connection (its number) it
 * was prepared on, and is prepared again on the new one.  A BEGIN that
 * finds the connection cut since its last use (the server restarted
 * while the daemon waited) connects again and begins at once: nothing
 * was lost, nothing ran.
 *
 * The schema: its version is the one row of mupbem_schema.  A
 * migration runs the shared text with its types translated (id
 * INTEGER PRIMARY KEY becomes an identity, INTEGER BIGINT, REAL
 * DOUBLE PRECISION, BLOB BYTEA), or PostgreSQL's own text where the
 * store gives one; before it, what the shared dialect needs is made
 * if missing: the collation nocase (ICU, case-insensitive), instr()
 * on bytea and the aggregate group_concat(); after it, the identity
 * sequences are moved past the ids a migration copied.
 */

#define DB_PG_LOCK	7237087123630073954LL	/* the writers' turn */
#define DB_PG_RETRY_MIN	1000.0	/* ms between tries to connect again */
#define DB_PG_RETRY_MAX	30000.0

#define DB_PG_BOOLOID	16
#define DB_PG_BYTEAOID	17
#define DB_PG_INT8OID	20
#define DB_PG_INT2OID	21
#define DB_PG_INT4OID	23
#define DB_PG_TEXTOID	25
#define DB_PG_FLOAT4OID	700
#define DB_PG_FLOAT8OID	701
#define DB_PG_NUMERICOID 1700

enum db_pg_kind {
	DB_PG_NULL,
	DB_PG_INT,
	DB_PG_DOUBLE,
	DB_PG_TEXT,
	DB_PG_BLOB
};

struct db_pg {
	PGconn		*conn;
	char		*error;
	int		 changes;
	unsigned long	 names;
	int		 savepoint;	/* db_pg_stmt is set */
	int		 wrote;		/* and something changed since */
	int		 tx;		/* a transaction of ours is open */
	unsigned long	 connection;	/* connections made, less one */
	double		 lost;		/* ms, when found lost; 0 if not */
	double		 retry_at;	/* ms, the next try to connect */
	double		 backoff;	/* ms */
	unsigned long long trips;	/* round trips to the server */
	int		 queued;	/* commands sent, results unread */
	int		 marks;		/* the store's savepoints open */
	int		 defer;		/* db_defer() in this transaction */
	char		*failed;	/* a deferred write's error */
};

struct db_pg_param {
	enum db_pg_kind	 kind;
	char		*value;
	int		 len;
};

struct db_pg_stmt {
	struct db_pg		*pg;
	char			*sql;
	int			 nparams;
	struct db_pg_param	*params;
	char			 name[32];
	unsigned long		 connection;	/* prepared on */
	Oid			*types;	/* as the server has them */
	int			*forced;	/* asked for, not inferred */
	PGresult		*res;
	int			 reads;		/* a plain SELECT */
	int			 writes;	/* a write that returns no rows */
	int			 deferred;	/* queued, not yet run */
	int			 started;
	int			 row;		/* current row + 1 */
	unsigned char		**blobs;	/* per column, unescaped */
	size_t			*lens;
};

static const char db_pg_setup[] =
	"CREATE COLLATION IF NOT EXISTS nocase (provider = icu, "
	"  locale = 'und-u-ks-level2', deterministic = false);"
	"CREATE OR REPLACE FUNCTION instr(bytea, text) RETURNS integer "
	"  LANGUAGE sql IMMUTABLE STRICT AS "
	"  $$SELECT position(convert_to($2, 'UTF8') IN $1)$$;"
	"CREATE OR REPLACE FUNCTION group_concat_step(text, anyelement, text) "
	"  RETURNS text LANGUAGE sql IMMUTABLE AS "
	"  $$SELECT CASE WHEN $2 IS NULL THEN $1 WHEN $1 IS NULL THEN "
	"  $2::text ELSE $1 || $3 || $2::text END$$;"
	"CREATE OR REPLACE AGGREGATE group_concat(anyelement, text) "
	"  (sfunc = group_concat_step, stype = text);";

static const char db_pg_identities[] =
	"DO $$DECLARE r record; BEGIN"
	"  FOR r IN SELECT a.attrelid::regclass::text AS t, a.attname AS c"
	"    FROM pg_attribute a JOIN pg_class k ON k.oid = a.attrelid"
	"    WHERE a.attidentity IN ('a', 'd') AND"
	"    k.relnamespace = current_schema()::regnamespace LOOP"
	"    EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L), "
	"      coalesce((SELECT max(%I) FROM %s), 0) + 1, false)',"
	"      r.t, r.c, r.c, r.t);"
	"  END LOOP; END$$";

static void		*db_pg_open(const char *, char **);
static void		 db_pg_close(void *);
static const char	*db_pg_errmsg(void *);
static int		 db_pg_exec(void *, const char *);
static int		 db_pg_exec_user(void *, const char *);
static int		 db_pg_begin(void *);
static int		 db_pg_begin_rows(void *);
static int		 db_pg_in_transaction(void *);
static int		 db_pg_changes(void *);
static int		 db_pg_version(void *, int *);
static int		 db_pg_set_version(void *, int);
static int		 db_pg_migrate(void *, const char *, const char *);
static int		 db_pg_plan(void *, const char *, char **);
static long long	 db_pg_steps(void *);
static void		*db_pg_prepare(void *, const char *);
static void		 db_pg_finalize(void *);
static int		 db_pg_bind_count(void *);
static void		 db_pg_bind_null(void *, int);
static void		 db_pg_bind_int64(void *, int, long long);
static void		 db_pg_bind_double(void *, int, double);
static void		 db_pg_bind_text(void *, int, const char *);
static void		 db_pg_bind_blob(void *, int, const void *, size_t);
static int		 db_pg_step(void *);
static void		 db_pg_reset(void *);
static int		 db_pg_column_null(void *, int);
static long long	 db_pg_column_int64(void *, int);
static double		 db_pg_column_double(void *, int);
static const char	*db_pg_column_text(void *, int);
static const void	*db_pg_column_blob(void *, int);
static size_t		 db_pg_column_bytes(void *, int);
static int		 db_pg_connected(void *);
static void		 db_pg_defer(void *);

static void		 db_pg_notice(void *, const char *);
static int		 db_pg_session(struct db_pg *);
static int		 db_pg_live(struct db_pg *);
static int		 db_pg_start(struct db_pg *, const char *);
static double		 db_pg_ms(void);
static void		 db_pg_error(struct db_pg *, const char *);
static int		 db_pg_result(struct db_pg *, PGresult *);
static void		 db_pg_count(struct db_pg *, PGresult *);
static int		 db_pg_guard(struct db_pg *);
static int		 db_pg_guard_needed(struct db_pg *);
static int		 db_pg_guarded(struct db_pg_stmt *, int,
			    const char *const *, const int *, const int *);
static int		 db_pg_queue(struct db_pg *, const char *,
			    struct db_pg_stmt *, const char *const *,
			    const int *, const int *);
static int		 db_pg_sync(struct db_pg *, PGresult **);
static int		 db_pg_deferrable(struct db_pg_stmt *);
static int		 db_pg_rollback(const char *);
static void		 db_pg_undo(struct db_pg *);
static char		*db_pg_params(const char *, int *);
static char		*db_pg_types(const char *);
static const char	*db_pg_skip(const char *);
static void		 db_pg_bind(struct db_pg_stmt *, int,
			     enum db_pg_kind, char *, int);
static Oid		 db_pg_oid(enum db_pg_kind);
static int		 db_pg_fits(enum db_pg_kind, Oid, int);
static int		 db_pg_ready(struct db_pg_stmt *);
static int		 db_pg_fits_all(struct db_pg_stmt *);
static int		 db_pg_make(struct db_pg_stmt *, int);
static void		 db_pg_unprepare(struct db_pg_stmt *);
static void		 db_pg_clear(struct db_pg_stmt *);
static const char	*db_pg_value(struct db_pg_stmt *, int);

const struct db_ops db_pg_ops = {
	"postgresql",
	DB_POSTGRESQL,
	db_pg_open,
	db_pg_close,
	db_pg_errmsg,
	db_pg_exec_user,
	db_pg_begin,
	db_pg_begin_rows,
	db_pg_in_transaction,
	db_pg_changes,
	db_pg_version,
	db_pg_set_version,
	db_pg_migrate,
	db_pg_plan,
	db_pg_steps,
	db_pg_prepare,
	db_pg_finalize,
	db_pg_bind_count,
	db_pg_bind_null,
	db_pg_bind_int64,
	db_pg_bind_double,
	db_pg_bind_text,
	db_pg_bind_blob,
	db_pg_step,
	db_pg_reset,
	db_pg_column_null,
	db_pg_column_int64,
	db_pg_column_double,
	db_pg_column_text,
	db_pg_column_blob,
	db_pg_column_bytes,
	NULL,		/* refused: every failure may pass */
	db_pg_connected,
	db_pg_defer
};

static void *
db_pg_open(const char *url, char **cause)
{
	struct db_pg	*pg;
	char		*shown = db_shown(url);

	pg = xcalloc(1, sizeof *pg);
	pg->conn = PQconnectdb(url);
	if (PQstatus(pg->conn) != CONNECTION_OK) {
		db_pg_error(pg, PQerrorMessage(pg->conn));
		xasprintf(cause, "store %s: cannot connect: %s", shown,
		    pg->error);
		free(shown);
		db_pg_close(pg);
		return (NULL);
	}
	PQsetNoticeProcessor(pg->conn, db_pg_notice, NULL);
	if (db_pg_session(pg) == -1) {
		xasprintf(cause, "store %s: cannot set up the database: %s",
		    shown, pg->error);
		free(shown);
		db_pg_close(pg);
		return (NULL);
	}
	free(shown);
	return (pg);
}

/* Set up a new connection's session, at open and when connected again. */
static int
db_pg_session(struct db_pg *pg)
{
	return (db_pg_exec(pg, "SET client_min_messages = warning"));
}

/*
 * Make sure the connection can take a statement outside a transaction,
 * connecting again if it was lost (and it is time to try): 0, or -1
 * with the error kept.  In a transaction, a lost connection stays lost
 * until the store rolls back: what the transaction did is gone.
 */
static int
db_pg_live(struct db_pg *pg)
{
	const char	*why;
	double		 now;

	if (PQstatus(pg->conn) == CONNECTION_OK)
		return (0);
	if (pg->tx) {
		db_pg_error(pg, "the connection to PostgreSQL was lost; the "
		    "transaction is rolled back");
		return (-1);
	}
	now = db_pg_ms();
	if (pg->lost == 0) {
		why = PQerrorMessage(pg->conn);
		log_warnx("store: the connection to PostgreSQL was lost: "
		    "%.*s; retrying", (int)strcspn(why, "\n"), why);
		pg->lost = now;
		pg->retry_at = now;
		pg->backoff = DB_PG_RETRY_MIN;
	}
	if (now < pg->retry_at) {
		free(pg->error);
		xasprintf(&pg->error, "no connection to PostgreSQL; trying "
		    "again in %.0f s", (pg->retry_at - now) / 1e3 + 0.5);
		return (-1);
	}
	PQreset(pg->conn);
	if (PQstatus(pg->conn) != CONNECTION_OK || db_pg_session(pg) == -1) {
		if (PQstatus(pg->conn) != CONNECTION_OK)
			db_pg_error(pg, PQerrorMessage(pg->conn));
		pg->retry_at = db_pg_ms() + pg->backoff;
		if ((pg->backoff *= 2) > DB_PG_RETRY_MAX)
			pg->backoff = DB_PG_RETRY_MAX;
		return (-1);
	}
	/* What was prepared on the old connection is prepared again. */
	pg->connection++;
	pg->savepoint = 0;
	pg->wrote = 0;
	log_info("store: connected again after %.0f s",
	    (db_pg_ms() - pg->lost) / 1e3);
	pg->lost = 0;
	return (0);
}

/*
 * Begin a transaction with sql; a connection cut since its last use is
 * made again and the BEGIN tried once more, since nothing ran.
 */
static int
db_pg_start(struct db_pg *pg, const char *sql)
{
	pg->savepoint = 0;
	pg->marks = 0;
	pg->defer = 0;
	(void)db_pg_sync(pg, NULL);
	free(pg->failed);
	pg->failed = NULL;
	if (db_pg_live(pg) == -1)
		return (-1);
	if (db_pg_exec(pg, sql) == -1) {
		if (PQstatus(pg->conn) == CONNECTION_OK ||
		    db_pg_live(pg) == -1 || db_pg_exec(pg, sql) == -1)
			return (-1);
	}
	pg->tx = 1;
	return (0);
}

/* Milliseconds on the monotonic clock. */
static double
db_pg_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}

/* Is the connection up?  Not from when it is found lost until made. */
static int
db_pg_connected(void *p)
{
	struct db_pg	*pg = p;

	return (PQstatus(pg->conn) == CONNECTION_OK);
}

static void
db_pg_close(void *p)
{
	struct db_pg	*pg = p;

	log_debug("store: %llu round trips to PostgreSQL", pg->trips);
	PQfinish(pg->conn);
	free(pg->failed);
	free(pg->error);
	free(pg);
}

/* The server's notices (a NOTICE, a WARNING) go to the debug log. */
static void
db_pg_notice(void *arg, const char *message)
{
	(void)arg;
	log_debug("postgresql: %.*s", (int)strcspn(message, "\n"), message);
}

/* Keep message, without its final newlines, as the last error. */
static void
db_pg_error(struct db_pg *pg, const char *message)
{
	size_t	len = strlen(message);

	while (len > 0 && (message[len - 1] == '\n' ||
	    message[len - 1] == ' '))
		len--;
	free(pg->error);
	pg->error = xstrndup(message, len);
}

static const char *
db_pg_errmsg(void *p)
{
	struct db_pg	*pg = p;

	return (pg->error != NULL ? pg->error : "not an error");
}

/* Take res (and free it): 0 if it says the command worked, else -1. */
static int
db_pg_result(struct db_pg *pg, PGresult *res)
{
	int	rc = 0;

	switch (PQresultStatus(res)) {
	case PGRES_COMMAND_OK:
	case PGRES_TUPLES_OK:
		db_pg_count(pg, res);
		break;
	default:
		db_pg_error(pg, res != NULL ? PQresultErrorMessage(res) :
		    PQerrorMessage(pg->conn));
		rc = -1;
		break;
	}
	PQclear(res);
	return (rc);
}

/* Remember the rows an INSERT, UPDATE or DELETE changed, as SQLite. */
static void
db_pg_count(struct db_pg *pg, PGresult *res)
{
	const char	*tag = PQcmdStatus(res);

	if (strncmp(tag, "INSERT ", 7) == 0 ||
	    strncmp(tag, "UPDATE ", 7) == 0 ||
	    strncmp(tag, "DELETE ", 7) == 0)
		pg->changes = atoi(PQcmdTuples(res));
}

static int
db_pg_exec(void *p, const char *sql)
{
	struct db_pg	*pg = p;
	PGresult	*res;

	/* Whatever it is, a savepoint set before it is no guard after. */
	pg->wrote = 1;
	if (pg->queued > 0 && strchr(sql, ';') == NULL) {
		/* One statement goes with what is queued. */
		if (db_pg_queue(pg, sql, NULL, NULL, NULL, NULL) == -1 ||
		    db_pg_sync(pg, &res) == -1) {
			PQclear(res);
			return (-1);
		}
	} else {
		if (db_pg_sync(pg, NULL) == -1)
			return (-1);
		pg->trips++;
		res = PQexec(pg->conn, sql);
	}
	if (strcmp(sql, "COMMIT") == 0 &&
	    PQresultStatus(res) == PGRES_COMMAND_OK &&
	    strcmp(PQcmdStatus(res), "ROLLBACK") == 0) {
		PQclear(res);
		db_pg_error(pg, "the transaction failed and was rolled back");
		return (-1);
	}
	return (db_pg_result(pg, res));
}

/*
 * In a transaction, set the savepoint that db_pg_undo() goes back to
 * if the next statement fails; 0 or -1.
 */
static int
db_pg_guard(struct db_pg *pg)
{
	if (!db_pg_guard_needed(pg))
		return (0);
	if (db_pg_exec(pg, pg->savepoint ? "RELEASE SAVEPOINT db_pg_stmt; "
	    "SAVEPOINT db_pg_stmt" : "SAVEPOINT db_pg_stmt") == -1)
		return (-1);
	pg->savepoint = 1;
	pg->wrote = 0;
	return (0);
}

/* Must a savepoint be set before the next statement? */
static int
db_pg_guard_needed(struct db_pg *pg)
{
	if (pg->queued > 0)
		return (!pg->savepoint || pg->wrote);
	switch (PQtransactionStatus(pg->conn)) {
	case PQTRANS_IDLE:
		pg->savepoint = 0;
		return (0);
	case PQTRANS_INTRANS:
		/* Not when nothing since it could be undone by mistake. */
		return (!pg->savepoint || pg->wrote);
	default:
		return (0);
	}
}

/*
 * Run st in one round trip with what is queued, and its savepoint set
 * first if guard, in pipeline mode: 0 with its result in st->res (which
 * may be an error), or -1 with the error kept if something before it
 * failed.
 */
static int
db_pg_guarded(struct db_pg_stmt *st, int guard, const char *const *values,
    const int *lens, const int *formats)
{
	struct db_pg	*pg = st->pg;

	if (guard && pg->savepoint && db_pg_queue(pg,
	    "RELEASE SAVEPOINT db_pg_stmt", NULL, NULL, NULL, NULL) == -1)
		return (-1);
	if (guard && db_pg_queue(pg, "SAVEPOINT db_pg_stmt", NULL, NULL,
	    NULL, NULL) == -1)
		return (-1);
	if (db_pg_queue(pg, NULL, st, values, lens, formats) == -1 ||
	    db_pg_sync(pg, &st->res) == -1) {
		PQclear(st->res);
		st->res = NULL;
		return (-1);
	}
	if (guard) {
		pg->savepoint = 1;
		pg->wrote = 0;
	}
	return (0);
}

/*
 * Send sql (one statement without parameters) or st's statement with
 * its values, in pipeline mode, its result to be read at the next
 * db_pg_sync(); 0, or -1 with the error kept.
 */
static int
db_pg_queue(struct db_pg *pg, const char *sql, struct db_pg_stmt *st,
    const char *const *values, const int *lens, const int *formats)
{
	PGconn	*c = pg->conn;
	int	 ok;

	if (PQpipelineStatus(c) == PQ_PIPELINE_OFF &&
	    PQenterPipelineMode(c) != 1) {
		db_pg_error(pg, PQerrorMessage(c));
		return (-1);
	}
	if (st != NULL)
		ok = PQsendQueryPrepared(c, st->name, st->nparams, values,
		    lens, formats, 0);
	else
		ok = PQsendQueryParams(c, sql, 0, NULL, NULL, NULL, NULL, 0);
	if (!ok) {
		db_pg_error(pg, PQerrorMessage(c));
			return (-1);
	}
	pg->queued++;
	return (0);
}

/*
 * What was queued runs: a sync, one round trip, and every result read.
 * With last, the last command's result is put there (an error too, or
 * NULL if it did not run); any other command that failed fails them
 * all: -1, its error kept, and kept for every statement after it until
 * the store rolls back (pg->failed), since what was queued after it
 * did not run.  0 at once if nothing is queued.
 */
static int
db_pg_sync(struct db_pg *pg, PGresult **last)
{
	PGconn		*c = pg->conn;
	PGresult	*r;
	char		*failed = NULL;
	int		 n = pg->queued, q = 0, ok;

	if (last != NULL)
		*last = NULL;
	if (PQpipelineStatus(c) == PQ_PIPELINE_OFF)
		return (0);
	pg->queued = 0;
	pg->trips++;
	ok = PQpipelineSync(c) == 1;
	/* Each command's results end with NULL; the sync ends them all. */
	while (ok) {
		if ((r = PQgetResult(c)) == NULL) {
			if (++q > n)
				break;		/* the connection is gone */
			continue;
		}
		if (PQresultStatus(r) == PGRES_PIPELINE_SYNC) {
			PQclear(r);
			break;
		}
		if (last != NULL && q == n - 1) {
			if (*last == NULL)
				*last = r;
			else
				PQclear(r);
			continue;
		}
		switch (PQresultStatus(r)) {
		case PGRES_COMMAND_OK:
		case PGRES_TUPLES_OK:
			db_pg_count(pg, r);
			/* FALLTHROUGH */
		case PGRES_PIPELINE_ABORTED:
			break;
		default:
			if (failed == NULL)
				failed = xstrdup(PQresultErrorMessage(r));
			break;
		}
		PQclear(r);
	}
	if (!ok && failed == NULL && PQstatus(c) != CONNECTION_OK)
		failed = xstrdup(PQerrorMessage(c));
	(void)PQexitPipelineMode(c);
	if (failed == NULL)
		return (0);
	db_pg_error(pg, failed);
	free(failed);
	free(pg->failed);
	pg->failed = xstrdup(pg->error);
	return (-1);
}

/*
 * May st's write wait, queued, until something reads?  Only in one of
 * the store's savepoints (a mail's), which the store rolls back whole
 * if anything in it fails: a write that fails there is reported by the
 * next statement that goes to the server, at the latest by the RELEASE.
 */
static int
db_pg_deferrable(struct db_pg_stmt *st)
{
	struct db_pg	*pg = st->pg;

	if (!st->writes || (pg->marks == 0 && !pg->defer) || !pg->tx)
		return (0);
	return (pg->queued > 0 ||
	    PQtransactionStatus(pg->conn) == PQTRANS_INTRANS);
}

/* The open transaction's writes may wait (db_defer()). */
static void
db_pg_defer(void *p)
{
	struct db_pg	*pg = p;

	if (pg->tx)
		pg->defer = 1;
}

/* Is sql a ROLLBACK, of the transaction or to a savepoint? */
static int
db_pg_rollback(const char *sql)
{
	return (strcmp(sql, "ROLLBACK") == 0 ||
	    strncmp(sql, "ROLLBACK TO ", 12) == 0);
}

/* A statement failed: undo it alone, keeping its error. */
static void
db_pg_undo(struct db_pg *pg)
{
	/* Not when a deferred write failed: that is the store's to undo. */
	if (pg->failed == NULL && pg->savepoint &&
	    PQtransactionStatus(pg->conn) == PQTRANS_INERROR) {
		pg->trips++;
		PQclear(PQexec(pg->conn, "ROLLBACK TO SAVEPOINT db_pg_stmt"));
	}
	/* Back at the savepoint, or, if that failed, unusable anyway. */
	pg->wrote = 0;
}

/*
 * Run sql for the store (db_exec()): its own savepoints (SAVEPOINT,
 * RELEASE, ROLLBACK TO) and transaction ends.  The statement guard is
 * released first, so that the store's savepoints nest inside no guard
 * of ours and a RELEASE of the guard later cannot take them with it;
 * but not before COMMIT or ROLLBACK, which end it anyway.
 */
static int
db_pg_exec_user(void *p, const char *sql)
{
	struct db_pg	*pg = p;
	int		 end, rc;

	if (db_pg_rollback(sql))
		(void)db_pg_sync(pg, NULL);	/* undone by it anyway */
	else if (pg->failed != NULL) {
		db_pg_error(pg, pg->failed);
		return (-1);
	}
	end = strcmp(sql, "COMMIT") == 0 || strcmp(sql, "ROLLBACK") == 0;
	if (end) {
		pg->tx = 0;
		pg->marks = 0;
		pg->defer = 0;
	}
	/* A savepoint of the store's goes with the next round trip. */
	if (strncmp(sql, "SAVEPOINT ", 10) == 0 && pg->tx &&
	    (pg->queued > 0 ||
	    PQtransactionStatus(pg->conn) == PQTRANS_INTRANS)) {
		if (pg->savepoint && db_pg_queue(pg, "RELEASE SAVEPOINT "
		    "db_pg_stmt", NULL, NULL, NULL, NULL) == -1)
			return (-1);
		pg->savepoint = 0;
		pg->wrote = 1;
		if (db_pg_queue(pg, sql, NULL, NULL, NULL, NULL) == -1)
			return (-1);
		pg->marks++;
		return (0);
	}
	/* A transaction's end takes the guard with it. */
	if (pg->savepoint && !end && (pg->queued > 0 ||
	    PQtransactionStatus(pg->conn) == PQTRANS_INTRANS) &&
	    db_pg_queue(pg, "RELEASE SAVEPOINT db_pg_stmt", NULL, NULL, NULL,
	    NULL) == -1)
		return (-1);
	pg->savepoint = 0;
	if (strncmp(sql, "RELEASE ", 8) == 0 && pg->marks > 0)
		pg->marks--;
	rc = db_pg_exec(pg, sql);
	if (rc == 0 && db_pg_rollback(sql)) {
		free(pg->failed);
		pg->failed = NULL;
	}
	return (rc);
}

/*
 * A transaction without the writers' lock, for claiming rows with
 * SELECT ... FOR UPDATE SKIP LOCKED beside other daemons' work.
 */
static int
db_pg_begin_rows(void *p)
{
	return (db_pg_start(p, "BEGIN ISOLATION LEVEL READ COMMITTED"));
}

static int
db_pg_begin(void *p)
{
	char	*sql;
	int	 rc;

	xasprintf(&sql, "BEGIN ISOLATION LEVEL READ COMMITTED; "
	    "SELECT pg_advisory_xact_lock(%lld)", DB_PG_LOCK);
	rc = db_pg_start(p, sql);
	free(sql);
	return (rc);
}

static int
db_pg_in_transaction(void *p)
{
	struct db_pg	*pg = p;

	/* A lost connection's transaction is open until rolled back. */
	if (PQstatus(pg->conn) != CONNECTION_OK)
		return (pg->tx);
	if (pg->queued > 0)
		return (1);
	return (PQtransactionStatus(pg->conn) != PQTRANS_IDLE);
}

static int
db_pg_changes(void *p)
{
	struct db_pg	*pg = p;

	/* A deferred write counts once it has run. */
	(void)db_pg_sync(pg, NULL);
	return (pg->changes);
}

static int
db_pg_version(void *p, int *version)
{
	struct db_pg	*pg = p;
	PGresult	*res;
	int		 known;

	if (db_pg_sync(pg, NULL) == -1)
		return (-1);
	/*
	 * Read from pg_class, in this statement's snapshot, not by
	 * to_regclass(), whose cached lookup may not yet see the table
	 * another daemon made while this one waited for its turn.
	 */
	pg->trips += 2;
	res = PQexec(pg->conn, "SELECT EXISTS (SELECT 1 FROM "
	    "pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON "
	    "n.oid = c.relnamespace WHERE c.relname = 'mupbem_schema' AND "
	    "n.nspname = current_schema())");
	if (PQresultStatus(res) != PGRES_TUPLES_OK)
		return (db_pg_result(pg, res));
	known = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	PQclear(res);
	*version = 0;
	if (!known)
		return (0);
	res = PQexec(pg->conn, "SELECT version FROM mupbem_schema");
	if (PQresultStatus(res) != PGRES_TUPLES_OK)
		return (db_pg_result(pg, res));
	if (PQntuples(res) > 0)
		*version = atoi(PQgetvalue(res, 0, 0));
	PQclear(res);
	return (0);
}

static int
db_pg_set_version(void *p, int version)
{
	char	*sql;
	int	 rc;

	xasprintf(&sql, "CREATE TABLE IF NOT EXISTS mupbem_schema ("
	    "version integer NOT NULL); DELETE FROM mupbem_schema; "
	    "INSERT INTO mupbem_schema (version) VALUES (%d)", version);
	rc = db_pg_exec(p, sql);
	free(sql);
	return (rc);
}

static int
db_pg_migrate(void *p, const char *sql, const char *pg_sql)
{
	char	*text;
	int	 rc;

	if (db_pg_exec(p, db_pg_setup) == -1)
		return (-1);
	text = pg_sql != NULL ? xstrdup(pg_sql) : db_pg_types(sql);
	rc = db_pg_exec(p, text);
	free(text);
	if (rc == 0)
		rc = db_pg_exec(p, db_pg_identities);
	return (rc);
}

/*
 * Where a word or literal that starts at s ends: a quoted string or
 * identifier whole, else one character.
 */
static const char *
db_pg_skip(const char *s)
{
	char	quote = *s;

	if (quote != '\'' && quote != '"')
		return (s + 1);
	for (s++; *s != '\0'; s++) {
		if (*s == quote && s[1] == quote)
			s++;
		else if (*s == quote)
			return (s + 1);
	}
	return (s);
}

/*
 * sql with its parameters ?N (and bare ?, numbered on) as $N, outside
 * literals, and its clauses for PostgreSQL only ("/" "*pg ... *" "/")
 * unwrapped; *n is the highest number.
 */
static char *
db_pg_params(const char *sql, int *n)
{
	struct buf	 out;
	const char	*s, *end;
	char		*ep;
	long		 i;
	int		 last = 0;

	buf_init(&out);
	*n = 0;
	for (s = sql; *s != '\0'; s = end) {
		/* A clause for PostgreSQL only: its comment unwrapped. */
		if (strncmp(s, "/*pg ", 5) == 0 &&
		    (end = strstr(s + 5, "*/")) != NULL) {
			buf_add(&out, s + 5, end - (s + 5));
			end += 2;
			continue;
		}
		if (*s != '?') {
			end = db_pg_skip(s);
			buf_add(&out, s, end - s);
			continue;
		}
		i = strtol(s + 1, &ep, 10);
		if (ep == s + 1)
			i = last + 1;
		end = ep;
		last = (int)i;
		if (last > *n)
			*n = last;
		buf_addf(&out, "$%d", last);
	}
	buf_adds(&out, "");
	return (buf_steal(&out));
}

/* The shared dialect's schema text with PostgreSQL's types. */
static char *
db_pg_types(const char *sql)
{
	static const struct {
		const char	*from;
		const char	*to;
	} words[] = {
		{ "id INTEGER PRIMARY KEY", "id BIGINT GENERATED BY DEFAULT "
		    "AS IDENTITY PRIMARY KEY" },
		{ "INTEGER", "BIGINT" },
		{ "REAL", "DOUBLE PRECISION" },
		{ "BLOB", "BYTEA" }
	};
	struct buf	 out;
	const char	*s, *end;
	size_t		 i, len;

	buf_init(&out);
	for (s = sql; *s != '\0'; s = end) {
		end = db_pg_skip(s);
		if (s != sql && (isalnum((unsigned char)s[-1]) ||
		    s[-1] == '_')) {
			buf_add(&out, s, end - s);
			continue;
		}
		for (i = 0; i < sizeof words / sizeof words[0]; i++) {
			len = strlen(words[i].from);
			if (strncmp(s, words[i].from, len) == 0 &&
			    !isalnum((unsigned char)s[len]) && s[len] != '_')
				break;
		}
		if (i == sizeof words / sizeof words[0])
			buf_add(&out, s, end - s);
		else {
			buf_adds(&out, words[i].to);
			end = s + len;
		}
	}
	buf_adds(&out, "");
	return (buf_steal(&out));
}

static int
db_pg_plan(void *p, const char *sql, char **plan)
{
	struct db_pg	*pg = p;
	PGresult	*res;
	struct buf	 out;
	char		*text, *explain;
	int		 n, i;

	if (db_pg_sync(pg, NULL) == -1)
		return (-1);
	text = db_pg_params(sql, &n);
	xasprintf(&explain, "EXPLAIN %s", text);
	free(text);
	res = PQexecParams(pg->conn, explain, n, NULL, NULL, NULL, NULL, 0);
	free(explain);
	if (PQresultStatus(res) != PGRES_TUPLES_OK) {
		db_pg_result(pg, res);
		return (-1);
	}
	buf_init(&out);
	for (i = 0; i < PQntuples(res); i++) {
		buf_addf(&out, "%s%s", i > 0 ? "; " : "",
		    PQgetvalue(res, i, 0));
	}
	buf_adds(&out, "");
	PQclear(res);
	*plan = buf_steal(&out);
	return (0);
}

static long long
db_pg_steps(void *st)
{
	(void)st;
	return (-1);
}

/* A statement to be prepared on the server at its first step. */
static void *
db_pg_prepare(void *p, const char *sql)
{
	struct db_pg_stmt	*st;

	st = xcalloc(1, sizeof *st);
	st->pg = p;
	st->sql = db_pg_params(sql, &st->nparams);
	st->params = xcalloc(st->nparams + 1, sizeof *st->params);
	/* Locking rows is a change: a savepoint rolled back frees them. */
	st->reads = strncasecmp(st->sql + strspn(st->sql, " \t\n"),
	    "SELECT", 6) == 0 && strcasestr(st->sql, " FOR UPDATE") == NULL &&
	    strcasestr(st->sql, " FOR SHARE") == NULL;
	st->writes = (strncasecmp(st->sql + strspn(st->sql, " \t\n"),
	    "INSERT", 6) == 0 || strncasecmp(st->sql + strspn(st->sql,
	    " \t\n"), "UPDATE", 6) == 0 || strncasecmp(st->sql +
	    strspn(st->sql, " \t\n"), "DELETE", 6) == 0) &&
	    strcasestr(st->sql, "RETURNING") == NULL;
	return (st);
}

static void
db_pg_finalize(void *p)
{
	struct db_pg_stmt	*st = p;

	db_pg_reset(st);
	db_pg_unprepare(st);
	free(st->params);
	free(st->sql);
	free(st);
}

/* Forget the server's statement, if there is one. */
static void
db_pg_unprepare(struct db_pg_stmt *st)
{
	char	*sql;

	/* One prepared on a connection lost is gone with it. */
	if (st->name[0] != '\0')
		(void)db_pg_sync(st->pg, NULL);
	if (st->name[0] != '\0' && st->connection == st->pg->connection &&
	    PQstatus(st->pg->conn) == CONNECTION_OK &&
	    PQtransactionStatus(st->pg->conn) != PQTRANS_INERROR) {
		xasprintf(&sql, "DEALLOCATE %s", st->name);
		st->pg->trips++;
		PQclear(PQexec(st->pg->conn, sql));
		free(sql);
	}
	st->name[0] = '\0';
	free(st->types);
	free(st->forced);
	st->types = NULL;
	st->forced = NULL;
}

static int
db_pg_bind_count(void *p)
{
	struct db_pg_stmt	*st = p;

	return (st->nparams);
}

/* Bind parameter i to value (st's now) of kind, len bytes long. */
static void
db_pg_bind(struct db_pg_stmt *st, int i, enum db_pg_kind kind, char *value,
    int len)
{
	struct db_pg_param	*param;

	if (i < 1 || i > st->nparams) {
		free(value);
		return;
	}
	param = &st->params[i - 1];
	free(param->value);
	param->kind = kind;
	param->value = value;
	param->len = len;
}

static void
db_pg_bind_null(void *st, int i)
{
	db_pg_bind(st, i, DB_PG_NULL, NULL, 0);
}

static void
db_pg_bind_int64(void *st, int i, long long v)
{
	char	*value;

	xasprintf(&value, "%lld", v);
	db_pg_bind(st, i, DB_PG_INT, value, 0);
}

static void
db_pg_bind_double(void *st, int i, double v)
{
	char	*value;

	if (isnan(v))
		value = xstrdup("NaN");
	else if (isinf(v))
		value = xstrdup(v > 0 ? "Infinity" : "-Infinity");
	else
		xasprintf(&value, "%.17g", v);
	db_pg_bind(st, i, DB_PG_DOUBLE, value, 0);
}

static void
db_pg_bind_text(void *st, int i, const char *v)
{
	db_pg_bind(st, i, DB_PG_TEXT, xstrdup(v), 0);
}

static void
db_pg_bind_blob(void *st, int i, const void *v, size_t len)
{
	char	*value;

	value = xmalloc(len + 1);
	if (len > 0)
		memcpy(value, v, len);
	db_pg_bind(st, i, DB_PG_BLOB, value, (int)len);
}

/* The type a binding of kind asks for; 0 lets the server say. */
static Oid
db_pg_oid(enum db_pg_kind kind)
{
	switch (kind) {
	case DB_PG_INT:
		return (DB_PG_INT8OID);
	case DB_PG_DOUBLE:
		return (DB_PG_FLOAT8OID);
	case DB_PG_BLOB:
		return (DB_PG_BYTEAOID);
	default:
		return (0);
	}
}

/*
 * Can a binding of kind go, as text, to a parameter the server took as
 * type: asked for by an earlier binding (forced), or inferred?
 */
static int
db_pg_fits(enum db_pg_kind kind, Oid type, int forced)
{
	int	number;

	number = type == DB_PG_INT8OID || type == DB_PG_INT4OID ||
	    type == DB_PG_INT2OID || type == DB_PG_NUMERICOID ||
	    type == DB_PG_FLOAT8OID || type == DB_PG_FLOAT4OID;
	switch (kind) {
	case DB_PG_NULL:
		return (1);
	case DB_PG_BLOB:
		return (type == DB_PG_BYTEAOID);
	case DB_PG_TEXT:
		return (!forced && type != DB_PG_BYTEAOID);
	case DB_PG_INT:
		return (number || (!forced && type != DB_PG_BYTEAOID));
	case DB_PG_DOUBLE:
		if (number)
			return (type != DB_PG_INT8OID &&
			    type != DB_PG_INT4OID && type != DB_PG_INT2OID);
		return (!forced && type != DB_PG_BYTEAOID);
	}
	return (0);
}

/*
 * Have st prepared on the server for its bindings: as it is, if they
 * fit what the server took its parameters to be, else anew.
 */
static int
db_pg_ready(struct db_pg_stmt *st)
{
	char	*first;

	if (st->name[0] != '\0') {
		if (db_pg_fits_all(st))
			return (0);
		db_pg_unprepare(st);
	}
	/* Where the server cannot infer a type, text is the guess. */
	if (db_pg_make(st, 0) == 0)
		return (0);
	first = xstrdup(db_pg_errmsg(st->pg));
	db_pg_undo(st->pg);
	if (db_pg_make(st, 1) == 0) {
		free(first);
		return (0);
	}
	db_pg_error(st->pg, first);
	free(first);
	return (-1);
}

/* Is st prepared, with types its bindings fit? */
static int
db_pg_fits_all(struct db_pg_stmt *st)
{
	int	i;

	if (st->name[0] == '\0' || st->connection != st->pg->connection)
		return (0);
	for (i = 0; i < st->nparams; i++) {
		if (!db_pg_fits(st->params[i].kind, st->types[i],
		    st->forced[i]))
			return (0);
	}
	return (1);
}

/* Prepare st under a new name; untyped parameters as text if text. */
static int
db_pg_make(struct db_pg_stmt *st, int text)
{
	struct db_pg	*pg = st->pg;
	PGresult	*res;
	Oid		*types;
	int		 i;

	types = xcalloc(st->nparams + 1, sizeof *types);
	for (i = 0; i < st->nparams; i++) {
		types[i] = db_pg_oid(st->params[i].kind);
		if (types[i] == 0 && text)
			types[i] = DB_PG_TEXTOID;
	}
	snprintf(st->name, sizeof st->name, "mupbem_%lu", ++pg->names);
	st->connection = pg->connection;
	pg->trips += 2;
	res = PQprepare(pg->conn, st->name, st->sql, st->nparams, types);
	free(types);
	if (db_pg_result(pg, res) == -1) {
		st->name[0] = '\0';
		return (-1);
	}
	res = PQdescribePrepared(pg->conn, st->name);
	if (PQresultStatus(res) != PGRES_COMMAND_OK) {
		db_pg_result(pg, res);
		db_pg_unprepare(st);
		return (-1);
	}
	st->types = xcalloc(st->nparams + 1, sizeof *st->types);
	st->forced = xcalloc(st->nparams + 1, sizeof *st->forced);
	for (i = 0; i < st->nparams && i < PQnparams(res); i++) {
		st->types[i] = PQparamtype(res, i);
		st->forced[i] = db_pg_oid(st->params[i].kind) != 0;
	}
	PQclear(res);
	return (0);
}

static int
db_pg_step(void *p)
{
	struct db_pg_stmt	 *st = p;
	struct db_pg		 *pg = st->pg;
	const char		**values;
	int			 *lens, *formats, i, n, guard, defer;

	if (st->deferred)
		return (DB_DONE);
	if (!st->started) {
		st->started = 1;
		if (pg->failed != NULL) {
			db_pg_error(pg, pg->failed);
			return (DB_ERROR);
		}
		if (db_pg_live(pg) == -1)
			return (DB_ERROR);
		/* A statement to prepare waits for nothing queued. */
		if (!db_pg_fits_all(st) && db_pg_sync(pg, NULL) == -1)
			return (DB_ERROR);
		/* A statement to prepare has its savepoint set first. */
		if ((guard = db_pg_guard_needed(pg)) && !db_pg_fits_all(st)) {
			if (db_pg_guard(pg) == -1)
				return (DB_ERROR);
			guard = 0;
		}
		if (db_pg_ready(st) == -1) {
			db_pg_undo(pg);
			return (DB_ERROR);
		}
		n = st->nparams;
		values = xcalloc(n + 1, sizeof *values);
		lens = xcalloc(n + 1, sizeof *lens);
		formats = xcalloc(n + 1, sizeof *formats);
		for (i = 0; i < n; i++) {
			values[i] = st->params[i].value;
			lens[i] = st->params[i].len;
			formats[i] = st->params[i].kind == DB_PG_BLOB;
		}
		if ((defer = db_pg_deferrable(st))) {
			st->deferred = db_pg_queue(pg, NULL, st, values, lens,
			    formats) == 0;
			pg->wrote = 1;
		} else if (guard || pg->queued > 0)
			i = db_pg_guarded(st, guard, values, lens, formats);
		else {
			pg->trips++;
			st->res = PQexecPrepared(pg->conn, st->name, n, values,
			    lens, formats, 0);
			i = 0;
		}
		free(formats);
		free(lens);
		free(values);
		if (defer)
			return (st->deferred ? DB_DONE : DB_ERROR);
		if (i == -1) {
			db_pg_undo(pg);
			return (DB_ERROR);
		}
		switch (PQresultStatus(st->res)) {
		case PGRES_COMMAND_OK:
		case PGRES_TUPLES_OK:
			db_pg_count(pg, st->res);
			if (!st->reads)
				pg->wrote = 1;
			break;
		default:
			db_pg_error(pg, st->res != NULL ?
			    PQresultErrorMessage(st->res) :
			    PQerrorMessage(pg->conn));
			PQclear(st->res);
			st->res = NULL;
			db_pg_undo(pg);
			return (DB_ERROR);
		}
		n = PQnfields(st->res);
		st->blobs = xcalloc(n + 1, sizeof *st->blobs);
		st->lens = xcalloc(n + 1, sizeof *st->lens);
	}
	if (st->res == NULL)
		return (DB_ERROR);
	db_pg_clear(st);
	if (st->row >= PQntuples(st->res))
		return (DB_DONE);
	st->row++;
	return (DB_ROW);
}

/* Free the current row's unescaped bytea. */
static void
db_pg_clear(struct db_pg_stmt *st)
{
	int	i;

	if (st->res == NULL || st->blobs == NULL)
		return;
	for (i = 0; i < PQnfields(st->res); i++) {
		free(st->blobs[i]);
		st->blobs[i] = NULL;
	}
}

static void
db_pg_reset(void *p)
{
	struct db_pg_stmt	*st = p;
	int			 i;

	db_pg_clear(st);
	free(st->blobs);
	free(st->lens);
	st->blobs = NULL;
	st->lens = NULL;
	PQclear(st->res);
	st->res = NULL;
	st->started = 0;
	st->deferred = 0;
	st->row = 0;
	for (i = 0; i < st->nparams; i++) {
		free(st->params[i].value);
		memset(&st->params[i], 0, sizeof st->params[i]);
	}
}

/* Column i of the current row, as text; NULL for NULL or no row. */
static const char *
db_pg_value(struct db_pg_stmt *st, int i)
{
	if (st->res == NULL || st->row < 1 || i < 0 ||
	    i >= PQnfields(st->res) || PQgetisnull(st->res, st->row - 1, i))
		return (NULL);
	if (PQftype(st->res, i) == DB_PG_BOOLOID)
		return (*PQgetvalue(st->res, st->row - 1, i) == 't' ?
		    "1" : "0");
	return (PQgetvalue(st->res, st->row - 1, i));
}

static int
db_pg_column_null(void *st, int i)
{
	return (db_pg_value(st, i) == NULL);
}

static long long
db_pg_column_int64(void *st, int i)
{
	const char	*v = db_pg_value(st, i);

	if (v == NULL)
		return (0);
	/* A float or numeric, as SQLite, loses its fraction. */
	if (strpbrk(v, ".eE") != NULL)
		return ((long long)strtod(v, NULL));
	return (strtoll(v, NULL, 10));
}

static double
db_pg_column_double(void *st, int i)
{
	const char	*v = db_pg_value(st, i);

	return (v == NULL ? 0 : strtod(v, NULL));
}

static const char *
db_pg_column_text(void *p, int i)
{
	struct db_pg_stmt	*st = p;

	if (db_pg_value(st, i) == NULL)
		return (NULL);
	if (PQftype(st->res, i) == DB_PG_BYTEAOID)
		return (db_pg_column_blob(st, i));
	return (db_pg_value(st, i));
}

/* A bytea column unescaped, kept (NUL-terminated) until the next row. */
static const void *
db_pg_column_blob(void *p, int i)
{
	struct db_pg_stmt	*st = p;
	const char		*v = db_pg_value(st, i);
	unsigned char		*raw;
	size_t			 len;

	if (v == NULL)
		return (NULL);
	if (PQftype(st->res, i) != DB_PG_BYTEAOID)
		return (v);
	if (st->blobs[i] == NULL) {
		raw = PQunescapeBytea((const unsigned char *)v, &len);
		if (raw == NULL)
			return (NULL);
		st->blobs[i] = xmalloc(len + 1);
		memcpy(st->blobs[i], raw, len);
		st->blobs[i][len] = '\0';
		st->lens[i] = len;
		PQfreemem(raw);
	}
	return (st->blobs[i]);
}

static size_t
db_pg_column_bytes(void *p, int i)
{
	struct db_pg_stmt	*st = p;
	const char		*v = db_pg_value(st, i);

	if (v == NULL)
		return (0);
	if (PQftype(st->res, i) != DB_PG_BYTEAOID)
		return (strlen(v));
	if (db_pg_column_blob(st, i) == NULL)
		return (0);
	return (st->lens[i]);
}
