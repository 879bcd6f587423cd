#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"

#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * One SQLite database, in WAL mode with full synchronous writes, so a
 * committed transaction survives a crash, and with foreign keys on.
 * Its schema version is PRAGMA user_version: opening a store runs the
 * migrations it lacks, each in its own transaction, and a file from a
 * newer mupbem is refused.
 *
 *   handled  one row per mail handled, by its exactly-once id (the
 *            Message-ID, or a digest; message.c)
 *   outbox   mail to send: the whole text, its envelope, how often
 *            sending failed, when to try next, and when it went out
 *            (or was given up, after a permanent failure)
 *   players, games, seats, actions, observers
 *            the game service's tables (schema 2), with room for
 *            leagues and deadlines
 *   senders  per From address, the state of the sender limits
 *            (schema 9; schema 16 adds whether they were told)
 *   game_mail every mail sent about a game, and each game's thread
 *            (schema 3), so that replies find their game; schema 4
 *            names the games' count of turns played "turns", and
 *            schema 5 keeps each game's topic for its mail's subject
 *   event_threads, organiser_notes, stalls
 *            the thread of each tournament's and league's mail, the
 *            organiser's notes kept for a daily digest, and the games
 *            told to their organiser as stalled (schema 17)
 *
 * Every statement a mail can run finds its rows by an index, whatever
 * the store's size (schema 12; tests/check_store_plan.c checks the
 * plans).
 *
 * Exactly once: the daemon, in one transaction, checks that a mail is
 * not handled, records it as handled together with everything its
 * handling changes (its replies in the outbox; later the games), and
 * commits; only then does it acknowledge the mail at its source.  If
 * it dies before the commit nothing happened and the mail comes again;
 * if it dies after, the mail comes again and is found handled.
 *
 * Group commit: the daemon handles several mails in one transaction,
 * each inside a savepoint (store_savepoint()), so that a mail whose
 * handling fails is undone alone and the others commit together, with
 * one sync for all of them.
 *
 * The prepared statements are made once, when the store opens, and
 * kept in one array that store_close() finalizes.
 */

enum {
	STORE_HANDLED,
	STORE_HANDLE,
	STORE_QUEUE,
	STORE_DUE,
	STORE_SENT,
	STORE_FAILED,
	STORE_GAVE_UP,
	STORE_NEXT_TRY,
	STORE_CLAIM,
	STORE_CLAIMED,
	STORE_RELEASE,
	STORE_QUEUE_OLD,
	STORE_PRUNE,
	STORE_PRUNED
};

const char *const store_sql[STORE_NSTMTS] = {
	"SELECT 1 FROM handled WHERE id = ?1",
	"INSERT INTO handled (id, source_key, at) VALUES (?1, ?2, ?3)",
	"INSERT INTO outbox (message_id, sender, rcpt, data, created, "
	    "next_try) VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
	"SELECT id, message_id, sender, rcpt, data, attempts FROM outbox "
	    "WHERE sent IS NULL AND next_try <= ?1 ORDER BY next_try, id "
	    "LIMIT ?2 /*pg FOR UPDATE SKIP LOCKED */",
	"UPDATE outbox SET sent = ?2 WHERE id = ?1",
	"UPDATE outbox SET attempts = attempts + 1, last_error = ?2, "
	    "next_try = ?3 WHERE id = ?1",
	"UPDATE outbox SET attempts = attempts + 1, last_error = ?2, "
	    "sent = ?3, given_up = 1 WHERE id = ?1",
	"SELECT min(next_try) FROM outbox WHERE sent IS NULL",
	"UPDATE outbox SET next_try = ?2, claim_pid = ?4, claim_host = ?5 "
	    "WHERE id = ?1 AND sent IS NULL AND next_try <= ?3",
	"SELECT id, claim_pid FROM outbox WHERE sent IS NULL AND "
	    "claim_pid IS NOT NULL AND coalesce(claim_host, ?1) = ?1",
	"UPDATE outbox SET next_try = ?2, claim_pid = NULL, claim_host = NULL "
	    "WHERE id = ?1",
	"INSERT INTO outbox_old (outbox) SELECT id FROM outbox WHERE "
	    "message_id = ?1",
	/* CROSS JOIN: SQLite walks outbox_old, never the whole outbox. */
	"UPDATE outbox SET data = '' WHERE id IN (SELECT o.id FROM outbox_old "
	    "x CROSS JOIN outbox o WHERE o.id = x.outbox AND o.sent IS NOT "
	    "NULL AND o.sent < ?1 AND length(o.data) > 0 LIMIT ?2)",
	"DELETE FROM outbox_old WHERE outbox IN (SELECT o.id FROM outbox_old "
	    "x CROSS JOIN outbox o WHERE o.id = x.outbox AND length(o.data) = "
	    "0)"
};

/*
 * The migrations, the one description of the schema for both backends:
 * store_migrations[i] takes a store from schema i to i + 1, in one
 * transaction that also records the version.  Each is written in the
 * shared dialect (db.h), which the PostgreSQL backend translates to
 * its own types; pg is PostgreSQL's own text where that cannot be.
 */
struct store_migration {
	const char	*sql;
	const char	*pg;
};

