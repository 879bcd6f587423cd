#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"

#include "buf.h"
#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * The store's side of tournaments and leagues (schema 7).
 *
 * A game may be rated, belong to a tournament, or be a seek asking for
 * a rating range; finished marks the moment its result was counted, and
 * store_game_finish() sets it only once, so that a result reaches the
 * ratings and the standings exactly once whatever path ends the game.
 * Each seat keeps its final rank.
 *
 * A tournament has entrants, numbered in their seeding order, and
 * pairings: one row per table of a round (and per game of a knockout
 * match, its leg), holding the players in seat order as "12 15" and
 * either the game that decides it or, for a table not played (a bye, a
 * forfeit), the ranks as "1 2".  A league has members and its seasons'
 * divisions are tournaments that name the league, season and division.
 *
 * As everywhere in the store, each function runs in the caller's
 * transaction, and statements are prepared when first used.
 */

enum {
	SL_GAME_EVENT,
	SL_GAME_FINISH,
	SL_SEAT_RANK,
	SL_GAMES_OPEN,
	SL_T_ADD,
	SL_T_GET_ID,
	SL_T_GET_NAME,
	SL_T_LIST,
	SL_T_LIST_LEAGUE,
	SL_T_STATE,
	SL_E_ADD,
	SL_E_DEL,
	SL_E_STATE,
	SL_E_NUMBER,
	SL_E_LIST,
	SL_E_REPLACE,
	SL_P_ADD,
	SL_P_LIST,
	SL_P_OF,
	SL_P_REPLACE,
	SL_L_ADD,
	SL_L_GET_ID,
	SL_L_GET_NAME,
	SL_L_LIST,
	SL_L_SEASON,
	SL_M_SET,
	SL_M_LIST,
	SL_NSTMTS
};

#define SL_T_COLUMNS \
	"id, name, variant, format, seats, segments, rounds, max, clock, " \
	"rated, starts, organiser, state, round, league, season, division, " \
	"created"
#define SL_L_COLUMNS \
	"id, name, variant, seats, segments, division, promote, relegate, " \
	"clock, organiser, season, state, created"

const char *const store_league_sql[STORE_LEAGUE_NSTMTS] = {
	"UPDATE games SET rated = ?2, tournament = ?3, seek = ?4 WHERE id = ?1",
	"UPDATE games SET finished = ?2 WHERE id = ?1 AND finished IS NULL",
	"UPDATE seats SET rank = ?3 WHERE game = ?1 AND seat = ?2",
	"SELECT " STORE_GAME_COLUMNS " FROM games g WHERE g.status = 'inviting' "
	    "AND EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND "
	    "s.state = 'open') ORDER BY g.id",
	"INSERT INTO tournaments (name, variant, format, seats, segments, "
	    "rounds, max, clock, rated, starts, organiser, state, round, "
	    "league, season, division, created) VALUES (?1, ?2, ?3, ?4, ?5, "
	    "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17) RETURNING id",
	"SELECT " SL_T_COLUMNS " FROM tournaments WHERE id = ?1",
	"SELECT " SL_T_COLUMNS " FROM tournaments WHERE name = ?1",
	"SELECT " SL_T_COLUMNS " FROM tournaments WHERE league IS NULL "
	    "ORDER BY id",
	"SELECT " SL_T_COLUMNS " FROM tournaments WHERE league = ?1 "
	    "ORDER BY season, division",
	"UPDATE tournaments SET state = ?2, round = ?3 WHERE id = ?1",
	"INSERT INTO entrants (tournament, player, number, rating, state, "
	    "joined) VALUES (?1, ?2, ?3, ?4, 'in', ?5)",
	"DELETE FROM entrants WHERE tournament = ?1 AND player = ?2",
	"UPDATE entrants SET state = ?3 WHERE tournament = ?1 AND player = ?2",
	"UPDATE entrants SET number = ?3, rating = ?4 WHERE tournament = ?1 "
	    "AND player = ?2",
	"SELECT p.id, p.address, p.name, p.secret, p.settings, e.number, "
	    "e.rating, e.state FROM entrants e JOIN players p ON "
	    "p.id = e.player WHERE e.tournament = ?1 ORDER BY e.number, "
	    "e.joined, p.id",
	"UPDATE entrants SET player = ?3 WHERE tournament = ?1 AND "
	    "player = ?2",
	"INSERT INTO pairings (tournament, round, board, leg, game, players, "
	    "ranks) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
	"SELECT p.round, p.board, p.leg, p.game, p.players, p.ranks, "
	    "g.status, g.finished, (SELECT group_concat(CAST(coalesce(s.rank, 0) "
	    "AS TEXT), "
	    "' ') FROM (SELECT rank FROM seats s WHERE s.game = p.game "
	    "ORDER BY s.seat) s) FROM pairings p LEFT JOIN games g ON "
	    "g.id = p.game WHERE p.tournament = ?1 AND (?2 = 0 OR "
	    "p.round = ?2) ORDER BY p.round, p.board, p.leg",
	"SELECT tournament FROM pairings WHERE game = ?1",
	"UPDATE pairings SET players = trim(replace(' ' || players || ' ', "
	    "' ' || CAST(?2 AS TEXT) || ' ', ' ' || CAST(?3 AS TEXT) || ' ')) "
	    "WHERE tournament = ?1",
	"INSERT INTO leagues (name, variant, seats, segments, division, "
	    "promote, relegate, clock, organiser, season, state, created) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, 'open', ?10) "
	    "RETURNING id",
	"SELECT " SL_L_COLUMNS " FROM leagues WHERE id = ?1",
	"SELECT " SL_L_COLUMNS " FROM leagues WHERE name = ?1",
	"SELECT " SL_L_COLUMNS " FROM leagues ORDER BY id",
	"UPDATE leagues SET season = ?2, state = ?3 WHERE id = ?1",
	"INSERT INTO members (league, player, division, state, joined) "
	    "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (league, player) DO "
	    "UPDATE SET division = ?3, state = ?4",
	"SELECT p.id, p.address, p.name, p.secret, p.settings, "
	    "coalesce(m.division, 0), m.state FROM members m JOIN players p "
	    "ON p.id = m.player WHERE m.league = ?1 ORDER BY m.division "
	    "IS NULL, m.division, m.joined, p.id"
};

