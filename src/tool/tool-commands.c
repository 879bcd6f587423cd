#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "game-registry.h"
#include "game.h"
#include "option.h"
#include "picture-palette.h"
#include "record.h"
#include "rng.h"
#include "robot.h"
#include "text.h"
#include "tool-archive.h"
#include "tool-arena.h"
#include "tool-commands.h"
#include "tool-db.h"
#include "tool-engine.h"
#include "tool-file.h"
#include "tool-picture.h"
#include "xmalloc.h"

/*
 * Each subcommand works on a record file: it reads the record, replays
 * it into a game through the game interface, and either prints from
 * the game or appends actions and replaces the file.  Exit status: 0
 * done, 1 a bad record or an illegal action (one line on stderr, the
 * file untouched), 2 a usage error.  --help, alone or after a
 * subcommand, prints the usage (of that subcommand) on standard output
 * and exits 0.
 */

#define TOOL_DEMO_SEED	20261121

/* What new and demo are asked to set up. */
struct tool_commands_setup {
	const struct game_ops	 *ops;
	struct game_options	  opts;
	uint64_t		  seed;
	char			**players;	/* --player, in order */
	int			  nplayers;
	int			  ordered;
};

struct tool_command {
	const char	*name;
	int		 (*run)(int, char **);
	const char	*usage;
};

static int	tool_commands_new(int, char **);
static struct game *tool_commands_setup(struct tool_commands_setup *,
		    struct record *);
static int	tool_commands_play(int, char **);
static int	tool_commands_play_options(int, char **, int *,
		    const char **);
static void	tool_commands_seats(const struct game *, struct buf *);
static int	tool_commands_show(int, char **);
static int	tool_commands_show_options(int, char **, const char **,
		    struct tool_picture *);
static int	tool_commands_legal(int, char **);
static int	tool_commands_replay(int, char **);
static int	tool_commands_demo(int, char **);
static int	tool_commands_robot_options(int, char **,
		    struct robot_options *, double *);
static int	tool_commands_robot_stop(void *);
static int	tool_commands_robot(int, char **);
static int	tool_commands_arena(int, char **);
static int	tool_commands_engine(int, char **);
static int	tool_commands_usage(void);
static int	tool_commands_help(FILE *, const char *);
static int	tool_commands_error(const char *, ...)
		    __attribute__((format(printf, 1, 2)));
static int	tool_commands_new_options(int, char **, const char *,
		    struct tool_commands_setup *);
static int	tool_commands_player(struct tool_commands_setup *,
		    const char *);
static struct game *tool_commands_load(const char *, struct record *,
		    char **);

static const struct tool_command tool_commands[] = {
	{ "new", tool_commands_new, "new --game classic|levis|velox|mur "
	  "[--players N] [--segments N] [--match N] [--seed S] "
	  "[--player NAME]... [--ordered]" },
	{ "play", tool_commands_play, "play [--dry-run] [--as COLOUR] RECORD "
	  "TURN..." },
	{ "show", tool_commands_show, "show [--form FORM] [--png FILE] "
	  "[--svg FILE] [--names | --no-names] [--palette NAME] "
	  "[--width N] RECORD|POSITION" },
	{ "legal", tool_commands_legal, "legal RECORD|POSITION" },
	{ "replay", tool_commands_replay, "replay RECORD" },
	{ "robot", tool_commands_robot, "robot "
	  "[--level random|greedy|mcts|expert] [--budget N] [--time S] "
	  "[--seed S] RECORD" },
	{ "demo", tool_commands_demo, "demo [--game velox] [--seed S]" },
	{ "arena", tool_commands_arena, "arena --game classic|levis|velox|mur "
	  "--players A,B[,C...] --games N [--seed S] [--jobs J] "
	  "[--budget N] [--segments N] [--match N] [--cap N] "
	  "[--records DIR]" },
	{ "engine", tool_commands_engine, "engine" },
	{ NULL, NULL, NULL }
};

static int
tool_commands_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("mupbem: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return (1);
}

static int
tool_commands_usage(void)
{
	return (tool_commands_help(stderr, NULL));
}

/* Parse a number option from min to max; prints the error. */
int
tool_commands_number(const char *what, const char *s, long min, long max,
    long *out)
{
	char	*cause;

	if (option_number(what, s, min, max, out, &cause) == -1) {
		tool_commands_error("%s", cause);
		free(cause);
		return (-1);
	}
	return (0);
}

