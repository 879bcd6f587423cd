#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "db.h"
#include "db-private.h"
#include "xmalloc.h"

/*
 * The interface of db.h, handed to the backend that db_open() chose.
 * A handle is the backend's ops and its own object; every call goes
 * through the ops, so the store never knows which backend it has.
 *
 * A handle belongs to the thread that opened it.  The backends take no
 * lock of their own for it (SQLite is opened without its connection's
 * mutex, libpq has none), so a call that starts work on the database
 * from any other thread stops the program rather than race: every
 * statement's work goes through db_prepare(), db_step() or one of the
 * transaction calls, and each checks the thread.
 */

static void	db_mine(const struct db *);

static const struct db_ops *const db_backends[] = {
	&db_sqlite_ops,
#ifdef HAVE_LIBPQ
	&db_pg_ops,
#endif
	NULL
};

/* Stop if db is not the calling thread's: a bug, never bad input. */
static void
db_mine(const struct db *db)
{
	if (!pthread_equal(db->owner, pthread_self())) {
		fprintf(stderr, "database handle used by a thread that did not "
		    "open it\n");
		abort();
	}
}

enum db_kind
db_kind_of(const char *target)
{
	if (strncmp(target, "postgresql://", 13) == 0 ||
	    strncmp(target, "postgres://", 11) == 0)
		return (DB_POSTGRESQL);
	return (DB_SQLITE);
}

/*
 * Target as it may be shown and logged: a URL's password, after
 * "user:" or as "password=", is replaced by "****".  The caller's.
 */
char *
db_shown(const char *target)
{
	const char	*at, *colon, *slash, *p;
	struct buf	 out;
	size_t		 len;

	if (db_kind_of(target) != DB_POSTGRESQL)
		return (xstrdup(target));
	buf_init(&out);
	slash = strstr(target, "://") + 3;
	len = strcspn(slash, "/?");
	at = memchr(slash, '@', len);
	colon = at != NULL ? memchr(slash, ':', at - slash) : NULL;
	if (colon != NULL) {
		buf_add(&out, target, colon + 1 - target);
		buf_adds(&out, "****");
		p = at;
	} else
		p = target;
	while (*p != '\0') {
		if (strncmp(p, "password=", 9) == 0 && (p[-1] == '?' ||
		    p[-1] == '&')) {
			buf_adds(&out, "password=****");
			p += 9 + strcspn(p + 9, "&");
		} else
			buf_add(&out, p++, 1);
	}
	buf_adds(&out, "");
	return (buf_steal(&out));
}

/* Open target with the backend for its kind; NULL and *cause if not. */
struct db *
db_open(const char *target, char **cause)
{
	const struct db_ops *const	*ops;
	struct db			*db;
	enum db_kind			 kind = db_kind_of(target);

	for (ops = db_backends; *ops != NULL; ops++) {
		if ((*ops)->kind == kind)
			break;
	}
	if (*ops == NULL || (*ops)->open == NULL) {
		xasprintf(cause, "%s: this mupbem was built without %s",
		    target, kind == DB_POSTGRESQL ? "PostgreSQL" : "SQLite");
		return (NULL);
	}
	db = xcalloc(1, sizeof *db);
	db->ops = *ops;
	db->owner = pthread_self();
	if ((db->impl = db->ops->open(target, cause)) == NULL) {
		/* The backend names the target; a URL's password not. */
		free(db);
		return (NULL);
	}
	return (db);
}

void
db_close(struct db *db)
{
	if (db == NULL)
		return;
	db->ops->close(db->impl);
	free(db);
}

enum db_kind
db_kind(struct db *db)
{
	return (db->ops->kind);
}

const char *
db_errmsg(struct db *db)
{
	return (db->ops->errmsg(db->impl));
}

/*
 * Did the last failure come from the data, which the database refused
 * (a constraint, a trigger, a value too big: the same data fails
 * again), rather than from the database itself (a full disk, a lock,
 * a lost connection: it may pass)?  A backend that cannot tell says 0.
 */
int
db_refused(struct db *db)
{
	if (db->ops->refused == NULL)
		return (0);
	return (db->ops->refused(db->impl));
}

/* Run sql, one or more statements without results; 0 or -1. */
int
db_exec(struct db *db, const char *sql)
{
	db_mine(db);
	return (db->ops->exec(db->impl, sql));
}

/* Open a write transaction, waiting for the other writers' turn. */
int
db_begin(struct db *db)
{
	db_mine(db);
	return (db->ops->begin(db->impl));
}

/* Open a transaction that locks only the rows it claims. */
int
db_begin_rows(struct db *db)
{
	db_mine(db);
	return (db->ops->begin_rows(db->impl));
}

/*
 * Let the writes of the open transaction wait for the next statement
 * that reads, or the COMMIT (db.h); until the transaction ends.
 */
void
db_defer(struct db *db)
{
	db_mine(db);
	if (db->ops->defer != NULL)
		db->ops->defer(db->impl);
}

int
db_commit(struct db *db)
{
	db_mine(db);
	return (db->ops->exec(db->impl, "COMMIT"));
}

