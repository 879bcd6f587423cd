#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "service.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"

/*
 * Games on the clock.  A game with a time control (clock.c) has one
 * clock running at a time: that of the seat to move, in every phase.
 * The game's row says whose clock it is (clock_seat), since when it
 * runs (clock_since; none while its player is on vacation or its
 * tournament is paused), from which turn (clock_turn) and when it runs
 * out (deadline); each seat keeps its bank as it stood when its clock
 * last started.
 *
 * service_clock_sync() brings the clock up to date after anything that
 * changes a game: it charges the turn that ended (the time used, and
 * the increment if that seat played), starts the clock of the seat to
 * move, stops or restarts it for a vacation or a tournament's pause
 * (service-organise.c), and writes the game's timers: the reminder and
 * the timeout of this deadline, or, for an invitation, its expiry.  It runs inside the transaction of whatever
 * changed the game, so clock and game never disagree.
 * service_clock_save() does the same for a game whose record changed,
 * writing its row once, record and clock together.
 *
 * service_timer_due() handles the timers that fall due, each in the
 * transaction that deletes it, with the mail it causes.  A timeout
 * takes the seat out of the game (service_clock_out()): of two
 * players it loses, by resigning; of more, the server plays its turns
 * with the random robot until resigning is allowed (the movement
 * phase of Mu), and it resigns then (docs/rules.md, Timeouts).
 */

static int	service_clock_control(const struct service_game *,
		    struct clock_control *);
static int	service_clock_moved(const struct service_game *, int, int);
static int	service_clock_away(struct service_mail *, long long, int *,
		    char **);
static int	service_clock_paused(struct service_mail *,
		    const struct store_game *, int *, char **);
static int	service_clock_advance(struct service_mail *,
		    struct service_game *, char **);
static void	service_clock_want(struct store_timer *, const char *,
		    long long, int);
static int	service_clock_timers(struct service_mail *,
		    struct service_game *, char **);

/* sg's time control: 1 and *c, or 0 if it has none. */
static int
service_clock_control(const struct service_game *sg, struct clock_control *c)
{
	char	*why = NULL;

	memset(c, 0, sizeof *c);
	if (sg->row.clock == NULL)
		return (0);
	if (clock_parse(sg->row.clock, c, &why) == -1) {
		log_warnx("game G%lld: time %s: %s", sg->row.id, sg->row.clock,
		    why);
		free(why);
		memset(c, 0, sizeof *c);
	}
	return (c->initial != 0);
}

/* The store's seat n of sg, or NULL. */
struct store_seat *
service_clock_seat(struct service_game *sg, int n)
{
	size_t	i;

	for (i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].seat == n)
			return (&sg->seats[i]);
	}
	return (NULL);
}

/* Did seat make a turn (not a resignation) from record line from on? */
static int
service_clock_moved(const struct service_game *sg, int seat, int from)
{
	const struct record_action	*a;
	size_t				 i;

	for (i = from < 0 ? 0 : (size_t)from; i < sg->rec.nactions; i++) {
		a = &sg->rec.actions[i];
		if (sg->g->ops->seat_parse(sg->g, a->seat, strlen(a->seat)) ==
		    seat && strcmp(a->text, "resign") != 0)
			return (1);
	}
	return (0);
}

/* Is player on vacation now?  *away; 0, or -1 if the store fails. */
static int
service_clock_away(struct service_mail *sm, long long player, int *away,
    char **cause)
{
	long long	until;

	*away = 0;
	if (player == 0)
		return (0);
	if (store_away_get(sm->sv->store, player, &until, cause) == -1)
		return (-1);
	*away = until != -1 && until > sm->ml->now;
	return (0);
}

/*
 * Is row's tournament paused by its organiser?  *paused; 0, or -1 if
 * the store fails.  Its clocks stand still as a vacation's do.
 */
static int
service_clock_paused(struct service_mail *sm, const struct store_game *row,
    int *paused, char **cause)
{
	struct store_tournament	t;
	int			rc;

	*paused = 0;
	if (row->tournament == -1)
		return (0);
	if ((rc = store_tournament_get(sm->sv->store, row->tournament, NULL,
	    &t, cause)) != 1)
		return (rc);
	*paused = strcmp(t.state, "paused") == 0;
	store_tournament_free(&t);
	return (0);
}

/* Bring sg's clock up to date with its game (see above). */
int
service_clock_sync(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	int	rc;

	if ((rc = service_clock_advance(sm, sg, cause)) == -1 ||
	    (rc == 1 && store_clock_set(sm->sv->store, &sg->row,
	    cause) == -1))
		return (-1);
	return (service_clock_timers(sm, sg, cause));
}