/* The game called name, or NULL after printing the error. */
const struct game_ops *
tool_commands_game(const char *name)
{
	const struct game_ops	*ops;
	char			*cause;

	if ((ops = game_lookup(name, &cause)) == NULL) {
		tool_commands_error("game: %s", cause);
		free(cause);
	}
	return (ops);
}

/* Parse a seed option; prints the error. */
int
tool_commands_seed(const char *s, uint64_t *seed)
{
	char	*cause;

	if (option_seed(s, seed, &cause) == -1) {
		tool_commands_error("%s", cause);
		free(cause);
		return (-1);
	}
	return (0);
}

/*
 * The usage on out (of the subcommand only, if not NULL): 2 on stderr,
 * for a usage error, 0 on stdout, for --help.
 */
static int
tool_commands_help(FILE *out, const char *only)
{
	const char	*record = "RECORD";
	int		 i;

	fprintf(out, "usage:\n");
	for (i = 0; tool_commands[i].name != NULL; i++) {
		if (only != NULL && strcmp(only, tool_commands[i].name) != 0)
			continue;
		fprintf(out, "  mupbem %s\n", tool_commands[i].usage);
		if (only != NULL)
			record = strstr(tool_commands[i].usage, "RECORD");
	}
	if (only == NULL) {
		fprintf(out, "  mupbem --help\n");
		fprintf(out, "  mupbem COMMAND --help\n");
		tool_db_usage_lines(out, NULL);
	}
	if (record != NULL)
		fprintf(out, "RECORD may be - for standard input.\n");
	return (out == stderr ? 2 : 0);
}

/* Add a --player name, which must be one printable word. */
static int
tool_commands_player(struct tool_commands_setup *su, const char *name)
{
	const unsigned char	*p;

	if (*name == '\0' || strlen(name) > 64) {
		tool_commands_error("player: a name has 1 to 64 characters");
		return (-1);
	}
	for (p = (const unsigned char *)name; *p != '\0'; p++) {
		if (*p <= ' ' || *p == 0x7f) {
			tool_commands_error("player: '%s' must be one word, "
			    "without spaces or control characters", name);
			return (-1);
		}
	}
	if (su->nplayers == 99) {
		tool_commands_error("player: at most 99 players");
		return (-1);
	}
	su->players = xreallocarray(su->players, (size_t)su->nplayers + 1,
	    sizeof *su->players);
	su->players[su->nplayers++] = (char *)name;
	return (0);
}

/*
 * Options shared by new and demo; returns the next argument, -1 for a
 * bad value or -2 for a usage error.
 */
static int
tool_commands_new_options(int argc, char **argv, const char *game,
    struct tool_commands_setup *su)
{
	static const struct option longopts[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "players", required_argument, NULL, 'p' },
		{ "segments", required_argument, NULL, 's' },
		{ "match", required_argument, NULL, 'm' },
		{ "seed", required_argument, NULL, 'S' },
		{ "player", required_argument, NULL, 'P' },
		{ "ordered", no_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	struct game_options	*opts = &su->opts;
	long			 n;
	int			 ch;

	memset(opts, 0, sizeof *opts);
	su->players = NULL;
	su->nplayers = 0;
	su->ordered = 0;
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (ch) {
		case 'g':
			game = optarg;
			break;
		case 'p':
			if (tool_commands_number("players", optarg, 1, 99,
			    &n) == -1)
				return (-1);
			opts->players = (int)n;
			break;
		case 's':
			if (tool_commands_number("segments", optarg, 1, 99,
			    &n) == -1)
				return (-1);
			opts->segments = (int)n;
			break;
		case 'm':
			if (tool_commands_number("match", optarg, 1, 99,
			    &n) == -1)
				return (-1);
			opts->games = (int)n;
			break;
		case 'S':
			if (tool_commands_seed(optarg, &su->seed) == -1)
				return (-1);
			break;
		case 'P':
			if (tool_commands_player(su, optarg) == -1)
				return (-1);
			break;
		case 'o':
			su->ordered = 1;
			break;
		case ':':
			tool_commands_error("%s: %s needs a value", argv[0],
			    argv[optind - 1]);
			return (-2);
		default:
			tool_commands_error("%s: unknown option '%s'", argv[0],
			    argv[optind - 1]);
			return (-2);
		}
	}
	if (su->nplayers > 0) {
		if (opts->players != 0 && opts->players != su->nplayers) {
			tool_commands_error("players: --players %d, but %d "
			    "players are named", opts->players, su->nplayers);
			return (-1);
		}
		opts->players = su->nplayers;
	} else if (su->ordered) {
		tool_commands_error("%s: --ordered needs the players named "
		    "with --player", argv[0]);
		return (-2);
	}
	if (game == NULL) {
		tool_commands_error("new: --game is required");
		return (-2);
	}
	if ((su->ops = tool_commands_game(game)) == NULL)
		return (-1);
	return (optind);
}

