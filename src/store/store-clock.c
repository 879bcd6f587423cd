#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"

#include "buf.h"
#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * The store's side of time (schema 6): each game's clock, each seat's
 * bank, how games end when not by play, the timers, and vacations.
 *
 * A timer is one due event: a reminder or a timeout for a game's seat,
 * an invitation expiring, a player's vacation ending.  The daemon takes
 * the earliest with store_timer_due() and deletes it in the same
 * transaction as everything it causes, so each is handled once: a
 * crash before the commit leaves it due, after the commit it is gone.
 * The index on (at, id) makes the next one a lookup, not a scan;
 * store_timer_cost() shows SQLite's plan and counts its steps, for the
 * benchmark (mupbem-bench clocks).
 *
 * Like store-game.c, every function runs inside the caller's
 * transaction, and statements are prepared when first used.
 */

enum {
	SC_CONTROL,
	SC_CLOCK_SET,
	SC_SEAT_CLOCK,
	SC_END,
	SC_TIMERS_CLEAR,
	SC_TIMER_ADD,
	SC_TIMER_DUE,
	SC_TIMER_DEL,
	SC_TIMER_NEXT,
	SC_AWAY_GET,
	SC_AWAY_SET,
	SC_VACATION_ADD,
	SC_VACATION_CUT,
	SC_VACATION_USED,
	SC_TIMERS_RETURN_CLEAR,
	SC_CLOCKED_BY,
	SC_STALLED,
	SC_TIMER_COUNT,
	SC_TIMERS_OF,
	SC_TIMER_MOVE,
	SC_GAME_SAVE,
	SC_NSTMTS
};

const char *const store_clock_sql[SC_NSTMTS] = {
	"UPDATE games SET clock = ?2 WHERE id = ?1",
	"UPDATE games SET clock_seat = ?2, clock_since = ?3, clock_turn = ?4, "
	    "reminded = ?5, deadline = ?6 WHERE id = ?1",
	"UPDATE seats SET bank = ?3, out = ?4 WHERE game = ?1 AND seat = ?2",
	"UPDATE games SET status = ?2, ending = ?3, result = ?4, updated = ?5, "
	    "clock_seat = NULL, clock_since = NULL, deadline = NULL "
	    "WHERE id = ?1",
	"DELETE FROM timers WHERE game = ?1",
	"INSERT INTO timers (at, kind, game, seat, player) VALUES "
	    "(?1, ?2, ?3, ?4, ?5)",
	"SELECT id, at, kind, game, seat, player FROM timers WHERE at <= ?1 "
	    "ORDER BY at, id LIMIT 1",
	"DELETE FROM timers WHERE id = ?1",
	"SELECT at FROM timers ORDER BY at LIMIT 1",
	"SELECT away_until FROM players WHERE id = ?1",
	"UPDATE players SET away_until = ?2 WHERE id = ?1",
	"INSERT INTO vacations (player, start, until) VALUES (?1, ?2, ?3)",
	"UPDATE vacations SET until = ?2 WHERE player = ?1 AND start <= ?2 "
	    "AND until > ?2",
	"SELECT coalesce(sum(CASE WHEN until < ?3 THEN until ELSE ?3 END - "
	    "CASE WHEN start > ?2 THEN start ELSE ?2 END), 0) FROM vacations "
	    "WHERE player = ?1 AND until > ?2 AND start < ?3",
	"DELETE FROM timers WHERE player = ?1 AND kind = 'return'",
	"SELECT g.id FROM games g JOIN seats s ON s.game = g.id AND "
	    "s.seat = g.clock_seat WHERE s.player = ?1 AND "
	    "g.status = 'playing' ORDER BY g.id",
	"SELECT id FROM games WHERE status = 'playing' ORDER BY "
	    "coalesce(clock_since, updated), id LIMIT ?1",
	"SELECT count(*) FROM timers",
	"SELECT id, kind, at, seat FROM timers WHERE game = ?1 ORDER BY id",
	"UPDATE timers SET at = ?2, seat = ?3 WHERE id = ?1",
	"UPDATE games SET status = ?2, record = ?3, turns = ?4, updated = ?5, "
	    "clock_seat = ?6, clock_since = ?7, clock_turn = ?8, "
	    "reminded = ?9, deadline = ?10 WHERE id = ?1"
};

_Static_assert(SC_NSTMTS == STORE_CLOCK_NSTMTS, "store-private.h");

