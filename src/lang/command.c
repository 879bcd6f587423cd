#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "address.h"
#include "buf.h"
#include "clock.h"
#include "command.h"
#include "game-registry.h"
#include "game.h"
#include "xmalloc.h"

/*
 * Reading commands from the text of a player's mail (docs/commands.md,
 * "How a mail is read").  Each non-empty line is one of three things.
 *
 * A command, when its first word (in any case, a trailing ",", ".",
 * "!", ":" or ";" allowed) is a keyword and what follows has the shape
 * of that command's arguments: "accept G12", but not "Accept my
 * apologies".  After "accept," the rest of the line is conversation.
 *
 * A turn, when a run of its words is one the game's parser accepts in
 * the current position ("my move: A0-A1 thanks!" plays A0-A1), or when
 * it looks like an attempt at one: a word that can only be notation
 * (C4-D2, @1,-3, n1-e1), or nothing but words that may be (cells,
 * points, letters, pass).  Such a line that does not parse reaches the
 * engine, whose error says precisely what is wrong.  A run without a
 * digit (pass, resign, a layout letter, "c ne") counts only as the
 * whole line, after an optional "#N" and a label that ends in ":", so
 * "I pass on that" is not a pass.  Consecutive turn lines make one
 * turn, so a move wrapped over two lines joins up.  A turn may start
 * with "#N", the number of the turn it makes, so a turn written
 * against a stale board is refused (as pbmserv does).
 *
 * A command word inside chat ("Accepted. Revanche angenommen!", "Avec
 * plaisir ! accept", "resign - I misread the board") is that command
 * when the caller says it means something now (COMMAND_CHAT_*: the
 * sender is invited, or is to move), the word stands as a clause of
 * its own (the line's start, punctuation, a dash or "I" before it;
 * the line's end, punctuation or a dash after it), and no other
 * command word of the line makes a second reading.  A line with two
 * such readings, or a question or a "maybe" about one ("accept or
 * decline?", "maybe resign") is unclear: it is neither command nor
 * conversation, and the sender is told what to write.
 *
 * Anything else is conversation: kept, in order, to be passed on to
 * the other players, and never an error.  "press" makes the rest of
 * its line and every line after it one message.  When the body holds
 * no command and no turn, the subject is read as one line, without its
 * "Re:"; a subject with a "[mupbem G12]" tag is one of ours, and only
 * names the game.
 *
 * An address ("new velox with bob@example.org", "link ...", "unlink
 * ...") is one by address.c's rules, which let no control character,
 * space or second "@" through; a code
 * ("confirm 12345678") is COMMAND_CODE_LEN digits.
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
	COMMAND_ARGS_SETTING,	/* the rest of the line: KEY VALUE */
	COMMAND_ARGS_PRESS,	/* the rest of the line and of the mail */
	COMMAND_ARGS_VACATION,	/* the rest of the line: 5d, until DATE */
	COMMAND_ARGS_ADDRESS,	/* an address, or none */
	COMMAND_ARGS_CODE,	/* a code, or none */
	COMMAND_ARGS_EVENT,	/* new|join|leave|start NAME ..., or NAME */
	COMMAND_ARGS_GAMES,	/* "open", or none */
	COMMAND_ARGS_WHO	/* an address or a name, or none */
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
	{ "archive", COMMAND_ARCHIVE, COMMAND_ARGS_MAYBE_GAME },
	{ "games", COMMAND_GAMES, COMMAND_ARGS_GAMES },
	{ "observe", COMMAND_OBSERVE, COMMAND_ARGS_MAYBE_GAME },
	{ "unobserve", COMMAND_UNOBSERVE, COMMAND_ARGS_MAYBE_GAME },
	{ "name", COMMAND_NAME, COMMAND_ARGS_NAME },
	{ "set", COMMAND_SET, COMMAND_ARGS_SETTING },
	{ "rematch", COMMAND_REMATCH, COMMAND_ARGS_MAYBE_GAME },
	{ "press", COMMAND_PRESS, COMMAND_ARGS_PRESS },
	{ "vacation", COMMAND_VACATION, COMMAND_ARGS_VACATION },
	{ "link", COMMAND_LINK, COMMAND_ARGS_ADDRESS },
	{ "unlink", COMMAND_UNLINK, COMMAND_ARGS_ADDRESS },
	{ "confirm", COMMAND_CONFIRM, COMMAND_ARGS_CODE },
	{ "tournament", COMMAND_TOURNAMENT, COMMAND_ARGS_EVENT },
	{ "tournaments", COMMAND_TOURNAMENTS, COMMAND_ARGS_NONE },
	{ "league", COMMAND_LEAGUE, COMMAND_ARGS_EVENT },
	{ "leagues", COMMAND_LEAGUES, COMMAND_ARGS_NONE },
	{ "seek", COMMAND_SEEK, COMMAND_ARGS_NEW },
	{ "ratings", COMMAND_RATINGS, COMMAND_ARGS_TOPIC },
	{ "stats", COMMAND_STATS, COMMAND_ARGS_WHO },
};

#define COMMAND_NWORDS	(sizeof command_words / sizeof command_words[0])

/* What a command word in chat reads as. */
enum command_chat {
	COMMAND_CHAT_ACCEPT,
	COMMAND_CHAT_DECLINE,
	COMMAND_CHAT_RESIGN,
	COMMAND_CHAT_PASS
};

static const char *command_chat_names[] = {
	"accept", "decline", "resign", "pass"
};

/*
 * The words of a command in chat, in the languages the attribution
 * reader knows (src/mail/mail-text.c), each a whole word in any case.
 */
