#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mu-layout.h"
#include "mu-name.h"
#include "mu-notation.h"
#include "text.h"
#include "xmalloc.h"

/*
 * Action notation (docs/notation.md).  Parsing depends on the position:
 * a lower-case alias means the placement the current layout diagram
 * shows under that letter, and is recorded as its canonical "@q,r".
 * Keywords and names ignore case and surrounding white space.  Parsing
 * checks only the form; whether the action is legal is mu_game_apply's
 * business.
 *
 * A turn is its moves in order, separated by white space or commas:
 *
 *	C4-D2 B0-B3(B4,C1;C1) A2-A5
 *
 * Each move may carry lists in brackets: cells to explode, in order,
 * and after a semicolon cells to take a man from against oscillation.
 * "pass" is a turn without moves and "resign" resigns.  The canonical
 * form writes names in upper case, one space between moves, commas in
 * lists and no empty brackets.
 */

static int	mu_notation_alias(const struct mu_game *, const char *,
		    size_t, struct mu_action *, char **);
static int	mu_notation_unknown(const struct mu_game *, const char *,
		    size_t, char **);
static int	mu_notation_word(const char *, size_t, const char *);
static const char *mu_notation_skip(const char *, const char *);
static const char *mu_notation_token(const char *, const char *);
static int	mu_notation_cell(const struct mu_game *, const char *,
		    const char *, int *, char **);
static const char *mu_notation_lists(const struct mu_game *, const char *,
		    const char *, struct mu_action *, struct mu_step *,
		    char **);
static const char *mu_notation_move(const struct mu_game *, const char *,
		    const char *, struct mu_action *, char **);
static int	mu_notation_turn(const struct mu_game *, const char *,
		    size_t, struct mu_action *, char **);
static void	mu_notation_list(const struct mu_action *, int, int,
		    struct buf *);

/*
 * Fill at[] (room for MU_LAYOUT_MAX) with the placements that the
 * layout diagram labels a, b, c, ...; returns how many.  Outside the
 * layout phase there are none.
 */
int
mu_notation_aliases(const struct mu_game *g, struct hex *at)
{
	if (g->phase != MU_PHASE_LAYOUT)
		return (0);
	return (mu_layout_list(&g->board, at));
}

static int
mu_notation_alias(const struct mu_game *g, const char *s, size_t len,
    struct mu_action *a, char **cause)
{
	struct hex	*at;
	char		 last[MU_NAME_MAX], *q;
	int		 n, i;

	at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
	n = mu_notation_aliases(g, at);
	i = mu_name_alias_parse(s, len);
	if (i < 0 || i >= n) {
		mu_name_alias(n - 1, last, sizeof last);
		q = text_quote(s, len);
		if (n == 1) {
			xasprintf(cause, "'%s': no placement has that letter "
			    "(the diagram shows only a)", q);
		} else {
			xasprintf(cause, "'%s': no placement has that letter "
			    "(the diagram shows a to %s)", q, last);
		}
		free(q);
		free(at);
		return (-1);
	}
	a->type = MU_ACTION_PLACE;
	a->at = at[i];
	a->segment = MU_NONE;
	free(at);
	return (0);
}

static int
mu_notation_unknown(const struct mu_game *g, const char *s, size_t len,
    char **cause)
{
	const char	*hint = "";
	char		*q;

	switch (g->phase) {
	case MU_PHASE_LAYOUT:
		hint = "in the layout phase, place a segment with @q,r or "
		    "a letter from the diagram";
		break;
	case MU_PHASE_SELECTION:
		hint = "in the selection phase, clear one of your segments "
		    "with 'clear' and its letter, such as 'clear C'";
		break;
	case MU_PHASE_MOVEMENT:
		hint = "in the movement phase, write moves such as C4-D2, "
		    "'pass' or 'resign'";
		break;
	case MU_PHASE_OVER:
		hint = "the game is over";
		break;
	}
	q = text_quote(s, len);
	xasprintf(cause, "'%s': not a turn here; %s", q, hint);
	free(q);
	return (-1);
}

/* Is s[0..len) the keyword word, in any case? */
static int
mu_notation_word(const char *s, size_t len, const char *word)
{
	return (len == strlen(word) && strncasecmp(s, word, len) == 0);
}

/* Skip white space. */
static const char *
mu_notation_skip(const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	return (p);
}

/* The end of the run of letters and digits at p. */
static const char *
mu_notation_token(const char *p, const char *end)
{
	while (p < end && isalnum((unsigned char)*p))
		p++;
	return (p);
}