/* Roll back the open transaction, if there is one. */
void
db_rollback(struct db *db)
{
	db_mine(db);
	if (db->ops->in_transaction(db->impl))
		(void)db->ops->exec(db->impl, "ROLLBACK");
}

/*
 * Is the connection to the database up?  0 from when a server's was
 * found lost until it is made again (an outage, not a failure of the
 * statement at hand); SQLite's always is.
 */
int
db_connected(struct db *db)
{
	if (db->ops->connected == NULL)
		return (1);
	return (db->ops->connected(db->impl));
}

int
db_in_transaction(struct db *db)
{
	return (db->ops->in_transaction(db->impl));
}

/* The rows the last INSERT, UPDATE or DELETE changed. */
int
db_changes(struct db *db)
{
	return (db->ops->changes(db->impl));
}

/* The schema version the database records (0 for a new one). */
int
db_version(struct db *db, int *version)
{
	return (db->ops->version(db->impl, version));
}

/* Record the schema version, inside the migration's transaction. */
int
db_set_version(struct db *db, int version)
{
	return (db->ops->set_version(db->impl, version));
}

/*
 * Run one migration: sql, in the shared dialect of db.h, which the
 * backend translates to its own types; or, where a backend cannot
 * take it as it is (triggers), pg, PostgreSQL's own text, if not NULL.
 */
int
db_migrate(struct db *db, const char *sql, const char *pg)
{
	db_mine(db);
	return (db->ops->migrate(db->impl, sql, pg));
}

/*
 * How the database would run sql: its plan, the steps separated by
 * "; ", the caller's; -1 if it cannot say.
 */
int
db_plan(struct db *db, const char *sql, char **plan)
{
	return (db->ops->plan(db->impl, sql, plan));
}

/* The work st did since the last call (SQLite's VM steps), or -1. */
long long
db_steps(struct db_stmt *st)
{
	return (st->db->ops->steps(st->impl));
}

/* Prepare sql; NULL (db_errmsg() says why) if it cannot be. */
struct db_stmt *
db_prepare(struct db *db, const char *sql)
{
	struct db_stmt	*st;
	void		*impl;

	db_mine(db);
	if ((impl = db->ops->prepare(db->impl, sql)) == NULL)
		return (NULL);
	st = xmalloc(sizeof *st);
	st->db = db;
	st->impl = impl;
	return (st);
}

void
db_finalize(struct db_stmt *st)
{
	if (st == NULL)
		return;
	db_mine(st->db);
	st->db->ops->finalize(st->impl);
	free(st);
}

int
db_bind_count(struct db_stmt *st)
{
	return (st->db->ops->bind_count(st->impl));
}

void
db_bind_null(struct db_stmt *st, int i)
{
	st->db->ops->bind_null(st->impl, i);
}

void
db_bind_int(struct db_stmt *st, int i, int v)
{
	st->db->ops->bind_int64(st->impl, i, v);
}

void
db_bind_int64(struct db_stmt *st, int i, long long v)
{
	st->db->ops->bind_int64(st->impl, i, v);
}

void
db_bind_double(struct db_stmt *st, int i, double v)
{
	st->db->ops->bind_double(st->impl, i, v);
}

/* Bind text (NULL binds NULL); it must live until the reset. */
void
db_bind_text(struct db_stmt *st, int i, const char *v)
{
	if (v == NULL)
		st->db->ops->bind_null(st->impl, i);
	else
		st->db->ops->bind_text(st->impl, i, v);
}

/* Bind len bytes at v; they must live until the reset. */
void
db_bind_blob(struct db_stmt *st, int i, const void *v, size_t len)
{
	st->db->ops->bind_blob(st->impl, i, v, len);
}

/* The next row: DB_ROW, DB_DONE or DB_ERROR. */
int
db_step(struct db_stmt *st)
{
	db_mine(st->db);
	return (st->db->ops->step(st->impl));
}

/* Make st ready to run again, its bindings cleared. */
void
db_reset(struct db_stmt *st)
{
	db_mine(st->db);
	st->db->ops->reset(st->impl);
}

int
db_column_null(struct db_stmt *st, int i)
{
	return (st->db->ops->column_null(st->impl, i));
}

int
db_column_int(struct db_stmt *st, int i)
{
	return ((int)st->db->ops->column_int64(st->impl, i));
}

long long
db_column_int64(struct db_stmt *st, int i)
{
	return (st->db->ops->column_int64(st->impl, i));
}

double
db_column_double(struct db_stmt *st, int i)
{
	return (st->db->ops->column_double(st->impl, i));
}

/* A text column, NULL for NULL, valid until the next step or reset. */
const char *
db_column_text(struct db_stmt *st, int i)
{
	return (st->db->ops->column_text(st->impl, i));
}

const void *
db_column_blob(struct db_stmt *st, int i)
{
	return (st->db->ops->column_blob(st->impl, i));
}

size_t
db_column_bytes(struct db_stmt *st, int i)
{
	return (st->db->ops->column_bytes(st->impl, i));
}
