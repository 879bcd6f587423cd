#include "config.h"

#include <sys/random.h>

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "clock.h"
#include "config-file.h"
#include "db.h"
#include "game.h"
#include "mailloop.h"
#include "operate.h"
#include "record.h"
#include "service.h"
#include "store.h"
#include "tool-archive.h"
#include "tool-db.h"
#include "xmalloc.h"

/*
 * Operators look into the daemon's store with "mupbem --db FILE" (or
 * "mupbem --db postgresql://...", a store in PostgreSQL):
 *
 *   list         every game: number, variant, status, turn, players
 *   show G       one game: its places and holders, then its board
 *   export G     its record (docs/record.md), for mupbem replay or an
 *                archive
 *   resend G     queue again the last mail about the game to each of
 *                its recipients, with new Message-IDs, as it was: its
 *                board may be out of date
 *   nudge G      queue the current state mail: to the player to move,
 *                a new "your turn" mail with the board as it is now,
 *                built by the service with the daemon's configuration
 *                (-c FILE: its address, name and templates)
 *   address OLD NEW
 *                change a player's main address (service-address.c):
 *                their games, seats and tokens follow, each game's
 *                record notes it, and they are told at both addresses
 *   stalled [N]  the N games in play (20) that have waited longest
 *   archive [--assets DIR] [--url URL] DIR [G...]
 *                every game as a static web site in DIR, or only the
 *                pages games G touch (tool-archive.c, docs/archive.md)
 *
 * and the operator's decisions on a game in play, which tell its
 * players by mail as nudge does (service-operator.c):
 *
 *   cancel G [REASON...]   it ends without a result
 *   adjudicate G RESULT [rated]
 *                          the operator decides its result, which
 *                          changes ratings only if they say rated
 *   replace G SEAT ADDRESS a substitute takes a seat
 *   forfeit G SEAT         the seat loses
 *
 * Queued mail is sent by the running daemon when it next looks at its
 * outbox (at the latest after poll_interval), or by the next mupbemd
 * -1.  The store is opened as mupbemd opens it (WAL, so this can run
 * beside the daemon); every command that writes does so in one
 * transaction.
 */

#define TOOL_DB_STALLED	20	/* games stalled lists by default */

/*
 * A subcommand: its name, what follows it, and how many words may
 * follow -c CONFIG and G, if it takes them (-1: any number).
 */
struct tool_db_command {
	const char	*name;
	const char	*args;
	int		 min, max;
};

static const struct tool_db_command tool_db_commands[] = {
	{ "list", "", 0, 0 },
	{ "show", " G", 0, 0 },
	{ "export", " G", 0, 0 },
	{ "resend", " G", 0, 0 },
	{ "nudge", " [-c CONFIG] G", 0, 0 },
	{ "address", " [-c CONFIG] OLD NEW", 2, 2 },
	{ "stalled", " [N]", 0, 1 },
	{ "archive", " [--assets DIR] [--url URL] DIR [G...]", 1, -1 },
	{ "cancel", " [-c CONFIG] G [REASON...]", 0, -1 },
	{ "adjudicate", " [-c CONFIG] G RESULT [rated]", 1, 2 },
	{ "replace", " [-c CONFIG] G SEAT ADDRESS", 2, 2 },
	{ "forfeit", " [-c CONFIG] G SEAT", 1, 1 },
	{ NULL, NULL, 0, 0 }
};

static void	tool_db_clock(const struct store_game *,
		    const struct game *, struct buf *);
static void	tool_db_when(long long, struct buf *);
static int	tool_db_error(const char *, ...)
		    __attribute__((format(printf, 1, 2)));
static int	tool_db_usage(FILE *, const char *);
static int	tool_db_game(const char *, long long *);
static int	tool_db_list(struct store *);
static int	tool_db_show(struct store *, long long, int);
static int	tool_db_resend(struct store *, long long);
static int	tool_db_service(struct store *, const char *, long long,
		    const char *, char **, int);
static int	tool_db_act(struct service *, struct mailloop *,
		    const char *, long long, char **, int, struct buf *,
		    char **);
static int	tool_db_stalled(struct store *, const char *);
static int	tool_db_same_sender(struct store *, const char *, long long,
		    const char *, char **);
static int	tool_db_address(struct store *, const char *, const char *,
		    const char *);
static void	tool_db_new_id(const char *, unsigned, struct buf *);

