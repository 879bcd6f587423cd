#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "compete.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "robot-address.h"
#include "service-private.h"
#include "xmalloc.h"

/*
 * The organiser's mail, and the thread of a tournament's or league's
 * mail (docs/tournaments.md, The organiser's mail).
 *
 * Every mail about one tournament or league, to its players and to its
 * organiser, has one subject, "[mupbem] Tournament NAME" or "[mupbem]
 * League NAME", and answers the first of them (In-Reply-To and
 * References), whose Message-ID the store keeps by the thread's name
 * (store_thread_get()), as a game keeps its own.
 *
 * The organiser of a tournament or league hears of its start, each
 * round, each season's end, a player who leaves, a game that stalls
 * and its end: a note, which their setting "digest" decides the fate
 * of:
 *
 *   event  the note goes at once, a mail of its own in the thread
 *   daily  it is kept (organiser_notes), and every note of a day goes
 *          in one mail at the first tick of the next day (00:00 UTC),
 *          kept notes read and deleted in one transaction
 *   off    nothing; "tournament NAME" still answers
 *
 * An organiser who also plays and takes notes as events gets the
 * organiser's mail in place of the player's mail of the same event
 * (service_organiser_merged()): it holds all that one does.
 *
 * A tournament game without a clock in which no turn has been played
 * for [tournaments] stall is a note too, once at each turn it stalls
 * on (store_stalled()); a game with a clock ends on time instead.
 */

#define SO_BATCH	64	/* digests or stalls a tick */

static int	so_digest(struct service_mail *, long long, long long,
		    char **);
static int	so_stall(struct service_mail *, const struct store_stall *,
		    char **);

/* The name of the thread of tournament id, or of league id if tid is -1. */
void
service_organiser_thread(long long tid, long long lid, struct buf *out)
{
	if (tid != -1)
		buf_addf(out, "tournament %lld", tid);
	else
		buf_addf(out, "league %lld", lid);
}

/*
 * Mail text to address to under subject, in the thread called thread,
 * which this mail begins if it has no first mail yet (a robot's, never
 * written, begins none).
 */
int
service_organiser_send(struct service_mail *sm, const char *thread,
    const char *to, const char *subject, const char *text, char **cause)
{
	struct buf		 id;
	enum robot_level	 level;
	char			*first = NULL;
	int			 rc;

	if (robot_address_level(to, &level) == 0)
		return (0);
	if (store_thread_get(sm->sv->store, thread, &first, cause) == -1)
		return (-1);
	buf_init(&id);
	rc = service_mail_notice_in(sm, to, subject, text, first, &id, cause);
	if (rc == 0 && first == NULL && id.len > 0)
		rc = store_thread_add(sm->sv->store, thread, id.data, cause);
	buf_free(&id);
	free(first);
	return (rc);
}

/*
 * Is player, who takes part, the organiser, who gets the organiser's
 * mail of each event at once, and so not the player's mail of it?
 */
int
service_organiser_merged(const struct store_player *player,
    long long organiser)
{
	return (player->id == organiser &&
	    strcmp(service_set_get(player, "digest"), "event") == 0);
}

/*
 * A note to organiser (a player id, or -1 for none) about the
 * tournament or league of thread: mailed under subject now, kept for
 * the day's digest, or dropped, as their digest setting says.
 */
int
service_organiser_note(struct service_mail *sm, long long organiser,
    const char *thread, const char *subject, const char *text, char **cause)
{
	struct store_player	 o;
	const char		*digest;
	int			 rc;

	if (organiser == -1)
		return (0);
	if ((rc = store_player_by_id(sm->sv->store, organiser, &o,
	    cause)) != 1)
		return (rc);
	digest = service_set_get(&o, "digest");
	if (strcmp(digest, "off") == 0)
		rc = 0;
	else if (strcmp(digest, "daily") == 0)
		rc = store_note_add(sm->sv->store, o.id, subject, text,
		    sm->ml->now, cause);
	else
		rc = service_organiser_send(sm, thread, o.address, subject,
		    text, cause);
	log_debug("organiser %s: %s (%s)", o.address, subject, digest);
	store_player_free(&o);
	return (rc);
}

/*
 * The digest of player's notes made before day (a day's start, UTC):
 * one mail holding them all, in order, which are then deleted.
 */
