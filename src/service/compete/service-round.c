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
#include "compete.h"
#include "config-file.h"
#include "game-registry.h"
#include "glicko.h"
#include "league-table.h"
#include "log.h"
#include "mailloop.h"
#include "pairing.h"
#include "rating.h"
#include "service-private.h"
#include "service-round.h"
#include "standings.h"
#include "text.h"
#include "xmalloc.h"


/*
 * The rounds of a tournament (docs/tournaments.md).  When a tournament
 * starts, its entrants are numbered by rating and the first round is
 * made (every round at once for a league's division).  The server makes
 * every game of a round, with the tournament's clock and the pairing's
 * seat order, and starts it at once: an entrant has agreed to play by
 * joining.
 *
 * A round ends when its last game ends, by play, on time or by the
 * operator (service_tournament_game(), called by service-result.c in
 * the transaction that ends the game, and settled once that game's
 * mail is queued).  Then the next round is paired and everyone gets
 * the standings with the new pairings; after the last round, the final
 * standings and crosstable under a line naming the winner or winners.
 * These mails go in the tournament's thread, and to its organiser
 * (service-organiser.c).
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
 * A table not played is kept with its ranks: a bye (one player: a
 * point in Swiss, nothing in a round robin, where everyone has the same
 * number of byes; a free pass in a knockout) or a forfeit (a table with a player who withdrew:
 * the others share the first rank).
 *
 * How the tables count, the number of rounds and a knockout match's
 * winner are the league's rules (src/league/league-table.c), on the
 * league table that st->lt mirrors of the rows as loaded.
 */

static void	sr_fill(struct service_tournament *);
static int	sr_create(struct service_mail *,
		    const struct service_tournament *, const long long *, int,
		    int, int, int, int, char **);
static int	sr_table(struct service_mail *,
		    const struct service_tournament *, int, int, int,
		    const int *, int, char **);
static int	sr_pair_roundrobin(struct service_mail *,
		    const struct service_tournament *, int, char **);
struct sr_met;
static uint64_t	sr_met_key(int, int);
static int	sr_met_cmp(const void *, const void *);
static void	sr_met_init(const struct service_tournament *,
		    struct sr_met *);
static int	sr_met(void *, int, int);
static int	sr_pair_swiss(struct service_mail *,
		    const struct service_tournament *, int, char **);
static int	sr_pair_knockout(struct service_mail *,
		    const struct service_tournament *, int, char **);

/* Load tournament id (or name): 1 found, 0 not, -1 failure. */
int
service_round_load(struct service_mail *sm, long long id, const char *name,
    struct service_tournament *st, char **cause)
{
	int	rc;

	memset(st, 0, sizeof *st);
	if ((rc = store_tournament_get(sm->sv->store, id, name, &st->t,
	    cause)) != 1)
		return (rc);
	if (store_entrants(sm->sv->store, st->t.id, &st->e, &st->ne,
	    cause) == -1 || store_pairings(sm->sv->store, st->t.id, 0,
	    &st->p, &st->np, cause) == -1) {
		service_round_free(st);
		return (-1);
	}
	sr_fill(st);
	return (1);
}

void
service_round_free(struct service_tournament *st)
{
	store_tournament_free(&st->t);
	store_entrants_free(st->e, st->ne);
	store_pairings_free(st->p, st->np);
	league_table_free(&st->lt);
	memset(st, 0, sizeof *st);
}

/* Fill st's league table from its rows: after loading, after reordering. */
static void
sr_fill(struct service_tournament *st)
{
	league_table_free(&st->lt);
	store_table_fill(&st->lt, &st->t, st->e, st->ne, st->p, st->np);
}

/*
 * The tournament's state, standings, crosstable and pairings: of every
 * round for "tournament NAME", of the round in play for the mail that
 * goes to every entrant (from round first).
 */