static const struct store_migration store_migrations[] = {
	/* 1: mail handled, and the outbox. */
	{
		"CREATE TABLE handled ("
		"  id TEXT PRIMARY KEY,"
		"  source_key TEXT,"
		"  at INTEGER NOT NULL"
		");"
		"CREATE TABLE outbox ("
		"  id INTEGER PRIMARY KEY,"
		"  message_id TEXT NOT NULL UNIQUE,"
		"  sender TEXT NOT NULL,"
		"  rcpt TEXT NOT NULL,"
		"  data BLOB NOT NULL,"
		"  created INTEGER NOT NULL,"
		"  attempts INTEGER NOT NULL DEFAULT 0,"
		"  next_try INTEGER NOT NULL,"
		"  last_error TEXT,"
		"  sent INTEGER,"
		"  given_up INTEGER NOT NULL DEFAULT 0,"
		"  claim_pid INTEGER"
		");"
		"CREATE INDEX outbox_due ON outbox (next_try) WHERE sent IS NULL;",
		NULL
	},

	/*
	 * 2: players, games, their seats, the action log and observers.
	 * A game keeps its whole record (docs/record.md); league and
	 * deadline leave room for what comes next.
	 */
	{
		"CREATE TABLE players ("
		"  id INTEGER PRIMARY KEY,"
		"  address TEXT NOT NULL UNIQUE COLLATE NOCASE,"
		"  name TEXT,"
		"  secret TEXT NOT NULL,"
		"  settings TEXT NOT NULL DEFAULT '',"
		"  created INTEGER NOT NULL"
		");"
		"CREATE TABLE games ("
		"  id INTEGER PRIMARY KEY,"
		"  variant TEXT NOT NULL,"
		"  options TEXT NOT NULL DEFAULT '',"
		"  status TEXT NOT NULL CHECK (status IN ('inviting', 'open', "
		"    'playing', 'over', 'abandoned')),"
		"  record TEXT NOT NULL,"
		"  move INTEGER NOT NULL DEFAULT 0,"
		"  created INTEGER NOT NULL,"
		"  updated INTEGER NOT NULL,"
		"  league INTEGER,"
		"  deadline INTEGER"
		");"
		"CREATE TABLE seats ("
		"  game INTEGER NOT NULL REFERENCES games (id),"
		"  seat INTEGER NOT NULL,"
		"  player INTEGER REFERENCES players (id),"
		"  invited TEXT,"
		"  state TEXT NOT NULL CHECK (state IN ('invited', 'accepted', "
		"    'open', 'resigned')),"
		"  PRIMARY KEY (game, seat)"
		");"
		"CREATE TABLE actions ("
		"  id INTEGER PRIMARY KEY,"
		"  game INTEGER NOT NULL REFERENCES games (id),"
		"  player INTEGER REFERENCES players (id),"
		"  number INTEGER NOT NULL,"
		"  text TEXT NOT NULL,"
		"  message_id TEXT,"
		"  at INTEGER NOT NULL,"
		"  UNIQUE (game, number)"
		");"
		"CREATE TABLE observers ("
		"  game INTEGER NOT NULL REFERENCES games (id),"
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  PRIMARY KEY (game, player)"
		");",
		NULL
	},

	/*
	 * 3: the mail sent about each game, so that a reply (by its
	 * In-Reply-To or References) finds its game, and each game's
	 * thread: the Message-ID its later mail refers to.
	 */
	{
		"ALTER TABLE games ADD COLUMN thread TEXT;"
		"CREATE TABLE game_mail ("
		"  message_id TEXT PRIMARY KEY,"
		"  game INTEGER NOT NULL REFERENCES games (id),"
		"  player INTEGER REFERENCES players (id)"
		");"
		"CREATE INDEX seats_player ON seats (player);"
		"CREATE INDEX game_mail_game ON game_mail (game);",
		NULL
	},

	/* 4: one word for the count: a game's turns played. */
	{
		"ALTER TABLE games RENAME COLUMN move TO turns;",
		NULL
	},

	/*
	 * 5: each game's topic, "Mu velox: Alice v Bob", fixed when it is
	 * made: every mail about the game has one subject, so that mail
	 * clients keep one thread per game.
	 */
	{
		"ALTER TABLE games ADD COLUMN topic TEXT;",
		NULL
	},

	/*
	 * 6: time.  Each game's time control and the state of its clock
	 * (whose clock runs, since when, from which turn; whether the
	 * reminder for this deadline went); each seat's bank, and why the
	 * server plays for it (out: time, forfeit); how a game ended when
	 * not by play, and its result in words.  timers holds every due
	 * event (reminders, timeouts, invitations expiring, vacations
	 * ending), indexed by time, so that the next one is found
	 * without a scan.  Vacations are kept to count each year's days;
	 * addresses ties more addresses to a player.
	 */
	{
		"ALTER TABLE games ADD COLUMN clock TEXT;"
		"ALTER TABLE games ADD COLUMN clock_seat INTEGER;"
		"ALTER TABLE games ADD COLUMN clock_since INTEGER;"
		"ALTER TABLE games ADD COLUMN clock_turn INTEGER;"
		"ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;"
		"ALTER TABLE games ADD COLUMN ending TEXT;"
		"ALTER TABLE games ADD COLUMN result TEXT;"
		"ALTER TABLE seats ADD COLUMN bank INTEGER;"
		"ALTER TABLE seats ADD COLUMN out TEXT;"
		"ALTER TABLE players ADD COLUMN away_until INTEGER;"
		"CREATE INDEX games_deadline ON games (deadline) WHERE deadline "
		"  IS NOT NULL;"
		"CREATE TABLE timers ("
		"  id INTEGER PRIMARY KEY,"
		"  at INTEGER NOT NULL,"
		"  kind TEXT NOT NULL CHECK (kind IN ('remind', 'timeout', "
		"    'expire', 'return')),"
		"  game INTEGER REFERENCES games (id),"
		"  seat INTEGER,"
		"  player INTEGER REFERENCES players (id)"
		");"
		"CREATE INDEX timers_at ON timers (at, id);"
		"CREATE INDEX timers_game ON timers (game);"
		"CREATE INDEX timers_player ON timers (player);"
		"CREATE TABLE vacations ("
		"  id INTEGER PRIMARY KEY,"
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  start INTEGER NOT NULL,"
		"  until INTEGER NOT NULL"
		");"
		"CREATE INDEX vacations_player ON vacations (player, start);"
		"CREATE TABLE addresses ("
		"  address TEXT PRIMARY KEY COLLATE NOCASE,"
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  code TEXT,"
		"  confirmed INTEGER,"
		"  created INTEGER NOT NULL"
		");"
		"CREATE INDEX addresses_player ON addresses (player);",
		NULL
	},

	/*
	 * 7: leagues, tournaments and ratings.  A game is rated or not,
	 * belongs to a tournament or not, and may be a seek asking for a
	 * rating range ("1400-1700"); finished says when its result was
	 * counted (ratings, standings), so that it is counted once; each
	 * seat keeps its final rank.  ratings holds each player's
	 * Glicko-2 rating per kind of game and rating_history every
	 * change.  A tournament has entrants and pairings (a game, or an
	 * unplayed table: a bye or a forfeit, with its ranks); a league
	 * has members and runs seasons, each division of a season being a
	 * round-robin tournament.  The timers gain 'start', a tournament
	 * that starts by itself: SQLite cannot alter a CHECK, so the table
	 * is made anew.
	 */
	{
		"ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;"
		"ALTER TABLE games ADD COLUMN finished INTEGER;"
		"ALTER TABLE games ADD COLUMN tournament INTEGER;"
		"ALTER TABLE games ADD COLUMN seek TEXT;"
		"ALTER TABLE seats ADD COLUMN rank INTEGER;"
		"CREATE INDEX games_tournament ON games (tournament) WHERE "
		"  tournament IS NOT NULL;"
		"CREATE INDEX games_inviting ON games (id) WHERE status = "
		"  'inviting';"
		"CREATE TABLE ratings ("
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  kind TEXT NOT NULL,"
		"  rating REAL NOT NULL,"
		"  rd REAL NOT NULL,"
		"  volatility REAL NOT NULL,"
		"  games INTEGER NOT NULL DEFAULT 0,"
		"  updated INTEGER NOT NULL,"
		"  PRIMARY KEY (player, kind)"
		");"
		"CREATE INDEX ratings_kind ON ratings (kind, rating);"
		"CREATE TABLE rating_history ("
		"  id INTEGER PRIMARY KEY,"
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  kind TEXT NOT NULL,"
		"  game INTEGER NOT NULL REFERENCES games (id),"
		"  at INTEGER NOT NULL,"
		"  before REAL NOT NULL,"
		"  rating REAL NOT NULL,"
		"  rd REAL NOT NULL,"
		"  volatility REAL NOT NULL,"
		"  score REAL NOT NULL,"
		"  UNIQUE (player, game)"
		");"
		"CREATE INDEX rating_history_game ON rating_history (game);"
		"CREATE TABLE tournaments ("
		"  id INTEGER PRIMARY KEY,"
		"  name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
		"  variant TEXT NOT NULL,"
		"  format TEXT NOT NULL CHECK (format IN ('roundrobin', 'swiss', "
		"    'knockout')),"
		"  seats INTEGER NOT NULL,"
		"  segments INTEGER NOT NULL DEFAULT 0,"
		"  rounds INTEGER NOT NULL DEFAULT 0,"
		"  max INTEGER NOT NULL DEFAULT 0,"
		"  clock TEXT,"
		"  rated INTEGER NOT NULL DEFAULT 1,"
		"  starts INTEGER,"
		"  organiser INTEGER REFERENCES players (id),"
		"  state TEXT NOT NULL CHECK (state IN ('open', 'playing', 'over', "
		"    'cancelled')),"
		"  round INTEGER NOT NULL DEFAULT 0,"
		"  league INTEGER,"
		"  season INTEGER,"
		"  division INTEGER,"
		"  created INTEGER NOT NULL"
		");"
		"CREATE INDEX tournaments_league ON tournaments (league, season) "
		"  WHERE league IS NOT NULL;"
		"CREATE TABLE entrants ("
		"  tournament INTEGER NOT NULL REFERENCES tournaments (id),"
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  number INTEGER NOT NULL,"
		"  rating REAL NOT NULL,"
		"  state TEXT NOT NULL CHECK (state IN ('in', 'out', 'lost')),"
		"  joined INTEGER NOT NULL,"
		"  PRIMARY KEY (tournament, player)"
		");"
		"CREATE INDEX entrants_player ON entrants (player);"
		"CREATE TABLE pairings ("
		"  tournament INTEGER NOT NULL REFERENCES tournaments (id),"
		"  round INTEGER NOT NULL,"
		"  board INTEGER NOT NULL,"
		"  leg INTEGER NOT NULL DEFAULT 1,"
		"  game INTEGER REFERENCES games (id),"
		"  players TEXT NOT NULL,"
		"  ranks TEXT,"
		"  PRIMARY KEY (tournament, round, board, leg)"
		");"
		"CREATE INDEX pairings_game ON pairings (game) WHERE game IS NOT "
		"  NULL;"
		"CREATE TABLE leagues ("
		"  id INTEGER PRIMARY KEY,"
		"  name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
		"  variant TEXT NOT NULL,"
		"  seats INTEGER NOT NULL,"
		"  segments INTEGER NOT NULL DEFAULT 0,"
		"  division INTEGER NOT NULL,"
		"  promote INTEGER NOT NULL,"
		"  relegate INTEGER NOT NULL,"
		"  clock TEXT,"
		"  organiser INTEGER REFERENCES players (id),"
		"  season INTEGER NOT NULL DEFAULT 0,"
		"  state TEXT NOT NULL CHECK (state IN ('open', 'playing', "
		"    'closed')),"
		"  created INTEGER NOT NULL"
		");"
		"CREATE TABLE members ("
		"  league INTEGER NOT NULL REFERENCES leagues (id),"
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  division INTEGER,"
		"  state TEXT NOT NULL CHECK (state IN ('in', 'left')),"
		"  joined INTEGER NOT NULL,"
		"  PRIMARY KEY (league, player)"
		");"
		"CREATE INDEX members_player ON members (player);"
		"CREATE TABLE timers7 ("
		"  id INTEGER PRIMARY KEY,"
		"  at INTEGER NOT NULL,"
		"  kind TEXT NOT NULL CHECK (kind IN ('remind', 'timeout', "
		"    'expire', 'return', 'start')),"
		"  game INTEGER REFERENCES games (id),"
		"  seat INTEGER,"
		"  player INTEGER REFERENCES players (id)"
		");"
		"INSERT INTO timers7 SELECT id, at, kind, game, seat, player FROM "
		"  timers;"
		"DROP TABLE timers;"
		"ALTER TABLE timers7 RENAME TO timers;"
		"CREATE INDEX timers_at ON timers (at, id);"
		"CREATE INDEX timers_game ON timers (game);"
		"CREATE INDEX timers_player ON timers (player);",
		NULL
	},

	/*
	 * 8: robots.  A robot_jobs row says that game's seat to move is a
	 * robot's, at the turn given: it is written in the transaction
	 * that makes it the robot's turn and deleted in the one that
	 * plays the robot's action, so a daemon that stops while a robot
	 * thinks finds the job again and thinks again.
	 */
	{
		"CREATE TABLE robot_jobs ("
		"  game INTEGER PRIMARY KEY REFERENCES games (id),"
		"  turn INTEGER NOT NULL,"
		"  since INTEGER NOT NULL"
		");"
		"CREATE INDEX robot_jobs_since ON robot_jobs (since, game);",
		NULL
	},

	/*
	 * 9: what the sender limits (ratelimit.c) remember of each From
	 * address, written in the transaction of each of its mails, and
	 * the daily bucket of mails to each recipient ([server]
	 * max_mails), written in the transaction that queues them.
	 */
	{
		"CREATE TABLE senders ("
		"  address TEXT PRIMARY KEY COLLATE NOCASE,"
		"  spent REAL NOT NULL,"
		"  last INTEGER NOT NULL,"
		"  digest TEXT NOT NULL,"
		"  junk INTEGER NOT NULL,"
		"  since INTEGER NOT NULL"
		");"
		"CREATE TABLE recipients ("
		"  address TEXT PRIMARY KEY COLLATE NOCASE,"
		"  spent REAL NOT NULL,"
		"  last INTEGER NOT NULL"
		");",
		NULL
	},

	/*
	 * 10: the games the web archive has yet to write again
	 * (store-touched.c), kept by triggers so that no change to a game
	 * or its seats, from whatever program, goes unseen; each with the
	 * number of the change, so that one written while it changed again
	 * stays due.  Every game is due once after the upgrade.
	 */
	{
		"CREATE TABLE touched ("
		"  game INTEGER PRIMARY KEY,"
		"  change INTEGER NOT NULL"
		");"
		"INSERT INTO touched (game, change) SELECT id, 1 FROM games;"
		"CREATE TRIGGER touched_game_insert AFTER INSERT ON games BEGIN"
		"  INSERT OR REPLACE INTO touched (game, change) VALUES (NEW.id,"
		"    (SELECT coalesce(max(change), 0) + 1 FROM touched)); END;"
		"CREATE TRIGGER touched_game_update AFTER UPDATE ON games BEGIN"
		"  INSERT OR REPLACE INTO touched (game, change) VALUES (NEW.id,"
		"    (SELECT coalesce(max(change), 0) + 1 FROM touched)); END;"
		"CREATE TRIGGER touched_seat_insert AFTER INSERT ON seats BEGIN"
		"  INSERT OR REPLACE INTO touched (game, change) VALUES (NEW.game,"
		"    (SELECT coalesce(max(change), 0) + 1 FROM touched)); END;"
		"CREATE TRIGGER touched_seat_update AFTER UPDATE ON seats BEGIN"
		"  INSERT OR REPLACE INTO touched (game, change) VALUES (NEW.game,"
		"    (SELECT coalesce(max(change), 0) + 1 FROM touched)); END;",

		"CREATE TABLE touched ("
		"  game BIGINT PRIMARY KEY,"
		"  change BIGINT NOT NULL"
		");"
		"INSERT INTO touched (game, change) SELECT id, 1 FROM games;"
		"CREATE FUNCTION touched_game() RETURNS trigger"
		"  LANGUAGE plpgsql AS $$BEGIN"
		"  INSERT INTO touched (game, change) VALUES (NEW.id,"
		"    (SELECT coalesce(max(change), 0) + 1 FROM touched))"
		"    ON CONFLICT (game) DO UPDATE SET change = excluded.change;"
		"  RETURN NULL; END$$;"
		"CREATE FUNCTION touched_seat() RETURNS trigger"
		"  LANGUAGE plpgsql AS $$BEGIN"
		"  INSERT INTO touched (game, change) VALUES (NEW.game,"
		"    (SELECT coalesce(max(change), 0) + 1 FROM touched))"
		"    ON CONFLICT (game) DO UPDATE SET change = excluded.change;"
		"  RETURN NULL; END$$;"
		"CREATE TRIGGER touched_game AFTER INSERT OR UPDATE ON games "
		"  FOR EACH ROW EXECUTE FUNCTION touched_game();"
		"CREATE TRIGGER touched_seat AFTER INSERT OR UPDATE ON seats "
		"  FOR EACH ROW EXECUTE FUNCTION touched_seat();"
	},

	/*
	 * 11: proof of address (store-proof.c).  A player is proven once
	 * a mail of theirs showed that they receive mail at their
	 * address; until then their invitations are held, and a game
	 * says so.  Players already known are proven: they came before
	 * the rule.
	 */
	{
		"ALTER TABLE players ADD COLUMN proven INTEGER NOT NULL DEFAULT 0;"
		"UPDATE players SET proven = 1;"
		"ALTER TABLE games ADD COLUMN held INTEGER NOT NULL DEFAULT 0;",
		NULL
	},

	/*
	 * 12: indexes for what read a whole table where a mail is handled
	 * (tests/check_store_plan.c): the triggers' max(change) and the
	 * archive's next games, a code that links an address, a player
	 * found by name, what merging two players moves and deleting one
	 * checks, and the tournaments outside leagues.
	 */
	{
		"CREATE INDEX touched_change ON touched (change);"
		"CREATE INDEX addresses_code ON addresses (code) WHERE confirmed "
		"  IS NULL;"
		"CREATE INDEX players_name ON players (name COLLATE NOCASE);"
		"CREATE INDEX game_mail_player ON game_mail (player);"
		"CREATE INDEX actions_player ON actions (player);"
		"CREATE INDEX observers_player ON observers (player);"
		"CREATE INDEX tournaments_organiser ON tournaments (organiser);"
		"CREATE INDEX leagues_organiser ON leagues (organiser);"
		"CREATE INDEX tournaments_alone ON tournaments (id) WHERE league "
		"  IS NULL;",
		NULL
	},

	/*
	 * 13: several daemons, on several hosts, may share one database:
	 * a claim on a mail to send names its host as well as its
	 * process, so that only a daemon on that host judges whether the
	 * process is gone.  Claims made before are this host's.
	 */
	{
		"ALTER TABLE outbox ADD COLUMN claim_host TEXT;",
		NULL
	},

	/*
	 * 14: what the hourly pruning may empty is kept as it changes,
	 * instead of being worked out from the whole outbox each time:
	 * outbox_last, the last mail to each recipient about each game,
	 * whose text stays; outbox_old, every other mail whose text is
	 * not yet emptied.  A mail goes into outbox_old as it is queued
	 * and out of it when store_mail_add() makes it the last, which
	 * puts the one it follows in; the pruning takes mails out once
	 * their text is gone.  So outbox_old holds about the mail of the
	 * last [send] keep_sent, and no row of outbox, with its text, is
	 * written again for it.
	 */
	{
		"CREATE TABLE outbox_last ("
		"  game INTEGER NOT NULL,"
		"  rcpt TEXT NOT NULL,"
		"  outbox INTEGER NOT NULL,"
		"  PRIMARY KEY (game, rcpt)"
		");"
		"CREATE TABLE outbox_old ("
		"  outbox INTEGER NOT NULL PRIMARY KEY"
		");"
		"INSERT INTO outbox_last (game, rcpt, outbox) SELECT m.game, "
		"o.rcpt, max(o.id) FROM outbox o JOIN game_mail m ON "
		"m.message_id = o.message_id GROUP BY m.game, o.rcpt;"
		"INSERT INTO outbox_old (outbox) SELECT id FROM outbox WHERE "
		"length(data) > 0 AND id NOT IN (SELECT outbox FROM "
		"outbox_last);",
		NULL
	},
	/*
	 * 15: the tries of mail whose handling began and did not end
	 * (store-tries.c), so that a mail that kills the daemon, or that
	 * the store refuses, each time is set aside after [server]
	 * max_tries.
	 */
	{
		"CREATE TABLE mail_tries ("
		"  id TEXT PRIMARY KEY,"
		"  tries INTEGER NOT NULL,"
		"  why TEXT,"
		"  at INTEGER NOT NULL"
		");",
		NULL
	},
	/*
	 * 16: whether a sender held back by the rate limit was told so,
	 * so that a flood gets one notice, not one a mail.
	 */
	{
		"ALTER TABLE senders ADD COLUMN told INTEGER NOT NULL "
		"DEFAULT 0;",
		NULL
	},
	/*
	 * 17: the organiser's mail (store-organiser.c): the thread of
	 * each tournament's and league's mail (event_threads, by a name,
	 * "tournament 4" or "league 2"); the notes kept for an organiser
	 * who asked for a daily digest; and the tournament games told to
	 * their organiser as stalled, at the turn they stalled on.
	 */
	{
		"CREATE TABLE event_threads ("
		"  name TEXT PRIMARY KEY,"
		"  message_id TEXT NOT NULL"
		");"
		"CREATE TABLE organiser_notes ("
		"  id INTEGER PRIMARY KEY,"
		"  player INTEGER NOT NULL REFERENCES players (id),"
		"  subject TEXT NOT NULL,"
		"  text TEXT NOT NULL,"
		"  created INTEGER NOT NULL"
		");"
		"CREATE INDEX organiser_notes_player ON organiser_notes "
		"  (player, id);"
		"CREATE INDEX organiser_notes_created ON organiser_notes "
		"  (created);"
		"CREATE TABLE stalls ("
		"  game INTEGER PRIMARY KEY REFERENCES games (id),"
		"  turns INTEGER NOT NULL"
		");"
		"CREATE INDEX games_stall ON games (updated) WHERE status = "
		"  'playing' AND tournament IS NOT NULL AND clock IS NULL;",
		NULL
	}
};

