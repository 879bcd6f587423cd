#include "config.h"

#include <sys/wait.h>

#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "store.h"
#include "test-db.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The store on a real SQLite file: handled mail survives reopening,
 * a rolled-back transaction leaves nothing, the outbox hands mail out
 * in due order and keeps failures for later, a game's timers are
 * set to what it wants, moved in place where they were, a store from a
 * newer mupbem is refused, and a tournament paused or with an entrant
 * replaced reads back so.
 */

static char	*dir, *path;

static void	setup(void);
static void	teardown(void);

static void
setup(void)
{
	dir = test_util_tmpdir("store");
	path = test_db_target(dir);
}

static void
teardown(void)
{
	test_util_rmtree(dir);
	free(path);
	free(dir);
}

START_TEST(test_handled)
{
	struct store	*s;
	char		*cause = NULL;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_handled(s, "a@x", &cause), 0);
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_handle(s, "a@x", "new/1", 100, &cause), 0);
	ck_assert_int_eq(store_commit(s, &cause), 0);
	ck_assert_int_eq(store_handled(s, "a@x", &cause), 1);
	/* Recording the same mail twice is an error, not a second row. */
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_handle(s, "a@x", "new/1", 101, &cause), -1);
	ck_assert_ptr_nonnull(strstr(cause, test_db_pg() ?
	    "violates unique constraint" : "UNIQUE constraint failed"));
	free(cause);
	cause = NULL;
	store_rollback(s);
	store_close(s);

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_handled(s, "a@x", &cause), 1);
	ck_assert_int_eq(store_handled(s, "b@x", &cause), 0);
	store_close(s);
}
END_TEST

/*
 * A mail's tries: added, their reason replaced, one taken back,
 * cleared inside a transaction that is rolled back (still there) and
 * one that commits (gone); and whether a failure refused the data
 * (SQLite tells a constraint from the store failing; PostgreSQL says
 * never).
 */
START_TEST(test_tries)
{
	struct store	*s;
	char		*cause = NULL, *why = NULL;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_tries_get(s, "sha256:aa", &why, &cause), 0);
	ck_assert_ptr_null(why);
	ck_assert_int_eq(store_tries_note(s, "sha256:aa", STORE_TRIES_ADD,
	    "died", 100, &cause), 1);
	ck_assert_int_eq(store_tries_note(s, "sha256:aa", STORE_TRIES_ADD,
	    "died", 101, &cause), 2);
	ck_assert_int_eq(store_tries_note(s, "sha256:aa", STORE_TRIES_WHY,
	    "refused", 102, &cause), 2);
	ck_assert_int_eq(store_tries_note(s, "sha256:bb", STORE_TRIES_ADD,
	    NULL, 102, &cause), 1);
	ck_assert_int_eq(store_tries_note(s, "sha256:aa", STORE_TRIES_UNDO,
	    "outage", 103, &cause), 1);
	ck_assert_int_eq(store_tries_get(s, "sha256:aa", &why, &cause), 1);
	ck_assert_str_eq(why, "refused");
	free(why);
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_tries_clear(s, "sha256:aa", &cause), 0);
	store_rollback(s);
	ck_assert_int_eq(store_tries_get(s, "sha256:aa", &why, &cause), 1);
	free(why);
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_tries_clear(s, "sha256:aa", &cause), 0);
	ck_assert_int_eq(store_commit(s, &cause), 0);
	ck_assert_int_eq(store_tries_get(s, "sha256:aa", &why, &cause), 0);
	ck_assert_int_eq(store_tries_note(s, "sha256:bb", STORE_TRIES_CLEAR,
	    NULL, 104, &cause), 0);
	ck_assert_int_eq(store_tries_get(s, "sha256:bb", &why, &cause), 0);

	/* A mail recorded twice is refused; a closed store is not. */
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_handle(s, "a@x", "new/1", 100, &cause), 0);
	ck_assert_int_eq(store_handle(s, "a@x", "new/1", 100, &cause), -1);
	free(cause);
	cause = NULL;
	ck_assert_int_eq(store_refused(s), !test_db_pg());
	store_rollback(s);
	ck_assert_int_eq(store_refused(s), 0);
	store_close(s);
}
END_TEST

/* Nothing of a rolled-back handling is left: no mark, no reply. */
START_TEST(test_rollback)
{
	struct store		*s;
	struct store_outmail	 m;
	char			*cause = NULL;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_handle(s, "a@x", "new/1", 100, &cause), 0);
	ck_assert_int_eq(store_queue(s, "r@m", "games@m", "bob@x",
	    "Subject: r\n\nok\n", 15, 100, 0, &cause), 0);
	store_rollback(s);
	ck_assert_int_eq(store_handled(s, "a@x", &cause), 0);
	ck_assert_int_eq(store_due(s, 1000, &m, &cause), 0);
	ck_assert_int_eq(store_next_try(s), -1);
	store_close(s);
}
END_TEST

