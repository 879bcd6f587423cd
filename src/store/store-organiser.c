#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db.h"

#include "buf.h"
#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * The store's side of the organiser's mail (schema 17).
 *
 *   event_threads    the Message-ID of the first mail about a
 *                    tournament or a league, by a name ("tournament
 *                    4", "league 2"), which every later mail about it
 *                    answers, so that a mail client shows one thread
 *   organiser_notes  what an organiser who asked for a daily digest
 *                    is yet to be sent, in order; the digest takes
 *                    one organiser's notes of the days gone and
 *                    deletes them in the caller's transaction, so a
 *                    note is sent once or not at all
 *   stalls           the tournament games told to their organiser as
 *                    stalled, at the turn they stalled on: a game is
 *                    told again only after a turn is played in it
 */

enum {
	SO_THREAD_GET,
	SO_THREAD_ADD,
	SO_NOTE_ADD,
	SO_NOTE_FIRST,
	SO_NOTE_LIST,
	SO_NOTE_DEL,
	SO_STALLED,
	SO_STALL_SET,
	SO_NSTMTS
};

const char *const store_organiser_sql[SO_NSTMTS] = {
	"SELECT message_id FROM event_threads WHERE name = ?1",
	"INSERT INTO event_threads (name, message_id) VALUES (?1, ?2)",
	"INSERT INTO organiser_notes (player, subject, text, created) "
	    "VALUES (?1, ?2, ?3, ?4)",
	"SELECT player FROM organiser_notes WHERE created < ?1 "
	    "ORDER BY created LIMIT 1",
	"SELECT subject, text FROM organiser_notes WHERE player = ?1 AND "
	    "created < ?2 ORDER BY player, id",
	"DELETE FROM organiser_notes WHERE player = ?1 AND created < ?2",
	"SELECT g.id, g.tournament, g.turns FROM games g WHERE g.status = "
	    "'playing' AND g.tournament IS NOT NULL AND g.clock IS NULL AND "
	    "g.updated < ?1 AND NOT EXISTS (SELECT 1 FROM stalls s WHERE "
	    "s.game = g.id AND s.turns = g.turns) ORDER BY g.updated LIMIT ?2",
	"INSERT INTO stalls (game, turns) VALUES (?1, ?2) ON CONFLICT (game) "
	    "DO UPDATE SET turns = excluded.turns"
};

_Static_assert(SO_NSTMTS == STORE_ORGANISER_NSTMTS, "store-private.h");

static struct db_stmt	*store_organiser_stmt(struct store *, int, char **);

static struct db_stmt *
store_organiser_stmt(struct store *s, int i, char **cause)
{
	return (store_prepare(s, &s->organiser_stmt[i],
	    store_organiser_sql[i], cause));
}

/* The thread of name into *id (the caller's): 1, 0 if none, or -1. */
int
store_thread_get(struct store *s, const char *name, char **id, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*id = NULL;
	if ((st = store_organiser_stmt(s, SO_THREAD_GET, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, name);
	if ((rc = db_step(st)) == DB_ROW)
		*id = store_text(st, 0);
	return (store_found(s, st, rc, store_organiser_sql[SO_THREAD_GET],
	    cause));
}

/* Make message_id the thread of name, which has none. */
int
store_thread_add(struct store *s, const char *name, const char *message_id,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_organiser_stmt(s, SO_THREAD_ADD, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, name);
	db_bind_text(st, 2, message_id);
	return (store_run(s, st, store_organiser_sql[SO_THREAD_ADD], cause));
}

/* Keep a note for player's digest, made at now. */
int
store_note_add(struct store *s, long long player, const char *subject,
    const char *text, long long now, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_organiser_stmt(s, SO_NOTE_ADD, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_text(st, 2, subject);
	db_bind_text(st, 3, text);
	db_bind_int64(st, 4, now);
	return (store_run(s, st, store_organiser_sql[SO_NOTE_ADD], cause));
}

/*
 * A player with notes made before before, into *player: 1, 0 if no
 * one has any, or -1.
 */
int
store_note_due(struct store *s, long long before, long long *player,
    char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_organiser_stmt(s, SO_NOTE_FIRST, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, before);
	if ((rc = db_step(st)) == DB_ROW)
		*player = db_column_int64(st, 0);
	return (store_found(s, st, rc, store_organiser_sql[SO_NOTE_FIRST],
	    cause));
}

/*
 * Take player's notes made before before, in order: their subjects and
 * texts as "SUBJECT\n\nTEXT" pieces, each after the last, into out;
 * they are deleted (in the caller's transaction).  How many, or -1.
 */
int
store_note_take(struct store *s, long long player, long long before,
    struct buf *out, char **cause)
{
	struct db_stmt	*st;
	const char	*subject, *text;
	int		 rc, n = 0;

	if ((st = store_organiser_stmt(s, SO_NOTE_LIST, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_int64(st, 2, before);
	while ((rc = db_step(st)) == DB_ROW) {
		subject = db_column_text(st, 0);
		text = db_column_text(st, 1);
		buf_addf(out, "%s%s\n\n%s", n > 0 ? "\n" : "",
		    subject != NULL ? subject : "", text != NULL ? text : "");
		if (out->len > 0 && out->data[out->len - 1] != '\n')
			buf_addc(out, '\n');
		n++;
	}
	if (store_found(s, st, rc, store_organiser_sql[SO_NOTE_LIST],
	    cause) == -1)
		return (-1);
	if ((st = store_organiser_stmt(s, SO_NOTE_DEL, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_int64(st, 2, before);
	if (store_run(s, st, store_organiser_sql[SO_NOTE_DEL], cause) == -1)
		return (-1);
	return (n);
}

/*
 * Up to max tournament games without a clock, untouched since before
 * and not yet told as stalled at their turn, into *out (the caller's,
 * to free()): how many, or -1.
 */
int
store_stalled(struct store *s, long long before, size_t max,
    struct store_stall **out, char **cause)
{
	struct db_stmt	*st;
	size_t		 n = 0;
	int		 rc;

	*out = NULL;
	if ((st = store_organiser_stmt(s, SO_STALLED, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, before);
	db_bind_int64(st, 2, (long long)max);
	*out = xcalloc(max > 0 ? max : 1, sizeof **out);
	while (n < max && (rc = db_step(st)) == DB_ROW) {
		(*out)[n].game = db_column_int64(st, 0);
		(*out)[n].tournament = db_column_int64(st, 1);
		(*out)[n].turns = (int)db_column_int64(st, 2);
		n++;
	}
	if (store_found(s, st, n < max ? rc : DB_DONE,
	    store_organiser_sql[SO_STALLED], cause) == -1) {
		free(*out);
		*out = NULL;
		return (-1);
	}
	return ((int)n);
}

/* Game was told as stalled at turns. */
int
store_stall_set(struct store *s, long long game, int turns, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_organiser_stmt(s, SO_STALL_SET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, turns);
	return (store_run(s, st, store_organiser_sql[SO_STALL_SET], cause));
}
