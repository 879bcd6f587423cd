#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db.h"

#include "store.h"
#include "store-private.h"

/*
 * The tries of mail not yet handled (schema 15, the table mail_tries):
 * one row per mail whose handling began and did not end, named by the
 * SHA-256 of its bytes (the mail may be too broken to have any other
 * name), with how many times, the last reason known and when.  The
 * mail loop (mailloop.c) adds a try before it hands a mail over, in a
 * transaction of its own that is committed before the mail is read,
 * and takes the row away in the transaction that records the mail
 * handled: so a row that stays counts the processes that died on the
 * mail.  A mail the store refuses (a constraint, a trigger) adds a try
 * too.  The added try need only outlive the process, not the machine:
 * its commit does not wait for the disk (SQLite's synchronous NORMAL,
 * PostgreSQL's synchronous_commit off), so that a try costs no sync.
 */

enum {
	ST_GET,
	ST_ADD,
	ST_WHY,
	ST_UNDO,
	ST_CLEAR,
	ST_NSTMTS
};

const char *const store_tries_sql[ST_NSTMTS] = {
	"SELECT tries, why FROM mail_tries WHERE id = ?1",
	"INSERT INTO mail_tries (id, tries, why, at) VALUES (?1, 1, ?2, ?3) "
	    "ON CONFLICT (id) DO UPDATE SET tries = mail_tries.tries + 1, "
	    "why = excluded.why, at = excluded.at RETURNING tries",
	"UPDATE mail_tries SET why = ?2, at = ?3 WHERE id = ?1 "
	    "RETURNING tries",
	"UPDATE mail_tries SET tries = tries - 1, why = coalesce(why, ?2), "
	    "at = ?3 WHERE id = ?1 RETURNING tries",
	"DELETE FROM mail_tries WHERE id = ?1"
};

_Static_assert(ST_NSTMTS == STORE_TRIES_NSTMTS, "store-private.h");

static int	store_tries_step(struct store *, int, const char *,
		    const char *, long long, char **);

/*
 * How many tries the mail key has had: 0 or more, or -1; *why (the
 * caller's, NULL if none) is the reason of the last.
 */
int
store_tries_get(struct store *s, const char *key, char **why, char **cause)
{
	struct db_stmt	*st;
	int		 rc, tries = 0;

	*why = NULL;
	if ((st = store_prepare(s, &s->tries_stmt[ST_GET],
	    store_tries_sql[ST_GET], cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, key);
	if ((rc = db_step(st)) == DB_ROW) {
		tries = db_column_int(st, 0);
		*why = store_text(st, 1);
	}
	if (store_found(s, st, rc, "cannot read a mail's tries", cause) == -1)
		return (-1);
	return (tries);
}

/* Run statement i for key, why and now: the tries it returns, or -1. */
static int
store_tries_step(struct store *s, int i, const char *key, const char *why,
    long long now, char **cause)
{
	struct db_stmt	*st;
	int		 rc, tries = 0;

	if ((st = store_prepare(s, &s->tries_stmt[i], store_tries_sql[i],
	    cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, key);
	db_bind_text(st, 2, why);
	db_bind_int64(st, 3, now);
	if ((rc = db_step(st)) == DB_ROW)
		tries = db_column_int(st, 0);
	if (store_found(s, st, rc, "cannot write a mail's tries", cause) ==
	    -1)
		return (-1);
	return (tries);
}

/*
 * Change the tries of mail key, in a transaction of its own, committed
 * without waiting for the disk: how is STORE_TRIES_ADD (one more try,
 * for why), STORE_TRIES_WHY (why, as the reason of the last one),
 * STORE_TRIES_UNDO (one fewer: the try was not the mail's fault) or
 * STORE_TRIES_CLEAR (no row).  Returns the tries now, or -1.
 */
int
store_tries_note(struct store *s, const char *key, enum store_tries how,
    const char *why, long long now, char **cause)
{
	static const int	 stmt[] = { ST_ADD, ST_WHY, ST_UNDO };
	int			 sqlite, tries = 0;

	sqlite = db_kind(s->db) == DB_SQLITE;
	if (sqlite && db_exec(s->db, "PRAGMA synchronous = NORMAL") == -1)
		return (store_fail(s, cause, "cannot relax the sync"));
	if (store_begin(s, cause) == -1)
		goto fail;
	if (!sqlite && db_exec(s->db, "SET LOCAL synchronous_commit = "
	    "off") == -1) {
		store_fail(s, cause, "cannot relax the sync");
		goto fail;
	}
	if (how == STORE_TRIES_CLEAR) {
		if (store_tries_clear(s, key, cause) == -1)
			goto fail;
	} else if ((tries = store_tries_step(s, stmt[how], key, why, now,
	    cause)) == -1)
		goto fail;
	if (store_commit(s, cause) == -1)
		goto fail;
	if (sqlite && db_exec(s->db, "PRAGMA synchronous = FULL") == -1)
		return (store_fail(s, cause, "cannot restore the sync"));
	return (tries);

fail:
	store_rollback(s);
	if (sqlite)
		db_exec(s->db, "PRAGMA synchronous = FULL");
	return (-1);
}

/*
 * Forget the tries of mail key, inside the caller's transaction: the
 * one that records it handled, or set aside.
 */
int
store_tries_clear(struct store *s, const char *key, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_prepare(s, &s->tries_stmt[ST_CLEAR],
	    store_tries_sql[ST_CLEAR], cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, key);
	return (store_run(s, st, store_tries_sql[ST_CLEAR], cause));
}

/*
 * Did the store's last failure refuse the data (the same mail fails
 * again) rather than fail to write (it may pass)?  Ask before anything
 * else runs, a rollback included.
 */
int
store_refused(struct store *s)
{
	return (db_refused(s->db));
}
