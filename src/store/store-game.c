#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db.h"

#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * The game service's rows (store.c makes the tables, schema 2 and 3):
 *
 *   players    one per address that wrote to us or was invited, with
 *              its secret (identity.c) and display name
 *   games      the variant, status, whole record and turns played; the
 *              thread is the Message-ID of the game's first mail
 *   seats      seat n of a game: its holder and the seat's state
 *              (invited, accepted, open, resigned)
 *   actions    the log: who played what, from which mail, when
 *   observers  who follows a game without a seat
 *   game_mail  every mail sent about a game, so replies find it
 *
 * A player is found by their main address or by one more address they
 * confirmed (store-address.c).
 *
 * These functions run inside the caller's transaction (the one that
 * handles a mail), so a mail's whole effect commits or none of it.
 * Each statement is prepared the first time it is used and kept in the
 * store until store_close().
 */

enum {
	SG_PLAYER_GET,
	SG_PLAYER_BY_ID,
	SG_PLAYER_ADD,
	SG_PLAYER_RENAME,
	SG_GAME_ADD,
	SG_GAME_GET,
	SG_GAME_UPDATE,
	SG_GAME_THREAD,
	SG_GAME_LIST_PLAYER,
	SG_GAME_LIST_ALL,
	SG_SEAT_ADD,
	SG_SEAT_SET,
	SG_SEATS,
	SG_ACTION_ADD,
	SG_OBSERVE_ADD,
	SG_OBSERVE_DEL,
	SG_OBSERVERS,
	SG_MAIL_ADD,
	SG_MAIL_OLD,
	SG_MAIL_LAST_SET,
	SG_MAIL_GAME,
	SG_MAIL_LAST,
	SG_SEATS_CLEAR,
	SG_PLAYER_SETTINGS
};


const char *const store_game_sql[STORE_GAME_NSTMTS] = {
	"SELECT id, address, name, secret, settings FROM players WHERE "
	    "address = ?1 UNION ALL SELECT p.id, p.address, p.name, p.secret, "
	    "p.settings FROM addresses a JOIN players p ON p.id = a.player "
	    "WHERE a.address = ?1 AND a.confirmed IS NOT NULL LIMIT 1",
	"SELECT id, address, name, secret, settings FROM players WHERE id = ?1",
	"INSERT INTO players (address, secret, created) VALUES (?1, ?2, ?3) "
	    "RETURNING id",
	"UPDATE players SET name = ?2 WHERE id = ?1",
	"INSERT INTO games (variant, options, status, record, turns, created, "
	    "updated, topic) VALUES (?1, ?2, 'inviting', ?3, 0, ?4, ?4, ?5) "
	    "RETURNING id",
	"SELECT " STORE_GAME_COLUMNS " FROM games g WHERE g.id = ?1",
	"UPDATE games SET status = ?2, record = ?3, turns = ?4, updated = ?5 "
	    "WHERE id = ?1",
	"UPDATE games SET thread = ?2 WHERE id = ?1 AND thread IS NULL",
	"SELECT " STORE_GAME_COLUMNS " FROM games g WHERE g.id IN "
	    "(SELECT game FROM seats WHERE player = ?1) ORDER BY g.id",
	"SELECT " STORE_GAME_COLUMNS " FROM games g ORDER BY g.id",
	"INSERT INTO seats (game, seat, player, state) VALUES (?1, ?2, ?3, ?4)",
	"UPDATE seats SET player = ?3, state = ?4 WHERE game = ?1 AND seat = ?2",
	"SELECT s.seat, s.state, p.id, p.address, p.name, p.secret, "
	    "p.settings, s.bank, s.out, s.rank FROM seats s "
	    "LEFT JOIN players p ON p.id = s.player WHERE s.game = ?1 "
	    "ORDER BY s.seat",
	"INSERT INTO actions (game, player, number, text, message_id, at) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	"INSERT INTO observers (game, player) VALUES (?1, ?2) ON CONFLICT "
	    "DO NOTHING",
	"DELETE FROM observers WHERE game = ?1 AND player = ?2",
	"SELECT p.id, p.address, p.name, p.secret, p.settings FROM "
	    "observers o JOIN "
	    "players p ON p.id = o.player WHERE o.game = ?1 ORDER BY p.id",
	"INSERT INTO game_mail (message_id, game, player) VALUES (?1, ?2, "
	    "?3) ON CONFLICT DO NOTHING",
	"INSERT INTO outbox_old (outbox) SELECT l.outbox FROM outbox_last l "
	    "JOIN outbox o ON o.message_id = ?1 WHERE l.game = ?2 AND l.rcpt = "
	    "o.rcpt AND l.outbox <> o.id ON CONFLICT DO NOTHING",
	"INSERT INTO outbox_last (game, rcpt, outbox) SELECT ?2, rcpt, id FROM "
	    "outbox WHERE message_id = ?1 ON CONFLICT (game, rcpt) DO UPDATE "
	    "SET outbox = excluded.outbox",
	"SELECT game, player FROM game_mail WHERE message_id = ?1",
	"SELECT id, message_id, sender, rcpt, data, attempts FROM outbox WHERE "
	    "id IN (SELECT outbox FROM outbox_last WHERE game = ?1) ORDER BY "
	    "id",
	"DELETE FROM seats WHERE game = ?1",
	"UPDATE players SET settings = ?2 WHERE id = ?1"
};

