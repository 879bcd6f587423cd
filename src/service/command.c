#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "command.h"
#include "xmalloc.h"

/*
 * Reading commands from the text of a player's mail.  Each non-empty
 * line is a command when its first word (in any case) is a keyword;
 * every other line is part of the turn the mail plays, in the game's
 * own notation, and consecutive such lines make one turn.  A turn may
 * start with "#N", the number of the turn it makes, so a turn
 * written against a stale board is refused (as pbmserv does).  When
 * the body holds nothing, the subject is read as one line, without
 * its "Re:"; a subject with a "[mupbem G12]" tag is one of ours, and
 * only names the game.
 *
 * Parsing knows the commands' shapes only: whether a turn is legal, or
 * a game exists, is the service's business.  A malformed command gets
 * one error naming its line and saying what was expected.
 */

enum command_args {
	COMMAND_ARGS_NONE,
	COMMAND_ARGS_TOPIC,	/* an optional word */
	COMMAND_ARGS_VARIANT,	/* a game's name */
	COMMAND_ARGS_NEW,
	COMMAND_ARGS_MAYBE_GAME,	/* G12, or none: the mail's game */
	COMMAND_ARGS_TURN,	/* the rest of the line, and following lines */
	COMMAND_ARGS_NAME,	/* the rest of the line */
	COMMAND_ARGS_SETTING	/* the rest of the line: KEY VALUE */
};

static const struct {
	const char		*word;
	enum command_type	 type;
	enum command_args	 args;
} command_words[] = {
	{ "help", COMMAND_HELP, COMMAND_ARGS_TOPIC },
	{ "rules", COMMAND_RULES, COMMAND_ARGS_VARIANT },
	{ "new", COMMAND_NEW, COMMAND_ARGS_NEW },
	{ "accept", COMMAND_ACCEPT, COMMAND_ARGS_MAYBE_GAME },
	{ "decline", COMMAND_DECLINE, COMMAND_ARGS_MAYBE_GAME },
	{ "join", COMMAND_JOIN, COMMAND_ARGS_MAYBE_GAME },
	{ "withdraw", COMMAND_WITHDRAW, COMMAND_ARGS_MAYBE_GAME },
	{ "preview", COMMAND_PREVIEW, COMMAND_ARGS_TURN },
	{ "board", COMMAND_BOARD, COMMAND_ARGS_MAYBE_GAME },
	{ "history", COMMAND_HISTORY, COMMAND_ARGS_MAYBE_GAME },
	{ "games", COMMAND_GAMES, COMMAND_ARGS_NONE },
	{ "observe", COMMAND_OBSERVE, COMMAND_ARGS_MAYBE_GAME },
	{ "unobserve", COMMAND_UNOBSERVE, COMMAND_ARGS_MAYBE_GAME },
	{ "name", COMMAND_NAME, COMMAND_ARGS_NAME },
	{ "set", COMMAND_SET, COMMAND_ARGS_SETTING },
};

#define COMMAND_NWORDS	(sizeof command_words / sizeof command_words[0])
#define COMMAND_NAME_MAX	40

struct command_reader {
	struct command_list	*list;
	char			**cause;
	int			  line;
	struct command		 *turn;	/* the turn being gathered */
};

static const char *command_word(const char *, size_t *);
static int	command_number(const char *, size_t, int *);
static int	command_game(const char *, size_t, int *);
static int	command_fail(struct command_reader *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static struct command *command_add(struct command_reader *,
		    enum command_type);
static int	command_turn(struct command_reader *, enum command_type,
		    const char *, size_t);
static int	command_new(struct command_reader *, struct command *,
		    const char *, size_t);
static int	command_line(struct command_reader *, const char *, size_t);
static int	command_text(struct command_reader *, const char *);

const char *
command_name(enum command_type type)
{
	size_t	i;

	if (type == COMMAND_PLAY)
		return ("turn");
	for (i = 0; i < COMMAND_NWORDS; i++) {
		if (command_words[i].type == type)
			return (command_words[i].word);
	}
	return ("?");
}

/* The next word of s (after blanks), its length in *len; NULL at end. */
static const char *
command_word(const char *s, size_t *len)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0') {
		*len = 0;
		return (NULL);
	}
	*len = strcspn(s, " \t");
	return (s);
}

static int
command_number(const char *s, size_t len, int *out)
{
	long	n = 0;
	size_t	i;

	if (len == 0 || len > 9)
		return (-1);
	for (i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return (-1);
		n = n * 10 + (s[i] - '0');
	}
	if (n < 1)
		return (-1);
	*out = (int)n;
	return (0);
}

/* A game: "G12", "g12" or "12". */
static int
command_game(const char *s, size_t len, int *out)
{
	if (len > 1 && (s[0] == 'G' || s[0] == 'g'))
		return (command_number(s + 1, len - 1, out));
	return (command_number(s, len, out));
}