static int
tool_db_error(const char *fmt, ...)
{
	va_list	ap;

	fputs("mupbem: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return (1);
}

/* The usage lines of the --db subcommands (of only, if not NULL). */
void
tool_db_usage_lines(FILE *out, const char *only)
{
	int	i;

	for (i = 0; tool_db_commands[i].name != NULL; i++) {
		if (only == NULL || strcmp(only, tool_db_commands[i].name) == 0)
			fprintf(out, "  mupbem --db FILE %s%s\n",
			    tool_db_commands[i].name, tool_db_commands[i].args);
	}
}

/* The usage on out: 2 on stderr (an error), 0 on stdout (--help). */
static int
tool_db_usage(FILE *out, const char *only)
{
	const struct tool_db_command	*cmd;

	for (cmd = tool_db_commands; only != NULL && cmd->name != NULL; cmd++) {
		if (strcmp(cmd->name, only) == 0)
			break;
	}
	if (only != NULL && cmd->name == NULL)
		only = NULL;
	fprintf(out, "usage:\n");
	tool_db_usage_lines(out, only);
	return (out == stderr ? 2 : 0);
}

/* "G12" or "12". */
static int
tool_db_game(const char *s, long long *id)
{
	char	*end;

	if (*s == 'G' || *s == 'g')
		s++;
	errno = 0;
	*id = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || *id < 1)
		return (-1);
	return (0);
}

static int
tool_db_list(struct store *s)
{
	struct store_game	*games;
	struct store_seat	*seats;
	char			*cause;
	size_t			 n, nseats, i, j;

	if (store_game_list(s, 0, &games, &n, &cause) == -1) {
		tool_db_error("%s", cause);
		free(cause);
		return (1);
	}
	for (i = 0; i < n; i++) {
		printf("G%lld\t%s\t%s\tturn %d\t", games[i].id,
		    games[i].variant, games[i].status, games[i].turns + 1);
		if (store_seats(s, games[i].id, &seats, &nseats,
		    &cause) == -1) {
			tool_db_error("%s", cause);
			free(cause);
			store_game_list_free(games, n);
			return (1);
		}
		for (j = 0; j < nseats; j++) {
			printf("%s%s", j > 0 ? ", " : "",
			    seats[j].player.address != NULL ?
			    seats[j].player.address : "nobody");
		}
		printf("\n");
		store_seats_free(seats, nseats);
	}
	store_game_list_free(games, n);
	return (0);
}

/* show G (board != 0) or export G. */
static int
tool_db_show(struct store *s, long long id, int board)
{
	struct store_game	 row;
	struct store_seat	*seats;
	struct record		 r;
	struct game		*g;
	struct buf		 out;
	char			*cause;
	size_t			 nseats, i;
	int			 rc;

	if ((rc = store_game_get(s, id, &row, &cause)) != 1) {
		if (rc == 0)
			return (tool_db_error("there is no game G%lld", id));
		tool_db_error("%s", cause);
		free(cause);
		return (1);
	}
	if (!board) {
		fputs(row.record, stdout);
		store_game_free(&row);
		return (0);
	}
	record_init(&r, NULL, NULL, 0);
	if (record_parse(&r, row.record, &cause) == -1 ||
	    (g = record_replay(&r, &cause)) == NULL) {
		tool_db_error("G%lld: its record does not replay: %s", id,
		    cause);
		free(cause);
		record_free(&r);
		store_game_free(&row);
		return (1);
	}
	if (store_seats(s, id, &seats, &nseats, &cause) == -1) {
		tool_db_error("%s", cause);
		free(cause);
		game_free(g);
		record_free(&r);
		store_game_free(&row);
		return (1);
	}
	buf_init(&out);
	buf_addf(&out, "Game G%lld: %s, %s, turn %d.\n", id, row.variant,
	    row.status, row.turns + 1);
	tool_db_clock(&row, g, &out);
	for (i = 0; i < nseats; i++) {
		buf_addf(&out, "  %s: %s (%s)", strcmp(row.status,
		    "inviting") == 0 ? "place" : g->ops->seat_name(g,
		    seats[i].seat), seats[i].player.address != NULL ?
		    seats[i].player.address : "nobody", seats[i].state);
		if (seats[i].out != NULL)
			buf_addf(&out, ", out: %s", seats[i].out);
		if (seats[i].bank != -1 && strcmp(row.status, "playing") == 0) {
			buf_adds(&out, ", ");
			clock_words(seats[i].bank, &out);
			buf_adds(&out, " banked");
		}
		buf_addc(&out, '\n');
	}
	buf_addc(&out, '\n');
	g->ops->render(g, &out);
	fputs(out.data, stdout);
	buf_free(&out);
	store_seats_free(seats, nseats);
	game_free(g);
	record_free(&r);
	store_game_free(&row);
	return (0);
}

