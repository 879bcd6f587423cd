#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "elo.h"
#include "tool-arena.h"
#include "tool-arena-report.h"
#include "xmalloc.h"

/*
 * The arena's report, from the games' results filed by number, in
 * lines of at most 78 columns (docs/commands.md, arena, shows one).
 * Players are named A, B, C... in the order given.  Between two
 * players a game is a win for the one with the better (lower) rank, a
 * draw for equal ranks; the score rate counts a draw half, and the
 * Elo difference and its 95% interval come from src/league/elo.c,
 * printed as +inf or -inf where a side has no finite end.  Two players
 * get their match in full, with the games each moved first apart;
 * more get each one's average rank and wins (alone in first place),
 * then every pair's match on one line.  Then, for all, the games'
 * lengths in turns and each player's thinking time.
 */

struct tool_arena_pair {
	long	wins;
	long	losses;
	long	draws;
};

static void	tool_arena_report_pair(const struct tool_arena *,
		    const struct tool_arena_result *, int, int, long,
		    struct tool_arena_pair *);
static const char *tool_arena_report_elo(double, char *, size_t);
static const char *tool_arena_report_count(long, const char *,
		    const char *, char *, size_t);
static void	tool_arena_report_header(const struct tool_arena *);
static void	tool_arena_report_two(const struct tool_arena *,
		    const struct tool_arena_result *);
static void	tool_arena_report_many(const struct tool_arena *,
		    const struct tool_arena_result *);
static void	tool_arena_report_lengths(const struct tool_arena *,
		    const struct tool_arena_result *, long);
static void	tool_arena_report_times(const struct tool_arena *,
		    const struct tool_arena_result *);
static int	tool_arena_report_cmp(const void *, const void *);

/*
 * Player a against b, over every game, or (first not -1) over those in
 * which player first had the first seat.
 */
static void
tool_arena_report_pair(const struct tool_arena *ar,
    const struct tool_arena_result *results, int a, int b, long first,
    struct tool_arena_pair *pair)
{
	const struct tool_arena_result	*r;
	long				 i;

	pair->wins = pair->losses = pair->draws = 0;
	for (i = 0; i < ar->games; i++) {
		r = &results[i];
		if (first != -1 && r->game % ar->nplayers != first)
			continue;
		if (r->ranks[a] < r->ranks[b])
			pair->wins++;
		else if (r->ranks[a] > r->ranks[b])
			pair->losses++;
		else
			pair->draws++;
	}
}

/* An Elo difference as text: "+108", "-3", "+inf". */
static const char *
tool_arena_report_elo(double elo, char *s, size_t size)
{
	if (isinf(elo))
		snprintf(s, size, "%sinf", elo < 0 ? "-" : "+");
	else
		snprintf(s, size, "%+.0f", elo);
	return (s);
}

/* "1 win", "2 wins". */
static const char *
tool_arena_report_count(long n, const char *one, const char *many,
    char *s, size_t size)
{
	snprintf(s, size, "%ld %s", n, n == 1 ? one : many);
	return (s);
}

static void
tool_arena_report_header(const struct tool_arena *ar)
{
	int	i;

	printf("Arena: %s, %d players", ar->ops->name, ar->nplayers);
	if (ar->opts.segments != 0)
		printf(", %d segments each", ar->opts.segments);
	if (ar->opts.games != 0)
		printf(", matches of %d game%s", ar->opts.games,
		    ar->opts.games == 1 ? "" : "s");
	printf("\n%ld game%s from seed %llu in %ld job%s, the seats "
	    "rotating\n", ar->games, ar->games == 1 ? "" : "s",
	    (unsigned long long)ar->seed, ar->jobs, ar->jobs == 1 ? "" : "s");
	for (i = 0; i < ar->nplayers; i++)
		printf("  %c  %s\n", 'A' + i, ar->players[i].name);
}

/* Two players: A's match against B in full. */
static void
tool_arena_report_two(const struct tool_arena *ar,
    const struct tool_arena_result *results)
{
	struct tool_arena_pair	 pair;
	struct elo_estimate	 e;
	char			 w[32], l[32], d[32], x[16], y[16], z[16];
	long			 first;

	for (first = -1; first < 2; first++) {
		tool_arena_report_pair(ar, results, 0, 1, first, &pair);
		printf("%s: %s, %s, %s\n", first == -1 ? "A v B" :
		    first == 0 ? "  A in the first seat" :
		    "  A in the second seat",
		    tool_arena_report_count(pair.wins, "win", "wins", w,
		    sizeof w),
		    tool_arena_report_count(pair.losses, "loss", "losses", l,
		    sizeof l),
		    tool_arena_report_count(pair.draws, "draw", "draws", d,
		    sizeof d));
		if (first == -1)
			elo_estimate(pair.wins, pair.losses, pair.draws, &e);
	}
	printf("A's score: %.1f%% (standard error %.1f%%)\n", e.score * 100,
	    e.sd * 100);
	printf("Elo difference: %s, 95%% interval %s to %s\n",
	    tool_arena_report_elo(e.diff, x, sizeof x),
	    tool_arena_report_elo(e.low, y, sizeof y),
	    tool_arena_report_elo(e.high, z, sizeof z));
}