/* Due order, failures with a later try, sent mail gone from view. */
START_TEST(test_outbox)
{
	struct store		*s;
	struct store_outmail	 m;
	char			*cause = NULL;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_queue(s, "r1@m", "games@m", "bob@x",
	    "one", 3, 100, 0, &cause), 0);
	ck_assert_int_eq(store_queue(s, "r2@m", "games@m", "amy@x",
	    "two\0bytes", 9, 101, 0, &cause), 0);
	ck_assert_int_eq(store_next_try(s), 100);
	ck_assert_int_eq(store_due(s, 99, &m, &cause), 0);

	ck_assert_int_eq(store_due(s, 200, &m, &cause), 1);
	ck_assert_str_eq(m.message_id, "r1@m");
	ck_assert_str_eq(m.rcpt, "bob@x");
	ck_assert_str_eq(m.data, "one");
	ck_assert_int_eq(m.attempts, 0);
	ck_assert_int_eq(store_failed(s, m.id, "connection refused", 260,
	    &cause), 0);
	store_outmail_free(&m);

	ck_assert_int_eq(store_due(s, 200, &m, &cause), 1);
	ck_assert_str_eq(m.message_id, "r2@m");
	ck_assert_uint_eq(m.len, 9);
	ck_assert_int_eq(memcmp(m.data, "two\0bytes", 9), 0);
	ck_assert_int_eq(store_sent(s, m.id, 200, &cause), 0);
	store_outmail_free(&m);

	ck_assert_int_eq(store_due(s, 200, &m, &cause), 0);
	ck_assert_int_eq(store_next_try(s), 260);
	store_close(s);

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_due(s, 260, &m, &cause), 1);
	ck_assert_str_eq(m.message_id, "r1@m");
	ck_assert_int_eq(m.attempts, 1);
	store_outmail_free(&m);
	/* A reply is queued once: its Message-ID is unique. */
	ck_assert_int_eq(store_queue(s, "r1@m", "games@m", "bob@x", "one", 3,
	    300, 0, &cause), -1);
	free(cause);
	store_close(s);
}
END_TEST

/*
 * A claimed mail is not handed out twice; a dead claimant's comes back,
 * and so does this process's when it says it holds none.
 */
START_TEST(test_claims)
{
	struct store		*s;
	struct store_outmail	 m;
	char			*cause = NULL;
	pid_t			 pid;
	int			 status;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_queue(s, "c1@m", "games@m", "bob@x", "one", 3,
	    100, 0, &cause), 0);
	store_close(s);
	if ((pid = fork()) == 0) {
		/* Claim the mail and die without a word. */
		s = store_open(path, &cause);
		_exit(s != NULL && store_due(s, 100, &m, &cause) == 1 ? 0 : 1);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_due(s, 100, &m, &cause), 0);
	ck_assert_int_eq(store_release(s, 101, &cause), 1);
	ck_assert_int_eq(store_due(s, 101, &m, &cause), 1);
	ck_assert_str_eq(m.message_id, "c1@m");
	store_outmail_free(&m);
	/* Claimed by this live process: neither due nor released. */
	ck_assert_int_eq(store_due(s, 101, &m, &cause), 0);
	ck_assert_int_eq(store_release(s, 102, &cause), 0);
	/* Unless it says it holds none: a failed commit may have claimed. */
	ck_assert_int_eq(store_unclaim(s, 103, &cause), 1);
	ck_assert_int_eq(store_due(s, 103, &m, &cause), 1);
	ck_assert_str_eq(m.message_id, "c1@m");
	store_outmail_free(&m);
	store_close(s);
}
END_TEST

/* An empty file, and a schema-1 store, both reach this schema. */
START_TEST(test_migrations)
{
	static const char	*tables[] = { "handled", "outbox", "players",
				    "games", "seats", "actions", "observers" };
	struct store		*s;
	sqlite3			*db;
	sqlite3_stmt		*st;
	char			*cause = NULL, *sql;
	size_t			 i;

	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(db, "CREATE TABLE handled (id TEXT "
	    "PRIMARY KEY, source_key TEXT, at INTEGER NOT NULL); "
	    "CREATE TABLE outbox (id INTEGER PRIMARY KEY, message_id TEXT NOT "
	    "NULL UNIQUE, sender TEXT NOT NULL, rcpt TEXT NOT NULL, data BLOB "
	    "NOT NULL, created INTEGER NOT NULL, attempts INTEGER NOT NULL "
	    "DEFAULT 0, next_try INTEGER NOT NULL, last_error TEXT, sent "
	    "INTEGER, given_up INTEGER NOT NULL DEFAULT 0, claim_pid "
	    "INTEGER); INSERT INTO handled VALUES ('old@x', 'new/1', 5); "
	    "PRAGMA user_version = 1;", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_handled(s, "old@x", &cause), 1);
	store_close(s);

	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(db, "PRAGMA user_version", -1,
	    &st, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(st, 0), STORE_VERSION);
	sqlite3_finalize(st);
	for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		xasprintf(&sql, "SELECT count(*) FROM %s", tables[i]);
		ck_assert_msg(sqlite3_exec(db, sql, NULL, NULL, NULL) ==
		    SQLITE_OK, "no table %s", tables[i]);
		free(sql);
	}
	/* Foreign keys are on for the store's own connection only. */
	sqlite3_close(db);
	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	store_close(s);
}
END_TEST