static struct db_stmt *store_clock_stmt(struct store *, int, char **);
static int	store_clock_run(struct store *, int, struct db_stmt *, char **);
static void	store_clock_bind(struct db_stmt *, int, long long);
static void	store_clock_bind_row(struct db_stmt *, int,
		    const struct store_game *);
static int	store_clock_ids(struct store *, int, long long, long long **,
		    size_t *, char **);
static int	store_clock_plan(struct store *, int, char **, char **);

static struct db_stmt *
store_clock_stmt(struct store *s, int i, char **cause)
{
	return (store_prepare(s, &s->clock_stmt[i], store_clock_sql[i],
	    cause));
}

static int
store_clock_run(struct store *s, int i, struct db_stmt *st, char **cause)
{
	int	rc;

	rc = db_step(st);
	db_reset(st);
	if (rc != DB_DONE)
		return (store_fail(s, cause, store_clock_sql[i]));
	return (0);
}

/* Bind v, or NULL for -1. */
static void
store_clock_bind(struct db_stmt *st, int i, long long v)
{
	if (v == -1)
		db_bind_null(st, i);
	else
		db_bind_int64(st, i, v);
}

/* Bind g's clock_seat, since, turn, reminded and deadline from i on. */
static void
store_clock_bind_row(struct db_stmt *st, int i, const struct store_game *g)
{
	store_clock_bind(st, i, g->clock_seat);
	store_clock_bind(st, i + 1, g->clock_since);
	db_bind_int(st, i + 2, g->clock_turn);
	db_bind_int(st, i + 3, g->reminded);
	store_clock_bind(st, i + 4, g->deadline);
}

/* Game id's time control, canonical ("3d+1d/10d"), or NULL for none. */
int
store_clock_control(struct store *s, long long id, const char *spec,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_CONTROL, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	if (spec != NULL)
		db_bind_text(st, 2, spec);
	return (store_clock_run(s, SC_CONTROL, st, cause));
}

/* Write g's clock: its clock_seat, since, turn, reminded, deadline. */
int
store_clock_set(struct store *s, const struct store_game *g, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_CLOCK_SET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, g->id);
	store_clock_bind_row(st, 2, g);
	return (store_clock_run(s, SC_CLOCK_SET, st, cause));
}

/*
 * Write g's status, turns and clock, its record as record and its time
 * of change as now: one write of the row where a turn would take two.
 */
int
store_clock_game(struct store *s, const struct store_game *g,
    const char *record, long long now, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_GAME_SAVE, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, g->id);
	db_bind_text(st, 2, g->status);
	db_bind_text(st, 3, record);
	db_bind_int(st, 4, g->turns);
	db_bind_int64(st, 5, now);
	store_clock_bind_row(st, 6, g);
	return (store_clock_run(s, SC_GAME_SAVE, st, cause));
}

/* Seat's bank (-1: none yet) and why the server plays for it. */
int
store_clock_seat(struct store *s, long long game, int seat, long long bank,
    const char *out, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_SEAT_CLOCK, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	store_clock_bind(st, 3, bank);
	if (out != NULL)
		db_bind_text(st, 4, out);
	return (store_clock_run(s, SC_SEAT_CLOCK, st, cause));
}

/*
 * End game id with status (over, abandoned): how (ending: time,
 * cancelled, adjudicated, forfeit; NULL for play) and the result in
 * words.  Its clock stops.
 */
int
store_clock_end(struct store *s, long long id, const char *status,
    const char *ending, const char *result, long long now, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_END, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, status);
	if (ending != NULL)
		db_bind_text(st, 3, ending);
	if (result != NULL)
		db_bind_text(st, 4, result);
	db_bind_int64(st, 5, now);
	return (store_clock_run(s, SC_END, st, cause));
}

/* Forget every timer of game. */
int
store_timers_clear(struct store *s, long long game, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_TIMERS_CLEAR, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	return (store_clock_run(s, SC_TIMERS_CLEAR, st, cause));
}

/*
 * Make game's timers exactly the n in want[] (their kind, at and seat;
 * each kind once): a timer of a kind it already has is moved in place
 * rather than deleted and added again, which leaves its other indexes
 * alone, and one it no longer wants is deleted.  A game's timers are
 * written at every turn.
 */