#define STORE_NMIGRATIONS \
	((int)(sizeof store_migrations / sizeof store_migrations[0]))

#define STORE_LEASE	300	/* seconds a claimed mail is not due */

static int	store_schema_check(struct store *, char **);
static int	store_step(struct store *, int, char **);
static int	store_free_claims(struct store *, long long, int, char **);

int
store_fail(struct store *s, char **cause, const char *what)
{
	xasprintf(cause, "store %s: %s: %s", s->path, what,
	    db_errmsg(s->db));
	return (-1);
}

/* Bring the store up to this program's schema; refuse a newer one. */
static int
store_schema_check(struct store *s, char **cause)
{
	int	version;

	if (db_version(s->db, &version) == -1)
		return (store_fail(s, cause, "not a database"));
	if (version > STORE_VERSION) {
		xasprintf(cause, "store %s: written by a newer mupbem (schema "
		    "%d; this one knows %d)", s->path, version, STORE_VERSION);
		return (-1);
	}
	while (version < STORE_NMIGRATIONS) {
		/*
		 * Another daemon starting on the same store may have taken
		 * this step while this one waited for its turn to write.
		 */
		if (db_begin(s->db) == -1 ||
		    db_version(s->db, &version) == -1) {
			store_fail(s, cause, "cannot migrate");
			db_rollback(s->db);
			return (-1);
		}
		if (version >= STORE_NMIGRATIONS) {
			db_rollback(s->db);
			break;
		}
		if (db_migrate(s->db, store_migrations[version].sql,
		    store_migrations[version].pg) == -1 ||
		    db_set_version(s->db, version + 1) == -1 ||
		    db_commit(s->db) == -1) {
			store_fail(s, cause, "cannot migrate");
			db_rollback(s->db);
			return (-1);
		}
	}
	return (0);
}

