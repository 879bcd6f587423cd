#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-engine.h"
#include "bench.h"
#include "game-registry.h"
#include "game.h"
#include "mu-random.h"
#include "mur-legal.h"
#include "record.h"
#include "rng.h"
#include "xmalloc.h"

/*
 * The engine benchmark prints figures; it checks nothing, the tests do
 * that.
 *
 * First it plays seeded random games of the chosen variant with the
 * engine's random player (mu-random.c): a random legal layout and
 * selection, then random legal turns until the game ends or reaches
 * BENCH_ENGINE_CAP moves.  Only the movement phase is timed; a move's
 * cost includes the tally of legal moves it was drawn from (mu-draw.c),
 * checking and making it, and resolving its explosions.
 *
 * Then it plays random layouts (and selections), one for every 50
 * games, through the game interface, as the service will, and times
 * each kind of work separately: listing legal actions, playing an
 * action from text (parse, copy, apply), writing and reading
 * positions, drawing diagrams and replaying whole records.
 *
 * For Mur it plays seeded random one-game matches with the engine's
 * random player (mur-legal.c), every turn timed: drawing a random
 * legal action and applying it, with the check for the next player's
 * legal action that ends a game.  Then, one game in 50, the same
 * kinds of work through the interface, for a game's first
 * BENCH_ENGINE_MUR_TURNS turns.
 */

#define BENCH_ENGINE_CAP	2000	/* moves in one game at most */
#define BENCH_ENGINE_MUR_TURNS	100	/* turns timed through the interface */

struct bench_engine_clock {
	double	total;
	long	count;
};

static void	bench_engine_game(const char *, int, int, uint64_t,
		    struct bench_engine_clock *);
static void	bench_engine_print(const char *,
		    const struct bench_engine_clock *);
static void	bench_engine_play(const struct game_ops *, long, uint64_t);
static int	bench_engine_more(const struct game *, int);
static void	bench_engine_mur(long, uint64_t);

enum {
	BENCH_ENGINE_LEGAL,
	BENCH_ENGINE_PLAY,
	BENCH_ENGINE_POSITION,
	BENCH_ENGINE_DIAGRAM,
	BENCH_ENGINE_REPLAY,
	BENCH_ENGINE_N
};

static const char *bench_engine_names[BENCH_ENGINE_N] = {
	"list legal turns", "play one turn from text",
	"write+read a position", "draw the diagram", "replay a whole record"
};

/* One random game through layout and selection, timing every step. */
static void
bench_engine_game(const char *name, int players, int segments, uint64_t seed,
    struct bench_engine_clock *clk)
{
	struct game_options	 opts = { players, segments, 0 };
	struct record		 r;
	struct game		*g, *read;
	struct action		*list;
	struct rng		 rng;
	struct buf		 text, pos;
	double			 t;
	char			*cause = NULL;
	int			 n, turns = 0;

	g = game_create(game_find(name), &opts, &cause);
	if (g == NULL)
		abort();
	record_init(&r, g->ops, &opts, seed);
	rng_init(&rng, seed);
	buf_init(&text);
	buf_init(&pos);
	while (bench_engine_more(g, turns++)) {
		t = bench_now();
		n = g->ops->legal(g, &list);
		clk[BENCH_ENGINE_LEGAL].total += bench_now() - t;
		clk[BENCH_ENGINE_LEGAL].count++;
		if (n == 0) {
			free(list);
			break;
		}
		buf_reset(&text);
		g->ops->format(g, game_action_at(g, list,
		    (int)rng_below(&rng, (uint32_t)n)), &text);
		free(list);
		record_add(&r, g->ops->seat_name(g, g->ops->to_move(g)),
		    text.data);
		t = bench_now();
		if (game_play(g, g->ops->to_move(g), text.data, text.len,
		    NULL, NULL, &cause) == -1)
			abort();
		clk[BENCH_ENGINE_PLAY].total += bench_now() - t;
		clk[BENCH_ENGINE_PLAY].count++;

		t = bench_now();
		buf_reset(&pos);
		g->ops->write_position(g, &pos);
		if ((read = game_read_position(pos.data, &cause)) == NULL)
			abort();
		game_free(read);
		clk[BENCH_ENGINE_POSITION].total += bench_now() - t;
		clk[BENCH_ENGINE_POSITION].count++;

		t = bench_now();
		buf_reset(&pos);
		g->ops->render(g, &pos);
		clk[BENCH_ENGINE_DIAGRAM].total += bench_now() - t;
		clk[BENCH_ENGINE_DIAGRAM].count++;
	}
	t = bench_now();
	game_free(g);
	if ((g = record_replay(&r, &cause)) == NULL)
		abort();
	clk[BENCH_ENGINE_REPLAY].total += bench_now() - t;
	clk[BENCH_ENGINE_REPLAY].count++;
	game_free(g);
	record_free(&r);
	buf_free(&text);
	buf_free(&pos);
}

/* Go on timing g: Mu until the men move, Mur for its first turns. */
static int
bench_engine_more(const struct game *g, int turns)
{
	if (g->ops->to_move(g) == -1)
		return (0);
	if (strcmp(g->ops->name, "mur") == 0)
		return (turns < BENCH_ENGINE_MUR_TURNS);
	return (((struct mu_game *)g->state)->phase != MU_PHASE_MOVEMENT);
}

