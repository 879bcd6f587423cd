#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db.h"

#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * A player's addresses (schema 6, the table addresses).  A player has
 * one main address, players.address, where every mail to them goes;
 * each row of addresses ties one more address to a player.  A row is
 * made waiting, with a code and the time it was asked for, and is
 * confirmed once: then confirmed holds the time and the code is gone,
 * and store_player_get() finds the player by that address as by the
 * main one.  Addresses are compared without regard to case.
 *
 * A confirmation mail is found again in the outbox: the mail to an
 * address, by its Message-ID, whose text holds the code.  So a reply
 * to it (In-Reply-To, References) confirms, with no table of its own.
 *
 * Two players become one only when one has no games: its registration
 * (the mail it was sent, what it observes) moves to the other and its
 * row goes.  The foreign key from seats stops a merge of a player who
 * holds a seat.
 *
 * Like store-game.c, every function runs inside the caller's
 * transaction, and statements are prepared when first used.
 */

enum {
	SA_GET,
	SA_CODE,
	SA_LIST,
	SA_ADD,
	SA_CONFIRM,
	SA_DEL,
	SA_SENT,
	SA_SENDER,
	SA_GAMES,
	SA_ACTIVE,
	SA_INVITED,
	SA_MOVE,
	SA_MERGE_MAIL,		/* the merge, in this order, to SA_MERGE_END */
	SA_MERGE_OBSERVE,
	SA_MERGE_UNOBSERVE,
	SA_MERGE_ACTIONS,
	SA_MERGE_ADDRESSES,
	SA_MERGE_TIMERS,
	SA_MERGE_VACATIONS,
	SA_MERGE_PLAYER,
	SA_MERGE_END,
	SA_NSTMTS = SA_MERGE_END
};

#define SA_COLUMNS	"address, player, code, confirmed, created"

const char *const store_address_sql[SA_NSTMTS] = {
	"SELECT " SA_COLUMNS " FROM addresses WHERE address = ?1",
	"SELECT " SA_COLUMNS " FROM addresses WHERE code = ?1 AND "
	    "confirmed IS NULL",
	"SELECT " SA_COLUMNS " FROM addresses WHERE player = ?1 ORDER BY "
	    "created, address",
	"INSERT INTO addresses (address, player, code, confirmed, created) "
	    "VALUES (?1, ?2, ?3, NULL, ?4) ON CONFLICT (address) DO UPDATE "
	    "SET player = excluded.player, code = excluded.code, confirmed = "
	    "NULL, created = excluded.created",
	"UPDATE addresses SET confirmed = ?2, code = NULL WHERE address = ?1",
	"DELETE FROM addresses WHERE address = ?1",
	"SELECT 1 FROM outbox WHERE message_id = ?1 AND rcpt = ?2 COLLATE "
	    "NOCASE AND instr(data, ?3) > 0",
	"SELECT sender FROM outbox WHERE rcpt = ?1 COLLATE NOCASE ORDER BY "
	    "id DESC LIMIT 1",
	"SELECT count(DISTINCT game) FROM seats WHERE player = ?1",
	"SELECT count(DISTINCT s.game) FROM seats s JOIN games g ON g.id = "
	    "s.game WHERE s.player = ?1 AND s.state = 'accepted' AND "
	    "g.status IN ('inviting', 'open', 'playing')",
	"SELECT count(*) FROM seats s JOIN games g ON g.id = s.game WHERE "
	    "s.player = ?1 AND s.seat > 0 AND g.created >= ?2 AND g.league "
	    "IS NULL",
	"UPDATE players SET address = ?2 WHERE id = ?1",
	"UPDATE game_mail SET player = ?2 WHERE player = ?1",
	"INSERT INTO observers (game, player) SELECT game, ?2 FROM "
	    "observers WHERE player = ?1 ON CONFLICT DO NOTHING",
	"DELETE FROM observers WHERE player = ?1",
	"UPDATE actions SET player = ?2 WHERE player = ?1",
	"UPDATE addresses SET player = ?2 WHERE player = ?1",
	"DELETE FROM timers WHERE player = ?1",
	"DELETE FROM vacations WHERE player = ?1",
	"DELETE FROM players WHERE id = ?1"
};