/*
 * Open (creating if need be) the store at target: a SQLite file, or a
 * PostgreSQL database by its postgresql:// URL.
 */
struct store *
store_open(const char *target, char **cause)
{
	struct store	*s;
	int		 i;

	s = xcalloc(1, sizeof *s);
	s->path = db_shown(target);
	if (gethostname(s->host, sizeof s->host) == -1)
		snprintf(s->host, sizeof s->host, "localhost");
	s->host[sizeof s->host - 1] = '\0';
	if ((s->db = db_open(target, cause)) == NULL ||
	    store_schema_check(s, cause) == -1)
		goto fail;
	for (i = 0; i < STORE_NSTMTS; i++) {
		if ((s->stmt[i] = db_prepare(s->db, store_sql[i])) == NULL) {
			store_fail(s, cause, "cannot prepare a statement");
			goto fail;
		}
	}
	return (s);

fail:
	store_close(s);
	return (NULL);
}

/*
 * Can the store at path be written?  Its file, its journal (-wal,
 * -shm) and its folder, where SQLite makes the journal; 0, or -1 and
 * *cause.  A store that cannot be written would take no mail at all,
 * so the daemon refuses to start on one rather than hold every mail.
 */
int
store_writable(const char *path, char **cause)
{
	static const char	*suffixes[] = { "", "-wal", "-shm" };
	char			*file, *folder, *slash;
	size_t			 i;

	for (i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
		xasprintf(&file, "%s%s", path, suffixes[i]);
		if (access(file, W_OK) == -1 && errno != ENOENT) {
			xasprintf(cause, "store %s: cannot be written: %s",
			    file, strerror(errno));
			free(file);
			return (-1);
		}
		free(file);
	}
	if ((slash = strrchr(path, '/')) == NULL)
		folder = xstrdup(".");
	else
		xasprintf(&folder, "%.*s", slash == path ? 1 :
		    (int)(slash - path), path);
	/* A missing folder is for store_open() to report. */
	if (access(folder, W_OK) == -1 && errno != ENOENT) {
		xasprintf(cause, "store %s: cannot be written: its folder %s: "
		    "%s", path, folder, strerror(errno));
		free(folder);
		return (-1);
	}
	free(folder);
	return (0);
}

