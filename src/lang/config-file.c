#include "config.h"

#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <ini.h>

#include "address.h"
#include "buf.h"
#include "clock.h"
#include "config-file.h"
#include "log.h"
#include "xmalloc.h"

/*
 * Reading the configuration with libinih.  Every setting is a row of
 * one table: its section, its name, its kind and where it goes in
 * struct config_file, so unknown names, bad values and missing settings all
 * get one specific message that names the file and line:
 *
 *	mupbem.conf line 12: [send] starttls: expected yes or no,
 *	not 'maybe'
 *
 * A value in one pair of double quotes is read without them.  Values
 * are checked as they are read, so that the message can name the line:
 * an address must be bare (the display name is a setting of its own)
 * and a templates folder must exist.
 *
 * Without a file, or for settings a file leaves out, the defaults need
 * no server at all: mail comes from ./Maildir, replies go to ./outbox,
 * and the store is ./mupbem.db.
 */

enum config_kind {
	CONFIG_STRING,
	CONFIG_BOOL,
	CONFIG_SECONDS,
	CONFIG_COUNT,
	CONFIG_SIZE,
	CONFIG_CHOICE,
	CONFIG_ADDRESS,		/* a bare addr-spec */
	CONFIG_FOLDER,		/* a folder that must exist */
	CONFIG_WEB,		/* an http:// or https:// address */
	CONFIG_MAILBOX,		/* [mailbox] url */
	CONFIG_SEND,		/* [send] url */
	CONFIG_PASSWORD_FILE,	/* read the password from a file */
	CONFIG_CLOCK,		/* a time control: 3d+1d/10d */
	CONFIG_DURATION,	/* 7d, 24h, 1d12h */
	CONFIG_PERCENT,		/* 25% */
	CONFIG_REAL,		/* a number above lo, at most hi: 0.06 */
	CONFIG_PERIOD		/* a duration, in a double, above lo */
};

struct config_setting {
	const char		*section;
	const char		*name;
	enum config_kind	 kind;
	size_t			 offset;
	const char		*choices;	/* CHOICE: "a|b|c" */
};

#define CONFIG_AT(f)	offsetof(struct config_file, f)

