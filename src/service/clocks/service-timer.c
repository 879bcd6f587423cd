#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "clocks.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "service-family.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"



/*
 * The timers of the clocks (docs/clocks.md).  The store keeps each game's
 * next events as timers (service-clock.c writes them whenever a clock
 * changes): a reminder before the deadline, the deadline itself, the
 * expiry of an invitation; a player's return from vacation; a
 * tournament's start at its date.  The daemon's timer handles those
 * due, each deleted in the transaction that queues the mail it causes,
 * so none is lost and none handled twice.  A timeout puts the seat out
 * (service_clock_out()); a stale timer (the clock moved since) only
 * syncs the clock again.
 */

#define SERVICE_TIMER_BATCH	64	/* due events in one transaction */

static int	service_timer_remind(struct service_mail *,
		    struct service_game *, char **);
static int	service_timer_timeout(struct service_mail *,
		    struct service_game *, const struct store_timer *, char **);
static int	service_timer_expire(struct service_mail *,
		    struct service_game *, char **);
static int	service_timer_return(struct service_mail *, long long,
		    char **);
static int	service_timer_event(struct service_mail *,
		    const struct store_timer *, char **);

/* A reminder: the player to move, the board and the deadline. */
static int
service_timer_remind(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	struct service_vars	 vars;
	struct store_seat	*s;
	struct buf		 since;
	char			 state[64];
	int			 rc;

	if ((s = service_clock_seat(sg, (int)sg->row.clock_seat)) == NULL ||
	    s->player.id == 0)
		return (0);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	buf_init(&since);
	service_clock_when(sg->row.clock_since, NULL, &since);
	service_vars_set(&vars, SV_SINCE, "%s", since.data);
	snprintf(state, sizeof state, "reminder: your turn %d",
	    sg->row.turns + 1);
	rc = service_mail_game(sm, sg, &s->player, TEMPLATE_REMINDER, &vars,
	    state, cause);
	sg->row.reminded = 1;
	if (rc == 0)
		rc = store_clock_set(sm->sv->store, &sg->row, cause);
	buf_free(&since);
	service_vars_free(&vars);
	return (rc);
}

/* The deadline of t's seat has passed: it is out (or the timer stale). */
static int
service_timer_timeout(struct service_mail *sm, struct service_game *sg,
    const struct store_timer *t, char **cause)
{
	struct store_seat	*s;

	if (sg->row.clock_seat != t->seat || sg->row.clock_since == -1 ||
	    sg->row.deadline > sm->ml->now)
		return (service_clock_sync(sm, sg, cause));
	if ((s = service_clock_seat(sg, t->seat)) == NULL || s->out != NULL) {
		log_warnx("game G%lld: a timeout for seat %d, which is out "
		    "already", sg->row.id, t->seat);
		return (0);
	}
	log_info("game G%lld: %s ran out of time", sg->row.id,
	    s->player.address);
	return (service_clock_out(sm, sg, s, "time", cause));
}

/* An invitation nobody completed in time: the game is off. */
static int
service_timer_expire(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	struct service_vars	 vars;
	struct buf		 days, line, text;
	int			 rc;

	if (strcmp(sg->row.status, "inviting") != 0 || sg->nseats == 0)
		return (0);
	buf_init(&days);
	buf_init(&line);
	buf_init(&text);
	clock_words(sm->sv->config->invitation, &days);
	if (store_clock_end(sm->sv->store, sg->row.id, "abandoned",
	    "expired", "the invitation expired", sm->ml->now, cause) == -1 ||
	    store_timers_clear(sm->sv->store, sg->row.id, cause) == -1) {
		buf_free(&days);
		buf_free(&line);
		buf_free(&text);
		return (-1);
	}
	free(sg->row.status);
	sg->row.status = xstrdup("abandoned");
	log_info("game G%lld: the invitation expired", sg->row.id);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	buf_addf(&line, "Your game %s (%s) did not start: its seats were not "
	    "all taken within %s, so the invitation has expired.\n",
	    vars.v[SV_GAME], sg->g->ops->name, days.data);
	text_wrap(&text, line.data, TEXT_WRAP, TEXT_WIDTH);
	service_vars_set(&vars, SV_TEXT, "%s\n%s\nWrite \"new %s with ...\" "
	    "to try again.\n", text.data, vars.v[SV_SEATS], sg->g->ops->name);
	rc = service_mail_game(sm, sg, &sg->seats[0].player, TEMPLATE_NOTICE,
	    &vars, "invitation expired", cause);
	service_vars_free(&vars);
	buf_free(&days);
	buf_free(&line);
	buf_free(&text);
	return (rc);
}