_Static_assert(SL_NSTMTS <= STORE_LEAGUE_NSTMTS, "store-private.h");

static struct db_stmt *store_league_bind(struct store *, int, char **,
		    const char *, ...);
static int	store_league_run(struct store *, int, struct db_stmt *, char **);
static int	store_league_done(struct store *, int, struct db_stmt *, int,
		    char **);
static void	store_league_t_row(struct db_stmt *, struct store_tournament *);
static void	store_league_l_row(struct db_stmt *, struct store_league *);
static int	store_league_ids(const char *, long long *, int *, int);

/*
 * Statement i, prepared if need be and bound by types: 'i' a long long,
 * 'n' a long long or NULL for -1, 'd' a double, 't' a string or NULL.
 */
static struct db_stmt *
store_league_bind(struct store *s, int i, char **cause, const char *types,
    ...)
{
	struct db_stmt	*st;
	va_list		 ap;
	const char	*t;
	long long	 v;
	int		 col;

	if ((st = store_prepare(s, &s->league_stmt[i], store_league_sql[i],
	    cause)) == NULL)
		return (NULL);
	va_start(ap, types);
	for (col = 1; types[col - 1] != '\0'; col++) {
		switch (types[col - 1]) {
		case 'i':
		case 'n':
			v = va_arg(ap, long long);
			if (types[col - 1] == 'n' && v == -1)
				db_bind_null(st, col);
			else
				db_bind_int64(st, col, v);
			break;
		case 'd':
			db_bind_double(st, col, va_arg(ap, double));
			break;
		default:
			if ((t = va_arg(ap, const char *)) == NULL)
				db_bind_null(st, col);
			else
				db_bind_text(st, col, t);
			break;
		}
	}
	va_end(ap);
	return (st);
}

static int
store_league_run(struct store *s, int i, struct db_stmt *st, char **cause)
{
	if (st == NULL)
		return (-1);
	return (store_run(s, st, store_league_sql[i], cause));
}

/* End a query stepped to rc: DB_DONE is fine, anything else fails. */
static int
store_league_done(struct store *s, int i, struct db_stmt *st, int rc,
    char **cause)
{
	db_reset(st);
	if (rc != DB_DONE)
		return (store_fail(s, cause, store_league_sql[i]));
	return (0);
}