/* Set up the game su asks for, as a record with no actions. */
static struct game *
tool_commands_setup(struct tool_commands_setup *su, struct record *r)
{
	struct game	*g;
	char		*cause;

	if ((g = game_create(su->ops, &su->opts, &cause)) == NULL) {
		tool_commands_error("%s", cause);
		free(cause);
		return (NULL);
	}
	su->ops->options(g, &su->opts);
	record_init(r, su->ops, &su->opts, su->seed);
	if (su->nplayers > 0)
		record_draw(r, g, su->players, su->ordered);
	return (g);
}

static int
tool_commands_new(int argc, char **argv)
{
	struct tool_commands_setup	 su;
	struct record			 r;
	struct game			*g;
	struct buf			 out;
	int				 rc;

	if (getrandom(&su.seed, sizeof su.seed, 0) != sizeof su.seed)
		su.seed = 0;
	rc = tool_commands_new_options(argc, argv, NULL, &su);
	if (rc >= 0 && optind != argc)
		rc = -2;
	if (rc >= 0 && (g = tool_commands_setup(&su, &r)) != NULL) {
		game_free(g);
		buf_init(&out);
		record_write(&r, &out);
		fputs(out.data, stdout);
		buf_free(&out);
		record_free(&r);
		rc = 0;
	} else if (rc >= 0)
		rc = -1;
	free(su.players);
	if (rc == -2)
		return (tool_commands_usage());
	return (rc == -1 ? 1 : 0);
}

/*
 * Read the record at path and replay it, or read a position; NULL after
 * printing the error.  For a position, r->ops is left NULL.
 */
static struct game *
tool_commands_load(const char *path, struct record *r, char **textp)
{
	struct game	*g = NULL;
	char		*text, *cause;

	record_init(r, NULL, NULL, 0);
	if (tool_file_read(path, &text, &cause) == -1) {
		tool_commands_error("%s", cause);
		free(cause);
		return (NULL);
	}
	if (strncmp(text, "mupbem position ", 16) == 0) {
		if ((g = game_read_position(text, &cause)) == NULL)
			goto fail;
		goto out;
	}
	if (record_parse(r, text, &cause) == -1)
		goto fail;
	if ((g = record_replay(r, &cause)) == NULL) {
		record_free(r);
		goto fail;
	}
	goto out;

fail:
	tool_commands_error("%s: %s", path, cause);
	free(cause);
out:
	if (g != NULL && textp != NULL)
		*textp = text;
	else
		free(text);
	return (g);
}

/* List the seats of g: "red, blue and green". */
static void
tool_commands_seats(const struct game *g, struct buf *out)
{
	int	seat, n = g->ops->players(g);

	for (seat = 0; seat < n; seat++) {
		buf_adds(out, text_list_sep((size_t)seat, (size_t)n));
		buf_adds(out, g->ops->seat_name(g, seat));
	}
}

/* Parse play's options; returns the index of RECORD, or -1. */
static int
tool_commands_play_options(int argc, char **argv, int *dry, const char **as)
{
	static const struct option longopts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "as", required_argument, NULL, 'a' },
		{ NULL, 0, NULL, 0 }
	};
	int	ch;

	*dry = 0;
	*as = NULL;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "+:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'n':
			*dry = 1;
			break;
		case 'a':
			*as = optarg;
			break;
		default:
			return (-1);
		}
	}
	if (argc - optind < 2)
		return (-1);
	return (optind);
}

/*
 * Play actions on a record: each is checked and applied in turn, and
 * only if all succeed is the record replaced, with the actions appended
 * in canonical form.  What they did is printed.  With --dry-run the
 * record is left alone and the board is printed as well; with --as the
 * actions are made by that seat (resigning out of turn).
 */
