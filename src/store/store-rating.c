#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "db.h"

#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * The store's side of ratings (schema 7): each player's Glicko-2
 * rating per kind of game in ratings, one row per player and kind, and
 * every change in rating_history, one row per player and rated game,
 * with the rating before the game and the player's score in it (the
 * sum of their pairwise scores: in a game of two 1, 0.5 or 0).  A
 * player has no row in a kind until their first rated game of it: the
 * service then takes the newcomer's rating from the configuration.
 *
 * A player's statistics come from the seats' final ranks: a win is the
 * first rank alone, a draw a first rank shared, a loss any other; a
 * timeout is a seat that ran out of time.  Their best wins are the
 * rated games they ranked above an opponent, by that opponent's rating
 * before the game.
 *
 * As everywhere in the store, each function runs in the caller's
 * transaction, and statements are prepared when first used.
 */

enum {
	SR_GET,
	SR_SET,
	SR_KIND,
	SR_OF,
	SR_HISTORY_ADD,
	SR_HISTORY,
	SR_BEST,
	SR_STATS,
	SR_NAMED,
	SR_NSTMTS
};

#define SR_COLUMNS \
	"p.id, p.address, p.name, r.kind, r.rating, r.rd, r.volatility, " \
	"r.games, r.updated FROM ratings r JOIN players p ON p.id = r.player"
#define SR_H_COLUMNS \
	"h.game, h.kind, h.at, h.before, h.rating, h.rd, h.score, p.id, " \
	"p.address, p.name"

const char *const store_rating_sql[STORE_RATING_NSTMTS] = {
	"SELECT " SR_COLUMNS " WHERE r.player = ?1 AND r.kind = ?2",
	"INSERT INTO ratings (player, kind, rating, rd, volatility, games, "
	    "updated) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) ON CONFLICT "
	    "(player, kind) DO UPDATE SET rating = ?3, rd = ?4, "
	    "volatility = ?5, games = ratings.games + 1, updated = ?6",
	"SELECT " SR_COLUMNS " WHERE r.kind = ?2 ORDER BY r.rating DESC, "
	    "r.rd, p.id",
	"SELECT " SR_COLUMNS " WHERE r.player = ?1 ORDER BY r.kind",
	"INSERT INTO rating_history (player, kind, game, at, before, rating, "
	    "rd, volatility, score) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
	    "?9)",
	"SELECT " SR_H_COLUMNS " FROM rating_history h JOIN players p ON "
	    "p.id = h.player WHERE h.player = ?1 ORDER BY h.at DESC, h.id DESC "
	    "LIMIT ?2",
	"SELECT " SR_H_COLUMNS " FROM rating_history m JOIN rating_history h "
	    "ON h.game = m.game AND h.player != m.player JOIN players p ON "
	    "p.id = h.player JOIN seats a ON a.game = m.game AND a.player = "
	    "m.player JOIN seats b ON b.game = h.game AND b.player = h.player "
	    "WHERE m.player = ?1 AND a.rank < b.rank ORDER BY h.before DESC, "
	    "h.game LIMIT ?2",
	"SELECT count(*), "
	    "coalesce(sum(CASE WHEN s.rank = 1 AND w.n = 1 THEN 1 ELSE 0 END), "
	    "0), "
	    "coalesce(sum(CASE WHEN s.rank = 1 AND w.n > 1 THEN 1 ELSE 0 END), "
	    "0), "
	    "coalesce(sum(CASE WHEN s.rank > 1 THEN 1 ELSE 0 END), 0), "
	    "coalesce(sum(CASE WHEN s.out = 'time' OR (g.ending = 'time' AND "
	    "s.state = 'resigned') THEN 1 ELSE 0 END), 0) FROM seats s "
	    "JOIN games g ON g.id = s.game JOIN (SELECT game, count(*) AS n "
	    "FROM seats WHERE rank = 1 GROUP BY game) w ON w.game = s.game "
	    "WHERE s.player = ?1 AND g.finished IS NOT NULL AND s.rank IS NOT "
	    "NULL",
	"SELECT id, address, name FROM players WHERE name = ?1 COLLATE NOCASE "
	    "ORDER BY id LIMIT 2"
};

