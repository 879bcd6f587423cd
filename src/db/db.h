/*
 * The database layer: one interface to the store's database, with two
 * backends (db-sqlite.c, the embedded default, and db-pg.c, PostgreSQL
 * through libpq), found by db_open() from its target: a file path for
 * SQLite, a postgresql:// or postgres:// URL for PostgreSQL.
 *
 * The interface is SQLite's own prepared-statement model, which the
 * store was written for: prepare once, bind parameters by number
 * (1-based), step through the rows, read columns (0-based), reset.
 * SQL is written once, in the dialect both backends share: numbered
 * parameters ?1 ?2 ..., INSERT ... ON CONFLICT, RETURNING, coalesce;
 * a backend translates the few words that differ (db-pg.c: ?N to $N,
 * and the schema's types).
 *
 * Writing: db_begin() opens the one kind of write transaction the
 * store uses, in which writers take turns: SQLite's BEGIN IMMEDIATE,
 * PostgreSQL's BEGIN with a transaction-wide advisory lock, so that
 * several daemons on one database see each other's transactions one
 * after the other, as one daemon's would be.  db_begin_rows() opens a
 * transaction that locks only the rows it claims (SELECT ... FOR
 * UPDATE SKIP LOCKED, in PostgreSQL), for work that daemons share
 * side by side: claiming mail to send.  A clause only PostgreSQL
 * takes is written in an SQL comment whose text starts with "pg ",
 * which SQLite skips and the PostgreSQL backend unwraps (store.c's
 * claim on the outbox says FOR UPDATE SKIP LOCKED so).
 *
 * A statement that fails undoes only itself, with one exception: a
 * write that returns no rows (INSERT, UPDATE or DELETE without
 * RETURNING) inside a savepoint of the store's (db_exec() "SAVEPOINT
 * x"), or in a transaction after db_defer(), may wait in PostgreSQL to
 * go to the server with the next statement that reads, or with the
 * RELEASE or COMMIT: one round trip for them all.  Its step then says
 * DB_DONE, and if it fails, the statement that carries it fails with
 * its error, and so does every statement after it until a ROLLBACK (TO
 * that savepoint) undoes it and what was sent after it.  SQLite runs
 * every statement at its step.
 */
#ifndef DB_H
#define DB_H

#include <stddef.h>

struct db;
struct db_stmt;

enum db_kind {
	DB_SQLITE,
	DB_POSTGRESQL
};

/* What db_step() returns. */
#define DB_ROW		1	/* a row is ready for db_column_*() */
#define DB_DONE		0	/* no more rows; the statement ran */
#define DB_ERROR	(-1)	/* it failed: db_errmsg() */

/* Which backend a target names: a URL is PostgreSQL, else SQLite. */
enum db_kind	 db_kind_of(const char *);
char		*db_shown(const char *);

struct db	*db_open(const char *, char **);
void		 db_close(struct db *);
enum db_kind	 db_kind(struct db *);
const char	*db_errmsg(struct db *);
int		 db_refused(struct db *);
int		 db_exec(struct db *, const char *);
int		 db_begin(struct db *);
int		 db_begin_rows(struct db *);
void		 db_defer(struct db *);
int		 db_commit(struct db *);
void		 db_rollback(struct db *);
int		 db_in_transaction(struct db *);
int		 db_connected(struct db *);
int		 db_changes(struct db *);
int		 db_version(struct db *, int *);
int		 db_set_version(struct db *, int);
int		 db_migrate(struct db *, const char *, const char *);

int		 db_plan(struct db *, const char *, char **);
long long	 db_steps(struct db_stmt *);
struct db_stmt	*db_prepare(struct db *, const char *);
void		 db_finalize(struct db_stmt *);
int		 db_bind_count(struct db_stmt *);
void		 db_bind_null(struct db_stmt *, int);
void		 db_bind_int(struct db_stmt *, int, int);
void		 db_bind_int64(struct db_stmt *, int, long long);
void		 db_bind_double(struct db_stmt *, int, double);
void		 db_bind_text(struct db_stmt *, int, const char *);
void		 db_bind_blob(struct db_stmt *, int, const void *, size_t);
int		 db_step(struct db_stmt *);
void		 db_reset(struct db_stmt *);
int		 db_column_null(struct db_stmt *, int);
int		 db_column_int(struct db_stmt *, int);
long long	 db_column_int64(struct db_stmt *, int);
double		 db_column_double(struct db_stmt *, int);
const char	*db_column_text(struct db_stmt *, int);
const void	*db_column_blob(struct db_stmt *, int);
size_t		 db_column_bytes(struct db_stmt *, int);

#endif