void
service_round_report(const struct service_tournament *st, int first,
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
			buf_addf(out, "  %s\n", st->lt.e[i].name);
		return;
	}
	if (strcmp(st->t.state, "playing") == 0)
		buf_addf(out, "Round %d of %d is being played.\n", st->t.round,
		    league_table_count(&st->lt));
	else
		buf_addf(out, "It is %s.\n", st->t.state);
	rows = xreallocarray(NULL, st->ne + 1, sizeof *rows);
	names = xreallocarray(NULL, st->ne + 1, sizeof *names);
	for (i = 0; i < st->ne; i++)
		names[i] = st->lt.e[i].name;
	league_table_standings(&st->lt, rows);
	buf_adds(out, "\nStandings:\n");
	standings_table(rows, (int)st->ne, names,
	    league_table_tiebreak(&st->lt), out);
	games = xreallocarray(NULL, st->np + 1, sizeof *games);
	n = league_table_games(&st->lt, games);
	buf_adds(out, "\nCrosstable:\n");
	standings_crosstable((int)st->ne, games, n, rows, names, out);
	free(games);
	free(rows);
	free(names);
	for (r = first; r <= st->t.round; r++) {
		buf_addf(out, "\nRound %d:\n", r);
		league_table_round(&st->lt, r, out);
	}
}

/*
 * Mail text to every entrant still in the tournament (or knocked out),
 * in the tournament's thread, and to its organiser (service-organiser.c);
 * what names the event for the log.  An organiser who plays and has
 * the organiser's mail at once has that one only.
 */
int
service_round_tell(struct service_mail *sm, const struct service_tournament *st,
    const char *what, const char *text, char **cause)
{
	struct buf	subject, thread;
	size_t		i;
	int		rc = 0;

	buf_init(&subject);
	buf_init(&thread);
	buf_addf(&subject, "[mupbem] Tournament %s", st->t.name);
	service_organiser_thread(st->t.id, -1, &thread);
	for (i = 0; i < st->ne && rc == 0; i++) {
		if (strcmp(st->e[i].state, "out") == 0 ||
		    service_organiser_merged(&st->e[i].player,
		    st->t.organiser))
			continue;
		rc = service_organiser_send(sm, thread.data,
		    st->e[i].player.address, subject.data, text, cause);
	}
	if (rc == 0)
		rc = service_organiser_note(sm, st->t.organiser, thread.data,
		    subject.data, text, cause);
	log_debug("tournament %s: %s told", st->t.name, what);
	buf_free(&subject);
	buf_free(&thread);
	return (rc);
}

/* Points as "7 points", "6½ points", "½ point", or "2.33 points". */
static void
sr_points(double points, struct buf *out)
{
	long	h = lround(points * 2);

	if (fabs(points * 2 - (double)h) > 1e-9)
		buf_addf(out, "%.2f", points);
	else if (h == 1)
		buf_adds(out, "½");
	else if (h % 2 == 0)
		buf_addf(out, "%ld", h / 2);
	else
		buf_addf(out, "%ld½", h / 2);
	buf_adds(out, h <= 2 && fabs(points * 2 - (double)h) <= 1e-9 ?
	    " point" : " points");
}

/*
 * The line that names the winner of st, which is over: "Winner: A (7
 * points)."; if the second is level on points, the tie-break that
 * decided, as a promotion's: "Winner: A: level on 6½ points with B,
 * ahead on Sonneborn-Berger (20.25 against 18.00).".  The standings'
 * order is complete, so there is one; in a knockout, the final's.
 */
void
service_round_winner(const struct service_tournament *st, struct buf *out)
{
	struct standings_row	*rows;
	struct buf		 why;
	int			 w, tb;

	if (strcmp(st->t.format, "knockout") == 0) {
		if (league_table_winner(&st->lt, st->t.round, 1, &w,
		    &tb) == 1)
			buf_addf(out, "Winner: %s, who won the final.",
			    st->lt.e[w].name);
		return;
	}
	if (st->ne == 0)
		return;
	rows = xreallocarray(NULL, st->ne + 1, sizeof *rows);
	league_table_standings(&st->lt, rows);
	buf_init(&why);
	buf_addf(out, "Winner: %s", st->lt.e[rows[0].player].name);
	if (st->ne > 1)
		standings_explain(&why, &rows[0], &rows[1],
		    st->lt.e[rows[1].player].name);
	if (why.len > 0) {
		buf_addf(out, ": %s.", why.data);
		if (rows[1].by == STANDINGS_BY_LOT)
			log_info("tournament %s: %s wins by lot, level with "
			    "%s on points and every tie-break", st->t.name,
			    st->lt.e[rows[0].player].name,
			    st->lt.e[rows[1].player].name);
	} else {
		buf_adds(out, " (");
		sr_points(rows[0].points, out);
		buf_adds(out, ").");
	}
	buf_free(&why);
	free(rows);
}

/*
 * Make and start one game of the tournament for players (in seat
 * order, or by lot if !ordered), as table board of round, leg.
 */