static struct db_stmt *store_game_stmt(struct store *, int, char **);
static int	store_game_run(struct store *, int, struct db_stmt *, char **);
static void	store_game_bind_id(struct db_stmt *, int, long long);
static int	store_game_player_lookup(struct store *, int, const char *,
		    long long, struct store_player *, char **);

/* Statement i, prepared now if it is the first use; NULL on failure. */
static struct db_stmt *
store_game_stmt(struct store *s, int i, char **cause)
{
	return (store_prepare(s, &s->game_stmt[i], store_game_sql[i], cause));
}

/* Run a statement that returns no rows, already bound. */
static int
store_game_run(struct store *s, int i, struct db_stmt *st, char **cause)
{
	int	rc;

	rc = db_step(st);
	db_reset(st);
	if (rc != DB_DONE)
		return (store_fail(s, cause, store_game_sql[i]));
	return (0);
}

/* Bind a row id, or NULL for 0. */
static void
store_game_bind_id(struct db_stmt *st, int i, long long id)
{
	if (id == 0)
		db_bind_null(st, i);
	else
		db_bind_int64(st, i, id);
}

/* Columns at..at+4: a player's id, address, name, secret, settings. */
/* A player from the five columns of st from at. */
void
store_game_row_player(struct db_stmt *st, int at, struct store_player *p)
{
	p->id = db_column_int64(st, at);
	p->address = store_text(st, at + 1);
	p->name = store_text(st, at + 2);
	p->secret = store_text(st, at + 3);
	p->settings = store_text(st, at + 4);
}

/* A game from the columns STORE_GAME_COLUMNS names. */
void
store_game_row(struct db_stmt *st, struct store_game *g)
{
	g->id = db_column_int64(st, 0);
	g->variant = store_text(st, 1);
	g->status = store_text(st, 2);
	g->record = store_text(st, 3);
	g->turns = db_column_int(st, 4);
	g->thread = store_text(st, 5);
	g->created = db_column_int64(st, 6);
	g->updated = db_column_int64(st, 7);
	g->topic = store_text(st, 8);
	g->clock = store_text(st, 9);
	g->clock_seat = store_game_int(st, 10);
	g->clock_since = store_game_int(st, 11);
	g->clock_turn = (int)store_game_int(st, 12);
	g->reminded = db_column_int(st, 13);
	g->deadline = store_game_int(st, 14);
	g->ending = store_text(st, 15);
	g->result = store_text(st, 16);
	g->rated = db_column_int(st, 17);
	g->finished = store_game_int(st, 18);
	g->tournament = store_game_int(st, 19);
	g->seek = store_text(st, 20);
	g->held = db_column_int(st, 21);
}

/* An integer column, or -1 for NULL. */
long long
store_game_int(struct db_stmt *st, int col)
{
	if (db_column_null(st, col))
		return (-1);
	return (db_column_int64(st, col));
}

/* Look a player up by statement i bound to key: 1 found, 0 not, -1. */
static int
store_game_player_lookup(struct store *s, int i, const char *address,
    long long id, struct store_player *p, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	memset(p, 0, sizeof *p);
	if ((st = store_game_stmt(s, i, cause)) == NULL)
		return (-1);
	if (address != NULL)
		db_bind_text(st, 1, address);
	else
		db_bind_int64(st, 1, id);
	if ((rc = db_step(st)) == DB_ROW)
		store_game_row_player(st, 0, p);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, "cannot read the players"));
	return (rc == DB_ROW);
}

/*
 * The player at address (any case), their main address or one they
 * linked and confirmed (store-address.c): 1 and *p, 0 if none, -1.
 */
int
store_player_get(struct store *s, const char *address,
    struct store_player *p, char **cause)
{
	return (store_game_player_lookup(s, SG_PLAYER_GET, address, 0, p,
	    cause));
}

int
store_player_by_id(struct store *s, long long id, struct store_player *p,
    char **cause)
{
	return (store_game_player_lookup(s, SG_PLAYER_BY_ID, NULL, id, p,
	    cause));
}

