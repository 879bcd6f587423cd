#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pairing.h"
#include "pairing-match.h"
#include "xmalloc.h"

/*
 * Players are indices 0..n-1; a table lists its players in seat order,
 * seat[0] moving first, and a table of one is a bye.
 *
 * Round robin for two follows the FIDE Berger tables: with m players
 * (n, or n + 1 with a dummy when n is odd) the last one stays at table
 * 1, moving first in every second round; the others sit on a circle
 * that turns by m / 2 places a round.  Whoever meets the dummy has a
 * bye, listed last.  For more seats every combination of seats players
 * plays once: taken in lexicographic order, each game goes to the first
 * round in which none of its players plays yet (the same as filling
 * round after round greedily).  A player left out of a round waits;
 * nobody scores a bye.  A game's seats turn by its number modulo seats
 * so that moving first is shared.  Because every call schedules the
 * whole event again, PAIRING_ALL_MAX_PLAYERS and PAIRING_ALL_MAX_GAMES
 * bound it: C(64, 3) = 41,664 games is allowed, C(64, 4) is not.
 *
 * A Swiss round ranks the players still in by score, rating and index.
 * For two it is a simplified Dutch system: score groups from the top,
 * each with the players floated down from above first, split into S1
 * (the top half) and S2, S1[i] meeting S2[i]; a repeat is avoided by
 * transpositions of S2 (a search in lexicographic order with a budget
 * of met() calls), then by exchanges (each unpaired player, best first,
 * takes the first one it has not met, looking into S2 first), and who
 * is still unpaired floats to the next group.  That pass asks met()
 * O(n) times when the history allows.  When it leaves a repeat and at
 * most PAIRING_SWISS_EXACT players are to be paired, an exact search
 * follows: Edmonds' blossom matching (pairing-match.c) over the pairs
 * that have not met tells whether a pairing without repeats exists, and
 * the best player first takes the partner the Dutch order prefers (S2
 * of the group, then upwards, then lower groups) for which the rest can
 * still be paired.  The bye goes to the lowest-ranked player among
 * those who have had the fewest byes, or to the next such player when
 * that avoids a repeat: the fast pass tries four, the exact search all
 * (it gives the bye first, as a partner of a dummy player).  The player
 * with the lower colour balance moves first, then the one who moved
 * second last time, then the higher-ranked.
 *
 * Multi-player Swiss cuts the ranking from the top into ceil(n /
 * seats) tables as even as possible (sizes differ by one, the larger
 * at the top), so a table has at least two players unless one player
 * is left in all (a bye); there are no byes otherwise.  Adjacent tables
 * then swap the pair of players that most lowers their repeated
 * meetings, and each table is seated by rating, highest first.
 *
 * A knockout bracket of a power of two places seed s against seed
 * size - 1 - s, nested so that the top seeds meet last; seeds beyond n
 * are byes for the players they would have met.
 */

struct pairing_key {
	double	score;
	double	rating;
	int	player;
};

struct pairing_swiss {
	const struct pairing_player	*pl;
	pairing_met_fn			 met;
	void				*arg;
	int				*ord;	/* to pair, best first */
	int				 m;
	int				*mate;		/* by rank */
	int				 repeats;
	int				*br;		/* the bracket */
	int				*choice;
	char				*used;
};

static int	pairing_valid(int, int);
static long	pairing_choose(int, int);
static int	pairing_berger(int, int, struct pairing_table *, size_t *);
static int	pairing_all(int, int, int, struct pairing_table *, size_t *);
static int	pairing_all_first(uint64_t *, int, const int *, int,
		    const int *);
static int	pairing_key_cmp(const void *, const void *);
static int	pairing_rank(const struct pairing_player *, int, int *);
static int	pairing_met(struct pairing_swiss *, int, int);
static int	pairing_transpose(struct pairing_swiss *, int *, int, int);
static void	pairing_exchange(struct pairing_swiss *, int *, int, int);
static int	pairing_bracket(struct pairing_swiss *, int *, int);
static void	pairing_fast(struct pairing_swiss *);
static int	pairing_prefer(struct pairing_swiss *, const char *, int,
		    int *);