void
store_close(struct store *s)
{
	int	i;

	if (s == NULL)
		return;
	for (i = 0; i < STORE_NSTMTS; i++)
		db_finalize(s->stmt[i]);
	for (i = 0; i < STORE_GAME_NSTMTS; i++)
		db_finalize(s->game_stmt[i]);
	for (i = 0; i < STORE_CLOCK_NSTMTS; i++)
		db_finalize(s->clock_stmt[i]);
	for (i = 0; i < STORE_ADDRESS_NSTMTS; i++)
		db_finalize(s->address_stmt[i]);
	for (i = 0; i < STORE_LEAGUE_NSTMTS; i++)
		db_finalize(s->league_stmt[i]);
	for (i = 0; i < STORE_RATING_NSTMTS; i++)
		db_finalize(s->rating_stmt[i]);
	for (i = 0; i < STORE_ROBOT_NSTMTS; i++)
		db_finalize(s->robot_stmt[i]);
	for (i = 0; i < STORE_SENDER_NSTMTS; i++)
		db_finalize(s->sender_stmt[i]);
	for (i = 0; i < STORE_TOUCHED_NSTMTS; i++)
		db_finalize(s->touched_stmt[i]);
	for (i = 0; i < STORE_PROOF_NSTMTS; i++)
		db_finalize(s->proof_stmt[i]);
	for (i = 0; i < STORE_TRIES_NSTMTS; i++)
		db_finalize(s->tries_stmt[i]);
	for (i = 0; i < STORE_ORGANISER_NSTMTS; i++)
		db_finalize(s->organiser_stmt[i]);
	db_close(s->db);
	free(s->path);
	free(s);
}

