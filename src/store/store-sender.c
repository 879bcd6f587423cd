#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db.h"

#include "ratelimit.h"
#include "store.h"
#include "store-private.h"

/*
 * The sender limits' memory (schema 9, the table senders): one row per
 * From address, compared without regard to case, holding the state
 * ratelimit.c works on.  The service reads it and writes it back in
 * the transaction of each mail, so a limit holds across processes
 * (mupbemd --deliver runs one per mail) and restarts, and a mail whose
 * transaction fails spends nothing.
 *
 * The table recipients is the same for the other way: one row per
 * address mupbem mails, the bucket ([server] max_mails) of how many
 * more it may get today, written in the transaction that queues them.
 * A mail over it is held: queued, but due only when the bucket has
 * room for it (store_sender_hold()).
 */

enum {
	SS_GET,
	SS_PUT,
	SS_RCPT_GET,
	SS_RCPT_PUT,
	SS_RCPT_HOLD,
	SS_NSTMTS
};

const char *const store_sender_sql[SS_NSTMTS] = {
	"SELECT spent, last, digest, junk, since, told FROM senders "
	    "WHERE address = ?1",
	"INSERT INTO senders (address, spent, last, digest, junk, since, "
	    "told) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (address) "
	    "DO UPDATE SET spent = excluded.spent, last = excluded.last, "
	    "digest = excluded.digest, junk = excluded.junk, since = "
	    "excluded.since, told = excluded.told",
	"SELECT spent, last FROM recipients WHERE address = ?1",
	"INSERT INTO recipients (address, spent, last) VALUES (?1, ?2, ?3) "
	    "ON CONFLICT (address) DO UPDATE SET spent = excluded.spent, "
	    "last = excluded.last",
	"UPDATE outbox SET next_try = ?2 WHERE message_id = ?1"
};

_Static_assert(SS_NSTMTS == STORE_SENDER_NSTMTS, "store-private.h");

/* The state of the sender at address into rs: 1, 0 if none, or -1. */
int
store_sender_get(struct store *s, const char *address,
    struct ratelimit_sender *rs, char **cause)
{
	struct db_stmt	*st;
	const char	*digest;
	int		 rc;

	if ((st = store_prepare(s, &s->sender_stmt[SS_GET],
	    store_sender_sql[SS_GET], cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	if ((rc = db_step(st)) == DB_ROW) {
		memset(rs, 0, sizeof *rs);
		rs->spent = db_column_double(st, 0);
		rs->last = db_column_int64(st, 1);
		digest = db_column_text(st, 2);
		snprintf(rs->digest, sizeof rs->digest, "%s",
		    digest != NULL ? digest : "");
		rs->junk = (long)db_column_int64(st, 3);
		rs->since = db_column_int64(st, 4);
		rs->told = (int)db_column_int64(st, 5);
	}
	return (store_found(s, st, rc, "cannot read a sender's limits",
	    cause));
}

/* Keep rs as the state of the sender at address. */
int
store_sender_put(struct store *s, const char *address,
    const struct ratelimit_sender *rs, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_prepare(s, &s->sender_stmt[SS_PUT],
	    store_sender_sql[SS_PUT], cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	db_bind_double(st, 2, rs->spent);
	db_bind_int64(st, 3, rs->last);
	db_bind_text(st, 4, rs->digest);
	db_bind_int64(st, 5, rs->junk);
	db_bind_int64(st, 6, rs->since);
	db_bind_int64(st, 7, rs->told);
	return (store_run(s, st, store_sender_sql[SS_PUT], cause));
}

/* The bucket of mails to address into rs (spent, last): 1, 0, or -1. */
int
store_sender_rcpt_get(struct store *s, const char *address,
    struct ratelimit_sender *rs, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_prepare(s, &s->sender_stmt[SS_RCPT_GET],
	    store_sender_sql[SS_RCPT_GET], cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	if ((rc = db_step(st)) == DB_ROW) {
		memset(rs, 0, sizeof *rs);
		rs->spent = db_column_double(st, 0);
		rs->last = db_column_int64(st, 1);
	}
	return (store_found(s, st, rc, "cannot read a recipient's limit",
	    cause));
}

/* Keep rs's spent and last as the bucket of mails to address. */
int
store_sender_rcpt_put(struct store *s, const char *address,
    const struct ratelimit_sender *rs, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_prepare(s, &s->sender_stmt[SS_RCPT_PUT],
	    store_sender_sql[SS_RCPT_PUT], cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	db_bind_double(st, 2, rs->spent);
	db_bind_int64(st, 3, rs->last);
	return (store_run(s, st, store_sender_sql[SS_RCPT_PUT], cause));
}

/* Hold the queued mail message_id until due: it is not sent before. */
int
store_sender_hold(struct store *s, const char *message_id, long long due,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_prepare(s, &s->sender_stmt[SS_RCPT_HOLD],
	    store_sender_sql[SS_RCPT_HOLD], cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, message_id);
	db_bind_int64(st, 2, due);
	return (store_run(s, st, store_sender_sql[SS_RCPT_HOLD], cause));
}
