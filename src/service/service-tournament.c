#include "config.h"

#include <sys/random.h>

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "clock.h"
#include "command.h"
#include "config-file.h"
#include "mailloop.h"
#include "glicko.h"
#include "log.h"
#include "pairing.h"
#include "rating.h"
#include "service-private.h"
#include "standings.h"
#include "text.h"
#include "xmalloc.h"

/*
 * Tournaments (docs/tournaments.md).  A tournament is open while players
 * join; its organiser starts it (or it starts by itself at its date,
 * with a 'start' timer), which numbers the entrants by rating and makes
 * the first round.  The server makes every game of a round, with the
 * tournament's clock and the pairing's seat order, and starts it at
 * once: an entrant has agreed to play by joining.
 *
 * A round ends when its last game ends, by play, on time or by the
 * operator (service_tournament_game(), called by service-result.c in
 * the transaction that ends the game).  Then the next round is paired
 * and everyone gets the standings with the new pairings; after the last
 * round, the final standings and crosstable.
 *
 *   roundrobin  Berger tables for two; for more, every table of N
 *               players, scheduled so that nobody plays twice a round.
 *   swiss       the Dutch system for two; for more, tables by score
 *               group seated by rating (pairing.c).  Rounds: as given,
 *               or log2 of the entrants rounded up.
 *   knockout    two players, seeded by rating; each match is two games
 *               with the colours swapped, then a tie-break game if the
 *               points are level, and the higher seed goes through if
 *               that is drawn too.
 *
 * A division of a league's season is a round robin that plays all its
 * rounds at once (service-league.c): the season ends when its last
 * division does.
 *
 * A table not played is kept with its ranks: a bye (one player, a
 * point in Swiss) or a forfeit (a table with a player who withdrew:
 * the others share the first rank).  A player who withdraws after the
 * start forfeits the games they are playing (service_clock_out()) and
 * every later table, and is paired no more.
 */

#define ST_NAME_MAX	24
#define ST_MAX_ENTRANTS	10000

/* A tournament with its entrants and tables, loaded. */
struct st {
	struct store_tournament	 t;
	struct store_entrant	*e;
	size_t			 ne;
	struct store_pairing	*p;
	size_t			 np;
};

static int	st_load(struct service_mail *, long long, const char *,
		    struct st *, char **);
static void	st_free(struct st *);
static int	st_index(const struct st *, long long);
static const char *st_name(const struct store_player *);
static int	st_rounds(const struct st *);
static enum standings_tiebreak st_tiebreak(const struct st *);
static size_t	st_games(const struct st *, struct standings_game *);
static void	st_standings(const struct st *, struct standings_row *);
static void	st_pairings_text(struct service_mail *, const struct st *,
		    int, struct buf *);
static void	st_report(struct service_mail *, const struct st *, int,
		    struct buf *);
static int	st_tell(struct service_mail *, const struct st *,
		    const char *, const char *, char **);
static int	st_create(struct service_mail *, const struct st *,
		    const long long *, int, int, int, int, int, char **);
static int	st_table(struct service_mail *, const struct st *, int, int,
		    int, const int *, int, char **);
static int	st_pair_roundrobin(struct service_mail *, const struct st *,
		    int, char **);
static int	st_met(void *, int, int);
static int	st_pair_swiss(struct service_mail *, const struct st *, int,
		    char **);
static int	st_match_winner(const struct st *, int, int, int *, int *);
static int	st_pair_knockout(struct service_mail *, const struct st *,
		    int, char **);
static int	st_next(struct service_mail *, long long, char **);
static int	st_begin(struct service_mail *, long long, char **);
static int	st_new(struct service_mail *, const char *, char **);
static int	st_join(struct service_mail *, const char *, char **);
static int	st_leave(struct service_mail *, const char *, char **);
static int	st_show(struct service_mail *, const char *, char **);

/* Load tournament id (or name): 1 found, 0 not, -1 failure. */
static int
st_load(struct service_mail *sm, long long id, const char *name, struct st *st,
    char **cause)
{
	int	rc;

	memset(st, 0, sizeof *st);
	if ((rc = store_tournament_get(sm->sv->store, id, name, &st->t,
	    cause)) != 1)
		return (rc);
	if (store_entrants(sm->sv->store, st->t.id, &st->e, &st->ne,
	    cause) == -1 || store_pairings(sm->sv->store, st->t.id, 0,
	    &st->p, &st->np, cause) == -1) {
		st_free(st);
		return (-1);
	}
	return (1);
}

static void
st_free(struct st *st)
{
	store_tournament_free(&st->t);
	store_entrants_free(st->e, st->ne);
	store_pairings_free(st->p, st->np);
	memset(st, 0, sizeof *st);
}

/* The index of player's entry, or -1. */
static int
st_index(const struct st *st, long long player)
{
	size_t	i;

	for (i = 0; i < st->ne; i++) {
		if (st->e[i].player.id == player)
			return ((int)i);
	}
	return (-1);
}

static const char *
st_name(const struct store_player *p)
{
	return (p->name != NULL ? p->name : p->address);
}

/* How many rounds the tournament has. */
static int
st_rounds(const struct st *st)
{
	int	n = (int)st->ne, rounds = 0;

	if (strcmp(st->t.format, "roundrobin") == 0)
		return (pairing_rounds(n, st->t.seats));
	if (strcmp(st->t.format, "knockout") == 0) {
		while ((1 << rounds) < n)
			rounds++;
		return (rounds);
	}
	if (st->t.rounds > 0)
		return (st->t.rounds);
	while ((1 << rounds) < n)
		rounds++;
	return (rounds > 0 ? rounds : 1);
}

static enum standings_tiebreak
st_tiebreak(const struct st *st)
{
	return (strcmp(st->t.format, "roundrobin") == 0 ?
	    STANDINGS_SONNEBORN : STANDINGS_BUCHHOLZ);
}

/*
 * The finished tables as standings games (out has room for st->np);
 * returns how many.  A cancelled game counts for nobody.
 */