static const struct config_setting config_settings[] = {
	{ "server", "address", CONFIG_ADDRESS, CONFIG_AT(address), NULL },
	{ "server", "name", CONFIG_STRING, CONFIG_AT(name), NULL },
	{ "server", "database", CONFIG_STRING, CONFIG_AT(store), NULL },
	{ "server", "templates", CONFIG_FOLDER, CONFIG_AT(templates), NULL },
	{ "server", "max_size", CONFIG_SIZE, CONFIG_AT(max_size), NULL },
	{ "server", "policy", CONFIG_CHOICE, CONFIG_AT(policy), "token|from" },
	{ "server", "rate_burst", CONFIG_COUNT, CONFIG_AT(rate_burst), NULL },
	{ "server", "rate_interval", CONFIG_SECONDS, CONFIG_AT(rate_interval),
	  NULL },
	{ "server", "max_commands", CONFIG_COUNT, CONFIG_AT(max_commands),
	  NULL },
	{ "server", "max_reply", CONFIG_SIZE, CONFIG_AT(max_reply), NULL },
	{ "server", "max_mails", CONFIG_COUNT, CONFIG_AT(max_mails), NULL },
	{ "server", "loop_burst", CONFIG_COUNT, CONFIG_AT(loop_burst), NULL },
	{ "server", "loop_window", CONFIG_SECONDS, CONFIG_AT(loop_window),
	  NULL },
	{ "server", "pictures", CONFIG_BOOL, CONFIG_AT(pictures), NULL },
	{ "mailbox", "url", CONFIG_MAILBOX, 0, NULL },
	{ "mailbox", "user", CONFIG_STRING, CONFIG_AT(imap_user), NULL },
	{ "mailbox", "password", CONFIG_STRING, CONFIG_AT(imap_password),
	  NULL },
	{ "mailbox", "password_file", CONFIG_PASSWORD_FILE,
	  CONFIG_AT(imap_password), NULL },
	{ "mailbox", "ca_file", CONFIG_STRING, CONFIG_AT(imap_ca_file), NULL },
	{ "mailbox", "insecure", CONFIG_BOOL, CONFIG_AT(imap_insecure), NULL },
	{ "mailbox", "idle", CONFIG_BOOL, CONFIG_AT(imap_idle), NULL },
	{ "mailbox", "poll_interval", CONFIG_SECONDS, CONFIG_AT(imap_poll),
	  NULL },
	{ "mailbox", "done_folder", CONFIG_STRING, CONFIG_AT(imap_done), NULL },
	{ "send", "url", CONFIG_SEND, 0, NULL },
	{ "send", "user", CONFIG_STRING, CONFIG_AT(smtp_user), NULL },
	{ "send", "password", CONFIG_STRING, CONFIG_AT(smtp_password), NULL },
	{ "send", "password_file", CONFIG_PASSWORD_FILE,
	  CONFIG_AT(smtp_password), NULL },
	{ "send", "starttls", CONFIG_BOOL, CONFIG_AT(smtp_starttls), NULL },
	{ "send", "ca_file", CONFIG_STRING, CONFIG_AT(smtp_ca_file), NULL },
	{ "send", "insecure", CONFIG_BOOL, CONFIG_AT(smtp_insecure), NULL },
	{ "send", "retry", CONFIG_SECONDS, CONFIG_AT(retry), NULL },
	{ "send", "retry_max", CONFIG_SECONDS, CONFIG_AT(retry_max), NULL },
	{ "send", "timeout", CONFIG_SECONDS, CONFIG_AT(timeout), NULL },
	{ "send", "keep_sent", CONFIG_DURATION, CONFIG_AT(keep_sent), NULL },
	{ "games", "time", CONFIG_CLOCK, CONFIG_AT(time), NULL },
	{ "games", "vacation_days", CONFIG_COUNT, CONFIG_AT(vacation_days),
	  NULL },
	{ "games", "invitation", CONFIG_DURATION, CONFIG_AT(invitation), NULL },
	{ "games", "robot_time", CONFIG_SECONDS, CONFIG_AT(robot_time), NULL },
	{ "games", "robot_budget", CONFIG_COUNT, CONFIG_AT(robot_budget),
	  NULL },
	{ "games", "remind_share", CONFIG_PERCENT, CONFIG_AT(remind_share),
	  NULL },
	{ "games", "remind_before", CONFIG_DURATION, CONFIG_AT(remind_before),
	  NULL },
	{ "games", "max_games", CONFIG_COUNT, CONFIG_AT(max_games), NULL },
	{ "games", "max_invitations", CONFIG_COUNT,
	  CONFIG_AT(max_invitations), NULL },
	{ "archive", "dir", CONFIG_STRING, CONFIG_AT(archive_dir), NULL },
	{ "archive", "url", CONFIG_WEB, CONFIG_AT(archive_url), NULL },
	{ "ratings", "rating", CONFIG_REAL, CONFIG_AT(ratings.rating), NULL },
	{ "ratings", "rd", CONFIG_REAL, CONFIG_AT(ratings.rd), NULL },
	{ "ratings", "volatility", CONFIG_REAL, CONFIG_AT(ratings.volatility),
	  NULL },
	{ "ratings", "tau", CONFIG_REAL, CONFIG_AT(ratings.tau), NULL },
	{ "ratings", "period", CONFIG_PERIOD, CONFIG_AT(ratings.period), NULL },
	{ "tournaments", "stall", CONFIG_DURATION, CONFIG_AT(stall), NULL },
	{ "server", "invitations", CONFIG_CHOICE, CONFIG_AT(invitations),
	  "proven|any" },
	{ "server", "batch", CONFIG_COUNT, CONFIG_AT(batch), NULL },
	{ "server", "max_tries", CONFIG_COUNT, CONFIG_AT(max_tries), NULL },
	{ NULL, NULL, 0, 0, NULL }
};

/* What a REAL setting may be: above lo, at most hi. */
static const struct {
	const char	*name;
	double		 lo, hi;
} config_ranges[] = {
	{ "rating", 0, 5000 },
	{ "rd", 0, 1000 },
	{ "volatility", 0, 1 },
	{ "tau", 0, 2 }
};

/* What the ini handler carries: the config and the first error. */
struct config_reader {
	struct config_file	*c;
	char		*why;
};

static int	config_handler(void *, const char *, const char *,
		    const char *);
static int	config_value(const struct config_setting *, struct config_file *,
		    const char *, char **);