/* Player's vacation is over: their clocks run again. */
static int
service_timer_return(struct service_mail *sm, long long player, char **cause)
{
	long long	*ids;
	size_t		 n;
	int		 rc;

	if (store_away_set(sm->sv->store, player, sm->ml->now, -1,
	    cause) == -1 || store_clock_games(sm->sv->store, player, &ids, &n,
	    cause) == -1)
		return (-1);
	rc = service_timer_resync(sm, ids, n, cause);
	free(ids);
	return (rc);
}

/* Sync the clocks of the n games ids (after a vacation begins or ends). */
int
service_timer_resync(struct service_mail *sm, const long long *ids, size_t n,
    char **cause)
{
	struct service_game	sg;
	size_t			i;
	int			rc = 0;

	for (i = 0; i < n && rc != -1; i++) {
		if ((rc = service_game_load(sm, ids[i], &sg, cause)) != 1)
			continue;
		rc = service_clock_sync(sm, &sg, cause);
		service_game_free(&sg);
	}
	return (rc == -1 ? -1 : 0);
}

/* Handle timer t. */
static int
service_timer_event(struct service_mail *sm, const struct store_timer *t,
    char **cause)
{
	struct service_game	sg;
	int			rc, found;

	if (strcmp(t->kind, "return") == 0)
		return (service_timer_return(sm, t->player, cause));
	/* Another family's kind: a tournament's "start". */
	rc = service_family_timer(sm, t, &found, cause);
	if (found)
		return (rc);
	if ((rc = service_game_load(sm, t->game, &sg, cause)) != 1)
		return (rc);
	if (strcmp(t->kind, "expire") == 0)
		rc = service_timer_expire(sm, &sg, cause);
	else if (strcmp(sg.row.status, "playing") != 0)
		rc = 0;
	else if (strcmp(t->kind, "remind") == 0) {
		rc = 0;
		/* Not after the deadline: the timeout says it all. */
		if (sg.row.clock_seat == t->seat && !sg.row.reminded &&
		    sg.row.clock_since != -1 &&
		    sg.row.deadline > sm->ml->now)
			rc = service_timer_remind(sm, &sg, cause);
	} else
		rc = service_timer_timeout(sm, &sg, t, cause);
	service_game_free(&sg);
	return (rc);
}

/*
 * The daemon's timer (a mailloop_ticker; arg is the service): handle
 * every timer due at now, in transactions of up to SERVICE_TIMER_BATCH,
 * each deleted in the transaction that queues the mail it causes.
 * *next is when the next one is due (-1: none).  Returns how many were
 * handled, or -1 if the store failed (then the batch in hand is still
 * due).
 */
int
service_timer_due(struct mailloop *ml, long long now, void *arg,
    long long *next, char **cause)
{
	struct service		*sv = arg;
	struct service_mail	sm;
	struct store_timer	t;
	char			nobody[] = "nobody";
	int			n = 0, batch, rc = 0;

	*next = -1;
	memset(&sm, 0, sizeof sm);
	sm.sv = sv;
	sm.ml = ml;
	sm.me.address = nobody;
	ml->now = now;
	while (rc == 0 && (ml->stop == NULL || !*ml->stop)) {
		buf_init(&sm.reply);
		if (store_begin(sv->store, cause) == -1)
			return (-1);
		for (batch = 0; batch < SERVICE_TIMER_BATCH; batch++, n++) {
			if ((rc = store_timer_due(sv->store, now, &t,
			    cause)) != 1)
				break;
			log_debug("timer %lld: %s, game %lld, due %lld",
			    t.id, t.kind, t.game, t.at);
			if ((rc = service_timer_event(&sm, &t, cause)) == -1 ||
			    (rc = store_timer_del(sv->store, t.id,
			    cause)) == -1)
				break;
		}
		/* Rounds move on after the mail of the games that ended. */
		if (rc != -1 && sm.nsettle > 0 &&
		    service_family_settle(&sm, cause) == -1)
			rc = -1;
		free(sm.settle);
		sm.settle = NULL;
		sm.nsettle = 0;
		buf_free(&sm.reply);
		if (rc == -1) {
			store_rollback(sv->store);
			return (-1);
		}
		if (store_commit(sv->store, cause) == -1) {
			store_rollback(sv->store);
			return (-1);
		}
		if (rc == 0 && batch < SERVICE_TIMER_BATCH)
			break;
		rc = 0;
	}
	*next = store_timer_next(sv->store);
	return (n);
}
