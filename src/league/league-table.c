#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "league-table.h"
#include "pairing.h"
#include "standings.h"
#include "text.h"
#include "xmalloc.h"

/*
 * The rules of a tournament's rounds and results (docs/tournaments.md).
 * Entrants are found by player id through byid, their indices sorted
 * by id, rebuilt whenever the entrants are reordered.
 *
 * A table counts in the standings once its result is known, with every
 * player found and ranked: a cancelled game counts for nobody.  A bye
 * is a point in Swiss; in a round robin everyone has the same number of
 * byes, so they count for nothing.  The tie-breaks are a round
 * robin's (Sonneborn-Berger first) or a Swiss's, which a knockout's
 * standings share (Buchholz first), and the last is the lot each
 * entrant draws from the table's seed and its player id (standings.c),
 * the same each time the standings are worked out.
 *
 * Rounds: a round robin's from pairing_rounds(); a knockout's are log2
 * of the entrants rounded up; a Swiss has as many as it was given, or
 * else log2 of the entrants rounded up, at least one.
 *
 * A knockout match is two games with the colours swapped, legs 1 and 2
 * of a board, then a tie-break game, leg 3, if the points are level;
 * if that is drawn too, the higher seed goes through.  A bye is a free
 * pass, and a forfeit goes to the one who did not withdraw.
 */

static int	league_table_key_cmp(const void *, const void *);

/* An entrant's player id and index, to sort by the id. */
struct league_table_key {
	long long	id;
	int		i;
};

/* The format named by a tournament's format ("roundrobin", ...). */
enum league_table_format
league_table_format(const char *name)
{
	if (strcmp(name, "roundrobin") == 0)
		return (LEAGUE_TABLE_ROUNDROBIN);
	if (strcmp(name, "knockout") == 0)
		return (LEAGUE_TABLE_KNOCKOUT);
	return (LEAGUE_TABLE_SWISS);
}

/* Make lt room for ne entrants and np tables, zeroed, for the caller. */
void
league_table_init(struct league_table *lt, enum league_table_format format,
    int seats, int rounds, size_t ne, size_t np)
{
	memset(lt, 0, sizeof *lt);
	lt->format = format;
	lt->seats = seats;
	lt->rounds = rounds;
	lt->e = xcalloc(ne + 1, sizeof *lt->e);
	lt->ne = ne;
	lt->p = xcalloc(np + 1, sizeof *lt->p);
	lt->np = np;
}

void
league_table_free(struct league_table *lt)
{
	if (lt == NULL)
		return;
	free(lt->e);
	free(lt->p);
	free(lt->byid);
	memset(lt, 0, sizeof *lt);
}

static int
league_table_key_cmp(const void *a, const void *b)
{
	const struct league_table_key	*x = a, *y = b;

	return (x->id < y->id ? -1 : x->id > y->id);
}

/* Index lt's entrants by player id: after filling, after reordering. */
void
league_table_reindex(struct league_table *lt)
{
	struct league_table_key	*keys;
	size_t			 i;

	keys = xreallocarray(NULL, lt->ne + 1, sizeof *keys);
	for (i = 0; i < lt->ne; i++) {
		keys[i].id = lt->e[i].id;
		keys[i].i = (int)i;
	}
	qsort(keys, lt->ne, sizeof *keys, league_table_key_cmp);
	free(lt->byid);
	lt->byid = xreallocarray(NULL, lt->ne + 1, sizeof *lt->byid);
	for (i = 0; i < lt->ne; i++)
		lt->byid[i] = keys[i].i;
	free(keys);
}

/* The index of player's entry, or -1. */
int
league_table_index(const struct league_table *lt, long long player)
{
	size_t	lo = 0, hi = lt->ne, mid;

	while (lo < hi) {	/* byid is sorted by player id */
		mid = lo + (hi - lo) / 2;
		if (lt->e[lt->byid[mid]].id < player)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < lt->ne && lt->e[lt->byid[lo]].id == player)
		return (lt->byid[lo]);
	return (-1);
}

/* How many rounds the tournament has. */
int
league_table_count(const struct league_table *lt)
{
	int	n = (int)lt->ne, rounds = 0;

	if (lt->format == LEAGUE_TABLE_ROUNDROBIN)
		return (pairing_rounds(n, lt->seats));
	if (lt->format == LEAGUE_TABLE_KNOCKOUT) {
		while ((1 << rounds) < n)
			rounds++;
		return (rounds);
	}
	if (lt->rounds > 0)
		return (lt->rounds);
	while ((1 << rounds) < n)
		rounds++;
	return (rounds > 0 ? rounds : 1);
}