/* Players, games, seats, observers and game mail, as the service uses them. */
/*
 * A store of schema 3 counted a game's turns in games.move and had no
 * topics; opening it names the column turns, keeps every count and
 * adds the topic column, empty for the games it has.
 */
START_TEST(test_migrate_turns)
{
	struct store		*s;
	struct store_game	 g;
	struct store_player	 p;
	sqlite3			*db;
	char			*cause = NULL;
	long long		 id;
	int			 proven;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_game_add(s, "velox", "players=2", "rec",
	    "Mu velox: A v B", 20, &id, &cause), 0);
	ck_assert_int_eq(store_game_update(s, id, "playing", "rec", 7, 21,
	    &cause), 0);
	ck_assert_int_eq(store_player_add(s, "old@example.org", "s1", 10, &p,
	    &cause), 0);
	store_close(s);
	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	/* Back to schema 3: without what schemas 4 to 17 add. */
	ck_assert_int_eq(sqlite3_exec(db, "DROP TABLE event_threads; "
	    "DROP TABLE organiser_notes; DROP TABLE stalls; "
	    "DROP INDEX games_stall; DROP TABLE mail_tries; "
	    "DROP TABLE outbox_last; "
	    "DROP TABLE outbox_old; ALTER TABLE outbox DROP "
	    "COLUMN claim_host; DROP INDEX players_name; "
	    "DROP INDEX game_mail_player; DROP INDEX actions_player; "
	    "DROP INDEX observers_player; ALTER TABLE players DROP COLUMN "
	    "proven; ALTER TABLE games DROP COLUMN held; "
	    "DROP TRIGGER touched_game_insert; "
	    "DROP TRIGGER touched_game_update; DROP TRIGGER "
	    "touched_seat_insert; DROP TRIGGER touched_seat_update; "
	    "DROP TABLE touched; DROP TABLE senders; DROP TABLE "
	    "recipients; "
	    "DROP TABLE robot_jobs; "
	    "DROP INDEX games_tournament; "
	    "DROP INDEX games_inviting; ALTER TABLE games DROP COLUMN rated; "
	    "ALTER TABLE games DROP COLUMN finished; ALTER TABLE games DROP "
	    "COLUMN tournament; ALTER TABLE games DROP COLUMN seek; ALTER "
	    "TABLE seats DROP COLUMN rank; DROP TABLE ratings; DROP TABLE "
	    "rating_history; DROP TABLE entrants; DROP TABLE pairings; DROP "
	    "TABLE tournaments; DROP TABLE members; DROP TABLE leagues; "
	    "ALTER TABLE games RENAME COLUMN "
	    "turns TO move; ALTER TABLE games DROP COLUMN topic; "
	    "DROP INDEX games_deadline; ALTER TABLE games DROP COLUMN clock; "
	    "ALTER TABLE games DROP COLUMN clock_seat; ALTER TABLE games DROP "
	    "COLUMN clock_since; ALTER TABLE games DROP COLUMN clock_turn; "
	    "ALTER TABLE games DROP COLUMN reminded; ALTER TABLE games DROP "
	    "COLUMN ending; ALTER TABLE games DROP COLUMN result; ALTER TABLE "
	    "seats DROP COLUMN bank; ALTER TABLE seats DROP COLUMN out; "
	    "ALTER TABLE players DROP COLUMN away_until; DROP TABLE timers; "
	    "DROP TABLE vacations; DROP TABLE addresses; "
	    "PRAGMA user_version = 3;", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_game_get(s, id, &g, &cause), 1);
	ck_assert_int_eq(g.turns, 7);
	ck_assert_str_eq(g.status, "playing");
	ck_assert_ptr_null(g.topic);	/* a game older than topics */
	ck_assert_int_eq(g.held, 0);
	store_game_free(&g);
	/* A player known before schema 11 is proven. */
	ck_assert_int_eq(store_proof_get(s, p.id, &proven, &cause), 0);
	ck_assert_int_eq(proven, 1);
	store_player_free(&p);
	store_close(s);
}
END_TEST

