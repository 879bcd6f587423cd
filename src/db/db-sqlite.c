#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "buf.h"
#include "db-private.h"
#include "xmalloc.h"

/*
 * The SQLite backend: one database file in WAL mode with full
 * synchronous writes, so a committed transaction survives a crash,
 * foreign keys on, and a busy timeout so that a daemon and a tool on
 * one file wait for each other.  Temporary storage is in memory: a
 * savepoint's journal (the store takes a batch of mails with a
 * savepoint each) would otherwise spill to a temporary file on the
 * disk, a write for every page a mail changes, though it is never
 * needed after a crash.  SQLite keeps no count of its memory in use:
 * the count takes a lock shared by every thread on each of its
 * hundreds of allocations a mail, and nothing here reads it.  The
 * shared dialect of db.h is
 * SQLite's own, so statements go to SQLite as they are; the schema
 * version is PRAGMA user_version.
 */

static void		 db_sqlite_setup(void);
static int		 db_sqlite_wal(sqlite3 *);
static void		*db_sqlite_open(const char *, char **);
static void		 db_sqlite_close(void *);
static const char	*db_sqlite_errmsg(void *);
static int		 db_sqlite_refused(void *);
static int		 db_sqlite_exec(void *, const char *);
static int		 db_sqlite_begin(void *);
static int		 db_sqlite_in_transaction(void *);
static int		 db_sqlite_changes(void *);
static int		 db_sqlite_version(void *, int *);
static int		 db_sqlite_set_version(void *, int);
static int		 db_sqlite_migrate(void *, const char *, const char *);
static int		 db_sqlite_plan(void *, const char *, char **);
static long long	 db_sqlite_steps(void *);
static void		*db_sqlite_prepare(void *, const char *);
static void		 db_sqlite_finalize(void *);
static int		 db_sqlite_bind_count(void *);
static void		 db_sqlite_bind_null(void *, int);
static void		 db_sqlite_bind_int64(void *, int, long long);
static void		 db_sqlite_bind_double(void *, int, double);
static void		 db_sqlite_bind_text(void *, int, const char *);
static void		 db_sqlite_bind_blob(void *, int, const void *, size_t);
static int		 db_sqlite_step(void *);
static void		 db_sqlite_reset(void *);
static int		 db_sqlite_column_null(void *, int);
static long long	 db_sqlite_column_int64(void *, int);
static double		 db_sqlite_column_double(void *, int);
static const char	*db_sqlite_column_text(void *, int);
static const void	*db_sqlite_column_blob(void *, int);
static size_t		 db_sqlite_column_bytes(void *, int);

const struct db_ops db_sqlite_ops = {
	"sqlite",
	DB_SQLITE,
	db_sqlite_open,
	db_sqlite_close,
	db_sqlite_errmsg,
	db_sqlite_exec,
	db_sqlite_begin,
	db_sqlite_begin,
	db_sqlite_in_transaction,
	db_sqlite_changes,
	db_sqlite_version,
	db_sqlite_set_version,
	db_sqlite_migrate,
	db_sqlite_plan,
	db_sqlite_steps,
	db_sqlite_prepare,
	db_sqlite_finalize,
	db_sqlite_bind_count,
	db_sqlite_bind_null,
	db_sqlite_bind_int64,
	db_sqlite_bind_double,
	db_sqlite_bind_text,
	db_sqlite_bind_blob,
	db_sqlite_step,
	db_sqlite_reset,
	db_sqlite_column_null,
	db_sqlite_column_int64,
	db_sqlite_column_double,
	db_sqlite_column_text,
	db_sqlite_column_blob,
	db_sqlite_column_bytes,
	db_sqlite_refused,
	NULL,
	NULL
};

/*
 * Put the database in WAL mode.  Changing the mode takes the file
 * for itself without waiting (the busy timeout does not apply), so
 * another daemon opening a new store at the same moment makes it
 * busy: try again, for up to ten seconds.
 */
static int
db_sqlite_wal(sqlite3 *db)
{
	int	i, rc;

	for (i = 0; i < 200; i++) {
		rc = sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL,
		    NULL);
		if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
			return (rc == SQLITE_OK ? 0 : -1);
		usleep(50000);
	}
	return (-1);
}

/*
 * Before SQLite's first use in the process: afterwards it refuses with
 * SQLITE_MISUSE and keeps counting, which is only slower.
 */
static void
db_sqlite_setup(void)
{
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

static void *
db_sqlite_open(const char *path, char **cause)
{
	static pthread_once_t	 once = PTHREAD_ONCE_INIT;
	sqlite3			*db;

	pthread_once(&once, db_sqlite_setup);

	/* No lock of its own: a handle is one thread's (db.c). */
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		xasprintf(cause, "store %s: cannot open: %s", path,
		    db == NULL ? "out of memory" : sqlite3_errmsg(db));
		sqlite3_close(db);
		return (NULL);
	}
	sqlite3_busy_timeout(db, 10000);
	if (db_sqlite_wal(db) == -1 ||
	    db_sqlite_exec(db, "PRAGMA synchronous = FULL") == -1 ||
	    db_sqlite_exec(db, "PRAGMA foreign_keys = ON") == -1 ||
	    db_sqlite_exec(db, "PRAGMA temp_store = MEMORY") == -1) {
		xasprintf(cause, "store %s: cannot set up the database: %s",
		    path, sqlite3_errmsg(db));
		sqlite3_close(db);
		return (NULL);
	}
	return (db);
}