static int
tool_commands_play(int argc, char **argv)
{
	struct record	 r;
	struct game	*g;
	struct buf	 canon, out, report;
	const char	*as, *path;
	char		*cause, *text;
	size_t		 added;
	int		 i, rc = 1, dry, seat, first;

	if ((first = tool_commands_play_options(argc, argv, &dry, &as)) == -1)
		return (tool_commands_usage());
	path = argv[first];
	if ((g = tool_commands_load(path, &r, &text)) == NULL)
		return (1);
	if (r.ops == NULL) {
		free(text);
		game_free(g);
		return (tool_commands_error("%s: play needs a record, not a "
		    "position", path));
	}
	added = r.nactions;
	buf_init(&canon);
	buf_init(&out);
	buf_init(&report);
	for (i = first + 1; i < argc; i++) {
		if (g->ops->to_move(g) == -1) {
			tool_commands_error("%s: the game is over", argv[i]);
			goto out;
		}
		seat = g->ops->to_move(g);
		if (as != NULL &&
		    (seat = g->ops->seat_parse(g, as, strlen(as))) == -1) {
			tool_commands_seats(g, &out);
			tool_commands_error("--as: this game has no seat "
			    "called '%s' (the seats are %s)", as, out.data);
			goto out;
		}
		buf_reset(&canon);
		if (game_play(g, seat, argv[i], strlen(argv[i]), &canon,
		    &report, &cause) == -1) {
			tool_commands_error("%s", cause);
			free(cause);
			goto out;
		}
		record_add(&r, g->ops->seat_name(g, seat), canon.data);
	}
	if (dry) {
		buf_addc(&report, '\n');
		g->ops->render(g, &report);
		fputs(report.data, stdout);
		rc = 0;
		goto out;
	}
	buf_adds(&out, text);
	for (; added < r.nactions; added++) {
		buf_addf(&out, "%zu %s %s\n", added + 1,
		    r.actions[added].seat, r.actions[added].text);
	}
	if (strcmp(path, "-") == 0)
		fputs(out.data, stdout);
	else if (tool_file_replace(path, out.data, &cause) == -1) {
		tool_commands_error("%s", cause);
		free(cause);
		goto out;
	} else if (report.len != 0)
		fputs(report.data, stdout);
	rc = 0;

out:
	free(text);
	buf_free(&canon);
	buf_free(&out);
	buf_free(&report);
	record_free(&r);
	game_free(g);
	return (rc);
}

/* Parse show's options; returns the index of RECORD, or -1. */
static int
tool_commands_show_options(int argc, char **argv, const char **form,
    struct tool_picture *p)
{
	static const struct option longopts[] = {
		{ "form", required_argument, NULL, 'f' },
		{ "png", required_argument, NULL, 'p' },
		{ "svg", required_argument, NULL, 's' },
		{ "names", no_argument, NULL, 'n' },
		{ "no-names", no_argument, NULL, 'N' },
		{ "width", required_argument, NULL, 'w' },
		{ "palette", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	struct buf	names;
	long		width;
	int		ch;

	memset(p, 0, sizeof *p);
	*form = NULL;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "+:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			*form = optarg;
			break;
		case 'p':
			p->png = optarg;
			break;
		case 's':
			p->svg = optarg;
			break;
		case 'n':
			p->nonames = 0;
			p->flagged = 1;
			break;
		case 'N':
			p->nonames = 1;
			p->flagged = 1;
			break;
		case 'w':
			if (tool_commands_number("width", optarg, 200, 4000,
			    &width) == -1)
				return (-2);
			p->width = (int)width;
			break;
		case 'c':
			if ((p->palette = picture_palette_find(optarg)) !=
			    NULL)
				break;
			buf_init(&names);
			picture_palette_list(", ", &names);
			tool_commands_error("show: there is no palette '%s'; "
			    "there is %s", optarg, names.data);
			buf_free(&names);
			return (-2);
		default:
			return (-1);
		}
	}
	if (argc - optind != 1)
		return (-1);
	if (p->png == NULL && p->svg == NULL && (p->flagged || p->width ||
	    p->palette != NULL)) {
		tool_commands_error("show: --names, --no-names, --palette and "
		    "--width draw pictures: give --png FILE or --svg FILE too");
		return (-2);
	}
	return (optind);
}

/*
 * Show a record or a position: its board as text, in the form asked
 * for; or, with --png or --svg, its picture, the last action marked,
 * written to the file (the text too if --form asks for it).
 */