static int	config_number(const char *, int, long *);

/*
 * The largest number a setting takes: a size of 1G, more than a century
 * of seconds, and far beyond any count; what is larger is refused, so
 * that no arithmetic on a setting can overflow.
 */
#define CONFIG_NUMBER_MAX	(1024L * 1024 * 1024)
static int	config_check(const struct config_file *, char **);
static const char *config_url_at(const char *);
static int	config_url_check(const char *, char **);
static void	config_url_user(const char *, char **, char **);
static int	config_mailbox(struct config_file *, const char *, char **);
static int	config_send(struct config_file *, const char *, char **);
static int	config_password_file(char **, const char *, char **);
static int	config_address(char **, const char *, char **);
static int	config_folder(char **, const char *, char **);
static char	*config_unquote(const char *);
static int	config_clock(char **, const char *, char **);
static int	config_real(const struct config_setting *, double *,
		    const char *, char **);
static int	config_web(char **, const char *, char **);

/* The built-in defaults: a Maildir in, a Maildir out, a local store. */
void
config_file_defaults(struct config_file *c)
{
	struct stat	sb;

	memset(c, 0, sizeof *c);
	c->address = xstrdup("games@localhost");
	c->name = xstrdup("mupbem");
	c->store = xstrdup("mupbem.db");
	/* Not installed: the built-in templates, without a word. */
	if (stat(MUPBEM_TEMPLATES, &sb) == 0 && S_ISDIR(sb.st_mode))
		c->templates = xstrdup(MUPBEM_TEMPLATES);
	c->policy = xstrdup("token");
	c->max_size = 256 * 1024;
	c->rate_burst = 60;
	c->rate_interval = 10;
	c->max_commands = 20;
	c->batch = 64;
	c->max_tries = 3;
	c->max_reply = 128 * 1024;
	c->max_mails = 200;
	c->loop_burst = 3;
	c->loop_window = 3600;
	c->pictures = 1;
	c->invitations = xstrdup("proven");
	c->source = xstrdup("maildir");
	c->maildir = xstrdup("Maildir");
	c->imap_idle = 1;
	c->imap_poll = 60;
	c->sender = xstrdup("maildir");
	c->smtp_starttls = 1;
	c->sendmail = xstrdup("/usr/sbin/sendmail");
	c->outbox = xstrdup("outbox");
	c->retry = 60;
	c->retry_max = 3600;
	c->timeout = 60;
	c->keep_sent = 30 * CLOCK_DAY;
	c->time = xstrdup("3d+1d/10d");
	c->vacation_days = 30;
	c->invitation = 7 * CLOCK_DAY;
	c->robot_time = 2;
	c->robot_budget = 0;
	c->remind_share = 25;
	c->remind_before = CLOCK_DAY;
	c->max_games = 50;
	c->max_invitations = 10;
	glicko_defaults(&c->ratings);
	c->stall = 7 * CLOCK_DAY;
}

void
config_file_free(struct config_file *c)
{
	char	**strings[] = {
		&c->address, &c->name, &c->store, &c->templates, &c->policy,
		&c->source, &c->maildir, &c->imap_url, &c->imap_user,
		&c->imap_password, &c->imap_ca_file, &c->imap_done,
		&c->sender, &c->smtp_url, &c->smtp_user, &c->smtp_password,
		&c->smtp_ca_file, &c->sendmail, &c->outbox, &c->time,
		&c->archive_dir, &c->archive_url, &c->invitations
	};
	size_t	  i;

	for (i = 0; i < sizeof strings / sizeof strings[0]; i++)
		free(*strings[i]);
	memset(c, 0, sizeof *c);
}

/*
 * The '@' that ends the user in a URL's part after "scheme://"
 * (host), the last before the first '/', or NULL if there is none.
 */
static const char *
config_url_at(const char *host)
{
	const char	*p, *at = NULL;

	for (p = host; *p != '\0' && *p != '/'; p++) {
		if (*p == '@')
			at = p;
	}
	return (at);
}

/*
 * Take "scheme://[user@]host..." apart: *url without the user, *user
 * (with %40 read as @) if there was one.
 */