static int	pairing_exact(struct pairing_swiss *, int);
static void	pairing_colours(const struct pairing_player *, int, int,
		    struct pairing_table *);
static void	pairing_without(struct pairing_swiss *, const int *, int,
		    int);
static int	pairing_two(struct pairing_swiss *, int *, int,
		    struct pairing_table *, size_t *);
static int	pairing_cost(struct pairing_swiss *, int,
		    const struct pairing_table *, int);
static void	pairing_swap(struct pairing_swiss *, struct pairing_table *,
		    struct pairing_table *);
static void	pairing_seat(const struct pairing_player *,
		    struct pairing_table *);
static int	pairing_many(struct pairing_swiss *, int *, int, int,
		    struct pairing_table *, size_t *);

/* Whether a round robin of n players at tables of seats can be made. */
static int
pairing_valid(int n, int seats)
{
	if (seats < 2 || seats > PAIRING_MAX_SEATS || n < seats)
		return (0);
	if (seats == 2)
		return (n < 1 << 20);
	return (n <= PAIRING_ALL_MAX_PLAYERS &&
	    pairing_choose(n, seats) <= PAIRING_ALL_MAX_GAMES);
}

/* C(n, k), or PAIRING_ALL_MAX_GAMES + 1 if it is more. */
static long
pairing_choose(int n, int k)
{
	long	c = 1;
	int	i;

	for (i = 1; i <= k; i++) {
		/* C(n - k + i, i) grows with i: past the cap, it stays. */
		c = c * (n - k + i) / i;
		if (c > PAIRING_ALL_MAX_GAMES)
			return (PAIRING_ALL_MAX_GAMES + 1);
	}
	return (c);
}

int
pairing_rounds(int n, int seats)
{
	if (!pairing_valid(n, seats))
		return (-1);
	if (seats == 2)
		return (n % 2 == 0 ? n - 1 : n);
	return (pairing_all(n, seats, -1, NULL, NULL));
}

size_t
pairing_roundrobin_max(int n, int seats)
{
	if (n <= 0 || seats < 2)
		return (0);
	return ((size_t)((n + seats - 1) / seats));
}

int
pairing_roundrobin(int n, int seats, int round, struct pairing_table *out,
    size_t *nout)
{
	*nout = 0;
	if (!pairing_valid(n, seats) || round < 0 ||
	    round >= pairing_rounds(n, seats))
		return (-1);
	if (seats == 2)
		return (pairing_berger(n, round, out, nout));
	return (pairing_all(n, seats, round, out, nout) == -1 ? -1 : 0);
}

/* Round round of the Berger tables of n players. */
static int
pairing_berger(int n, int round, struct pairing_table *out, size_t *nout)
{
	struct pairing_table	*t;
	long long		 m, h, r = round;
	int			 fixed, other, k, a, b;

	m = n + n % 2;
	h = m / 2;
	fixed = (int)m - 1;
	/* Circle position q holds player (q + 1 + r * h) mod (m - 1). */
	other = (int)((r * h) % (m - 1));
	for (k = 0; k < h; k++) {
		if (k == 0) {
			a = round % 2 == 0 ? other : fixed;
			b = round % 2 == 0 ? fixed : other;
		} else {
			a = (int)((k - 1 + 1 + r * h) % (m - 1));
			b = (int)((m - 2 - k + 1 + r * h) % (m - 1));
		}
		if (a == n || b == n)
			continue;	/* the dummy: a bye, listed last */
		t = &out[(*nout)++];
		t->seat[0] = a;
		t->seat[1] = b;
		t->n = 2;
	}
	if (n % 2 == 1) {
		t = &out[(*nout)++];
		t->seat[0] = other;	/* the dummy is fixed */
		t->n = 1;
	}
	return (0);
}

