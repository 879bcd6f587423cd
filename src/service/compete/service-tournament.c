#include "config.h"

#include <sys/random.h>

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "clock.h"
#include "command.h"
#include "compete.h"
#include "config-file.h"
#include "game-registry.h"
#include "glicko.h"
#include "league-table.h"
#include "log.h"
#include "mailloop.h"
#include "pairing.h"
#include "rating.h"
#include "robot-address.h"
#include "service-private.h"
#include "service-round.h"
#include "standings.h"
#include "text.h"
#include "xmalloc.h"


/*
 * Tournaments (docs/tournaments.md): what players and organisers ask of
 * them by mail.  A tournament is open while players join and leave;
 * its organiser starts it (or it starts by itself at its date, with a
 * 'start' timer), and from then on service-round.c makes its rounds.
 * "tournament NAME" and "tournaments" show them.
 *
 * A player who withdraws after the start forfeits the games they are
 * playing (service_clock_out()) and every later table, and is paired
 * no more; before the start they are simply gone.
 */

#define ST_NAME_MAX	24
#define ST_MAX_ENTRANTS	10000

static int	st_new(struct service_mail *, const char *, char **);
static int	st_join(struct service_mail *, const char *, char **);
static int	st_leave(struct service_mail *, const char *, char **);
static int	st_left(struct service_mail *,
		    const struct service_tournament *, char **);
static int	st_show(struct service_mail *, const char *, char **);

/*
 * tournament new NAME KIND FORMAT [rounds N] [seats N] [time SPEC]
 * [max N] [starts DATE] [segments N] [rated|unrated]
 */