/*
 * Proof of address (schema 11): a new player is unproven until proven;
 * a held game is listed for its creator while it invites and held.
 */
START_TEST(test_proof)
{
	struct store		*s;
	struct store_player	 a, b;
	struct store_game	 g;
	char			*cause = NULL;
	long long		 id, *v;
	size_t			 n;
	int			 proven;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_player_add(s, "a@example.org", "s1", 10, &a,
	    &cause), 0);
	ck_assert_int_eq(store_player_add(s, "b@example.org", "s2", 10, &b,
	    &cause), 0);
	ck_assert_int_eq(store_proof_get(s, a.id, &proven, &cause), 0);
	ck_assert_int_eq(proven, 0);
	ck_assert_int_eq(store_game_add(s, "velox", "players=2", "rec",
	    "Mu velox: A v B", 20, &id, &cause), 0);
	ck_assert_int_eq(store_seat_add(s, id, 0, a.id, "accepted", &cause),
	    0);
	ck_assert_int_eq(store_seat_add(s, id, 1, b.id, "invited", &cause), 0);
	ck_assert_int_eq(store_proof_held(s, a.id, &v, &n, &cause), 0);
	ck_assert_uint_eq(n, 0);
	free(v);
	ck_assert_int_eq(store_proof_hold(s, id, 1, &cause), 0);
	ck_assert_int_eq(store_game_get(s, id, &g, &cause), 1);
	ck_assert_int_eq(g.held, 1);
	store_game_free(&g);
	ck_assert_int_eq(store_proof_held(s, a.id, &v, &n, &cause), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(v[0], id);
	free(v);
	/* The invitee made no game. */
	ck_assert_int_eq(store_proof_held(s, b.id, &v, &n, &cause), 0);
	ck_assert_uint_eq(n, 0);
	free(v);
	ck_assert_int_eq(store_proof_set(s, a.id, &cause), 0);
	ck_assert_int_eq(store_proof_get(s, a.id, &proven, &cause), 0);
	ck_assert_int_eq(proven, 1);
	ck_assert_int_eq(store_proof_get(s, b.id, &proven, &cause), 0);
	ck_assert_int_eq(proven, 0);
	store_player_free(&a);
	store_player_free(&b);
	store_close(s);
}
END_TEST

/*
 * The games the archive has to write again: every change marks its
 * game, and letting go of a game at a change keeps it if it changed
 * again since (schema 10).
 */
START_TEST(test_touched)
{
	struct store		*s;
	struct store_touched	*v, *w;
	char			*cause = NULL;
	long long		 a, b;
	int			 n;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_game_add(s, "velox", "players=2", "rec",
	    "Mu velox: A v B", 20, &a, &cause), 0);
	ck_assert_int_eq(store_game_add(s, "mur", "", "rec", "Mur: A v B", 20,
	    &b, &cause), 0);
	ck_assert_int_eq(n = store_touched_some(s, 10, &v, &cause), 2);
	ck_assert_int_eq(v[0].game, a);
	ck_assert_int_eq(v[1].game, b);
	/* a changes while its page is written: it stays due. */
	ck_assert_int_eq(store_game_update(s, a, "playing", "rec", 1, 21,
	    &cause), 0);
	ck_assert_int_eq(store_touched_done(s, v, 2, &cause), 0);
	free(v);
	ck_assert_int_eq(n = store_touched_some(s, 10, &v, &cause), 1);
	ck_assert_int_eq(v[0].game, a);
	ck_assert_int_eq(store_touched_done(s, v, 1, &cause), 0);
	ck_assert_int_eq(store_touched_some(s, 10, &w, &cause), 0);
	free(v);
	free(w);
	store_close(s);
}
END_TEST

/* The timer due first, checked to be of kind at at, for game and seat. */
static long long
due(struct store *s, const char *kind, long long at, long long game,
    int seat)
{
	struct store_timer	 t;
	char			*cause = NULL;

	ck_assert_int_eq(store_timer_due(s, 1000, &t, &cause), 1);
	ck_assert_str_eq(t.kind, kind);
	ck_assert_int_eq(t.at, at);
	ck_assert_int_eq(t.game, game);
	ck_assert_int_eq(t.seat, seat);
	return (t.id);
}

