#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "command.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "message.h"
#include "play.h"
#include "record.h"
#include "robot-address.h"
#include "robot.h"
#include "service-private.h"
#include "service.h"
#include "xmalloc.h"


/*
 * Robots' turns (docs/robots.md).  A game whose seat to move is a
 * robot's has a robot job (service-robot-seat.c keeps it in step with
 * every save).
 *
 * The daemon's timer (service_robot_tick(), after the clocks' due
 * events) takes the oldest job and thinks about it on a copy of the
 * record, in a thread, so mail keeps being handled; while it thinks the
 * daemon looks again every second.  When the thought is done, the
 * action is played as a mail from the robot would be
 * (service_play_turn()), in one transaction that also deletes the job,
 * and only if the game is still at the job's turn.  A daemon killed
 * mid-thought finds the job again and thinks again: no action is lost,
 * none is played twice.  mupbemd --once and --deliver think in line
 * (sv->robots_inline), one job after another, until no robot is to
 * move.
 *
 * The time budget is CPU time of the thinking thread ([games]
 * robot_time), checked by the robot's stop function.
 */

#define SERVICE_ROBOT_INLINE_MAX	5000	/* robot turns a --once run */

/* A thought in progress, in its thread. */
struct service_robot {
	pthread_t		 thread;
	long long		 game;
	int			 turn;
	char			*record;
	enum robot_level	 level;
	uint64_t		 seed;
	long			 budget;
	double			 seconds;
	struct timespec		 start;
	char			*action;	/* the result, or NULL */
	char			*why;		/* or why there is none */
	atomic_int		 done;
};

static int	service_robot_stop(void *);
static void	service_robot_think(struct service_robot *);
static void	*service_robot_thread(void *);
static int	service_robot_play(struct service *, struct mailloop *,
		    struct service_robot *, char **);
static int	service_robot_take(struct service *, struct mailloop *,
		    struct service_robot **, char **);

/* Has the thinking thread used its CPU time? */
static int
service_robot_stop(void *arg)
{
	struct service_robot	*r = arg;
	struct timespec		 now;
	double			 used;

	if (r->seconds <= 0)
		return (0);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
	used = (double)(now.tv_sec - r->start.tv_sec) +
	    (double)(now.tv_nsec - r->start.tv_nsec) / 1e9;
	return (used >= r->seconds);
}

/* Think: r->record in, r->action (or r->why) out.  Pure but the clock. */
static void
service_robot_think(struct service_robot *r)
{
	struct robot_options	 o;
	struct record		 rec;
	struct game_history	 hist;
	struct game		*g;
	struct action		*a;
	struct buf		 out;
	char			*why = NULL;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &r->start);
	memset(&hist, 0, sizeof hist);
	record_init(&rec, NULL, NULL, 0);
	if (record_parse(&rec, r->record, &why) == -1 ||
	    (g = record_replay_history(&rec, &hist, &why)) == NULL) {
		r->why = why;
		record_free(&rec);
		game_history_free(&hist);
		return;
	}
	memset(&o, 0, sizeof o);
	o.level = r->level;
	o.budget = r->budget;
	o.seed = r->seed;
	o.stop = service_robot_stop;
	o.arg = r;
	o.history = &hist;
	a = game_action_new(g);
	if (robot_choose(g, &o, a, &why) == -1)
		r->why = why;
	else {
		buf_init(&out);
		g->ops->format(g, a, &out);
		r->action = buf_steal(&out);
	}
	free(a);
	game_free(g);
	record_free(&rec);
	game_history_free(&hist);
}

static void *
service_robot_thread(void *arg)
{
	struct service_robot	*r = arg;

	service_robot_think(r);
	atomic_store(&r->done, 1);
	return (NULL);
}

static void
service_robot_free(struct service_robot *r)
{
	if (r == NULL)
		return;
	free(r->record);
	free(r->action);
	free(r->why);
	free(r);
}

/*
 * Play r's action in its game as the robot's turn, in one transaction
 * with the job's deletion, if the game is still at r's turn.
 */
static int
service_robot_play(struct service *sv, struct mailloop *ml,
    struct service_robot *r, char **cause)
{
	struct service_mail	 sm;
	struct message		 m;
	struct command		 c;
	struct buf		 address;
	char			*text = NULL;
	int			 rc, turn;