static void
config_url_user(const char *v, char **url, char **user)
{
	const char	*host = strstr(v, "://") + 3, *at, *p;
	struct buf	 b;

	at = config_url_at(host);
	free(*url);
	if (at == NULL) {
		*url = xstrdup(v);
		return;
	}
	xasprintf(url, "%.*s%s", (int)(host - v), v, at + 1);
	buf_init(&b);
	for (p = host; p < at; p++) {
		if (strncmp(p, "%40", 3) == 0) {
			buf_addc(&b, '@');
			p += 2;
		} else
			buf_addc(&b, *p);
	}
	free(*user);
	*user = buf_steal(&b);
}

/*
 * The host and port of a network URL (after "scheme://" and a user
 * and "@", if any): a host is needed, and a port, if given, is a
 * number from 1 to 65535.  Anything else would only show when
 * mupbemd first connects, as a failure tried again for ever.
 */
static int
config_url_check(const char *v, char **why)
{
	const char	*host = strstr(v, "://") + 3, *p, *end, *at;
	long		 port = 0;

	end = host + strcspn(host, "/");
	if ((at = config_url_at(host)) != NULL)
		host = at + 1;
	if (*host == '[') {
		/* An IPv6 address, [::1]. */
		if ((p = memchr(host, ']', (size_t)(end - host))) == NULL) {
			xasprintf(why, "'%s': an IPv6 address needs its ']'", v);
			return (-1);
		}
		p++;
	} else
		for (p = host; p < end && *p != ':'; p++)
			;
	if (p == host || (*host == '[' && p == host + 2)) {
		xasprintf(why, "'%s': no host name", v);
		return (-1);
	}
	if (p < end && *p != ':') {
		xasprintf(why, "'%s': expected :PORT or / after the host", v);
		return (-1);
	}
	if (p < end) {
		for (p++; p < end && isdigit((unsigned char)*p) &&
		    port <= 65535; p++)
			port = port * 10 + (*p - '0');
		if (p != end || port < 1 || port > 65535) {
			xasprintf(why, "'%s': the port must be a number from 1 "
			    "to 65535", v);
			return (-1);
		}
	}
	return (0);
}

/* [mailbox] url: maildir:PATH, imap://... or imaps://... */
static int
config_mailbox(struct config_file *c, const char *v, char **why)
{
	free(c->source);
	if (strncmp(v, "maildir:", 8) == 0 && v[8] != '\0') {
		c->source = xstrdup("maildir");
		free(c->maildir);
		c->maildir = xstrdup(v + 8);
		return (0);
	}
	if (strncmp(v, "imap://", 7) == 0 || strncmp(v, "imaps://", 8) == 0) {
		c->source = xstrdup("imap");
		if (config_url_check(v, why) == -1)
			return (-1);
		config_url_user(v, &c->imap_url, &c->imap_user);
		return (0);
	}
	c->source = xstrdup("maildir");
	xasprintf(why, "expected maildir:PATH, imap://[USER@]HOST[:PORT]/FOLDER "
	    "or imaps://..., not '%s'", v);
	return (-1);
}

/* [send] url: smtp://..., smtps://..., sendmail:PATH or maildir:PATH */
static int
config_send(struct config_file *c, const char *v, char **why)
{
	free(c->sender);
	if (strncmp(v, "maildir:", 8) == 0 && v[8] != '\0') {
		c->sender = xstrdup("maildir");
		free(c->outbox);
		c->outbox = xstrdup(v + 8);
		return (0);
	}
	if (strncmp(v, "sendmail:", 9) == 0 && v[9] != '\0') {
		c->sender = xstrdup("sendmail");
		free(c->sendmail);
		c->sendmail = xstrdup(v + 9);
		return (0);
	}
	if (strncmp(v, "smtp://", 7) == 0 || strncmp(v, "smtps://", 8) == 0) {
		c->sender = xstrdup("smtp");
		if (config_url_check(v, why) == -1)
			return (-1);
		config_url_user(v, &c->smtp_url, &c->smtp_user);
		return (0);
	}
	c->sender = xstrdup("maildir");
	xasprintf(why, "expected smtp://[USER@]HOST[:PORT], smtps://..., "
	    "sendmail:PATH or maildir:PATH, not '%s'", v);
	return (-1);
}