START_TEST(test_timers)
{
	struct store		*s;
	struct store_timer	 want[STORE_TIMERS_GAME];
	char			*cause = NULL;
	long long		 id, other, first;

	memset(want, 0, sizeof want);
	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_game_add(s, "velox", "players=2", "rec",
	    "Mu velox: A v B", 20, &id, &cause), 0);
	ck_assert_int_eq(store_game_add(s, "velox", "players=2", "rec",
	    "Mu velox: C v D", 20, &other, &cause), 0);
	snprintf(want[0].kind, sizeof want[0].kind, "remind");
	want[0].at = 100;
	want[0].seat = 0;
	snprintf(want[1].kind, sizeof want[1].kind, "timeout");
	want[1].at = 200;
	want[1].seat = 0;
	ck_assert_int_eq(store_timers_set(s, id, want, 2, &cause), 0);
	first = due(s, "remind", 100, id, 0);
	/* Added last: a timer added again would not take a freed id. */
	ck_assert_int_eq(store_timer_add(s, 500, "timeout", other, 0, -1,
	    &cause), 0);

	/* The next turn: the same two kinds, moved in place. */
	want[0].at = 150;
	want[0].seat = want[1].seat = 1;
	want[1].at = 300;
	ck_assert_int_eq(store_timers_set(s, id, want, 2, &cause), 0);
	ck_assert_int_eq(due(s, "remind", 150, id, 1), first);

	/* Reminded: the reminder goes, the timeout stays. */
	want[0] = want[1];
	want[0].at = 400;
	ck_assert_int_eq(store_timers_set(s, id, want, 1, &cause), 0);
	due(s, "timeout", 400, id, 1);

	/* Invited again (an expiry), then none: the other game's stays. */
	memset(want, 0, sizeof want);
	snprintf(want[0].kind, sizeof want[0].kind, "expire");
	want[0].at = 50;
	want[0].seat = -1;
	ck_assert_int_eq(store_timers_set(s, id, want, 1, &cause), 0);
	due(s, "expire", 50, id, -1);
	ck_assert_int_eq(store_timers_set(s, id, want, 0, &cause), 0);
	due(s, "timeout", 500, other, 0);

	/* More than a game makes, from elsewhere: all cleared, as wanted. */
	for (first = 0; first < STORE_TIMERS_GAME + 2; first++) {
		ck_assert_int_eq(store_timer_add(s, 10 + first, "remind", id,
		    0, -1, &cause), 0);
	}
	ck_assert_int_eq(store_timers_set(s, id, want, 1, &cause), 0);
	due(s, "expire", 50, id, -1);
	ck_assert_int_eq(store_commit(s, &cause), 0);
	store_close(s);
}
END_TEST

