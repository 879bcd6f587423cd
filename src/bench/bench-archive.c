#include "config.h"

#include <ftw.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive.h"
#include "bench-archive.h"
#include "bench.h"
#include "buf.h"
#include "db.h"
#include "game-registry.h"
#include "game.h"
#include "record.h"
#include "rng.h"
#include "store.h"
#include "xmalloc.h"

/*
 * The archive benchmark: mupbem-bench archive [--games N] [--seed S]
 * DATABASE DIR fills a new store with N finished games between 40
 * players, played by random robots to the end (a Mu game that has not
 * ended after 150 turns, or a Mur match after 600, is played again
 * from another seed: real games are not much longer), then times
 * writing their site as mupbem --db FILE archive DIR does
 * (src/tool/tool-archive.c), and prints the figures
 * (docs/performance.md): the site's size, and that of its first page
 * (index.html), of all the index's pages and of the games' pages.
 */

#define BENCH_ARCHIVE_PLAYERS	40
#define BENCH_ARCHIVE_TURNS	150	/* a Mu game's turns at most */
#define BENCH_ARCHIVE_MATCH	600	/* a Mur match's */

static int		 bench_archive_fill(struct store *, int, uint64_t,
			     char **);
static struct game	*bench_archive_play(const struct game_ops *,
			     struct rng *, const long long *, struct record *,
			     char **);
static int		 bench_archive_game(struct store *, struct rng *,
			     const long long *, long long, char **);
static int		 bench_archive_size(const char *, const struct stat *,
			     int, struct FTW *);

static long long	 bench_archive_bytes;
static long long	 bench_archive_first;	/* index.html */
static long long	 bench_archive_index;	/* index*.html */
static long long	 bench_archive_pages;	/* index pages */
static long long	 bench_archive_games;	/* games/G*.html */

/*
 * Play a game of ops by random robots into record r (seats named
 * after players), to its end within BENCH_ARCHIVE_TURNS turns (a Mur
 * match within BENCH_ARCHIVE_MATCH): the
 * game, or NULL if it did not end (r is then freed).
 */
static struct game *
bench_archive_play(const struct game_ops *ops, struct rng *rng,
    const long long *players, struct record *r, char **cause)
{
	struct game_options	 opts;
	struct game		*g;
	struct action		*a;
	struct buf		 text;
	char			 name[32];
	int			 i, seat, turns = 0, most;

	most = strcmp(ops->name, "mur") == 0 ? BENCH_ARCHIVE_MATCH :
	    BENCH_ARCHIVE_TURNS;
	memset(&opts, 0, sizeof opts);
	if ((g = game_create(ops, &opts, cause)) == NULL)
		return (NULL);
	ops->options(g, &opts);
	record_init(r, ops, &opts, rng_next(rng));
	for (i = 0; i < ops->players(g); i++) {
		snprintf(name, sizeof name, "p%lld", players[i]);
		record_seat(r, ops->seat_name(g, i), name);
	}
	a = game_action_new(g);
	buf_init(&text);
	while ((seat = ops->to_move(g)) != -1 && turns++ < most) {
		ops->random(g, rng_next(rng), a);
		buf_reset(&text);
		ops->format(g, a, &text);
		if (ops->apply(g, seat, a, NULL, cause) == -1)
			break;
		record_add(r, ops->seat_name(g, seat), text.data);
	}
	buf_free(&text);
	free(a);
	if (ops->to_move(g) != -1) {
		if (*cause == NULL)
			xasprintf(cause, "%s: a random game did not end",
			    ops->name);
		record_free(r);
		game_free(g);
		return (NULL);
	}
	return (g);
}

/* Store one finished game between the players, played at random. */
static int
bench_archive_game(struct store *s, struct rng *rng, const long long *players,
    long long now, char **cause)
{
	const struct game_ops	*ops = game_table[rng_below(rng, 4)];
	struct record		 r;
	struct game		*g = NULL;
	struct buf		 rec;
	long long		 id;
	int			 ranks[8], i, try, rc = -1;

	for (try = 0; g == NULL && try < 100; try++) {
		free(*cause);
		*cause = NULL;
		g = bench_archive_play(ops, rng, players, &r, cause);
	}
	if (g == NULL)
		return (-1);
	buf_init(&rec);
	record_write(&r, &rec);
	if (store_game_add(s, ops->name, "", rec.data, NULL, now, &id,
	    cause) == -1)
		goto out;
	ops->ranks(g, ranks);
	for (i = 0; i < ops->players(g); i++) {
		if (store_seat_add(s, id, i, players[i], "accepted",
		    cause) == -1 || store_seat_rank(s, id, i, ranks[i],
		    cause) == -1)
			goto out;
	}
	if (store_game_update(s, id, "over", rec.data, (int)r.nactions,
	    now + 86400, cause) == -1 || store_game_finish(s, id, now + 86400,
	    cause) == -1)
		goto out;
	rc = 0;
out:
	buf_free(&rec);
	record_free(&r);
	game_free(g);
	return (rc);
}

