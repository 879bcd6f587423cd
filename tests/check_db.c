#include "config.h"

#include <check.h>
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "db.h"
#include "test-db.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The database interface (db.h) as the store uses it, on SQLite and,
 * with MUPBEM_TEST_PG set (tests/db-pg.sh), on PostgreSQL: one test,
 * the same answers from both.  A table made by a migration in the
 * shared dialect; every type bound and read back, NULL and blobs
 * with NUL bytes too; RETURNING, ON CONFLICT, COLLATE NOCASE,
 * group_concat and instr; transactions and rollback; the schema
 * version; the rows changed.  On SQLite, a savepoint's journal stays
 * in memory: no temporary file is opened for it, however much the
 * savepoint changes, and SQLite keeps no count of its memory (a lock
 * on every allocation).  A handle used by a thread that did not open it
 * stops the program (the backends take no lock for it).  On
 * PostgreSQL, a connection the server ends is made again.
 */

static char		*dir;
static struct db	*db;

static const char	 schema[] =
	"CREATE TABLE t ("
	"  id INTEGER PRIMARY KEY,"
	"  n INTEGER,"
	"  r REAL,"
	"  s TEXT,"
	"  b BLOB"
	");"
	"CREATE TABLE names ("
	"  name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
	"  n INTEGER NOT NULL DEFAULT 0"
	");";

static void		 setup(void);
static void		 teardown(void);
static struct db_stmt	*prepare(const char *);
static long long	 one(const char *);
static void		 insert(struct db_stmt *, int);
static int		 open_files(void);

static void
setup(void)
{
	char	*target, *cause = NULL;

	dir = test_util_tmpdir("db");
	target = test_db_target(dir);
	db = db_open(target, &cause);
	ck_assert_msg(db != NULL, "%s", cause);
	free(target);
	ck_assert_int_eq(db_begin(db), 0);
	ck_assert_msg(db_migrate(db, schema, NULL) == 0, "%s",
	    db_errmsg(db));
	ck_assert_int_eq(db_commit(db), 0);
}

static void
teardown(void)
{
	db_close(db);
	test_util_rmtree(dir);
	free(dir);
}

static struct db_stmt *
prepare(const char *sql)
{
	struct db_stmt	*st;

	st = db_prepare(db, sql);
	ck_assert_msg(st != NULL, "%s: %s", sql, db_errmsg(db));
	return (st);
}

/* The integer the one-row query sql gives. */
static long long
one(const char *sql)
{
	struct db_stmt	*st = prepare(sql);
	long long	 v;

	ck_assert_msg(db_step(st) == DB_ROW, "%s: %s", sql, db_errmsg(db));
	v = db_column_int64(st, 0);
	ck_assert_int_eq(db_step(st), DB_DONE);
	db_finalize(st);
	return (v);
}

START_TEST(test_kind)
{
	ck_assert_int_eq(db_kind_of("postgresql:///x"), DB_POSTGRESQL);
	ck_assert_int_eq(db_kind_of("postgres://h/x"), DB_POSTGRESQL);
	ck_assert_int_eq(db_kind_of("/var/lib/mupbem/mupbem.db"), DB_SQLITE);
	ck_assert_int_eq(db_kind(db), test_db_pg() ? DB_POSTGRESQL :
	    DB_SQLITE);
}
END_TEST

/* What may be logged of a target: no password. */
START_TEST(test_shown)
{
	static const char *const v[][2] = {
		{ "mupbem.db", "mupbem.db" },
		{ "postgresql:///mupbem?host=/run/postgresql",
		  "postgresql:///mupbem?host=/run/postgresql" },
		{ "postgresql://mupbem@db.example.org/mupbem",
		  "postgresql://mupbem@db.example.org/mupbem" },
		{ "postgresql://mupbem:s3cr%40t@db.example.org:5433/mupbem",
		  "postgresql://mupbem:****@db.example.org:5433/mupbem" },
		{ "postgres://db/mupbem?user=m&password=s3cret&sslmode=require",
		  "postgres://db/mupbem?user=m&password=****&sslmode=require" },
		{ "postgresql://u:p@h/d?password=q",
		  "postgresql://u:****@h/d?password=****" }
	};
	char	*shown;
	size_t	 i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		shown = db_shown(v[i][0]);
		ck_assert_str_eq(shown, v[i][1]);
		free(shown);
	}
}
END_TEST