START_TEST(test_games)
{
	struct store		*s;
	struct store_player	 a, b, p, *obs;
	struct store_game	 g, *list;
	struct store_seat	*seats;
	struct store_outmail	*mails;
	char			*cause = NULL;
	long long		 id, game, player;
	size_t			 n;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_player_add(s, "alice@example.org", "s1", 10, &a,
	    &cause), 0);
	ck_assert_int_eq(store_player_add(s, "bob@example.org", "s2", 10, &b,
	    &cause), 0);
	/* Addresses are one player whatever their case. */
	ck_assert_int_eq(store_player_add(s, "Alice@Example.org", "s3", 11,
	    &p, &cause), -1);
	free(cause);
	cause = NULL;
	ck_assert_int_eq(store_player_get(s, "ALICE@example.org", &p, &cause),
	    1);
	ck_assert_int_eq(p.id, a.id);
	ck_assert_str_eq(p.secret, "s1");
	ck_assert_ptr_null(p.name);
	store_player_free(&p);
	ck_assert_int_eq(store_player_rename(s, a.id, "Alice", &cause), 0);
	ck_assert_int_eq(store_player_by_id(s, a.id, &p, &cause), 1);
	ck_assert_str_eq(p.name, "Alice");
	store_player_free(&p);
	ck_assert_int_eq(store_player_get(s, "carol@example.org", &p, &cause),
	    0);

	ck_assert_int_eq(store_game_add(s, "velox", "players=2", "rec",
	    "Mu velox: A v B", 20, &id, &cause), 0);
	ck_assert_int_eq(store_seat_add(s, id, 0, a.id, "accepted", &cause), 0);
	ck_assert_int_eq(store_seat_add(s, id, 1, 0, "open", &cause), 0);
	ck_assert_int_eq(store_seat_set(s, id, 1, b.id, "accepted", &cause), 0);
	ck_assert_int_eq(store_seats(s, id, &seats, &n, &cause), 0);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(seats[1].player.address, "bob@example.org");
	ck_assert_str_eq(seats[1].state, "accepted");
	store_seats_free(seats, n);
	ck_assert_int_eq(store_game_update(s, id, "playing", "rec 2", 1, 30,
	    &cause), 0);
	ck_assert_int_eq(store_game_thread(s, id, "t1@x", &cause), 0);
	ck_assert_int_eq(store_game_thread(s, id, "t2@x", &cause), 0);
	ck_assert_int_eq(store_game_get(s, id, &g, &cause), 1);
	ck_assert_str_eq(g.status, "playing");
	ck_assert_str_eq(g.record, "rec 2");
	ck_assert_str_eq(g.thread, "t1@x");
	ck_assert_int_eq(g.turns, 1);
	ck_assert_str_eq(g.topic, "Mu velox: A v B");
	store_game_free(&g);
	ck_assert_int_eq(store_game_get(s, id + 1, &g, &cause), 0);
	/* A status the schema does not know is refused. */
	ck_assert_int_eq(store_game_update(s, id, "paused", "x", 1, 30,
	    &cause), -1);
	free(cause);
	cause = NULL;
	ck_assert_int_eq(store_game_list(s, b.id, &list, &n, &cause), 0);
	ck_assert_int_eq(n, 1);
	store_game_list_free(list, n);

	ck_assert_int_eq(store_action_add(s, id, a.id, 1, "a", "m1@x", 30,
	    &cause), 0);
	ck_assert_int_eq(store_action_add(s, id, a.id, 1, "b", "m2@x", 30,
	    &cause), -1);
	free(cause);
	cause = NULL;
	ck_assert_int_eq(store_observe(s, id, b.id, 1, &cause), 1);
	ck_assert_int_eq(store_observe(s, id, b.id, 1, &cause), 0);
	ck_assert_int_eq(store_observers(s, id, &obs, &n, &cause), 0);
	ck_assert_int_eq(n, 1);
	store_players_free(obs, n);
	ck_assert_int_eq(store_observe(s, id, b.id, 0, &cause), 1);

	ck_assert_int_eq(store_queue(s, "o1@x", "g@x", "bob@example.org", "A",
	    1, 30, 1, &cause), 0);
	ck_assert_int_eq(store_queue(s, "o2@x", "g@x", "bob@example.org", "B",
	    1, 31, 1, &cause), 0);
	ck_assert_int_eq(store_queue(s, "o3@x", "g@x", "bob@example.org", "C",
	    1, 32, 0, &cause), 0);
	ck_assert_int_eq(store_mail_add(s, "o1@x", id, b.id, &cause), 0);
	ck_assert_int_eq(store_mail_add(s, "o2@x", id, b.id, &cause), 0);
	ck_assert_int_eq(store_mail_game(s, "o2@x", &game, &player, &cause), 1);
	ck_assert_int_eq(game, id);
	ck_assert_int_eq(player, b.id);
	ck_assert_int_eq(store_mail_game(s, "nope@x", &game, &player,
	    &cause), 0);
	ck_assert_int_eq(store_mail_last(s, id, &mails, &n, &cause), 0);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(mails[0].message_id, "o2@x");
	store_outmail_free(&mails[0]);
	free(mails);
	/*
	 * Sent, the game's mail before its last and the mail about no
	 * game are pruned; the last is kept, its text whole.
	 */
	for (game = 1; game <= 3; game++)
		ck_assert_int_eq(store_sent(s, game, 40, &cause), 0);
	ck_assert_int_eq(store_prune(s, 50, 10, &cause), 2);
	ck_assert_int_eq(store_mail_last(s, id, &mails, &n, &cause), 0);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(mails[0].data, "B");
	store_outmail_free(&mails[0]);
	free(mails);
	ck_assert_int_eq(store_commit(s, &cause), 0);
	store_player_free(&a);
	store_player_free(&b);
	store_close(s);
}
END_TEST

/*
 * A further address: waiting, it finds nobody; confirmed, it finds its
 * player.  A player with no seat merges into another; one with a seat
 * does not.  A confirmation mail is found by its id, recipient and
 * code.
 */