/*
 * Schedule every table of seats among n players, first fit in
 * lexicographic order; fill out with the games of round (if not -1)
 * and return the number of rounds.
 */
static int
pairing_all(int n, int seats, int round, struct pairing_table *out,
    size_t *nout)
{
	struct pairing_table	*t;
	uint64_t		*busy, *w;
	int			*low, c[PAIRING_MAX_SEATS];
	int			 words, r, rounds = 0, i, j;
	long			 game = 0, bound;

	/* A game waits at most for every other game of its players. */
	bound = (long)seats * pairing_choose(n - 1, seats - 1) + 1;
	words = (int)(bound / 64 + 1);
	busy = xcalloc((size_t)n * (size_t)words, sizeof *busy);
	low = xcalloc((size_t)n, sizeof *low);
	for (i = 0; i < seats; i++)
		c[i] = i;
	for (;;) {
		r = pairing_all_first(busy, words, low, seats, c);
		for (i = 0; i < seats; i++) {
			busy[(size_t)c[i] * words + r / 64] |= 1ULL << (r % 64);
			w = &busy[(size_t)c[i] * words];
			while (low[c[i]] < words - 1 && w[low[c[i]]] ==
			    UINT64_MAX)
				low[c[i]]++;
		}
		if (r + 1 > rounds)
			rounds = r + 1;
		if (r == round) {
			t = &out[(*nout)++];
			t->n = seats;
			for (i = 0; i < seats; i++)
				t->seat[i] = c[(i + game) % seats];
		}
		game++;
		/* The next combination in lexicographic order. */
		for (i = seats - 1; i >= 0 && c[i] == n - seats + i; i--)
			/* nothing */;
		if (i < 0)
			break;
		c[i]++;
		for (j = i + 1; j < seats; j++)
			c[j] = c[j - 1] + 1;
	}
	free(low);
	free(busy);
	return (rounds);
}

/* The first round in which none of the players c[0..seats) plays. */
static int
pairing_all_first(uint64_t *busy, int words, const int *low, int seats,
    const int *c)
{
	uint64_t	w;
	int		i, k = 0;

	for (i = 0; i < seats; i++) {
		if (low[c[i]] > k)
			k = low[c[i]];
	}
	for (; k < words; k++) {
		w = 0;
		for (i = 0; i < seats; i++)
			w |= busy[(size_t)c[i] * words + k];
		if (w != UINT64_MAX)
			return (k * 64 + __builtin_ctzll(~w));
	}
	return (words * 64);	/* not reached: the bound holds */
}

/* Best first: score, rating, then index. */
static int
pairing_key_cmp(const void *va, const void *vb)
{
	const struct pairing_key	*a = va, *b = vb;

	if (a->score != b->score)
		return (a->score > b->score ? -1 : 1);
	if (a->rating != b->rating)
		return (a->rating > b->rating ? -1 : 1);
	return (a->player < b->player ? -1 : a->player > b->player);
}

/* The players still in, best first, into ord; returns their count. */
static int
pairing_rank(const struct pairing_player *pl, int n, int *ord)
{
	struct pairing_key	*key;
	int			 i, m = 0;

	key = xreallocarray(NULL, (size_t)n + 1, sizeof *key);
	for (i = 0; i < n; i++) {
		if (pl[i].out)
			continue;
		key[m].score = pl[i].score;
		key[m].rating = pl[i].rating;
		key[m++].player = i;
	}
	qsort(key, (size_t)m, sizeof *key, pairing_key_cmp);
	for (i = 0; i < m; i++)
		ord[i] = key[i].player;
	free(key);
	return (m);
}

/* Whether the players ranked a and b met before. */
static int
pairing_met(struct pairing_swiss *sw, int a, int b)
{
	if (sw->met == NULL)
		return (0);
	return (sw->met(sw->arg, sw->ord[a], sw->ord[b]) > 0);
}