START_TEST(test_types)
{
	static const char	 blob[] = { 'a', '\0', 'b', '\\', '\'', 0x7f,
				     (char)0xff, '\0' };
	struct db_stmt		*ins, *sel;
	long long		 id1, id2;
	const unsigned char	*v;

	ins = prepare("INSERT INTO t (n, r, s, b) VALUES (?1, ?2, ?3, ?4) "
	    "RETURNING id");
	ck_assert_int_eq(db_bind_count(ins), 4);
	db_bind_int64(ins, 1, 9007199254740993LL);
	db_bind_double(ins, 2, 0.1);
	db_bind_text(ins, 3, "caf\xc3\xa9 'quoted' ?1");
	db_bind_blob(ins, 4, blob, sizeof blob);
	ck_assert_int_eq(db_step(ins), DB_ROW);
	id1 = db_column_int64(ins, 0);
	ck_assert_int_eq(db_step(ins), DB_DONE);
	db_reset(ins);
	/* NULL every way, and a second row: the next id. */
	db_bind_null(ins, 1);
	db_bind_null(ins, 2);
	db_bind_text(ins, 3, NULL);
	db_bind_null(ins, 4);
	ck_assert_int_eq(db_step(ins), DB_ROW);
	id2 = db_column_int64(ins, 0);
	db_reset(ins);
	ck_assert_int_eq(id2, id1 + 1);
	/* The same statement with a double where an integer was. */
	db_bind_double(ins, 1, 2.0);
	db_bind_int(ins, 2, 3);
	db_bind_text(ins, 3, "");
	db_bind_blob(ins, 4, "", 0);
	ck_assert_msg(db_step(ins) == DB_ROW, "%s", db_errmsg(db));
	db_reset(ins);
	db_finalize(ins);

	sel = prepare("SELECT id, n, r, s, b FROM t WHERE id = ?1");
	db_bind_int64(sel, 1, id1);
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_int_eq(db_column_int64(sel, 0), id1);
	ck_assert_int_eq(db_column_int64(sel, 1), 9007199254740993LL);
	ck_assert(db_column_double(sel, 2) == 0.1);
	ck_assert_str_eq(db_column_text(sel, 3), "caf\xc3\xa9 'quoted' ?1");
	ck_assert_int_eq(db_column_bytes(sel, 4), sizeof blob);
	v = db_column_blob(sel, 4);
	ck_assert_mem_eq(v, blob, sizeof blob);
	ck_assert(!db_column_null(sel, 4));
	ck_assert_int_eq(db_step(sel), DB_DONE);
	db_reset(sel);

	db_bind_int64(sel, 1, id2);
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert(db_column_null(sel, 1));
	ck_assert(db_column_null(sel, 2));
	ck_assert(db_column_null(sel, 3));
	ck_assert(db_column_null(sel, 4));
	ck_assert_int_eq(db_column_int64(sel, 1), 0);
	ck_assert_ptr_null(db_column_text(sel, 3));
	ck_assert_int_eq(db_column_bytes(sel, 4), 0);
	db_reset(sel);

	db_bind_int64(sel, 1, id2 + 1);
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_int_eq(db_column_int64(sel, 1), 2);
	ck_assert(db_column_double(sel, 2) == 3.0);
	ck_assert_str_eq(db_column_text(sel, 3), "");
	ck_assert_int_eq(db_column_bytes(sel, 4), 0);
	db_reset(sel);
	db_finalize(sel);
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 3);
	ck_assert_int_eq(one("SELECT count(*) > 0 FROM t"), 1);
}
END_TEST