/* Read a password from the first line of a file, warning if others may. */
static int
config_password_file(char **out, const char *path, char **why)
{
	struct stat	 sb;
	FILE		*f;
	char		 line[1024];
	size_t		 n;

	if ((f = fopen(path, "r")) == NULL) {
		xasprintf(why, "%s: %s", path, strerror(errno));
		return (-1);
	}
	if (fstat(fileno(f), &sb) == 0 && (sb.st_mode & S_IROTH))
		log_warnx("config: %s can be read by other users; chmod 600 "
		    "it", path);
	if (fgets(line, sizeof line, f) == NULL) {
		fclose(f);
		xasprintf(why, "%s: the file is empty", path);
		return (-1);
	}
	fclose(f);
	n = strcspn(line, "\r\n");
	line[n] = '\0';
	free(*out);
	*out = xstrdup(line);
	explicit_bzero(line, sizeof line);
	return (0);
}

/*
 * [server] address: a bare address.  "Name <addr>", the shape of a
 * From header, is refused with the two settings to write instead.
 */
static int
config_address(char **out, const char *v, char **why)
{
	const char	*lt = strrchr(v, '<');
	char		*raw, *name;
	size_t		 len = strlen(v), n, addr;

	if (address_check(v, len) == 0) {
		free(*out);
		*out = xstrdup(v);
		return (0);
	}
	if (lt == NULL || v[len - 1] != '>' ||
	    address_check(lt + 1, (addr = len - (size_t)(lt - v) - 2)) == -1) {
		xasprintf(why, "'%s' is not a mail address; write it like "
		    "games@example.org, without a name or angle brackets", v);
		return (-1);
	}
	for (n = (size_t)(lt - v); n > 0 && (v[n - 1] == ' ' ||
	    v[n - 1] == '\t'); n--)
		/* nothing */;
	raw = xstrndup(v, n);
	name = config_unquote(raw);
	if (*name == '\0') {
		xasprintf(why, "'%s' is not a bare address; write address = "
		    "%.*s", v, (int)addr, lt + 1);
	} else {
		xasprintf(why, "'%s' is not a bare address; write address = "
		    "%.*s and name = %s", v, (int)addr, lt + 1, name);
	}
	free(raw);
	free(name);
	return (-1);
}

/* A folder that exists, such as [server] templates. */
static int
config_folder(char **out, const char *v, char **why)
{
	struct stat	sb;

	if (stat(v, &sb) == -1) {
		xasprintf(why, "%s: %s", v, strerror(errno));
		return (-1);
	}
	if (!S_ISDIR(sb.st_mode)) {
		xasprintf(why, "%s: not a folder", v);
		return (-1);
	}
	free(*out);
	*out = xstrdup(v);
	return (0);
}

/*
 * A value without one pair of double quotes around it, so that
 * name = "Mu Club" means Mu Club, as most INI readers take it.
 */
static char *
config_unquote(const char *v)
{
	size_t	len = strlen(v);

	if (len >= 2 && v[0] == '"' && v[len - 1] == '"')
		return (xstrndup(v + 1, len - 2));
	return (xstrdup(v));
}

/* [games] time: a time control, kept in canonical form. */
static int
config_clock(char **at, const char *v, char **why)
{
	struct clock_control	 c;
	struct buf		 b;

	if (clock_parse(v, &c, why) == -1)
		return (-1);
	buf_init(&b);
	clock_format(&c, &b);
	free(*at);
	*at = buf_steal(&b);
	return (0);
}

/*
 * [ratings] rating, rd, volatility, tau: a number in its range
 * (config_ranges); period: a duration of an hour or more.
 */
static int
config_real(const struct config_setting *s, double *at, const char *v,
    char **why)
{
	char		*end;
	long long	 t;
	double		 d, lo = 0, hi = 0;
	size_t		 i;

	if (s->kind == CONFIG_PERIOD) {
		if (clock_duration_parse(v, &t, why) == -1)
			return (-1);
		if (t < CLOCK_HOUR) {
			xasprintf(why, "expected a period of an hour or more, "
			    "not '%s'", v);
			return (-1);
		}
		*at = (double)t;
		return (0);
	}
	for (i = 0; i < sizeof config_ranges / sizeof config_ranges[0]; i++) {
		if (strcmp(config_ranges[i].name, s->name) == 0) {
			lo = config_ranges[i].lo;
			hi = config_ranges[i].hi;
		}
	}
	errno = 0;
	d = strtod(v, &end);
	if (end == v || *end != '\0' || errno != 0 || !(d > lo) || d > hi) {
		xasprintf(why, "expected a number above %g and at most %g, "
		    "not '%s'", lo, hi, v);
		return (-1);
	}
	*at = d;
	return (0);
}