static int
st_new(struct service_mail *sm, const char *args, char **cause)
{
	struct store_tournament	 t, old;
	struct clock_control	 ctl;
	struct buf		 b;
	struct tm		 tm;
	char			*copy, *w, *last, *name, *why = NULL, *end;
	const char		*word;
	long			 v;
	int			 rc, i = 0;

	memset(&t, 0, sizeof t);
	t.seats = 2;
	t.rated = 1;
	t.starts = -1;
	t.league = -1;
	t.organiser = sm->me.id;
	t.created = sm->ml->now;
	copy = xstrdup(args);
	name = strtok_r(copy, " \t", &last);
	for (word = name; word != NULL && *word != '\0'; word++) {
		if (!isalnum((unsigned char)*word) && *word != '-' &&
		    *word != '_')
			break;
	}
	if (name == NULL || *word != '\0' || strlen(name) > ST_NAME_MAX ||
	    strcasecmp(name, "new") == 0) {
		service_error(sm, "tournament new: a tournament's name is one "
		    "word of up to %d letters, digits, - and _, such as "
		    "Winter-2026", ST_NAME_MAX);
		goto refused;
	}
	t.name = name;
	if ((w = strtok_r(NULL, " \t", &last)) == NULL ||
	    game_find(w) == NULL) {
		service_error(sm, "tournament new %s: which game? Write "
		    "velox, levis, classic or mur after the name", name);
		goto refused;
	}
	t.variant = (char *)game_find(w)->name;
	if ((w = strtok_r(NULL, " \t", &last)) == NULL ||
	    (strcasecmp(w, "roundrobin") != 0 && strcasecmp(w, "swiss") !=
	    0 && strcasecmp(w, "knockout") != 0)) {
		service_error(sm, "tournament new %s: which format? Write "
		    "roundrobin, swiss or knockout after the game", name);
		goto refused;
	}
	for (end = w; *end != '\0'; end++)
		*end = (char)tolower((unsigned char)*end);
	t.format = w;
	while ((w = strtok_r(NULL, " \t", &last)) != NULL) {
		if (strcasecmp(w, "rated") == 0 ||
		    strcasecmp(w, "unrated") == 0) {
			t.rated = strcasecmp(w, "rated") == 0;
			continue;
		}
		word = w;
		if ((w = strtok_r(NULL, " \t", &last)) == NULL) {
			service_error(sm, "tournament new %s: %s needs a "
			    "value", name, word);
			goto refused;
		}
		if (strcasecmp(word, "time") == 0) {
			if (strcasecmp(w, "none") == 0) {
				free(t.clock);
				t.clock = xstrdup("none");
				continue;
			}
			if (clock_parse(w, &ctl, &why) == -1) {
				service_error(sm, "tournament new %s: %s",
				    name, why);
				free(why);
				goto refused;
			}
			buf_init(&b);
			clock_format(&ctl, &b);
			free(t.clock);
			t.clock = buf_steal(&b);
			continue;
		}
		if (strcasecmp(word, "starts") == 0) {
			memset(&tm, 0, sizeof tm);
			end = strptime(w, "%Y-%m-%d", &tm);
			if (end == NULL || *end != '\0' ||
			    timegm(&tm) <= sm->ml->now) {
				service_error(sm, "tournament new %s: starts "
				    "takes a date to come, such as starts "
				    "2026-12-01 (it starts at 00:00 UTC)",
				    name);
				goto refused;
			}
			t.starts = timegm(&tm);
			continue;
		}
		v = strtol(w, &end, 10);
		if (*end != '\0' || v < 0 || v > ST_MAX_ENTRANTS) {
			service_error(sm, "tournament new %s: %s takes a "
			    "number, not '%s'", name, word, w);
			goto refused;
		}
		if (strcasecmp(word, "rounds") == 0 && v >= 1 && v <= 99)
			t.rounds = (int)v;
		else if (strcasecmp(word, "seats") == 0 && v >= 2 &&
		    v <= PAIRING_MAX_SEATS)
			t.seats = (int)v;
		else if (strcasecmp(word, "max") == 0 && v >= 2)
			t.max = (int)v;
		else if (strcasecmp(word, "segments") == 0 && v >= 1)
			t.segments = (int)v;
		else {
			service_error(sm, "tournament new %s: '%s %s' is not "
			    "something tournament new understands (rounds "
			    "1-99, seats 2-%d, time SPEC, max N, starts DATE, "
			    "segments N, rated, unrated)", name, word, w,
			    PAIRING_MAX_SEATS);
			goto refused;
		}
		i++;
	}
	if (strcmp(t.format, "knockout") == 0 && t.seats != 2) {
		service_error(sm, "tournament new %s: a knockout is for two "
		    "players a game", name);
		goto refused;
	}
	if (strcmp(t.format, "roundrobin") == 0 && t.rounds != 0) {
		service_error(sm, "tournament new %s: a round robin's rounds "
		    "follow from its players; leave out rounds", name);
		goto refused;
	}
	if (strcmp(t.variant, "mur") == 0 && t.seats != 2) {
		service_error(sm, "tournament new %s: Mur is a game for two",
		    name);
		goto refused;
	}
	if (t.clock == NULL)
		t.clock = xstrdup(sm->sv->config->time);
	if (strcmp(t.clock, "none") == 0) {
		free(t.clock);
		t.clock = NULL;
	}
	if ((rc = store_tournament_get(sm->sv->store, -1, name, &old,
	    cause)) != 0) {
		store_tournament_free(&old);
		if (rc == 1)
			service_error(sm, "tournament new: there is a "
			    "tournament called %s already", name);
		free(t.clock);
		free(copy);
		return (rc == 1 ? 0 : -1);
	}
	t.state = (char *)"open";
	if (store_tournament_add(sm->sv->store, &t, cause) == -1 ||
	    (t.starts != -1 && store_timer_add(sm->sv->store, t.starts,
	    "start", -1, (int)t.id, -1, cause) == -1)) {
		free(t.clock);
		free(copy);
		return (-1);
	}
	service_notice(sm, "Tournament %s is open: %s, %s, %d players a "
	    "game, %s, %s%s. Players join with 'tournament join %s'; you "
	    "start it with 'tournament start %s'%s.", name, t.variant,
	    t.format, t.seats, t.clock != NULL ? t.clock : "no clock",
	    t.rated ? "rated" : "unrated", t.max > 0 ? ", limited" : "",
	    name, name, t.starts != -1 ? ", or it starts by itself on the "
	    "date you gave" : "");
	log_info("tournament %s: made by %s", name, sm->me.address);
	free(t.clock);
	free(copy);
	return (0);
refused:
	free(t.clock);
	free(copy);
	return (0);
}