static void
db_sqlite_close(void *db)
{
	sqlite3_close(db);
}

static const char *
db_sqlite_errmsg(void *db)
{
	return (sqlite3_errmsg(db));
}

/*
 * Did the last failure refuse the data (a constraint, a trigger's
 * RAISE, a value too big), rather than the database fail to write?
 */
static int
db_sqlite_refused(void *db)
{
	switch (sqlite3_errcode(db) & 0xff) {
	case SQLITE_CONSTRAINT:
	case SQLITE_TOOBIG:
	case SQLITE_MISMATCH:
	case SQLITE_RANGE:
		return (1);
	}
	return (0);
}

static int
db_sqlite_exec(void *db, const char *sql)
{
	return (sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1);
}

static int
db_sqlite_begin(void *db)
{
	return (db_sqlite_exec(db, "BEGIN IMMEDIATE"));
}

static int
db_sqlite_in_transaction(void *db)
{
	return (!sqlite3_get_autocommit(db));
}

static int
db_sqlite_changes(void *db)
{
	return (sqlite3_changes(db));
}

static int
db_sqlite_version(void *db, int *version)
{
	sqlite3_stmt	*st;
	int		 rc = -1;

	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st,
	    NULL) != SQLITE_OK)
		return (-1);
	if (sqlite3_step(st) == SQLITE_ROW) {
		*version = sqlite3_column_int(st, 0);
		rc = 0;
	}
	sqlite3_finalize(st);
	return (rc);
}

static int
db_sqlite_set_version(void *db, int version)
{
	char	*sql;
	int	 rc;

	xasprintf(&sql, "PRAGMA user_version = %d", version);
	rc = db_sqlite_exec(db, sql);
	free(sql);
	return (rc);
}

static int
db_sqlite_migrate(void *db, const char *sql, const char *pg)
{
	(void)pg;
	return (db_sqlite_exec(db, sql));
}

static int
db_sqlite_plan(void *db, const char *sql, char **plan)
{
	sqlite3_stmt	*st;
	struct buf	 out;
	const char	*step;
	char		*explain;
	int		 rc;

	xasprintf(&explain, "EXPLAIN QUERY PLAN %s", sql);
	rc = sqlite3_prepare_v2(db, explain, -1, &st, NULL);
	free(explain);
	if (rc != SQLITE_OK)
		return (-1);
	buf_init(&out);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if ((step = (const char *)sqlite3_column_text(st, 3)) != NULL)
			buf_addf(&out, "%s%s", out.len > 0 ? "; " : "", step);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		buf_free(&out);
		return (-1);
	}
	*plan = buf_steal(&out);
	return (0);
}

static long long
db_sqlite_steps(void *st)
{
	return (sqlite3_stmt_status(st, SQLITE_STMTSTATUS_VM_STEP, 1));
}

static void *
db_sqlite_prepare(void *db, const char *sql)
{
	sqlite3_stmt	*st;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return (NULL);
	return (st);
}

static void
db_sqlite_finalize(void *st)
{
	sqlite3_finalize(st);
}

static int
db_sqlite_bind_count(void *st)
{
	return (sqlite3_bind_parameter_count(st));
}

static void
db_sqlite_bind_null(void *st, int i)
{
	sqlite3_bind_null(st, i);
}

static void
db_sqlite_bind_int64(void *st, int i, long long v)
{
	sqlite3_bind_int64(st, i, v);
}

static void
db_sqlite_bind_double(void *st, int i, double v)
{
	sqlite3_bind_double(st, i, v);
}

static void
db_sqlite_bind_text(void *st, int i, const char *v)
{
	sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC);
}

static void
db_sqlite_bind_blob(void *st, int i, const void *v, size_t len)
{
	sqlite3_bind_blob(st, i, v, (int)len, SQLITE_STATIC);
}

static int
db_sqlite_step(void *st)
{
	switch (sqlite3_step(st)) {
	case SQLITE_ROW:
		return (DB_ROW);
	case SQLITE_DONE:
		return (DB_DONE);
	default:
		return (DB_ERROR);
	}
}

static void
db_sqlite_reset(void *st)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

static int
db_sqlite_column_null(void *st, int i)
{
	return (sqlite3_column_type(st, i) == SQLITE_NULL);
}

static long long
db_sqlite_column_int64(void *st, int i)
{
	return (sqlite3_column_int64(st, i));
}

static double
db_sqlite_column_double(void *st, int i)
{
	return (sqlite3_column_double(st, i));
}

static const char *
db_sqlite_column_text(void *st, int i)
{
	return ((const char *)sqlite3_column_text(st, i));
}

static const void *
db_sqlite_column_blob(void *st, int i)
{
	return (sqlite3_column_blob(st, i));
}

static size_t
db_sqlite_column_bytes(void *st, int i)
{
	return ((size_t)sqlite3_column_bytes(st, i));
}