/*
 * Pair S1 = br[0..p) with S2 = br[p..p + q) without a repeat, trying the
 * transpositions of S2 in lexicographic order within a budget of met()
 * calls; on success sw->choice[i] is S1[i]'s partner's index in S2.
 */
static int
pairing_transpose(struct pairing_swiss *sw, int *br, int p, int q)
{
	int	*choice = sw->choice, i = 0, j, lo = 0;
	char	*used = sw->used;
	long	 budget = 2 * (long)(p + q) + 64;

	memset(used, 0, (size_t)q);
	choice[0] = -1;
	while (i >= 0 && i < p) {
		if (choice[i] >= 0) {
			used[choice[i]] = 0;
			if (choice[i] < lo)
				lo = choice[i];
		}
		/* S2 below lo is all taken: no quadratic scan. */
		j = choice[i] + 1 > lo ? choice[i] + 1 : lo;
		for (; j < q; j++) {
			if (used[j])
				continue;
			if (budget-- <= 0)
				return (0);
			if (!pairing_met(sw, br[i], br[p + j]))
				break;
		}
		if (j < q) {
			choice[i] = j;
			used[j] = 1;
			while (lo < q && used[lo])
				lo++;
			if (++i < p)
				choice[i] = -1;
		} else
			choice[i--] = -1;
	}
	return (i == p);
}

/*
 * Pair what can be paired of br[0..nb) without a repeat, best first,
 * each taking the first one it has not met, from S2 = br[p..nb) first.
 */
static void
pairing_exchange(struct pairing_swiss *sw, int *br, int nb, int p)
{
	int	i, j, k, tries, x, y;

	for (i = 0; i < nb; i++) {
		if (sw->mate[x = br[i]] != -1)
			continue;
		tries = 64;
		/* S2 from its top, then the rest of S1 below x. */
		for (k = 0; k < nb && tries > 0; k++) {
			j = k < nb - p ? p + k : k - (nb - p);
			if (j <= i || sw->mate[y = br[j]] != -1)
				continue;
			tries--;
			if (!pairing_met(sw, x, y)) {
				sw->mate[x] = y;
				sw->mate[y] = x;
				break;
			}
		}
	}
}

/*
 * Pair the bracket br[0..nb) (ranks, best first) as far as it goes
 * without a repeat; leave the unpaired, best first, in br and return
 * their count.
 */
static int
pairing_bracket(struct pairing_swiss *sw, int *br, int nb)
{
	int	p = nb / 2, i, nc = 0;

	if (p > 0 && pairing_transpose(sw, br, p, nb - p)) {
		for (i = 0; i < p; i++) {
			sw->mate[br[i]] = br[p + sw->choice[i]];
			sw->mate[br[p + sw->choice[i]]] = br[i];
		}
	} else
		pairing_exchange(sw, br, nb, p);
	for (i = 0; i < nb; i++) {
		if (sw->mate[br[i]] == -1)
			br[nc++] = br[i];
	}
	return (nc);
}

/*
 * The fast pass: score groups from the top, floaters first; what the
 * last group leaves is paired in order, repeats counted.
 */
static void
pairing_fast(struct pairing_swiss *sw)
{
	int	*br = sw->br, nb = 0, pos = 0, i, j, x, y, tries;

	sw->repeats = 0;
	for (i = 0; i < sw->m; i++)
		sw->mate[i] = -1;
	while (pos < sw->m) {
		br[nb++] = pos++;
		while (pos < sw->m && sw->pl[sw->ord[pos]].score ==
		    sw->pl[sw->ord[pos - 1]].score)
			br[nb++] = pos++;
		nb = pairing_bracket(sw, br, nb);
	}
	for (i = 0; i < nb; i++) {
		if (sw->mate[x = br[i]] != -1)
			continue;
		y = -1;
		for (j = i + 1, tries = 64; j < nb; j++) {
			if (sw->mate[br[j]] != -1)
				continue;
			if (y == -1)
				y = br[j];
			if (tries-- > 0 && !pairing_met(sw, x, br[j])) {
				y = br[j];
				break;
			}
			if (tries <= 0)
				break;
		}
		if (pairing_met(sw, x, y))
			sw->repeats++;
		sw->mate[x] = y;
		sw->mate[y] = x;
	}
}