int
store_timers_set(struct store *s, long long game,
    const struct store_timer *want, size_t n, char **cause)
{
	struct store_timer	 have[STORE_TIMERS_GAME];
	struct db_stmt		*st;
	const char		*kind;
	size_t			 nhave = 0, i, j;
	int			 rc, done[STORE_TIMERS_GAME] = { 0 };

	if ((st = store_clock_stmt(s, SC_TIMERS_OF, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		if (nhave == STORE_TIMERS_GAME) {
			/* More than a game makes: cleared and written. */
			db_reset(st);
			if (store_timers_clear(s, game, cause) == -1)
				return (-1);
			nhave = 0;
			break;
		}
		have[nhave].id = db_column_int64(st, 0);
		kind = db_column_text(st, 1);
		snprintf(have[nhave].kind, sizeof have[nhave].kind, "%s",
		    kind != NULL ? kind : "");
		have[nhave].at = db_column_int64(st, 2);
		have[nhave].seat = db_column_null(st, 3) ? -1 :
		    db_column_int(st, 3);
		nhave++;
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, "cannot read a game's timers"));
	for (i = 0; i < nhave; i++) {
		for (j = 0; j < n; j++) {
			if (!done[j] && strcmp(have[i].kind, want[j].kind) == 0)
				break;
		}
		if (j == n) {
			if ((st = store_clock_stmt(s, SC_TIMER_DEL,
			    cause)) == NULL)
				return (-1);
			db_bind_int64(st, 1, have[i].id);
			if (store_clock_run(s, SC_TIMER_DEL, st, cause) == -1)
				return (-1);
			continue;
		}
		done[j] = 1;
		if (have[i].at == want[j].at && have[i].seat == want[j].seat)
			continue;
		if ((st = store_clock_stmt(s, SC_TIMER_MOVE, cause)) == NULL)
			return (-1);
		db_bind_int64(st, 1, have[i].id);
		db_bind_int64(st, 2, want[j].at);
		store_clock_bind(st, 3, want[j].seat);
		if (store_clock_run(s, SC_TIMER_MOVE, st, cause) == -1)
			return (-1);
	}
	for (j = 0; j < n; j++) {
		if (!done[j] && store_timer_add(s, want[j].at, want[j].kind,
		    game, want[j].seat, -1, cause) == -1)
			return (-1);
	}
	return (0);
}

/* A timer of kind at time at, for game and seat, or player. */
int
store_timer_add(struct store *s, long long at, const char *kind,
    long long game, int seat, long long player, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_TIMER_ADD, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, at);
	db_bind_text(st, 2, kind);
	store_clock_bind(st, 3, game == 0 ? -1 : game);
	store_clock_bind(st, 4, seat);
	store_clock_bind(st, 5, player == 0 ? -1 : player);
	return (store_clock_run(s, SC_TIMER_ADD, st, cause));
}