/*
 * The statement cached in *slot, prepared from sql if this is its first
 * use (the store keeps it until store_close()); NULL on failure.
 */
struct db_stmt *
store_prepare(struct store *s, struct db_stmt **slot, const char *sql,
    char **cause)
{
	if (*slot == NULL && (*slot = db_prepare(s->db, sql)) == NULL) {
		store_fail(s, cause, "cannot prepare a statement");
		return (NULL);
	}
	return (*slot);
}

/* A text column, the caller's, or NULL. */
char *
store_text(struct db_stmt *st, int col)
{
	const char	*t = db_column_text(st, col);

	return (t == NULL ? NULL : xstrdup(t));
}

/* Run st (made from sql), already bound, which returns no rows. */
int
store_run(struct store *s, struct db_stmt *st, const char *sql, char **cause)
{
	int	rc;

	rc = db_step(st);
	db_reset(st);
	if (rc != DB_DONE)
		return (store_fail(s, cause, sql));
	return (0);
}

/*
 * Run st (made from sql, an INSERT ... RETURNING id), already bound:
 * *id is the new row's id.
 */
int
store_insert(struct store *s, struct db_stmt *st, const char *sql,
    long long *id, char **cause)
{
	int	rc;

	if ((rc = db_step(st)) == DB_ROW)
		*id = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW)
		return (store_fail(s, cause, sql));
	return (0);
}