/* Register address with secret; *p is the new player. */
int
store_player_add(struct store *s, const char *address, const char *secret,
    long long now, struct store_player *p, char **cause)
{
	struct db_stmt	*st;

	memset(p, 0, sizeof *p);
	if ((st = store_game_stmt(s, SG_PLAYER_ADD, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, address);
	db_bind_text(st, 2, secret);
	db_bind_int64(st, 3, now);
	if (store_insert(s, st, store_game_sql[SG_PLAYER_ADD], &p->id,
	    cause) == -1)
		return (-1);
	p->address = xstrdup(address);
	p->secret = xstrdup(secret);
	p->settings = xstrdup("");
	return (0);
}

int
store_player_rename(struct store *s, long long id, const char *name,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_PLAYER_RENAME, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, name);
	return (store_game_run(s, SG_PLAYER_RENAME, st, cause));
}

/* Keep settings, a player's "key=value ..." choices (service-set.c). */
int
store_player_settings(struct store *s, long long id, const char *settings,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_PLAYER_SETTINGS, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, settings);
	return (store_game_run(s, SG_PLAYER_SETTINGS, st, cause));
}

/* Make *to a copy of from. */
void
store_player_copy(struct store_player *to, const struct store_player *from)
{
	to->id = from->id;
	to->address = from->address != NULL ? xstrdup(from->address) : NULL;
	to->name = from->name != NULL ? xstrdup(from->name) : NULL;
	to->secret = from->secret != NULL ? xstrdup(from->secret) : NULL;
	to->settings = from->settings != NULL ? xstrdup(from->settings) :
	    NULL;
}

void
store_player_free(struct store_player *p)
{
	if (p == NULL)
		return;
	free(p->address);
	free(p->name);
	free(p->secret);
	free(p->settings);
	memset(p, 0, sizeof *p);
}

void
store_players_free(struct store_player *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		store_player_free(&v[i]);
	free(v);
}

/* A new game, inviting, with its record so far; its id in *id. */
int
store_game_add(struct store *s, const char *variant, const char *options,
    const char *record, const char *topic, long long now, long long *id,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_GAME_ADD, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, variant);
	db_bind_text(st, 2, options);
	db_bind_text(st, 3, record);
	db_bind_int64(st, 4, now);
	db_bind_text(st, 5, topic);
	if (store_insert(s, st, store_game_sql[SG_GAME_ADD], id, cause) == -1)
		return (-1);
	return (0);
}

/* Game id: 1 and *g, 0 if there is none, -1. */
int
store_game_get(struct store *s, long long id, struct store_game *g,
    char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	memset(g, 0, sizeof *g);
	if ((st = store_game_stmt(s, SG_GAME_GET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	if ((rc = db_step(st)) == DB_ROW)
		store_game_row(st, g);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, "cannot read the games"));
	return (rc == DB_ROW);
}

int
store_game_update(struct store *s, long long id, const char *status,
    const char *record, int turns, long long now, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_GAME_UPDATE, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, status);
	db_bind_text(st, 3, record);
	db_bind_int(st, 4, turns);
	db_bind_int64(st, 5, now);
	return (store_game_run(s, SG_GAME_UPDATE, st, cause));
}

/* Make message_id the game's thread, unless it has one. */
int
store_game_thread(struct store *s, long long id, const char *message_id,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_GAME_THREAD, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, message_id);
	return (store_game_run(s, SG_GAME_THREAD, st, cause));
}

/* The games player has a seat in (every game if player is 0). */
int
store_game_list(struct store *s, long long player, struct store_game **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	int		 i, rc;

	*out = NULL;
	*n = 0;
	i = player != 0 ? SG_GAME_LIST_PLAYER : SG_GAME_LIST_ALL;
	if ((st = store_game_stmt(s, i, cause)) == NULL)
		return (-1);
	if (player != 0)
		db_bind_int64(st, 1, player);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		store_game_row(st, &(*out)[(*n)++]);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		store_game_list_free(*out, *n);
		*out = NULL;
		*n = 0;
		return (store_fail(s, cause, "cannot read the games"));
	}
	return (0);
}

void
store_game_free(struct store_game *g)
{
	if (g == NULL)
		return;
	free(g->variant);
	free(g->status);
	free(g->record);
	free(g->thread);
	free(g->topic);
	free(g->clock);
	free(g->ending);
	free(g->result);
	free(g->seek);
	memset(g, 0, sizeof *g);
}

void
store_game_list_free(struct store_game *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		store_game_free(&v[i]);
	free(v);
}

/* Seat n of game, held by player (0: nobody) in state. */
int
store_seat_add(struct store *s, long long game, int seat, long long player,
    const char *state, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_SEAT_ADD, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	store_game_bind_id(st, 3, player);
	db_bind_text(st, 4, state);
	return (store_game_run(s, SG_SEAT_ADD, st, cause));
}