static int
sr_create(struct service_mail *sm, const struct service_tournament *st,
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
		k = league_table_index(&st->lt, players[i]);
		if (i > 0)
			buf_adds(&topic, " v ");
		text_list_name(&topic, k == -1 ? "?" : st->lt.e[k].name);
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
	rc = service_start(sm, &sg, 1, cause);
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
sr_table(struct service_mail *sm, const struct service_tournament *st,
    int round, int board, int leg, const int *idx, int n, char **cause)
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
		return (sr_create(sm, st, players, n, round, board, leg, 1,
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
sr_pair_roundrobin(struct service_mail *sm, const struct service_tournament *st,
    int round, char **cause)
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
		rc = sr_table(sm, st, round, (int)i + 1, 1, tables[i].seat,
		    tables[i].n, cause);
	free(tables);
	return (rc);
}

/* Every pair of entrants who sat at one table, as sorted keys. */
struct sr_met {
	uint64_t	*keys;	/* a << 32 | b, a < b */
	size_t		 n;
};

static uint64_t
sr_met_key(int a, int b)
{
	return (a < b ? (uint64_t)a << 32 | (uint32_t)b :
	    (uint64_t)b << 32 | (uint32_t)a);
}

static int
sr_met_cmp(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x < y ? -1 : x > y);
}

/* The pairs of st's tables, for sr_met(). */
static void
sr_met_init(const struct service_tournament *st, struct sr_met *m)
{
	size_t	i, size = 0;
	int	j, k, a, b;

	m->keys = NULL;
	m->n = 0;
	for (i = 0; i < st->np; i++) {
		for (j = 0; j < st->p[i].n; j++) {
			a = league_table_index(&st->lt, st->p[i].players[j]);
			for (k = j + 1; a != -1 && k < st->p[i].n; k++) {
				b = league_table_index(&st->lt,
				    st->p[i].players[k]);
				if (b == -1)
					continue;
				if (m->n == size) {
					size = size == 0 ? 64 : size * 2;
					m->keys = xreallocarray(m->keys, size,
					    sizeof *m->keys);
				}
				m->keys[m->n++] = sr_met_key(a, b);
			}
		}
	}
	if (m->n > 0)
		qsort(m->keys, m->n, sizeof *m->keys, sr_met_cmp);
}

/* How often entrants a and b have sat at one table (arg: a sr_met). */
static int
sr_met(void *arg, int a, int b)
{
	const struct sr_met	*m = arg;
	uint64_t		 key = sr_met_key(a, b);
	size_t			 lo = 0, hi = m->n, mid;
	int			 n = 0;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (m->keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo < m->n && m->keys[lo++] == key)
		n++;
	return (n);
}

/* Round (from 1) of a Swiss tournament, from the standings so far. */
static int
sr_pair_swiss(struct service_mail *sm, const struct service_tournament *st,
    int round, char **cause)
{
	struct pairing_player	*pp;
	struct pairing_table	*tables;
	struct standings_row	*rows;
	struct sr_met		 met;
	size_t			 n, i;
	int			 j, k, rc = 0;

	pp = xcalloc(st->ne + 1, sizeof *pp);
	rows = xreallocarray(NULL, st->ne + 1, sizeof *rows);
	league_table_standings(&st->lt, rows);
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
			if ((k = league_table_index(&st->lt,
			    st->p[i].players[j])) == -1)
				continue;
			pp[k].colour += j == 0 ? 1 : -1;
			pp[k].last = j == 0 ? 1 : -1;
		}
	}
	tables = xreallocarray(NULL, st->ne + 1, sizeof *tables);
	sr_met_init(st, &met);
	if (pairing_swiss(pp, (int)st->ne, st->t.seats, sr_met, &met,
	    tables, &n) == -1) {
		xasprintf(cause, "tournament %s: round %d cannot be paired",
		    st->t.name, round);
		rc = -1;
	}
	for (i = 0; rc == 0 && i < n; i++)
		rc = sr_table(sm, st, round, (int)i + 1, 1, tables[i].seat,
		    tables[i].n, cause);
	free(met.keys);
	free(tables);
	free(rows);
	free(pp);
	return (rc);
}

/*
 * Round (from 1) of a knockout: round 1 from the seeding, each later
 * one from the winners of the matches before, two by two.
 */
