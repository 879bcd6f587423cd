#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "record.h"
#include "rng.h"
#include "robot.h"
#include "tool-arena.h"
#include "tool-arena-record.h"
#include "tool-arena-report.h"
#include "tool-commands.h"
#include "xmalloc.h"

/*
 * The arena: robots (src/robot/robot.h) play N games of one game
 * against each other, with the game's default options but for
 * --segments and --match, and the report (tool-arena-report.c) says
 * how each fared.
 *
 * Game i (from 0) has its own seed, drawn from a SplitMix64 stream
 * seeded from the arena's seed and i, and the robots' seed for each
 * of its turns is the next number of a stream from that seed.  The
 * seats rotate: in game i seat s is played by player (s + i) mod k of
 * the k players, so over k games each player sits in each seat once
 * (with two players, they take turns at moving first).  A game ends
 * when no seat is to move, and its ranks are the game's own; a game
 * still going after --cap turns (TOOL_ARENA_CAP unless given) is
 * stopped and counted as a draw, every player sharing the first rank
 * (a Mur match of m games may last m times as many turns).
 *
 * With --jobs J, J children (fork) play games J apart, job j the games
 * j, j + J, ..., and send each result back as one fixed-size record
 * over a pipe; the parent files them by game.  A game's result depends
 * only on the arena's seed and the game's number, so the figures are
 * the same whatever J is, but for the thinking times: each move's
 * robot_choose() is timed on the CPU clock of the process playing it,
 * so the times are what each robot itself spent.
 *
 * With --records DIR, the process that plays a game writes its record
 * to DIR (tool-arena-record.c), capped or not; DIR is checked before
 * any game is played.
 */

#define TOOL_ARENA_CAP		10000		/* turns, then a draw */
#define TOOL_ARENA_GAMES	1000000
#define TOOL_ARENA_JOBS		64
#define TOOL_ARENA_BUDGET	1000000000L
#define TOOL_ARENA_SEED		1

static int	tool_arena_options(int, char **, struct tool_arena *,
		    const char **);
static int	tool_arena_setup(struct tool_arena *, const char *,
		    const char *);
static int	tool_arena_player(struct tool_arena *, int, char *, long);
static long	tool_arena_cap(const struct tool_arena *);
static uint64_t	tool_arena_seed(uint64_t, long);
static double	tool_arena_cpu(void);
static int	tool_arena_game(const struct tool_arena *, long,
		    struct tool_arena_result *, char **);
static int	tool_arena_job(const struct tool_arena *, long, int);
static int	tool_arena_serial(const struct tool_arena *,
		    struct tool_arena_result *);
static int	tool_arena_fork(const struct tool_arena *,
		    struct tool_arena_result *);
static int	tool_arena_collect(const struct tool_arena *,
		    struct tool_arena_result *, struct pollfd *, long);
static int	tool_arena_read(int, struct tool_arena_result *);

/* The turns a game may last: the cap, for each game of a match. */
static long
tool_arena_cap(const struct tool_arena *ar)
{
	return (ar->cap * (ar->opts.games > 1 ? ar->opts.games : 1));
}

/* Game index's own seed, from the arena's seed. */
static uint64_t
tool_arena_seed(uint64_t seed, long index)
{
	struct rng	rng;

	rng_init(&rng, seed);
	rng_init(&rng, rng_next(&rng) + (uint64_t)index);
	return (rng_next(&rng));
}