/*
 * The clock of the game in row (g), for show: its time control, whose
 * clock runs and the deadline, or how the game ended.
 */
static void
tool_db_clock(const struct store_game *row, const struct game *g,
    struct buf *out)
{
	buf_addf(out, "Clock: %s", row->clock != NULL ? row->clock : "none");
	if (row->clock_seat != -1 && row->clock_since == -1)
		buf_addf(out, "; %s's clock is stopped (vacation)",
		    g->ops->seat_name(g, (int)row->clock_seat));
	else if (row->clock_seat != -1) {
		buf_addf(out, "; %s's clock runs since ", g->ops->seat_name(g,
		    (int)row->clock_seat));
		tool_db_when(row->clock_since, out);
		buf_adds(out, ", deadline ");
		tool_db_when(row->deadline, out);
	}
	if (row->ending != NULL)
		buf_addf(out, "; ended: %s", row->ending);
	if (row->result != NULL)
		buf_addf(out, " (%s)", row->result);
	buf_adds(out, ".\n");
}

/* t as "2026-11-20 12:06 UTC". */
static void
tool_db_when(long long t, struct buf *out)
{
	time_t		tt = (time_t)t;
	struct tm	tm;
	char		s[32];

	gmtime_r(&tt, &tm);
	strftime(s, sizeof s, "%Y-%m-%d %H:%M UTC", &tm);
	buf_adds(out, s);
}