/*
 * The partners rank p may take, in the order the Dutch system prefers:
 * the top of S2 of what is left of p's score group, on down, then up
 * towards p, then the lower groups in rank order.  Returns the count.
 */
static int
pairing_prefer(struct pairing_swiss *sw, const char *gone, int p,
    int *cand)
{
	double	score = sw->pl[sw->ord[p]].score;
	int	nc = 0, k = 0, j, start;

	for (j = p + 1; j < sw->m; j++) {
		if (!gone[j] && sw->pl[sw->ord[j]].score == score)
			cand[k++] = j;
	}
	/* p and k others: S2 begins (k + 1) / 2 places below p. */
	start = (k + 1) / 2 - 1;
	if (start < 0)
		start = 0;
	for (j = start; j < k; j++)
		cand[k + nc++] = cand[j];
	for (j = start - 1; j >= 0; j--)
		cand[k + nc++] = cand[j];
	memmove(cand, cand + k, (size_t)nc * sizeof *cand);
	for (j = p + 1; j < sw->m; j++) {
		if (!gone[j] && sw->pl[sw->ord[j]].score != score)
			cand[nc++] = j;
	}
	return (nc);
}

/*
 * The exact search: a pairing without a repeat if there is one (0),
 * the best player first taking the partner preferred; else -1 and
 * sw->mate as it was.  With an odd count, rank sw->m stands for the
 * bye, which players with fewest byes may take, the lowest-ranked
 * first.
 */
static int
pairing_exact(struct pairing_swiss *sw, int fewest)
{
	struct pairing_match	 g;
	int			*cand, m = sw->m, v, a, b, nc, i, rc = -1;

	v = m + m % 2;
	pairing_match_init(&g, v);
	cand = xreallocarray(NULL, 2 * (size_t)v + 1, sizeof *cand);
	for (a = 0; a < m; a++) {
		for (b = a + 1; b < m; b++) {
			if (!pairing_met(sw, a, b))
				g.ok[a * v + b] = g.ok[b * v + a] = 1;
		}
		if (v > m && sw->pl[sw->ord[a]].byes == fewest)
			g.ok[a * v + m] = g.ok[m * v + a] = 1;
	}
	for (a = 0; a < v; a++) {
		for (b = a + 1; b < v && g.mate[a] == -1; b++) {
			if (g.ok[a * v + b] && g.mate[b] == -1) {
				g.mate[a] = b;
				g.mate[b] = a;
			}
		}
	}
	for (a = 0; a < v; a++) {
		if (g.mate[a] == -1 && !pairing_match_augment(&g, a))
			goto out;
	}
	/* The bye first, then the best player first. */
	for (a = m - 1; a >= 0 && v > m; a--) {
		if (g.ok[a * v + m] && pairing_match_fix(&g, m, a))
			break;
	}
	for (a = 0; a < m; a++) {
		if (g.gone[a])
			continue;
		nc = pairing_prefer(sw, g.gone, a, cand);
		for (i = 0; i < nc; i++) {
			if (g.ok[a * v + cand[i]] &&
			    pairing_match_fix(&g, a, cand[i]))
				break;
		}
	}
	memcpy(sw->mate, g.mate, (size_t)v * sizeof *sw->mate);
	sw->repeats = 0;
	rc = 0;
out:
	free(cand);
	pairing_match_free(&g);
	return (rc);
}

/* Seat a (the higher-ranked) and b: who moves first, by the colours. */
static void
pairing_colours(const struct pairing_player *pl, int a, int b,
    struct pairing_table *t)
{
	int	first = a;