static size_t
st_games(const struct st *st, struct standings_game *out)
{
	const struct store_pairing	*p;
	struct standings_game		*g;
	size_t				 i, n = 0;
	int				 j, k, known;

	for (i = 0; i < st->np; i++) {
		p = &st->p[i];
		if (!p->done)
			continue;
		g = &out[n];
		memset(g, 0, sizeof *g);
		g->n = p->n;
		g->round = p->round;
		known = 1;
		for (j = 0; j < p->n; j++) {
			if ((k = st_index(st, p->players[j])) == -1 ||
			    p->ranks[j] <= 0)
				known = 0;
			g->player[j] = k;
			g->rank[j] = p->ranks[j];
		}
		if (known)
			n++;
	}
	return (n);
}

/* The standings as they are: rows for every entrant, in order. */
static void
st_standings(const struct st *st, struct standings_row *rows)
{
	struct standings_game	*games;
	size_t			 n;

	games = xreallocarray(NULL, st->np + 1, sizeof *games);
	n = st_games(st, games);
	standings_compute((int)st->ne, games, n, st_tiebreak(st), rows);
	free(games);
}

/* Round's tables, a line each: "G12     Alice v Bob  1-0". */
static void
st_pairings_text(struct service_mail *sm, const struct st *st, int round,
    struct buf *out)
{
	const struct store_pairing	*p;
	struct buf			 line;
	size_t				 i;
	int				 j, k;

	(void)sm;
	buf_init(&line);
	for (i = 0; i < st->np; i++) {
		p = &st->p[i];
		if (p->round != round)
			continue;
		buf_reset(&line);
		if (p->game != -1)
			buf_addf(&line, "  G%-6lld", p->game);
		else
			buf_addf(&line, "  %-7s", p->n == 1 ? "bye" : "forfeit");
		for (j = 0; j < p->n; j++) {
			k = st_index(st, p->players[j]);
			buf_addf(&line, "%s%s", j > 0 ? " v " : "", k == -1 ?
			    "?" : st_name(&st->e[k].player));
		}
		if (p->leg > 1)
			buf_addf(&line, " (%s)", p->leg == 2 ? "return game" :
			    "tie-break");
		if (!p->done)
			buf_adds(&line, "  playing");
		else if (p->n > 1 && p->ranks[0] <= 0)
			buf_adds(&line, "  cancelled");
		else if (p->n == 2)
			buf_addf(&line, "  %s", p->ranks[0] == p->ranks[1] ?
			    "\xc2\xbd-\xc2\xbd" : p->ranks[0] < p->ranks[1] ?
			    "1-0" : "0-1");
		else if (p->n > 2) {
			buf_adds(&line, "  places");
			for (j = 0; j < p->n; j++)
				buf_addf(&line, " %d", p->ranks[j]);
		}
		text_wrap(out, line.data, TEXT_WRAP, TEXT_WIDTH);
		buf_addc(out, '\n');
	}
	buf_free(&line);
}

/*
 * The tournament's state, standings, crosstable and pairings: of every
 * round for "tournament NAME", of the round in play for the mail that
 * goes to every entrant (from round first).
 */
static void
st_report(struct service_mail *sm, const struct st *st, int first,
    struct buf *out)
{
	struct standings_row	*rows;
	struct standings_game	*games;
	const char		**names;
	size_t			 i, n;
	int			 r;

	buf_addf(out, "Tournament %s: %s, %s%s, %s, %s.\n", st->t.name,
	    st->t.variant, st->t.format, st->t.seats > 2 ? " tables" : "",
	    st->t.clock != NULL ? st->t.clock : "no clock", st->t.rated ?
	    "rated" : "unrated");
	if (st->t.seats > 2)
		buf_addf(out, "Tables of %d players.\n", st->t.seats);
	if (strcmp(st->t.state, "open") == 0) {
		buf_addf(out, "It is open: %zu entrant%s so far%s.\n", st->ne,
		    st->ne == 1 ? "" : "s", st->t.max > 0 ? "" : "");
		for (i = 0; i < st->ne; i++)
			buf_addf(out, "  %s\n", st_name(&st->e[i].player));
		return;
	}
	if (strcmp(st->t.state, "playing") == 0)
		buf_addf(out, "Round %d of %d is being played.\n", st->t.round,
		    st_rounds(st));
	else
		buf_addf(out, "It is %s.\n", st->t.state);
	rows = xreallocarray(NULL, st->ne + 1, sizeof *rows);
	names = xreallocarray(NULL, st->ne + 1, sizeof *names);
	for (i = 0; i < st->ne; i++)
		names[i] = st_name(&st->e[i].player);
	st_standings(st, rows);
	buf_adds(out, "\nStandings:\n");
	standings_table(rows, (int)st->ne, names, st_tiebreak(st), out);
	games = xreallocarray(NULL, st->np + 1, sizeof *games);
	n = st_games(st, games);
	buf_adds(out, "\nCrosstable:\n");
	standings_crosstable((int)st->ne, games, n, rows, names, out);
	free(games);
	free(rows);
	free(names);
	for (r = first; r <= st->t.round; r++) {
		buf_addf(out, "\nRound %d:\n", r);
		st_pairings_text(sm, st, r, out);
	}
}

/* Mail text to every entrant still in the tournament (or knocked out). */
static int
st_tell(struct service_mail *sm, const struct st *st, const char *what,
    const char *text, char **cause)
{
	struct buf	subject;
	size_t		i;
	int		rc = 0;

	buf_init(&subject);
	buf_addf(&subject, "[mupbem] Tournament %s: %s", st->t.name, what);
	for (i = 0; i < st->ne && rc == 0; i++) {
		if (strcmp(st->e[i].state, "out") == 0)
			continue;
		rc = service_mail_notice(sm, st->e[i].player.address,
		    subject.data, text, cause);
	}
	buf_free(&subject);
	return (rc);
}

/*
 * Make and start one game of the tournament for players (in seat
 * order, or by lot if !ordered), as table board of round, leg.
 */