/* Players, then n games between them, in one transaction. */
static int
bench_archive_fill(struct store *s, int n, uint64_t seed, char **cause)
{
	struct store_player	 p;
	struct rng		 rng;
	long long		 ids[BENCH_ARCHIVE_PLAYERS], seats[8];
	char			 address[64], name[64];
	int			 order[BENCH_ARCHIVE_PLAYERS], i, j;

	rng_init(&rng, seed);
	if (store_begin(s, cause) == -1)
		return (-1);
	for (i = 0; i < BENCH_ARCHIVE_PLAYERS; i++) {
		snprintf(address, sizeof address, "p%d@example.org", i + 1);
		snprintf(name, sizeof name, "Player %d", i + 1);
		if (store_player_add(s, address, "secret", 1700000000, &p,
		    cause) == -1 || store_player_rename(s, p.id, name,
		    cause) == -1)
			goto fail;
		ids[i] = p.id;
		store_player_free(&p);
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < BENCH_ARCHIVE_PLAYERS; j++)
			order[j] = j;
		rng_shuffle(&rng, order, BENCH_ARCHIVE_PLAYERS);
		for (j = 0; j < 8; j++)
			seats[j] = ids[order[j]];
		if (bench_archive_game(s, &rng, seats, 1700000000LL + i * 600LL,
		    cause) == -1)
			goto fail;
	}
	return (store_commit(s, cause));
fail:
	store_rollback(s);
	return (-1);
}

static int
bench_archive_size(const char *path, const struct stat *sb, int type,
    struct FTW *ftw)
{
	const char	*name = path + ftw->base;
	size_t		 len = strlen(name);

	if (type != FTW_F)
		return (0);
	bench_archive_bytes += sb->st_size;
	if (len < 5 || strcmp(name + len - 5, ".html") != 0)
		return (0);
	if (ftw->level == 1 && strncmp(name, "index", 5) == 0) {
		bench_archive_index += sb->st_size;
		bench_archive_pages++;
		if (strcmp(name, "index.html") == 0)
			bench_archive_first = sb->st_size;
	} else if (ftw->level == 2 && *name == 'G' &&
	    strstr(path, "/games/") != NULL)
		bench_archive_games += sb->st_size;
	return (0);
}

/*
 * mupbem-bench archive [--games N] [--seed S] [--assets DIR] DATABASE
 * DIR; returns the exit status, or -1 for a usage error.
 */
int
bench_archive_run(int argc, char **argv)
{
	static const struct option	 longopts[] = {
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "assets", required_argument, NULL, 'a' },
		{ NULL, 0, NULL, 0 }
	};
	struct archive_config		 c;
	struct archive_stats		 st;
	struct store			*s = NULL;
	const char			*assets = NULL;
	char				*cause = NULL;
	double				 t0, t1, t2;
	uint64_t			 seed = 1;
	int				 ch, games = 10000, rc = 1;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'n':
			games = atoi(optarg);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 10);
			break;
		case 'a':
			assets = optarg;
			break;
		default:
			return (-1);
		}
	}
	if (argc - optind != 2 || games < 1)
		return (-1);
	if (db_kind_of(argv[optind]) == DB_SQLITE &&
	    access(argv[optind], F_OK) == 0) {
		fprintf(stderr, "mupbem-bench: archive: %s exists; give a new "
		    "file\n", argv[optind]);
		return (1);
	}
	t0 = bench_now();
	if ((s = store_open(argv[optind], &cause)) == NULL ||
	    bench_archive_fill(s, games, seed, &cause) == -1)
		goto out;
	t1 = bench_now();
	memset(&c, 0, sizeof c);
	c.dir = argv[optind + 1];
	c.assets = archive_assets(assets);
	if (archive_build(s, &c, &st, &cause) == -1)
		goto out;
	t2 = bench_now();
	bench_archive_bytes = bench_archive_index = bench_archive_games = 0;
	bench_archive_first = bench_archive_pages = 0;
	nftw(c.dir, bench_archive_size, 16, FTW_PHYS);
	printf("bench-archive: %d games stored in %.1f s\n", games, t1 - t0);
	printf("bench-archive: archive: %zu games, %zu players, %zu files, "
	    "%.1f MB in %.1f s\n", st.games, st.players, st.files,
	    bench_archive_bytes / 1e6, t2 - t1);
	printf("bench-archive: index.html %.1f KB; the index, %lld page%s, "
	    "%.1f MB; the games' pages %.1f MB\n", bench_archive_first / 1e3,
	    bench_archive_pages, bench_archive_pages == 1 ? "" : "s",
	    bench_archive_index / 1e6, bench_archive_games / 1e6);
	rc = 0;
out:
	if (cause != NULL) {
		fprintf(stderr, "mupbem-bench: archive: %s\n", cause);
		free(cause);
	}
	store_close(s);
	return (rc);
}