/* A whole number, with K or M after it when size is set. */
static int
config_number(const char *v, int size, long *out)
{
	char	*end;
	long	 n, unit = 1;

	errno = 0;
	n = strtol(v, &end, 10);
	if (end == v || errno != 0 || n < 0)
		return (-1);
	if (size && (*end == 'K' || *end == 'k'))
		unit = 1024;
	else if (size && (*end == 'M' || *end == 'm'))
		unit = 1024 * 1024;
	if (unit != 1) {
		/* Checked before multiplying: no overflow, ever. */
		if (n > CONFIG_NUMBER_MAX / unit)
			return (-1);
		n *= unit;
		end++;
	}
	if (*end != '\0' || n > CONFIG_NUMBER_MAX)
		return (-1);
	*out = n;
	return (0);
}

/*
 * [archive] url: where the archive's folder is published, an http:// or
 * https:// address with a host, kept without a trailing slash so that
 * "URL/games/G12.html" reads right.
 */
static int
config_web(char **at, const char *v, char **why)
{
	const char	*host;
	size_t		 i, n;

	if (strncmp(v, "https://", 8) == 0)
		host = v + 8;
	else if (strncmp(v, "http://", 7) == 0)
		host = v + 7;
	else {
		xasprintf(why, "expected an http:// or https:// address, not "
		    "'%s'", v);
		return (-1);
	}
	for (i = 0; v[i] != '\0'; i++) {
		if ((unsigned char)v[i] <= ' ' || strchr("\"<>\\^`{|}",
		    v[i]) != NULL) {
			xasprintf(why, "'%s': an address has no spaces, quotes "
			    "or angle brackets", v);
			return (-1);
		}
	}
	if (*host == '\0' || *host == '/') {
		xasprintf(why, "'%s' names no host", v);
		return (-1);
	}
	n = strlen(v);
	while (n > 0 && v[n - 1] == '/')
		n--;
	free(*at);
	*at = xstrndup(v, n);
	return (0);
}

static int
config_value(const struct config_setting *s, struct config_file *c,
    const char *v, char **why)
{
	void		*at = (char *)c + s->offset;
	const char	*p;
	size_t		 n = strlen(v);
	long long	 t;
	int		 rc;

	switch (s->kind) {
	case CONFIG_MAILBOX:
		return (config_mailbox(c, v, why));
	case CONFIG_SEND:
		return (config_send(c, v, why));
	case CONFIG_PASSWORD_FILE:
		return (config_password_file(at, v, why));
	case CONFIG_ADDRESS:
		return (config_address(at, v, why));
	case CONFIG_CLOCK:
		return (config_clock(at, v, why));
	case CONFIG_REAL:
	case CONFIG_PERIOD:
		return (config_real(s, at, v, why));
	case CONFIG_DURATION:
		if (clock_duration_parse(v, &t, why) == -1)
			return (-1);
		*(long *)at = (long)t;
		return (0);
	case CONFIG_PERCENT:
		if (config_number(v, 0, at) == -1 || *(long *)at > 99) {
			n = strlen(v);
			if (n > 1 && v[n - 1] == '%' && v[0] != '%') {
				p = xstrndup(v, n - 1);
				rc = config_number(p, 0, at);
				free((char *)p);
				if (rc == 0 && *(long *)at <= 99)
					return (0);
			}
			xasprintf(why, "expected a share from 0%% to 99%%, not "
			    "'%s'", v);
			return (-1);
		}
		return (0);
	case CONFIG_FOLDER:
		return (config_folder(at, v, why));
	case CONFIG_WEB:
		return (config_web(at, v, why));
	case CONFIG_CHOICE:
		for (p = s->choices; p != NULL; p = strchr(p, '|')) {
			if (*p == '|')
				p++;
			if (strncmp(p, v, n) == 0 && (p[n] == '|' ||
			    p[n] == '\0'))
				break;
		}
		if (p == NULL || n == 0) {
			xasprintf(why, "expected one of %s, not '%s'",
			    s->choices, v);
			return (-1);
		}
		/* FALLTHROUGH */
	case CONFIG_STRING:
		free(*(char **)at);
		*(char **)at = xstrdup(v);
		return (0);
	case CONFIG_BOOL:
		if (strcasecmp(v, "yes") == 0 || strcasecmp(v, "true") == 0)
			*(int *)at = 1;
		else if (strcasecmp(v, "no") == 0 ||
		    strcasecmp(v, "false") == 0)
			*(int *)at = 0;
		else {
			xasprintf(why, "expected yes or no, not '%s'", v);
			return (-1);
		}
		return (0);
	case CONFIG_SECONDS:
	case CONFIG_COUNT:
	case CONFIG_SIZE:
		if (config_number(v, s->kind == CONFIG_SIZE, at) == -1) {
			xasprintf(why, "expected %s, not '%s'",
			    s->kind == CONFIG_SIZE ? "a size in bytes (like "
			    "256K or 1M) of at most 1024M" : s->kind ==
			    CONFIG_COUNT ? "a number from 0 to 1073741824" :
			    "a number of seconds from 0 to 1073741824", v);
			return (-1);
		}
		return (0);
	}
	return (-1);
}