static int
st_create(struct service_mail *sm, const struct st *st,
    const long long *players, int n, int round, int board, int leg,
    int ordered, char **cause)
{
	const struct game_ops	*ops = game_find(st->t.variant);
	struct game_options	 opts;
	struct store_pairing	 p;
	struct service_game	 sg;
	struct record		 rec;
	struct game		*g;
	struct buf		 text, topic;
	char			*why = NULL, options[64];
	uint64_t		 seed;
	long long		 id, drawn[PAIRING_MAX_SEATS];
	int			 i, k, rc;

	memset(&opts, 0, sizeof opts);
	opts.players = n;
	opts.segments = st->t.segments;
	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		seed = (uint64_t)sm->ml->now * 2654435761U + (uint64_t)board;
	/* Seats by lot: drawn here, so that the table keeps the game's. */
	for (i = 0; i < n; i++)
		drawn[i] = players[i];
	for (i = n - 1; !ordered && i > 0; i--) {
		k = (int)((seed >> (i * 7 % 57)) % (uint64_t)(i + 1));
		id = drawn[i];
		drawn[i] = drawn[k];
		drawn[k] = id;
	}
	players = drawn;
	if (ops == NULL || (g = game_create(ops, &opts, &why)) == NULL) {
		xasprintf(cause, "tournament %s: cannot make a game: %s",
		    st->t.name, why != NULL ? why : st->t.variant);
		free(why);
		return (-1);
	}
	ops->options(g, &opts);
	game_free(g);
	record_init(&rec, ops, &opts, seed);
	buf_init(&text);
	record_write(&rec, &text);
	record_free(&rec);
	if (opts.games != 0)
		snprintf(options, sizeof options, "players=%d match=%d",
		    opts.players, opts.games);
	else
		snprintf(options, sizeof options, "players=%d segments=%d",
		    opts.players, opts.segments);
	buf_init(&topic);
	buf_addf(&topic, "%s: ", ops->title);
	for (i = 0; i < n; i++) {
		k = st_index(st, players[i]);
		buf_addf(&topic, "%s%s", i > 0 ? " v " : "", k == -1 ? "?" :
		    st_name(&st->e[k].player));
	}
	buf_addf(&topic, " (%s, round %d)", st->t.name, round);
	rc = store_game_add(sm->sv->store, ops->name, options, text.data,
	    topic.data, sm->ml->now, &id, cause);
	buf_free(&topic);
	buf_free(&text);
	if (rc == -1)
		return (-1);
	for (i = 0; i < n; i++) {
		if (store_seat_add(sm->sv->store, id, i, players[i],
		    "accepted", cause) == -1)
			return (-1);
	}
	if ((st->t.clock != NULL && store_clock_control(sm->sv->store, id,
	    st->t.clock, cause) == -1) || store_game_event(sm->sv->store, id,
	    st->t.rated, st->t.id, NULL, cause) == -1)
		return (-1);
	memset(&p, 0, sizeof p);
	p.round = round;
	p.board = board;
	p.leg = leg;
	p.game = id;
	p.n = n;
	for (i = 0; i < n; i++)
		p.players[i] = players[i];
	if (store_pairing_add(sm->sv->store, st->t.id, &p, cause) == -1)
		return (-1);
	if ((rc = service_game_load(sm, id, &sg, cause)) != 1)
		return (rc == 0 ? 0 : -1);
	rc = service_lifecycle_start(sm, &sg, 1, cause);
	service_game_free(&sg);
	log_info("tournament %s: round %d, table %d: game G%lld", st->t.name,
	    round, board, id);
	return (rc);
}

/*
 * One table of round, entrants idx[0..n) in seat order: a bye for one,
 * a forfeit if any has withdrawn, a game otherwise.
 */
static int
st_table(struct service_mail *sm, const struct st *st, int round, int board,
    int leg, const int *idx, int n, char **cause)
{
	struct store_pairing	p;
	long long		players[PAIRING_MAX_SEATS];
	int			i, out = 0, in = 0;

	memset(&p, 0, sizeof p);
	for (i = 0; i < n; i++) {
		players[i] = st->e[idx[i]].player.id;
		if (strcmp(st->e[idx[i]].state, "out") == 0)
			out++;
		else
			in++;
	}
	if (n > 1 && out == 0)
		return (st_create(sm, st, players, n, round, board, leg, 1,
		    cause));
	if (in == 0)
		return (0);	/* nobody left to score */
	p.round = round;
	p.board = board;
	p.leg = leg;
	p.game = -1;
	p.n = n;
	for (i = 0; i < n; i++) {
		p.players[i] = players[i];
		p.ranks[i] = strcmp(st->e[idx[i]].state, "out") == 0 ?
		    in + 1 : 1;
	}
	return (store_pairing_add(sm->sv->store, st->t.id, &p, cause));
}

/* Round (from 1) of a round robin; a league division makes them all. */
static int
st_pair_roundrobin(struct service_mail *sm, const struct st *st, int round,
    char **cause)
{
	struct pairing_table	*tables;
	size_t			 n, i;
	int			 rc = 0;

	tables = xreallocarray(NULL, pairing_roundrobin_max((int)st->ne,
	    st->t.seats) + 1, sizeof *tables);
	if (pairing_roundrobin((int)st->ne, st->t.seats, round - 1, tables,
	    &n) == -1) {
		free(tables);
		xasprintf(cause, "tournament %s: no round robin of %zu in "
		    "tables of %d", st->t.name, st->ne, st->t.seats);
		return (-1);
	}
	for (i = 0; i < n && rc == 0; i++)
		rc = st_table(sm, st, round, (int)i + 1, 1, tables[i].seat,
		    tables[i].n, cause);
	free(tables);
	return (rc);
}

/* How often entrants a and b have sat at one table (arg: the st). */
static int
st_met(void *arg, int a, int b)
{
	const struct st	*st = arg;
	size_t		 i;
	int		 j, n = 0, fa, fb;

	for (i = 0; i < st->np; i++) {
		fa = fb = 0;
		for (j = 0; j < st->p[i].n; j++) {
			fa |= st->p[i].players[j] == st->e[a].player.id;
			fb |= st->p[i].players[j] == st->e[b].player.id;
		}
		n += fa && fb;
	}
	return (n);
}

