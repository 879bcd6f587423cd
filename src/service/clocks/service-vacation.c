#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "clock.h"
#include "clocks.h"
#include "command.h"
#include "config-file.h"
#include "mailloop.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"


/*
 * Vacations.  A player away stops their clock in every game: while it
 * is their turn the clock is paused, and a turn that comes to them
 * while they are away starts paused (service_clock_sync()).  Each
 * calendar year (UTC) gives [games] vacation_days; a vacation counts
 * the days it takes (any part of a day is a day) in the year it
 * starts, and one cut short by "vacation off" counts only the days
 * used.  A timer ends it on the day; the others in the player's games
 * are told once, when it begins.
 *
 *	vacation		what is used and left this year
 *	vacation 5d		away for 5 days from now
 *	vacation until DATE	away until DATE (YYYY-MM-DD, midnight in
 *				the player's time zone)
 *	vacation off		back now
 */

static int	service_vacation_until(struct service_mail *, const char *,
		    long long *);
static long long service_vacation_year(long long, int);
static int	service_vacation_used(struct service_mail *, long long *,
		    char **);
static void	service_vacation_days(long long, struct buf *);
static int	service_vacation_tell(struct service_mail *, long long,
		    char **);

/* The start of the UTC year of t, or of the one after if next. */
static long long
service_vacation_year(long long t, int next)
{
	time_t		tt = (time_t)t;
	struct tm	tm;

	gmtime_r(&tt, &tm);
	tm.tm_sec = tm.tm_min = tm.tm_hour = 0;
	tm.tm_mday = 1;
	tm.tm_mon = 0;
	tm.tm_year += next;
	return ((long long)timegm(&tm));
}

/* Days of vacation the sender took this year (rounded up): *days. */
static int
service_vacation_used(struct service_mail *sm, long long *days, char **cause)
{
	long long	used, now = sm->ml->now;

	if (store_vacation_used(sm->sv->store, sm->me.id,
	    service_vacation_year(now, 0), service_vacation_year(now, 1),
	    &used, cause) == -1)
		return (-1);
	*days = (used + CLOCK_DAY - 1) / CLOCK_DAY;
	return (0);
}

/* "3 days", "1 day". */
static void
service_vacation_days(long long n, struct buf *out)
{
	buf_addf(out, "%lld day%s", n, n == 1 ? "" : "s");
}

/*
 * The end of a vacation as arg says ("5d", "until 2026-12-27"): 0 and
 * *until, or -1 after telling the sender.
 */
static int
service_vacation_until(struct service_mail *sm, const char *arg,
    long long *until)
{
	char		*why = NULL, *old;
	long long	 d;
	struct tm	 tm;
	int		 y, m, day, n = 0;

	if (strncasecmp(arg, "until", 5) == 0 && isspace((unsigned char)arg[5])) {
		arg += 5 + strspn(arg + 5, " \t");
		memset(&tm, 0, sizeof tm);
		if (sscanf(arg, "%4d-%2d-%2d%n", &y, &m, &day, &n) != 3 ||
		    arg[n] != '\0' || m < 1 || m > 12 || day < 1 || day > 31) {
			service_error(sm, "vacation until %s: write the day "
			    "you are back as YYYY-MM-DD, such as vacation "
			    "until 2026-12-27", arg);
			return (-1);
		}
		tm.tm_year = y - 1900;
		tm.tm_mon = m - 1;
		tm.tm_mday = day;
		tm.tm_isdst = -1;
		old = service_clock_zone(service_set_get(&sm->me,
		    "timezone"));
		*until = (long long)mktime(&tm);
		service_clock_zone_end(old);
		if (tm.tm_mday != day) {
			service_error(sm, "vacation until %s: there is no such "
			    "day", arg);
			return (-1);
		}
		return (0);
	}
	if (clock_duration_parse(arg, &d, &why) == -1) {
		service_error(sm, "vacation %s: write vacation 5d (days), "
		    "vacation until 2026-12-27, or vacation off", arg);
		free(why);
		return (-1);
	}
	*until = sm->ml->now + d;
	return (0);
}

/*
 * Tell the other players of the sender's games in play, once, that the
 * sender is away until until: a notice in each game's thread.
 */
