#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "record.h"
#include "rng.h"
#include "tool-bench.h"
#include "tool-commands.h"
#include "xmalloc.h"

/*
 * The benchmark plays seeded random layouts (and selections) through
 * the game interface, as the service will, and times each kind of
 * work separately: listing legal actions, playing an action from text
 * (parse, copy, apply), writing and reading positions, drawing
 * diagrams and replaying whole records.  It prints figures; it checks
 * nothing, the tests do that.
 */

struct tool_bench_clock {
	double	total;
	long	count;
};

static double	tool_bench_now(void);
static void	tool_bench_game(const char *, int, int, uint64_t,
		    struct tool_bench_clock *);
static void	tool_bench_print(const char *, const struct tool_bench_clock *);

enum {
	TOOL_BENCH_LEGAL,
	TOOL_BENCH_PLAY,
	TOOL_BENCH_POSITION,
	TOOL_BENCH_DIAGRAM,
	TOOL_BENCH_REPLAY,
	TOOL_BENCH_N
};

static const char *tool_bench_names[TOOL_BENCH_N] = {
	"list legal actions", "play one action from text",
	"write+read a position", "draw the diagram", "replay a whole record"
};

static double
tool_bench_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

/* One random game through layout and selection, timing every step. */
static void
tool_bench_game(const char *name, int players, int segments, uint64_t seed,
    struct tool_bench_clock *clk)
{
	struct game_options	 opts = { players, segments };
	struct record		 r;
	struct game		*g, *read;
	struct action		*list;
	struct rng		 rng;
	struct buf		 text, pos;
	double			 t;
	char			*cause = NULL;
	int			 n;

	g = game_create(game_find(name), &opts, &cause);
	if (g == NULL)
		abort();
	record_init(&r, g->ops, &opts, seed);
	rng_init(&rng, seed);
	buf_init(&text);
	buf_init(&pos);
	for (;;) {
		t = tool_bench_now();
		n = g->ops->legal(g, &list);
		clk[TOOL_BENCH_LEGAL].total += tool_bench_now() - t;
		clk[TOOL_BENCH_LEGAL].count++;
		if (n == 0) {
			free(list);
			break;
		}
		buf_reset(&text);
		g->ops->format(g, &list[rng_below(&rng, (uint32_t)n)], &text);
		free(list);
		record_add(&r, g->ops->seat_name(g, g->ops->to_move(g)),
		    text.data);
		t = tool_bench_now();
		if (game_play(g, text.data, text.len, NULL, &cause) == -1)
			abort();
		clk[TOOL_BENCH_PLAY].total += tool_bench_now() - t;
		clk[TOOL_BENCH_PLAY].count++;

		t = tool_bench_now();
		buf_reset(&pos);
		g->ops->write_position(g, &pos);
		if ((read = game_read_position(pos.data, &cause)) == NULL)
			abort();
		game_free(read);
		clk[TOOL_BENCH_POSITION].total += tool_bench_now() - t;
		clk[TOOL_BENCH_POSITION].count++;

		t = tool_bench_now();
		buf_reset(&pos);
		g->ops->render(g, &pos);
		clk[TOOL_BENCH_DIAGRAM].total += tool_bench_now() - t;
		clk[TOOL_BENCH_DIAGRAM].count++;
	}
	t = tool_bench_now();
	game_free(g);
	if ((g = record_replay(&r, &cause)) == NULL)
		abort();
	clk[TOOL_BENCH_REPLAY].total += tool_bench_now() - t;
	clk[TOOL_BENCH_REPLAY].count++;
	game_free(g);
	record_free(&r);
	buf_free(&text);
	buf_free(&pos);
}

static void
tool_bench_print(const char *what, const struct tool_bench_clock *clk)
{
	int	i;

	printf("%s\n", what);
	for (i = 0; i < TOOL_BENCH_N; i++) {
		if (clk[i].count == 0)
			continue;
		printf("  %-28s %8ld times, %9.1f us each\n",
		    tool_bench_names[i], clk[i].count,
		    clk[i].total * 1e6 / (double)clk[i].count);
	}
}

/*
 * mupbem bench [--games N] [--seed S]; returns the exit status, or -1
 * for a usage error.
 */
int
tool_bench_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 }
	};
	struct tool_bench_clock	 clk[TOOL_BENCH_N];
	uint64_t		 seed = 1;
	long			 games = 20, i;
	int			 ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (ch) {
		case 'n':
			if (tool_commands_number("games", optarg, 1, 100000,
			    &games) == -1)
				return (1);
			break;
		case 'S':
			if (tool_commands_seed(optarg, &seed) == -1)
				return (1);
			break;
		case ':':
			fprintf(stderr, "mupbem: bench: %s needs a value\n",
			    argv[optind - 1]);
			return (-1);
		default:
			fprintf(stderr, "mupbem: bench: unknown option '%s'\n",
			    argv[optind - 1]);
			return (-1);
		}
	}
	if (optind != argc)
		return (-1);
	memset(clk, 0, sizeof clk);
	for (i = 0; i < games; i++)
		tool_bench_game("velox", 2, 8, seed + (uint64_t)i, clk);
	tool_bench_print("velox, 2 players, 8 segments each (16 placements):",
	    clk);
	memset(clk, 0, sizeof clk);
	for (i = 0; i < games; i++)
		tool_bench_game("classic", 6, 8, seed + (uint64_t)i, clk);
	tool_bench_print("classic, 6 players, 8 segments each (48 placements, "
	    "42 clears):", clk);
	return (0);
}