	if (pl[a].colour != pl[b].colour)
		first = pl[a].colour < pl[b].colour ? a : b;
	else if (pl[a].last != pl[b].last)
		first = pl[a].last < pl[b].last ? a : b;
	t->seat[0] = first;
	t->seat[1] = first == a ? b : a;
	t->n = 2;
}

/* Pair the players all[0..m) but all[skip] (-1: none) by the fast pass. */
static void
pairing_without(struct pairing_swiss *sw, const int *all, int m, int skip)
{
	int	i;

	sw->m = 0;
	for (i = 0; i < m; i++) {
		if (i != skip)
			sw->ord[sw->m++] = all[i];
	}
	pairing_fast(sw);
}

/*
 * A Swiss round for two of the m players all[0..m) (best first): the
 * bye, if one is due, then the pairing of the rest.
 */
static int
pairing_two(struct pairing_swiss *sw, int *all, int m,
    struct pairing_table *out, size_t *nout)
{
	const struct pairing_player	*pl = sw->pl;
	int				 bye = -1, fewest = 0, tries = 4, c, i;

	for (i = 0; i < m; i++) {
		if (i == 0 || pl[all[i]].byes < fewest)
			fewest = pl[all[i]].byes;
	}
	/* The lowest-ranked with the fewest byes, or the next few. */
	for (c = m - 1; c >= 0 && m % 2 == 1 && tries > 0; c--) {
		if (pl[all[c]].byes != fewest)
			continue;
		if (bye == -1)
			bye = c;
		pairing_without(sw, all, m, c);
		if (sw->repeats == 0) {
			bye = c;
			break;
		}
		tries--;
	}
	if (m % 2 == 0)
		pairing_without(sw, all, m, -1);
	if (sw->repeats > 0 && m <= PAIRING_SWISS_EXACT) {
		memcpy(sw->ord, all, (size_t)m * sizeof *sw->ord);
		sw->m = m;
		if (pairing_exact(sw, fewest) == 0)
			bye = -1;	/* rank sw->m's mate, if any */
		else
			pairing_without(sw, all, m, bye);
	} else if (sw->repeats > 0 && m % 2 == 1)
		pairing_without(sw, all, m, bye);	/* the first one */
	for (i = 0; i < sw->m; i++) {
		if (sw->mate[i] == sw->m)
			bye = i;
		else if (sw->mate[i] > i)
			pairing_colours(pl, sw->ord[i], sw->ord[sw->mate[i]],
			    &out[(*nout)++]);
	}
	if (bye != -1) {
		out[*nout].seat[0] = sw->m == m ? sw->ord[bye] : all[bye];
		out[(*nout)++].n = 1;
	}
	return (0);
}

/* How often player x met the players of t but skip (-1: none). */
static int
pairing_cost(struct pairing_swiss *sw, int x, const struct pairing_table *t,
    int skip)
{
	int	i, c = 0, k;

	if (sw->met == NULL)
		return (0);
	for (i = 0; i < t->n; i++) {
		if (t->seat[i] != x && t->seat[i] != skip &&
		    (k = sw->met(sw->arg, x, t->seat[i])) > 0)
			c += k;
	}
	return (c);
}

/*
 * Swap the players of a and b (adjacent tables) that most lower their
 * repeated meetings, if any does; the closest in rank first.
 */
static void
pairing_swap(struct pairing_swiss *sw, struct pairing_table *a,
    struct pairing_table *b)
{
	int	ca[PAIRING_MAX_SEATS], cb[PAIRING_MAX_SEATS];
	int	i, j, d, best = 0, bi = -1, bj = -1, sum = 0, x;

	for (i = 0; i < a->n; i++)
		sum += ca[i] = pairing_cost(sw, a->seat[i], a, -1);
	for (j = 0; j < b->n; j++)
		sum += cb[j] = pairing_cost(sw, b->seat[j], b, -1);
	if (sum == 0)
		return;
	for (i = a->n - 1; i >= 0; i--) {
		for (j = 0; j < b->n; j++) {
			d = pairing_cost(sw, b->seat[j], a, a->seat[i]) +
			    pairing_cost(sw, a->seat[i], b, b->seat[j]) -
			    ca[i] - cb[j];
			if (d < best) {
				best = d;
				bi = i;
				bj = j;
			}
		}
	}
	if (bi == -1)
		return;
	x = a->seat[bi];
	a->seat[bi] = b->seat[bj];
	b->seat[bj] = x;
}