/* The earliest timer due at now: 1 and *t, 0 if none, -1. */
int
store_timer_due(struct store *s, long long now, struct store_timer *t,
    char **cause)
{
	struct db_stmt	*st;
	const char	*kind;
	int		 rc;

	memset(t, 0, sizeof *t);
	if ((st = store_clock_stmt(s, SC_TIMER_DUE, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, now);
	if ((rc = db_step(st)) == DB_ROW) {
		t->id = db_column_int64(st, 0);
		t->at = db_column_int64(st, 1);
		kind = db_column_text(st, 2);
		snprintf(t->kind, sizeof t->kind, "%s", kind != NULL ? kind :
		    "");
		t->game = store_game_int(st, 3);
		t->seat = (int)store_game_int(st, 4);
		t->player = store_game_int(st, 5);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, "cannot read the timers"));
	return (rc == DB_ROW);
}

int
store_timer_del(struct store *s, long long id, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_TIMER_DEL, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	return (store_clock_run(s, SC_TIMER_DEL, st, cause));
}

/* When the next timer is due, or -1 if there is none. */
long long
store_timer_next(struct store *s)
{
	struct db_stmt	*st;
	char		*cause = NULL;
	long long	 at = -1;

	if ((st = store_clock_stmt(s, SC_TIMER_NEXT, &cause)) == NULL) {
		free(cause);
		return (-1);
	}
	if (db_step(st) == DB_ROW)
		at = db_column_int64(st, 0);
	db_reset(st);
	return (at);
}

/* The database's plan for statement i, its steps separated by "; ". */
static int
store_clock_plan(struct store *s, int i, char **plan, char **cause)
{
	*plan = NULL;
	if (db_plan(s->db, store_clock_sql[i], plan) == -1)
		return (store_fail(s, cause, "cannot explain a statement"));
	return (0);
}

/*
 * What finding timers costs SQLite, for the benchmark: the plans of
 * store_timer_next() and store_timer_due(), and the virtual machine
 * steps each has taken since the last call (or since the store opened).
 */
int
store_timer_cost(struct store *s, struct store_timer_cost *c, char **cause)
{
	struct db_stmt	*st;

	memset(c, 0, sizeof *c);
	if ((st = s->clock_stmt[SC_TIMER_NEXT]) != NULL)
		c->next_steps = db_steps(st);
	if ((st = s->clock_stmt[SC_TIMER_DUE]) != NULL)
		c->due_steps = db_steps(st);
	if (store_clock_plan(s, SC_TIMER_NEXT, &c->next_plan, cause) == -1 ||
	    store_clock_plan(s, SC_TIMER_DUE, &c->due_plan, cause) == -1) {
		store_timer_cost_free(c);
		return (-1);
	}
	return (0);
}

void
store_timer_cost_free(struct store_timer_cost *c)
{
	free(c->next_plan);
	free(c->due_plan);
	memset(c, 0, sizeof *c);
}

/* How many timers there are, or -1. */
long long
store_timer_count(struct store *s, char **cause)
{
	struct db_stmt	*st;
	long long	 n = -1;

	if ((st = store_clock_stmt(s, SC_TIMER_COUNT, cause)) == NULL)
		return (-1);
	if (db_step(st) == DB_ROW)
		n = db_column_int64(st, 0);
	db_reset(st);
	if (n == -1)
		store_fail(s, cause, "cannot count the timers");
	return (n);
}

/* Until when player is away on vacation: *until, or -1 if not. */
int
store_away_get(struct store *s, long long player, long long *until,
    char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*until = -1;
	if ((st = store_clock_stmt(s, SC_AWAY_GET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	if ((rc = db_step(st)) == DB_ROW)
		*until = store_game_int(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, "cannot read the players"));
	return (0);
}

/*
 * Player goes away from now until until (a vacation, and the timer
 * that ends it), or, with until -1, is back at now: the vacation in
 * course is cut short and its timer goes.
 */
int
store_away_set(struct store *s, long long player, long long now,
    long long until, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_clock_stmt(s, SC_AWAY_SET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	store_clock_bind(st, 2, until);
	if (store_clock_run(s, SC_AWAY_SET, st, cause) == -1)
		return (-1);
	if ((st = store_clock_stmt(s, SC_TIMERS_RETURN_CLEAR, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	if (store_clock_run(s, SC_TIMERS_RETURN_CLEAR, st, cause) == -1)
		return (-1);
	if (until == -1) {
		if ((st = store_clock_stmt(s, SC_VACATION_CUT, cause)) == NULL)
			return (-1);
		db_bind_int64(st, 1, player);
		db_bind_int64(st, 2, now);
		return (store_clock_run(s, SC_VACATION_CUT, st, cause));
	}
	if ((st = store_clock_stmt(s, SC_VACATION_ADD, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_int64(st, 2, now);
	db_bind_int64(st, 3, until);
	if (store_clock_run(s, SC_VACATION_ADD, st, cause) == -1)
		return (-1);
	return (store_timer_add(s, until, "return", 0, -1, player, cause));
}

/* Seconds of vacation player takes (or took) in [from, to). */
int
store_vacation_used(struct store *s, long long player, long long from,
    long long to, long long *used, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*used = 0;
	if ((st = store_clock_stmt(s, SC_VACATION_USED, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_int64(st, 2, from);
	db_bind_int64(st, 3, to);
	if ((rc = db_step(st)) == DB_ROW)
		*used = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW)
		return (store_fail(s, cause, "cannot read the vacations"));
	return (0);
}

/* The ids of the rows statement i gives for key (-1: no key). */
static int
store_clock_ids(struct store *s, int i, long long key, long long **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_clock_stmt(s, i, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, key);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		(*out)[(*n)++] = db_column_int64(st, 0);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		free(*out);
		*out = NULL;
		*n = 0;
		return (store_fail(s, cause, "cannot read the games"));
	}
	return (0);
}

/* The games in play whose clock is player's (running or paused). */
int
store_clock_games(struct store *s, long long player, long long **out,
    size_t *n, char **cause)
{
	return (store_clock_ids(s, SC_CLOCKED_BY, player, out, n, cause));
}

/* The most games in play, those that have waited longest first. */
int
store_clock_stalled(struct store *s, long long most, long long **out,
    size_t *n, char **cause)
{
	return (store_clock_ids(s, SC_STALLED, most, out, n, cause));
}