START_TEST(test_rows)
{
	struct db_stmt	*ins, *sel;
	int		 i;

	ins = prepare("INSERT INTO t (n, s) VALUES (?1, ?2)");
	for (i = 1; i <= 5; i++) {
		db_bind_int(ins, 1, i);
		db_bind_text(ins, 2, i % 2 ? "odd" : "even");
		ck_assert_int_eq(db_step(ins), DB_DONE);
		ck_assert_int_eq(db_changes(db), 1);
		db_reset(ins);
	}
	db_finalize(ins);
	sel = prepare("SELECT n FROM t WHERE (?1 = 0 OR s = ?2) ORDER BY "
	    "n DESC");
	db_bind_int(sel, 1, 1);
	db_bind_text(sel, 2, "odd");
	for (i = 5; i >= 1; i -= 2) {
		ck_assert_int_eq(db_step(sel), DB_ROW);
		ck_assert_int_eq(db_column_int(sel, 0), i);
	}
	ck_assert_int_eq(db_step(sel), DB_DONE);
	db_reset(sel);
	db_bind_int(sel, 1, 0);
	db_bind_null(sel, 2);
	for (i = 5; i >= 1; i--) {
		ck_assert_int_eq(db_step(sel), DB_ROW);
		ck_assert_int_eq(db_column_int(sel, 0), i);
	}
	ck_assert_int_eq(db_step(sel), DB_DONE);
	db_finalize(sel);

	sel = prepare("SELECT s, group_concat(CAST(n AS TEXT), ' ') FROM "
	    "(SELECT s, n FROM t ORDER BY n) u GROUP BY s ORDER BY s");
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_str_eq(db_column_text(sel, 0), "even");
	ck_assert_str_eq(db_column_text(sel, 1), "2 4");
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_str_eq(db_column_text(sel, 1), "1 3 5");
	ck_assert_int_eq(db_step(sel), DB_DONE);
	db_finalize(sel);

	ins = prepare("UPDATE t SET r = ?2 WHERE s = ?1");
	db_bind_text(ins, 1, "even");
	db_bind_double(ins, 2, 1.5);
	ck_assert_int_eq(db_step(ins), DB_DONE);
	ck_assert_int_eq(db_changes(db), 2);
	db_finalize(ins);
	/* A SELECT leaves the count of the last change as it was. */
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 5);
	ck_assert_int_eq(db_changes(db), 2);
	ck_assert_int_eq(db_exec(db, "DELETE FROM t WHERE n > 2"), 0);
	ck_assert_int_eq(db_changes(db), 3);
}
END_TEST

START_TEST(test_instr)
{
	static const char	 mail[] = "Message-ID: <x@y>\r\n\r\nkey=\0abc";
	struct db_stmt		*ins, *sel;

	ins = prepare("INSERT INTO t (b) VALUES (?1)");
	db_bind_blob(ins, 1, mail, sizeof mail - 1);
	ck_assert_int_eq(db_step(ins), DB_DONE);
	db_finalize(ins);
	sel = prepare("SELECT instr(b, ?1) FROM t");
	db_bind_text(sel, 1, "key=");
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_int_eq(db_column_int(sel, 0), 22);
	db_reset(sel);
	db_bind_text(sel, 1, "abc");
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_int_eq(db_column_int(sel, 0), 27);
	db_reset(sel);
	db_bind_text(sel, 1, "nowhere");
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_int_eq(db_column_int(sel, 0), 0);
	db_finalize(sel);
}
END_TEST

START_TEST(test_conflict)
{
	struct db_stmt	*up, *ign, *sel;
	const char	*e;

	up = prepare("INSERT INTO names (name, n) VALUES (?1, ?2) ON CONFLICT "
	    "(name) DO UPDATE SET n = names.n + excluded.n");
	ign = prepare("INSERT INTO names (name) VALUES (?1) ON CONFLICT DO "
	    "NOTHING");
	db_bind_text(up, 1, "Alice");
	db_bind_int(up, 2, 1);
	ck_assert_int_eq(db_step(up), DB_DONE);
	db_reset(up);
	/* Another case is the same name: it adds up. */
	db_bind_text(up, 1, "ALICE");
	db_bind_int(up, 2, 10);
	ck_assert_int_eq(db_step(up), DB_DONE);
	ck_assert_int_eq(db_changes(db), 1);
	db_reset(up);
	db_bind_text(ign, 1, "alice");
	ck_assert_int_eq(db_step(ign), DB_DONE);
	ck_assert_int_eq(db_changes(db), 0);
	db_reset(ign);
	ck_assert_int_eq(one("SELECT count(*) FROM names"), 1);
	ck_assert_int_eq(one("SELECT n FROM names"), 11);

	sel = prepare("SELECT name FROM names WHERE name = ?1");
	db_bind_text(sel, 1, "aLiCe");
	ck_assert_int_eq(db_step(sel), DB_ROW);
	ck_assert_str_eq(db_column_text(sel, 0), "Alice");
	db_finalize(sel);
	/* A plain INSERT of the same name fails, and says so in a line. */
	ck_assert_int_eq(db_exec(db, "INSERT INTO names (name) VALUES "
	    "('alICE')"), -1);
	e = db_errmsg(db);
	ck_assert(*e != '\0' && e[strlen(e) - 1] != '\n');
	ck_assert_msg(strstr(e, "UNIQUE") != NULL ||
	    strstr(e, "unique") != NULL, "%s", e);
	ck_assert_int_eq(one("SELECT count(*) FROM names WHERE name = "
	    "'bob' COLLATE NOCASE"), 0);
	db_finalize(up);
	db_finalize(ign);
}
END_TEST