static int
tool_commands_show(int argc, char **argv)
{
	struct tool_picture	 p;
	struct record		 r;
	struct game		*g;
	struct buf		 out;
	size_t			 i;
	const char		*form;
	char			*cause = NULL;
	int			 first, rc = 0;

	if ((first = tool_commands_show_options(argc, argv, &form, &p)) < 0)
		return (first == -2 ? 1 : tool_commands_usage());
	if ((g = tool_commands_load(argv[first], &r, NULL)) == NULL)
		return (1);
	if (p.png != NULL || p.svg != NULL) {
		rc = tool_picture_write(&r, g, &p);
		if (form == NULL || rc != 0)
			goto out;
	}
	buf_init(&out);
	for (i = 0; i < r.nseats; i++) {
		buf_addf(&out, "%s%s %s%s", i == 0 ? "Seats: " : ", ",
		    r.seats[i].colour, r.seats[i].player,
		    i + 1 == r.nseats ? ".\n\n" : "");
	}
	if (g->ops->render_form(g, form != NULL ? form : "auto", &out,
	    &cause) == -1) {
		tool_commands_error("show: %s", cause);
		free(cause);
		rc = 1;
	} else
		fputs(out.data, stdout);
	buf_free(&out);
out:
	record_free(&r);
	game_free(g);
	return (rc);
}

static int
tool_commands_legal(int argc, char **argv)
{
	struct record	 r;
	struct game	*g;
	struct action	*list;
	struct buf	 out;
	int		 i, n;

	if (argc != 2)
		return (tool_commands_usage());
	if ((g = tool_commands_load(argv[1], &r, NULL)) == NULL)
		return (1);
	buf_init(&out);
	n = g->ops->legal(g, &list);
	for (i = 0; i < n; i++) {
		g->ops->format(g, game_action_at(g, list, i), &out);
		buf_addc(&out, '\n');
	}
	fputs(out.data != NULL ? out.data : "", stdout);
	free(list);
	buf_free(&out);
	record_free(&r);
	game_free(g);
	return (0);
}

static int
tool_commands_replay(int argc, char **argv)
{
	struct record	 r;
	struct game	*g;
	struct buf	 out;

	if (argc != 2)
		return (tool_commands_usage());
	if ((g = tool_commands_load(argv[1], &r, NULL)) == NULL)
		return (1);
	buf_init(&out);
	g->ops->write_position(g, &out);
	buf_addc(&out, '\n');
	g->ops->render(g, &out);
	fputs(out.data, stdout);
	buf_free(&out);
	record_free(&r);
	game_free(g);
	return (0);
}

/*
 * Parse the robot's options into o, and --time's CPU seconds into
 * *seconds (0: none); prints the error.  Returns the index of the
 * record's argument, -1 on a bad value, -2 for usage.
 */
static int
tool_commands_robot_options(int argc, char **argv, struct robot_options *o,
    double *seconds)
{
	static const struct option longopts[] = {
		{ "level", required_argument, NULL, 'l' },
		{ "budget", required_argument, NULL, 'b' },
		{ "time", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 }
	};
	char	*end;
	long	 n;
	int	 ch;

	memset(o, 0, sizeof *o);
	o->level = ROBOT_RANDOM;
	o->seed = 1;
	*seconds = 0;
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'l':
			if (robot_level_find(optarg, &o->level) == -1) {
				tool_commands_error("level: no level '%s' (the "
				    "levels are random, greedy, mcts and "
				    "expert)", optarg);
				return (-1);
			}
			break;
		case 'b':
			if (tool_commands_number("budget", optarg, 1,
			    100000000, &n) == -1)
				return (-1);
			o->budget = n;
			break;
		case 't':
			errno = 0;
			*seconds = strtod(optarg, &end);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    !(*seconds > 0 && *seconds <= 3600)) {
				tool_commands_error("time: '%s' is not a number "
				    "of seconds from 0.001 to 3600, such as 2 "
				    "or 0.5", optarg);
				return (-1);
			}
			break;
		case 'S':
			if (tool_commands_seed(optarg, &o->seed) == -1)
				return (-1);
			break;
		default:
			return (-2);
		}
	}
	if (argc - optind != 1)
		return (-2);
	return (optind);
}

/* Has the process used the CPU seconds at arg (the limit, then the start)? */
static int
tool_commands_robot_stop(void *arg)
{
	const double	*t = arg;

	return ((double)clock() / CLOCKS_PER_SEC - t[1] >= t[0]);
}

/*
 * The robot: print the action a robot of the level asked for (random
 * unless --level says otherwise) chooses for the player to move.  The
 * same record, level, budget and seed give the same action; --time
 * stops the search after that much CPU time (without --budget, only
 * then), so the action also depends on the machine.
 */
