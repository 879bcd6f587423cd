#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-name.h"
#include "text.h"
#include "xmalloc.h"

/*
 * Segment labels are bijective base 26 over A-Z, in placing order:
 * A, ..., Z, AA, AB, ...  A cell's name is its segment's label followed
 * by k (0 the centre, 1-6 NE, E, SE, SW, W, NW).  Aliases use the same
 * scheme in lower case; they name the legal placements of the moment,
 * in reading order of their centres, and can never be mistaken for a
 * cell, which always ends in a digit.  A placement's canonical name is
 * "@q,r": the axial position of the new centre relative to A0.
 *
 * Parsers take a (pointer, length) span, ignore surrounding white space
 * and case, and explain a failure in words fit for a player.
 */

static void	mu_name_base26(int, char, char *, size_t);
static int	mu_name_base26_parse(const char *, size_t);
static char	*mu_name_int(char *, int);
static int	mu_name_fail(char **, const char *, size_t, const char *);
static int	mu_name_exists(const struct mu_board *, int, const char *,
		    size_t, char **);

static void
mu_name_base26(int n, char first, char *out, size_t size)
{
	char	tmp[8];
	int	i = 0, j;

	n++;
	while (n > 0 && i < (int)sizeof tmp) {
		n--;
		tmp[i++] = (char)(first + n % 26);
		n /= 26;
	}
	for (j = 0; j < i && j + 1 < (int)size; j++)
		out[j] = tmp[i - 1 - j];
	out[j] = '\0';
}

/* The number of a base-26 label (either case), or -1. */
static int
mu_name_base26_parse(const char *s, size_t len)
{
	size_t	i;
	int	n = 0;

	if (len == 0 || len > 3)
		return (-1);
	for (i = 0; i < len; i++) {
		if (!isalpha((unsigned char)s[i]))
			return (-1);
		n = n * 26 + (toupper((unsigned char)s[i]) - 'A' + 1);
	}
	return (n - 1);
}

static int
mu_name_fail(char **cause, const char *s, size_t len, const char *why)
{
	char	*q;

	q = text_quote(s, len);
	xasprintf(cause, "'%s': %s", q, why);
	free(q);
	return (-1);
}

/* Check that segment n, written as s[0..len), is on board b. */
static int
mu_name_exists(const struct mu_board *b, int n, const char *s, size_t len,
    char **cause)
{
	char	last[MU_NAME_MAX], why[128];

	if (n < b->nsegments)
		return (0);
	if (b->nsegments == 0) {
		return (mu_name_fail(cause, s, len,
		    "no segment has been placed yet"));
	}
	mu_name_label(b->nsegments - 1, last, sizeof last);
	snprintf(why, sizeof why,
	    "there is no such segment (the board has A to %s)", last);
	return (mu_name_fail(cause, s, len, why));
}

void
mu_name_label(int segment, char *out, size_t size)
{
	mu_name_base26(segment, 'A', out, size);
}

/* Parse a segment label that exists on board b. */
int
mu_name_label_parse(const struct mu_board *b, const char *s, size_t len,
    int *segment, char **cause)
{
	int	 n;

	s = text_trim(s, len, &len);
	if ((n = mu_name_base26_parse(s, len)) == -1) {
		return (mu_name_fail(cause, s, len,
		    "not a segment label (segments are labelled A, B, C, ...)"));
	}
	if (mu_name_exists(b, n, s, len, cause) == -1)
		return (-1);
	*segment = n;
	return (0);
}

void
mu_name_cell(int cell, char *out, size_t size)
{
	char	label[MU_NAME_MAX];
	size_t	n;

	/* No snprintf: a picture names every cell of the board. */
	mu_name_label(mu_board_cell_segment(cell), label, sizeof label);
	n = strlen(label);
	if (n + 2 > size) {
		if (size > 0)
			*out = '\0';
		return;
	}
	memcpy(out, label, n);
	out[n] = (char)('0' + mu_board_cell_k(cell));
	out[n + 1] = '\0';
}

/* Parse a cell name such as "C4" (or " c4 ") that exists on board b. */
int
mu_name_cell_parse(const struct mu_board *b, const char *s, size_t len,
    int *cell, char **cause)
{
	size_t	 n;
	int	 segment, k;

	s = text_trim(s, len, &len);
	for (n = 0; n < len && isalpha((unsigned char)s[n]); n++)
		/* nothing */;
	if (n == 0 || n + 1 != len || !isdigit((unsigned char)s[n]) ||
	    (segment = mu_name_base26_parse(s, n)) == -1) {
		return (mu_name_fail(cause, s, len, "not a cell name (cells "
		    "are named by segment and number, like C4)"));
	}
	k = s[n] - '0';
	if (k >= MU_SEGMENT_CELLS) {
		return (mu_name_fail(cause, s, len,
		    "cell numbers run from 0 (centre) to 6"));
	}
	if (mu_name_exists(b, segment, s, len, cause) == -1)
		return (-1);
	*cell = segment * MU_SEGMENT_CELLS + k;
	return (0);
}

void
mu_name_alias(int n, char *out, size_t size)
{
	mu_name_base26(n, 'a', out, size);
}

/* The number of alias s (letters only, either case), or -1. */
int
mu_name_alias_parse(const char *s, size_t len)
{
	s = text_trim(s, len, &len);
	return (mu_name_base26_parse(s, len));
}

void
mu_name_placement(struct hex h, char *out, size_t size)
{
	char	s[32], *p = s;

	/* No snprintf: a position names every segment's placement. */
	*p++ = '@';
	p = mu_name_int(p, h.q);
	*p++ = ',';
	p = mu_name_int(p, h.r);
	*p = '\0';
	if (size > 0) {
		memcpy(out, s, (size_t)(p - s) < size ? (size_t)(p - s) + 1 :
		    size - 1);
		out[size - 1] = '\0';
	}
}

/* Write n in decimal at p; return the end. */
static char *
mu_name_int(char *p, int n)
{
	char		 tmp[12];
	unsigned	 u = n < 0 ? -(unsigned)n : (unsigned)n;
	int		 i = 0;

	if (n < 0)
		*p++ = '-';
	do {
		tmp[i++] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	while (i > 0)
		*p++ = tmp[--i];
	return (p);
}

/* Parse "@q,r", allowing white space around the numbers. */
int
mu_name_placement_parse(const char *s, size_t len, struct hex *h,
    char **cause)
{
	const char	*comma, *p;
	size_t		 plen;
	long		 q, r;

	s = text_trim(s, len, &len);
	if (len == 0 || s[0] != '@' ||
	    (comma = memchr(s, ',', len)) == NULL) {
		return (mu_name_fail(cause, s, len, "not a placement "
		    "(write @q,r, such as @3,-1, or a letter from the "
		    "diagram)"));
	}
	p = text_trim(s + 1, (size_t)(comma - s - 1), &plen);
	if (text_parse_int(p, plen, -999, 999, &q) == -1)
		goto bad;
	p = text_trim(comma + 1, len - (size_t)(comma - s) - 1, &plen);
	if (text_parse_int(p, plen, -999, 999, &r) == -1)
		goto bad;
	h->q = (int)q;
	h->r = (int)r;
	return (0);

bad:
	return (mu_name_fail(cause, s, len, "a placement needs two whole "
	    "numbers from -999 to 999, as in @3,-1"));
}
