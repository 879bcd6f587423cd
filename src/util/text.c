#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "text.h"
#include "xmalloc.h"

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