/* A new Message-ID in the domain of from. */
static void
tool_db_new_id(const char *from, unsigned n, struct buf *out)
{
	const char	*at = strchr(from, '@');
	uint64_t	 rnd = 0;

	if (getrandom(&rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
		rnd = (uint64_t)time(NULL) << 16;
	buf_addf(out, "resend.%lld.%ld.%u.%016llx@%s", (long long)time(NULL),
	    (long)getpid(), n, (unsigned long long)rnd,
	    at != NULL ? at + 1 : "localhost");
}

/* Queue the last mail of game id to each recipient again. */
static int
tool_db_resend(struct store *s, long long id)
{
	struct store_outmail	*mails;
	struct store_game	 row;
	struct buf		 id_new, data;
	const char		*p, *eol;
	char			*cause = NULL;
	size_t			 n = 0, i;
	int			 rc;

	if ((rc = store_game_get(s, id, &row, &cause)) != 1) {
		if (rc == 0)
			return (tool_db_error("there is no game G%lld", id));
		goto fail;
	}
	store_game_free(&row);
	if (store_begin(s, &cause) == -1)
		goto fail;
	if (store_mail_last(s, id, &mails, &n, &cause) == -1) {
		store_rollback(s);
		goto fail;
	}
	buf_init(&id_new);
	buf_init(&data);
	for (i = 0; i < n; i++) {
		buf_reset(&id_new);
		buf_reset(&data);
		tool_db_new_id(mails[i].sender, (unsigned)i, &id_new);
		if ((p = strstr(mails[i].data, "\nMessage-ID: <")) == NULL ||
		    (eol = strchr(p + 1, '\n')) == NULL) {
			cause = xstrdup("a mail in the outbox has no "
			    "Message-ID");
			break;
		}
		buf_add(&data, mails[i].data, (size_t)(p - mails[i].data));
		buf_addf(&data, "\nMessage-ID: <%s>", id_new.data);
		buf_adds(&data, eol);
		if (store_queue(s, id_new.data, mails[i].sender, mails[i].rcpt,
		    data.data, data.len, mailloop_now(), 1, &cause) == -1 ||
		    store_mail_add(s, id_new.data, id, 0, &cause) == -1)
			break;
		printf("G%lld: the last mail to %s is queued again as <%s>\n",
		    id, mails[i].rcpt, id_new.data);
	}
	buf_free(&id_new);
	buf_free(&data);
	for (i = 0; i < n; i++)
		store_outmail_free(&mails[i]);
	free(mails);
	if (cause != NULL) {
		store_rollback(s);
		goto fail;
	}
	if (store_commit(s, &cause) == -1) {
		store_rollback(s);
		goto fail;
	}
	if (n == 0)
		printf("G%lld: no mail about it has been sent\n", id);
	return (0);

fail:
	tool_db_error("%s", cause);
	free(cause);
	return (1);
}

/*
 * Without the daemon's configuration, make sure its built-in address
 * is the one game id's mail has come from, so that mail about it (for
 * command) does not come from games@localhost on a real server.
 */
static int
tool_db_same_sender(struct store *s, const char *command, long long id,
    const char *address, char **cause)
{
	struct store_outmail	*mails;
	size_t			 n, i;
	int			 rc = 0;

	if (store_mail_last(s, id, &mails, &n, cause) == -1)
		return (-1);
	if (n > 0 && strcmp(mails[0].sender, address) != 0) {
		xasprintf(cause, "G%lld's mail comes from %s, not %s; give the "
		    "daemon's configuration: mupbem --db FILE %s -c CONFIG "
		    "G%lld", id, mails[0].sender, address, command, id);
		rc = -1;
	}
	for (i = 0; i < n; i++)
		store_outmail_free(&mails[i]);
	free(mails);
	return (rc);
}

/* Do command to game id with the n words in words; *done says what. */
static int
tool_db_act(struct service *sv, struct mailloop *ml, const char *command,
    long long id, char **words, int n, struct buf *done, char **cause)
{
	struct buf	reason;
	int		i, rc;

	if (strcmp(command, "nudge") == 0) {
		rc = service_nudge(sv, ml, id, done, cause);
		if (rc == 0)
			buf_adds(done, " queued");
		return (rc);
	}
	if (strcmp(command, "adjudicate") == 0) {
		if (n == 2 && strcmp(words[1], "rated") != 0) {
			xasprintf(cause, "adjudicate: after the result only "
			    "rated may follow, not '%s'", words[1]);
			return (-1);
		}
		return (service_operator_adjudicate(sv, ml, id, words[0],
		    n == 2, done, cause));
	}
	if (strcmp(command, "replace") == 0)
		return (service_operator_replace(sv, ml, id, words[0],
		    words[1], done, cause));
	if (strcmp(command, "forfeit") == 0)
		return (service_operator_forfeit(sv, ml, id, words[0], done,
		    cause));
	buf_init(&reason);
	for (i = 0; i < n; i++)
		buf_addf(&reason, "%s%s", i > 0 ? " " : "", words[i]);
	rc = service_operator_cancel(sv, ml, id, n > 0 ? reason.data : NULL,
	    done, cause);
	buf_free(&reason);
	return (rc);
}

/*
 * Do command (nudge, cancel, ...) to game id with the n words in words,
 * as the daemon of conf would, and print what was done.
 */
static int
tool_db_service(struct store *s, const char *command, long long id,
    const char *conf, char **words, int n)
{
	struct config_file	 c;
	struct mailloop		 ml;
	struct service		*sv = NULL;
	struct buf		 done;
	char			*cause = NULL;
	int			 rc = 1;

	config_file_defaults(&c);
	buf_init(&done);
	if (conf != NULL && config_file_load(&c, conf, &cause) == -1)
		goto out;
	if (conf == NULL && tool_db_same_sender(s, command, id, c.address,
	    &cause) == -1)
		goto out;
	if ((sv = service_create(&c, s, &cause)) == NULL)
		goto out;
	memset(&ml, 0, sizeof ml);
	ml.config = &c;
	ml.store = s;
	ml.arg = sv;
	if (tool_db_act(sv, &ml, command, id, words, n, &done, &cause) == -1)
		goto out;
	printf("G%lld: %s\n", id, done.data);
	rc = 0;
out:
	if (cause != NULL) {
		tool_db_error("%s", cause);
		free(cause);
	}
	service_free(sv);
	buf_free(&done);
	config_file_free(&c);
	return (rc);
}

/* Change a player's main address old to new, as conf's daemon would. */
static int
tool_db_address(struct store *s, const char *conf, const char *old,
    const char *new)
{
	struct config_file	 c;
	struct mailloop		 ml;
	struct service		*sv = NULL;
	struct buf		 done;
	char			*cause = NULL, *sender = NULL;
	int			 rc = 1;

	config_file_defaults(&c);
	buf_init(&done);
	if (conf != NULL && config_file_load(&c, conf, &cause) == -1)
		goto out;
	if (conf == NULL && store_address_sender(s, old, &sender,
	    &cause) == 1 && strcmp(sender, c.address) != 0) {
		xasprintf(&cause, "mail to %s has come from %s, not %s; give "
		    "the daemon's configuration: mupbem --db FILE address -c "
		    "CONFIG %s %s", old, sender, c.address, old, new);
		goto out;
	}
	if (cause != NULL || (sv = service_create(&c, s, &cause)) == NULL)
		goto out;
	memset(&ml, 0, sizeof ml);
	ml.config = &c;
	ml.store = s;
	ml.arg = sv;
	if (service_address(sv, &ml, old, new, &done, &cause) == -1)
		goto out;
	fputs(done.data, stdout);
	rc = 0;
out:
	if (cause != NULL) {
		tool_db_error("%s", cause);
		free(cause);
	}
	free(sender);
	service_free(sv);
	buf_free(&done);
	config_file_free(&c);
	return (rc);
}

/* The n (a number, or NULL) games in play that have waited longest. */
static int
tool_db_stalled(struct store *s, const char *n)
{
	struct config_file	 c;
	struct mailloop		 ml;
	struct service		*sv;
	struct buf		 out;
	char			*cause = NULL, *end;
	long long		 most = TOOL_DB_STALLED;
	int			 rc = 1;

	if (n != NULL) {
		errno = 0;
		most = strtoll(n, &end, 10);
		if (*n == '\0' || *end != '\0' || errno != 0 || most < 1)
			return (tool_db_error("stalled: '%s' is not a number "
			    "of games; write it like 10", n));
	}
	config_file_defaults(&c);
	buf_init(&out);
	if ((sv = service_create(&c, s, &cause)) != NULL) {
		memset(&ml, 0, sizeof ml);
		ml.config = &c;
		ml.store = s;
		ml.arg = sv;
		if (service_operator_stalled(sv, &ml, most, &out,
		    &cause) == 0) {
			fputs(out.data, stdout);
			rc = 0;
		}
	}
	if (cause != NULL) {
		tool_db_error("%s", cause);
		free(cause);
	}
	service_free(sv);
	buf_free(&out);
	config_file_free(&c);
	return (rc);
}

/* mupbem --db FILE COMMAND [-c CONFIG] [G] [WORD...], or --help. */
int
tool_db_main(int argc, char **argv)
{
	const struct tool_db_command	*cmd;
	struct store			*s;
	const char			*conf = NULL;
	char				*cause;
	long long			 id = 0;
	int				 i, rc, arg = 4, game, words;

	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0)
			return (tool_db_usage(stdout, i > 3 ? argv[3] : NULL));
	}
	if (argc < 4)
		return (tool_db_usage(stderr, NULL));
	for (cmd = tool_db_commands; cmd->name != NULL; cmd++) {
		if (strcmp(argv[3], cmd->name) == 0)
			break;
	}
	if (cmd->name == NULL) {
		tool_db_error("unknown command '%s'", argv[3]);
		return (tool_db_usage(stderr, NULL));
	}
	if (strstr(cmd->args, "-c CONFIG") != NULL && argc > 4 &&
	    strcmp(argv[4], "-c") == 0) {
		if (argc < 6)
			return (tool_db_usage(stderr, cmd->name));
		conf = argv[5];
		arg = 6;
	}
	game = strstr(cmd->args, " G") != NULL;
	words = argc - arg - game;
	if (words < cmd->min || (cmd->max != -1 && words > cmd->max))
		return (tool_db_usage(stderr, cmd->name));
	if (game && tool_db_game(argv[arg], &id) == -1)
		return (tool_db_error("'%s' is not a game; write it like G12",
		    argv[arg]));
	if (mailloop_now_check(&cause) == -1) {
		tool_db_error("%s", cause);
		free(cause);
		return (1);
	}
	/* A file must exist; a database URL is for store_open(). */
	if (db_kind_of(argv[2]) == DB_SQLITE && access(argv[2], F_OK) == -1)
		return (tool_db_error("%s: %s", argv[2], strerror(errno)));
	if ((s = store_open(argv[2], &cause)) == NULL) {
		tool_db_error("%s", cause);
		free(cause);
		return (1);
	}
	if (strcmp(cmd->name, "list") == 0)
		rc = tool_db_list(s);
	else if (strcmp(cmd->name, "archive") == 0)
		rc = tool_archive_run(s, argc - 3, argv + 3);
	else if (strcmp(cmd->name, "stalled") == 0)
		rc = tool_db_stalled(s, words > 0 ? argv[arg] : NULL);
	else if (strcmp(cmd->name, "resend") == 0)
		rc = tool_db_resend(s, id);
	else if (strcmp(cmd->name, "address") == 0)
		rc = tool_db_address(s, conf, argv[arg], argv[arg + 1]);
	else if (strcmp(cmd->name, "show") == 0 ||
	    strcmp(cmd->name, "export") == 0)
		rc = tool_db_show(s, id, strcmp(cmd->name, "show") == 0);
	else
		rc = tool_db_service(s, cmd->name, id, conf, argv + arg + 1,
		    words);
	store_close(s);
	return (rc);
}