	if (service_operator_begin(&sm, sv, ml, cause) == -1)
		return (-1);
	if ((rc = store_robot_job_get(sv->store, r->game, &turn,
	    cause)) != 1 || turn != r->turn)
		return (service_operator_end(&sm, rc == -1 ? -1 : 0, cause));
	buf_init(&address);
	robot_address(r->level, &address);
	memset(&m, 0, sizeof m);
	snprintf(m.id, sizeof m.id, "robot.G%lld.%d", r->game, r->turn);
	xasprintf(&m.message_id, "%s.%d@%s", m.id, r->turn,
	    ROBOT_ADDRESS_DOMAIN);
	m.from = address.data;
	sm.m = &m;
	if ((rc = store_player_get(sv->store, address.data, &sm.me,
	    cause)) != 1) {
		rc = rc == 0 ? store_robot_job_del(sv->store, r->game, cause) :
		    -1;
		goto out;
	}
	sm.answers = r->game;	/* the robot needs no token */
	sm.context = r->game;
	memset(&c, 0, sizeof c);
	c.type = COMMAND_PLAY;
	c.game = (int)r->game;
	c.guard = r->turn + 1;
	if (r->action == NULL) {
		log_warnx("game G%lld: the robot found no action: %s", r->game,
		    r->why != NULL ? r->why : "?");
		xasprintf(&text, "resign");
	} else
		text = xstrdup(r->action);
	c.arg = text;
	log_info("game G%lld: robot %s plays turn %d: %s", r->game,
	    robot_level_name(r->level), r->turn + 1, text);
	if ((rc = service_play_turn(&sm, &c, cause)) == 0 &&
	    (rc = store_robot_job_get(sv->store, r->game, &turn, cause)) == 1 &&
	    turn == r->turn)	/* refused: never try the same again */
		rc = store_robot_job_del(sv->store, r->game, cause);
	if (rc != -1)
		rc = service_mail_flush(&sm, cause);
	if (rc != -1)
		rc = 0;
out:
	service_mail_held_free(&sm);
	store_player_free(&sm.me);
	free(text);
	free(m.message_id);
	buf_free(&address);
	return (service_operator_end(&sm, rc, cause));
}

/*
 * The oldest job, as a thought to start: 1 and *out, 0 if none, 2 if
 * it was stale and is dropped, -1 on failure.
 */
static int
service_robot_take(struct service *sv, struct mailloop *ml,
    struct service_robot **out, char **cause)
{
	struct service_mail	 sm;
	struct service_game	 sg;
	struct service_robot	*r;
	enum robot_level	 level;
	long long		 game;
	int			 turn, rc;

	*out = NULL;
	if ((rc = store_robot_job_next(sv->store, 0, &game, &turn,
	    cause)) != 1)
		return (rc);
	memset(&sm, 0, sizeof sm);
	sm.sv = sv;
	sm.ml = ml;
	buf_init(&sm.reply);
	rc = service_game_load(&sm, game, &sg, cause);
	buf_free(&sm.reply);
	if (rc == -1)
		return (-1);
	/* The level is the seat's; stale (gone, unreadable): dropped. */
	if (rc == 0 || !service_robot_seat(&sg, &level)) {
		if (rc == 1)
			service_game_free(&sg);
		log_warnx("game G%lld: its robot job is dropped", game);
		return (store_robot_job_del(sv->store, game, cause) == -1 ?
		    -1 : 2);
	}
	r = xcalloc(1, sizeof *r);
	r->game = game;
	r->turn = turn;
	r->level = level;
	r->record = xstrdup(sg.row.record);
	r->budget = sv->config->robot_budget;
	r->seconds = (double)sv->config->robot_time;
	r->seed = (uint64_t)game * 0x9e3779b97f4a7c15ULL + (uint64_t)turn;
	atomic_init(&r->done, 0);
	service_game_free(&sg);
	*out = r;
	return (1);
}

/*
 * The robots' share of the daemon's timer (a mailloop_ticker with the
 * clocks' in service_robot_tick()): play what a finished thought found,
 * and start the next; inline (--once), think and play every job in
 * turn.  *next is when to look again (-1: nothing thinks).
 */
static int
service_robot_due(struct service *sv, struct mailloop *ml, long long now,
    long long *next, char **cause)
{
	struct service_robot	*r;
	int			 n = 0, rc;

	*next = -1;
	if (sv->robots_inline) {
		while (n < SERVICE_ROBOT_INLINE_MAX &&
		    (ml->stop == NULL || !*ml->stop)) {
			if ((rc = service_robot_take(sv, ml, &r, cause)) == -1)
				return (-1);
			if (rc == 0)
				break;
			if (rc == 2)
				continue;
			service_robot_think(r);
			rc = service_robot_play(sv, ml, r, cause);
			service_robot_free(r);
			if (rc == -1)
				return (-1);
			n++;
		}
		return (n);
	}
	if ((r = sv->robot) != NULL) {
		if (!atomic_load(&r->done)) {
			*next = now + 1;
			return (0);
		}
		pthread_join(r->thread, NULL);
		sv->robot = NULL;
		rc = service_robot_play(sv, ml, r, cause);
		service_robot_free(r);
		if (rc == -1)
			return (-1);
		n++;
	}
	while ((rc = service_robot_take(sv, ml, &r, cause)) == 2)
		continue;
	if (rc == -1)
		return (-1);
	if (rc == 1) {
		if (pthread_create(&r->thread, NULL, service_robot_thread,
		    r) != 0) {
			log_warn("robot: cannot start a thread; thinking in "
			    "line");
			service_robot_think(r);
			rc = service_robot_play(sv, ml, r, cause);
			service_robot_free(r);
			return (rc == -1 ? -1 : n + 1);
		}
		sv->robot = r;
		*next = now + 1;
	}
	(void)now;
	return (n);
}

/* Wait for a thought in progress and drop it (the daemon stops). */
void
service_robot_end(struct service *sv)
{
	if (sv->robot == NULL)
		return;
	pthread_join(sv->robot->thread, NULL);
	service_robot_free(sv->robot);
	sv->robot = NULL;
}

/*
 * The robots' part of the daemon's timer (a mailloop_ticker; arg is the
 * service), after the clocks' (service_family_tick()).
 */
int
service_robot_tick(struct mailloop *ml, long long now, void *arg,
    long long *next, char **cause)
{
	return (service_robot_due(arg, ml, now, next, cause));
}