static int
so_digest(struct service_mail *sm, long long player, long long day,
    char **cause)
{
	struct store_player	 o;
	struct buf		 notes, text, subject;
	struct tm		 tm;
	time_t			 t = (time_t)(day - CLOCK_DAY);
	char			 date[16];
	int			 rc, n;

	if ((rc = store_player_by_id(sm->sv->store, player, &o, cause)) != 1)
		return (rc == 0 ? 0 : -1);
	buf_init(&notes);
	buf_init(&text);
	buf_init(&subject);
	gmtime_r(&t, &tm);
	strftime(date, sizeof date, "%Y-%m-%d", &tm);
	if ((n = store_note_take(sm->sv->store, player, day, &notes,
	    cause)) > 0) {
		buf_addf(&subject, "[mupbem] Organiser's digest of %s", date);
		buf_addf(&text, "What happened in your tournaments and leagues "
		    "on %s (UTC), in order: %d note%s.\n\n", date, n,
		    n == 1 ? "" : "s");
		buf_add(&text, notes.data, notes.len);
		rc = service_mail_notice(sm, o.address, subject.data,
		    text.data, cause);
		log_info("organiser %s: digest of %s, %d notes", o.address,
		    date, n);
	}
	buf_free(&notes);
	buf_free(&text);
	buf_free(&subject);
	store_player_free(&o);
	return (n == -1 || rc == -1 ? -1 : 0);
}

/* Tell the organiser of stalled game s's tournament that it stalls. */
static int
so_stall(struct service_mail *sm, const struct store_stall *s, char **cause)
{
	struct store_tournament	 t;
	struct store_league	 l;
	struct service_game	 sg;
	struct buf		 text, subject, thread, when, waits;
	long			 days;
	int			 rc;

	if ((rc = store_tournament_get(sm->sv->store, s->tournament, NULL,
	    &t, cause)) != 1)
		return (rc == 0 ? store_stall_set(sm->sv->store, s->game,
		    s->turns, cause) : -1);
	if ((rc = service_game_load(sm, s->game, &sg, cause)) != 1) {
		store_tournament_free(&t);
		return (rc == 0 ? store_stall_set(sm->sv->store, s->game,
		    s->turns, cause) : -1);
	}
	buf_init(&text);
	buf_init(&subject);
	buf_init(&thread);
	buf_init(&when);
	buf_init(&waits);
	service_mail_utc(sg.row.updated, &when);
	service_game_waits(&sg, &waits);
	while (waits.len > 0 && waits.data[waits.len - 1] == '\n')
		waits.data[--waits.len] = '\0';
	days = (long)((sm->ml->now - sg.row.updated) / CLOCK_DAY);
	buf_addf(&text, "Game G%lld of tournament %s stalls: no turn has "
	    "been played in it for %ld day%s, since %s. %s\n", sg.row.id,
	    t.name, days, days == 1 ? "" : "s", when.data, waits.len > 0 ?
	    waits.data : "");
	if (sg.row.topic != NULL)
		buf_addf(&text, "\n%s\n", sg.row.topic);
	if (t.league != -1 && store_league_get(sm->sv->store, t.league,
	    NULL, &l, cause) == 1) {
		buf_addf(&subject, "[mupbem] League %s", l.name);
		service_organiser_thread(-1, l.id, &thread);
		store_league_free(&l);
	} else {
		buf_addf(&subject, "[mupbem] Tournament %s", t.name);
		service_organiser_thread(t.id, -1, &thread);
	}
	rc = service_organiser_note(sm, t.organiser, thread.data,
	    subject.data, text.data, cause);
	if (rc == 0)
		rc = store_stall_set(sm->sv->store, s->game, s->turns, cause);
	buf_free(&text);
	buf_free(&subject);
	buf_free(&thread);
	buf_free(&when);
	buf_free(&waits);
	service_game_free(&sg);
	store_tournament_free(&t);
	return (rc);
}

/*
 * The daemon's timer (a mailloop_ticker; arg is the service): the
 * digests of the days gone, then the games that stalled.  *next is the
 * next day's start, or an hour on if sooner; until then the daemon's
 * rounds ask the store nothing.
 */
int
service_organiser_tick(struct mailloop *ml, long long now, void *arg,
    long long *next, char **cause)
{
	struct service		*sv = arg;
	struct service_mail	 sm;
	struct store_stall	*v = NULL;
	long long		 day = now - now % CLOCK_DAY, player;
	int			 n = 0, i, k = 0, rc;

	if (sv->organised != 0 && now < sv->organised) {
		*next = sv->organised;
		return (0);
	}
	*next = now + CLOCK_HOUR < day + CLOCK_DAY ? now + CLOCK_HOUR :
	    day + CLOCK_DAY;
	if (service_operator_begin(&sm, sv, ml, cause) == -1)
		return (-1);
	ml->now = now;
	while (n < SO_BATCH && (rc = store_note_due(sv->store, day, &player,
	    cause)) == 1) {
		if ((rc = so_digest(&sm, player, day, cause)) == -1)
			break;
		n++;
	}
	if (rc != -1 && sv->config->stall > 0 && (k = store_stalled(sv->store,
	    now - sv->config->stall, SO_BATCH, &v, cause)) == -1)
		rc = -1;
	for (i = 0; rc != -1 && i < k; i++)
		rc = so_stall(&sm, &v[i], cause);
	free(v);
	if (service_operator_end(&sm, rc == -1 ? -1 : 0, cause) == -1)
		return (-1);
	/* A batch cut short has more waiting: look again at once. */
	sv->organised = n < SO_BATCH && k < SO_BATCH ? *next : 0;
	return (n + k);
}
