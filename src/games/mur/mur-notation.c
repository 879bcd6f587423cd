#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mur-notation.h"
#include "text.h"
#include "xmalloc.h"

/*
 * An action is a few words, separated by white space or commas, in
 * any case:
 *
 *	n1		place a stone on n1 (also "place n1")
 *	n1 cw		move the stone on n1 clockwise (also ccw, in, out,
 *			and "move n1 cw"); from the centre the direction
 *			is the spoke it leaves along: "c ne"
 *	n1-e1		move the stone on n1 to e1, when one direction
 *			takes it there
 *	x n1 e2		withdraw the stones on n1 and e2 ("withdraw n1
 *			and e2"; a bare "x" withdraws whatever is owed)
 *	resign		give up the match
 *
 * A ring point may also name its direction along the diameter by a
 * spoke: "n2 n" is "n2 out" and "n2 s" is "n2 in".  The canonical form,
 * which records and legal lists use, is the first of each: "n1",
 * "n1 cw", "c ne", "x n1 e2" (points in board order), "resign".
 */

#define MUR_NOTATION_WORDS	8

struct mur_notation_word {
	const char	*s;
	size_t		 len;
};

static int	mur_notation_fail(char **, const char *, size_t,
		    const char *, ...) __attribute__((format(printf, 4, 5)));
static int	mur_notation_is(const struct mur_notation_word *,
		    const char *);
static int	mur_notation_point(const char *, size_t, const char *,
		    size_t, int *, char **);
static int	mur_notation_dir(int, const struct mur_notation_word *,
		    const char *, size_t, int *, char **);
static int	mur_notation_to(const struct mur_game *, int, int,
		    const char *, size_t, int *, char **);
static int	mur_notation_withdraw(const struct mur_notation_word *, int,
		    const char *, size_t, struct mur_action *, char **);

static const char *mur_notation_hint = "write a point to place a stone "
    "(n1), a stone and a direction to move it (n1 cw, n1 ccw, n1 in, "
    "n1 out, c ne), x and the stones to withdraw (x n1), or resign";

/* Fail with "'TEXT': " and the reason. */
static int
mur_notation_fail(char **cause, const char *s, size_t len, const char *fmt,
    ...)
{
	va_list	 ap;
	char	*why, *q;

	va_start(ap, fmt);
	xvasprintf(&why, fmt, ap);
	va_end(ap);
	q = text_quote(s, len);
	xasprintf(cause, "'%s': %s", q, why);
	free(q);
	free(why);
	return (-1);
}

static int
mur_notation_is(const struct mur_notation_word *w, const char *word)
{
	return (w->len == strlen(word) && strncasecmp(w->s, word, w->len) ==
	    0);
}

/* A point's name. */
static int
mur_notation_point(const char *w, size_t wlen, const char *s, size_t len,
    int *p, char **cause)
{
	char	*q;
	int	 rc;

	if ((*p = mur_board_parse(w, wlen)) != -1)
		return (0);
	q = text_quote(w, wlen);
	rc = mur_notation_fail(cause, s, len, "'%s' is not a point: a point "
	    "is c (the centre) or a spoke (n, ne, e, se, s, sw, w, nw) and a "
	    "ring (1 to 3), such as n1 or sw3", q);
	free(q);
	return (rc);
}

/* The direction w for a stone on p. */
static int
mur_notation_dir(int p, const struct mur_notation_word *w, const char *s,
    size_t len, int *dir, char **cause)
{
	static const char	*cw[] = { "cw", "clockwise", NULL };
	static const char	*ccw[] = { "ccw", "counterclockwise",
				    "counter-clockwise", "anticlockwise",
				    "anti-clockwise", "acw", NULL };
	char			*q;
	int			 i, spoke;

	*dir = -1;
	for (i = 0; cw[i] != NULL; i++) {
		if (mur_notation_is(w, cw[i]))
			*dir = MUR_CW;
	}
	for (i = 0; ccw[i] != NULL; i++) {
		if (mur_notation_is(w, ccw[i]))
			*dir = MUR_CCW;
	}
	if (mur_notation_is(w, "in"))
		*dir = MUR_IN;
	if (mur_notation_is(w, "out"))
		*dir = MUR_OUT;
	if ((spoke = mur_board_spoke_parse(w->s, w->len)) != -1) {
		if (p == MUR_CENTRE)
			*dir = MUR_SPOKE + spoke;
		else if (spoke == mur_board_spoke(p))
			*dir = MUR_OUT;
		else if (spoke == (mur_board_spoke(p) + 4) % 8)
			*dir = MUR_IN;
		else {
			return (mur_notation_fail(cause, s, len, "%s is not "
			    "on the diameter of %s: along it, a stone on %s "
			    "moves towards %s or %s", mur_board_spoke_name(
			    spoke), mur_board_name(p), mur_board_name(p),
			    mur_board_spoke_name(mur_board_spoke(p)),
			    mur_board_spoke_name((mur_board_spoke(p) + 4) %
			    8)));
		}
	}
	if (*dir == -1) {
		q = text_quote(w->s, w->len);
		mur_notation_fail(cause, s, len, "'%s' is not a direction: "
		    "write cw, ccw, in or out (from c, a spoke such as ne)",
		    q);
		free(q);
		return (-1);
	}
	if (p == MUR_CENTRE && *dir < MUR_SPOKE)
		return (mur_notation_fail(cause, s, len, "the centre is on no "
		    "ring: a stone there moves out along a spoke, such as c n "
		    "or c sw"));
	if (!mur_board_dir_valid(p, *dir))
		return (mur_notation_fail(cause, s, len, "%s is on the third "
		    "ring, so along its diameter it can only move in",
		    mur_board_name(p)));
	return (0);
}