/* tournament join NAME */
static int
st_join(struct service_mail *sm, const char *args, char **cause)
{
	struct service_tournament	 st;
	struct store_player		 who;
	enum robot_level		 level;
	struct buf			 address;
	char				 name[ST_NAME_MAX + 2];
	const char			*robot;
	int				 rc;

	snprintf(name, sizeof name, "%.*s", (int)strcspn(args, " \t"), args);
	robot = args + strcspn(args, " \t");
	robot += strspn(robot, " \t");
	if (*robot != '\0' && robot_address_word(robot, &level) != 0) {
		service_error(sm, "tournament join %s: '%s' is no robot; the "
		    "robots are robot:random, robot:greedy, robot:mcts "
		    "and robot:expert",
		    name, robot);
		return (0);
	}
	if ((rc = service_round_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament join: there is no "
			    "tournament called %s ('tournaments' lists them)",
			    name);
		return (rc);
	}
	memset(&who, 0, sizeof who);
	rc = 0;
	if (*robot != '\0') {
		if (st.t.organiser != sm->me.id) {
			service_error(sm, "tournament join %s: only its "
			    "organiser can enter a robot", st.t.name);
			service_round_free(&st);
			return (0);
		}
		buf_init(&address);
		robot_address(level, &address);
		rc = service_player_add(sm, address.data, &who, cause);
		buf_free(&address);
		if (rc == 0 && who.name == NULL)
			rc = service_robot_seat_name(sm, &who, level, cause);
	} else
		store_player_copy(&who, &sm->me);
	if (rc == -1)
		;
	else if (strcmp(st.t.state, "open") != 0)
		service_error(sm, "tournament join %s: it has started; join "
		    "the next one", st.t.name);
	else if (league_table_index(&st.lt, who.id) != -1)
		service_error(sm, "tournament join %s: %s in it already",
		    st.t.name, *robot != '\0' ? "that robot is" : "you are");
	else if (st.t.max > 0 && (int)st.ne >= st.t.max)
		service_error(sm, "tournament join %s: it is full (%d "
		    "players)", st.t.name, st.t.max);
	else if ((rc = store_entrant_add(sm->sv->store, st.t.id, who.id,
	    (int)st.ne + 1, 0, sm->ml->now, cause)) == 0)
		service_notice(sm, "%s in tournament %s, entrant %zu. %s games "
		    "will come by mail when it starts.", *robot != '\0' ?
		    who.name : "You are", st.t.name, st.ne + 1, *robot !=
		    '\0' ? "Its" : "Your");
	store_player_free(&who);
	service_round_free(&st);
	return (rc == -1 ? -1 : 0);
}

/*
 * Withdraw player from tournament id: before the start they are simply
 * gone; after it they forfeit the games they are playing, and every
 * later table.
 */