static void
store_league_t_row(struct db_stmt *st, struct store_tournament *t)
{
	t->id = db_column_int64(st, 0);
	t->name = store_text(st, 1);
	t->variant = store_text(st, 2);
	t->format = store_text(st, 3);
	t->seats = db_column_int(st, 4);
	t->segments = db_column_int(st, 5);
	t->rounds = db_column_int(st, 6);
	t->max = db_column_int(st, 7);
	t->clock = store_text(st, 8);
	t->rated = db_column_int(st, 9);
	t->starts = store_game_int(st, 10);
	t->organiser = store_game_int(st, 11);
	t->state = store_text(st, 12);
	t->round = db_column_int(st, 13);
	if (t->round < 0 && strcmp(t->state, "playing") == 0) {
		free(t->state);
		t->state = xstrdup("paused");
		t->round = -t->round;
	}
	t->league = store_game_int(st, 14);
	t->season = db_column_int(st, 15);
	t->division = db_column_int(st, 16);
	t->created = db_column_int64(st, 17);
}

static void
store_league_l_row(struct db_stmt *st, struct store_league *l)
{
	l->id = db_column_int64(st, 0);
	l->name = store_text(st, 1);
	l->variant = store_text(st, 2);
	l->seats = db_column_int(st, 3);
	l->segments = db_column_int(st, 4);
	l->division = db_column_int(st, 5);
	l->promote = db_column_int(st, 6);
	l->relegate = db_column_int(st, 7);
	l->clock = store_text(st, 8);
	l->organiser = store_game_int(st, 9);
	l->season = db_column_int(st, 10);
	l->state = store_text(st, 11);
	l->created = db_column_int64(st, 12);
}

/* Read up to max numbers from "12 15 3"; returns how many. */
static int
store_league_ids(const char *s, long long *v, int *iv, int max)
{
	char	*end;
	int	 n = 0;

	while (s != NULL && *s != '\0' && n < max) {
		if (v != NULL)
			v[n] = strtoll(s, &end, 10);
		else
			iv[n] = (int)strtol(s, &end, 10);
		if (end == s)
			break;
		n++;
		s = end;
	}
	return (n);
}

/* Game id's place: rated, its tournament (or -1), a seek's range. */
int
store_game_event(struct store *s, long long id, int rated,
    long long tournament, const char *seek, char **cause)
{
	return (store_league_run(s, SL_GAME_EVENT, store_league_bind(s,
	    SL_GAME_EVENT, cause, "iint", id, (long long)rated, tournament,
	    seek), cause));
}

/*
 * Mark game id's result counted at now: 1 if this call did, 0 if it
 * was already, -1 on failure.
 */
int
store_game_finish(struct store *s, long long id, long long now,
    char **cause)
{
	if (store_league_run(s, SL_GAME_FINISH, store_league_bind(s,
	    SL_GAME_FINISH, cause, "ii", id, now), cause) == -1)
		return (-1);
	return (db_changes(s->db) > 0);
}

int
store_seat_rank(struct store *s, long long game, int seat, int rank,
    char **cause)
{
	return (store_league_run(s, SL_SEAT_RANK, store_league_bind(s,
	    SL_SEAT_RANK, cause, "iii", game, (long long)seat,
	    (long long)rank), cause));
}