/* Round (from 1) of a Swiss tournament, from the standings so far. */
static int
st_pair_swiss(struct service_mail *sm, const struct st *st, int round,
    char **cause)
{
	struct pairing_player	*pp;
	struct pairing_table	*tables;
	struct standings_row	*rows;
	size_t			 n, i;
	int			 j, k, rc = 0;

	pp = xcalloc(st->ne + 1, sizeof *pp);
	rows = xreallocarray(NULL, st->ne + 1, sizeof *rows);
	st_standings(st, rows);
	for (i = 0; i < st->ne; i++) {
		k = rows[i].player;
		pp[k].score = rows[i].points;
		pp[k].byes = rows[i].byes;
	}
	for (i = 0; i < st->ne; i++) {
		pp[i].rating = st->e[i].rating;
		pp[i].out = strcmp(st->e[i].state, "in") != 0;
	}
	for (i = 0; i < st->np; i++) {
		if (st->p[i].n != 2)
			continue;
		for (j = 0; j < 2; j++) {
			if ((k = st_index(st, st->p[i].players[j])) == -1)
				continue;
			pp[k].colour += j == 0 ? 1 : -1;
			pp[k].last = j == 0 ? 1 : -1;
		}
	}
	tables = xreallocarray(NULL, st->ne + 1, sizeof *tables);
	if (pairing_swiss(pp, (int)st->ne, st->t.seats, st_met, (void *)st,
	    tables, &n) == -1) {
		xasprintf(cause, "tournament %s: round %d cannot be paired",
		    st->t.name, round);
		rc = -1;
	}
	for (i = 0; rc == 0 && i < n; i++)
		rc = st_table(sm, st, round, (int)i + 1, 1, tables[i].seat,
		    tables[i].n, cause);
	free(tables);
	free(rows);
	free(pp);
	return (rc);
}

/*
 * The winner of knockout match board of round: 1 and *winner (an
 * entrant) when decided; 0 while undecided, with *tiebreak set when the
 * two games are over and level with no tie-break game yet.
 */
static int
st_match_winner(const struct st *st, int round, int board, int *winner,
    int *tiebreak)
{
	const struct store_pairing	*p, *legs[3] = { NULL, NULL, NULL };
	struct standings_game		 g;
	double				 pts[2] = { 0, 0 };
	size_t				 i;
	int				 a = -1, b = -1, j, k;

	*tiebreak = 0;
	for (i = 0; i < st->np; i++) {
		p = &st->p[i];
		if (p->round == round && p->board == board && p->leg >= 1 &&
		    p->leg <= 3)
			legs[p->leg - 1] = p;
	}
	if ((p = legs[0]) == NULL)
		return (0);
	a = st_index(st, p->players[0]);
	if (p->n == 1) {
		*winner = a;
		return (1);
	}
	b = st_index(st, p->players[1]);
	for (j = 0; j < 2; j++) {
		if (legs[j] == NULL || !legs[j]->done)
			return (0);
	}
	for (j = 0; j < 2; j++) {
		memset(&g, 0, sizeof g);
		g.n = 2;
		for (k = 0; k < 2; k++) {
			g.player[k] = st_index(st, legs[j]->players[k]);
			g.rank[k] = legs[j]->ranks[k] > 0 ? legs[j]->ranks[k] :
			    1;
		}
		for (k = 0; k < 2; k++)
			pts[g.player[k] == a ? 0 : 1] += standings_points(&g, k);
	}
	if (pts[0] != pts[1]) {
		*winner = pts[0] > pts[1] ? a : b;
		return (1);
	}
	if ((p = legs[2]) == NULL) {
		*tiebreak = 1;
		return (0);
	}
	if (!p->done)
		return (0);
	if (p->ranks[0] > 0 && p->ranks[0] != p->ranks[1]) {
		k = p->ranks[0] < p->ranks[1] ? 0 : 1;
		*winner = st_index(st, p->players[k]);
	} else	/* drawn again: the higher seed goes through */
		*winner = st->e[a].number < st->e[b].number ? a : b;
	return (1);
}

/*
 * Round (from 1) of a knockout: round 1 from the seeding, each later
 * one from the winners of the matches before, two by two.
 */
static int
st_pair_knockout(struct service_mail *sm, const struct st *st, int round,
    char **cause)
{
	long long	 players[2];
	int		*order, *alive, size, n = 0, i, w, tb, rc = 0;
	int		 idx[2];

	size = pairing_knockout_size((int)st->ne);
	order = xreallocarray(NULL, (size_t)size, sizeof *order);
	alive = xreallocarray(NULL, (size_t)size, sizeof *alive);
	if (round == 1) {
		pairing_knockout((int)st->ne, order);
		for (i = 0; i < size; i++)
			alive[n++] = order[i];	/* seeds are entrants */
	} else {
		for (i = 1; i <= size; i++) {
			if (st_match_winner(st, round - 1, i, &w, &tb) == 1)
				alive[n++] = w;
		}
	}
	for (i = 0; i + 1 < n && rc == 0; i += 2) {
		if (alive[i] == -1 || alive[i + 1] == -1) {
			idx[0] = alive[i] == -1 ? alive[i + 1] : alive[i];
			rc = st_table(sm, st, round, i / 2 + 1, 1, idx, 1,
			    cause);
			continue;
		}
		idx[0] = alive[i];
		idx[1] = alive[i + 1];
		players[0] = st->e[idx[0]].player.id;
		players[1] = st->e[idx[1]].player.id;
		if ((rc = st_table(sm, st, round, i / 2 + 1, 1, idx, 2,
		    cause)) == 0 && strcmp(st->e[idx[0]].state, "out") != 0 &&
		    strcmp(st->e[idx[1]].state, "out") != 0) {
			idx[0] = alive[i + 1];
			idx[1] = alive[i];
			rc = st_table(sm, st, round, i / 2 + 1, 2, idx, 2,
			    cause);
		}
	}
	(void)players;
	free(order);
	free(alive);
	return (rc);
}