static int
service_vacation_tell(struct service_mail *sm, long long until, char **cause)
{
	struct store_game	*games;
	struct service_game	 sg;
	struct service_vars	 vars;
	struct buf		 who, when, line, text;
	size_t			 n, i, j;
	int			 rc = 0;

	if (store_game_list(sm->sv->store, sm->me.id, &games, &n,
	    cause) == -1)
		return (-1);
	buf_init(&who);
	buf_init(&when);
	buf_init(&line);
	buf_init(&text);
	service_label(&sm->me, &who);
	service_clock_when(until, NULL, &when);
	for (i = 0; i < n && rc != -1; i++) {
		if (strcmp(games[i].status, "playing") != 0)
			continue;
		if ((rc = service_game_load(sm, games[i].id, &sg,
		    cause)) != 1)
			continue;
		service_vars_init(&vars);
		service_vars_game(&vars, &sg);
		buf_reset(&text);
		buf_addf(&line, "%s is on vacation until %s. While %s is "
		    "away, their clock stops when it is their turn, in this "
		    "game as in their others; the game goes on when they are "
		    "back.\n", who.data, when.data, who.data);
		text_wrap(&text, line.data, TEXT_WRAP, TEXT_WIDTH);
		buf_reset(&line);
		service_vars_set(&vars, SV_TEXT, "%s\n%s", text.data,
		    vars.v[SV_STATUS]);
		for (j = 0; j < sg.nseats && rc != -1; j++) {
			if (sg.seats[j].player.id == sm->me.id ||
			    sg.seats[j].player.id == 0)
				continue;
			rc = service_mail_game(sm, &sg, &sg.seats[j].player,
			    TEMPLATE_NOTICE, &vars, "a player is on vacation",
			    cause);
		}
		service_vars_free(&vars);
		service_game_free(&sg);
	}
	store_game_list_free(games, n);
	buf_free(&who);
	buf_free(&when);
	buf_free(&line);
	buf_free(&text);
	return (rc == -1 ? -1 : 0);
}

/* vacation [5d | until DATE | off] */
int
service_vacation(struct service_mail *sm, const struct command *c,
    char **cause)
{
	const struct config_file	*cf = sm->sv->config;
	long long			 away, until, used, want, *ids;
	struct buf			 b;
	size_t				 n;
	int				 rc = 0;

	if (store_away_get(sm->sv->store, sm->me.id, &away, cause) == -1 ||
	    service_vacation_used(sm, &used, cause) == -1)
		return (-1);
	if (away != -1 && away <= sm->ml->now)
		away = -1;
	buf_init(&b);
	if (*c->arg == '\0') {
		if (away != -1) {
			buf_adds(&b, "You are on vacation until ");
			service_clock_when(away, NULL, &b);
			buf_adds(&b, ". ");
		}
		buf_adds(&b, "This year you have used ");
		service_vacation_days(used, &b);
		buf_addf(&b, " of your %ld vacation days; ", cf->vacation_days);
		service_vacation_days(used >= cf->vacation_days ? 0 :
		    cf->vacation_days - used, &b);
		buf_adds(&b, " are left.\nWrite \"vacation 5d\", \"vacation "
		    "until 2026-12-27\" or \"vacation off\".\n");
		service_notice(sm, "%s", b.data);
		goto out;
	}
	if (strcasecmp(c->arg, "off") == 0) {
		if (away == -1) {
			service_error(sm, "vacation off: you are not on "
			    "vacation");
			goto out;
		}
		until = -1;
	} else {
		if (service_vacation_until(sm, c->arg, &until) == -1)
			goto out;
		if (until <= sm->ml->now + CLOCK_HOUR) {
			service_error(sm, "vacation %s: that is over before "
			    "it starts; a vacation lasts an hour at least",
			    c->arg);
			goto out;
		}
		/* A vacation in course is replaced: count only its past. */
		if (away != -1 && (rc = store_away_set(sm->sv->store,
		    sm->me.id, sm->ml->now, -1, cause)) == -1)
			goto out;
		if (away != -1 && (rc = service_vacation_used(sm, &used,
		    cause)) == -1)
			goto out;
		want = (until - sm->ml->now + CLOCK_DAY - 1) / CLOCK_DAY;
		if (used + want > cf->vacation_days) {
			service_error(sm, "vacation %s: that is %lld days, and "
			    "you have %lld of your %ld days left this year",
			    c->arg, want, used >= cf->vacation_days ? 0 :
			    cf->vacation_days - used, cf->vacation_days);
			rc = 0;
			goto out;
		}
	}
	if ((rc = store_away_set(sm->sv->store, sm->me.id, sm->ml->now,
	    until, cause)) == -1 || (rc = store_clock_games(sm->sv->store,
	    sm->me.id, &ids, &n, cause)) == -1)
		goto out;
	rc = service_timer_resync(sm, ids, n, cause);
	free(ids);
	if (rc == -1 || (rc = service_vacation_used(sm, &used,
	    cause)) == -1)
		goto out;
	if (until == -1)
		buf_adds(&b, "Welcome back: your vacation is over and your "
		    "clocks run again.");
	else {
		if ((rc = service_vacation_tell(sm, until, cause)) == -1)
			goto out;
		buf_adds(&b, "Your vacation runs until ");
		service_clock_when(until, NULL, &b);
		buf_adds(&b, ": your clocks stop in every game until then, "
		    "and the other players are told.");
	}
	buf_adds(&b, " This year you have used ");
	service_vacation_days(used, &b);
	buf_addf(&b, " of your %ld vacation days.\n", cf->vacation_days);
	service_notice(sm, "%s", b.data);
out:
	buf_free(&b);
	return (rc);
}
