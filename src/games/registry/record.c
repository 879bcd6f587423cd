#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game-registry.h"
#include "record.h"
#include "rng.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A record is:
 *
 *	mupbem record 1
 *	game velox
 *	players 2
 *	segments 8		(Mu only)
 *	match 6			(Mur only: games in the match)
 *	seed 42
 *	seat red bob@example.org	(optional: who sits where)
 *	seat blue alice@example.org
 *				(a blank line ends the header)
 *	1 red @0,0
 *	2 blue @3,-1
 *
 * Each action line holds its number, the colour of the seat that made
 * it and the action in canonical notation.  A comment line ("# the
 * operator replaced blue") is kept where it stands, among the turns,
 * so that the service can log there what happened outside the game:
 * a timeout, a substitute, an adjudication.  Parsing checks only the
 * form; record_replay() plays the actions from a new game, insisting
 * on canonical notation (a diagram letter, say, means something else
 * in another version's diagram), so a record
 * always gives the same position, and the first action that does not
 * fit is named with its number.  The header, too, must be written
 * exactly as record_write() writes it.  A record whose last line has no
 * newline was cut off in writing, and is refused as truncated.
 *
 * Seats (MU-RULINGS, "Play by email"): the first seat moves first, so
 * deciding who goes first is deciding who sits where.  record_draw()
 * seats the players by a draw from the record's seed, unless the
 * creator keeps their order; the seat lines record the outcome, and
 * the seed lets anyone repeat the draw.
 */

static int	record_fail(char **, int, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static int	record_header(struct record *, const char *, size_t, int,
		    unsigned *, char **);
static int	record_action(struct record *, const char *, size_t, int,
		    char **);
static void	record_write_header(const struct record *, struct buf *);
static int	record_seat_find(const struct game *, const char *, char **);
static int	record_canonical(const struct record *, const char *, size_t,
		    char **);

void
record_init(struct record *r, const struct game_ops *ops,
    const struct game_options *opts, uint64_t seed)
{
	memset(r, 0, sizeof *r);
	r->ops = ops;
	if (opts != NULL)
		r->opts = *opts;
	r->seed = seed;
}

void
record_free(struct record *r)
{
	size_t	i;

	for (i = 0; i < r->nactions; i++) {
		free(r->actions[i].seat);
		free(r->actions[i].text);
	}
	free(r->actions);
	for (i = 0; i < r->nnotes; i++)
		free(r->notes[i].text);
	free(r->notes);
	for (i = 0; i < r->nseats; i++) {
		free(r->seats[i].colour);
		free(r->seats[i].player);
	}
	free(r->seats);
	memset(r, 0, sizeof *r);
}

/* Append an action made by seat. */
void
record_add(struct record *r, const char *seat, const char *text)
{
	struct record_action	*a;

	r->actions = xreallocarray(r->actions, r->nactions + 1,
	    sizeof *r->actions);
	a = &r->actions[r->nactions++];
	a->line = 0;
	a->seat = xstrdup(seat);
	a->text = xstrdup(text);
}

/* Add a comment line after the turns so far; text is one line. */
void
record_note(struct record *r, const char *text)
{
	struct record_note	*n;

	r->notes = xreallocarray(r->notes, r->nnotes + 1, sizeof *r->notes);
	n = &r->notes[r->nnotes++];
	n->after = r->nactions;
	n->text = xstrndup(text, strcspn(text, "\n"));
}

/* Seat player in the next seat, called colour. */
void
record_seat(struct record *r, const char *colour, const char *player)
{
	r->seats = xreallocarray(r->seats, r->nseats + 1, sizeof *r->seats);
	r->seats[r->nseats].colour = xstrdup(colour);
	r->seats[r->nseats].player = xstrdup(player);
	r->nseats++;
}

/*
 * The seat player old holds (any case) is player new's now: its colour,
 * or NULL if old holds no seat.
 */
const char *
record_rename(struct record *r, const char *old, const char *new)
{
	const char	*colour = NULL;
	size_t		 i;

	for (i = 0; i < r->nseats; i++) {
		if (strcasecmp(r->seats[i].player, old) != 0)
			continue;
		free(r->seats[i].player);
		r->seats[i].player = xstrdup(new);
		if (colour == NULL)
			colour = r->seats[i].colour;
	}
	return (colour);
}

/*
 * Seat the n players named in players[] at the seats of game g: in the
 * order given if ordered, otherwise in an order drawn from the seed.
 */
void
record_draw(struct record *r, const struct game *g, char **players,
    int ordered)
{
	struct rng	 rng;
	int		*order, i, n;

	n = g->ops->players(g);
	order = xreallocarray(NULL, (size_t)n, sizeof *order);
	for (i = 0; i < n; i++)
		order[i] = i;
	if (!ordered) {
		rng_init(&rng, r->seed);
		rng_shuffle(&rng, order, n);
	}
	for (i = 0; i < n; i++)
		record_seat(r, g->ops->seat_name(g, i), players[order[i]]);
	free(order);
}

static int
record_fail(char **cause, int line, const char *fmt, ...)
{
	va_list	 ap;
	char	*why;

	va_start(ap, fmt);
	if (vasprintf(&why, fmt, ap) == -1)
		why = NULL;
	va_end(ap);
	xasprintf(cause, "record line %d: %s", line, why != NULL ? why :
	    "bad line");
	free(why);
	return (-1);
}

/* One "key value" header line; seen has a bit for each key read. */
static int
record_header(struct record *r, const char *s, size_t len, int line,
    unsigned *seen, char **cause)
{
	static const char	*keys[] = { "game", "players", "segments",
				    "seed", "seat", "match" };
	const char		*sp, *v;
	struct buf		 names;
	char			*name, *end;
	size_t			 klen, vlen;
	unsigned		 k;
	long			 n;

	if (len > 0 && isdigit((unsigned char)s[0]))
		return (record_fail(cause, line, "a blank line must end the "
		    "header before the turns"));
	if ((sp = memchr(s, ' ', len)) == NULL)
		return (record_fail(cause, line, "expected a header field "
		    "such as 'players 2', or a blank line"));
	klen = (size_t)(sp - s);
	v = text_trim(sp + 1, len - klen - 1, &vlen);
	for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		if (strlen(keys[k]) == klen && memcmp(keys[k], s, klen) == 0)
			break;
	}
	if (k == sizeof keys / sizeof keys[0]) {
		name = text_quote(s, klen);
		record_fail(cause, line, "unknown header field '%s' (a "
		    "record has game, players, segments, match, seed and "
		    "seat)", name);
		free(name);
		return (-1);
	}
	if ((*seen & (1U << k)) && k != 4)
		return (record_fail(cause, line, "'%s' is given twice",
		    keys[k]));
	*seen |= 1U << k;
	switch (k) {
	case 0:
		name = xstrndup(v, vlen);
		r->ops = game_find(name);
		free(name);
		if (r->ops == NULL) {
			buf_init(&names);
			game_names(&names);
			record_fail(cause, line, "game: no such game (the "
			    "games are %s)", names.data);
			buf_free(&names);
			return (-1);
		}
		break;
	case 1:
	case 2:
	case 5:
		if (text_parse_int(v, vlen, 1, 99, &n) == -1)
			return (record_fail(cause, line, "%s: expected a "
			    "number from 1 to 99", keys[k]));
		if (k == 1)
			r->opts.players = (int)n;
		else if (k == 2)
			r->opts.segments = (int)n;
		else
			r->opts.games = (int)n;
		break;
	case 3:
		name = xstrndup(v, vlen);
		errno = 0;
		r->seed = strtoumax(name, &end, 10);
		if (vlen == 0 || !isdigit((unsigned char)name[0]) ||
		    *end != '\0' || errno != 0) {
			free(name);
			return (record_fail(cause, line, "seed: expected a "
			    "whole number from 0 to 2^64-1"));
		}
		free(name);
		break;
	case 4:
		if ((sp = memchr(v, ' ', vlen)) == NULL || sp == v ||
		    (size_t)(sp - v) + 1 == vlen ||
		    memchr(sp + 1, ' ', vlen - (size_t)(sp - v) - 1) != NULL)
			return (record_fail(cause, line, "seat: expected a "
			    "colour and a player, such as 'seat red bob'"));
		name = xstrndup(v, (size_t)(sp - v));
		end = xstrndup(sp + 1, vlen - (size_t)(sp - v) - 1);
		record_seat(r, name, end);
		free(name);
		free(end);
		break;
	}
	return (0);
}

/* One "N seat action" line. */
static int
record_action(struct record *r, const char *s, size_t len, int line,
    char **cause)
{
	const char	*p, *end = s + len, *seat;
	size_t		 seatlen;
	long		 n;

	for (p = s; p < end && isdigit((unsigned char)*p); p++)
		/* nothing */;
	if (p == s || p == end || *p != ' ' ||
	    text_parse_int(s, (size_t)(p - s), 1, 1000000, &n) == -1)
		return (record_fail(cause, line, "expected a turn line: "
		    "its number, the mover's colour and the turn"));
	if ((size_t)n != r->nactions + 1)
		return (record_fail(cause, line, "expected turn %zu, found "
		    "turn %ld", r->nactions + 1, n));
	seat = ++p;
	while (p < end && *p != ' ')
		p++;
	seatlen = (size_t)(p - seat);
	if (seatlen == 0 || p == end)
		return (record_fail(cause, line, "turn %ld: the mover's "
		    "colour or the turn is missing", n));
	r->actions = xreallocarray(r->actions, r->nactions + 1,
	    sizeof *r->actions);
	r->actions[r->nactions].line = line;
	r->actions[r->nactions].seat = xstrndup(seat, seatlen);
	r->actions[r->nactions].text = xstrndup(p + 1, (size_t)(end - p - 1));
	r->nactions++;
	return (0);
}

/* Parse record text; on failure r is left empty. */
int
record_parse(struct record *r, const char *text, char **cause)
{
	const char	*p, *nl, *end;
	char		*note;
	size_t		 len;
	unsigned	 seen = 0;
	int		 line = 0, header = 1;

	record_init(r, NULL, NULL, 0);
	end = text + strlen(text);
	if (strncmp(text, "mupbem record 1\r\n", 17) == 0) {
		xasprintf(cause, "the record has DOS line ends (CR LF); "
		    "records use plain newlines");
		return (-1);
	}
	if (strncmp(text, "mupbem record 1\n", 16) != 0) {
		xasprintf(cause, "not a mupbem record: the first line must "
		    "be 'mupbem record 1'");
		return (-1);
	}
	for (p = text; p < end; p = nl + 1) {
		line++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL) {
			record_fail(cause, line, "the record is truncated: "
			    "its last line has no newline");
			goto fail;
		}
		len = (size_t)(nl - p);
		if (line == 1)
			continue;
		if (header && len == 0) {
			header = 0;
			if ((seen & 1) == 0 || (seen & 8) == 0 ||
			    (seen & 2) == 0) {
				record_fail(cause, line, "the header must "
				    "give game, players and seed");
				goto fail;
			}
			if (record_canonical(r, text, (size_t)(nl + 1 - text),
			    cause) == -1)
				goto fail;
			continue;
		}
		if (header) {
			if (record_header(r, p, len, line, &seen, cause) == -1)
				goto fail;
			continue;
		}
		if (len == 0)
			continue;
		if (p[0] == '#') {
			xasprintf(&note, "%.*s", (int)len - 1, p + 1);
			record_note(r, note + (note[0] == ' '));
			free(note);
			continue;
		}
		if (record_action(r, p, len, line, cause) == -1)
			goto fail;
	}
	if (header) {
		xasprintf(cause, "the record is truncated: its header has no "
		    "blank line after it");
		goto fail;
	}
	return (0);

fail:
	record_free(r);
	return (-1);
}

/* The header and the blank line after it. */
static void
record_write_header(const struct record *r, struct buf *out)
{
	size_t	i;

	buf_adds(out, "mupbem record 1\n");
	buf_addf(out, "game %s\n", r->ops->name);
	buf_addf(out, "players %d\n", r->opts.players);
	if (r->opts.segments != 0)
		buf_addf(out, "segments %d\n", r->opts.segments);
	if (r->opts.games != 0)
		buf_addf(out, "match %d\n", r->opts.games);
	buf_addf(out, "seed %" PRIu64 "\n", r->seed);
	for (i = 0; i < r->nseats; i++) {
		buf_addf(out, "seat %s %s\n", r->seats[i].colour,
		    r->seats[i].player);
	}
	buf_addc(out, '\n');
}

/*
 * The header text[0..len) must be exactly what record_write() writes,
 * so that a record kept and appended to stays canonical; name the
 * first line that is not.
 */
static int
record_canonical(const struct record *r, const char *text, size_t len,
    char **cause)
{
	struct buf	 out;
	char		*want;
	int		 line;

	buf_init(&out);
	record_write_header(r, &out);
	want = text_difference(text, len, out.data, &line);
	buf_free(&out);
	if (want == NULL)
		return (0);
	record_fail(cause, line, "not written the way mupbem writes it; "
	    "expected '%s'", want);
	free(want);
	return (-1);
}

void
record_write(const struct record *r, struct buf *out)
{
	size_t	i, j = 0;

	record_write_header(r, out);
	for (i = 0; i <= r->nactions; i++) {
		for (; j < r->nnotes && r->notes[j].after == i; j++)
			buf_addf(out, "#%s%s\n", *r->notes[j].text != '\0' ?
			    " " : "", r->notes[j].text);
		if (i < r->nactions) {
			buf_addf(out, "%zu %s %s\n", i + 1,
			    r->actions[i].seat, r->actions[i].text);
		}
	}
}

/* The seat of game g whose colour is written exactly as name, or -1. */
static int
record_seat_find(const struct game *g, const char *name, char **cause)
{
	char	*q;
	int	 seat, n = g->ops->players(g);

	for (seat = 0; seat < n; seat++) {
		if (strcmp(name, g->ops->seat_name(g, seat)) == 0)
			return (seat);
	}
	for (seat = 0; seat < n; seat++) {
		if (strcasecmp(name, g->ops->seat_name(g, seat)) == 0) {
			xasprintf(cause, "write the colour as '%s'",
			    g->ops->seat_name(g, seat));
			return (-1);
		}
	}
	q = text_quote(name, strlen(name));
	xasprintf(cause, "no seat in this game is called '%s'", q);
	free(q);
	return (-1);
}

/*
 * Play the record from a new game.  Returns the game, or NULL with a
 * cause naming the first action that failed and its number.
 */
struct game *
record_replay(const struct record *r, char **cause)
{
	return (record_replay_to(r, r->nactions, cause));
}

/*
 * As record_replay(), remembering in h each position on the way, the
 * first and the last included: the robots' memory of the game.
 */
struct game *
record_replay_history(const struct record *r, struct game_history *h,
    char **cause)
{
	struct game	*g;
	size_t		 i;

	if ((g = record_replay_to(r, 0, cause)) == NULL)
		return (NULL);
	game_history_add(h, g);
	for (i = 0; i < r->nactions; i++) {
		if (record_replay_on(r, g, i, i + 1, cause) == -1) {
			game_free(g);
			return (NULL);
		}
		game_history_add(h, g);
	}
	return (g);
}

/* The game the first n actions of r make, or NULL as record_replay(). */
struct game *
record_replay_to(const struct record *r, size_t n, char **cause)
{
	struct game	*g;
	char		*why = NULL, *q;
	size_t		 i;

	if ((g = game_create(r->ops, &r->opts, &why)) == NULL) {
		xasprintf(cause, "record header: %s", why);
		free(why);
		return (NULL);
	}
	if (r->nseats != 0 && (int)r->nseats != g->ops->players(g)) {
		xasprintf(cause, "record header: %zu seats for %d players",
		    r->nseats, g->ops->players(g));
		game_free(g);
		return (NULL);
	}
	for (i = 0; i < r->nseats; i++) {
		if (strcmp(r->seats[i].colour, g->ops->seat_name(g,
		    (int)i)) != 0) {
			q = text_quote(r->seats[i].colour,
			    strlen(r->seats[i].colour));
			xasprintf(cause, "record header: seat %zu is %s, not "
			    "%s", i + 1, g->ops->seat_name(g, (int)i), q);
			free(q);
			game_free(g);
			return (NULL);
		}
	}
	if (record_replay_on(r, g, 0, n, cause) == -1) {
		game_free(g);
		return (NULL);
	}
	return (g);
}

/*
 * Play actions from to n - 1 of r on g, the game r's first from actions
 * make.  Returns 0, or -1 with a cause as record_replay(); g is then
 * fit only for game_free(): the actions are played in place.
 */
int
record_replay_on(const struct record *r, struct game *g, size_t from,
    size_t n, char **cause)
{
	const struct record_action	*a;
	struct buf			 canon;
	char				*why = NULL, *q;
	size_t				 i;
	int				 seat;

	buf_init(&canon);
	for (i = from; i < n; i++) {
		a = &r->actions[i];
		if (g->ops->to_move(g) == -1) {
			xasprintf(&why, "the game is already over");
			goto fail;
		}
		if ((seat = record_seat_find(g, a->seat, &why)) == -1)
			goto fail;
		buf_reset(&canon);
		if (game_play_in_place(g, seat, a->text, strlen(a->text),
		    &canon, &why) == -1)
			goto fail;
		if (strcmp(canon.data, a->text) != 0) {
			xasprintf(&why, "a record holds turns in canonical "
			    "notation: write '%s'", canon.data);
			goto fail;
		}
	}
	buf_free(&canon);
	return (0);

fail:
	q = text_quote(a->text, strlen(a->text));
	if (a->line != 0) {
		xasprintf(cause, "turn %zu (line %d, '%s'): %s", i + 1,
		    a->line, q, why);
	} else
		xasprintf(cause, "turn %zu ('%s'): %s", i + 1, q, why);
	free(q);
	free(why);
	buf_free(&canon);
	return (-1);
}