_Static_assert(SR_NSTMTS <= STORE_RATING_NSTMTS, "store-private.h");

static struct db_stmt *store_rating_stmt(struct store *, int, char **);
static int	store_rating_end(struct store *, int, int, char **);
static void	store_rating_player(struct db_stmt *, int,
		    struct store_player *);
static int	store_rating_list(struct store *, int, long long,
		    const char *, struct store_rating **, size_t *, char **);
static int	store_rating_changes(struct store *, int, long long, int,
		    struct store_rating_change **, size_t *, char **);

/* Statement i, prepared now if it is the first use; NULL on failure. */
static struct db_stmt *
store_rating_stmt(struct store *s, int i, char **cause)
{
	return (store_prepare(s, &s->rating_stmt[i], store_rating_sql[i],
	    cause));
}

/* Reset statement i, stepped to rc: DB_DONE is fine, else -1. */
static int
store_rating_end(struct store *s, int i, int rc, char **cause)
{
	db_reset(s->rating_stmt[i]);
	if (rc != DB_DONE)
		return (store_fail(s, cause, store_rating_sql[i]));
	return (0);
}

/* The player in columns at (id), at + 1 (address), at + 2 (name). */
static void
store_rating_player(struct db_stmt *st, int at, struct store_player *p)
{
	memset(p, 0, sizeof *p);
	p->id = db_column_int64(st, at);
	p->address = store_text(st, at + 1);
	p->name = store_text(st, at + 2);
}