/* The one direction that takes the stone on p to q. */
static int
mur_notation_to(const struct mur_game *g, int p, int q, const char *s,
    size_t len, int *dir, char **cause)
{
	uint8_t		order[MUR_POINTS], path[MUR_PATH_MAX];
	struct buf	where;
	int		d, found = 0, other = -1, rc;

	if (mur_rules_owner(&g->pos, p) == MUR_NEUTRAL)
		return (mur_notation_fail(cause, s, len, "%s holds the mur "
		    "stone, which no player may move", mur_board_name(p)));
	if (mur_rules_owner(&g->pos, p) == -1)
		return (mur_notation_fail(cause, s, len, "there is no stone "
		    "on %s to move", mur_board_name(p)));
	mur_rules_orders(&g->pos, order);
	buf_init(&where);
	for (d = 0; d < MUR_DIRS; d++) {
		if (!mur_board_dir_valid(p, d))
			continue;
		mur_board_path(p, d, order[p], path);
		if (path[order[p] - 1] == q) {
			if (found++ == 0)
				*dir = d;
			else
				other = d;
		}
		buf_addf(&where, "%s%s (%s)", where.len > 0 ? ", " : "",
		    mur_board_name(path[order[p] - 1]), mur_board_dir_name(d));
	}
	if (found == 1)
		rc = 0;
	else if (found == 0) {
		rc = mur_notation_fail(cause, s, len, "the stone on %s is of "
		    "order %d and moves exactly %d, so it can reach %s, not "
		    "%s", mur_board_name(p), order[p], order[p], where.data,
		    mur_board_name(q));
	} else {
		rc = mur_notation_fail(cause, s, len, "both %s %s and %s %s "
		    "reach %s: write one of them", mur_board_name(p),
		    mur_board_dir_name(*dir), mur_board_name(p),
		    mur_board_dir_name(other), mur_board_name(q));
	}
	buf_free(&where);
	return (rc);
}

/* x or withdraw, then the points (or none). */
static int
mur_notation_withdraw(const struct mur_notation_word *w, int n,
    const char *s, size_t len, struct mur_action *a, char **cause)
{
	int	i, p;

	a->type = MUR_WITHDRAW;
	a->points = 0;
	for (i = 1; i < n; i++) {
		if (mur_notation_is(&w[i], "and"))
			continue;
		if (mur_notation_point(w[i].s, w[i].len, s, len, &p,
		    cause) == -1)
			return (-1);
		if (a->points & (1U << p))
			return (mur_notation_fail(cause, s, len, "%s is named "
			    "twice", mur_board_name(p)));
		a->points |= 1U << p;
	}
	return (0);
}

/* Parse an action; g is the game it is for. */
int
mur_notation_parse(const struct mur_game *g, const char *s, size_t len,
    struct mur_action *a, char **cause)
{
	struct mur_notation_word	 w[MUR_NOTATION_WORDS];
	const char			*p, *end, *dash;
	int				 n = 0, i = 0, from, to;