_Static_assert(SA_NSTMTS == STORE_ADDRESS_NSTMTS, "store-private.h");

static struct db_stmt *store_address_stmt(struct store *, int, char **);
static int	store_address_one(struct store *, int, const char *,
		    struct store_address *, char **);
static void	store_address_row(struct db_stmt *, struct store_address *);
static int	store_address_value(struct store *, int, char **, int *,
		    char **);
static int	store_address_count(struct store *, int, long long,
		    long long, int *, char **);

static struct db_stmt *
store_address_stmt(struct store *s, int i, char **cause)
{
	return (store_prepare(s, &s->address_stmt[i], store_address_sql[i],
	    cause));
}

static void
store_address_row(struct db_stmt *st, struct store_address *a)
{
	const char		*code = db_column_text(st, 2);

	a->address = xstrdup(db_column_text(st, 0));
	a->player = db_column_int64(st, 1);
	a->code = code != NULL ? xstrdup((const char *)code) : NULL;
	a->confirmed = store_game_int(st, 3);
	a->created = db_column_int64(st, 4);
}

/* The row statement i finds for key: 1 and *a, 0 if none, -1. */
static int
store_address_one(struct store *s, int i, const char *key,
    struct store_address *a, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	memset(a, 0, sizeof *a);
	if ((st = store_address_stmt(s, i, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, key);
	if ((rc = db_step(st)) == DB_ROW)
		store_address_row(st, a);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, "cannot read the addresses"));
	return (rc == DB_ROW);
}

/*
 * Run query i, already bound, for the first column of its first row: 1
 * and that in *text (the caller's) or *n, whichever is not NULL; 0 if
 * it gives no row; -1.
 */
static int
store_address_value(struct store *s, int i, char **text, int *n,
    char **cause)
{
	struct db_stmt	*st = s->address_stmt[i];
	int		 rc;

	if ((rc = db_step(st)) == DB_ROW && text != NULL)
		*text = xstrdup(db_column_text(st, 0));
	if (rc == DB_ROW && n != NULL)
		*n = db_column_int(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, store_address_sql[i]));
	return (rc == DB_ROW);
}

/* The row of address (any case), confirmed or waiting: 1, 0 or -1. */
int
store_address_get(struct store *s, const char *address,
    struct store_address *a, char **cause)
{
	return (store_address_one(s, SA_GET, address, a, cause));
}

/* The waiting row whose code is code: 1, 0 or -1. */
int
store_address_code(struct store *s, const char *code,
    struct store_address *a, char **cause)
{
	return (store_address_one(s, SA_CODE, code, a, cause));
}

/* Every further address of player, oldest first. */
int
store_address_list(struct store *s, long long player,
    struct store_address **out, size_t *n, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_address_stmt(s, SA_LIST, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		store_address_row(st, &(*out)[(*n)++]);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		store_address_list_free(*out, *n);
		*out = NULL;
		*n = 0;
		return (store_fail(s, cause, "cannot read the addresses"));
	}
	return (0);
}