static int
config_handler(void *arg, const char *section, const char *name,
    const char *value)
{
	struct config_reader		*rd = arg;
	const struct config_setting	*s;
	char				*why = NULL, *v;
	int				 known_section = 0, rc;

	if (rd->why != NULL)
		return (1);
	for (s = config_settings; s->name != NULL; s++) {
		if (strcmp(s->section, section) != 0)
			continue;
		known_section = 1;
		if (strcmp(s->name, name) != 0)
			continue;
		v = config_unquote(value);
		rc = config_value(s, rd->c, v, &why);
		free(v);
		if (rc == 0)
			return (1);
		xasprintf(&rd->why, "[%s] %s: %s", section, name, why);
		free(why);
		return (0);
	}
	if (*section == '\0') {
		xasprintf(&rd->why, "%s: every setting belongs in a section: "
		    "[server], [mailbox], [send], [games], [ratings], "
		    "[tournaments] or [archive]", name);
	} else if (!known_section) {
		xasprintf(&rd->why, "[%s]: no such section (the sections are "
		    "[server], [mailbox], [send], [games], [ratings], "
		    "[tournaments] and [archive])", section);
	} else
		xasprintf(&rd->why, "[%s] %s: no such setting", section, name);
	return (0);
}

/* Settings that only make sense together. */
static int
config_check(const struct config_file *c, char **why)
{
	if (strcmp(c->source, "imap") == 0 && (c->imap_user == NULL ||
	    c->imap_password == NULL)) {
		xasprintf(why, "[mailbox] an IMAP mailbox needs a user (in the "
		    "url or as user) and a password (password_file)");
		return (-1);
	}
	if (c->imap_poll < 1 || c->retry < 1 || c->retry_max < c->retry ||
	    c->timeout < 1 || c->max_size < 1024) {
		xasprintf(why, "poll_interval, retry and timeout are at least 1 "
		    "second, retry_max at least retry, and max_size at least "
		    "1K");
		return (-1);
	}
	if (c->rate_interval < 1) {
		xasprintf(why, "rate_interval is at least 1 second ([server] "
		    "rate_burst = 0 turns the rate limit off)");
		return (-1);
	}
	if (c->invitation < CLOCK_HOUR) {
		xasprintf(why, "[games] invitation: an invitation stays open "
		    "an hour at least");
		return (-1);
	}
	return (0);
}

/* Read the file at path over the settings in c. */
int
config_file_load(struct config_file *c, const char *path, char **cause)
{
	struct config_reader	rd = { c, NULL };
	struct stat		sb;
	int			rc;

	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		xasprintf(cause, "%s: a folder, not a configuration file", path);
		return (-1);
	}
	rc = ini_parse(path, config_handler, &rd);
	if (rc == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (-1);
	}
	if (rc != 0) {
		if (rd.why != NULL) {
			xasprintf(cause, "%s line %d: %s", path, rc, rd.why);
			free(rd.why);
		} else {
			xasprintf(cause, "%s line %d: expected 'name = value' "
			    "or a [section]", path, rc);
		}
		return (-1);
	}
	if (config_check(c, &rd.why) == -1) {
		xasprintf(cause, "%s: %s", path, rd.why);
		free(rd.why);
		return (-1);
	}
	return (0);
}