/* Seconds of CPU this process has used. */
static double
tool_arena_cpu(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

/* Play game index to its end or to the cap, filling res. */
static int
tool_arena_game(const struct tool_arena *ar, long index,
    struct tool_arena_result *res, char **cause)
{
	const struct tool_arena_player	*p;
	struct robot_options		 ro;
	struct game			*g;
	struct action			*a;
	struct rng			 rng;
	struct record			 r;
	struct game_history		 hist;
	uint64_t			 seed;
	double				 t;
	int				 seat, player, rc = -1;
	int				 k = ar->nplayers, ranks[TOOL_ARENA_MAX];
	int				 recording = ar->records != NULL;

	memset(res, 0, sizeof *res);
	memset(&hist, 0, sizeof hist);
	res->game = index;
	if ((g = game_create(ar->ops, &ar->opts, cause)) == NULL)
		return (-1);
	game_history_add(&hist, g);
	a = game_action_new(g);
	seed = tool_arena_seed(ar->seed, index);
	rng_init(&rng, seed);
	if (recording)
		tool_arena_record_start(ar, index, seed, g, &r);
	while ((seat = g->ops->to_move(g)) != -1) {
		if (res->turns == tool_arena_cap(ar)) {
			res->capped = 1;
			break;
		}
		player = (int)((seat + index) % k);
		p = &ar->players[player];
		memset(&ro, 0, sizeof ro);
		ro.level = p->level;
		ro.budget = p->budget;
		ro.seed = rng_next(&rng);
		ro.history = &hist;
		memset(a, 0, g->ops->action_size);
		t = tool_arena_cpu();
		if (robot_choose(g, &ro, a, cause) == -1)
			goto out;
		res->cpu[player] += tool_arena_cpu() - t;
		res->moves[player]++;
		if (recording)
			tool_arena_record_turn(&r, g, seat, a);
		if (g->ops->apply(g, seat, a, NULL, cause) == -1)
			goto out;
		game_history_add(&hist, g);
		res->turns++;
	}
	if (res->capped) {
		for (player = 0; player < k; player++)
			res->ranks[player] = 1;
	} else {
		g->ops->ranks(g, ranks);
		for (seat = 0; seat < k; seat++)
			res->ranks[(seat + index) % k] = ranks[seat];
	}
	if (recording) {
		recording = 0;
		if (tool_arena_record_end(ar, res, g, &r, cause) == -1)
			goto out;
	}
	rc = 0;

out:
	if (recording)
		record_free(&r);
	free(a);
	game_free(g);
	game_history_free(&hist);
	return (rc);
}

/* Job j: play its games and write their results to fd; 0 or 1. */
static int
tool_arena_job(const struct tool_arena *ar, long j, int fd)
{
	struct tool_arena_result	 res;
	const char			*p;
	char				*cause;
	size_t				 done;
	ssize_t				 n;
	long				 i;

	for (i = j; i < ar->games; i += ar->jobs) {
		if (tool_arena_game(ar, i, &res, &cause) == -1) {
			fprintf(stderr, "mupbem: arena: game %ld: %s\n", i + 1,
			    cause);
			free(cause);
			return (1);
		}
		p = (const char *)&res;
		for (done = 0; done < sizeof res; done += (size_t)n) {
			n = write(fd, p + done, sizeof res - done);
			if (n == -1 && errno != EINTR) {
				fprintf(stderr, "mupbem: arena: write: %s\n",
				    strerror(errno));
				return (1);
			}
			if (n == -1)
				n = 0;
		}
	}
	return (0);
}

/* Play every game in this process. */
static int
tool_arena_serial(const struct tool_arena *ar,
    struct tool_arena_result *results)
{
	char	*cause;
	long	 i;

	for (i = 0; i < ar->games; i++) {
		if (tool_arena_game(ar, i, &results[i], &cause) == -1) {
			fprintf(stderr, "mupbem: arena: game %ld: %s\n", i + 1,
			    cause);
			free(cause);
			return (-1);
		}
	}
	return (0);
}

/* Read one whole result from fd: 1, 0 at the end, or -1. */
static int
tool_arena_read(int fd, struct tool_arena_result *res)
{
	char	*p = (char *)res;
	size_t	 done = 0;
	ssize_t	 n;

	while (done < sizeof *res) {
		n = read(fd, p + done, sizeof *res - done);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return (-1);
		if (n == 0)
			return (done == 0 ? 0 : -1);
		done += (size_t)n;
	}
	return (1);
}

/* Read the jobs' results until every pipe is at its end; counts them. */
static int
tool_arena_collect(const struct tool_arena *ar,
    struct tool_arena_result *results, struct pollfd *pfd, long jobs)
{
	struct tool_arena_result	res;
	long				j, open = jobs, got = 0;
	int				rc;

	while (open > 0) {
		if (poll(pfd, (nfds_t)jobs, -1) == -1) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		for (j = 0; j < jobs; j++) {
			if (pfd[j].fd == -1 || pfd[j].revents == 0)
				continue;
			if ((rc = tool_arena_read(pfd[j].fd, &res)) == 1 &&
			    res.game >= 0 && res.game < ar->games &&
			    res.game % jobs == j) {
				results[res.game] = res;
				got++;
				continue;
			}
			close(pfd[j].fd);
			pfd[j].fd = -1;
			open--;
		}
	}
	return (got == ar->games ? 0 : -1);
}

/* Play the games in ar->jobs children. */
static int
tool_arena_fork(const struct tool_arena *ar,
    struct tool_arena_result *results)
{
	struct pollfd	*pfd;
	pid_t		*pids, pid;
	long		 j, k, jobs = ar->jobs;
	int		 fds[2], status, rc = 0;

	pfd = xcalloc((size_t)jobs, sizeof *pfd);
	pids = xcalloc((size_t)jobs, sizeof *pids);
	fflush(stdout);
	fflush(stderr);
	for (j = 0; j < jobs; j++) {
		if (pipe(fds) == -1) {
			fprintf(stderr, "mupbem: arena: pipe: %s\n",
			    strerror(errno));
			jobs = j;
			rc = -1;
			break;
		}
		if ((pids[j] = fork()) == -1) {
			fprintf(stderr, "mupbem: arena: fork: %s\n",
			    strerror(errno));
			close(fds[0]);
			close(fds[1]);
			jobs = j;
			rc = -1;
			break;
		}
		if (pids[j] == 0) {
			close(fds[0]);
			for (k = 0; k < j; k++)
				close(pfd[k].fd);
			_exit(tool_arena_job(ar, j, fds[1]));
		}
		close(fds[1]);
		pfd[j].fd = fds[0];
		pfd[j].events = POLLIN;
	}
	if (rc == 0 && tool_arena_collect(ar, results, pfd, jobs) == -1)
		rc = -1;
	for (j = 0; j < jobs; j++) {
		if (pfd[j].fd != -1)
			close(pfd[j].fd);
		while ((pid = waitpid(pids[j], &status, 0)) == -1 &&
		    errno == EINTR)
			continue;
		if (pid == -1 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			rc = -1;
	}
	free(pfd);
	free(pids);
	return (rc);
}

/* One player, "level" or "level:budget", as player i. */
static int
tool_arena_player(struct tool_arena *ar, int i, char *spec, long budget)
{
	struct tool_arena_player	*p = &ar->players[i];
	char				*colon;
	int				 level, searches;

	if ((colon = strchr(spec, ':')) != NULL)
		*colon++ = '\0';
	if (robot_level_find(spec, &p->level) == -1) {
		fprintf(stderr, "mupbem: players: no robot level is called "
		    "'%s' (the levels are", spec);
		for (level = ROBOT_RANDOM; level <= ROBOT_EXPERT; level++) {
			fprintf(stderr, "%s%s", level == ROBOT_RANDOM ? " " :
			    level == ROBOT_EXPERT ? " and " : ", ",
			    robot_level_name((enum robot_level)level));
		}
		fprintf(stderr, ")\n");
		return (-1);
	}
	searches = p->level == ROBOT_MCTS || p->level == ROBOT_EXPERT;
	if (colon != NULL && !searches) {
		fprintf(stderr, "mupbem: players: '%s:%s': only mcts and "
		    "expert take a budget\n", spec, colon);
		return (-1);
	}
	if (colon != NULL && tool_commands_number("players: budget", colon,
	    1, TOOL_ARENA_BUDGET, &budget) == -1)
		return (-1);
	if (budget == 0) {
		budget = p->level == ROBOT_EXPERT ? ROBOT_EXPERT_BUDGET :
		    ROBOT_BUDGET;
	}
	p->budget = searches ? budget : 0;
	if (searches) {
		snprintf(p->name, sizeof p->name, "%s:%ld",
		    robot_level_name(p->level), p->budget);
	} else {
		snprintf(p->name, sizeof p->name, "%s",
		    robot_level_name(p->level));
	}
	return (0);
}

/*
 * Check the game and the players against each other: the game refuses
 * a number of players, segments or match it does not take.
 */
static int
tool_arena_setup(struct tool_arena *ar, const char *list,
    const char *budget)
{
	struct game	*g;
	char		*copy, *rest, *spec, *cause;
	long		 each = 0;	/* the level's own */
	int		 i, rc = -1;

	if (budget != NULL && tool_commands_number("budget", budget, 1,
	    TOOL_ARENA_BUDGET, &each) == -1)
		return (-1);
	if (*list == '\0' || *list == ',' || list[strlen(list) - 1] == ',' ||
	    strstr(list, ",,") != NULL) {
		fprintf(stderr, "mupbem: players: '%s' names an empty "
		    "player\n", list);
		return (-1);
	}
	ar->opts.players = 1;
	for (i = 0; list[i] != '\0'; i++)
		ar->opts.players += list[i] == ',';
	if ((g = game_create(ar->ops, &ar->opts, &cause)) == NULL) {
		fprintf(stderr, "mupbem: %s\n", cause);
		free(cause);
		return (-1);
	}
	ar->ops->options(g, &ar->opts);
	game_free(g);
	if (ar->opts.players > TOOL_ARENA_MAX) {
		fprintf(stderr, "mupbem: players: at most %d\n",
		    TOOL_ARENA_MAX);
		return (-1);
	}
	rest = copy = xstrdup(list);
	for (i = 0; (spec = strsep(&rest, ",")) != NULL; i++) {
		if (tool_arena_player(ar, i, spec, each) == -1)
			goto out;
	}
	ar->nplayers = i;
	rc = 0;

out:
	free(copy);
	return (rc);
}

/* Parse the options into ar; 0, 1 for a bad value, -1 a usage error. */
static int
tool_arena_options(int argc, char **argv, struct tool_arena *ar,
    const char **players)
{
	static const struct option longopts[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "players", required_argument, NULL, 'p' },
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 'S' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "budget", required_argument, NULL, 'b' },
		{ "segments", required_argument, NULL, 's' },
		{ "match", required_argument, NULL, 'm' },
		{ "records", required_argument, NULL, 'r' },
		{ "cap", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	const char	*game = NULL, *budget = NULL;
	char		*cause;
	long		 n;
	int		 ch;

	memset(ar, 0, sizeof *ar);
	ar->seed = TOOL_ARENA_SEED;
	ar->jobs = 1;
	ar->cap = TOOL_ARENA_CAP;
	*players = NULL;
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (ch) {
		case 'g':
			game = optarg;
			break;
		case 'p':
			*players = optarg;
			break;
		case 'n':
			if (tool_commands_number("games", optarg, 1,
			    TOOL_ARENA_GAMES, &ar->games) == -1)
				return (1);
			break;
		case 'S':
			if (tool_commands_seed(optarg, &ar->seed) == -1)
				return (1);
			break;
		case 'j':
			if (tool_commands_number("jobs", optarg, 1,
			    TOOL_ARENA_JOBS, &ar->jobs) == -1)
				return (1);
			break;
		case 'b':
			budget = optarg;
			break;
		case 'r':
			ar->records = optarg;
			break;
		case 'c':
			if (tool_commands_number("cap", optarg, 1,
			    TOOL_ARENA_CAP, &ar->cap) == -1)
				return (1);
			break;
		case 's':
		case 'm':
			if (tool_commands_number(ch == 's' ? "segments" :
			    "match", optarg, 1, 99, &n) == -1)
				return (1);
			if (ch == 's')
				ar->opts.segments = (int)n;
			else
				ar->opts.games = (int)n;
			break;
		case ':':
			fprintf(stderr, "mupbem: arena: %s needs a value\n",
			    argv[optind - 1]);
			return (-1);
		default:
			fprintf(stderr, "mupbem: arena: unknown option '%s'\n",
			    argv[optind - 1]);
			return (-1);
		}
	}
	if (optind != argc) {
		fprintf(stderr, "mupbem: arena: stray argument '%s'\n",
		    argv[optind]);
		return (-1);
	}
	if (game == NULL || *players == NULL || ar->games == 0) {
		fprintf(stderr, "mupbem: arena: --%s is required\n",
		    game == NULL ? "game" : *players == NULL ? "players" :
		    "games");
		return (-1);
	}
	if ((ar->ops = tool_commands_game(game)) == NULL)
		return (1);
	if (tool_arena_setup(ar, *players, budget) == -1)
		return (1);
	if (ar->records != NULL &&
	    tool_arena_record_check(ar->records, &cause) == -1) {
		fprintf(stderr, "mupbem: arena: %s\n", cause);
		free(cause);
		return (1);
	}
	return (0);
}

/*
 * mupbem arena --game G --players A,B[,C...] --games N [--seed S]
 *     [--jobs J] [--budget N] [--segments N] [--match N] [--cap N]
 *     [--records DIR]
 */
int
tool_arena_run(int argc, char **argv)
{
	struct tool_arena		 ar;
	struct tool_arena_result	*results;
	const char			*players;
	int				 rc;

	if ((rc = tool_arena_options(argc, argv, &ar, &players)) != 0)
		return (rc);
	if (ar.jobs > ar.games)
		ar.jobs = ar.games;
	results = xcalloc((size_t)ar.games, sizeof *results);
	if (ar.jobs == 1)
		rc = tool_arena_serial(&ar, results);
	else
		rc = tool_arena_fork(&ar, results);
	if (rc == 0)
		tool_arena_report(&ar, results, tool_arena_cap(&ar));
	else
		fprintf(stderr, "mupbem: arena: the games were not all "
		    "played\n");
	free(results);
	return (rc == 0 ? 0 : 1);
}