/* Address, for player, waits from now for code; an old row goes. */
int
store_address_add(struct store *s, const char *address, long long player,
    const char *code, long long now, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_address_stmt(s, SA_ADD, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	db_bind_int64(st, 2, player);
	db_bind_text(st, 3, code);
	db_bind_int64(st, 4, now);
	return (store_run(s, st, store_address_sql[SA_ADD], cause));
}

/* Address is confirmed at now; its code is spent. */
int
store_address_confirm(struct store *s, const char *address, long long now,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_address_stmt(s, SA_CONFIRM, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	db_bind_int64(st, 2, now);
	return (store_run(s, st, store_address_sql[SA_CONFIRM], cause));
}

/* Forget address: 1 if it had a row, 0 if not, -1. */
int
store_address_del(struct store *s, const char *address, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_address_stmt(s, SA_DEL, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	if (store_run(s, st, store_address_sql[SA_DEL], cause) == -1)
		return (-1);
	return (db_changes(s->db) > 0);
}

/*
 * Did we send mail message_id to rcpt with text in it?  1, 0 or -1:
 * a reply to the mail that asks rcpt to confirm a link (text "confirm
 * CODE") is a confirmation.
 */
int
store_address_sent(struct store *s, const char *message_id,
    const char *rcpt, const char *text, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_address_stmt(s, SA_SENT, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, message_id);
	db_bind_text(st, 2, rcpt);
	db_bind_text(st, 3, text);
	return (store_address_value(s, SA_SENT, NULL, NULL, cause));
}

/*
 * Whom our last mail to rcpt came from: 1 and *sender (the caller's),
 * 0 if we never wrote to rcpt, -1.
 */
int
store_address_sender(struct store *s, const char *rcpt, char **sender,
    char **cause)
{
	struct db_stmt	*st;

	*sender = NULL;
	if ((st = store_address_stmt(s, SA_SENDER, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, rcpt);
	return (store_address_value(s, SA_SENDER, sender, NULL, cause));
}

/* In how many games player has (or had) a seat, in *n. */
int
store_address_games(struct store *s, long long player, int *n,
    char **cause)
{
	return (store_address_count(s, SA_GAMES, player, -1, n, cause));
}

/*
 * In how many games not over player has accepted a place (made, joined
 * or accepted them), in *n.
 */
int
store_address_active(struct store *s, long long player, int *n,
    char **cause)
{
	return (store_address_count(s, SA_ACTIVE, player, -1, n, cause));
}

/*
 * How many places player holds in games others made since since (not a
 * tournament's or league's): the invitations they had, and the places
 * they took, in *n.
 */
int
store_address_invited(struct store *s, long long player, long long since,
    int *n, char **cause)
{
	return (store_address_count(s, SA_INVITED, player, since, n, cause));
}

/* Run count i for player (and since, if not -1) into *n. */
static int
store_address_count(struct store *s, int i, long long player,
    long long since, int *n, char **cause)
{
	struct db_stmt	*st;

	*n = 0;
	if ((st = store_address_stmt(s, i, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	if (since != -1)
		db_bind_int64(st, 2, since);
	if (store_address_value(s, i, NULL, n, cause) == -1)
		return (-1);
	return (0);
}

/*
 * Player from, who holds no seat, becomes player into: the mail it was
 * sent, what it observes and its further addresses go to into, its
 * timers and vacations are dropped, and its row goes.
 */
int
store_address_merge(struct store *s, long long from, long long into,
    char **cause)
{
	struct db_stmt	*st;
	int		 i;

	for (i = SA_MERGE_MAIL; i < SA_MERGE_END; i++) {
		if ((st = store_address_stmt(s, i, cause)) == NULL)
			return (-1);
		db_bind_int64(st, 1, from);
		if (db_bind_count(st) > 1)
			db_bind_int64(st, 2, into);
		if (store_run(s, st, store_address_sql[i], cause) == -1)
			return (-1);
	}
	return (0);
}

/* Player's main address becomes address. */
int
store_address_move(struct store *s, long long player, const char *address,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_address_stmt(s, SA_MOVE, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_text(st, 2, address);
	return (store_run(s, st, store_address_sql[SA_MOVE], cause));
}

void
store_address_free(struct store_address *a)
{
	if (a == NULL)
		return;
	free(a->address);
	free(a->code);
	memset(a, 0, sizeof *a);
}

void
store_address_list_free(struct store_address *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		store_address_free(&v[i]);
	free(v);
}