/*
 * The same for sg, whose status and turns in its row are new and whose
 * record is now record: the row, record and clock, is written in one.
 */
int
service_clock_save(struct service_mail *sm, struct service_game *sg,
    const char *record, char **cause)
{
	if (service_clock_advance(sm, sg, cause) == -1 ||
	    store_clock_game(sm->sv->store, &sg->row, record, sm->ml->now,
	    cause) == -1)
		return (-1);
	return (service_clock_timers(sm, sg, cause));
}

/*
 * Charge and start sg's clocks: the seats' banks in the store, the
 * row's clock in sg alone.  1 if sg's clock is to be written, 0 if it
 * has none, -1 if the store fails.
 */
static int
service_clock_advance(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	struct store		*st = sm->sv->store;
	struct store_game	*row = &sg->row;
	struct clock_control	 c;
	struct store_seat	*s;
	long long		 now = sm->ml->now, used, bank;
	int			 mover = -1, away, paused;

	if (!service_clock_control(sg, &c))
		return (0);
	if (strcmp(row->status, "playing") == 0)
		mover = sg->g->ops->to_move(sg->g);
	if (row->clock_seat != -1 && (row->clock_seat != mover ||
	    row->turns != row->clock_turn)) {
		if ((s = service_clock_seat(sg, (int)row->clock_seat)) != NULL) {
			used = row->clock_since == -1 ? 0 :
			    now - row->clock_since;
			s->bank = clock_charge(&c, s->bank == -1 ? c.initial :
			    s->bank, used, service_clock_moved(sg, s->seat,
			    row->clock_turn));
			if (store_clock_seat(st, row->id, s->seat, s->bank,
			    s->out, cause) == -1)
				return (-1);
		}
		row->clock_seat = row->clock_since = row->deadline = -1;
	}
	if (mover != -1 && (s = service_clock_seat(sg, mover)) != NULL) {
		if (service_clock_away(sm, s->player.id, &away, cause) == -1 ||
		    service_clock_paused(sm, row, &paused, cause) == -1)
			return (-1);
		away = away || paused;
		bank = s->bank;
		if (row->clock_seat == -1) {
			if (s->bank == -1)
				s->bank = c.initial;
			row->clock_seat = mover;
			row->clock_turn = row->turns;
			row->reminded = 0;
			row->clock_since = away ? -1 : now;
		} else if (away && row->clock_since != -1) {
			s->bank = clock_charge(&c, s->bank, now -
			    row->clock_since, 0);
			row->clock_since = -1;
		} else if (!away && row->clock_since == -1)
			row->clock_since = now;
		/* Its bank as the store has it, unless it changed. */
		if (s->bank != bank && store_clock_seat(st, row->id, s->seat,
		    s->bank, s->out, cause) == -1)
			return (-1);
		row->deadline = row->clock_since == -1 ? -1 :
		    row->clock_since + s->bank;
	}
	return (1);
}

/* Fill t as a wanted timer of kind, due at at, for seat (or -1). */
static void
service_clock_want(struct store_timer *t, const char *kind, long long at,
    int seat)
{
	memset(t, 0, sizeof *t);
	t->at = at;
	t->seat = seat;
	snprintf(t->kind, sizeof t->kind, "%s", kind);
}

/*
 * Bring sg's timers up to date: its expiry, or its reminder and
 * timeout, or none.
 */
static int
service_clock_timers(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	const struct config_file	*cf = sm->sv->config;
	const struct store_game		*row = &sg->row;
	struct store_timer		 want[STORE_TIMERS_GAME];
	size_t				 n = 0;
	long long			 at;

	if (strcmp(row->status, "inviting") == 0)
		service_clock_want(&want[n++], "expire",
		    row->created + cf->invitation, -1);
	else if (strcmp(row->status, "playing") == 0 &&
	    row->deadline != -1) {
		at = clock_remind_at(row->deadline, row->deadline -
		    row->clock_since, (int)cf->remind_share,
		    cf->remind_before);
		if (!row->reminded && at > sm->ml->now)
			service_clock_want(&want[n++], "remind", at,
			    (int)row->clock_seat);
		service_clock_want(&want[n++], "timeout", row->deadline,
		    (int)row->clock_seat);
	}
	return (store_timers_set(sm->sv->store, row->id, want, n, cause));
}