int
store_seat_set(struct store *s, long long game, int seat, long long player,
    const char *state, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_SEAT_SET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	store_game_bind_id(st, 3, player);
	db_bind_text(st, 4, state);
	return (store_game_run(s, SG_SEAT_SET, st, cause));
}

/* Remove every seat of game (to seat the players again). */
int
store_seats_clear(struct store *s, long long game, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_SEATS_CLEAR, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	return (store_game_run(s, SG_SEATS_CLEAR, st, cause));
}

/* The seats of game, in seat order, with their holders. */
int
store_seats(struct store *s, long long game, struct store_seat **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_seat	*seat;
	int			 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_game_stmt(s, SG_SEATS, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		seat = &(*out)[(*n)++];
		seat->seat = db_column_int(st, 0);
		seat->state = store_text(st, 1);
		store_game_row_player(st, 2, &seat->player);
		seat->bank = store_game_int(st, 7);
		seat->out = store_text(st, 8);
		seat->rank = (int)store_game_int(st, 9);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		store_seats_free(*out, *n);
		*out = NULL;
		*n = 0;
		return (store_fail(s, cause, "cannot read the seats"));
	}
	return (0);
}

void
store_seats_free(struct store_seat *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].state);
		free(v[i].out);
		store_player_free(&v[i].player);
	}
	free(v);
}

/* Log action number (text, from mail message_id) of player in game. */
int
store_action_add(struct store *s, long long game, long long player,
    int number, const char *text, const char *message_id, long long now,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_game_stmt(s, SG_ACTION_ADD, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	store_game_bind_id(st, 2, player);
	db_bind_int(st, 3, number);
	db_bind_text(st, 4, text);
	db_bind_text(st, 5, message_id);
	db_bind_int64(st, 6, now);
	return (store_game_run(s, SG_ACTION_ADD, st, cause));
}

/* Start (on) or stop following game: 1 if that changed, 0 if not, -1. */
int
store_observe(struct store *s, long long game, long long player, int on,
    char **cause)
{
	struct db_stmt	*st;
	int		 i = on ? SG_OBSERVE_ADD : SG_OBSERVE_DEL;

	if ((st = store_game_stmt(s, i, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, player);
	if (store_game_run(s, i, st, cause) == -1)
		return (-1);
	return (db_changes(s->db) > 0);
}

int
store_observers(struct store *s, long long game, struct store_player **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_game_stmt(s, SG_OBSERVERS, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		store_game_row_player(st, 0, &(*out)[(*n)++]);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		store_players_free(*out, *n);
		*out = NULL;
		*n = 0;
		return (store_fail(s, cause, "cannot read the observers"));
	}
	return (0);
}

/*
 * Remember that mail message_id, to player (or 0), is about game.  The
 * mail, queued just before and kept (store_queue()), is now the last to
 * its recipient about the game (outbox_last): its text is kept, for
 * "mupbem --db resend", and the one before it may be pruned
 * (outbox_old).
 */
int
store_mail_add(struct store *s, const char *message_id, long long game,
    long long player, char **cause)
{
	static const int	 steps[] = {
		SG_MAIL_ADD, SG_MAIL_OLD, SG_MAIL_LAST_SET
	};
	struct db_stmt		*st;
	size_t			 i;

	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		if ((st = store_game_stmt(s, steps[i], cause)) == NULL)
			return (-1);
		db_bind_text(st, 1, message_id);
		db_bind_int64(st, 2, game);
		if (steps[i] == SG_MAIL_ADD)
			store_game_bind_id(st, 3, player);
		if (store_game_run(s, steps[i], st, cause) == -1)
			return (-1);
	}
	return (0);
}

/*
 * The game mail message_id was about: 1, *game and *player (its
 * recipient, 0 for none), 0 if none, -1.
 */
int
store_mail_game(struct store *s, const char *message_id, long long *game,
    long long *player, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_game_stmt(s, SG_MAIL_GAME, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, message_id);
	if ((rc = db_step(st)) == DB_ROW) {
		*game = db_column_int64(st, 0);
		*player = db_column_int64(st, 1);	/* 0 if NULL */
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, "cannot read the game mail"));
	return (rc == DB_ROW);
}

/* The last mail about game to each of its recipients, oldest first. */
int
store_mail_last(struct store *s, long long game, struct store_outmail **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_outmail	*m;
	int			 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_game_stmt(s, SG_MAIL_LAST, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		m = &(*out)[(*n)++];
		store_outmail_row(st, m);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		while (*n > 0)
			store_outmail_free(&(*out)[--(*n)]);
		free(*out);
		*out = NULL;
		return (store_fail(s, cause, "cannot read the outbox"));
	}
	return (0);
}
