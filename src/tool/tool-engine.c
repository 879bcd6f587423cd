#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>

#include "buf.h"
#include "game-registry.h"
#include "game.h"
#include "log.h"
#include "option.h"
#include "record.h"
#include "robot.h"
#include "scene.h"
#include "tool-engine.h"
#include "tool-file.h"
#include "xmalloc.h"

/*
 * The engine holds one game at a time: the game itself, its record
 * (none when a position was loaded), the robots' history of its
 * positions, and an undo stack of the games before each turn played
 * since new or load.  Each line read is one command, optionally after a
 * number (its id); each answer is "=" or "?", the id if one was given,
 * a space, the text, and an empty line, as GTP frames them.  The text
 * may hold several lines but never an empty one: an empty line of a
 * record or a board is sent as a line of one space.  Empty lines and
 * lines starting with # are skipped without an answer.  A command
 * that fails changes nothing.  Each answer is flushed, so that a
 * driver can talk to the engine over pipes.
 *
 * The commands do what the mupbem tool's subcommands do, with the
 * same notation and the same causes: new, play and record as new and
 * play write a record; position as replay writes the position;
 * genmove as robot chooses (with the same level, budget, seed and
 * record, the same turn), then plays the turn.
 */

#define TOOL_ENGINE_ARGS	16

struct tool_engine_undo {
	struct game	*g;		/* the game before the turn */
	size_t		 hist;		/* positions in the history before */
};

struct tool_engine {
	struct record		 r;	/* r.ops NULL: a position, no record */
	struct game		*g;	/* NULL: no game yet */
	struct game_history	 hist;
	struct tool_engine_undo	*undo;
	size_t			 nundo;
	int			 quit;
};

struct tool_engine_command {
	const char	*name;
	int		 (*run)(struct tool_engine *, int, char **,
			     const char *, struct buf *, char **);
	int		 game;		/* needs a game */
	const char	*usage;
};

static void	tool_engine_clear(struct tool_engine *);
static int	tool_engine_args(int, int, const char *, char **);
static int	tool_engine_turn(struct tool_engine *, int, const char *,
		    struct buf *, char **);