/*
 * t as a date for a mail: "Sat 28 Nov 2026 09:00 UTC", or, in zone tz
 * (a name of the tz database), "Sat 28 Nov 10:00 CET".
 */
void
service_clock_when(long long t, const char *tz, struct buf *out)
{
	char		 s[64], *old;
	time_t		 tt = (time_t)t;
	struct tm	 tm;

	if (tz == NULL) {
		gmtime_r(&tt, &tm);
		strftime(s, sizeof s, "%a %d %b %Y %H:%M UTC", &tm);
		buf_adds(out, s);
		return;
	}
	old = service_clock_zone(tz);
	localtime_r(&tt, &tm);
	strftime(s, sizeof s, "%a %d %b %H:%M %Z", &tm);
	service_clock_zone_end(old);
	buf_adds(out, s);
}

/*
 * Make tz the zone of local time (for localtime_r() and mktime());
 * the zone it replaces is returned, for service_clock_zone_end().
 */
char *
service_clock_zone(const char *tz)
{
	const char	*e;
	char		*old = NULL;

	if ((e = getenv("TZ")) != NULL)
		old = xstrdup(e);
	setenv("TZ", tz, 1);
	tzset();
	return (old);
}

/* Put back the zone old that service_clock_zone() replaced. */
void
service_clock_zone_end(char *old)
{
	if (old != NULL) {
		setenv("TZ", old, 1);
		free(old);
	} else
		unsetenv("TZ");
	tzset();
}

/*
 * What player to is told of their clock in sg, on one line added to
 * line, or nothing if it is not their clock that runs: the deadline in
 * UTC and in their zone ("set timezone"), and the time left.
 */
void
service_clock_line(struct service_mail *sm, const struct service_game *sg,
    const struct store_player *to, struct buf *line)
{
	const struct store_game	*row = &sg->row;
	const struct store_seat	*s;
	const char		*tz;
	char			*cause = NULL;
	size_t			 i;
	int			 paused = 0;

	if (row->clock == NULL || row->clock_seat == -1 ||
	    strcmp(row->status, "playing") != 0)
		return;
	for (s = NULL, i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].seat == row->clock_seat)
			s = &sg->seats[i];
	}
	if (s == NULL || s->player.id != to->id)
		return;
	if (row->clock_since == -1) {
		/* A store failure here only costs the right reason. */
		if (service_clock_paused(sm, row, &paused, &cause) == -1)
			free(cause);
		buf_addf(line, "Your clock is stopped while %s, with ",
		    paused ? "the tournament is paused" :
		    "you are on vacation");
		clock_words(s->bank, line);
		buf_adds(line, " left on it.");
	} else {
		buf_adds(line, "Your deadline: ");
		service_clock_when(row->deadline, NULL, line);
		tz = service_set_get(to, "timezone");
		if (strcmp(tz, "UTC") != 0) {
			buf_adds(line, " (");
			service_clock_when(row->deadline, tz, line);
			buf_addf(line, " in %s)", tz);
		}
		buf_adds(line, ", ");
		clock_words(row->deadline - sm->ml->now, line);
		buf_adds(line, " from now.");
	}
	buf_addf(line, " The clock is %s.", row->clock);
}

/* service_clock_line() as a paragraph of a mail: wrapped, or nothing. */
void
service_clock_deadline(struct service_mail *sm, const struct service_game *sg,
    const struct store_player *to, struct buf *out)
{
	struct buf	line;

	buf_init(&line);
	service_clock_line(sm, sg, to, &line);
	if (line.len > 0) {
		buf_addc(&line, '\n');
		text_wrap(out, line.data, TEXT_WRAP, TEXT_WIDTH);
	}
	buf_free(&line);
}

/*
 * The words of a game's report where the server resigned for a seat
 * that ran out of time (timeout) or forfeits: "blue resigns." and "Red
 * wins by resignation." would tell the players something else than
 * what happened.  The rule is the same; only the words change.  A
 * space in a phrase matches any run of spaces and line ends, as the
 * report may be wrapped.
 */