static const struct {
	const char		*word;
	enum command_chat	 chat;
} command_chat_words[] = {
	/* English */
	{ "accept", COMMAND_CHAT_ACCEPT }, { "accepted", COMMAND_CHAT_ACCEPT },
	{ "yes", COMMAND_CHAT_ACCEPT }, { "decline", COMMAND_CHAT_DECLINE },
	{ "declined", COMMAND_CHAT_DECLINE },
	{ "resign", COMMAND_CHAT_RESIGN }, { "pass", COMMAND_CHAT_PASS },
	/* German */
	{ "angenommen", COMMAND_CHAT_ACCEPT },
	{ "akzeptiert", COMMAND_CHAT_ACCEPT },
	{ "akzeptiere", COMMAND_CHAT_ACCEPT }, { "ja", COMMAND_CHAT_ACCEPT },
	{ "abgelehnt", COMMAND_CHAT_DECLINE },
	{ "ablehnen", COMMAND_CHAT_DECLINE },
	{ "aufgeben", COMMAND_CHAT_RESIGN },
	{ "aufgegeben", COMMAND_CHAT_RESIGN },
	/* French */
	{ "accepte", COMMAND_CHAT_ACCEPT },
	{ "accept\xc3\xa9", COMMAND_CHAT_ACCEPT },
	{ "accept\xc3\xa9" "e", COMMAND_CHAT_ACCEPT },
	{ "j'accepte", COMMAND_CHAT_ACCEPT }, { "oui", COMMAND_CHAT_ACCEPT },
	{ "refuse", COMMAND_CHAT_DECLINE },
	{ "refus\xc3\xa9", COMMAND_CHAT_DECLINE },
	{ "abandonne", COMMAND_CHAT_RESIGN },
	{ "j'abandonne", COMMAND_CHAT_RESIGN },
	{ "passe", COMMAND_CHAT_PASS },
	/* Dutch */
	{ "geaccepteerd", COMMAND_CHAT_ACCEPT },
	{ "accepteer", COMMAND_CHAT_ACCEPT },
	{ "aanvaard", COMMAND_CHAT_ACCEPT },
	{ "afgewezen", COMMAND_CHAT_DECLINE },
	{ "opgeven", COMMAND_CHAT_RESIGN },
	/* Spanish */
	{ "acepto", COMMAND_CHAT_ACCEPT }, { "aceptado", COMMAND_CHAT_ACCEPT },
	{ "s\xc3\xad", COMMAND_CHAT_ACCEPT },
	{ "rechazo", COMMAND_CHAT_DECLINE },
	{ "abandono", COMMAND_CHAT_RESIGN }, { "paso", COMMAND_CHAT_PASS },
	/* Italian */
	{ "accetto", COMMAND_CHAT_ACCEPT },
	{ "accettato", COMMAND_CHAT_ACCEPT },
	{ "s\xc3\xac", COMMAND_CHAT_ACCEPT },
	{ "rifiuto", COMMAND_CHAT_DECLINE },
	{ "abbandono", COMMAND_CHAT_RESIGN }, { "passo", COMMAND_CHAT_PASS },
	/* Portuguese */
	{ "aceito", COMMAND_CHAT_ACCEPT }, { "sim", COMMAND_CHAT_ACCEPT },
	{ "recuso", COMMAND_CHAT_DECLINE }, { "desisto", COMMAND_CHAT_RESIGN },
};

/* "No thanks" declines: a "no" and a "thanks" after it. */
static const char *command_chat_no[] = {
	"no", "nein", "non", "nee", "n\xc3\xa3o", "nao"
};
static const char *command_chat_thanks[] = {
	"thanks", "thank", "danke", "merci", "bedankt", "gracias",
	"grazie", "obrigado", "obrigada"
};

/* Words that make a command word after them a thought, not a wish. */
static const char *command_chat_hedges[] = {
	"maybe", "perhaps", "probably", "might", "vielleicht",
	"peut-\xc3\xaa" "tre", "peut-etre", "misschien", "quiz\xc3\xa1s",
	"quizas", "forse", "talvez"
};

/* Words that may stand before a command word in a clause: "I resign". */
static const char *command_chat_selves[] = {
	"i", "ich", "je", "ik", "yo", "io", "eu"
};

#define COMMAND_NCHAT	(sizeof command_chat_words / \
			    sizeof command_chat_words[0])
#ifndef nitems
#define nitems(a)	(sizeof (a) / sizeof (a)[0])
#endif
#define COMMAND_QUOTE_MAX	40	/* bytes of a line quoted back */
#define COMMAND_NAME_MAX	40
#define COMMAND_LINE_WORDS	64	/* words of a line looked at */
#define COMMAND_SPAN_WORDS	24	/* words of a turn inside a line */
#define COMMAND_LABEL_WORDS	6	/* words of a label ("my move:") */
#define COMMAND_PUNCT		",.!?:;"
#define COMMAND_WHO_WORDS	2	/* words of a name after "stats" */

struct command_reader {
	struct command_list	*list;
	char			**cause;
	const struct game	*g;	/* the mail's game, or NULL */
	int			  line;
	int			  subject;	/* reading the subject */
	struct command		 *turn;	/* the turn being gathered */
	struct command		 *press;	/* the press taking every line */
	struct buf		  talk;		/* the conversation */
	int			  gap;	/* a break since the last talk */
	int			  chat;	/* COMMAND_CHAT_*: what it means */
};

/* The words of one line. */
struct command_words {
	const char	*s[COMMAND_LINE_WORDS];
	size_t		 len[COMMAND_LINE_WORDS];
	int		 shape[COMMAND_LINE_WORDS];	/* game_looks_like */
	int		 n;
};