/* Insert n into t with ins; it must succeed. */
static void
insert(struct db_stmt *ins, int n)
{
	db_bind_int(ins, 1, n);
	ck_assert_msg(db_step(ins) == DB_DONE, "insert %d: %s", n,
	    db_errmsg(db));
	db_reset(ins);
}

START_TEST(test_transactions)
{
	struct db_stmt	*ins, *dup, *div;

	ck_assert(!db_in_transaction(db));
	ins = prepare("INSERT INTO t (n) VALUES (?1)");
	ck_assert_int_eq(db_begin(db), 0);
	ck_assert(db_in_transaction(db));
	insert(ins, 1);
	db_rollback(db);
	ck_assert(!db_in_transaction(db));
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 0);

	ck_assert_int_eq(db_begin(db), 0);
	insert(ins, 2);
	ck_assert_int_eq(db_commit(db), 0);
	ck_assert_int_eq(one("SELECT n FROM t"), 2);

	/* A failed statement: the transaction still rolls back whole. */
	ck_assert_int_eq(db_begin(db), 0);
	insert(ins, 3);
	ck_assert_int_eq(db_exec(db, "INSERT INTO nowhere VALUES (1)"), -1);
	ck_assert(db_in_transaction(db));
	db_rollback(db);
	ck_assert(!db_in_transaction(db));
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 1);
	/* A statement that fails undoes itself, not the transaction. */
	ck_assert_int_eq(db_begin(db), 0);
	insert(ins, 4);
	ck_assert_int_eq(db_exec(db, "INSERT INTO names (name) VALUES "
	    "('x')"), 0);
	dup = prepare("INSERT INTO names (name) VALUES (?1)");
	db_bind_text(dup, 1, "X");
	ck_assert_int_eq(db_step(dup), DB_ERROR);
	db_reset(dup);
	insert(ins, 5);
	ck_assert_int_eq(db_commit(db), 0);
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 3);
	ck_assert_int_eq(one("SELECT count(*) FROM names"), 1);
	db_finalize(dup);
	/*
	 * Reads after a write share one savepoint in PostgreSQL: one that
	 * fails there (SQLite divides by zero to NULL) undoes no write.
	 */
	ck_assert_int_eq(db_begin(db), 0);
	insert(ins, 6);
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 4);
	div = prepare("SELECT 1 / ?1");
	db_bind_int(div, 1, 0);
	ck_assert_int_eq(db_step(div), db_kind(db) == DB_SQLITE ? DB_ROW :
	    DB_ERROR);
	db_reset(div);
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 4);
	db_bind_int(div, 1, 1);
	ck_assert_msg(db_step(div) == DB_ROW, "%s", db_errmsg(db));
	ck_assert_int_eq(db_column_int(div, 0), 1);
	db_reset(div);
	insert(ins, 7);
	ck_assert_int_eq(db_commit(db), 0);
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 5);
	db_finalize(div);
	/* Rolling back with none open does nothing. */
	db_rollback(db);
	db_finalize(ins);
}
END_TEST

/*
 * In a savepoint of the store's, PostgreSQL may send a write with the
 * next statement that reads, or the RELEASE (db.h): a write that fails
 * there fails at its step (SQLite) or at the latest at the RELEASE
 * (PostgreSQL), with its own error, and ROLLBACK TO the savepoint
 * undoes the mail whole; the transaction goes on.
 */