enum standings_tiebreak
league_table_tiebreak(const struct league_table *lt)
{
	return (lt->format == LEAGUE_TABLE_ROUNDROBIN ?
	    STANDINGS_SONNEBORN : STANDINGS_BUCHHOLZ);
}

/*
 * The finished tables as standings games (out has room for lt->np);
 * returns how many.
 */
size_t
league_table_games(const struct league_table *lt,
    struct standings_game *out)
{
	const struct league_table_pairing	*p;
	struct standings_game			*g;
	size_t					 i, n = 0;
	int					 j, k, known;

	for (i = 0; i < lt->np; i++) {
		p = &lt->p[i];
		if (!p->done || (p->n == 1 &&
		    lt->format != LEAGUE_TABLE_SWISS))
			continue;
		g = &out[n];
		memset(g, 0, sizeof *g);
		g->n = p->n;
		g->round = p->round;
		known = 1;
		for (j = 0; j < p->n; j++) {
			if ((k = league_table_index(lt, p->players[j])) == -1 ||
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
void
league_table_standings(const struct league_table *lt,
    struct standings_row *rows)
{
	struct standings_game	*games;
	uint64_t		*lot;
	size_t			 n, i;

	games = xreallocarray(NULL, lt->np + 1, sizeof *games);
	lot = xreallocarray(NULL, lt->ne + 1, sizeof *lot);
	for (i = 0; i < lt->ne; i++)
		lot[i] = standings_lot(lt->seed, lt->e[i].id);
	n = league_table_games(lt, games);
	standings_compute((int)lt->ne, games, n, league_table_tiebreak(lt),
	    lot, rows);
	free(lot);
	free(games);
}

/*
 * The winner of knockout match board of round: 1 and *winner (an
 * entrant) when decided; 0 while undecided, with *tiebreak set when the
 * two games are over and level with no tie-break game yet.
 */
int
league_table_winner(const struct league_table *lt, int round, int board,
    int *winner, int *tiebreak)
{
	const struct league_table_pairing	*p, *legs[3] = { NULL };
	struct standings_game			 g;
	double					 pts[2] = { 0, 0 };
	size_t					 i;
	int					 a = -1, b = -1, j, k;

	*tiebreak = 0;
	for (i = 0; i < lt->np; i++) {
		p = &lt->p[i];
		if (p->round == round && p->board == board && p->leg >= 1 &&
		    p->leg <= 3)
			legs[p->leg - 1] = p;
	}
	if ((p = legs[0]) == NULL)
		return (0);
	a = league_table_index(lt, p->players[0]);
	if (p->n == 1) {
		*winner = a;
		return (1);
	}
	b = league_table_index(lt, p->players[1]);
	if (p->game == -1) {	/* a forfeit: one had withdrawn */
		*winner = p->ranks[0] <= p->ranks[1] ? a : b;
		return (1);
	}
	for (j = 0; j < 2; j++) {
		if (legs[j] == NULL || !legs[j]->done)
			return (0);
	}
	for (j = 0; j < 2; j++) {
		memset(&g, 0, sizeof g);
		g.n = 2;
		for (k = 0; k < 2; k++) {
			g.player[k] = league_table_index(lt,
			    legs[j]->players[k]);
			g.rank[k] = legs[j]->ranks[k] > 0 ?
			    legs[j]->ranks[k] : 1;
		}
		for (k = 0; k < 2; k++)
			pts[g.player[k] == a ? 0 : 1] +=
			    standings_points(&g, k);
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
		*winner = league_table_index(lt, p->players[k]);
	} else	/* drawn again: the higher seed goes through */
		*winner = lt->e[a].seed < lt->e[b].seed ? a : b;
	return (1);
}

/* Round's tables, a line each: "G12     Alice v Bob  1-0". */
void
league_table_round(const struct league_table *lt, int round,
    struct buf *out)
{
	const struct league_table_pairing	*p;
	struct buf				 line;
	size_t					 i;
	int					 j, k;

	buf_init(&line);
	for (i = 0; i < lt->np; i++) {
		p = &lt->p[i];
		if (p->round != round)
			continue;
		buf_reset(&line);
		if (p->game != -1)
			buf_addf(&line, "  G%-6lld", p->game);
		else
			buf_addf(&line, "  %-7s", p->n == 1 ? "bye" :
			    "forfeit");
		for (j = 0; j < p->n; j++) {
			k = league_table_index(lt, p->players[j]);
			if (j > 0)
				buf_adds(&line, " v ");
			text_list_name(&line, k == -1 ? "?" : lt->e[k].name);
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