static const char *command_word(const char *, size_t *);
static int	command_number(const char *, size_t, int *);
static int	command_game(const char *, size_t, int *);
static int	command_fail(struct command_reader *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static struct command *command_add(struct command_reader *,
		    enum command_type);
static int	command_turn(struct command_reader *, enum command_type, int,
		    const char *, size_t);
static int	command_time(struct command_reader *, struct command *,
		    const char *);
static int	command_new(struct command_reader *, struct command *,
		    const char *, size_t);
static int	command_seek(struct command_reader *, struct command *,
		    const char **, size_t *);
static int	command_range(struct command *, const char *, size_t);
static int	command_link(struct command_reader *, size_t,
		    struct command *, const char *);
static int	command_line(struct command_reader *, const char *, size_t);
static int	command_event_fits(const char *, size_t);
static int	command_text(struct command_reader *, const char *);
static void	command_talk(struct command_reader *, const char *, size_t);
static size_t	command_bare(const char *, size_t);
static int	command_among(const char *, size_t, const char **, size_t);
static int	command_chat_word(const struct command_words *, int, int *);
static int	command_chat_word_at(const char *, size_t);
static int	command_dash(const struct command_words *, int);
static int	command_chat(struct command_reader *, const char *, size_t);
static void	command_unclear(struct command_reader *, const char *,
		    size_t, unsigned int, int);
static void	command_unwrap(struct command_reader *,
		    struct command_words *);
static int	command_keyword(const char *, size_t, int *);
static int	command_fits(size_t, int, const char *);
static void	command_split(struct command_reader *, const char *,
		    struct command_words *);
static void	command_join(const struct command_words *, int, int,
		    struct buf *);
static int	command_span(struct command_reader *,
		    const struct command_words *, int, int, struct buf *);
static int	command_find(struct command_reader *, const char *, int *,
		    struct buf *);
static int	command_look(struct command_reader *,
		    const struct command_words *, int, struct buf *);

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

/*
 * Gather turn text, starting a turn (or preview) or adding to one.
 * guard is the turn's #N, 0 for none, or -1 to read it from s.
 */
static int
command_turn(struct command_reader *rd, enum command_type type, int guard,
    const char *s, size_t len)
{
	struct command	*c;
	struct buf	 b;
	const char	*w;
	size_t		 n;

	if (guard == -1) {
		guard = 0;
		if ((w = command_word(s, &n)) != NULL && w[0] == '#') {
			if (command_number(w + 1, n - 1, &guard) == -1)
				return (command_fail(rd, "'%.*s': a turn number "
				    "is written #14", (int)n, w));
			len -= (size_t)(w + n - s);
			s = w + n;
		}
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

/*
 * new VARIANT [with ADDR ...] [open N] [segments N] [match N]
 * [time SPEC] [rated | unrated], and seek VARIANT [time SPEC]
 * [segments N] [players N] [rated | unrated] [range LOW-HIGH | min N
 * | max N] (command_seek()): a seek is an open game of players N (2
 * unless it says), so it has open seats and invites nobody.
 */
static int
command_new(struct command_reader *rd, struct command *c, const char *s,
    size_t len)
{
	const char	*w, *end = s + len, *word = command_name(c->type);
	size_t		 n, bare;
	int		 state = 0, seek = c->type == COMMAND_SEEK, rc;

	if ((w = command_word(s, &n)) == NULL)
		return (command_fail(rd, "%s: which game? Write %s velox, "
		    "%s levis, %s classic or %s mur", word, word, word, word,
		    word));
	c->arg = xstrndup(w, n);
	if (seek)
		c->open = 1;
	for (s = w + n; (w = command_word(s, &n)) != NULL && w < end;
	    s = w + n) {
		if ((n == 5 && strncasecmp(w, "rated", 5) == 0) ||
		    (n == 7 && strncasecmp(w, "unrated", 7) == 0)) {
			c->unrated = n == 7;
			state = 0;
			continue;
		}
		if (n == 8 && strncasecmp(w, "segments", 8) == 0) {
			w = command_word(w + n, &n);
			if (w == NULL || command_number(w, n,
			    &c->segments) == -1)
				return (command_fail(rd, "%s: segments takes a "
				    "number, such as segments 3", word));
			state = 0;
			continue;
		}
		if (n == 4 && strncasecmp(w, "time", 4) == 0) {
			if (command_time(rd, c, w + n) == -1)
				return (-1);
			w = command_word(w + n, &n);
			state = 0;
			continue;
		}
		if (n == 4 && strncasecmp(w, "with", 4) == 0) {
			state = 1;
			continue;
		}
		if (seek && state != 1) {
			if ((rc = command_seek(rd, c, &w, &n)) == -1)
				return (-1);
			if (rc == 1)
				continue;
			return (command_fail(rd, "seek: '%.*s' is not a word "
			    "seek understands (time 3d+1d/10d, segments N, "
			    "players N, with robot[:LEVEL], rated, unrated, "
			    "range 1400-1700, min N, max N)", (int)n, w));
		}
		if (n == 4 && strncasecmp(w, "open", 4) == 0) {
			w = command_word(w + n, &n);
			if (w == NULL || command_number(w, n, &c->open) == -1)
				return (command_fail(rd, "new: open takes a "
				    "number of seats, such as open 1"));
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
		if (state == 1 && (n == 5 || (n > 6 && w[5] == ':')) &&
		    strncasecmp(w, "robot", 5) == 0) {
			/* "with robot", "with robot:greedy": a robot. */
			bare = n;
		} else if (seek) {
			if ((rc = command_seek(rd, c, &w, &n)) == -1)
				return (-1);
			if (rc == 1) {
				state = 0;
				continue;
			}
			return (command_fail(rd, "seek: '%.*s' is not a "
			    "robot; a seek invites nobody, but may seat "
			    "robots (with robot, with robot:greedy)", (int)n,
			    w));
		} else if (state != 1 || memchr(w, '@', n) == NULL ||
		    w[0] == '@' || w[n - 1] == '@') {
			return (command_fail(rd, "new: '%.*s' is not a word "
			    "new understands (with ADDRESS..., open N, "
			    "segments N, match N, time 3d+1d/10d, rated, "
			    "unrated)", (int)n, w));
		} else if (address_check(w, (bare = command_bare(w,
		    n))) == -1) {
			return (command_fail(rd, "new: '%.*s' is not an "
			    "address; write it as bob@example.org", (int)n,
			    w));
		}
		if (c->nwith == COMMAND_MAX_WITH)
			return (command_fail(rd, "new: at most %d players can "
			    "be invited", COMMAND_MAX_WITH));
		c->with[c->nwith++] = xstrndup(w, bare);
	}
	if (seek && (c->open -= c->nwith) < 0)
		return (command_fail(rd, "seek: players %d leaves no seat for "
		    "%d robots; say players %d", c->open + c->nwith + 1,
		    c->nwith, c->nwith + 1));
	if (c->low != 0 && c->high != 0 && c->low > c->high)
		return (command_fail(rd, "seek: the range %d-%d is empty; "
		    "write the lower rating first, such as range 1400-1700",
		    c->low, c->high));
	return (0);
}

/*
 * A word of seek's own at *w (*n long): players N, range LOW-HIGH, min
 * N or max N.  1 with *w and *n at its last word, 0 if it is none of
 * them, -1 if it is malformed.
 */
static int
command_seek(struct command_reader *rd, struct command *c, const char **w,
    size_t *n)
{
	const char	*v;
	size_t		 full, len = 0;
	int		 players, *bound;

	if ((v = command_word(*w + *n, &full)) != NULL)
		len = command_bare(v, full);
	if (*n == 7 && strncasecmp(*w, "players", 7) == 0) {
		if (v == NULL || command_number(v, len, &players) == -1 ||
		    players < 2)
			return (command_fail(rd, "seek: players takes a number "
			    "from 2, such as players 3"));
		c->open = players - 1;
	} else if (*n == 5 && strncasecmp(*w, "range", 5) == 0) {
		if (v == NULL || command_range(c, v, len) == -1)
			return (command_fail(rd, "seek: range takes two "
			    "ratings, such as range 1400-1700 (or 1400-, or "
			    "-1700)"));
	} else if (*n == 3 && (strncasecmp(*w, "min", 3) == 0 ||
	    strncasecmp(*w, "max", 3) == 0)) {
		bound = tolower((unsigned char)(*w)[1]) == 'i' ? &c->low :
		    &c->high;
		if (v == NULL || command_number(v, len, bound) == -1)
			return (command_fail(rd, "seek: %.3s takes a rating, "
			    "such as %.3s 1500", *w, *w));
	} else
		return (0);
	*w = v;
	*n = full;
	return (1);
}

/* LOW-HIGH, LOW- or -HIGH at s (len long): c->low and c->high. */
static int
command_range(struct command *c, const char *s, size_t len)
{
	const char	*dash;
	size_t		 a;

	if ((dash = memchr(s, '-', len)) == NULL || len == 1)
		return (-1);
	a = (size_t)(dash - s);
	if ((a > 0 && command_number(s, a, &c->low) == -1) ||
	    (a + 1 < len && command_number(dash + 1, len - a - 1,
	    &c->high) == -1))
		return (-1);
	return (0);
}

/* The time control after "time" at s, kept canonical in c->time. */
static int
command_time(struct command_reader *rd, struct command *c, const char *s)
{
	struct clock_control	 ctl;
	struct buf		 b;
	const char		*w;
	char			*spec, *why = NULL;
	size_t			 n;
	int			 rc;

	if ((w = command_word(s, &n)) == NULL)
		return (command_fail(rd, "%s: time takes a clock, such as "
		    "time 3d+1d/10d (3 days, 1 more a turn, at most 10), "
		    "time 2d (2 days a turn) or time none",
		    command_name(c->type)));
	spec = xstrndup(w, n);
	if (clock_parse(spec, &ctl, &why) == -1) {
		rc = command_fail(rd, "%s: %s", command_name(c->type), why);
		free(why);
		free(spec);
		return (rc);
	}
	free(spec);
	buf_init(&b);
	clock_format(&ctl, &b);
	free(c->time);
	c->time = buf_steal(&b);
	return (0);
}

/*
 * Do the words from w (its first n long) fit "tournament" or "league":
 * "new NAME KIND ...", "join|leave|start|pause|resume NAME", the
 * organiser's "adjudicate|replace|move" and two words or more, or a
 * lone NAME of letters, digits, "-" and "_"?  "I joined the league
 * last year" does not.
 */
static int
command_event_fits(const char *w, size_t n)
{
	const char	*next;
	size_t		 m, i;

	next = command_word(w + n, &m);
	if (n == 3 && strncasecmp(w, "new", 3) == 0)
		return (next != NULL && command_word(next + m, &m) != NULL);
	if (n == 4 && strncasecmp(w, "join", 4) == 0) {
		/* "join NAME", or the organiser's "join NAME robot:mcts". */
		if (next == NULL || (w = command_word(next + m, &m)) == NULL)
			return (next != NULL);
		return (strncasecmp(w, "robot", 5) == 0 &&
		    command_word(w + m, &m) == NULL);
	}
	if ((n == 5 && (strncasecmp(w, "leave", 5) == 0 ||
	    strncasecmp(w, "start", 5) == 0 ||
	    strncasecmp(w, "pause", 5) == 0)) ||
	    (n == 6 && strncasecmp(w, "resume", 6) == 0))
		return (next != NULL && command_word(next + m, &m) == NULL);
	/* The organiser's: "adjudicate G12 red", "replace [NAME] P NEW". */
	if ((n == 10 && strncasecmp(w, "adjudicate", 10) == 0) ||
	    (n == 7 && strncasecmp(w, "replace", 7) == 0) ||
	    (n == 4 && strncasecmp(w, "move", 4) == 0))
		return (next != NULL && command_word(next + m, &m) != NULL);
	if (next != NULL)
		return (0);
	for (i = 0; i < n; i++) {
		if (!isalnum((unsigned char)w[i]) && w[i] != '-' &&
		    w[i] != '_')
			return (0);
	}
	return (1);
}

/*
 * Is name one a player may go by?  1 to COMMAND_NAME_MAX bytes of UTF-8
 * without <, >, @ or ", and without a character that breaks or turns a
 * line where the name is shown: C0 and C1 controls, DEL, the Unicode
 * line and paragraph separators, and the bidirectional embeddings,
 * overrides and isolates.  The rules of "name", and of a name taken
 * from a From header.  0, or -1 and *cause (if cause is not NULL).
 */
int
command_name_check(const char *name, char **cause)
{
	const unsigned char	*p = (const unsigned char *)name;
	size_t			 len = strlen(name), n, i;
	unsigned		 c;
	const char		*why = NULL;

	if (len == 0 || len > COMMAND_NAME_MAX) {
		if (cause != NULL)
			xasprintf(cause, "name: a name has 1 to %d characters",
			    COMMAND_NAME_MAX);
		return (-1);
	}
	for (; *p != '\0' && why == NULL; p += n) {
		c = *p;
		n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ?
		    3 : (c & 0xf8) == 0xf0 ? 4 : 0;
		for (i = 1; i < n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				break;
			c = (c << 8) | p[i];
		}
		if (n == 0 || i < n)
			why = "name: a name is written in UTF-8";
		else if (c < 0x20 || c == 0x7f || (c >= 0xc280 &&
		    c <= 0xc29f) || (c >= 0xe280a8 && c <= 0xe280ae) ||
		    (c >= 0xe281a6 && c <= 0xe281a9))
			why = "name: a name cannot hold control characters; "
			    "write just the name, like Alice Smith";
		else if (c < 0x80 && strchr("<>@\"", (int)c) != NULL) {
			if (cause != NULL)
				xasprintf(cause, "name: a name cannot hold "
				    "'%c'; write just the name, like Alice "
				    "Smith", (int)c);
			return (-1);
		}
	}
	if (why == NULL)
		return (0);
	if (cause != NULL)
		*cause = xstrdup(why);
	return (-1);
}

/*
 * link [ADDRESS], unlink ADDRESS (an address in <> too), confirm
 * [CODE]: w is the word after command word i, or NULL; what follows it
 * is conversation.
 */
static int
command_link(struct command_reader *rd, size_t i, struct command *c,
    const char *w)
{
	const char	*word = command_words[i].word;
	size_t		 n, bare;

	if (w == NULL && c->type == COMMAND_UNLINK)
		return (command_fail(rd, "unlink: which address? Write unlink "
		    "bob@example.org"));
	if (w == NULL)
		return (0);
	n = strcspn(w, " \t");
	bare = command_bare(w, n);
	if (c->type == COMMAND_CONFIRM) {
		if (bare != COMMAND_CODE_LEN ||
		    strspn(w, "0123456789") != bare)
			return (command_fail(rd, "confirm: '%.*s' is not a "
			    "code; copy the %d digits from the mail, such as "
			    "confirm 12345678", (int)n, w, COMMAND_CODE_LEN));
		c->arg = xstrndup(w, bare);
	} else {
		if (bare > 2 && w[0] == '<' && w[bare - 1] == '>')
			c->arg = xstrndup(w + 1, bare - 2);
		else
			c->arg = xstrndup(w, bare);
		if (address_check(c->arg, strlen(c->arg)) == -1)
			return (command_fail(rd, "%s: '%.*s' is not an "
			    "address; write it as bob@example.org", word,
			    (int)n, w));
	}
	if ((w = command_word(w + n, &n)) != NULL)
		command_talk(rd, w, strlen(w));
	return (0);
}

/* Keep a line of conversation (not from the subject). */
static void
command_talk(struct command_reader *rd, const char *s, size_t len)
{
	while (len > 0 && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	rd->turn = NULL;
	if (rd->subject || len == 0)
		return;
	if (rd->gap && rd->talk.len > 0)
		buf_addc(&rd->talk, '\n');
	rd->gap = 0;
	buf_add(&rd->talk, s, len);
	buf_addc(&rd->talk, '\n');
}

/* The length of word s without the punctuation that may end it. */
static size_t
command_bare(const char *s, size_t len)
{
	while (len > 0 && strchr(COMMAND_PUNCT, s[len - 1]) != NULL)
		len--;
	return (len);
}

/* The command word w is, or -1; *punct if punctuation ends it. */
static int
command_keyword(const char *w, size_t n, int *punct)
{
	size_t	i, bare = command_bare(w, n);

	*punct = bare < n;
	for (i = 0; i < COMMAND_NWORDS; i++) {
		if (strlen(command_words[i].word) == bare &&
		    strncasecmp(command_words[i].word, w, bare) == 0)
			return ((int)i);
	}
	return (-1);
}

/* Is word w (without its punctuation) one of list's, in any case? */
static int
command_among(const char *w, size_t n, const char **list, size_t nlist)
{
	size_t	i, bare = command_bare(w, n);

	for (i = 0; i < nlist; i++) {
		if (strlen(list[i]) == bare &&
		    strncasecmp(list[i], w, bare) == 0)
			return (1);
	}
	return (0);
}

/* Is w one of the chat words (accept, decline, ...)? */
static int
command_chat_word_at(const char *w, size_t n)
{
	struct command_words	ws;
	int			span;

	ws.n = 1;
	ws.s[0] = w;
	ws.len[0] = n;
	return (command_chat_word(&ws, 0, &span) != -1);
}

/* Is word k a dash that joins clauses ("-", "--")? */
static int
command_dash(const struct command_words *ws, int k)
{
	return (k >= 0 && k < ws->n && strspn(ws->s[k], "-") == ws->len[k]);
}

/*
 * The command a chat word at k reads as (enum command_chat), with the
 * number of its words in *span ("no thanks" is two); -1 for none.
 */
static int
command_chat_word(const struct command_words *ws, int k, int *span)
{
	size_t	i, bare = command_bare(ws->s[k], ws->len[k]);

	*span = 1;
	for (i = 0; i < COMMAND_NCHAT; i++) {
		if (strlen(command_chat_words[i].word) == bare &&
		    strncasecmp(command_chat_words[i].word, ws->s[k],
		    bare) == 0)
			return ((int)command_chat_words[i].chat);
	}
	if (k + 1 < ws->n && bare == ws->len[k] && command_among(ws->s[k],
	    ws->len[k], command_chat_no, nitems(command_chat_no)) &&
	    command_among(ws->s[k + 1], ws->len[k + 1], command_chat_thanks,
	    nitems(command_chat_thanks))) {
		*span = 2;
		return (COMMAND_CHAT_DECLINE);
	}
	return (-1);
}

/*
 * Tell the sender once that line s was not done, and what to write;
 * chats is the set of readings it has, hedged if it was a question
 * or a "maybe".
 */
static void
command_unclear(struct command_reader *rd, const char *s, size_t len,
    unsigned int chats, int hedged)
{
	struct buf	 b;
	size_t		 i, cut;
	int		 first = 1;

	if (rd->list->unclear != NULL)
		return;
	/* A long line is quoted to a word's end. */
	cut = len;
	if (len > COMMAND_QUOTE_MAX) {
		for (cut = COMMAND_QUOTE_MAX; cut > 0 && s[cut] != ' '; cut--)
			/* nothing */;
		if (cut == 0)
			cut = COMMAND_QUOTE_MAX;
	}
	buf_init(&b);
	buf_addf(&b, "line %d: \"%.*s%s\" was not done, as it %s; write ",
	    rd->line, (int)cut, s, cut < len ? "..." : "", hedged ?
	    "asks rather than says" : "can be read more than one way");
	for (i = 0; i < nitems(command_chat_names); i++) {
		if ((chats & (1U << i)) == 0)
			continue;
		buf_addf(&b, "%s%s", first ? "" : " or ",
		    command_chat_names[i]);
		first = 0;
	}
	buf_adds(&b, " alone on a line to do it");
	rd->list->unclear = buf_steal(&b);
}

/*
 * Read a line of conversation for a command word standing in it as a
 * clause of its own.  1 if it was a command or unclear, 0 if it is
 * conversation after all.
 */
static int
command_chat(struct command_reader *rd, const char *line, size_t len)
{
	struct command_words	 ws;
	struct action		*act;
	struct buf		 talk;
	const char		*word;
	char			*why = NULL;
	unsigned int		 seen = 0;
	int			 k, j, span, chat, left, right, ask, ok;
	int			 found = -1, fsp = 1, from = 0, fchat = 0;
	int			 hedged = 0, bounded = 0;

	if (rd->chat == 0 || rd->subject)
		return (0);
	command_split(rd, line, &ws);
	for (k = 0; k < ws.n; k += span) {
		if ((chat = command_chat_word(&ws, k, &span)) == -1)
			continue;
		if ((chat <= COMMAND_CHAT_DECLINE &&
		    (rd->chat & COMMAND_CHAT_INVITED) == 0) ||
		    (chat >= COMMAND_CHAT_RESIGN &&
		    ((rd->chat & COMMAND_CHAT_TO_MOVE) == 0 || rd->g == NULL)))
			continue;
		seen |= 1U << chat;
		word = ws.s[k + span - 1];
		ask = word[ws.len[k + span - 1] - 1] == '?';
		/* "I resign", "maybe resign": the clause starts before. */
		for (j = k; j > 0 && k - j < 2; j--) {
			if (command_among(ws.s[j - 1], ws.len[j - 1],
			    command_chat_hedges, nitems(command_chat_hedges)))
				ask = 1;
			else if (!command_among(ws.s[j - 1], ws.len[j - 1],
			    command_chat_selves, nitems(command_chat_selves)))
				break;
			if (command_bare(ws.s[j - 1], ws.len[j - 1]) <
			    ws.len[j - 1])
				break;
		}
		left = j == 0 || command_dash(&ws, j - 1) ||
		    command_bare(ws.s[j - 1], ws.len[j - 1]) < ws.len[j - 1];
		right = k + span == ws.n || command_dash(&ws, k + span) ||
		    command_bare(word, ws.len[k + span - 1]) <
		    ws.len[k + span - 1];
		bounded |= left;
		if (left && ask)
			hedged = 1;
		else if (left && right && found == -1) {
			found = k;
			fsp = span;
			from = j;
			fchat = chat;
		}
	}
	if (seen == 0 || !bounded)
		return (0);
	if (hedged || (seen & (seen - 1)) != 0) {
		command_unclear(rd, line, len, seen, hedged);
		rd->turn = NULL;
		rd->gap = 1;
		return (1);
	}
	if (found == -1)
		return (0);
	chat = fchat;
	if (chat >= COMMAND_CHAT_RESIGN) {
		/* Resign is every game's; pass only a game's that has it. */
		word = command_chat_names[chat];
		if (chat == COMMAND_CHAT_PASS && game_looks_like(rd->g->ops,
		    word, strlen(word)) == 0) {
			act = game_action_new(rd->g);
			ok = rd->g->ops->parse(rd->g, word, strlen(word), act,
			    &why) == 0;
			free(why);
			free(act);
			if (!ok)
				return (0);
		}
		rd->turn = NULL;
		if (command_turn(rd, COMMAND_PLAY, 0, word, strlen(word)) == -1)
			return (-1);
	} else {
		command_add(rd, chat == COMMAND_CHAT_ACCEPT ?
		    COMMAND_ACCEPT : COMMAND_DECLINE);
	}
	/* The rest of the line, without the dash that joined it, is talk. */
	buf_init(&talk);
	k = from;
	if (k > 0 && command_dash(&ws, k - 1) && found + fsp == ws.n)
		k--;
	if (k > 0)
		buf_add(&talk, line, (size_t)(ws.s[k - 1] + ws.len[k - 1] -
		    line));
	k = found + fsp;
	if (command_dash(&ws, k))
		k++;
	if (k < ws.n) {
		if (talk.len > 0)
			buf_addc(&talk, ' ');
		buf_adds(&talk, ws.s[k]);
	}
	command_talk(rd, talk.data != NULL ? talk.data : "", talk.len);
	buf_free(&talk);
	rd->turn = NULL;
	rd->gap = 1;
	return (1);
}

/*
 * Words wrapped whole in brackets, "(g)" as a board shows a layout
 * letter, without them, so that "#4 (g)" is the turn g.
 */
static void
command_unwrap(struct command_reader *rd, struct command_words *ws)
{
	const struct game_ops	*ops = rd->g != NULL ? rd->g->ops : NULL;
	size_t			 n, i;
	int			 k;

	for (k = 0; k < ws->n; k++) {
		n = command_bare(ws->s[k], ws->len[k]);
		if (n < 3 || !((ws->s[k][0] == '(' && ws->s[k][n - 1] == ')') ||
		    (ws->s[k][0] == '[' && ws->s[k][n - 1] == ']')))
			continue;
		for (i = 1; i < n - 1 &&
		    isalnum((unsigned char)ws->s[k][i]); i++)
			/* nothing */;
		if (i < n - 1)
			continue;
		ws->s[k]++;
		ws->len[k] = n - 2;
		ws->shape[k] = game_looks_like(ops, ws->s[k], ws->len[k]);
	}
}

/*
 * Is a line that starts with keyword i (punct if punctuation ends it)
 * and goes on with rest a command, or conversation that happens to
 * start with the word?
 */
static int
command_fits(size_t i, int punct, const char *rest)
{
	const char	*w;
	char		*name;
	size_t		 n, more;
	int		 game, found;

	if ((w = command_word(rest, &n)) == NULL || punct)
		return (1);
	/* A game, or a last word that is trying to be one (G, Gx, 1x). */
	game = command_game(w, command_bare(w, n), &game) == 0 ||
	    (strchr("Gg0123456789", w[0]) != NULL && command_word(w + n,
	    &more) == NULL && (n <= 2 || strpbrk(w, "0123456789") != NULL));
	switch (command_words[i].args) {
	case COMMAND_ARGS_NONE:
	case COMMAND_ARGS_MAYBE_GAME:
		return (game);
	case COMMAND_ARGS_TOPIC:
	case COMMAND_ARGS_VARIANT:
		return (command_word(w + n, &n) == NULL);
	case COMMAND_ARGS_NEW:
		name = xstrndup(w, command_bare(w, n));
		found = game_find(name) != NULL || strchr(rest, '@') != NULL;
		free(name);
		return (found);
	case COMMAND_ARGS_VACATION:
		/* "vacation 5d", "vacation until 2026-12-27", "off". */
		if (n == 5 && strncasecmp(w, "until", 5) == 0)
			return ((w = command_word(w + n, &n)) != NULL &&
			    isdigit((unsigned char)*w) &&
			    command_word(w + n, &n) == NULL);
		return ((isdigit((unsigned char)*w) || (n == 3 &&
		    strncasecmp(w, "off", 3) == 0)) &&
		    command_word(w + n, &n) == NULL);
	case COMMAND_ARGS_SETTING:
		/* "set confirm off": a key and a value, no sentence. */
		return ((w = command_word(w + n, &n)) == NULL ||
		    command_word(w + n, &n) == NULL);
	case COMMAND_ARGS_ADDRESS:
		/* An address, or a lone word that tries to be one. */
		return (memchr(w, '@', n) != NULL ||
		    command_word(w + n, &more) == NULL);
	case COMMAND_ARGS_CODE:
		/* "confirm 12345678", not "confirm my move". */
		return (strspn(w, "0123456789") == command_bare(w, n) ||
		    command_word(w + n, &more) == NULL);
	case COMMAND_ARGS_EVENT:
		return (command_event_fits(w, n));
	case COMMAND_ARGS_GAMES:
		/* "games open", not "games are fun". */
		return (game || (command_bare(w, n) == 4 &&
		    strncasecmp(w, "open", 4) == 0 &&
		    command_word(w + n, &more) == NULL));
	case COMMAND_ARGS_WHO:
		/* "stats bob@example.org", "stats Alice Smith". */
		for (found = 1; (w = command_word(w + n, &n)) != NULL;)
			found++;
		return (found <= COMMAND_WHO_WORDS);
	default:
		return (1);
	}
}

/* Split line into words, with how much each looks like a move. */
static void
command_split(struct command_reader *rd, const char *line,
    struct command_words *ws)
{
	const struct game_ops	*ops = rd->g != NULL ? rd->g->ops : NULL;
	const char		*w = line;
	size_t			 n;

	ws->n = 0;
	while (ws->n < COMMAND_LINE_WORDS &&
	    (w = command_word(w, &n)) != NULL) {
		ws->s[ws->n] = w;
		ws->len[ws->n] = n;
		ws->shape[ws->n] = game_looks_like(ops, w, command_bare(w, n));
		ws->n++;
		w += n;
	}
}

/*
 * Words a to b as turn text: one space between them, without the
 * full stop or other punctuation a sentence puts after the last; a
 * comma inside an open bracket stays (the list goes on next line).
 */
static void
command_join(const struct command_words *ws, int a, int b, struct buf *out)
{
	const char	*s;
	size_t		 len, bare, i;
	int		 k, open = 0;

	buf_reset(out);
	for (k = a; k < b; k++) {
		s = ws->s[k];
		len = ws->len[k];
		for (i = 0; i < len; i++)
			open += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
		bare = command_bare(s, len);
		if (open > 0 && bare < len && s[bare] == ',')
			bare++;
		if (k > a)
			buf_addc(out, ' ');
		buf_add(out, s, k == b - 1 ? bare : len);
	}
}

/*
 * Look for a turn in words first to the end: the leftmost, longest run
 * the game's parser accepts; a run without a digit only as all of them.
 * 1 and the turn in out, or 0.
 */
static int
command_span(struct command_reader *rd, const struct command_words *ws,
    int first, int label, struct buf *out)
{
	struct action	*act;
	char		*why;
	size_t		 i;
	int		 a, b, end, k, digit, found = 0;

	if (rd->g == NULL)
		return (0);
	act = game_action_new(rd->g);
	for (a = first; a < ws->n && !found; a++) {
		if (ws->shape[a] == 0)
			continue;
		for (end = a; end < ws->n && ws->shape[end] != 0 &&
		    end - a < COMMAND_SPAN_WORDS; end++)
			/* nothing */;
		for (b = end; b > a && !found; b--) {
			for (digit = 0, k = a; k < b; k++) {
				for (i = 0; i < ws->len[k]; i++)
					digit |= isdigit((unsigned char)
					    ws->s[k][i]) != 0;
			}
			if (!digit && (a != label || b != ws->n))
				continue;
			command_join(ws, a, b, out);
			why = NULL;
			found = rd->g->ops->parse(rd->g, out->data, out->len,
			    act, &why) == 0;
			free(why);
		}
	}
	free(act);
	return (found);
}

/*
 * Is line a turn?  1, its #N in *guard and its text in out; 0 if it is
 * conversation; -1 if its #N is malformed.
 */
static int
command_find(struct command_reader *rd, const char *line, int *guard,
    struct buf *out)
{
	struct command_words	 ws;
	int			 first = 0, bad = 0, k;

	*guard = 0;
	command_split(rd, line, &ws);
	if (ws.n > 0 && ws.s[0][0] == '#' && ws.len[0] > 1) {
		/* A bad #N is an error only on a line with a turn. */
		bad = command_number(ws.s[0] + 1, command_bare(ws.s[0],
		    ws.len[0]) - 1, guard) == -1;
		first = 1;
	}
	k = command_look(rd, &ws, first, out);
	if (k == 0 && ws.n == first + 1) {
		/* "#4 (g)": the letter copied as the board shows it. */
		command_unwrap(rd, &ws);
		k = command_look(rd, &ws, first, out);
	}
	if (k == 1 && bad)
		return (command_fail(rd, "'%.*s': a turn number is written "
		    "#14", (int)ws.len[0], ws.s[0]));
	return (k);
}

/* Is there a turn in the words from first on?  1 and out, or 0. */
static int
command_look(struct command_reader *rd, const struct command_words *ws,
    int first, struct buf *out)
{
	int	label, k, a, b;

	label = first;
	for (k = first; k < ws->n - 1 && k < first + COMMAND_LABEL_WORDS;
	    k++) {
		if (ws->s[k][ws->len[k] - 1] == ':') {
			label = k + 1;
			break;
		}
	}
	if (command_span(rd, ws, first, label, out))
		return (1);
	/* Not a turn the game takes: does it look like an attempt? */
	for (k = first; k < ws->n && ws->shape[k] != 2; k++)
		/* nothing */;
	if (k < ws->n) {
		for (a = k; a > (k >= label ? label : first) &&
		    ws->shape[a - 1] != 0; a--)
			/* nothing */;
		for (b = k; b < ws->n && ws->shape[b] != 0; b++)
			/* nothing */;
		command_join(ws, a, b, out);
		return (1);
	}
	for (k = label; k < ws->n && ws->shape[k] != 0; k++)
		/* nothing */;
	if (k == ws->n && label < ws->n) {
		command_join(ws, label, ws->n, out);
		return (1);
	}
	return (0);
}

/* One line of command text. */
static int
command_line(struct command_reader *rd, const char *s, size_t len)
{
	struct command	*c;
	struct buf	 turn;
	const char	*w, *rest;
	char		*line;
	size_t		 n, i;
	int		 k, punct, guard, rc = 0;

	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	line = xstrndup(s, len);
	if ((w = command_word(line, &n)) == NULL)
		goto out;
	k = command_keyword(w, n, &punct);
	/* "accept?" asks; command_chat() says it is not done. */
	if (k != -1 && rd->chat != 0 && w[n - 1] == '?' &&
	    command_chat_word_at(w, n))
		k = -1;
	if (k == -1 || !command_fits((size_t)k, punct, w + n)) {
		buf_init(&turn);
		if ((rc = command_find(rd, line, &guard, &turn)) == 1) {
			rc = command_turn(rd, COMMAND_PLAY, guard, turn.data,
			    turn.len);
			rd->gap = 1;
		} else if (rc == 0 &&
		    (rc = command_chat(rd, line, len)) == 0)
			command_talk(rd, line, len);
		if (rc == 1)
			rc = 0;
		buf_free(&turn);
		goto out;
	}
	i = (size_t)k;
	rest = w + n;
	rd->gap = 1;
	if (command_words[i].args == COMMAND_ARGS_TURN) {
		rc = command_turn(rd, COMMAND_PREVIEW, -1, rest, strlen(rest));
		goto out;
	}
	c = command_add(rd, command_words[i].type);
	w = command_word(rest, &n);
	if (punct && command_words[i].args != COMMAND_ARGS_NAME &&
	    command_words[i].args != COMMAND_ARGS_PRESS) {
		/* "accept, see you on the board": the rest is talk. */
		if (w != NULL)
			command_talk(rd, w, strlen(w));
		w = NULL;
	}
	switch (command_words[i].args) {
	case COMMAND_ARGS_NONE:
		if (w != NULL) {
			rc = command_fail(rd, "%s: nothing more is expected "
			    "after it", command_words[i].word);
			goto out;
		}
		break;
	case COMMAND_ARGS_TOPIC:
		if (w != NULL)
			c->arg = xstrndup(w, n);
		break;
	case COMMAND_ARGS_VARIANT:
		if (w == NULL) {
			rc = command_fail(rd, "%s: which game? Write %s "
			    "velox, levis, classic or mur",
			    command_words[i].word, command_words[i].word);
			goto out;
		}
		c->arg = xstrndup(w, n);
		break;
	case COMMAND_ARGS_NEW:
		rc = command_new(rd, c, rest, strlen(rest));
		break;
	case COMMAND_ARGS_MAYBE_GAME:
		if (w == NULL)
			break;
		if (command_game(w, command_bare(w, n), &c->game) == -1) {
			rc = command_fail(rd, "%s: which game? Write it like "
			    "G12", command_words[i].word);
			goto out;
		}
		rest = w + n;
		if ((w = command_word(rest, &n)) == NULL)
			break;
		if (command_game(w, command_bare(w, n), &k) == 0) {
			rc = command_fail(rd, "%s: nothing more is expected "
			    "after it", command_words[i].word);
			goto out;
		}
		command_talk(rd, w, strlen(w));
		break;
	case COMMAND_ARGS_NAME:
		while (*rest == ' ' || *rest == '\t')
			rest++;
		if (*rest == '\0' || strlen(rest) > COMMAND_NAME_MAX) {
			rc = command_fail(rd, "name: a name has 1 to %d "
			    "characters", COMMAND_NAME_MAX);
			goto out;
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
	case COMMAND_ARGS_VACATION:
		while (*rest == ' ' || *rest == '\t')
			rest++;
		c->arg = xstrdup(rest);
		break;
	case COMMAND_ARGS_PRESS:
		c->arg = xstrdup(w != NULL ? w : "");
		if (!rd->subject)
			rd->press = c;
		break;
	case COMMAND_ARGS_ADDRESS:
	case COMMAND_ARGS_CODE:
		rc = command_link(rd, i, c, w);
		break;
	case COMMAND_ARGS_EVENT:
		if (w == NULL) {
			rc = command_fail(rd, "%s: which? Write %s NAME, or "
			    "%s new, join, leave or start NAME",
			    command_words[i].word, command_words[i].word,
			    command_words[i].word);
			goto out;
		}
		c->arg = xstrdup(w);
		break;
	case COMMAND_ARGS_GAMES:
		if (w == NULL)
			break;
		if (command_bare(w, n) != 4 || strncasecmp(w, "open", 4) != 0 ||
		    command_word(w + n, &n) != NULL) {
			rc = command_fail(rd, "games: nothing more is expected "
			    "after it");
			goto out;
		}
		c->arg = xstrdup("open");
		break;
	case COMMAND_ARGS_WHO:
		if (w == NULL)
			break;
		n = command_bare(w, strlen(w));
		if (n > COMMAND_NAME_MAX) {
			rc = command_fail(rd, "stats: whose? Write stats, stats "
			    "ADDRESS or stats NAME");
			goto out;
		}
		c->arg = xstrndup(w, n);
		break;
	default:
		break;
	}
out:
	free(line);
	return (rc);
}

/* Every line of text. */
static int
command_text(struct command_reader *rd, const char *text)
{
	struct buf	 b;
	const char	*p = text, *nl;
	size_t		 len;

	while (*p != '\0') {
		rd->line++;
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		while (len > 0 && isspace((unsigned char)p[len - 1]))
			len--;
		if (rd->press != NULL) {
			/* Every line after "press" is its message. */
			buf_init(&b);
			buf_adds(&b, rd->press->arg);
			if (b.len > 0)
				buf_addc(&b, '\n');
			buf_add(&b, p, len);
			free(rd->press->arg);
			rd->press->arg = buf_steal(&b);
		} else if (len == 0 || strspn(p, " \t\r") >= len) {
			rd->turn = NULL;	/* a blank line ends a turn */
			rd->gap = 1;
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
 * no command and no turn) into *list, reading turns for game g (NULL:
 * any game's) and the commands in chat that chat (COMMAND_CHAT_*)
 * says mean something now.  On failure *list holds nothing and
 * *cause says which line is wrong and why.
 */
int
command_parse(const char *text, const char *subject, const struct game *g,
    int chat, struct command_list *list, char **cause)
{
	struct command_reader	 rd;
	const char		*s;
	char			*copy;
	size_t			 i;
	int			 rc = 0;

	memset(list, 0, sizeof *list);
	memset(&rd, 0, sizeof rd);
	rd.list = list;
	rd.cause = cause;
	rd.g = g;
	rd.chat = chat;
	buf_init(&rd.talk);
	if (command_text(&rd, text) == -1)
		goto fail;
	for (i = 0; i < list->n; i++) {
		if (list->v[i].type != COMMAND_PRESS)
			continue;
		s = list->v[i].arg;
		if (s[strspn(s, " \t\n")] == '\0') {
			rd.line = list->v[i].line;
			command_fail(&rd, "press: write the message after it, "
			    "on the same line or the lines below");
			goto fail;
		}
	}
	if (rd.talk.len > 0)
		list->talk = buf_steal(&rd.talk);
	/* Our own subjects carry a tag: they are not commands. */
	if (list->n > 0 || subject == NULL ||
	    command_subject_game(subject) != 0)
		goto out;
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
	rd.subject = 1;
	rc = command_line(&rd, copy, strlen(copy));
	free(copy);
	if (rc == -1)
		goto fail;
out:
	buf_free(&rd.talk);
	return (0);
fail:
	buf_free(&rd.talk);
	command_list_free(list);
	return (-1);
}

void
command_list_free(struct command_list *l)
{
	size_t	i;
	int	j;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].arg);
		free(l->v[i].time);
		for (j = 0; j < l->v[i].nwith; j++)
			free(l->v[i].with[j]);
	}
	free(l->v);
	free(l->talk);
	free(l->unclear);
	memset(l, 0, sizeof *l);
}