/*
 * Reset st, which a step left at rc: 1 if the step found a row, 0 if
 * none, or -1 and *cause (what failed).
 */
int
store_found(struct store *s, struct db_stmt *st, int rc, const char *what,
    char **cause)
{
	db_reset(st);
	if (rc == DB_ROW)
		return (1);
	if (rc == DB_DONE)
		return (0);
	return (store_fail(s, cause, what));
}

/* Run statement i, already bound, to its end. */
static int
store_step(struct store *s, int i, char **cause)
{
	int	rc;

	rc = db_step(s->stmt[i]);
	db_reset(s->stmt[i]);
	if (rc != DB_DONE && rc != DB_ROW)
		return (store_fail(s, cause, store_sql[i]));
	return (0);
}

int
store_begin(struct store *s, char **cause)
{
	if (db_begin(s->db) == -1)
		return (store_fail(s, cause, "cannot begin a transaction"));
	return (0);
}

int
store_commit(struct store *s, char **cause)
{
	if (db_commit(s->db) == -1)
		return (store_fail(s, cause, "cannot commit"));
	return (0);
}

void
store_rollback(struct store *s)
{
	db_rollback(s->db);
}

/* Is a transaction open?  SQLite ends one itself on some errors. */
int
store_in_transaction(struct store *s)
{
	return (db_in_transaction(s->db));
}

/*
 * Is the store's database reachable?  0 while a PostgreSQL server is
 * gone: a failure then is the outage's, not the mail's.
 */
int
store_connected(struct store *s)
{
	return (db_connected(s->db));
}

/* Begin a savepoint inside the open transaction, for one mail. */
int
store_savepoint(struct store *s, char **cause)
{
	if (db_exec(s->db, "SAVEPOINT mail") == -1)
		return (store_fail(s, cause, "cannot make a savepoint"));
	return (0);
}

/* Keep what was done since store_savepoint(). */
int
store_savepoint_release(struct store *s, char **cause)
{
	if (db_exec(s->db, "RELEASE mail") == -1)
		return (store_fail(s, cause, "cannot release a savepoint"));
	return (0);
}

/*
 * Undo what was done since store_savepoint(), and end the savepoint;
 * the transaction stays open, unless SQLite has already ended it.
 */
void
store_savepoint_rollback(struct store *s)
{
	if (!store_in_transaction(s))
		return;
	if (db_exec(s->db, "ROLLBACK TO mail") == 0)
		(void)db_exec(s->db, "RELEASE mail");
}

/* Has the mail with exactly-once id been handled?  1, 0 or -1. */
int
store_handled(struct store *s, const char *id, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_HANDLED];
	int		 rc;

	db_bind_text(st, 1, id);
	rc = db_step(st);
	return (store_found(s, st, rc, "cannot look up handled mail", cause));
}

/* Record the mail id (found at key) as handled at time now. */
int
store_handle(struct store *s, const char *id, const char *key,
    long long now, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_HANDLE];

	db_bind_text(st, 1, id);
	db_bind_text(st, 2, key);
	db_bind_int64(st, 3, now);
	return (store_step(s, STORE_HANDLE, cause));
}

/* Put a mail in the outbox, due at once. */
int
store_queue(struct store *s, const char *message_id, const char *sender,
    const char *rcpt, const char *data, size_t len, long long now,
    int kept, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_QUEUE];

	db_bind_text(st, 1, message_id);
	db_bind_text(st, 2, sender);
	db_bind_text(st, 3, rcpt);
	db_bind_blob(st, 4, data, len);
	db_bind_int64(st, 5, now);
	if (store_step(s, STORE_QUEUE, cause) == -1)
		return (-1);
	/* Prunable, unless store_mail_add() makes it a game's last mail. */
	if (kept)
		return (0);
	db_bind_text(s->stmt[STORE_QUEUE_OLD], 1, message_id);
	return (store_step(s, STORE_QUEUE_OLD, cause));
}

/*
 * The next mail due at now: 1 with *m filled, 0 if none, -1.  The
 * mail is claimed for STORE_LEASE seconds by this process, so another
 * process on the same store (a daemon and a --deliver) does not send
 * it too.  If this one dies before recording the outcome, the mail is
 * due again after the lease, or as soon as store_release() sees that
 * the process is gone.
 */
int
store_due(struct store *s, long long now, struct store_outmail *m,
    char **cause)
{
	return (store_due_some(s, now, m, 1, cause));
}

/*
 * Claim, as store_due() does, up to max mails due at now into v[0..),
 * in one transaction: how many, or -1.
 */