int
service_tournament_withdraw(struct service_mail *sm, long long id,
    long long player, char **cause)
{
	struct service_game	 sg;
	struct store_seat	*seat;
	struct service_tournament		 st;
	long long		*games = NULL;
	size_t			 i, n = 0;
	int			 rc;

	if ((rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	if (strcmp(st.t.state, "open") == 0) {
		rc = store_entrant_del(sm->sv->store, id, player, cause);
		service_round_free(&st);
		return (rc);
	}
	if ((rc = store_entrant_state(sm->sv->store, id, player, "out",
	    cause)) == -1) {
		service_round_free(&st);
		return (-1);
	}
	games = xreallocarray(NULL, st.np + 1, sizeof *games);
	for (i = 0; i < st.np; i++) {
		if (st.p[i].game != -1 && !st.p[i].done)
			games[n++] = st.p[i].game;
	}
	service_round_free(&st);
	for (i = 0; i < n && rc == 0; i++) {
		if ((rc = service_game_load(sm, games[i], &sg, cause)) != 1)
			continue;
		rc = 0;
		seat = service_game_seat_of(&sg, player);
		if (seat != NULL && seat->out == NULL &&
		    strcmp(sg.row.status, "playing") == 0)
			rc = service_clock_out(sm, &sg, seat, "forfeit", cause);
		service_game_free(&sg);
	}
	free(games);
	if (rc == 0)
		rc = service_round_next(sm, id, cause);
	return (rc == -1 ? -1 : 0);
}

/* Tell the organiser of st that the sender has left it. */
static int
st_left(struct service_mail *sm, const struct service_tournament *st,
    char **cause)
{
	struct buf	text, subject, thread, who;
	int		rc;

	buf_init(&text);
	buf_init(&subject);
	buf_init(&thread);
	buf_init(&who);
	service_label(&sm->me, &who);
	if (strcmp(st->t.state, "open") == 0)
		buf_addf(&text, "%s has left tournament %s before its start: "
		    "%zu entrant%s now.\n", who.data, st->t.name, st->ne - 1,
		    st->ne == 2 ? "" : "s");
	else
		buf_addf(&text, "%s has left tournament %s in round %d: their "
		    "games in it are forfeit, and they are paired no more.\n",
		    who.data, st->t.name, st->t.round);
	buf_addf(&subject, "[mupbem] Tournament %s", st->t.name);
	service_organiser_thread(st->t.id, -1, &thread);
	rc = service_organiser_note(sm, st->t.organiser, thread.data,
	    subject.data, text.data, cause);
	buf_free(&text);
	buf_free(&subject);
	buf_free(&thread);
	buf_free(&who);
	return (rc);
}

/* tournament leave NAME */
static int
st_leave(struct service_mail *sm, const char *name, char **cause)
{
	struct service_tournament	st;
	int		rc, k;

	if ((rc = service_round_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament leave: there is no "
			    "tournament called %s", name);
		return (rc);
	}
	k = league_table_index(&st.lt, sm->me.id);
	if (k == -1 || strcmp(st.e[k].state, "in") != 0 ||
	    st.t.league != -1 || strcmp(st.t.state, "over") == 0) {
		service_error(sm, "tournament leave %s: %s", st.t.name,
		    k == -1 ? "you are not in it" : st.t.league != -1 ?
		    "it is a league's division: leave the league" :
		    strcmp(st.t.state, "over") == 0 ? "it is over" :
		    "you are out of it already");
		service_round_free(&st);
		return (0);
	}
	/* The organiser hears of it before the round it may end. */
	rc = sm->me.id != st.t.organiser ? st_left(sm, &st, cause) : 0;
	if (rc == 0)
		rc = service_tournament_withdraw(sm, st.t.id, sm->me.id,
		    cause);
	if (rc == 0)
		service_notice(sm, "You have left tournament %s.%s",
		    st.t.name, strcmp(st.t.state, "open") == 0 ? "" :
		    " Your games in it are forfeit.");
	service_round_free(&st);
	return (rc);
}

/* tournament NAME: the standings, crosstable and pairings. */
static int
st_show(struct service_mail *sm, const char *name, char **cause)
{
	struct service_vars	vars;
	struct service_tournament		st;
	struct buf		text;
	int			rc;

	if ((rc = service_round_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament: there is no tournament "
			    "called %s ('tournaments' lists them)", name);
		return (rc);
	}
	buf_init(&text);
	service_round_report(&st, 1, &text);
	service_vars_init(&vars);
	service_vars_set(&vars, SV_TEXT, "%s", text.data);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
	buf_free(&text);
	service_round_free(&st);
	return (0);
}

/* tournament new|join|leave|start NAME ..., or tournament NAME */
int
service_tournament_command(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_tournament	 st;
	char		 sub[16];
	const char	*rest = c->arg, *name;
	size_t		 n;
	int		 rc;

	n = strcspn(rest, " \t");
	name = rest + n + strspn(rest + n, " \t");
	snprintf(sub, sizeof sub, "%.*s", (int)(n < 15 ? n : 15), rest);
	if (*name == '\0')
		return (st_show(sm, rest, cause));
	if (strcasecmp(sub, "new") == 0)
		return (st_new(sm, name, cause));
	if (strcasecmp(sub, "join") == 0)
		return (st_join(sm, name, cause));
	if (strcasecmp(sub, "leave") == 0 || strcasecmp(sub, "withdraw") == 0)
		return (st_leave(sm, name, cause));
	if ((rc = service_round_load(sm, -1, name, &st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament start: there is no "
			    "tournament called %s", name);
		return (rc);
	}
	if (st.t.organiser != sm->me.id)
		service_error(sm, "tournament start %s: only its organiser "
		    "can start it", st.t.name);
	else if (strcmp(st.t.state, "open") != 0)
		service_error(sm, "tournament start %s: it has started "
		    "already", st.t.name);
	else if ((int)st.ne < st.t.seats || st.ne < 2)
		service_error(sm, "tournament start %s: it needs at least %d "
		    "players, and has %zu", st.t.name, st.t.seats < 2 ? 2 :
		    st.t.seats, st.ne);
	else {
		rc = service_round_begin(sm, st.t.id, cause);
		service_round_free(&st);
		return (rc);
	}
	service_round_free(&st);
	return (0);
}

/* tournaments: a line for each. */
int
service_tournament_list(struct service_mail *sm, char **cause)
{
	struct service_vars	 vars;
	struct store_tournament	*v;
	struct buf		 text;
	size_t			 n, i;

	if (store_tournament_list(sm->sv->store, -1, &v, &n, cause) == -1)
		return (-1);
	buf_init(&text);
	if (n == 0)
		buf_adds(&text, "There are no tournaments yet. Make one with "
		    "'tournament new NAME velox roundrobin'.\n");
	else
		buf_addf(&text, "%-24s %-8s %-10s %-8s %s\n", "Tournament",
		    "Game", "Format", "State", "Round");
	for (i = 0; i < n; i++) {
		buf_addf(&text, "%-24s %-8s %-10s %-8s ", v[i].name,
		    v[i].variant, v[i].format, v[i].state);
		if (v[i].round > 0)
			buf_addf(&text, "%d\n", v[i].round);
		else
			buf_adds(&text, "-\n");
	}
	service_vars_init(&vars);
	service_vars_set(&vars, SV_TEXT, "%s", text.data);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
	buf_free(&text);
	store_tournament_list_free(v, n);
	return (0);
}

/*
 * A game of tournament id has ended (service-result.c): its round may
 * be over, which service_tournament_settle() sees to once the game's
 * own mail is queued, so that "game over" comes before the next round.
 */
int
service_tournament_game(struct service_mail *sm, long long id, char **cause)
{
	size_t	i;

	(void)cause;
	for (i = 0; i < sm->nsettle; i++) {
		if (sm->settle[i] == id)
			return (0);
	}
	sm->settle = xreallocarray(sm->settle, sm->nsettle + 1,
	    sizeof *sm->settle);
	sm->settle[sm->nsettle++] = id;
	return (0);
}

/* Move on the rounds of the tournaments whose games ended (settle). */
int
service_tournament_settle(struct service_mail *sm, char **cause)
{
	size_t	i;

	/* A round moved on may end games, and add to the list. */
	for (i = 0; i < sm->nsettle; i++) {
		if (service_round_next(sm, sm->settle[i], cause) == -1)
			return (-1);
	}
	return (0);
}

/* Tournament id's start timer is due: start it if it can be. */
int
service_tournament_timer(struct service_mail *sm, long long id, char **cause)
{
	struct service_tournament	st;
	int		rc;

	if ((rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	rc = 0;
	if (strcmp(st.t.state, "open") == 0) {
		if ((int)st.ne >= st.t.seats && st.ne >= 2)
			rc = service_round_begin(sm, id, cause);
		else {
			rc = store_tournament_state(sm->sv->store, id,
			    "cancelled", 0, cause);
			if (rc == 0 && st.t.organiser != -1) {
				struct store_player	o;

				if ((rc = store_player_by_id(sm->sv->store,
				    st.t.organiser, &o, cause)) == 1) {
					rc = service_mail_notice(sm, o.address,
					    "[mupbem] Tournament cancelled",
					    "Your tournament had too few "
					    "players when it was due to start, "
					    "so it is cancelled.", cause);
					store_player_free(&o);
				}
			}
		}
	}
	service_round_free(&st);
	return (rc == -1 ? -1 : 0);
}

/* Begin tournament id now (a league's division). */
int
service_tournament_begin(struct service_mail *sm, long long id, char **cause)
{
	return (service_round_begin(sm, id, cause));
}