	s = text_trim(s, len, &len);
	memset(a, 0, sizeof *a);
	a->point = -1;
	for (p = s, end = s + len; p < end; ) {
		while (p < end && (isspace((unsigned char)*p) || *p == ','))
			p++;
		if (p == end)
			break;
		if (n == MUR_NOTATION_WORDS)
			return (mur_notation_fail(cause, s, len, "too many "
			    "words; %s", mur_notation_hint));
		w[n].s = p;
		while (p < end && !isspace((unsigned char)*p) && *p != ',')
			p++;
		w[n].len = (size_t)(p - w[n].s);
		n++;
	}
	if (n == 0) {
		xasprintf(cause, "no turn: %s", mur_notation_hint);
		return (-1);
	}
	if (mur_notation_is(&w[0], "pass"))
		return (mur_notation_fail(cause, s, len, "Mur has no passing: "
		    "a turn must place, move or withdraw a stone"));
	if (mur_notation_is(&w[0], "resign")) {
		if (n > 1)
			return (mur_notation_fail(cause, s, len, "resign "
			    "takes nothing after it"));
		a->type = MUR_RESIGN;
		return (0);
	}
	if (mur_notation_is(&w[0], "x") || mur_notation_is(&w[0], "withdraw"))
		return (mur_notation_withdraw(w, n, s, len, a, cause));
	if (mur_notation_is(&w[0], "place") || mur_notation_is(&w[0], "move"))
		i = 1;
	if (i == n)
		return (mur_notation_fail(cause, s, len, "%.*s what? %s",
		    (int)w[0].len, w[0].s, mur_notation_hint));
	if (i == 0 && n == 1 && (dash = memchr(w[0].s, '-', w[0].len)) !=
	    NULL && dash != w[0].s) {
		if (mur_notation_point(w[0].s, (size_t)(dash - w[0].s), s, len,
		    &from, cause) == -1 || mur_notation_point(dash + 1,
		    w[0].len - (size_t)(dash - w[0].s) - 1, s, len, &to,
		    cause) == -1)
			return (-1);
		a->type = MUR_MOVE;
		a->point = from;
		return (mur_notation_to(g, from, to, s, len, &a->dir, cause));
	}
	if (mur_notation_point(w[i].s, w[i].len, s, len, &a->point,
	    cause) == -1)
		return (-1);
	if (n == i + 1) {
		if (i == 1 && mur_notation_is(&w[0], "move"))
			return (mur_notation_fail(cause, s, len, "move %s "
			    "which way? Add cw, ccw, in or out",
			    mur_board_name(a->point)));
		a->type = MUR_PLACE;
		return (0);
	}
	if (i == 1 && mur_notation_is(&w[0], "place"))
		return (mur_notation_fail(cause, s, len, "place takes one "
		    "point, such as place n1"));
	if (n > i + 2)
		return (mur_notation_fail(cause, s, len, "too many words; a "
		    "move is a point and a direction, such as n1 cw"));
	a->type = MUR_MOVE;
	return (mur_notation_dir(a->point, &w[i + 1], s, len, &a->dir, cause));
}

/* The canonical form of a. */
void
mur_notation_format(const struct mur_game *g, const struct mur_action *a,
    struct buf *out)
{
	switch (a->type) {
	case MUR_PLACE:
		buf_adds(out, mur_board_name(a->point));
		break;
	case MUR_MOVE:
		buf_addf(out, "%s %s", mur_board_name(a->point),
		    mur_board_dir_name(a->dir));
		break;
	case MUR_WITHDRAW:
		buf_adds(out, "x");
		if (a->points != 0 || g->withdraw != 0)
			buf_addc(out, ' ');
		mur_board_words(a->points != 0 ? a->points : g->withdraw,
		    out);
		break;
	case MUR_RESIGN:
		buf_adds(out, "resign");
		break;
	}
}

/*
 * How much a word of a player's mail looks like Mur notation: 2 for a
 * step between points (n1-e1); 1 for a point, a spoke, a direction and
 * the words of notation (x, place, move, withdraw, and, pass, resign),
 * or points joined by commas; 0 for anything else.
 */
int
mur_notation_looks_like(const char *s, size_t len)
{
	static const char	*words[] = { "x", "withdraw", "place", "move",
				    "and", "pass", "resign", "in", "out", "cw",
				    "ccw", "clockwise", "counterclockwise",
				    "counter-clockwise", "anticlockwise",
				    "anti-clockwise", "acw", NULL };
	const char		*dash, *comma;
	size_t			 i;

	if ((comma = memchr(s, ',', len)) != NULL) {
		if (comma == s || mur_notation_looks_like(s,
		    (size_t)(comma - s)) == 0)
			return (0);
		if (comma + 1 == s + len)
			return (1);
		return (mur_notation_looks_like(comma + 1,
		    len - (size_t)(comma + 1 - s)) == 0 ? 0 : 1);
	}
	if (mur_board_parse(s, len) != -1 ||
	    mur_board_spoke_parse(s, len) != -1)
		return (1);
	for (i = 0; words[i] != NULL; i++) {
		if (strlen(words[i]) == len && strncasecmp(s, words[i],
		    len) == 0)
			return (1);
	}
	if ((dash = memchr(s, '-', len)) != NULL &&
	    mur_board_parse(s, (size_t)(dash - s)) != -1 &&
	    mur_board_parse(dash + 1, len - (size_t)(dash + 1 - s)) != -1)
		return (2);
	return (0);
}