static int
command_fail(struct command_reader *rd, const char *fmt, ...)
{
	va_list	 ap;
	char	*why;

	va_start(ap, fmt);
	if (vasprintf(&why, fmt, ap) == -1)
		abort();
	va_end(ap);
	if (rd->line == 0)
		xasprintf(rd->cause, "subject: %s", why);
	else
		xasprintf(rd->cause, "line %d: %s", rd->line, why);
	free(why);
	return (-1);
}

static struct command *
command_add(struct command_reader *rd, enum command_type type)
{
	struct command_list	*l = rd->list;
	struct command		*c;

	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	c = &l->v[l->n++];
	memset(c, 0, sizeof *c);
	c->type = type;
	c->line = rd->line;
	rd->turn = NULL;
	return (c);
}

/* Gather turn text, starting a turn (or preview) or adding to one. */
static int
command_turn(struct command_reader *rd, enum command_type type,
    const char *s, size_t len)
{
	struct command	*c;
	struct buf	 b;
	const char	*w;
	size_t		 n;
	int		 guard = 0;

	if ((w = command_word(s, &n)) != NULL && w[0] == '#') {
		if (command_number(w + 1, n - 1, &guard) == -1)
			return (command_fail(rd, "'%.*s': a turn number is "
			    "written #14", (int)n, w));
		len -= (size_t)(w + n - s);
		s = w + n;
	}
	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	if (rd->turn == NULL || type == COMMAND_PREVIEW) {
		c = command_add(rd, type);
		c->arg = xstrndup(s, len);
		c->guard = guard;
		rd->turn = c;
		return (0);
	}
	c = rd->turn;
	if (guard != 0) {
		if (c->guard != 0 && c->guard != guard)
			return (command_fail(rd, "two turn numbers in one "
			    "mail: #%d and #%d", c->guard, guard));
		c->guard = guard;
	}
	buf_init(&b);
	buf_adds(&b, c->arg);
	if (b.len > 0 && len > 0)
		buf_addc(&b, ' ');
	buf_add(&b, s, len);
	free(c->arg);
	c->arg = buf_steal(&b);
	return (0);
}

/* new VARIANT [with ADDR ...] [open N] [segments N] [match N] */
static int
command_new(struct command_reader *rd, struct command *c, const char *s,
    size_t len)
{
	const char	*w, *end = s + len;
	size_t		 n;
	int		 state = 0;

	if ((w = command_word(s, &n)) == NULL)
		return (command_fail(rd, "new: which game? Write new velox, "
		    "new levis, new classic or new mur"));
	c->arg = xstrndup(w, n);
	for (s = w + n; (w = command_word(s, &n)) != NULL && w < end;
	    s = w + n) {
		if (n == 4 && strncasecmp(w, "with", 4) == 0) {
			state = 1;
			continue;
		}
		if (n == 4 && strncasecmp(w, "open", 4) == 0) {
			w = command_word(w + n, &n);
			if (w == NULL || command_number(w, n, &c->open) == -1)
				return (command_fail(rd, "new: open takes a "
				    "number of seats, such as open 1"));
			state = 0;
			continue;
		}
		if (n == 8 && strncasecmp(w, "segments", 8) == 0) {
			w = command_word(w + n, &n);
			if (w == NULL || command_number(w, n,
			    &c->segments) == -1)
				return (command_fail(rd, "new: segments takes a "
				    "number, such as segments 3"));
			state = 0;
			continue;
		}
		if (n == 5 && strncasecmp(w, "match", 5) == 0) {
			w = command_word(w + n, &n);
			if (w == NULL || command_number(w, n,
			    &c->match) == -1 || c->match > COMMAND_MAX_MATCH)
				return (command_fail(rd, "new: match takes a "
				    "number from 1 to %d, such as match 4",
				    COMMAND_MAX_MATCH));
			state = 0;
			continue;
		}
		if (state != 1 || memchr(w, '@', n) == NULL ||
		    w[0] == '@' || w[n - 1] == '@') {
			return (command_fail(rd, "new: '%.*s' is not a word "
			    "new understands (with ADDRESS..., open N, "
			    "segments N, match N)", (int)n, w));
		}
		if (c->nwith == COMMAND_MAX_WITH)
			return (command_fail(rd, "new: at most %d players can "
			    "be invited", COMMAND_MAX_WITH));
		c->with[c->nwith++] = xstrndup(w, n);
	}
	return (0);
}