static int
tool_commands_robot(int argc, char **argv)
{
	struct robot_options	 o;
	struct record		 r;
	struct game_history	 hist;
	struct game		*g;
	struct action		*a;
	struct buf		 out;
	double			 t[2];
	char			*cause;
	int			 first;

	if ((first = tool_commands_robot_options(argc, argv, &o, &t[0])) ==
	    -2)
		return (tool_commands_usage());
	if (first == -1)
		return (1);
	if ((g = tool_commands_load(argv[first], &r, NULL)) == NULL)
		return (1);
	memset(&hist, 0, sizeof hist);
	if (r.nactions > 0) {
		/* A record, replayed once more for the positions on the way. */
		game_free(g);
		if ((g = record_replay_history(&r, &hist, &cause)) == NULL) {
			record_free(&r);
			tool_commands_error("%s: %s", argv[first], cause);
			free(cause);
			return (1);
		}
		o.history = &hist;
	}
	if (t[0] > 0) {
		if (o.budget == 0)
			o.budget = 100000000;
		o.stop = tool_commands_robot_stop;
		o.arg = t;
		t[1] = (double)clock() / CLOCKS_PER_SEC;
	}
	a = game_action_new(g);
	if (robot_choose(g, &o, a, &cause) == -1) {
		free(a);
		record_free(&r);
		game_free(g);
		game_history_free(&hist);
		tool_commands_error("%s: %s", argv[first], cause);
		free(cause);
		return (1);
	}
	buf_init(&out);
	g->ops->format(g, a, &out);
	printf("%s\n", out.data);
	buf_free(&out);
	free(a);
	record_free(&r);
	game_free(g);
	game_history_free(&hist);
	return (0);
}

/*
 * The demo: a two-player velox game whose segments are placed by a
 * seeded random choice among the legal placements; prints the record
 * and the board after the layout.
 */
static int
tool_commands_demo(int argc, char **argv)
{
	struct tool_commands_setup	 su;
	struct record			 r;
	struct game			*g;
	struct action			*list;
	struct rng			 rng;
	struct buf			 canon, out;
	char				*cause;
	int				 n, i, rc;

	su.seed = TOOL_DEMO_SEED;
	rc = tool_commands_new_options(argc, argv, "velox", &su);
	if (rc >= 0 && optind != argc)
		rc = -2;
	g = rc >= 0 ? tool_commands_setup(&su, &r) : NULL;
	free(su.players);
	if (rc == -2)
		return (tool_commands_usage());
	if (g == NULL)
		return (1);
	rng_init(&rng, su.seed);
	buf_init(&canon);
	buf_init(&out);
	for (i = 0; i < su.opts.players * su.opts.segments; i++) {
		n = g->ops->legal(g, &list);
		buf_reset(&canon);
		g->ops->format(g, game_action_at(g, list,
		    (int)rng_below(&rng, (uint32_t)n)), &canon);
		free(list);
		record_add(&r, g->ops->seat_name(g, g->ops->to_move(g)),
		    canon.data);
		if (game_play(g, g->ops->to_move(g), canon.data, canon.len,
		    NULL, NULL, &cause) == -1)
			abort();
	}
	record_write(&r, &out);
	buf_addc(&out, '\n');
	g->ops->render(g, &out);
	fputs(out.data, stdout);
	buf_free(&canon);
	buf_free(&out);
	record_free(&r);
	game_free(g);
	return (0);
}

static int
tool_commands_arena(int argc, char **argv)
{
	int	rc;

	if ((rc = tool_arena_run(argc, argv)) == -1)
		return (tool_commands_usage());
	return (rc);
}

/*
 * The engine: commands on standard input, answers on standard output
 * (tool-engine.c, docs/engine.md).
 */
static int
tool_commands_engine(int argc, char **argv)
{
	if (argc != 1)
		return (tool_commands_usage());
	return (tool_engine_run(stdin, stdout));
}

/* Run the subcommand named by argv[1]. */
int
tool_commands_main(int argc, char **argv)
{
	int	i, rc;

	if (argc < 2)
		return (tool_commands_usage());
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return (tool_commands_help(stdout, NULL));
	for (i = 0; tool_commands[i].name != NULL; i++) {
		if (strcmp(argv[1], tool_commands[i].name) != 0)
			continue;
		for (rc = 2; rc < argc; rc++) {
			if (strcmp(argv[rc], "--help") == 0)
				return (tool_commands_help(stdout, argv[1]));
		}
		rc = tool_commands[i].run(argc - 1, argv + 1);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			return (tool_commands_error("standard output: %s",
			    strerror(errno)));
		}
		return (rc);
	}
	tool_commands_error("unknown command '%s'", argv[1]);
	return (tool_commands_usage());
}