START_TEST(test_deferred)
{
	struct db_stmt	*ins, *dup;
	char		 e[512];
	int		 failed;

	ins = prepare("INSERT INTO t (n) VALUES (?1)");
	dup = prepare("INSERT INTO names (name) VALUES (?1)");
	ck_assert_int_eq(db_begin(db), 0);
	insert(ins, 1);
	ck_assert_int_eq(db_exec(db, "SAVEPOINT mail"), 0);
	insert(ins, 2);
	db_bind_text(dup, 1, "d");
	ck_assert_int_eq(db_step(dup), DB_DONE);
	db_reset(dup);
	db_bind_text(dup, 1, "D");
	failed = db_step(dup) == DB_ERROR;
	snprintf(e, sizeof e, "%s", db_errmsg(db));
	db_reset(dup);
	if (!failed) {
		insert(ins, 3);
		failed = db_exec(db, "RELEASE mail") == -1;
		snprintf(e, sizeof e, "%s", db_errmsg(db));
	}
	ck_assert(failed);
	ck_assert_msg(strstr(e, "UNIQUE") != NULL ||
	    strstr(e, "unique") != NULL, "%s", e);
	ck_assert_int_eq(db_exec(db, "ROLLBACK TO mail"), 0);
	ck_assert_int_eq(db_exec(db, "RELEASE mail"), 0);
	insert(ins, 4);
	ck_assert_int_eq(db_commit(db), 0);
	ck_assert_int_eq(one("SELECT count(*) FROM names"), 0);
	ck_assert_int_eq(one("SELECT sum(n) FROM t"), 5);
	db_finalize(dup);
	db_finalize(ins);
}
END_TEST

/* How many files this process has open. */
static int
open_files(void)
{
	DIR		*d = opendir("/proc/self/fd");
	struct dirent	*e;
	int		 n = 0;

	ck_assert(d != NULL);
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return (n);
}

/*
 * A batch of mails is a transaction with a savepoint a mail (store.c).
 * SQLite keeps what a savepoint would undo in a journal of its own,
 * which by default goes to a temporary file once it passes 64 KiB: a
 * write to the disk for every page a mail changes.  The store keeps
 * it in memory.
 */
START_TEST(test_savepoint_memory)
{
	struct db_stmt	*ins;
	char		 blob[2000];
	int		 files, i;

	if (db_kind(db) != DB_SQLITE)
		return;
	memset(blob, 'x', sizeof blob);
	ins = prepare("INSERT INTO t (n, b) VALUES (?1, ?2)");
	files = open_files();
	ck_assert_int_eq(db_begin(db), 0);
	for (i = 0; i < 400; i++) {
		ck_assert_int_eq(db_exec(db, "SAVEPOINT mail"), 0);
		db_bind_int(ins, 1, i);
		db_bind_blob(ins, 2, blob, sizeof blob);
		ck_assert_int_eq(db_step(ins), DB_DONE);
		db_reset(ins);
		ck_assert_int_eq(db_exec(db, "UPDATE t SET n = n + 1"), 0);
		ck_assert_int_eq(db_exec(db, "RELEASE mail"), 0);
	}
	ck_assert_int_eq(open_files(), files);
	ck_assert_int_eq(db_commit(db), 0);
	ck_assert_int_eq(one("SELECT sum(n) FROM t"), 400 * 401 / 2 +
	    400 * 399 / 2);
	db_finalize(ins);
}
END_TEST

/*
 * SQLite counts its memory in use under a lock every thread shares,
 * hundreds of times a mail, unless told not to before its first use.
 * Counting off, the count reads 0 however much is in use.
 */
START_TEST(test_memory_uncounted)
{
	if (db_kind(db) != DB_SQLITE)
		return;
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 0);
	ck_assert_int_eq(sqlite3_memory_used(), 0);
}
END_TEST

START_TEST(test_version)
{
	int	version = -1;

	ck_assert_int_eq(db_version(db, &version), 0);
	ck_assert_int_eq(version, 0);
	ck_assert_int_eq(db_begin(db), 0);
	ck_assert_int_eq(db_set_version(db, 3), 0);
	ck_assert_int_eq(db_commit(db), 0);
	ck_assert_int_eq(db_version(db, &version), 0);
	ck_assert_int_eq(version, 3);
	ck_assert_int_eq(db_begin(db), 0);
	ck_assert_int_eq(db_set_version(db, 4), 0);
	db_rollback(db);
	ck_assert_int_eq(db_version(db, &version), 0);
	ck_assert_int_eq(version, 3);
}
END_TEST