/* Random one-game Mur matches: turns and games a second. */
static void
bench_engine_mur(long games, uint64_t seed)
{
	struct mur_game		 g;
	struct mur_action	 a;
	struct rng		 rng;
	double			 t;
	char			*cause = NULL;
	long			 i, turns = 0, ends[MUR_END_RESIGN + 1];

	memset(ends, 0, sizeof ends);
	t = bench_now();
	for (i = 0; i < games; i++) {
		if (mur_game_init(&g, 1, &cause) == -1)
			abort();
		rng_init(&rng, seed + (uint64_t)i);
		while (!g.over) {
			if (mur_legal_play_random(&g, &rng, &a) == -1)
				abort();
			turns++;
		}
		ends[g.end[0]]++;
	}
	t = bench_now() - t;
	printf("Mur: %ld one-game matches from seed %llu\n", games,
	    (unsigned long long)seed);
	printf("  %ld turns (place, move or withdraw) in %.3f s; games "
	    "ended by the mur stone %ld, three traps %ld, no legal turn "
	    "%ld, %d quiet turns %ld\n", turns, t, ends[MUR_END_MUR],
	    ends[MUR_END_TRAPS], ends[MUR_END_STUCK], MUR_QUIET_CAP,
	    ends[MUR_END_QUIET]);
	printf("  %12.0f turns/s\n  %12.1f games/s\n  %12.1f ns per "
	    "turn\n", turns / t, games / t, t * 1e9 / (double)turns);
}

/* Random games of one variant: moves, explosions and games a second. */
static void
bench_engine_play(const struct game_ops *ops, long games, uint64_t seed)
{
	struct game_options	 opts = { 0, 0, 0 };
	struct mu_random_stats	 stats = { 0, 0 };
	struct mu_action	 a;
	struct mu_game		*mg;
	struct game		*g;
	struct rng		 rng;
	double			 t, total = 0;
	char			*cause = NULL;
	long			 i, ended = 0, start;

	for (i = 0; i < games; i++) {
		if ((g = game_create(ops, &opts, &cause)) == NULL)
			abort();
		mg = g->state;
		rng_init(&rng, seed + (uint64_t)i);
		while (mg->phase != MU_PHASE_MOVEMENT)
			mu_random_action(mg, &rng, &a, NULL, &stats);
		start = stats.moves;
		t = bench_now();
		while (mg->phase != MU_PHASE_OVER &&
		    stats.moves - start < BENCH_ENGINE_CAP)
			mu_random_action(mg, &rng, &a, NULL, &stats);
		total += bench_now() - t;
		ended += mg->phase == MU_PHASE_OVER;
		if (i == 0) {
			printf("%s, %d players, %d segments each: %ld games "
			    "from seed %llu\n", ops->title, mg->players,
			    mg->segments, games, (unsigned long long)seed);
		}
		game_free(g);
	}
	printf("  %ld moves and %ld explosions in %.3f s of movement; "
	    "%ld games ended, %ld stopped at %d moves\n", stats.moves,
	    stats.explosions, total, ended, games - ended, BENCH_ENGINE_CAP);
	printf("  %12.0f moves/s\n  %12.0f explosions/s\n  %12.1f "
	    "games/s\n  %12.1f ns per move\n", stats.moves / total,
	    stats.explosions / total, games / total,
	    total * 1e9 / (double)stats.moves);
}

static void
bench_engine_print(const char *what, const struct bench_engine_clock *clk)
{
	int	i;

	printf("%s\n", what);
	for (i = 0; i < BENCH_ENGINE_N; i++) {
		if (clk[i].count == 0)
			continue;
		printf("  %-28s %8ld times, %9.1f us each\n",
		    bench_engine_names[i], clk[i].count,
		    clk[i].total * 1e6 / (double)clk[i].count);
	}
}

/*
 * mupbem-bench engine [--game G] [--games N] [--seed S]; returns the
 * exit status, or -1 for a usage error.
 */
int
bench_engine_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 }
	};
	struct bench_engine_clock	 clk[BENCH_ENGINE_N];
	const struct game_ops		*ops = game_find("velox");
	uint64_t			 seed = 1;
	long				 games = 1000, layouts, i;
	int				 ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (ch) {
		case 'g':
			if ((ops = bench_game(optarg)) != NULL)
				break;
			return (1);
		case 'n':
			if (bench_number("games", optarg, 1, 100000,
			    &games) == -1)
				return (1);
			break;
		case 'S':
			if (bench_seed(optarg, &seed) == -1)
				return (1);
			break;
		case ':':
			fprintf(stderr, "mupbem-bench: engine: %s needs a "
			    "value\n", argv[optind - 1]);
			return (-1);
		default:
			fprintf(stderr, "mupbem-bench: engine: unknown "
			    "option '%s'\n", argv[optind - 1]);
			return (-1);
		}
	}
	if (optind != argc)
		return (-1);
	layouts = games / 50 > 0 ? games / 50 : 1;
	memset(clk, 0, sizeof clk);
	if (strcmp(ops->name, "mur") == 0) {
		bench_engine_mur(games, seed);
		for (i = 0; i < layouts; i++)
			bench_engine_game("mur", 2, 0, seed + (uint64_t)i, clk);
		bench_engine_print("Mur through the game interface, the first "
		    "100 turns of a game:", clk);
		return (0);
	}
	bench_engine_play(ops, games, seed);
	for (i = 0; i < layouts; i++)
		bench_engine_game("velox", 2, 8, seed + (uint64_t)i, clk);
	bench_engine_print("velox, 2 players, 8 segments each (16 placements):",
	    clk);
	memset(clk, 0, sizeof clk);
	for (i = 0; i < layouts; i++)
		bench_engine_game("classic", 6, 8, seed + (uint64_t)i, clk);
	bench_engine_print("classic, 6 players, 8 segments each (48 "
	    "placements, 42 clears):", clk);
	return (0);
}
