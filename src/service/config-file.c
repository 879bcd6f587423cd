#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <ini.h>

#include "config-file.h"
#include "xmalloc.h"

/*
 * Reading the configuration with libinih.  Every setting is a row of
 * one table: its section, its name, its kind and where it goes in
 * struct config_file, so unknown names, bad values and missing settings all
 * get one specific message that names the file and line:
 *
 *	mupbemd.conf line 12: [outgoing] starttls: expected yes or no,
 *	not 'maybe'
 *
 * Without a file, or for settings a file leaves out, the defaults need
 * no server at all: mail comes from ./Maildir, replies go to ./outbox,
 * and the store is ./mupbem.db.
 */

enum config_kind {
	CONFIG_STRING,
	CONFIG_BOOL,
	CONFIG_SECONDS,
	CONFIG_SIZE,
	CONFIG_CHOICE
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
	{ "mupbemd", "address", CONFIG_STRING, CONFIG_AT(address), NULL },
	{ "mupbemd", "name", CONFIG_STRING, CONFIG_AT(name), NULL },
	{ "mupbemd", "store", CONFIG_STRING, CONFIG_AT(store), NULL },
	{ "mupbemd", "max_size", CONFIG_SIZE, CONFIG_AT(max_size), NULL },
	{ "incoming", "source", CONFIG_CHOICE, CONFIG_AT(source),
	  "maildir|imap" },
	{ "incoming", "maildir", CONFIG_STRING, CONFIG_AT(maildir), NULL },
	{ "incoming", "url", CONFIG_STRING, CONFIG_AT(imap_url), NULL },
	{ "incoming", "user", CONFIG_STRING, CONFIG_AT(imap_user), NULL },
	{ "incoming", "password", CONFIG_STRING, CONFIG_AT(imap_password),
	  NULL },
	{ "incoming", "ca_file", CONFIG_STRING, CONFIG_AT(imap_ca_file),
	  NULL },
	{ "incoming", "insecure", CONFIG_BOOL, CONFIG_AT(imap_insecure), NULL },
	{ "incoming", "idle", CONFIG_BOOL, CONFIG_AT(imap_idle), NULL },
	{ "incoming", "poll", CONFIG_SECONDS, CONFIG_AT(imap_poll), NULL },
	{ "incoming", "done_folder", CONFIG_STRING, CONFIG_AT(imap_done),
	  NULL },
	{ "outgoing", "sender", CONFIG_CHOICE, CONFIG_AT(sender),
	  "smtp|sendmail|maildir" },
	{ "outgoing", "url", CONFIG_STRING, CONFIG_AT(smtp_url), NULL },
	{ "outgoing", "user", CONFIG_STRING, CONFIG_AT(smtp_user), NULL },
	{ "outgoing", "password", CONFIG_STRING, CONFIG_AT(smtp_password),
	  NULL },
	{ "outgoing", "starttls", CONFIG_BOOL, CONFIG_AT(smtp_starttls), NULL },
	{ "outgoing", "ca_file", CONFIG_STRING, CONFIG_AT(smtp_ca_file),
	  NULL },
	{ "outgoing", "insecure", CONFIG_BOOL, CONFIG_AT(smtp_insecure), NULL },
	{ "outgoing", "sendmail", CONFIG_STRING, CONFIG_AT(sendmail), NULL },
	{ "outgoing", "outbox", CONFIG_STRING, CONFIG_AT(outbox), NULL },
	{ "outgoing", "retry", CONFIG_SECONDS, CONFIG_AT(retry), NULL },
	{ "outgoing", "retry_max", CONFIG_SECONDS, CONFIG_AT(retry_max),
	  NULL },
	{ "outgoing", "timeout", CONFIG_SECONDS, CONFIG_AT(timeout), NULL },
	{ NULL, NULL, 0, 0, NULL }
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
static int	config_check(const struct config_file *, char **);

/* The built-in defaults: a Maildir in, a Maildir out, a local store. */
void
config_file_defaults(struct config_file *c)
{
	memset(c, 0, sizeof *c);
	c->address = xstrdup("games@localhost");
	c->name = xstrdup("mupbem");
	c->store = xstrdup("mupbem.db");
	c->max_size = 256 * 1024;
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
}

void
config_file_free(struct config_file *c)
{
	const struct config_setting	*s;

	for (s = config_settings; s->name != NULL; s++) {
		if (s->kind == CONFIG_STRING || s->kind == CONFIG_CHOICE)
			free(*(char **)((char *)c + s->offset));
	}
	memset(c, 0, sizeof *c);
}

/* A whole number, with K or M after it when size is set. */
static int
config_number(const char *v, int size, long *out)
{
	char	*end;
	long	 n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (end == v || errno != 0 || n < 0)
		return (-1);
	if (size && (*end == 'K' || *end == 'k')) {
		n *= 1024;
		end++;
	} else if (size && (*end == 'M' || *end == 'm')) {
		n *= 1024 * 1024;
		end++;
	}
	if (*end != '\0')
		return (-1);
	*out = n;
	return (0);
}

static int
config_value(const struct config_setting *s, struct config_file *c,
    const char *v, char **why)
{
	void		*at = (char *)c + s->offset;
	const char	*p;
	size_t		 n = strlen(v);

	switch (s->kind) {
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
	case CONFIG_SIZE:
		if (config_number(v, s->kind == CONFIG_SIZE, at) == -1) {
			xasprintf(why, "expected %s, not '%s'",
			    s->kind == CONFIG_SIZE ? "a size in bytes (like "
			    "256K or 1M)" : "a number of seconds", v);
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
	char				*why = NULL;
	int				 known_section = 0;

	if (rd->why != NULL)
		return (1);
	for (s = config_settings; s->name != NULL; s++) {
		if (strcmp(s->section, section) != 0)
			continue;
		known_section = 1;
		if (strcmp(s->name, name) != 0)
			continue;
		if (config_value(s, rd->c, value, &why) == 0)
			return (1);
		xasprintf(&rd->why, "[%s] %s: %s", section, name, why);
		free(why);
		return (0);
	}
	if (*section == '\0') {
		xasprintf(&rd->why, "%s: every setting belongs in a section: "
		    "[mupbemd], [incoming] or [outgoing]", name);
	} else if (!known_section) {
		xasprintf(&rd->why, "[%s]: no such section (the sections are "
		    "[mupbemd], [incoming] and [outgoing])", section);
	} else
		xasprintf(&rd->why, "[%s] %s: no such setting", section, name);
	return (0);
}

/* Settings that only make sense together. */
static int
config_check(const struct config_file *c, char **why)
{
	if (strcmp(c->source, "imap") == 0 && (c->imap_url == NULL ||
	    c->imap_user == NULL || c->imap_password == NULL)) {
		xasprintf(why, "[incoming] source = imap needs url, user and "
		    "password");
		return (-1);
	}
	if (c->imap_url != NULL && strncmp(c->imap_url, "imap://", 7) != 0 &&
	    strncmp(c->imap_url, "imaps://", 8) != 0) {
		xasprintf(why, "[incoming] url: expected imap:// or imaps://, "
		    "not '%s'", c->imap_url);
		return (-1);
	}
	if (strcmp(c->sender, "smtp") == 0 && c->smtp_url == NULL) {
		xasprintf(why, "[outgoing] sender = smtp needs url");
		return (-1);
	}
	if (c->smtp_url != NULL && strncmp(c->smtp_url, "smtp://", 7) != 0 &&
	    strncmp(c->smtp_url, "smtps://", 8) != 0) {
		xasprintf(why, "[outgoing] url: expected smtp:// or smtps://, "
		    "not '%s'", c->smtp_url);
		return (-1);
	}
	if (c->imap_poll < 1 || c->retry < 1 || c->retry_max < c->retry ||
	    c->timeout < 1 || c->max_size < 1024) {
		xasprintf(why, "poll, retry and timeout are at least 1 second, "
		    "retry_max at least retry, and max_size at least 1K");
		return (-1);
	}
	if (strchr(c->address, '@') == NULL) {
		xasprintf(why, "[mupbemd] address: '%s' is not a mail address",
		    c->address);
		return (-1);
	}
	return (0);
}

/* Read the file at path over the settings in c. */
int
config_file_load(struct config_file *c, const char *path, char **cause)
{
	struct config_reader	rd = { c, NULL };
	int			rc;

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