/* The games waiting for players to join, oldest first. */
int
store_games_open(struct store *s, struct store_game **out, size_t *n,
    char **cause)
{
	struct db_stmt	*st;
	struct store_game *v = NULL, *g;
	size_t		 size = 0;
	int		 rc;

	*n = 0;
	if ((st = store_league_bind(s, SL_GAMES_OPEN, cause, "")) == NULL)
		return (-1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == size) {
			size = size == 0 ? 8 : size * 2;
			v = xreallocarray(v, size, sizeof *v);
		}
		g = &v[(*n)++];
		memset(g, 0, sizeof *g);
		store_game_row(st, g);
	}
	*out = v;
	if (store_league_done(s, SL_GAMES_OPEN, st, rc, cause) == -1) {
		store_game_list_free(v, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

/* Add t, setting t->id. */
int
store_tournament_add(struct store *s, struct store_tournament *t,
    char **cause)
{
	struct db_stmt	*st;

	st = store_league_bind(s, SL_T_ADD, cause, "tttiiiitinntinii",
	    t->name, t->variant, t->format, (long long)t->seats,
	    (long long)t->segments, (long long)t->rounds, (long long)t->max,
	    t->clock, (long long)t->rated, t->starts, t->organiser, t->state,
	    (long long)t->round, t->league, (long long)t->season,
	    (long long)t->division);
	if (st == NULL)
		return (-1);
	db_bind_int64(st, 17, t->created);
	if (store_insert(s, st, store_league_sql[SL_T_ADD], &t->id,
	    cause) == -1)
		return (-1);
	return (0);
}

/* The tournament with id, or else name: 1 found, 0 not, -1 failure. */
int
store_tournament_get(struct store *s, long long id, const char *name,
    struct store_tournament *t, char **cause)
{
	struct db_stmt	*st;
	int		 i = name != NULL ? SL_T_GET_NAME : SL_T_GET_ID, rc;

	memset(t, 0, sizeof *t);
	st = name != NULL ? store_league_bind(s, i, cause, "t", name) :
	    store_league_bind(s, i, cause, "i", id);
	if (st == NULL)
		return (-1);
	if ((rc = db_step(st)) == DB_ROW) {
		store_league_t_row(st, t);
		db_reset(st);
		return (1);
	}
	return (store_league_done(s, i, st, rc, cause) == -1 ? -1 : 0);
}

/* The tournaments, or those of league (not -1) by season and division. */
int
store_tournament_list(struct store *s, long long league,
    struct store_tournament **out, size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_tournament	*v = NULL;
	size_t			 size = 0;
	int			 i = league == -1 ? SL_T_LIST : SL_T_LIST_LEAGUE;
	int			 rc;

	*n = 0;
	st = league == -1 ? store_league_bind(s, i, cause, "") :
	    store_league_bind(s, i, cause, "i", league);
	if (st == NULL)
		return (-1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == size) {
			size = size == 0 ? 8 : size * 2;
			v = xreallocarray(v, size, sizeof *v);
		}
		store_league_t_row(st, &v[(*n)++]);
	}
	*out = v;
	if (store_league_done(s, i, st, rc, cause) == -1) {
		store_tournament_list_free(v, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

/*
 * Set tournament id's state and round.  "paused" is kept as "playing"
 * with the round negated, which the schema's CHECK allows: the round
 * is never below 0 otherwise, and a reader gets "paused" back.
 */
int
store_tournament_state(struct store *s, long long id, const char *state,
    int round, char **cause)
{
	if (strcmp(state, "paused") == 0) {
		state = "playing";
		round = -round;
	}
	return (store_league_run(s, SL_T_STATE, store_league_bind(s,
	    SL_T_STATE, cause, "iti", id, state, (long long)round), cause));
}

void
store_tournament_free(struct store_tournament *t)
{
	if (t == NULL)
		return;
	free(t->name);
	free(t->variant);
	free(t->format);
	free(t->clock);
	free(t->state);
	memset(t, 0, sizeof *t);
}

void
store_tournament_list_free(struct store_tournament *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		store_tournament_free(&v[i]);
	free(v);
}

int
store_entrant_add(struct store *s, long long t, long long player,
    int number, double rating, long long now, char **cause)
{
	return (store_league_run(s, SL_E_ADD, store_league_bind(s, SL_E_ADD,
	    cause, "iiidi", t, player, (long long)number, rating, now),
	    cause));
}

int
store_entrant_del(struct store *s, long long t, long long player,
    char **cause)
{
	return (store_league_run(s, SL_E_DEL, store_league_bind(s, SL_E_DEL,
	    cause, "ii", t, player), cause));
}

int
store_entrant_state(struct store *s, long long t, long long player,
    const char *state, char **cause)
{
	return (store_league_run(s, SL_E_STATE, store_league_bind(s,
	    SL_E_STATE, cause, "iit", t, player, state), cause));
}

/* Entrant player's starting number and rating, fixed at the start. */
int
store_entrant_number(struct store *s, long long t, long long player,
    int number, double rating, char **cause)
{
	return (store_league_run(s, SL_E_NUMBER, store_league_bind(s,
	    SL_E_NUMBER, cause, "iiid", t, player, (long long)number,
	    rating), cause));
}

/*
 * In tournament t, player new takes old's place: their entrant row,
 * and old's seat in every table of every round, so that the standings
 * and later pairings are new's.
 */
int
store_entrant_replace(struct store *s, long long t, long long old,
    long long new, char **cause)
{
	if (store_league_run(s, SL_E_REPLACE, store_league_bind(s,
	    SL_E_REPLACE, cause, "iii", t, old, new), cause) == -1)
		return (-1);
	return (store_league_run(s, SL_P_REPLACE, store_league_bind(s,
	    SL_P_REPLACE, cause, "iii", t, old, new), cause));
}

/* Tournament t's entrants, by starting number. */
int
store_entrants(struct store *s, long long t, struct store_entrant **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_entrant	*v = NULL, *e;
	size_t			 size = 0;
	int			 rc;

	*n = 0;
	if ((st = store_league_bind(s, SL_E_LIST, cause, "i", t)) == NULL)
		return (-1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == size) {
			size = size == 0 ? 16 : size * 2;
			v = xreallocarray(v, size, sizeof *v);
		}
		e = &v[(*n)++];
		store_game_row_player(st, 0, &e->player);
		e->number = db_column_int(st, 5);
		e->rating = db_column_double(st, 6);
		e->state = store_text(st, 7);
	}
	*out = v;
	if (store_league_done(s, SL_E_LIST, st, rc, cause) == -1) {
		store_entrants_free(v, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

void
store_entrants_free(struct store_entrant *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		store_player_free(&v[i].player);
		free(v[i].state);
	}
	free(v);
}

/* Add a table of tournament t: its game, or (game -1) its ranks. */
int
store_pairing_add(struct store *s, long long t, const struct store_pairing *p,
    char **cause)
{
	struct buf	players, ranks;
	int		i, rc;

	buf_init(&players);
	buf_init(&ranks);
	buf_adds(&players, "");
	for (i = 0; i < p->n; i++) {
		buf_addf(&players, "%s%lld", i > 0 ? " " : "", p->players[i]);
		buf_addf(&ranks, "%s%d", i > 0 ? " " : "", p->ranks[i]);
	}
	rc = store_league_run(s, SL_P_ADD, store_league_bind(s, SL_P_ADD,
	    cause, "iiiintt", t, (long long)p->round, (long long)p->board,
	    (long long)p->leg, p->game, players.data, p->game == -1 ?
	    ranks.data : NULL), cause);
	buf_free(&players);
	buf_free(&ranks);
	return (rc);
}

/* Tournament t's tables of round (0: every round), in order. */
int
store_pairings(struct store *s, long long t, int round,
    struct store_pairing **out, size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_pairing	*v = NULL, *p;
	const char		*ranks;
	size_t			 size = 0;
	int			 rc;

	*n = 0;
	if ((st = store_league_bind(s, SL_P_LIST, cause, "ii", t,
	    (long long)round)) == NULL)
		return (-1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == size) {
			size = size == 0 ? 16 : size * 2;
			v = xreallocarray(v, size, sizeof *v);
		}
		p = &v[(*n)++];
		memset(p, 0, sizeof *p);
		p->round = db_column_int(st, 0);
		p->board = db_column_int(st, 1);
		p->leg = db_column_int(st, 2);
		p->game = store_game_int(st, 3);
		p->n = store_league_ids(db_column_text(st,
		    4), p->players, NULL, 6);
		p->status = store_text(st, 6);
		if (p->game == -1) {
			ranks = db_column_text(st, 5);
			p->done = 1;
		} else {
			ranks = db_column_text(st, 8);
			p->done = !db_column_null(st, 7);
		}
		store_league_ids(ranks, NULL, p->ranks, p->n);
	}
	*out = v;
	if (store_league_done(s, SL_P_LIST, st, rc, cause) == -1) {
		store_pairings_free(v, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

void
store_pairings_free(struct store_pairing *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i].status);
	free(v);
}

/* The tournament game belongs to: 1 and *t, 0 none, -1 failure. */
int
store_pairing_of(struct store *s, long long game, long long *t, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_league_bind(s, SL_P_OF, cause, "i", game)) == NULL)
		return (-1);
	if ((rc = db_step(st)) == DB_ROW) {
		*t = db_column_int64(st, 0);
		db_reset(st);
		return (1);
	}
	return (store_league_done(s, SL_P_OF, st, rc, cause) == -1 ? -1 : 0);
}

/* Add l, setting l->id. */
int
store_league_add(struct store *s, struct store_league *l, char **cause)
{
	struct db_stmt	*st;

	st = store_league_bind(s, SL_L_ADD, cause, "ttiiiiitni", l->name,
	    l->variant, (long long)l->seats, (long long)l->segments,
	    (long long)l->division, (long long)l->promote,
	    (long long)l->relegate, l->clock, l->organiser, l->created);
	if (st == NULL || store_insert(s, st, store_league_sql[SL_L_ADD],
	    &l->id, cause) == -1)
		return (-1);
	return (0);
}

/* The league with id, or else name: 1 found, 0 not, -1 failure. */
int
store_league_get(struct store *s, long long id, const char *name,
    struct store_league *l, char **cause)
{
	struct db_stmt	*st;
	int		 i = name != NULL ? SL_L_GET_NAME : SL_L_GET_ID, rc;

	memset(l, 0, sizeof *l);
	st = name != NULL ? store_league_bind(s, i, cause, "t", name) :
	    store_league_bind(s, i, cause, "i", id);
	if (st == NULL)
		return (-1);
	if ((rc = db_step(st)) == DB_ROW) {
		store_league_l_row(st, l);
		db_reset(st);
		return (1);
	}
	return (store_league_done(s, i, st, rc, cause) == -1 ? -1 : 0);
}

int
store_league_list(struct store *s, struct store_league **out, size_t *n,
    char **cause)
{
	struct db_stmt	*st;
	struct store_league	*v = NULL;
	size_t			 size = 0;
	int			 rc;

	*n = 0;
	if ((st = store_league_bind(s, SL_L_LIST, cause, "")) == NULL)
		return (-1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == size) {
			size = size == 0 ? 8 : size * 2;
			v = xreallocarray(v, size, sizeof *v);
		}
		store_league_l_row(st, &v[(*n)++]);
	}
	*out = v;
	if (store_league_done(s, SL_L_LIST, st, rc, cause) == -1) {
		store_league_list_free(v, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

int
store_league_season(struct store *s, long long id, int season,
    const char *state, char **cause)
{
	return (store_league_run(s, SL_L_SEASON, store_league_bind(s,
	    SL_L_SEASON, cause, "iit", id, (long long)season, state), cause));
}

void
store_league_free(struct store_league *l)
{
	if (l == NULL)
		return;
	free(l->name);
	free(l->variant);
	free(l->clock);
	free(l->state);
	memset(l, 0, sizeof *l);
}

void
store_league_list_free(struct store_league *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		store_league_free(&v[i]);
	free(v);
}

/* Member player of league: in a division (0 none yet), in or left. */
int
store_member_set(struct store *s, long long league, long long player,
    int division, const char *state, long long now, char **cause)
{
	return (store_league_run(s, SL_M_SET, store_league_bind(s, SL_M_SET,
	    cause, "iinti", league, player, division == 0 ? -1 :
	    (long long)division, state, now), cause));
}

/* League's members, by division (new ones last), then joining. */
int
store_members(struct store *s, long long league, struct store_member **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_member	*v = NULL, *m;
	size_t			 size = 0;
	int			 rc;

	*n = 0;
	if ((st = store_league_bind(s, SL_M_LIST, cause, "i", league)) == NULL)
		return (-1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == size) {
			size = size == 0 ? 16 : size * 2;
			v = xreallocarray(v, size, sizeof *v);
		}
		m = &v[(*n)++];
		store_game_row_player(st, 0, &m->player);
		m->division = db_column_int(st, 5);
		m->state = store_text(st, 6);
	}
	*out = v;
	if (store_league_done(s, SL_M_LIST, st, rc, cause) == -1) {
		store_members_free(v, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

void
store_members_free(struct store_member *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		store_player_free(&v[i].player);
		free(v[i].state);
	}
	free(v);
}