/* Parse the cell name s..end. */
static int
mu_notation_cell(const struct mu_game *g, const char *s, const char *end,
    int *cell, char **cause)
{
	if (s == end) {
		xasprintf(cause, "a cell name is missing");
		return (-1);
	}
	return (mu_name_cell_parse(&g->board, s, (size_t)(end - s), cell,
	    cause));
}

/* Parse the lists after a move, from just after the '('. */
static const char *
mu_notation_lists(const struct mu_game *g, const char *p, const char *end,
    struct mu_action *a, struct mu_step *st, char **cause)
{
	const char	*t;
	int		 cell, removal = 0;

	st->at = (uint16_t)a->nlist;
	for (;;) {
		while (p < end && (isspace((unsigned char)*p) || *p == ','))
			p++;
		if (p == end) {
			xasprintf(cause, "a list is missing its ')'");
			return (NULL);
		}
		if (*p == ')')
			return (p + 1);
		if (*p == ';') {
			if (removal) {
				xasprintf(cause, "a move's lists hold one ';', "
				    "between the explosions and the removals");
				return (NULL);
			}
			removal = 1;
			p++;
			continue;
		}
		t = mu_notation_token(p, end);
		if (t == p) {
			xasprintf(cause, "'%c' in a list: lists hold cell "
			    "names, such as (D3,E1;E1)", *p);
			return (NULL);
		}
		if (mu_notation_cell(g, p, t, &cell, cause) == -1)
			return (NULL);
		if (a->nlist == MU_LIST_MAX) {
			xasprintf(cause, "a turn's lists may name at most %d "
			    "cells", MU_LIST_MAX);
			return (NULL);
		}
		a->list[a->nlist++] = (int16_t)cell;
		if (removal)
			st->nremove++;
		else
			st->nexplode++;
		p = t;
	}
}

/* Parse one move "C4-D2" with its lists; returns the end of it. */
static const char *
mu_notation_move(const struct mu_game *g, const char *p, const char *end,
    struct mu_action *a, char **cause)
{
	struct mu_step	*st;
	const char	*start = p, *t;
	char		*q, *why;
	int		 from, to;

	t = mu_notation_token(p, end);
	if (mu_notation_word(p, (size_t)(t - p), "pass") ||
	    mu_notation_word(p, (size_t)(t - p), "resign")) {
		xasprintf(&why, "a turn with moves cannot also %.*s",
		    (int)(t - p), p);
		goto fail;
	}
	p = mu_notation_skip(t, end);
	if (t == start || p == end || *p != '-') {
		xasprintf(&why, "a move is two cells joined by '-', such as "
		    "C4-D2");
		goto fail;
	}
	if (mu_notation_cell(g, start, t, &from, cause) == -1)
		return (NULL);
	p = mu_notation_skip(p + 1, end);
	t = mu_notation_token(p, end);
	if (mu_notation_cell(g, p, t, &to, cause) == -1)
		return (NULL);
	if (a->nsteps == MU_TURN_MAX) {
		xasprintf(&why, "a turn has at most %d moves", MU_TURN_MAX);
		goto fail;
	}
	st = &a->steps[a->nsteps];
	memset(st, 0, sizeof *st);
	if (mu_move_line(&g->board, from, to, &st->move, cause) == -1)
		return (NULL);
	p = mu_notation_skip(t, end);
	if (p < end && *p == '(') {
		if ((p = mu_notation_lists(g, p + 1, end, a, st, &why)) ==
		    NULL)
			goto fail;
	} else
		p = t;
	a->nsteps++;
	return (p);

fail:
	t = start;
	while (t < end && !isspace((unsigned char)*t))
		t++;
	q = text_quote(start, (size_t)(t - start));
	xasprintf(cause, "'%s': %s", q, why);
	free(q);
	free(why);
	return (NULL);
}

/* Parse a turn: "pass", "resign", or moves. */
static int
mu_notation_turn(const struct mu_game *g, const char *s, size_t len,
    struct mu_action *a, char **cause)
{
	const char	*p = s, *end = s + len;

	a->type = MU_ACTION_TURN;
	if (mu_notation_word(s, len, "pass"))
		return (0);
	if (mu_notation_word(s, len, "resign")) {
		a->type = MU_ACTION_RESIGN;
		return (0);
	}
	if (memchr(s, '-', len) == NULL)
		return (mu_notation_unknown(g, s, len, cause));
	for (;;) {
		while (p < end && (isspace((unsigned char)*p) || *p == ','))
			p++;
		if (p == end)
			return (0);
		if ((p = mu_notation_move(g, p, end, a, cause)) == NULL)
			return (-1);
	}
}

