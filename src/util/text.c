#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "text.h"
#include "xmalloc.h"

static size_t	text_width(const char *, size_t);

/*
 * Text is handled as (pointer, length) spans so that a token can be
 * looked at in place, without copying or writing NULs into the input.
 */

/* Strip leading and trailing white space from s[0..len). */
const char *
text_trim(const char *s, size_t len, size_t *outlen)
{
	while (len > 0 && isspace((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	*outlen = len;
	return (s);
}

/* Parse s[0..len) as a decimal integer in [min, max]; 0 or -1. */
int
text_parse_int(const char *s, size_t len, long min, long max, long *out)
{
	char	 tmp[32], *end;
	long	 v;

	if (len == 0 || len >= sizeof tmp)
		return (-1);
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	if (!isdigit((unsigned char)tmp[0]) &&
	    !(tmp[0] == '-' && isdigit((unsigned char)tmp[1])) &&
	    !(tmp[0] == '+' && isdigit((unsigned char)tmp[1])))
		return (-1);
	errno = 0;
	v = strtol(tmp, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return (-1);
	*out = v;
	return (0);
}

/*
 * Copy s[0..len) for use inside an error message: control characters
 * become '?' and very long input is cut, so a cause is always one
 * short, printable line.
 */
char *
text_quote(const char *s, size_t len)
{
	struct buf	 b;
	size_t		 i;

	buf_init(&b);
	for (i = 0; i < len && i < 40; i++) {
		if (iscntrl((unsigned char)s[i]))
			buf_addc(&b, '?');
		else
			buf_addc(&b, s[i]);
	}
	if (len > 40)
		buf_adds(&b, "...");
	return (buf_steal(&b));
}

/*
 * Compare have[0..len) with the NUL-terminated want.  If they differ,
 * return a copy of the first line of want that have does not match,
 * and its number in *line; otherwise NULL.
 */
char *
text_difference(const char *have, size_t len, const char *want, int *line)
{
	const char	*q, *nl;
	size_t		 i, wlen = strlen(want);

	if (len == wlen && memcmp(have, want, len) == 0)
		return (NULL);
	*line = 1;
	for (i = 0; i < len && i < wlen && have[i] == want[i]; i++) {
		if (have[i] == '\n')
			(*line)++;
	}
	q = want + i;
	while (q > want && q[-1] != '\n')
		q--;
	nl = strchr(q, '\n');
	return (xstrndup(q, nl == NULL ? strlen(q) : (size_t)(nl - q)));
}

/* The number of UTF-8 code points in s[0..len). */
static size_t
text_width(const char *s, size_t len)
{
	size_t	i, n = 0;

	for (i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return (n);
}

/*
 * Append text to out with every line wider than max code points broken
 * at spaces so that its pieces are at most wrap wide; a piece goes on
 * under the line's own indent and two spaces more.  A word wider than
 * wrap stays whole.
 */
void
text_wrap(struct buf *out, const char *text, size_t wrap, size_t max)
{
	const char	*line = text, *nl, *p, *cut;
	size_t		 len, indent, col;

	if (text == NULL)
		return;
	for (; *line != '\0'; line = nl + (*nl != '\0')) {
		if ((nl = strchr(line, '\n')) == NULL)
			nl = line + strlen(line);
		len = (size_t)(nl - line);
		if (text_width(line, len) <= max) {
			buf_add(out, line, len);
			if (*nl != '\0')
				buf_addc(out, '\n');
			continue;
		}
		indent = strspn(line, " ");
		col = 0;
		for (p = line; p < nl;) {
			cut = NULL;
			for (len = 0; p + len < nl; len++) {
				if (p[len] == ' ' && len > indent &&
				    col + text_width(p, len) <= wrap)
					cut = p + len;
			}
			if (col + text_width(p, (size_t)(nl - p)) <= wrap ||
			    cut == NULL)
				cut = nl;
			buf_add(out, p, (size_t)(cut - p));
			buf_addc(out, '\n');
			for (p = cut; p < nl && *p == ' '; p++)
				;
			if (p < nl) {
				buf_addf(out, "%*s", (int)indent + 2, "");
				col = indent + 2;
			}
		}
	}
}

/*
 * What goes before item i of n in a list in words, "A, B and C": ""
 * before the first, " and " before the last, ", " between.
 */
const char *
text_list_sep(size_t i, size_t n)
{
	if (i == 0)
		return ("");
	return (i == n - 1 ? " and " : ", ");
}

/*
 * Whether name, as an item of a list, could be read as more than one
 * or as a list's own marks: it holds a comma, a semicolon, a double
 * quote, " v " (a game's players), " and " (text_list_sep()'s last),
 * begins with a number and a dot ("2. Bob", a numbered list's), or
 * with or ends in a space.
 */
int
text_list_ambiguous(const char *name)
{
	const char	*p;
	size_t		 len = strlen(name);

	if (strpbrk(name, ",;\"") != NULL || strstr(name, " v ") != NULL ||
	    strstr(name, " and ") != NULL)
		return (1);
	if (len > 0 && (isspace((unsigned char)name[0]) ||
	    isspace((unsigned char)name[len - 1])))
		return (1);
	for (p = name; isdigit((unsigned char)*p); p++)
		/* nothing */;
	return (p != name && *p == '.');
}

/*
 * Add name as an item of a list: as it is, or between double quotes
 * when it is ambiguous there ("Tanaka, Hiroshi"), a double quote in it
 * written \".
 */
void
text_list_name(struct buf *out, const char *name)
{
	const char	*p;

	if (!text_list_ambiguous(name)) {
		buf_adds(out, name);
		return;
	}
	buf_addc(out, '"');
	for (p = name; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			buf_addc(out, '\\');
		buf_addc(out, *p);
	}
	buf_addc(out, '"');
}

/* Add s escaped for XML or HTML text and attribute values. */
void
text_escape_markup(struct buf *out, const char *s)
{
	const char	*p, *q;

	for (p = s; *p != '\0'; p = q + 1) {
		q = p + strcspn(p, "&<>\"'");
		buf_add(out, p, (size_t)(q - p));
		switch (*q) {
		case '&':
			buf_adds(out, "&amp;");
			break;
		case '<':
			buf_adds(out, "&lt;");
			break;
		case '>':
			buf_adds(out, "&gt;");
			break;
		case '"':
			buf_adds(out, "&quot;");
			break;
		case '\'':
			buf_adds(out, "&#39;");
			break;
		default:
			return;
		}
	}
}