/*
 * A game of tournament id ended, or a player withdrew: if the round is
 * over, pair the next one or end the tournament, and tell everyone.
 */
static int
st_next(struct service_mail *sm, long long id, char **cause)
{
	struct st	 st;
	struct buf	 text, what;
	long long	 players[2];
	size_t		 i;
	int		 done = 1, rc, round, w, tb, board;

	if ((rc = st_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	if (strcmp(st.t.state, "playing") != 0) {
		st_free(&st);
		return (0);
	}
	for (i = 0; i < st.np; i++) {
		if (!st.p[i].done)
			done = 0;
	}
	rc = 0;
	if (done && strcmp(st.t.format, "knockout") == 0) {
		/* Level matches get their tie-break game first. */
		for (board = 1; board <= (int)st.ne; board++) {
			if (st_match_winner(&st, st.t.round, board, &w,
			    &tb) == 1 || !tb)
				continue;
			for (i = 0; i < st.np; i++) {
				if (st.p[i].round == st.t.round &&
				    st.p[i].board == board && st.p[i].leg == 1)
					break;
			}
			players[0] = st.p[i].players[0];
			players[1] = st.p[i].players[1];
			if ((rc = st_create(sm, &st, players, 2, st.t.round,
			    board, 3, 0, cause)) == -1)
				break;
			done = 0;
		}
		for (board = 1; rc == 0 && done && board <= (int)st.ne;
		    board++) {
			if (st_match_winner(&st, st.t.round, board, &w,
			    &tb) != 1)
				continue;
			for (i = 0; i < st.np; i++) {
				if (st.p[i].round == st.t.round &&
				    st.p[i].board == board && st.p[i].leg == 1 &&
				    st.p[i].n == 2) {
					rc = store_entrant_state(sm->sv->store,
					    id, st.p[i].players[0] ==
					    st.e[w].player.id ?
					    st.p[i].players[1] :
					    st.p[i].players[0], "lost", cause);
					break;
				}
			}
		}
	}
	if (!done || rc == -1) {
		st_free(&st);
		return (rc);
	}
	round = st.t.league != -1 ? st_rounds(&st) + 1 : st.t.round + 1;
	buf_init(&text);
	buf_init(&what);
	if (round > st_rounds(&st)) {
		if ((rc = store_tournament_state(sm->sv->store, id, "over",
		    st.t.round, cause)) == 0) {
			free(st.t.state);
			st.t.state = xstrdup("over");
			buf_addf(&text, "Tournament %s is over.\n\n", st.t.name);
			st_report(sm, &st, st.t.round, &text);
			buf_adds(&what, "final standings");
			if (st.t.league == -1)
				rc = st_tell(sm, &st, what.data, text.data,
				    cause);
			else
				rc = service_league_division(sm, st.t.league,
				    cause);
		}
		log_info("tournament %s: over", st.t.name);
	} else {
		rc = store_tournament_state(sm->sv->store, id, "playing",
		    round, cause);
		if (rc == 0 && strcmp(st.t.format, "roundrobin") == 0)
			rc = st_pair_roundrobin(sm, &st, round, cause);
		else if (rc == 0 && strcmp(st.t.format, "swiss") == 0)
			rc = st_pair_swiss(sm, &st, round, cause);
		else if (rc == 0)
			rc = st_pair_knockout(sm, &st, round, cause);
		st_free(&st);
		if (rc == 0 && (rc = st_load(sm, id, NULL, &st, cause)) == 1) {
			buf_addf(&text, "Round %d of tournament %s is over; "
			    "round %d begins.\n\n", round - 1, st.t.name,
			    round);
			st_report(sm, &st, round - 1, &text);
			buf_addf(&what, "round %d", round);
			rc = st_tell(sm, &st, what.data, text.data, cause);
			/* The new round may be over already: all byes. */
			if (rc == 0)
				rc = st_next(sm, id, cause);
		}
	}
	buf_free(&text);
	buf_free(&what);
	st_free(&st);
	return (rc == -1 ? -1 : 0);
}

/*
 * Start tournament id: number the entrants by rating, best first, and
 * make the first round (every round, for a league's division).
 */
static int
st_begin(struct service_mail *sm, long long id, char **cause)
{
	struct st	 st;
	struct buf	 text;
	size_t		 i, j;
	double		 r;
	struct glicko	 g;
	const char	*kind;
	int		 rc, round, rounds;

	if ((rc = st_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	kind = rating_kind(st.t.variant, st.t.seats);
	for (i = 0; i < st.ne; i++) {
		if (kind == NULL) {
			st.e[i].rating = sm->sv->config->ratings.rating;
			continue;
		}
		if (service_rating_get(sm, st.e[i].player.id, kind, 0, &g,
		    NULL, cause) == -1) {
			st_free(&st);
			return (-1);
		}
		st.e[i].rating = g.rating;
	}
	/* By rating, then joining order (as loaded): a stable sort. */
	for (i = 1; i < st.ne; i++) {
		for (j = i; j > 0 && st.e[j].rating > st.e[j - 1].rating;
		    j--) {
			struct store_entrant tmp = st.e[j];

			st.e[j] = st.e[j - 1];
			st.e[j - 1] = tmp;
		}
	}
	for (i = 0; i < st.ne; i++) {
		r = st.e[i].rating;
		st.e[i].number = (int)i + 1;
		if (store_entrant_number(sm->sv->store, id,
		    st.e[i].player.id, (int)i + 1, r, cause) == -1) {
			st_free(&st);
			return (-1);
		}
	}
	rounds = st.t.league != -1 ? st_rounds(&st) : 1;
	rc = store_tournament_state(sm->sv->store, id, "playing", rounds,
	    cause);
	for (round = 1; rc == 0 && round <= rounds; round++) {
		if (strcmp(st.t.format, "roundrobin") == 0)
			rc = st_pair_roundrobin(sm, &st, round, cause);
		else if (strcmp(st.t.format, "swiss") == 0)
			rc = st_pair_swiss(sm, &st, round, cause);
		else
			rc = st_pair_knockout(sm, &st, round, cause);
	}
	st_free(&st);
	log_info("tournament %lld: started, %d round%s made", id, rounds,
	    rounds == 1 ? "" : "s");
	if (rc == -1 || (rc = st_load(sm, id, NULL, &st, cause)) != 1)
		return (rc == -1 ? -1 : 0);
	rc = 0;
	buf_init(&text);
	if (st.t.league == -1) {
		buf_addf(&text, "Tournament %s has started: round 1 of %d. "
		    "Your games come in their own mail.\n\n", st.t.name,
		    st_rounds(&st));
		st_report(sm, &st, 1, &text);
		rc = st_tell(sm, &st, "round 1", text.data, cause);
	}
	buf_free(&text);
	st_free(&st);
	if (rc == 0)
		rc = st_next(sm, id, cause);	/* a round of byes */
	return (rc);
}

/*
 * tournament new NAME KIND FORMAT [rounds N] [seats N] [time SPEC]
 * [max N] [starts DATE] [segments N] [rated|unrated]
 */
static int
st_new(struct service_mail *sm, const char *args, char **cause)
{
	struct store_tournament	 t, old;
	struct clock_control	 ctl;
	struct buf		 b;
	struct tm		 tm;
	char			*copy, *w, *last, *name, *why = NULL, *end;
	const char		*word;
	long			 v;
	int			 rc, i = 0;

	memset(&t, 0, sizeof t);
	t.seats = 2;
	t.rated = 1;
	t.starts = -1;
	t.league = -1;
	t.organiser = sm->me.id;
	t.created = sm->ml->now;
	copy = xstrdup(args);
	name = strtok_r(copy, " \t", &last);
	for (word = name; word != NULL && *word != '\0'; word++) {
		if (!isalnum((unsigned char)*word) && *word != '-' &&
		    *word != '_')
			break;
	}
	if (name == NULL || *word != '\0' || strlen(name) > ST_NAME_MAX ||
	    strcasecmp(name, "new") == 0) {
		service_error(sm, "tournament new: a tournament's name is one "
		    "word of up to %d letters, digits, - and _, such as "
		    "Winter-2026", ST_NAME_MAX);
		goto refused;
	}
	t.name = name;
	if ((w = strtok_r(NULL, " \t", &last)) == NULL ||
	    game_find(w) == NULL) {
		service_error(sm, "tournament new %s: which game? Write "
		    "velox, levis, classic or mur after the name", name);
		goto refused;
	}
	t.variant = (char *)game_find(w)->name;
	if ((w = strtok_r(NULL, " \t", &last)) == NULL ||
	    (strcasecmp(w, "roundrobin") != 0 && strcasecmp(w, "swiss") !=
	    0 && strcasecmp(w, "knockout") != 0)) {
		service_error(sm, "tournament new %s: which format? Write "
		    "roundrobin, swiss or knockout after the game", name);
		goto refused;
	}
	for (end = w; *end != '\0'; end++)
		*end = (char)tolower((unsigned char)*end);
	t.format = w;
	while ((w = strtok_r(NULL, " \t", &last)) != NULL) {
		if (strcasecmp(w, "rated") == 0 ||
		    strcasecmp(w, "unrated") == 0) {
			t.rated = strcasecmp(w, "rated") == 0;
			continue;
		}
		word = w;
		if ((w = strtok_r(NULL, " \t", &last)) == NULL) {
			service_error(sm, "tournament new %s: %s needs a "
			    "value", name, word);
			goto refused;
		}
		if (strcasecmp(word, "time") == 0) {
			if (strcasecmp(w, "none") == 0) {
				free(t.clock);
				t.clock = xstrdup("none");
				continue;
			}
			if (clock_parse(w, &ctl, &why) == -1) {
				service_error(sm, "tournament new %s: %s",
				    name, why);
				free(why);
				goto refused;
			}
			buf_init(&b);
			clock_format(&ctl, &b);
			free(t.clock);
			t.clock = buf_steal(&b);
			continue;
		}
		if (strcasecmp(word, "starts") == 0) {
			memset(&tm, 0, sizeof tm);
			end = strptime(w, "%Y-%m-%d", &tm);
			if (end == NULL || *end != '\0' ||
			    timegm(&tm) <= sm->ml->now) {
				service_error(sm, "tournament new %s: starts "
				    "takes a date to come, such as starts "
				    "2026-12-01 (it starts at 00:00 UTC)",
				    name);
				goto refused;
			}
			t.starts = timegm(&tm);
			continue;
		}
		v = strtol(w, &end, 10);
		if (*end != '\0' || v < 0 || v > ST_MAX_ENTRANTS) {
			service_error(sm, "tournament new %s: %s takes a "
			    "number, not '%s'", name, word, w);
			goto refused;
		}
		if (strcasecmp(word, "rounds") == 0 && v >= 1 && v <= 99)
			t.rounds = (int)v;
		else if (strcasecmp(word, "seats") == 0 && v >= 2 &&
		    v <= PAIRING_MAX_SEATS)
			t.seats = (int)v;
		else if (strcasecmp(word, "max") == 0 && v >= 2)
			t.max = (int)v;
		else if (strcasecmp(word, "segments") == 0 && v >= 1)
			t.segments = (int)v;
		else {
			service_error(sm, "tournament new %s: '%s %s' is not "
			    "something tournament new understands (rounds "
			    "1-99, seats 2-%d, time SPEC, max N, starts DATE, "
			    "segments N, rated, unrated)", name, word, w,
			    PAIRING_MAX_SEATS);
			goto refused;
		}
		i++;
	}
	if (strcmp(t.format, "knockout") == 0 && t.seats != 2) {
		service_error(sm, "tournament new %s: a knockout is for two "
		    "players a game", name);
		goto refused;
	}
	if (strcmp(t.format, "roundrobin") == 0 && t.rounds != 0) {
		service_error(sm, "tournament new %s: a round robin's rounds "
		    "follow from its players; leave out rounds", name);
		goto refused;
	}
	if (strcmp(t.variant, "mur") == 0 && t.seats != 2) {
		service_error(sm, "tournament new %s: Mur is a game for two",
		    name);
		goto refused;
	}
	if (t.clock == NULL)
		t.clock = xstrdup(sm->sv->config->time);
	if (strcmp(t.clock, "none") == 0) {
		free(t.clock);
		t.clock = NULL;
	}
	if ((rc = store_tournament_get(sm->sv->store, -1, name, &old,
	    cause)) != 0) {
		store_tournament_free(&old);
		if (rc == 1)
			service_error(sm, "tournament new: there is a "
			    "tournament called %s already", name);
		free(t.clock);
		free(copy);
		return (rc == 1 ? 0 : -1);
	}
	t.state = (char *)"open";
	if (store_tournament_add(sm->sv->store, &t, cause) == -1 ||
	    (t.starts != -1 && store_timer_add(sm->sv->store, t.starts,
	    "start", -1, (int)t.id, -1, cause) == -1)) {
		free(t.clock);
		free(copy);
		return (-1);
	}
	service_notice(sm, "Tournament %s is open: %s, %s, %d players a "
	    "game, %s, %s%s. Players join with 'tournament join %s'; you "
	    "start it with 'tournament start %s'%s.", name, t.variant,
	    t.format, t.seats, t.clock != NULL ? t.clock : "no clock",
	    t.rated ? "rated" : "unrated", t.max > 0 ? ", limited" : "",
	    name, name, t.starts != -1 ? ", or it starts by itself on the "
	    "date you gave" : "");
	log_info("tournament %s: made by %s", name, sm->me.address);
	free(t.clock);
	free(copy);
	return (0);
refused:
	free(t.clock);
	free(copy);
	return (0);
}

/* tournament join NAME */
static int
st_join(struct service_mail *sm, const char *name, char **cause)
{
	struct st	st;
	int		rc;

	if ((rc = st_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament join: there is no "
			    "tournament called %s ('tournaments' lists them)",
			    name);
		return (rc);
	}
	if (strcmp(st.t.state, "open") != 0)
		service_error(sm, "tournament join %s: it has started; join "
		    "the next one", st.t.name);
	else if (st_index(&st, sm->me.id) != -1)
		service_error(sm, "tournament join %s: you are in it already",
		    st.t.name);
	else if (st.t.max > 0 && (int)st.ne >= st.t.max)
		service_error(sm, "tournament join %s: it is full (%d "
		    "players)", st.t.name, st.t.max);
	else if ((rc = store_entrant_add(sm->sv->store, st.t.id, sm->me.id,
	    (int)st.ne + 1, 0, sm->ml->now, cause)) == 0)
		service_notice(sm, "You are in tournament %s, entrant %zu. "
		    "Your games will come by mail when it starts.", st.t.name,
		    st.ne + 1);
	st_free(&st);
	return (rc == -1 ? -1 : 0);
}

/*
 * Withdraw player from tournament id: before the start they are simply
 * gone; after it they forfeit the games they are playing, and every
 * later table.
 */
int
service_tournament_withdraw(struct service_mail *sm, long long id,
    long long player, char **cause)
{
	struct service_game	 sg;
	struct store_seat	*seat;
	struct st		 st;
	long long		*games = NULL;
	size_t			 i, n = 0;
	int			 rc;

	if ((rc = st_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	if (strcmp(st.t.state, "open") == 0) {
		rc = store_entrant_del(sm->sv->store, id, player, cause);
		st_free(&st);
		return (rc);
	}
	if ((rc = store_entrant_state(sm->sv->store, id, player, "out",
	    cause)) == -1) {
		st_free(&st);
		return (-1);
	}
	games = xreallocarray(NULL, st.np + 1, sizeof *games);
	for (i = 0; i < st.np; i++) {
		if (st.p[i].game != -1 && !st.p[i].done)
			games[n++] = st.p[i].game;
	}
	st_free(&st);
	for (i = 0; i < n && rc == 0; i++) {
		if ((rc = service_game_load(sm, games[i], &sg, cause)) != 1)
			continue;
		rc = 0;
		seat = service_game_seat_of(&sg, player);
		if (seat != NULL && seat->out == NULL &&
		    strcmp(sg.row.status, "playing") == 0)
			rc = service_clock_out(sm, &sg, seat, "forfeit", cause);
		service_game_free(&sg);
	}
	free(games);
	if (rc == 0)
		rc = st_next(sm, id, cause);
	return (rc == -1 ? -1 : 0);
}

/* tournament leave NAME */
static int
st_leave(struct service_mail *sm, const char *name, char **cause)
{
	struct st	st;
	int		rc, k;

	if ((rc = st_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament leave: there is no "
			    "tournament called %s", name);
		return (rc);
	}
	k = st_index(&st, sm->me.id);
	if (k == -1 || strcmp(st.e[k].state, "in") != 0 ||
	    st.t.league != -1 || strcmp(st.t.state, "over") == 0) {
		service_error(sm, "tournament leave %s: %s", st.t.name,
		    k == -1 ? "you are not in it" : st.t.league != -1 ?
		    "it is a league's division: leave the league" :
		    strcmp(st.t.state, "over") == 0 ? "it is over" :
		    "you are out of it already");
		st_free(&st);
		return (0);
	}
	rc = service_tournament_withdraw(sm, st.t.id, sm->me.id, cause);
	if (rc == 0)
		service_notice(sm, "You have left tournament %s.%s",
		    st.t.name, strcmp(st.t.state, "open") == 0 ? "" :
		    " Your games in it are forfeit.");
	st_free(&st);
	return (rc);
}

/* tournament NAME: the standings, crosstable and pairings. */
static int
st_show(struct service_mail *sm, const char *name, char **cause)
{
	struct service_vars	vars;
	struct st		st;
	struct buf		text;
	int			rc;

	if ((rc = st_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament: there is no tournament "
			    "called %s ('tournaments' lists them)", name);
		return (rc);
	}
	buf_init(&text);
	st_report(sm, &st, 1, &text);
	service_vars_init(&vars);
	service_vars_set(&vars, SV_TEXT, "%s", text.data);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
	buf_free(&text);
	st_free(&st);
	return (0);
}

/* tournament new|join|leave|start NAME ..., or tournament NAME */
int
service_tournament_command(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct st	 st;
	char		 sub[16];
	const char	*rest = c->arg, *name;
	size_t		 n;
	int		 rc;

	n = strcspn(rest, " \t");
	name = rest + n + strspn(rest + n, " \t");
	snprintf(sub, sizeof sub, "%.*s", (int)(n < 15 ? n : 15), rest);
	if (*name == '\0')
		return (st_show(sm, rest, cause));
	if (strcasecmp(sub, "new") == 0)
		return (st_new(sm, name, cause));
	if (strcasecmp(sub, "join") == 0)
		return (st_join(sm, name, cause));
	if (strcasecmp(sub, "leave") == 0 || strcasecmp(sub, "withdraw") == 0)
		return (st_leave(sm, name, cause));
	if ((rc = st_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament start: there is no "
			    "tournament called %s", name);
		return (rc);
	}
	if (st.t.organiser != sm->me.id)
		service_error(sm, "tournament start %s: only its organiser "
		    "can start it", st.t.name);
	else if (strcmp(st.t.state, "open") != 0)
		service_error(sm, "tournament start %s: it has started "
		    "already", st.t.name);
	else if ((int)st.ne < st.t.seats || st.ne < 2)
		service_error(sm, "tournament start %s: it needs at least %d "
		    "players, and has %zu", st.t.name, st.t.seats < 2 ? 2 :
		    st.t.seats, st.ne);
	else {
		rc = st_begin(sm, st.t.id, cause);
		st_free(&st);
		return (rc);
	}
	st_free(&st);
	return (0);
}

/* tournaments: a line for each. */
int
service_tournament_list(struct service_mail *sm, char **cause)
{
	struct service_vars	 vars;
	struct store_tournament	*v;
	struct buf		 text;
	size_t			 n, i;

	if (store_tournament_list(sm->sv->store, -1, &v, &n, cause) == -1)
		return (-1);
	buf_init(&text);
	if (n == 0)
		buf_adds(&text, "There are no tournaments yet. Make one with "
		    "'tournament new NAME velox roundrobin'.\n");
	else
		buf_addf(&text, "%-24s %-8s %-10s %-8s %s\n", "Tournament",
		    "Game", "Format", "State", "Round");
	for (i = 0; i < n; i++) {
		buf_addf(&text, "%-24s %-8s %-10s %-8s ", v[i].name,
		    v[i].variant, v[i].format, v[i].state);
		if (v[i].round > 0)
			buf_addf(&text, "%d\n", v[i].round);
		else
			buf_adds(&text, "-\n");
	}
	service_vars_init(&vars);
	service_vars_set(&vars, SV_TEXT, "%s", text.data);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
	buf_free(&text);
	store_tournament_list_free(v, n);
	return (0);
}

/* A game of tournament id has ended (service-result.c). */
int
service_tournament_game(struct service_mail *sm, long long id, char **cause)
{
	return (st_next(sm, id, cause));
}

/* Tournament id's start timer is due: start it if it can be. */
int
service_tournament_timer(struct service_mail *sm, long long id, char **cause)
{
	struct st	st;
	int		rc;

	if ((rc = st_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	rc = 0;
	if (strcmp(st.t.state, "open") == 0) {
		if ((int)st.ne >= st.t.seats && st.ne >= 2)
			rc = st_begin(sm, id, cause);
		else {
			rc = store_tournament_state(sm->sv->store, id,
			    "cancelled", 0, cause);
			if (rc == 0 && st.t.organiser != -1) {
				struct store_player	o;

				if ((rc = store_player_by_id(sm->sv->store,
				    st.t.organiser, &o, cause)) == 1) {
					rc = service_mail_notice(sm, o.address,
					    "[mupbem] Tournament cancelled",
					    "Your tournament had too few "
					    "players when it was due to start, "
					    "so it is cancelled.", cause);
					store_player_free(&o);
				}
			}
		}
	}
	st_free(&st);
	return (rc == -1 ? -1 : 0);
}

/* Begin tournament id now (a league's division). */
int
service_tournament_begin(struct service_mail *sm, long long id, char **cause)
{
	return (st_begin(sm, id, cause));
}

/* The standings of tournament id: entrants' player ids, best first. */
int
service_tournament_order(struct service_mail *sm, long long id,
    long long **players, size_t *n, char **cause)
{
	struct standings_row	*rows;
	struct st		 st;
	size_t			 i;
	int			 rc;

	*players = NULL;
	*n = 0;
	if ((rc = st_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	rows = xreallocarray(NULL, st.ne + 1, sizeof *rows);
	st_standings(&st, rows);
	*players = xreallocarray(NULL, st.ne + 1, sizeof **players);
	for (i = 0; i < st.ne; i++)
		(*players)[i] = st.e[rows[i].player].player.id;
	*n = st.ne;
	free(rows);
	st_free(&st);
	return (1);
}

/* The standings of tournament id, as text, for the league's report. */
int
service_tournament_text(struct service_mail *sm, long long id, int cross,
    struct buf *out, char **cause)
{
	struct standings_row	*rows;
	struct standings_game	*games;
	const char		**names;
	struct st		 st;
	size_t			 i, n;
	int			 rc;

	if ((rc = st_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	rows = xreallocarray(NULL, st.ne + 1, sizeof *rows);
	names = xreallocarray(NULL, st.ne + 1, sizeof *names);
	for (i = 0; i < st.ne; i++)
		names[i] = st_name(&st.e[i].player);
	st_standings(&st, rows);
	standings_table(rows, (int)st.ne, names, st_tiebreak(&st), out);
	if (cross) {
		games = xreallocarray(NULL, st.np + 1, sizeof *games);
		n = st_games(&st, games);
		buf_addc(out, '\n');
		standings_crosstable((int)st.ne, games, n, rows, names, out);
		free(games);
	}
	free(rows);
	free(names);
	st_free(&st);
	return (1);
}