/* Parse action text s[0..len) in the context of game g. */
int
mu_notation_parse(const struct mu_game *g, const char *s, size_t len,
    struct mu_action *a, char **cause)
{
	s = text_trim(s, len, &len);
	if (len == 0) {
		xasprintf(cause, "empty turn");
		return (-1);
	}
	memset(a, 0, sizeof *a);
	a->segment = MU_NONE;
	if (s[0] == '@') {
		a->type = MU_ACTION_PLACE;
		return (mu_name_placement_parse(s, len, &a->at, cause));
	}
	if (len > 5 && strncasecmp(s, "clear", 5) == 0 &&
	    isspace((unsigned char)s[5])) {
		a->type = MU_ACTION_CLEAR;
		return (mu_name_label_parse(&g->board, s + 5, len - 5,
		    &a->segment, cause));
	}
	if (g->phase == MU_PHASE_LAYOUT && mu_name_alias_parse(s, len) != -1)
		return (mu_notation_alias(g, s, len, a, cause));
	if (g->phase == MU_PHASE_MOVEMENT || memchr(s, '-', len) != NULL ||
	    mu_notation_word(s, len, "pass") ||
	    mu_notation_word(s, len, "resign"))
		return (mu_notation_turn(g, s, len, a, cause));
	return (mu_notation_unknown(g, s, len, cause));
}

/* Write n list entries from list[at] separated by commas. */
static void
mu_notation_list(const struct mu_action *a, int at, int n, struct buf *out)
{
	char	name[MU_NAME_MAX];
	int	i;

	for (i = 0; i < n; i++) {
		mu_name_cell(a->list[at + i], name, sizeof name);
		if (i > 0)
			buf_addc(out, ',');
		buf_adds(out, name);
	}
}

/* Write action a in canonical notation. */
void
mu_notation_format(const struct mu_action *a, struct buf *out)
{
	const struct mu_step	*st;
	char			 name[2 * MU_NAME_MAX];
	int			 i;

	switch (a->type) {
	case MU_ACTION_PLACE:
		mu_name_placement(a->at, name, sizeof name);
		buf_adds(out, name);
		break;
	case MU_ACTION_CLEAR:
		mu_name_label(a->segment, name, sizeof name);
		buf_addf(out, "clear %s", name);
		break;
	case MU_ACTION_TURN:
		if (a->nsteps == 0)
			buf_adds(out, "pass");
		for (i = 0; i < a->nsteps; i++) {
			st = &a->steps[i];
			mu_move_name(&st->move, name, sizeof name);
			buf_addf(out, "%s%s", i > 0 ? " " : "", name);
			if (st->nexplode == 0 && st->nremove == 0)
				continue;
			buf_addc(out, '(');
			mu_notation_list(a, st->at, st->nexplode, out);
			if (st->nremove != 0) {
				buf_addc(out, ';');
				mu_notation_list(a, st->at + st->nexplode,
				    st->nremove, out);
			}
			buf_addc(out, ')');
		}
		break;
	case MU_ACTION_RESIGN:
		buf_adds(out, "resign");
		break;
	}
}

/*
 * How much a word of a player's mail looks like Mu notation: 2 for a
 * move (C4-D2, B0-B3(B4,C1)) or a placement (@1,-3); 1 for a cell, a
 * list, a single letter (a layout alias) and the words of notation
 * (pass, resign, clear); 0 for anything else.
 */
int
mu_notation_looks_like(const char *s, size_t len)
{
	static const char	*words[] = { "pass", "resign", "clear", NULL };
	size_t			 i, n;
	int			 cells = 0, dash = 0;

	if (len > 1 && s[0] == '@') {
		for (i = 1; i < len; i++) {
			if (!isdigit((unsigned char)s[i]) && s[i] != '-' &&
			    s[i] != ',')
				return (0);
		}
		return (2);
	}
	for (i = 0; words[i] != NULL; i++) {
		if (mu_notation_word(s, len, words[i]))
			return (1);
	}
	if (len == 1)
		return (isalpha((unsigned char)s[0]) ? 1 : 0);
	for (i = 0; i < len; cells++) {
		while (i < len && strchr("-(),;", s[i]) != NULL)
			dash |= s[i++] == '-';
		if (i == len)
			break;
		for (n = 0; i + n < len && isalpha((unsigned char)s[i + n]); n++)
			/* nothing */;
		if (n == 0 || n > 2)
			return (0);
		i += n;
		for (n = 0; i + n < len && isdigit((unsigned char)s[i + n]); n++)
			/* nothing */;
		if (n == 0 || n > 2)
			return (0);
		i += n;
	}
	if (cells == 0)
		return (0);
	return (dash && cells > 1 ? 2 : 1);
}