static int
sr_pair_knockout(struct service_mail *sm, const struct service_tournament *st,
    int round, char **cause)
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
			if (league_table_winner(&st->lt, round - 1, i, &w,
			    &tb) == 1)
				alive[n++] = w;
		}
	}
	for (i = 0; i + 1 < n && rc == 0; i += 2) {
		if (alive[i] == -1 || alive[i + 1] == -1) {
			idx[0] = alive[i] == -1 ? alive[i + 1] : alive[i];
			rc = sr_table(sm, st, round, i / 2 + 1, 1, idx, 1,
			    cause);
			continue;
		}
		idx[0] = alive[i];
		idx[1] = alive[i + 1];
		players[0] = st->e[idx[0]].player.id;
		players[1] = st->e[idx[1]].player.id;
		if ((rc = sr_table(sm, st, round, i / 2 + 1, 1, idx, 2,
		    cause)) == 0 && strcmp(st->e[idx[0]].state, "out") != 0 &&
		    strcmp(st->e[idx[1]].state, "out") != 0) {
			idx[0] = alive[i + 1];
			idx[1] = alive[i];
			rc = sr_table(sm, st, round, i / 2 + 1, 2, idx, 2,
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
int
service_round_next(struct service_mail *sm, long long id, char **cause)
{
	struct service_tournament	 st;
	struct buf			 text, what;
	long long			 players[2], loser;
	size_t				 i;
	int				 done = 1, rc, round, w, tb, board;
	int				 k;

	if ((rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	if (strcmp(st.t.state, "playing") != 0) {
		service_round_free(&st);
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
			if (league_table_winner(&st.lt, st.t.round, board, &w,
			    &tb) == 1 || !tb)
				continue;
			for (i = 0; i < st.np; i++) {
				if (st.p[i].round == st.t.round &&
				    st.p[i].board == board && st.p[i].leg == 1)
					break;
			}
			players[0] = st.p[i].players[0];
			players[1] = st.p[i].players[1];
			if ((rc = sr_create(sm, &st, players, 2, st.t.round,
			    board, 3, 0, cause)) == -1)
				break;
			done = 0;
		}
		for (board = 1; rc == 0 && done && board <= (int)st.ne;
		    board++) {
			if (league_table_winner(&st.lt, st.t.round, board, &w,
			    &tb) != 1)
				continue;
			for (i = 0; i < st.np; i++) {
				if (st.p[i].round != st.t.round ||
				    st.p[i].board != board || st.p[i].leg != 1 ||
				    st.p[i].n != 2)
					continue;
				loser = st.p[i].players[0] == st.e[w].player.id ?
				    st.p[i].players[1] : st.p[i].players[0];
				k = league_table_index(&st.lt, loser);
				/* One who withdrew stays out, not lost. */
				if (k != -1 && strcmp(st.e[k].state, "in") == 0)
					rc = store_entrant_state(sm->sv->store,
					    id, loser, "lost", cause);
				break;
			}
		}
	}
	if (!done || rc == -1) {
		service_round_free(&st);
		return (rc);
	}
	round = st.t.league != -1 ? league_table_count(&st.lt) + 1 :
	    st.t.round + 1;
	buf_init(&text);
	buf_init(&what);
	if (round > league_table_count(&st.lt)) {
		if ((rc = store_tournament_state(sm->sv->store, id, "over",
		    st.t.round, cause)) == 0) {
			free(st.t.state);
			st.t.state = xstrdup("over");
			buf_addf(&text, "Tournament %s is over. ", st.t.name);
			service_round_winner(&st, &text);
			buf_adds(&text, "\n\n");
			service_round_report(&st, st.t.round, &text);
			buf_adds(&what, "final standings");
			if (st.t.league == -1)
				rc = service_round_tell(sm, &st, what.data, text.data,
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
			rc = sr_pair_roundrobin(sm, &st, round, cause);
		else if (rc == 0 && strcmp(st.t.format, "swiss") == 0)
			rc = sr_pair_swiss(sm, &st, round, cause);
		else if (rc == 0)
			rc = sr_pair_knockout(sm, &st, round, cause);
		service_round_free(&st);
		if (rc == 0 && (rc = service_round_load(sm, id, NULL, &st, cause)) == 1) {
			buf_addf(&text, "Round %d of tournament %s is over; "
			    "round %d begins.\n\n", round - 1, st.t.name,
			    round);
			service_round_report(&st, round - 1, &text);
			buf_addf(&what, "round %d", round);
			rc = service_round_tell(sm, &st, what.data, text.data, cause);
			/* The new round may be over already: all byes. */
			if (rc == 0)
				rc = service_round_next(sm, id, cause);
		}
	}
	buf_free(&text);
	buf_free(&what);
	service_round_free(&st);
	return (rc == -1 ? -1 : 0);
}

/*
 * Start tournament id: number the entrants by rating, best first, and
 * make the first round (every round, for a league's division).
 */
int
service_round_begin(struct service_mail *sm, long long id, char **cause)
{
	struct service_tournament	 st;
	struct buf	 text;
	size_t		 i, j;
	double		 r;
	struct glicko	 g;
	const char	*kind;
	int		 rc, round, rounds;

	if ((rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	kind = rating_kind(st.t.variant, st.t.seats);
	for (i = 0; i < st.ne; i++) {
		if (kind == NULL) {
			st.e[i].rating = sm->sv->config->ratings.rating;
			continue;
		}
		if (service_rating_get(sm, st.e[i].player.id, kind, 0, &g,
		    NULL, cause) == -1) {
			service_round_free(&st);
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
			service_round_free(&st);
			return (-1);
		}
	}
	sr_fill(&st);
	rounds = st.t.league != -1 ? league_table_count(&st.lt) : 1;
	rc = store_tournament_state(sm->sv->store, id, "playing", rounds,
	    cause);
	for (round = 1; rc == 0 && round <= rounds; round++) {
		if (strcmp(st.t.format, "roundrobin") == 0)
			rc = sr_pair_roundrobin(sm, &st, round, cause);
		else if (strcmp(st.t.format, "swiss") == 0)
			rc = sr_pair_swiss(sm, &st, round, cause);
		else
			rc = sr_pair_knockout(sm, &st, round, cause);
	}
	service_round_free(&st);
	log_info("tournament %lld: started, %d round%s made", id, rounds,
	    rounds == 1 ? "" : "s");
	if (rc == -1 || (rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc == -1 ? -1 : 0);
	rc = 0;
	buf_init(&text);
	if (st.t.league == -1) {
		buf_addf(&text, "Tournament %s has started: round 1 of %d. "
		    "Its players' games come in their own mail.\n\n",
		    st.t.name, league_table_count(&st.lt));
		service_round_report(&st, 1, &text);
		rc = service_round_tell(sm, &st, "round 1", text.data, cause);
	}
	buf_free(&text);
	service_round_free(&st);
	if (rc == 0)
		rc = service_round_next(sm, id, cause);	/* a round of byes */
	return (rc);
}

/* The standings of tournament id: entrants' player ids, best first. */
int
service_round_order(struct service_mail *sm, long long id,
    long long **players, size_t *n, char **cause)
{
	struct standings_row	*rows;
	struct service_tournament		 st;
	size_t			 i;
	int			 rc;

	*players = NULL;
	*n = 0;
	if ((rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	rows = xreallocarray(NULL, st.ne + 1, sizeof *rows);
	league_table_standings(&st.lt, rows);
	*players = xreallocarray(NULL, st.ne + 1, sizeof **players);
	for (i = 0; i < st.ne; i++)
		(*players)[i] = st.e[rows[i].player].player.id;
	*n = st.ne;
	free(rows);
	service_round_free(&st);
	return (1);
}

/* The standings of tournament id, as text, for the league's report. */
int
service_round_text(struct service_mail *sm, long long id, int cross,
    struct buf *out, char **cause)
{
	struct standings_row	*rows;
	struct standings_game	*games;
	const char		**names;
	struct service_tournament		 st;
	size_t			 i, n;
	int			 rc;

	if ((rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	rows = xreallocarray(NULL, st.ne + 1, sizeof *rows);
	names = xreallocarray(NULL, st.ne + 1, sizeof *names);
	for (i = 0; i < st.ne; i++)
		names[i] = st.lt.e[i].name;
	league_table_standings(&st.lt, rows);
	standings_table(rows, (int)st.ne, names,
	    league_table_tiebreak(&st.lt), out);
	if (cross) {
		games = xreallocarray(NULL, st.np + 1, sizeof *games);
		n = league_table_games(&st.lt, games);
		buf_addc(out, '\n');
		standings_crosstable((int)st.ne, games, n, rows, names, out);
		free(games);
	}
	free(rows);
	free(names);
	service_round_free(&st);
	return (1);
}