/* More players: ranks and wins, then each pair's match. */
static void
tool_arena_report_many(const struct tool_arena *ar,
    const struct tool_arena_result *results)
{
	struct tool_arena_pair	 pair;
	struct elo_estimate	 e;
	char			 wld[80], x[16], y[16], z[16];
	long			 i, sum, alone;
	int			 a, b, k = ar->nplayers;

	printf("%-21s %12s %6s %s\n", "Player", "average rank", "wins",
	    "(alone first)");
	for (a = 0; a < k; a++) {
		sum = alone = 0;
		for (i = 0; i < ar->games; i++) {
			sum += results[i].ranks[a];
			for (b = 0; b < k; b++) {
				if (b != a && results[i].ranks[b] == 1)
					break;
			}
			alone += results[i].ranks[a] == 1 && b == k;
		}
		printf("  %c  %-16.16s %12.2f %6ld\n", 'A' + a,
		    ar->players[a].name, (double)sum / (double)ar->games,
		    alone);
	}
	printf("%-7s  %-18s %6s  %s\n", "Pair", "won-lost-drawn", "score",
	    "Elo (95% interval)");
	for (a = 0; a < k; a++) {
		for (b = a + 1; b < k; b++) {
			tool_arena_report_pair(ar, results, a, b, -1, &pair);
			elo_estimate(pair.wins, pair.losses, pair.draws, &e);
			snprintf(wld, sizeof wld, "%ld-%ld-%ld", pair.wins,
			    pair.losses, pair.draws);
			printf("  %c v %c  %-18s %5.1f%%  %s (%s to %s)\n",
			    'A' + a, 'A' + b, wld, e.score * 100,
			    tool_arena_report_elo(e.diff, x, sizeof x),
			    tool_arena_report_elo(e.low, y, sizeof y),
			    tool_arena_report_elo(e.high, z, sizeof z));
		}
	}
}

static int
tool_arena_report_cmp(const void *a, const void *b)
{
	long	x = *(const long *)a, y = *(const long *)b;

	return (x < y ? -1 : x > y);
}

/* The games' lengths in turns, and how many reached the cap. */
static void
tool_arena_report_lengths(const struct tool_arena *ar,
    const struct tool_arena_result *results, long cap)
{
	long	*turns, i, n = ar->games, capped = 0;
	double	 sum = 0, median;

	turns = xcalloc((size_t)n, sizeof *turns);
	for (i = 0; i < n; i++) {
		turns[i] = results[i].turns;
		sum += (double)turns[i];
		capped += results[i].capped;
	}
	qsort(turns, (size_t)n, sizeof *turns, tool_arena_report_cmp);
	median = (double)(turns[(n - 1) / 2] + turns[n / 2]) / 2;
	printf("Game length: %ld to %ld turns, median %.1f, mean %.1f\n",
	    turns[0], turns[n - 1], median, sum / (double)n);
	printf("Stopped at %ld turns and counted as draws: %ld\n", cap,
	    capped);
	free(turns);
}

/* Each player's robot_choose() time on the CPU. */
static void
tool_arena_report_times(const struct tool_arena *ar,
    const struct tool_arena_result *results)
{
	double	cpu;
	long	i, moves;
	int	a;

	printf("%-21s %10s %12s %11s\n", "Thinking (CPU)", "moves",
	    "seconds", "ms a move");
	for (a = 0; a < ar->nplayers; a++) {
		cpu = 0;
		moves = 0;
		for (i = 0; i < ar->games; i++) {
			cpu += results[i].cpu[a];
			moves += results[i].moves[a];
		}
		printf("  %c  %-16.16s %10ld %12.3f %11.3f\n", 'A' + a,
		    ar->players[a].name, moves, cpu, moves == 0 ? 0 :
		    cpu * 1000 / (double)moves);
	}
}

/* Print the report of the games played, cap being the turns' cap. */
void
tool_arena_report(const struct tool_arena *ar,
    const struct tool_arena_result *results, long cap)
{
	tool_arena_report_header(ar);
	if (ar->nplayers == 2)
		tool_arena_report_two(ar, results);
	else
		tool_arena_report_many(ar, results);
	tool_arena_report_lengths(ar, results, cap);
	tool_arena_report_times(ar, results);
}