void
service_clock_words(struct buf *report, int timeout)
{
	static const char	*words[][3] = {
		{ " resigns.\n", " ran out of time.\n", " forfeits.\n" },
		{ " (resigned)", " (out of time)", " (forfeited)" },
		{ " by resignation", " on time", " by forfeit" },
		{ " resigned the match", " ran out of time", " forfeited" },
	};
	struct buf	 out;
	const char	*p, *w, *q;
	size_t		 i;

	if (report->len == 0)
		return;
	buf_init(&out);
	for (p = report->data; *p != '\0';) {
		for (i = 0; i < sizeof words / sizeof words[0]; i++) {
			for (w = words[i][0], q = p; *w != '\0'; w++) {
				if (*w == ' ' && (*q == ' ' || *q == '\n'))
					q += strspn(q, " \n");
				else if (*q == *w)
					q++;
				else
					break;
			}
			if (*w == '\0')
				break;
		}
		if (i < sizeof words / sizeof words[0]) {
			buf_adds(&out, words[i][timeout ? 1 : 2]);
			p = q;
		} else
			buf_addc(&out, *p++);
	}
	buf_reset(report);
	buf_add(report, out.data, out.len);
	buf_free(&out);
}

/*
 * Take seat out of sg, for why ("time", "forfeit"): of two players it
 * resigns and loses; of more, the server plays for it from now on
 * (service_game_forced()), and it resigns as soon as it may.  Then the
 * game is saved and everyone told.  The record says why in a comment.
 */
int
service_clock_out(struct service_mail *sm, struct service_game *sg,
    struct store_seat *s, const char *why, char **cause)
{
	const struct game_ops	*ops = sg->g->ops;
	struct buf		 who, lead, note, result, report;
	struct store_seat	*w;
	size_t			 i;
	char			*err = NULL;
	int			 rc = -1, turn, two = ops->players(sg->g) == 2;
	int			 timeout = strcmp(why, "time") == 0;

	buf_init(&who);
	buf_init(&lead);
	buf_init(&note);
	buf_init(&result);
	buf_init(&report);
	buf_addf(&who, "%s (", ops->seat_name(sg->g, s->seat));
	service_label(&s->player, &who);
	buf_addc(&who, ')');
	service_clock_when(sm->ml->now, NULL, &note);
	buf_addf(&note, ": %s %s", who.data, timeout ? "ran out of time" :
	    "forfeits, by the operator's decision");
	record_note(&sg->rec, note.data);
	free(s->out);
	s->out = xstrdup(why);
	if (store_clock_seat(sm->sv->store, sg->row.id, s->seat, s->bank,
	    s->out, cause) == -1)
		goto out;
	buf_addf(&lead, "%c%s %s", toupper((unsigned char)who.data[0]),
	    who.data + 1, timeout ? "ran out of time" : "forfeits the game "
	    "(the operator's decision)");
	turn = (int)sg->rec.nactions + 1;
	if (two) {
		if (game_play(sg->g, s->seat, "resign", 6, NULL, &report,
		    &err) == -1) {
			log_warnx("game G%lld: %s cannot resign: %s",
			    sg->row.id, ops->seat_name(sg->g, s->seat), err);
			free(err);
			goto out;
		}
		service_clock_words(&report, timeout);
		record_add(&sg->rec, ops->seat_name(sg->g, s->seat), "resign");
		if (store_action_add(sm->sv->store, sg->row.id, s->player.id,
		    turn, "resign", NULL, sm->ml->now, cause) == -1 ||
		    store_seat_set(sm->sv->store, sg->row.id, s->seat,
		    s->player.id, "resigned", cause) == -1)
			goto out;
		for (w = NULL, i = 0; i < sg->nseats; i++) {
			if (sg->seats[i].seat != s->seat)
				w = &sg->seats[i];
		}
		if (w != NULL) {
			buf_addf(&result, "%s (", ops->seat_name(sg->g,
			    w->seat));
			service_label(&w->player, &result);
			buf_addc(&result, ')');
		}
		buf_addf(&result, " wins %s", timeout ? "on time" :
		    "by forfeit");
		buf_addf(&lead, ": %s.\n\n", result.data);
	} else {
		buf_addf(&lead, " and is out of the game: mupbem %s.\n\n",
		    "plays for them until they may resign, and then resigns "
		    "for them");
	}
	if (service_game_forced(sm, sg, &report, cause) == -1 ||
	    service_game_save(sm, sg, ops->to_move(sg->g) == -1 ? "over" :
	    "playing", cause) == -1)
		goto out;
	if (two && store_clock_end(sm->sv->store, sg->row.id, "over", why,
	    result.data, sm->ml->now, cause) == -1)
		goto out;
	rc = service_announce(sm, sg, s->seat, turn, report.len > 0 ?
	    report.data : "", lead.data, timeout ? "you ran out of time" :
	    "you forfeit", cause);
out:
	buf_free(&who);
	buf_free(&lead);
	buf_free(&note);
	buf_free(&result);
	buf_free(&report);
	return (rc);
}