START_TEST(test_errors)
{
	struct db_stmt	*st;
	char		*plan = NULL;

	/* A statement that cannot run fails at the latest at its step. */
	st = db_prepare(db, "SELECT x FROM nowhere WHERE x = ?1");
	if (st != NULL) {
		db_bind_int(st, 1, 1);
		ck_assert_int_eq(db_step(st), DB_ERROR);
		db_finalize(st);
	}
	ck_assert_msg(strstr(db_errmsg(db), "nowhere") != NULL, "%s",
	    db_errmsg(db));
	ck_assert_int_eq(db_plan(db, "SELECT n FROM t WHERE id = ?1",
	    &plan), 0);
	ck_assert(plan != NULL && *plan != '\0');
	free(plan);
}
END_TEST

/* Have the server end this connection, as a restart would; 0 or -1. */
static int
cut(void)
{
	struct db_stmt	*st;
	int		 rc;

	st = prepare("SELECT pg_terminate_backend(pg_backend_pid())");
	rc = db_step(st);
	db_finalize(st);
	return (rc == DB_ERROR ? 0 : -1);
}

/*
 * PostgreSQL: a connection the server ended is made again at the next
 * statement or BEGIN outside a transaction, and a statement prepared
 * on the old one is prepared again; in the transaction it ended, every
 * statement fails until the rollback, so nothing of it half remains.
 */
START_TEST(test_lost)
{
	struct db_stmt	*st, *ins;

	if (db_kind(db) != DB_POSTGRESQL)
		return;
	ck_assert_int_eq(db_connected(db), 1);
	ins = prepare("INSERT INTO t (id, n) VALUES (?1, 7)");
	st = prepare("SELECT n FROM t WHERE id = ?1");
	db_bind_int(ins, 1, 1);
	ck_assert_int_eq(db_step(ins), DB_DONE);
	db_reset(ins);
	db_bind_int(st, 1, 1);
	ck_assert_int_eq(db_step(st), DB_ROW);
	db_reset(st);

	ck_assert_int_eq(db_begin(db), 0);
	db_bind_int(ins, 1, 2);
	ck_assert_int_eq(db_step(ins), DB_DONE);
	db_reset(ins);
	ck_assert_int_eq(cut(), 0);
	ck_assert_int_eq(db_connected(db), 0);
	ck_assert_int_eq(db_in_transaction(db), 1);
	db_bind_int(ins, 1, 3);
	ck_assert_int_eq(db_step(ins), DB_ERROR);
	db_reset(ins);
	ck_assert_int_eq(db_commit(db), -1);
	db_rollback(db);
	ck_assert_int_eq(db_in_transaction(db), 0);

	/* Outside a transaction: connected again, st prepared again. */
	db_bind_int(st, 1, 1);
	ck_assert_msg(db_step(st) == DB_ROW, "%s", db_errmsg(db));
	ck_assert_int_eq(db_column_int(st, 0), 7);
	db_reset(st);
	ck_assert_int_eq(db_connected(db), 1);
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 1);

	/* A BEGIN on a connection cut while idle connects and begins. */
	ck_assert_int_eq(cut(), 0);
	ck_assert_msg(db_begin(db) == 0, "%s", db_errmsg(db));
	db_bind_int(ins, 1, 4);
	ck_assert_msg(db_step(ins) == DB_DONE, "%s", db_errmsg(db));
	db_reset(ins);
	ck_assert_int_eq(db_commit(db), 0);
	ck_assert_int_eq(one("SELECT count(*) FROM t"), 2);
	db_finalize(ins);
	db_finalize(st);
}
END_TEST

/* Run a statement on the test's handle, from another thread. */
static void *
other_thread(void *arg)
{
	(void)arg;
	one("SELECT 1");
	return (NULL);
}

START_TEST(test_other_thread)
{
	pthread_t	t;

	ck_assert_int_eq(one("SELECT 1"), 1);
	ck_assert_int_eq(pthread_create(&t, NULL, other_thread, NULL), 0);
	pthread_join(t, NULL);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("db");
	TCase	*tc = tcase_create("db");

	/* The slowest test: 1.0 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_kind);
	tcase_add_test(tc, test_shown);
	tcase_add_test(tc, test_types);
	tcase_add_test(tc, test_rows);
	tcase_add_test(tc, test_instr);
	tcase_add_test(tc, test_conflict);
	tcase_add_test(tc, test_transactions);
	tcase_add_test(tc, test_deferred);
	tcase_add_test(tc, test_savepoint_memory);
	tcase_add_test(tc, test_memory_uncounted);
	tcase_add_test(tc, test_version);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_lost);
	tcase_add_test_raise_signal(tc, test_other_thread, SIGABRT);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