START_TEST(test_addresses)
{
	struct store		*s;
	struct store_player	 a, b, c, p;
	struct store_address	 r, *list;
	char			*cause = NULL, *sender;
	long long		 id;
	size_t			 n;
	int			 games;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_player_add(s, "alice@example.org", "s1", 10, &a,
	    &cause), 0);
	ck_assert_int_eq(store_player_add(s, "al@work.example", "s2", 10, &b,
	    &cause), 0);
	ck_assert_int_eq(store_player_add(s, "carol@example.org", "s3", 10, &c,
	    &cause), 0);
	ck_assert_int_eq(store_address_add(s, "Al@Work.example", a.id,
	    "12345678", 20, &cause), 0);
	ck_assert_int_eq(store_address_get(s, "al@work.EXAMPLE", &r, &cause),
	    1);
	ck_assert_int_eq(r.player, a.id);
	ck_assert_str_eq(r.code, "12345678");
	ck_assert_int_eq(r.confirmed, -1);
	ck_assert_int_eq(r.created, 20);
	store_address_free(&r);
	ck_assert_int_eq(store_address_code(s, "12345678", &r, &cause), 1);
	ck_assert_str_eq(r.address, "Al@Work.example");
	store_address_free(&r);
	ck_assert_int_eq(store_address_code(s, "87654321", &r, &cause), 0);
	/* Waiting, the address is still its own player's. */
	ck_assert_int_eq(store_player_get(s, "al@work.example", &p, &cause),
	    1);
	ck_assert_int_eq(p.id, b.id);
	store_player_free(&p);

	ck_assert_int_eq(store_queue(s, "c1@x", "g@x", "al@work.example",
	    "Subject: x\n\n    confirm 12345678\n", 33, 20, 0, &cause), 0);
	ck_assert_int_eq(store_address_sent(s, "c1@x", "AL@work.example",
	    "confirm 12345678", &cause), 1);
	ck_assert_int_eq(store_address_sent(s, "c1@x", "carol@example.org",
	    "confirm 12345678", &cause), 0);
	ck_assert_int_eq(store_address_sent(s, "c1@x", "al@work.example",
	    "confirm 11111111", &cause), 0);
	ck_assert_int_eq(store_address_sender(s, "Al@work.example", &sender,
	    &cause), 1);
	ck_assert_str_eq(sender, "g@x");
	free(sender);
	ck_assert_int_eq(store_address_sender(s, "nobody@x", &sender, &cause),
	    0);

	/* A player with a seat cannot merge; one without can. */
	ck_assert_int_eq(store_game_add(s, "velox", "players=2", "rec", "t",
	    20, &id, &cause), 0);
	ck_assert_int_eq(store_seat_add(s, id, 0, c.id, "accepted", &cause),
	    0);
	ck_assert_int_eq(store_address_games(s, c.id, &games, &cause), 0);
	ck_assert_int_eq(games, 1);
	ck_assert_int_eq(store_address_merge(s, c.id, a.id, &cause), -1);
	ck_assert_ptr_nonnull(strstr(cause, test_db_pg() ? "violates foreign "
	    "key constraint" : "FOREIGN KEY constraint failed"));
	free(cause);
	cause = NULL;
	ck_assert_int_eq(store_observe(s, id, b.id, 1, &cause), 1);
	ck_assert_int_eq(store_address_games(s, b.id, &games, &cause), 0);
	ck_assert_int_eq(games, 0);
	ck_assert_int_eq(store_address_merge(s, b.id, a.id, &cause), 0);
	ck_assert_int_eq(store_player_by_id(s, b.id, &p, &cause), 0);
	ck_assert_int_eq(store_address_confirm(s, "al@work.example", 30,
	    &cause), 0);
	ck_assert_int_eq(store_player_get(s, "AL@WORK.example", &p, &cause),
	    1);
	ck_assert_int_eq(p.id, a.id);
	ck_assert_str_eq(p.address, "alice@example.org");
	store_player_free(&p);
	ck_assert_int_eq(store_address_code(s, "12345678", &r, &cause), 0);
	ck_assert_int_eq(store_address_list(s, a.id, &list, &n, &cause), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(list[0].confirmed, 30);
	ck_assert_ptr_null(list[0].code);
	store_address_list_free(list, n);
	ck_assert_int_eq(store_observe(s, id, a.id, 0, &cause), 1);

	/* The main address moves; the old one finds nobody. */
	ck_assert_int_eq(store_address_move(s, a.id, "alice@new.example",
	    &cause), 0);
	ck_assert_int_eq(store_player_get(s, "alice@example.org", &p, &cause),
	    0);
	ck_assert_int_eq(store_player_get(s, "alice@new.example", &p, &cause),
	    1);
	ck_assert_int_eq(p.id, a.id);
	store_player_free(&p);
	ck_assert_int_eq(store_address_del(s, "al@work.example", &cause), 1);
	ck_assert_int_eq(store_address_del(s, "al@work.example", &cause), 0);
	ck_assert_int_eq(store_player_get(s, "al@work.example", &p, &cause),
	    0);
	ck_assert_int_eq(store_commit(s, &cause), 0);
	store_player_free(&a);
	store_player_free(&b);
	store_player_free(&c);
	store_close(s);
}
END_TEST

START_TEST(test_newer)
{
	struct store	*s;
	struct db	*db;
	char		*cause = NULL, *want;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	store_close(s);
	ck_assert_ptr_nonnull(db = db_open(path, &cause));
	ck_assert_int_eq(db_begin(db), 0);
	ck_assert_int_eq(db_set_version(db, STORE_VERSION + 1), 0);
	ck_assert_int_eq(db_commit(db), 0);
	db_close(db);
	ck_assert_ptr_null(s = store_open(path, &cause));
	xasprintf(&want, "store %s: written by a newer mupbem (schema %d; this "
	    "one knows %d)", path, STORE_VERSION + 1, STORE_VERSION);
	ck_assert_str_eq(cause, want);
	free(want);
	free(cause);
}
END_TEST