/* The rows of ratings statement i for player (?1) and kind (?2). */
static int
store_rating_list(struct store *s, int i, long long player, const char *kind,
    struct store_rating **out, size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_rating	*r;
	int			 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_rating_stmt(s, i, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_text(st, 2, kind);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		r = &(*out)[(*n)++];
		store_rating_player(st, 0, &r->player);
		r->kind = store_text(st, 3);
		r->rating = db_column_double(st, 4);
		r->rd = db_column_double(st, 5);
		r->volatility = db_column_double(st, 6);
		r->games = db_column_int(st, 7);
		r->updated = db_column_int64(st, 8);
	}
	if (store_rating_end(s, i, rc, cause) == -1) {
		store_ratings_free(*out, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

/* player's rating in kind: 1 and *r, 0 if they have none yet, -1. */
int
store_rating_get(struct store *s, long long player, const char *kind,
    struct store_rating *r, char **cause)
{
	struct store_rating	*v;
	size_t			 n;

	memset(r, 0, sizeof *r);
	if (store_rating_list(s, SR_GET, player, kind, &v, &n, cause) == -1)
		return (-1);
	if (n == 0)
		return (0);
	*r = v[0];
	free(v);
	return (1);
}

/* Every rating of kind, best first. */
int
store_ratings(struct store *s, const char *kind, struct store_rating **out,
    size_t *n, char **cause)
{
	return (store_rating_list(s, SR_KIND, -1, kind, out, n, cause));
}

/* Every rating of player, by kind. */
int
store_ratings_of(struct store *s, long long player,
    struct store_rating **out, size_t *n, char **cause)
{
	return (store_rating_list(s, SR_OF, player, NULL, out, n, cause));
}

/*
 * Player's rating in kind is r after rated game game at now (r->player
 * and r->games are not read): the rating, one game more, and one row
 * of history, with before the rating before the game and score the
 * player's score in it.
 */
int
store_rating_set(struct store *s, long long player, const char *kind,
    long long game, double before, const struct store_rating *r,
    double score, long long now, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_rating_stmt(s, SR_SET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_text(st, 2, kind);
	db_bind_double(st, 3, r->rating);
	db_bind_double(st, 4, r->rd);
	db_bind_double(st, 5, r->volatility);
	db_bind_int64(st, 6, now);
	if (store_run(s, st, store_rating_sql[SR_SET], cause) == -1)
		return (-1);
	if ((st = store_rating_stmt(s, SR_HISTORY_ADD, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_text(st, 2, kind);
	db_bind_int64(st, 3, game);
	db_bind_int64(st, 4, now);
	db_bind_double(st, 5, before);
	db_bind_double(st, 6, r->rating);
	db_bind_double(st, 7, r->rd);
	db_bind_double(st, 8, r->volatility);
	db_bind_double(st, 9, score);
	return (store_run(s, st, store_rating_sql[SR_HISTORY_ADD], cause));
}

/* The rows, at most max, of history statement i for player. */
static int
store_rating_changes(struct store *s, int i, long long player, int max,
    struct store_rating_change **out, size_t *n, char **cause)
{
	struct db_stmt	*st;
	struct store_rating_change	*c;
	int				 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_rating_stmt(s, i, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	db_bind_int64(st, 2, max);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		c = &(*out)[(*n)++];
		c->game = db_column_int64(st, 0);
		c->kind = store_text(st, 1);
		c->at = db_column_int64(st, 2);
		c->before = db_column_double(st, 3);
		c->rating = db_column_double(st, 4);
		c->rd = db_column_double(st, 5);
		c->score = db_column_double(st, 6);
		store_rating_player(st, 7, &c->player);
	}
	if (store_rating_end(s, i, rc, cause) == -1) {
		store_rating_changes_free(*out, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

/* player's last max rating changes, newest first. */
int
store_rating_history(struct store *s, long long player, int max,
    struct store_rating_change **out, size_t *n, char **cause)
{
	return (store_rating_changes(s, SR_HISTORY, player, max, out, n,
	    cause));
}

/*
 * player's best wins, at most max: the opponents they ranked above in
 * a rated game, by the opponent's rating before it (before; player is
 * the opponent), best first.
 */
int
store_rating_best(struct store *s, long long player, int max,
    struct store_rating_change **out, size_t *n, char **cause)
{
	return (store_rating_changes(s, SR_BEST, player, max, out, n,
	    cause));
}

/* player's games with a result, and how they went. */
int
store_rating_stats(struct store *s, long long player,
    struct store_stats *stats, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	memset(stats, 0, sizeof *stats);
	if ((st = store_rating_stmt(s, SR_STATS, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	if ((rc = db_step(st)) == DB_ROW) {
		stats->games = db_column_int(st, 0);
		stats->wins = db_column_int(st, 1);
		stats->draws = db_column_int(st, 2);
		stats->losses = db_column_int(st, 3);
		stats->timeouts = db_column_int(st, 4);
		rc = db_step(st);
	}
	return (store_rating_end(s, SR_STATS, rc, cause));
}

/*
 * The player called name (in any case): 1 and *p (id, address and
 * name), 0 if nobody is, 2 if more than one is; -1 on failure.
 */
int
store_rating_player_named(struct store *s, const char *name,
    struct store_player *p, char **cause)
{
	struct db_stmt	*st;
	int		 rc, found = 0;

	memset(p, 0, sizeof *p);
	if ((st = store_rating_stmt(s, SR_NAMED, cause)) == NULL)
		return (-1);
	db_bind_text(st, 1, name);
	while ((rc = db_step(st)) == DB_ROW) {
		if (found++ == 0)
			store_rating_player(st, 0, p);
	}
	if (store_rating_end(s, SR_NAMED, rc, cause) == -1) {
		store_player_free(p);
		return (-1);
	}
	return (found);
}

void
store_ratings_free(struct store_rating *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		store_rating_free(&v[i]);
	free(v);
}

void
store_rating_free(struct store_rating *r)
{
	if (r == NULL)
		return;
	store_player_free(&r->player);
	free(r->kind);
	memset(r, 0, sizeof *r);
}

void
store_rating_changes_free(struct store_rating_change *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].kind);
		store_player_free(&v[i].player);
	}
	free(v);
}