/* Seat a table by rating, highest first (then by index). */
static void
pairing_seat(const struct pairing_player *pl, struct pairing_table *t)
{
	int	i, j, x;

	for (i = 1; i < t->n; i++) {
		x = t->seat[i];
		for (j = i; j > 0 && (pl[t->seat[j - 1]].rating <
		    pl[x].rating || (pl[t->seat[j - 1]].rating ==
		    pl[x].rating && t->seat[j - 1] > x)); j--)
			t->seat[j] = t->seat[j - 1];
		t->seat[j] = x;
	}
}

/* A Swiss round of tables of up to seats of the m players all[0..m). */
static int
pairing_many(struct pairing_swiss *sw, int *all, int m, int seats,
    struct pairing_table *out, size_t *nout)
{
	struct pairing_table	*t;
	int			 ntables, size, extra, pass, i, j, k = 0;

	if (m == 0)
		return (0);
	ntables = (m + seats - 1) / seats;
	size = m / ntables;
	extra = m % ntables;
	for (i = 0; i < ntables; i++) {
		t = &out[i];
		t->n = size + (i < extra);
		for (j = 0; j < t->n; j++)
			t->seat[j] = all[k++];
	}
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i + 1 < ntables; i++)
			pairing_swap(sw, &out[i], &out[i + 1]);
	}
	for (i = 0; i < ntables; i++)
		pairing_seat(sw->pl, &out[i]);
	*nout = (size_t)ntables;
	return (0);
}

int
pairing_swiss(const struct pairing_player *pl, int n, int seats,
    pairing_met_fn met, void *arg, struct pairing_table *out, size_t *nout)
{
	struct pairing_swiss	 sw;
	int			*all, m, rc;

	*nout = 0;
	if (n < 0 || seats < 2 || seats > PAIRING_MAX_SEATS)
		return (-1);
	memset(&sw, 0, sizeof sw);
	sw.pl = pl;
	sw.met = met;
	sw.arg = arg;
	all = xreallocarray(NULL, (size_t)n + 1, sizeof *all);
	m = pairing_rank(pl, n, all);
	if (seats > 2) {
		rc = pairing_many(&sw, all, m, seats, out, nout);
		free(all);
		return (rc);
	}
	sw.ord = xreallocarray(NULL, (size_t)m + 1, sizeof *sw.ord);
	sw.mate = xreallocarray(NULL, (size_t)m + 1, sizeof *sw.mate);
	sw.br = xreallocarray(NULL, (size_t)m + 1, sizeof *sw.br);
	sw.choice = xreallocarray(NULL, (size_t)m + 1, sizeof *sw.choice);
	sw.used = xcalloc((size_t)m + 1, 1);
	rc = pairing_two(&sw, all, m, out, nout);
	free(sw.used);
	free(sw.choice);
	free(sw.br);
	free(sw.mate);
	free(sw.ord);
	free(all);
	return (rc);
}

int
pairing_knockout_size(int n)
{
	int	size = 1;

	while (size < n)
		size *= 2;
	return (size);
}

void
pairing_knockout(int n, int *order)
{
	int	size = pairing_knockout_size(n), cur, i;

	order[0] = 0;
	/* From the bracket of cur, each seed s meets 2 cur - 1 - s. */
	for (cur = 1; cur < size; cur *= 2) {
		for (i = cur - 1; i >= 0; i--) {
			order[2 * i + 1] = 2 * cur - 1 - order[i];
			order[2 * i] = order[i];
		}
	}
	for (i = 0; i < size; i++) {
		if (order[i] >= n)
			order[i] = -1;
	}
}