START_TEST(test_unusable)
{
	char	*cause = NULL;

	ck_assert_ptr_null(store_open("/proc/no/such/dir/x.db", &cause));
	ck_assert_str_eq(cause, "store /proc/no/such/dir/x.db: cannot open: "
	    "unable to open database file");
	free(cause);
}
END_TEST

/*
 * A paused tournament reads back as paused with its round (it is kept
 * as playing with the round negated), and store_entrant_replace() gives
 * one entrant's row and every table of theirs to another player.
 */
START_TEST(test_tournament)
{
	struct store		*s;
	struct store_player	 a, b, c;
	struct store_tournament	 t, got;
	struct store_entrant	*e;
	struct store_pairing	 p, *v;
	char			*cause = NULL;
	size_t			 n;

	ck_assert_ptr_nonnull(s = store_open(path, &cause));
	ck_assert_int_eq(store_begin(s, &cause), 0);
	ck_assert_int_eq(store_player_add(s, "a@example.org", "s1", 10, &a,
	    &cause), 0);
	ck_assert_int_eq(store_player_add(s, "b@example.org", "s2", 10, &b,
	    &cause), 0);
	ck_assert_int_eq(store_player_add(s, "c@example.org", "s3", 10, &c,
	    &cause), 0);
	memset(&t, 0, sizeof t);
	t.name = (char *)"Spring";
	t.variant = (char *)"velox";
	t.format = (char *)"roundrobin";
	t.seats = 2;
	t.rated = 1;
	t.starts = -1;
	t.organiser = a.id;
	t.state = (char *)"open";
	t.league = -1;
	t.created = 10;
	ck_assert_int_eq(store_tournament_add(s, &t, &cause), 0);
	ck_assert_int_eq(store_entrant_add(s, t.id, a.id, 1, 0, 10, &cause),
	    0);
	ck_assert_int_eq(store_entrant_add(s, t.id, b.id, 2, 0, 10, &cause),
	    0);
	memset(&p, 0, sizeof p);
	p.round = 1;
	p.board = 1;
	p.leg = 1;
	p.game = -1;
	p.n = 2;
	p.players[0] = b.id;
	p.players[1] = a.id;
	p.ranks[0] = 1;
	p.ranks[1] = 2;
	ck_assert_int_eq(store_pairing_add(s, t.id, &p, &cause), 0);

	ck_assert_int_eq(store_tournament_state(s, t.id, "paused", 2, &cause),
	    0);
	ck_assert_int_eq(store_tournament_get(s, t.id, NULL, &got, &cause), 1);
	ck_assert_str_eq(got.state, "paused");
	ck_assert_int_eq(got.round, 2);
	store_tournament_free(&got);
	ck_assert_int_eq(store_tournament_state(s, t.id, "playing", 2,
	    &cause), 0);
	ck_assert_int_eq(store_tournament_get(s, -1, "Spring", &got, &cause),
	    1);
	ck_assert_str_eq(got.state, "playing");
	ck_assert_int_eq(got.round, 2);
	store_tournament_free(&got);

	ck_assert_int_eq(store_entrant_replace(s, t.id, a.id, c.id, &cause),
	    0);
	ck_assert_int_eq(store_entrants(s, t.id, &e, &n, &cause), 0);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(e[0].player.address, "c@example.org");
	ck_assert_int_eq(e[0].number, 1);
	ck_assert_str_eq(e[1].player.address, "b@example.org");
	store_entrants_free(e, n);
	ck_assert_int_eq(store_pairings(s, t.id, 0, &v, &n, &cause), 0);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(v[0].n, 2);
	ck_assert_int_eq(v[0].players[0], b.id);
	ck_assert_int_eq(v[0].players[1], c.id);
	store_pairings_free(v, n);
	ck_assert_int_eq(store_commit(s, &cause), 0);
	store_player_free(&a);
	store_player_free(&b);
	store_player_free(&c);
	store_close(s);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("store");
	TCase	*tc = tcase_create("store");

	/* The slowest test: 0.5 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_handled);
	tcase_add_test(tc, test_tries);
	tcase_add_test(tc, test_rollback);
	tcase_add_test(tc, test_outbox);
	tcase_add_test(tc, test_claims);
	/* These make old stores, and a bad path, as SQLite files. */
	if (!test_db_pg()) {
		tcase_add_test(tc, test_migrations);
		tcase_add_test(tc, test_migrate_turns);
		tcase_add_test(tc, test_unusable);
	} else
		printf("check_store: on PostgreSQL, test_migrations, "
		    "test_migrate_turns and test_unusable skipped: they write "
		    "old stores with SQLite\n");
	tcase_add_test(tc, test_games);
	tcase_add_test(tc, test_timers);
	tcase_add_test(tc, test_touched);
	tcase_add_test(tc, test_proof);
	tcase_add_test(tc, test_addresses);
	tcase_add_test(tc, test_newer);
	tcase_add_test(tc, test_tournament);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
