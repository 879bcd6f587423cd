#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "option.h"
#include "xmalloc.h"

/*
 * An option's value is the whole of its word, in decimal, or nothing:
 * "12x", "" and a value out of range are refused, never cut short or
 * wrapped.  The cause names the option (what) and the word, so that
 * mupbem and mupbem-bench say the same thing about the same mistake.
 */

/* Parse option what's value s, a number from min to max, into *out. */
int
option_number(const char *what, const char *s, long min, long max,
    long *out, char **cause)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < min || v > max) {
		xasprintf(cause, "%s: '%s' is not a number from %ld to %ld",
		    what, s, min, max);
		return (-1);
	}
	*out = v;
	return (0);
}

/* Parse a seed, a whole number from 0 to 2^64-1, into *seed. */
int
option_seed(const char *s, uint64_t *seed, char **cause)
{
	char	*end;

	errno = 0;
	*seed = strtoumax(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0) {
		xasprintf(cause, "seed: '%s' is not a whole number from 0 to "
		    "2^64-1", s);
		return (-1);
	}
	return (0);
}