static int	tool_engine_new(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_load(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_legal(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_play(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_undo(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_genmove(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_position(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_show(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_record(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_score(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_over(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_quit(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_help(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static int	tool_engine_list(struct tool_engine *, int, char **,
		    const char *, struct buf *, char **);
static void	tool_engine_line(struct tool_engine *, char *, FILE *);
static void	tool_engine_answer(FILE *, int, const char *, const char *);

static const struct tool_engine_command tool_engine_commands[] = {
	{ "new", tool_engine_new, 0,
	  "new GAME [seed N] [players N] [segments N] [match N]" },
	{ "load", tool_engine_load, 0, "load FILE" },
	{ "legal", tool_engine_legal, 1, "legal" },
	{ "play", tool_engine_play, 1, "play TURN" },
	{ "undo", tool_engine_undo, 1, "undo" },
	{ "genmove", tool_engine_genmove, 1,
	  "genmove [random|greedy|mcts|expert] [budget N] [seed N]" },
	{ "position", tool_engine_position, 1, "position" },
	{ "show", tool_engine_show, 1, "show [FORM]" },
	{ "record", tool_engine_record, 1, "record" },
	{ "score", tool_engine_score, 1, "score" },
	{ "over", tool_engine_over, 1, "over" },
	{ "help", tool_engine_help, 0, "help" },
	{ "list_commands", tool_engine_list, 0, "list_commands" },
	{ "quit", tool_engine_quit, 0, "quit" },
	{ NULL, NULL, 0, NULL }
};

/* Forget the game, its record, its history and its undo stack. */
static void
tool_engine_clear(struct tool_engine *e)
{
	size_t	i;

	for (i = 0; i < e->nundo; i++)
		game_free(e->undo[i].g);
	free(e->undo);
	e->undo = NULL;
	e->nundo = 0;
	game_history_free(&e->hist);
	memset(&e->hist, 0, sizeof e->hist);
	record_free(&e->r);
	game_free(e->g);
	e->g = NULL;
}

/* Refuse more than max words after the command. */
static int
tool_engine_args(int argc, int max, const char *usage, char **cause)
{
	if (argc - 1 <= max)
		return (0);
	xasprintf(cause, "too many arguments (%s)", usage);
	return (-1);
}

/*
 * Play text for seat: parse it, apply it and only then keep the game
 * before it on the undo stack and the turn in the record; on failure
 * nothing changes.  The answer is the turn as the record writes it,
 * then what it did.
 */
static int
tool_engine_turn(struct tool_engine *e, int seat, const char *text,
    struct buf *out, char **cause)
{
	struct game	*prev;
	struct action	*a;
	struct buf	 canon, report;
	int		 rc = -1;

	a = game_action_new(e->g);
	buf_init(&canon);
	buf_init(&report);
	if (e->g->ops->parse(e->g, text, strlen(text), a, cause) == -1)
		goto out;
	e->g->ops->format(e->g, a, &canon);
	prev = game_copy(e->g);
	if (e->g->ops->apply(e->g, seat, a, &report, cause) == -1) {
		game_free(e->g);
		e->g = prev;
		goto out;
	}
	e->undo = xreallocarray(e->undo, e->nundo + 1, sizeof *e->undo);
	e->undo[e->nundo].g = prev;
	e->undo[e->nundo++].hist = e->hist.n;
	game_history_add(&e->hist, e->g);
	if (e->r.ops != NULL)
		record_add(&e->r, prev->ops->seat_name(prev, seat), canon.data);
	buf_adds(out, canon.data);
	if (report.len != 0) {
		buf_addc(out, '\n');
		buf_adds(out, report.data);
	}
	rc = 0;
out:
	free(a);
	buf_free(&canon);
	buf_free(&report);
	return (rc);
}

/* new GAME [seed N] [players N] [segments N] [match N] */
static int
tool_engine_new(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	const struct game_ops	*ops;
	struct game_options	 opts;
	struct game		*g;
	uint64_t		 seed;
	long			 n;
	char			*why;
	int			 i;

	if (argc < 2) {
		xasprintf(cause, "new: which game? (%s)",
		    tool_engine_commands[0].usage);
		return (-1);
	}
	if ((ops = game_lookup(argv[1], &why)) == NULL) {
		xasprintf(cause, "game: %s", why);
		free(why);
		return (-1);
	}
	memset(&opts, 0, sizeof opts);
	if (getrandom(&seed, sizeof seed, 0) != sizeof seed)
		seed = 0;
	for (i = 2; i < argc; i += 2) {
		if (i + 1 == argc) {
			xasprintf(cause, "new: %s needs a value", argv[i]);
			return (-1);
		}
		if (strcmp(argv[i], "seed") == 0) {
			if (option_seed(argv[i + 1], &seed, cause) == -1)
				return (-1);
			continue;
		}
		if (strcmp(argv[i], "players") != 0 &&
		    strcmp(argv[i], "segments") != 0 &&
		    strcmp(argv[i], "match") != 0) {
			xasprintf(cause, "new: unknown option '%s' (the "
			    "options are seed, players, segments and match)",
			    argv[i]);
			return (-1);
		}
		if (option_number(argv[i], argv[i + 1], 1, 99, &n,
		    cause) == -1)
			return (-1);
		if (argv[i][0] == 'p')
			opts.players = (int)n;
		else if (argv[i][0] == 's')
			opts.segments = (int)n;
		else
			opts.games = (int)n;
	}
	if ((g = game_create(ops, &opts, cause)) == NULL)
		return (-1);
	ops->options(g, &opts);
	tool_engine_clear(e);
	record_init(&e->r, ops, &opts, seed);
	e->g = g;
	game_history_add(&e->hist, g);
	return (0);
}

/* load FILE: a record, replayed, or a position. */
static int
tool_engine_load(struct tool_engine *e, int argc,
    char **argv, const char *path, struct buf *out,
    char **cause)
{
	struct record		 r;
	struct game_history	 hist;
	struct game		*g;
	char			*text, *why;

	if (*path == '\0') {
		xasprintf(cause, "load: which file? (load FILE)");
		return (-1);
	}
	if (strcmp(path, "-") == 0) {
		xasprintf(cause, "load: the commands come from standard "
		    "input; give a file");
		return (-1);
	}
	if (tool_file_read(path, &text, cause) == -1)
		return (-1);
	record_init(&r, NULL, NULL, 0);
	memset(&hist, 0, sizeof hist);
	if (strncmp(text, "mupbem position ", 16) == 0) {
		if ((g = game_read_position(text, &why)) != NULL)
			game_history_add(&hist, g);
	} else if (record_parse(&r, text, &why) == -1)
		g = NULL;
	else
		g = record_replay_history(&r, &hist, &why);
	free(text);
	if (g == NULL) {
		xasprintf(cause, "%s: %s", path, why);
		free(why);
		record_free(&r);
		game_history_free(&hist);
		return (-1);
	}
	tool_engine_clear(e);
	e->r = r;
	e->g = g;
	e->hist = hist;
	return (0);
}

/* legal: every legal turn, one a line. */
static int
tool_engine_legal(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	struct action	*list;
	int		 i, n;

	if (tool_engine_args(argc, 0, "legal", cause) == -1)
		return (-1);
	n = e->g->ops->legal(e->g, &list);
	for (i = 0; i < n; i++) {
		if (i != 0)
			buf_addc(out, '\n');
		e->g->ops->format(e->g, game_action_at(e->g, list, i), out);
	}
	free(list);
	return (0);
}

/* play TURN, for the seat to move. */
static int
tool_engine_play(struct tool_engine *e, int argc,
    char **argv, const char *turn, struct buf *out, char **cause)
{
	int	seat;

	if (*turn == '\0') {
		xasprintf(cause, "play: which turn? (play TURN)");
		return (-1);
	}
	if ((seat = e->g->ops->to_move(e->g)) == -1) {
		xasprintf(cause, "%s: the game is over", turn);
		return (-1);
	}
	return (tool_engine_turn(e, seat, turn, out, cause));
}

/*
 * undo: take back the last turn: one played since new or load from the
 * stack, or else the last of a loaded record, which is replayed.
 */
static int
tool_engine_undo(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	struct record_action	*ra;
	struct game_history	 hist;
	struct game		*g;

	if (tool_engine_args(argc, 0, "undo", cause) == -1)
		return (-1);
	if (e->nundo == 0 && (e->r.ops == NULL || e->r.nactions == 0)) {
		xasprintf(cause, "undo: there is no turn to take back");
		return (-1);
	}
	if (e->r.ops != NULL) {
		ra = &e->r.actions[--e->r.nactions];
		free(ra->seat);
		free(ra->text);
	}
	if (e->nundo != 0) {
		game_free(e->g);
		e->g = e->undo[--e->nundo].g;
		e->hist.n = e->undo[e->nundo].hist;
		return (0);
	}
	memset(&hist, 0, sizeof hist);
	if ((g = record_replay_history(&e->r, &hist, cause)) == NULL)
		fatalx("engine: a record replayed once fails again");
	game_free(e->g);
	game_history_free(&e->hist);
	e->g = g;
	e->hist = hist;
	return (0);
}

/* genmove [LEVEL] [budget N] [seed N]: the robot chooses, then plays. */
static int
tool_engine_genmove(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	struct robot_options	 o;
	struct action		*a;
	struct buf		 turn;
	long			 n;
	int			 i = 1, seat, rc;

	memset(&o, 0, sizeof o);
	o.level = ROBOT_MCTS;
	o.seed = 1;
	if (argc > 1 && strcmp(argv[1], "budget") != 0 &&
	    strcmp(argv[1], "seed") != 0) {
		if (robot_level_find(argv[1], &o.level) == -1) {
			xasprintf(cause, "level: no level '%s' (the levels "
			    "are random, greedy, mcts and expert)", argv[1]);
			return (-1);
		}
		i++;
	}
	for (; i < argc; i += 2) {
		if (i + 1 == argc) {
			xasprintf(cause, "genmove: %s needs a value", argv[i]);
			return (-1);
		}
		if (strcmp(argv[i], "budget") == 0) {
			if (option_number("budget", argv[i + 1], 1, 100000000,
			    &n, cause) == -1)
				return (-1);
			o.budget = n;
		} else if (strcmp(argv[i], "seed") == 0) {
			if (option_seed(argv[i + 1], &o.seed, cause) == -1)
				return (-1);
		} else {
			xasprintf(cause, "genmove: unknown option '%s' (the "
			    "options are budget and seed)", argv[i]);
			return (-1);
		}
	}
	if ((seat = e->g->ops->to_move(e->g)) == -1) {
		xasprintf(cause, "genmove: the game is over");
		return (-1);
	}
	/* As mupbem robot: the history once the record has a turn. */
	if (e->r.ops != NULL ? e->r.nactions > 0 : e->nundo > 0)
		o.history = &e->hist;
	a = game_action_new(e->g);
	if (robot_choose(e->g, &o, a, cause) == -1) {
		free(a);
		return (-1);
	}
	buf_init(&turn);
	e->g->ops->format(e->g, a, &turn);
	free(a);
	rc = tool_engine_turn(e, seat, turn.data, out, cause);
	buf_free(&turn);
	return (rc);
}

/* position: the position file, as mupbem replay writes it. */
static int
tool_engine_position(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	if (tool_engine_args(argc, 0, "position", cause) == -1)
		return (-1);
	e->g->ops->write_position(e->g, out);
	return (0);
}

/* show [FORM]: the board as text, as mupbem show --form FORM. */
static int
tool_engine_show(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	char	*why;

	if (tool_engine_args(argc, 1, "show [FORM]", cause) == -1)
		return (-1);
	if (e->g->ops->render_form(e->g, argc > 1 ? argv[1] : "auto", out,
	    &why) == -1) {
		xasprintf(cause, "show: %s", why);
		free(why);
		return (-1);
	}
	return (0);
}

/* record: the record, as mupbem new and play write it. */
static int
tool_engine_record(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	if (tool_engine_args(argc, 0, "record", cause) == -1)
		return (-1);
	if (e->r.ops == NULL) {
		xasprintf(cause, "record: a position was loaded, and a "
		    "position has no record");
		return (-1);
	}
	record_write(&e->r, out);
	return (0);
}

static int
tool_engine_score(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	if (tool_engine_args(argc, 0, "score", cause) == -1)
		return (-1);
	e->g->ops->score(e->g, out);
	return (0);
}

/* over: "no", or "yes" and the result as the picture's title says it. */
static int
tool_engine_over(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	struct scene	 s;
	char		*why;

	if (tool_engine_args(argc, 0, "over", cause) == -1)
		return (-1);
	if (e->g->ops->to_move(e->g) != -1) {
		buf_adds(out, "no");
		return (0);
	}
	buf_adds(out, "yes");
	if (e->g->ops->picture == NULL)
		return (0);
	scene_init(&s);
	if (e->g->ops->picture(e->g, -1, NULL, &s, &why) == -1)
		free(why);
	else if (*s.result != '\0')
		buf_addf(out, " %s", s.result);
	scene_free(&s);
	return (0);
}

static int
tool_engine_quit(struct tool_engine *e, int argc, char **argv,
    const char *rest, struct buf *out, char **cause)
{
	if (tool_engine_args(argc, 0, "quit", cause) == -1)
		return (-1);
	e->quit = 1;
	return (0);
}

/* help: each command's usage, one a line. */
static int
tool_engine_help(struct tool_engine *e, int argc,
    char **argv, const char *rest, struct buf *out,
    char **cause)
{
	int	i;

	for (i = 0; tool_engine_commands[i].name != NULL; i++) {
		buf_addf(out, "%s%s", i == 0 ? "" : "\n",
		    tool_engine_commands[i].usage);
	}
	return (0);
}

/* list_commands: each command's name, one a line, as GTP lists them. */
static int
tool_engine_list(struct tool_engine *e, int argc,
    char **argv, const char *rest, struct buf *out,
    char **cause)
{
	int	i;

	for (i = 0; tool_engine_commands[i].name != NULL; i++) {
		buf_addf(out, "%s%s", i == 0 ? "" : "\n",
		    tool_engine_commands[i].name);
	}
	return (0);
}

/*
 * Write one answer: "=" or "?", the id, a space and the text, without
 * its final newlines and with each empty line sent as one space, then
 * the empty line that ends it.
 */
static void
tool_engine_answer(FILE *f, int ok, const char *id, const char *text)
{
	size_t	len = strlen(text);

	while (len > 0 && text[len - 1] == '\n')
		len--;
	fprintf(f, "%c%s ", ok ? '=' : '?', id);
	for (; len > 0; text++, len--) {
		putc(*text, f);
		if (*text == '\n' && len > 1 && text[1] == '\n')
			putc(' ', f);
	}
	fputs("\n\n", f);
	fflush(f);
}

/* Run one line: an optional id, a command and its arguments. */
static void
tool_engine_line(struct tool_engine *e, char *line, FILE *f)
{
	const struct tool_engine_command	*c;
	struct buf				 out;
	char					*argv[TOOL_ENGINE_ARGS + 1];
	char					*p, *rest, *cause = NULL;
	const char				*id = "";
	size_t					 n;
	int					 argc = 0, rc = -1;

	line[strcspn(line, "\r\n")] = '\0';
	line += strspn(line, " \t");
	if (*line == '\0' || *line == '#')
		return;
	if ((n = strspn(line, "0123456789")) != 0 &&
	    (line[n] == ' ' || line[n] == '\t' || line[n] == '\0')) {
		id = line;
		line += n;
		if (*line != '\0')
			*line++ = '\0';
		line += strspn(line, " \t");
	}
	n = strcspn(line, " \t");
	rest = line + n + strspn(line + n, " \t");
	for (p = rest + strlen(rest); p > rest &&
	    (p[-1] == ' ' || p[-1] == '\t'); p--)
		p[-1] = '\0';
	rest = xstrdup(rest);
	buf_init(&out);
	while ((p = strsep(&line, " \t")) != NULL) {
		if (*p == '\0')
			continue;
		if (argc == TOOL_ENGINE_ARGS) {
			xasprintf(&cause, "too many arguments");
			goto out;
		}
		argv[argc++] = p;
	}
	argv[argc] = NULL;
	if (argc == 0) {
		xasprintf(&cause, "which command? (help lists them)");
		goto out;
	}
	for (c = tool_engine_commands; c->name != NULL; c++) {
		if (strcmp(c->name, argv[0]) == 0)
			break;
	}
	if (c->name == NULL)
		xasprintf(&cause, "unknown command '%s' (help lists the "
		    "commands)", argv[0]);
	else if (c->game && e->g == NULL)
		xasprintf(&cause, "%s: no game: begin with new GAME or load "
		    "FILE", c->name);
	else
		rc = c->run(e, argc, argv, rest, &out, &cause);
out:
	tool_engine_answer(f, rc == 0, id, rc != 0 ? cause :
	    out.data != NULL ? out.data : "");
	free(cause);
	free(rest);
	buf_free(&out);
}

/*
 * Read commands from in and answer on out until quit or the end of in;
 * returns the exit status, 0.
 */
int
tool_engine_run(FILE *in, FILE *out)
{
	struct tool_engine	 e;
	char			*line = NULL;
	size_t			 size = 0;

	memset(&e, 0, sizeof e);
	record_init(&e.r, NULL, NULL, 0);
	while (!e.quit && getline(&line, &size, in) != -1)
		tool_engine_line(&e, line, out);
	free(line);
	tool_engine_clear(&e);
	return (0);
}
