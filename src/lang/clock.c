#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock.h"
#include "xmalloc.h"

/*
 * A correspondence Fischer clock.  Each player has a bank of time.  It
 * runs only while the game waits for them; when their turn is made
 * the time it took is taken from the bank, the increment is added, and
 * the bank is cut to the maximum.  A bank that reaches 0 while it runs
 * is a timeout.
 *
 * Written INITIAL[+INCREMENT[/MAX]], each a duration of whole weeks,
 * days, hours and minutes ("1d12h", "90m", "0"):
 *
 *	3d+1d/10d	3 days to start, 1 day added a turn, at most 10
 *	3d+1d		the same, at most the 3 days of the start
 *	2d		2 days a turn: 2d+2d/2d, nothing saved up
 *	none		no clock
 *
 * The canonical form is the shortest that says the same clock.
 */

static int	clock_fail(char **, const char *, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static int	clock_part(const char **, const char *, long long *, char **);

static const struct {
	char		 unit;
	long long	 seconds;
	const char	*name;
} clock_units[] = {
	{ 'w', 7 * CLOCK_DAY, NULL },
	{ 'd', CLOCK_DAY, "day" },
	{ 'h', CLOCK_HOUR, "hour" },
	{ 'm', CLOCK_MINUTE, "minute" }
};
#define CLOCK_NUNITS	(sizeof clock_units / sizeof clock_units[0])

static int
clock_fail(char **cause, const char *spec, const char *fmt, ...)
{
	va_list	 ap;
	char	*why;

	if (cause == NULL)
		return (-1);
	va_start(ap, fmt);
	if (vasprintf(&why, fmt, ap) == -1)
		abort();
	va_end(ap);
	xasprintf(cause, "time %s: %s", spec, why);
	free(why);
	return (-1);
}

/*
 * Read one duration at *p, up to a '+', '/' or the end, into *out;
 * *p is left after it.
 */
static int
clock_part(const char **p, const char *spec, long long *out, char **cause)
{
	const char	*s = *p;
	long long	 n, total = 0;
	size_t		 i;
	char		*end;

	if (*s == '0' && (s[1] == '\0' || s[1] == '+' || s[1] == '/')) {
		*p = s + 1;
		*out = 0;
		return (0);
	}
	if (*s == '\0' || *s == '+' || *s == '/')
		return (clock_fail(cause, spec, "a time is missing; write it "
		    "like 3d+1d/10d, 2d or none"));
	while (*s != '\0' && *s != '+' && *s != '/') {
		if (!isdigit((unsigned char)*s))
			return (clock_fail(cause, spec, "'%c' is not a number; "
			    "write it like 3d+1d/10d, 2d or none", *s));
		n = strtoll(s, &end, 10);
		for (i = 0; i < CLOCK_NUNITS; i++) {
			if (tolower((unsigned char)*end) == clock_units[i].unit)
				break;
		}
		if (i == CLOCK_NUNITS)
			return (clock_fail(cause, spec, "%.*s needs a unit: d "
			    "(days), h (hours), m (minutes) or w (weeks)",
			    (int)(end - s) + (*end != '\0' && *end != '+' &&
			    *end != '/'), s));
		if (n > CLOCK_MOST / clock_units[i].seconds ||
		    (total += n * clock_units[i].seconds) > CLOCK_MOST)
			return (clock_fail(cause, spec, "at most 365 days"));
		s = end + 1;
	}
	*p = s;
	*out = total;
	return (0);
}

/*
 * Read a time control: "none", or as above.  0, or -1 and *cause (if
 * cause is not NULL).
 */
int
clock_parse(const char *spec, struct clock_control *c, char **cause)
{
	const char	*p = spec;

	memset(c, 0, sizeof *c);
	if (strcasecmp(spec, "none") == 0 || strcasecmp(spec, "off") == 0)
		return (0);
	if (clock_part(&p, spec, &c->initial, cause) == -1)
		return (-1);
	if (c->initial < CLOCK_HOUR)
		return (clock_fail(cause, spec, "a clock starts with an hour "
		    "at least"));
	c->increment = c->max = c->initial;
	if (*p == '+') {
		p++;
		if (clock_part(&p, spec, &c->increment, cause) == -1)
			return (-1);
		if (*p == '/') {
			p++;
			if (clock_part(&p, spec, &c->max, cause) == -1)
				return (-1);
		}
	} else if (*p == '/')
		return (clock_fail(cause, spec, "a maximum follows an "
		    "increment: write it like 3d+1d/10d"));
	if (*p != '\0')
		return (clock_fail(cause, spec, "write it like 3d+1d/10d, 2d "
		    "or none"));
	if (c->max < c->initial)
		return (clock_fail(cause, spec, "the most that can be banked "
		    "is less than the time to start"));
	if (c->increment == 0 && c->max != c->initial)
		return (clock_fail(cause, spec, "with nothing added a turn, "
		    "a maximum says nothing"));
	return (0);
}

/* A duration, canonical: "1d12h", "90m" as "1h30m", 0 as "0". */
void
clock_duration_format(long long seconds, struct buf *out)
{
	size_t	i;

	if (seconds <= 0) {
		buf_addc(out, '0');
		return;
	}
	for (i = 1; i < CLOCK_NUNITS; i++) {
		if (seconds >= clock_units[i].seconds) {
			buf_addf(out, "%lld%c", seconds /
			    clock_units[i].seconds, clock_units[i].unit);
			seconds %= clock_units[i].seconds;
		}
	}
}

/* Read one duration: "5d", "1d12h", "90m". */
int
clock_duration_parse(const char *s, long long *out, char **cause)
{
	const char	*p = s;

	if (clock_part(&p, s, out, cause) == -1)
		return (-1);
	if (*p != '\0')
		return (clock_fail(cause, s, "write a time like 5d, 12h or "
		    "1d12h"));
	return (0);
}

/* c in canonical form. */
void
clock_format(const struct clock_control *c, struct buf *out)
{
	if (c->initial == 0) {
		buf_adds(out, "none");
		return;
	}
	clock_duration_format(c->initial, out);
	if (c->increment == c->initial && c->max == c->initial)
		return;
	buf_addc(out, '+');
	clock_duration_format(c->increment, out);
	if (c->max != c->initial) {
		buf_addc(out, '/');
		clock_duration_format(c->max, out);
	}
}

/* c in words: "3 days to start, 1 day more a turn, at most 10 days". */
void
clock_describe(const struct clock_control *c, struct buf *out)
{
	if (c->initial == 0) {
		buf_adds(out, "no clock");
		return;
	}
	clock_words(c->initial, out);
	if (c->increment == c->initial && c->max == c->initial) {
		buf_adds(out, " a turn");
		return;
	}
	buf_adds(out, " to start, ");
	if (c->increment == 0)
		buf_adds(out, "nothing added a turn");
	else {
		clock_words(c->increment, out);
		buf_adds(out, " more a turn");
	}
	buf_adds(out, ", at most ");
	clock_words(c->max, out);
}

/*
 * seconds in words, to the two largest units: "2 days 4 hours", "1
 * hour", "12 minutes", "less than a minute".
 */
void
clock_words(long long seconds, struct buf *out)
{
	long long	n;
	size_t		i;
	int		said = 0;

	if (seconds < CLOCK_MINUTE) {
		buf_adds(out, "less than a minute");
		return;
	}
	for (i = 1; i < CLOCK_NUNITS && said < 2; i++) {
		n = seconds / clock_units[i].seconds;
		seconds %= clock_units[i].seconds;
		if (n == 0) {
			if (said > 0)
				break;
			continue;
		}
		buf_addf(out, "%s%lld %s%s", said > 0 ? " " : "", n,
		    clock_units[i].name, n == 1 ? "" : "s");
		said++;
	}
}

/*
 * The bank after a turn that took used seconds from bank: less the
 * time used, plus the increment if the player moved (a clock stopped
 * for another reason gains nothing), at most the maximum, never less
 * than 0.
 */
long long
clock_charge(const struct clock_control *c, long long bank, long long used,
    int moved)
{
	bank -= used;
	if (bank < 0)
		bank = 0;
	if (moved) {
		bank += c->increment;
		if (bank > c->max)
			bank = c->max;
	}
	return (bank);
}

/*
 * When to remind a player whose clock, with left seconds on it, runs
 * out at deadline: when share percent of left remains, or before
 * seconds before the deadline, whichever leaves less (0 turns either
 * off); -1 for never.
 */
long long
clock_remind_at(long long deadline, long long left, int share,
    long long before)
{
	long long	lead = share > 0 ? left * share / 100 : before;

	if (before > 0 && before < lead)
		lead = before;
	if (lead < CLOCK_MINUTE || lead >= left)
		return (-1);
	return (deadline - lead);
}