int
store_due_some(struct store *s, long long now, struct store_outmail *v,
    int max, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_DUE];
	int		 n = 0, i, rc = DB_DONE;

	/* Only the rows claimed are locked: other daemons claim others. */
	if (db_begin_rows(s->db) == -1)
		return (store_fail(s, cause, "cannot begin a transaction"));
	/* Any failure rolls it all back: the claims go with the COMMIT. */
	db_defer(s->db);
	/* One read for them all, then a claim each. */
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, max);
	while (n < max && (rc = db_step(st)) == DB_ROW) {
		memset(&v[n], 0, sizeof v[n]);
		store_outmail_row(st, &v[n++]);
	}
	if (store_found(s, st, rc, "cannot read the outbox", cause) == -1)
		rc = DB_ERROR;
	for (i = 0; i < n && rc != DB_ERROR; i++) {
		/* The claim moves next_try on: no other daemon takes it. */
		st = s->stmt[STORE_CLAIM];
		db_bind_int64(st, 1, v[i].id);
		db_bind_int64(st, 2, now + STORE_LEASE);
		db_bind_int64(st, 3, now);
		db_bind_int64(st, 4, (long long)getpid());
		db_bind_text(st, 5, s->host);
		if (store_step(s, STORE_CLAIM, cause) == -1)
			rc = DB_ERROR;
	}
	if ((rc == DB_ROW || rc == DB_DONE) &&
	    store_commit(s, cause) == 0)
		return (n);
	store_rollback(s);
	while (n-- > 0)
		store_outmail_free(&v[n]);
	return (-1);
}

/*
 * Empty the text of up to max mails sent before when, but the last one
 * to each recipient about each game, which "mupbem --db resend" sends
 * again; the rows stay, for the proofs that read their Message-IDs.
 * Returns how many, or -1.
 */
int
store_prune(struct store *s, long long before, int max, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_PRUNE];

	int		 n;

	db_bind_int64(st, 1, before);
	db_bind_int(st, 2, max);
	if (store_step(s, STORE_PRUNE, cause) == -1)
		return (-1);
	n = db_changes(s->db);
	/* Emptied: nothing more to prune there. */
	if (n > 0 && store_step(s, STORE_PRUNED, cause) == -1)
		return (-1);
	return (n);
}

/*
 * Make mail claimed by processes of this host that are gone due again
 * at now: they died between claiming and recording the outcome.  A
 * claim of another host's daemon is that daemon's to release, or
 * lapses with its lease.  Returns how many,
 * or -1.
 */
int
store_release(struct store *s, long long now, char **cause)
{
	return (store_free_claims(s, now, 0, cause));
}

/*
 * As store_release(), and this process's own claims too, for when it
 * holds none in flight but a claim's commit failed: the commit may
 * have claimed mail all the same.  Returns how many, or -1.
 */
int
store_unclaim(struct store *s, long long now, char **cause)
{
	return (store_free_claims(s, now, 1, cause));
}

/* Release the claims of gone processes, and this one's if mine. */
static int
store_free_claims(struct store *s, long long now, int mine, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_CLAIMED];
	long long	*ids = NULL;
	size_t		 n = 0, i;
	pid_t		 pid;
	int		 rc;

	db_bind_text(st, 1, s->host);
	while ((rc = db_step(st)) == DB_ROW) {
		pid = (pid_t)db_column_int64(st, 1);
		if ((!mine || pid != getpid()) &&
		    (kill(pid, 0) == 0 || errno != ESRCH))
			continue;
		ids = xreallocarray(ids, n + 1, sizeof *ids);
		ids[n++] = db_column_int64(st, 0);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		free(ids);
		return (store_fail(s, cause, "cannot read the outbox"));
	}
	for (i = 0; i < n; i++) {
		st = s->stmt[STORE_RELEASE];
		db_bind_int64(st, 1, ids[i]);
		db_bind_int64(st, 2, now);
		if (store_step(s, STORE_RELEASE, cause) == -1) {
			free(ids);
			return (-1);
		}
	}
	free(ids);
	return ((int)n);
}

/* Mail id of the outbox went out at time now. */
int
store_sent(struct store *s, long long id, long long now, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_SENT];

	/* A batch recorded fails whole (mailloop.c): it goes at COMMIT. */
	db_defer(s->db);
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, now);
	return (store_step(s, STORE_SENT, cause));
}

/* Sending mail id failed with error; try again at next. */
int
store_failed(struct store *s, long long id, const char *error,
    long long next, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_FAILED];

	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, error);
	db_bind_int64(st, 3, next);
	return (store_step(s, STORE_FAILED, cause));
}

/* Sending mail id failed for good at now (error says why). */
int
store_gave_up(struct store *s, long long id, const char *error,
    long long now, char **cause)
{
	struct db_stmt	*st = s->stmt[STORE_GAVE_UP];

	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, error);
	db_bind_int64(st, 3, now);
	return (store_step(s, STORE_GAVE_UP, cause));
}

/* When the next unsent mail is due, or -1 if there is none. */
long long
store_next_try(struct store *s)
{
	struct db_stmt	*st = s->stmt[STORE_NEXT_TRY];
	long long	 next = -1;

	if (db_step(st) == DB_ROW &&
	    !db_column_null(st, 0))
		next = db_column_int64(st, 0);
	db_reset(st);
	return (next);
}

/*
 * Fill m from a row whose columns are the outbox's id, message_id,
 * sender, rcpt, data and attempts.
 */
void
store_outmail_row(struct db_stmt *st, struct store_outmail *m)
{
	m->id = db_column_int64(st, 0);
	m->message_id = xstrdup(db_column_text(st, 1));
	m->sender = xstrdup(db_column_text(st, 2));
	m->rcpt = xstrdup(db_column_text(st, 3));
	m->len = (size_t)db_column_bytes(st, 4);
	m->data = xmalloc(m->len + 1);
	memcpy(m->data, db_column_blob(st, 4), m->len);
	m->data[m->len] = '\0';
	m->attempts = db_column_int(st, 5);
}

void
store_outmail_free(struct store_outmail *m)
{
	if (m == NULL)
		return;
	free(m->message_id);
	free(m->sender);
	free(m->rcpt);
	free(m->data);
	memset(m, 0, sizeof *m);
}