/* One line of command text. */
static int
command_line(struct command_reader *rd, const char *s, size_t len)
{
	struct command	*c;
	const char	*w, *rest;
	char		*line;
	size_t		 n, i;

	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	line = xstrndup(s, len);
	if ((w = command_word(line, &n)) == NULL) {
		free(line);
		return (0);
	}
	for (i = 0; i < COMMAND_NWORDS; i++) {
		if (strlen(command_words[i].word) == n &&
		    strncasecmp(command_words[i].word, w, n) == 0)
			break;
	}
	if (i == COMMAND_NWORDS) {
		i = (size_t)command_turn(rd, COMMAND_PLAY, line, len);
		free(line);
		return ((int)i);
	}
	rest = w + n;
	if (command_words[i].args == COMMAND_ARGS_TURN) {
		i = (size_t)command_turn(rd, COMMAND_PREVIEW, rest,
		    strlen(rest));
		free(line);
		return ((int)i);
	}
	c = command_add(rd, command_words[i].type);
	w = command_word(rest, &n);
	switch (command_words[i].args) {
	case COMMAND_ARGS_NONE:
		if (w != NULL)
			goto extra;
		break;
	case COMMAND_ARGS_TOPIC:
		if (w != NULL)
			c->arg = xstrndup(w, n);
		if (w != NULL && command_word(w + n, &n) != NULL)
			goto extra;
		break;
	case COMMAND_ARGS_VARIANT:
		if (w == NULL) {
			free(line);
			return (command_fail(rd, "%s: which game? Write %s "
			    "velox, levis, classic or mur",
			    command_words[i].word, command_words[i].word));
		}
		c->arg = xstrndup(w, n);
		if (command_word(w + n, &n) != NULL)
			goto extra;
		break;
	case COMMAND_ARGS_NEW:
		if (command_new(rd, c, rest, strlen(rest)) == -1) {
			free(line);
			return (-1);
		}
		break;
	case COMMAND_ARGS_MAYBE_GAME:
		if (w == NULL)
			break;
		if (command_game(w, n, &c->game) == -1) {
			free(line);
			return (command_fail(rd, "%s: which game? Write it "
			    "like G12", command_words[i].word));
		}
		if (command_word(w + n, &n) != NULL)
			goto extra;
		break;
	case COMMAND_ARGS_NAME:
		while (*rest == ' ' || *rest == '\t')
			rest++;
		if (*rest == '\0' || strlen(rest) > COMMAND_NAME_MAX) {
			free(line);
			return (command_fail(rd, "name: a name has 1 to %d "
			    "characters", COMMAND_NAME_MAX));
		}
		c->arg = xstrdup(rest);
		break;
	case COMMAND_ARGS_SETTING:
		while (*rest == ' ' || *rest == '\t')
			rest++;
		if (*rest == '\0') {
			free(line);
			return (command_fail(rd, "set: which setting? Write "
			    "set confirm off, or set confirm on"));
		}
		c->arg = xstrdup(rest);
		break;
	default:
		break;
	}
	free(line);
	return (0);

extra:
	free(line);
	return (command_fail(rd, "%s: nothing more is expected after it",
	    command_words[i].word));
}

/* Every line of text. */
static int
command_text(struct command_reader *rd, const char *text)
{
	const char	*p = text, *nl;
	size_t		 len;

	while (*p != '\0') {
		rd->line++;
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len == 0 || strspn(p, " \t\r") >= len) {
			rd->turn = NULL;	/* a blank line ends a turn */
		} else if (command_line(rd, p, len) == -1)
			return (-1);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return (0);
}

/* The G number of a subject's "[mupbem G12]" tag, or 0. */
int
command_subject_game(const char *subject)
{
	const char	*p;
	int		 game;

	if (subject == NULL || (p = strcasestr(subject, "[mupbem g")) == NULL)
		return (0);
	p += 9;
	if (command_number(p, strspn(p, "0123456789"), &game) == -1 ||
	    p[strspn(p, "0123456789")] != ']')
		return (0);
	return (game);
}

/*
 * Parse the command text of a mail (and its subject, if the text has
 * nothing) into *list.  On failure *list holds nothing and *cause says
 * which line is wrong and why.
 */
int
command_parse(const char *text, const char *subject,
    struct command_list *list, char **cause)
{
	struct command_reader	 rd;
	const char		*s;
	char			*copy;
	int			 rc;

	memset(list, 0, sizeof *list);
	memset(&rd, 0, sizeof rd);
	rd.list = list;
	rd.cause = cause;
	if (command_text(&rd, text) == -1) {
		command_list_free(list);
		return (-1);
	}
	/* Our own subjects carry a tag: they are not commands. */
	if (list->n > 0 || subject == NULL || command_subject_game(subject) != 0)
		return (0);
	s = subject;
	for (;;) {
		while (*s == ' ')
			s++;
		if (strncasecmp(s, "re:", 3) == 0 ||
		    strncasecmp(s, "fw:", 3) == 0)
			s += 3;
		else if (strncasecmp(s, "fwd:", 4) == 0)
			s += 4;
		else
			break;
	}
	copy = xstrdup(s);
	rd.line = 0;
	rd.turn = NULL;
	rc = command_line(&rd, copy, strlen(copy));
	free(copy);
	if (rc == -1)
		command_list_free(list);
	return (rc);
}

void
command_list_free(struct command_list *l)
{
	size_t	i;
	int	j;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].arg);
		for (j = 0; j < l->v[i].nwith; j++)
			free(l->v[i].with[j]);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}
