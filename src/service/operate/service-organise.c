#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "address.h"
#include "command.h"
#include "compete.h"
#include "config-file.h"
#include "league-table.h"
#include "log.h"
#include "mailloop.h"
#include "operate.h"
#include "service-family.h"
#include "service-private.h"
#include "service-round.h"
#include "xmalloc.h"

/*
 * The organiser's tools by mail (docs/tournaments.md, "The organiser's
 * tools"): what the operator does with the mupbem tool, the organiser
 * of a tournament or league may do by mail, to it alone:
 *
 *   tournament pause NAME         its clocks stand still (the store's
 *   tournament resume NAME        state "paused", service-clock.c) and
 *                                 no round is paired; on resume every
 *                                 clock runs on with the time it had,
 *                                 and a round that ended is paired
 *   tournament adjudicate G RESULT
 *                                 the operator's adjudicate, for a game
 *                                 of the tournament
 *   tournament replace [NAME] PLAYER NEWPLAYER
 *                                 the operator's replace in each game in
 *                                 play, and the entrant's place: the
 *                                 standings and later pairings
 *   league move [NAME] PLAYER DIVISION
 *                                 the member's division from the next
 *                                 season on
 *
 * operate_family comes first in service_families[]: it answers every
 * tournament and league command, runs these itself, and hands every
 * other to the competitions unchanged.  Anyone but the organiser is
 * refused, with the organiser named.  A tool the operator's code runs
 * (service_operator_act()) runs in a savepoint of its own, so that
 * its refusal (a result that does not read) undoes everything it did
 * before the organiser is told why.  The organiser's reply confirms;
 * each player concerned gets one plain mail saying who did what.
 */

#define SO_WORDS	4	/* words a tool takes at most */

static int	so_tournaments(struct service_mail *, const struct command *,
		    char **);
static int	so_leagues(struct service_mail *, const struct command *,
		    char **);
static int	so_words(const char *, char **, int);
static void	so_words_free(char **, int);
static int	so_organiser(struct service_mail *, long long, const char *,
		    const char *, char **);
static int	so_load(struct service_mail *, const char *, const char *,
		    const char *, struct service_tournament *, char **);
static int	so_entrant(const struct service_tournament *, const char *);
static int	so_tell(struct service_mail *, const struct store_player *,
		    const char *, const char *, char **);
static int	so_clocks(struct service_mail *,
		    const struct service_tournament *, int *, char **);
static int	so_pause(struct service_mail *, const char *, char **, int,
		    char **);
static int	so_adjudicate(struct service_mail *, char **, int, char **);
static int	so_find(struct service_mail *, const char *,
		    struct service_tournament *, char **);
static int	so_newcomer(struct service_mail *, const char *,
		    struct store_player *, char **);
static int	so_replace(struct service_mail *, char **, int, char **);
static int	so_replace_games(struct service_mail *,
		    const struct service_tournament *, long long,
		    const char *, struct buf *, char **);
static int	so_move(struct service_mail *, char **, int, char **);

static const struct service_family_command so_commands[] = {
	{ COMMAND_TOURNAMENT, so_tournaments },
	{ COMMAND_LEAGUE, so_leagues },
	{ COMMAND_HELP, NULL }
};

const struct service_family operate_family = {
	"operate",
	so_commands,
	NULL,
	NULL,
	NULL,
	NULL,
	NULL,
	NULL
};

/*
 * Split s into at most max words in w[], each the caller's: blanks part
 * them, and "..." holds a name with spaces.  The count, or -1 if there
 * are more or a quote is not closed.
 */
static int
so_words(const char *s, char **w, int max)
{
	const char	*end;
	int		 n = 0;

	for (;;) {
		s += strspn(s, " \t");
		if (*s == '\0')
			return (n);
		if (n == max)
			break;
		if (*s == '"') {
			if ((end = strchr(s + 1, '"')) == NULL)
				break;
			w[n++] = xstrndup(s + 1, (size_t)(end - s - 1));
			s = end + 1;
		} else {
			end = s + strcspn(s, " \t");
			w[n++] = xstrndup(s, (size_t)(end - s));
			s = end;
		}
	}
	so_words_free(w, n);
	return (-1);
}

static void
so_words_free(char **w, int n)
{
	while (n-- > 0)
		free(w[n]);
}

/*
 * Is the sender organiser?  1; or 0 after a refusal to cmd that names
 * who may do what (of event); -1 if the store fails.
 */
static int
so_organiser(struct service_mail *sm, long long organiser, const char *cmd,
    const char *what, char **cause)
{
	struct store_player	o;
	struct buf		who;
	int			rc = 0;

	if (organiser == sm->me.id)
		return (1);
	buf_init(&who);
	if (organiser != -1 && (rc = store_player_by_id(sm->sv->store,
	    organiser, &o, cause)) == -1) {
		buf_free(&who);
		return (-1);
	}
	if (rc == 1) {
		buf_adds(&who, "its organiser, ");
		service_label(&o, &who);
		store_player_free(&o);
	} else
		buf_adds(&who, "its organiser, and it has none (the server's "
		    "operator does it with the mupbem tool)");
	service_error(sm, "%s: only %s, may %s", cmd, who.data, what);
	buf_free(&who);
	return (0);
}

/*
 * Tournament name, for cmd ("tournament pause"), which the sender
 * organises: 1 and *st; 0 after a refusal that says what (may) they
 * do; -1 on failure.
 */
static int
so_load(struct service_mail *sm, const char *cmd, const char *name,
    const char *what, struct service_tournament *st, char **cause)
{
	struct buf	c;
	int		rc;

	if ((rc = service_round_load(sm, -1, name, st, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "%s: there is no tournament called "
			    "%s ('tournaments' lists them)", cmd, name);
		return (rc);
	}
	buf_init(&c);
	buf_addf(&c, "%s %s", cmd, st->t.name);
	if ((rc = so_organiser(sm, st->t.organiser, c.data, what,
	    cause)) != 1)
		service_round_free(st);
	buf_free(&c);
	return (rc);
}

/* The entrant of st called who (address or name, any case), or -1. */
static int
so_entrant(const struct service_tournament *st, const char *who)
{
	size_t	i;

	for (i = 0; i < st->ne; i++) {
		if (strcasecmp(st->e[i].player.address, who) == 0 ||
		    (st->e[i].player.name != NULL &&
		    strcasecmp(st->e[i].player.name, who) == 0))
			return ((int)i);
	}
	return (-1);
}

/* One plain mail to p, about event, saying text. */
static int
so_tell(struct service_mail *sm, const struct store_player *p,
    const char *event, const char *text, char **cause)
{
	struct buf	subject;
	int		rc;

	buf_init(&subject);
	buf_addf(&subject, "[mupbem] %s", event);
	rc = service_mail_notice(sm, p->address, subject.data, text, cause);
	buf_free(&subject);
	return (rc);
}

/*
 * Bring the clock of each of st's games in play up to date with its
 * state: stopped while it is paused, running again after (*n: how
 * many).
 */
static int
so_clocks(struct service_mail *sm, const struct service_tournament *st,
    int *n, char **cause)
{
	struct service_game	sg;
	size_t			i;
	int			rc;

	*n = 0;
	for (i = 0; i < st->np; i++) {
		if (st->p[i].game == -1 || st->p[i].done)
			continue;
		if ((rc = service_game_load(sm, st->p[i].game, &sg,
		    cause)) == -1)
			return (-1);
		if (rc == 0)
			continue;
		if (strcmp(sg.row.status, "playing") == 0) {
			rc = service_clock_sync(sm, &sg, cause);
			(*n)++;
		}
		service_game_free(&sg);
		if (rc == -1)
			return (-1);
	}
	return (0);
}

/* tournament pause|resume NAME (sub is which). */
static int
so_pause(struct service_mail *sm, const char *sub, char **w, int nw,
    char **cause)
{
	struct service_tournament	 st;
	struct buf			 cmd, who, text, event;
	const char			*why = NULL;
	size_t				 i;
	int				 pause, rc, n, told = 0;

	pause = strcasecmp(sub, "pause") == 0;
	buf_init(&cmd);
	buf_addf(&cmd, "tournament %s", pause ? "pause" : "resume");
	if (nw != 1) {
		service_error(sm, "%s: write %s NAME, one tournament's name",
		    cmd.data, cmd.data);
		buf_free(&cmd);
		return (0);
	}
	if ((rc = so_load(sm, cmd.data, w[0], "pause or resume it", &st,
	    cause)) != 1) {
		buf_free(&cmd);
		return (rc);
	}
	if (!pause) {
		if (strcmp(st.t.state, "paused") != 0)
			why = "it is not paused";
	} else if (strcmp(st.t.state, "paused") == 0)
		why = "it is paused already; 'tournament resume' ends that";
	else if (strcmp(st.t.state, "open") == 0)
		why = "it has not started; there is no clock to stop";
	else if (strcmp(st.t.state, "playing") != 0)
		why = "it is over";
	if (why != NULL) {
		service_error(sm, "%s %s: %s", cmd.data, st.t.name, why);
		service_round_free(&st);
		buf_free(&cmd);
		return (0);
	}
	buf_init(&who);
	buf_init(&text);
	buf_init(&event);
	if ((rc = store_tournament_state(sm->sv->store, st.t.id, pause ?
	    "paused" : "playing", st.t.round, cause)) == -1 ||
	    (rc = so_clocks(sm, &st, &n, cause)) == -1)
		goto out;
	service_label(&sm->me, &who);
	buf_addf(&event, "Tournament %s: %s", st.t.name, pause ? "paused" :
	    "resumed");
	if (pause)
		buf_addf(&text, "The organiser of tournament %s, %s, has "
		    "paused it. The clocks of its games stand still, and no "
		    "new round is paired, until it is resumed: no deadline, "
		    "reminder or timeout comes meanwhile. You may still play "
		    "your turns; the clock of the player to move next stays "
		    "stopped.", st.t.name, who.data);
	else
		buf_addf(&text, "The organiser of tournament %s, %s, has "
		    "resumed it. The clocks of its games run again, each with "
		    "the time it had when the tournament was paused.",
		    st.t.name, who.data);
	for (i = 0; i < st.ne && rc == 0; i++) {
		if (strcmp(st.e[i].state, "out") == 0)
			continue;
		rc = so_tell(sm, &st.e[i].player, event.data, text.data,
		    cause);
		told++;
	}
	if (rc == -1)
		goto out;
	if (pause)
		service_notice(sm, "Tournament %s is paused: the clocks of its "
		    "%d game%s in play stand still and no round is paired "
		    "until you write 'tournament resume %s'. %d player%s told "
		    "by mail.", st.t.name, n, n == 1 ? "" : "s", st.t.name,
		    told, told == 1 ? " is" : "s are");
	else
		service_notice(sm, "Tournament %s is resumed: the clocks of "
		    "its %d game%s in play run again with the time each had. "
		    "%d player%s told by mail.", st.t.name, n, n == 1 ? "" :
		    "s", told, told == 1 ? " is" : "s are");
	log_info("tournament %s: %s by %s", st.t.name, pause ? "paused" :
	    "resumed", sm->me.address);
	/* A round that ended while it was paused is paired now. */
	if (!pause)
		rc = service_round_next(sm, st.t.id, cause);
out:
	service_round_free(&st);
	buf_free(&cmd);
	buf_free(&who);
	buf_free(&text);
	buf_free(&event);
	return (rc == -1 ? -1 : 0);
}

/* tournament adjudicate G RESULT */
static int
so_adjudicate(struct service_mail *sm, char **w, int nw, char **cause)
{
	struct store_game	 row;
	struct store_tournament	 t;
	struct buf		 done, what;
	const char		*args[2], *p;
	char			*end = NULL, *why = NULL;
	long long		 id;
	int			 rc;

	p = nw > 0 && (*w[0] == 'G' || *w[0] == 'g') ? w[0] + 1 : w[0];
	id = nw == 2 && isdigit((unsigned char)*p) ? strtoll(p, &end, 10) : 0;
	if (id <= 0 || *end != '\0') {
		service_error(sm, "tournament adjudicate: write tournament "
		    "adjudicate G12 RESULT, where RESULT is the colour that "
		    "wins, draw, or the colours best first, such as "
		    "red=blue,green");
		return (0);
	}
	if ((rc = store_game_get(sm->sv->store, id, &row, cause)) != 1) {
		if (rc == 0)
			service_error(sm, "tournament adjudicate: there is no "
			    "game G%lld", id);
		return (rc);
	}
	if (row.tournament == -1 || (rc = store_tournament_get(sm->sv->store,
	    row.tournament, NULL, &t, cause)) == 0) {
		service_error(sm, "tournament adjudicate: G%lld is not a game "
		    "of a tournament", id);
		store_game_free(&row);
		return (0);
	}
	store_game_free(&row);
	if (rc == -1)
		return (-1);
	buf_init(&done);
	buf_init(&what);
	buf_addf(&done, "tournament adjudicate G%lld", id);
	buf_addf(&what, "adjudicate the games of tournament %s", t.name);
	rc = so_organiser(sm, t.organiser, done.data, what.data, cause);
	buf_reset(&done);
	if (rc != 1)
		goto out;
	args[0] = w[1];
	args[1] = NULL;		/* unrated: the operator alone rates one */
	if (store_savepoint(sm->sv->store, cause) == -1) {
		rc = -1;
		goto out;
	}
	if (service_operator_act(sm, id, "there is nothing to adjudicate",
	    service_operator_adjudicate_game, args, &done, &why) == -1) {
		store_savepoint_rollback(sm->sv->store);
		service_error(sm, "tournament adjudicate: %s", why);
		free(why);
		goto out;
	}
	if ((rc = store_savepoint_release(sm->sv->store, cause)) == -1)
		goto out;
	service_notice(sm, "Game G%lld of tournament %s is %s.", id, t.name,
	    done.data);
	log_info("tournament %s: G%lld adjudicated by %s", t.name, id,
	    sm->me.address);
out:
	store_tournament_free(&t);
	buf_free(&done);
	buf_free(&what);
	return (rc == -1 ? -1 : 0);
}

/*
 * The one tournament in play that the sender organises and who is in,
 * for a tool whose NAME is left out: 1 and *st; 0 after a refusal; -1
 * on failure.
 */
static int
so_find(struct service_mail *sm, const char *who,
    struct service_tournament *st, char **cause)
{
	struct store_tournament	*v;
	struct service_tournament one;
	struct buf		 names;
	size_t			 n, i;
	int			 rc = 0, found = 0;

	if (store_tournament_list(sm->sv->store, -1, &v, &n, cause) == -1)
		return (-1);
	buf_init(&names);
	for (i = 0; i < n && rc != -1; i++) {
		if (v[i].organiser != sm->me.id ||
		    (strcmp(v[i].state, "playing") != 0 &&
		    strcmp(v[i].state, "paused") != 0))
			continue;
		if ((rc = service_round_load(sm, v[i].id, NULL, &one,
		    cause)) != 1)
			continue;
		if (so_entrant(&one, who) == -1) {
			service_round_free(&one);
			continue;
		}
		buf_addf(&names, "%s%s", found > 0 ? ", " : "", one.t.name);
		if (found++ == 0)
			*st = one;
		else
			service_round_free(&one);
	}
	store_tournament_list_free(v, n);
	if (rc == -1) {
		if (found > 0)
			service_round_free(st);
		buf_free(&names);
		return (-1);
	}
	if (found == 0)
		service_error(sm, "tournament replace: %s is in no tournament "
		    "in play that you organise", who);
	else if (found > 1) {
		service_error(sm, "tournament replace: %s is in more than one "
		    "of your tournaments (%s); write tournament replace NAME "
		    "%s NEWPLAYER", who, names.data, who);
		service_round_free(st);
	}
	buf_free(&names);
	return (found == 1 ? 1 : 0);
}

/*
 * The player who is to come in: an address (registered if new) or a
 * known name.  1 and *p; 0 after a refusal; -1 on failure.
 */
static int
so_newcomer(struct service_mail *sm, const char *who, struct store_player *p,
    char **cause)
{
	int	rc;

	if (strchr(who, '@') != NULL) {
		if (address_check(who, strlen(who)) == -1 ||
		    strcasecmp(who, sm->sv->config->address) == 0) {
			service_error(sm, "tournament replace: '%s' is not a "
			    "player's address; write it like dave@example.org",
			    who);
			return (0);
		}
		return (service_player_add(sm, who, p, cause) == -1 ? -1 : 1);
	}
	if ((rc = store_rating_player_named(sm->sv->store, who, p,
	    cause)) == 1 || rc == -1)
		return (rc);
	if (rc == 2) {
		store_player_free(p);
		service_error(sm, "tournament replace: more than one player "
		    "is called '%s'; write the address of the one you mean",
		    who);
	} else
		service_error(sm, "tournament replace: no player is called "
		    "'%s'; write the new player's address", who);
	return (0);
}

/*
 * In each of st's games in play, give old's seat to address, as the
 * operator's replace does; the games are listed in games.
 */
static int
so_replace_games(struct service_mail *sm, const struct service_tournament *st,
    long long old, const char *address, struct buf *games, char **cause)
{
	struct service_game	 sg;
	struct store_seat	*s;
	struct buf		 done;
	const char		*args[2];
	char			 seat[32];
	size_t			 i;
	int			 rc = 0;

	buf_init(&done);
	for (i = 0; i < st->np && rc == 0; i++) {
		if (st->p[i].game == -1 || st->p[i].done)
			continue;
		if ((rc = service_game_load(sm, st->p[i].game, &sg,
		    cause)) != 1) {
			rc = rc == -1 ? -1 : 0;
			continue;
		}
		seat[0] = '\0';
		s = service_game_seat_of(&sg, old);
		if (strcmp(sg.row.status, "playing") == 0 && s != NULL &&
		    s->out == NULL && strcmp(s->state, "resigned") != 0)
			snprintf(seat, sizeof seat, "%s",
			    sg.g->ops->seat_name(sg.g, s->seat));
		service_game_free(&sg);
		if (seat[0] == '\0')
			continue;
		args[0] = seat;
		args[1] = address;
		rc = service_operator_act(sm, st->p[i].game, "there is no seat "
		    "to give", service_operator_replace_game, args, &done,
		    cause);
		buf_addf(games, "%sG%lld", games->len > 0 ? ", " : "",
		    st->p[i].game);
	}
	buf_free(&done);
	return (rc);
}

/* tournament replace [NAME] PLAYER NEWPLAYER */
static int
so_replace(struct service_mail *sm, char **w, int nw, char **cause)
{
	struct service_tournament	 st;
	struct store_player		 p, *old;
	struct buf			 games, text, event, who;
	char				*why = NULL;
	int				 rc, k;

	if (nw != 2 && nw != 3) {
		service_error(sm, "tournament replace: write tournament "
		    "replace NAME PLAYER NEWPLAYER (a name with spaces in "
		    "\"...\"); NAME may be left out when one of your "
		    "tournaments has PLAYER");
		return (0);
	}
	if (nw == 3)
		rc = so_load(sm, "tournament replace", w[0], "replace its "
		    "players", &st, cause);
	else
		rc = so_find(sm, w[0], &st, cause);
	if (rc != 1)
		return (rc);
	w += nw - 2;
	k = so_entrant(&st, w[0]);
	if (strcmp(st.t.state, "open") == 0)
		why = xstrdup("it has not started: a player leaves, and "
		    "another joins, by mail");
	else if (strcmp(st.t.state, "playing") != 0 &&
	    strcmp(st.t.state, "paused") != 0)
		why = xstrdup("it is over");
	else if (st.t.league != -1)
		why = xstrdup("it is a league's division: its players are "
		    "the league's members");
	else if (k == -1)
		xasprintf(&why, "%s is not in it", w[0]);
	else if (strcmp(st.e[k].state, "in") != 0)
		xasprintf(&why, "%s is out of it already (%s)", w[0],
		    strcmp(st.e[k].state, "lost") == 0 ? "knocked out" :
		    "withdrew");
	if (why != NULL) {
		service_error(sm, "tournament replace %s: %s", st.t.name, why);
		free(why);
		service_round_free(&st);
		return (0);
	}
	if ((rc = so_newcomer(sm, w[1], &p, cause)) != 1) {
		service_round_free(&st);
		return (rc);
	}
	old = &st.e[k].player;
	if (league_table_index(&st.lt, p.id) != -1) {
		service_error(sm, "tournament replace %s: %s is in it already",
		    st.t.name, p.address);
		store_player_free(&p);
		service_round_free(&st);
		return (0);
	}
	buf_init(&games);
	buf_init(&text);
	buf_init(&event);
	buf_init(&who);
	if ((rc = store_savepoint(sm->sv->store, cause)) == -1)
		goto out;
	if (so_replace_games(sm, &st, old->id, p.address, &games,
	    &why) == -1) {
		store_savepoint_rollback(sm->sv->store);
		service_error(sm, "tournament replace %s: %s", st.t.name, why);
		free(why);
		goto out;
	}
	if ((rc = store_savepoint_release(sm->sv->store, cause)) == -1 ||
	    (rc = store_entrant_replace(sm->sv->store, st.t.id, old->id,
	    p.id, cause)) == -1)
		goto out;
	service_label(&sm->me, &who);
	buf_addf(&event, "Tournament %s: a new player", st.t.name);
	buf_addf(&text, "The organiser of tournament %s, %s, has given your "
	    "place in it to %s: you no longer play in it, and its games and "
	    "pairings to come are theirs.", st.t.name, who.data, p.address);
	if ((rc = so_tell(sm, old, event.data, text.data, cause)) == -1)
		goto out;
	buf_reset(&text);
	buf_addf(&text, "The organiser of tournament %s, %s, has given you the "
	    "place of %s in it, with their points so far%s%s, and their place "
	    "in the pairings to come.", st.t.name, who.data, old->address,
	    games.len > 0 ? " and their seats in " : "", games.len > 0 ?
	    games.data : "");
	if ((rc = so_tell(sm, &p, event.data, text.data, cause)) == -1)
		goto out;
	service_notice(sm, "Tournament %s: %s takes the place of %s, in %s%s "
	    "and in the pairings to come. Both are told by mail.", st.t.name,
	    p.address, old->address, games.len > 0 ? "the games in play " :
	    "no game in play", games.data);
	log_info("tournament %s: %s replaced by %s, by %s", st.t.name,
	    old->address, p.address, sm->me.address);
out:
	buf_free(&games);
	buf_free(&text);
	buf_free(&event);
	buf_free(&who);
	store_player_free(&p);
	service_round_free(&st);
	return (rc == -1 ? -1 : 0);
}

/* league move [NAME] PLAYER DIVISION */
static int
so_move(struct service_mail *sm, char **w, int nw, char **cause)
{
	struct store_league	 l, *v = NULL;
	struct store_member	*m = NULL;
	struct store_tournament	*t = NULL;
	struct buf		 who, text, event;
	size_t			 n = 0, nm = 0, nt = 0, i, k;
	char			*end;
	long			 d;
	int			 rc = 0, ndiv = 0, found = 0;

	if (nw != 2 && nw != 3) {
		service_error(sm, "league move: write league move NAME PLAYER "
		    "DIVISION (a name with spaces in \"...\"); NAME may be "
		    "left out when one of your leagues has PLAYER");
		return (0);
	}
	memset(&l, 0, sizeof l);
	if (store_league_list(sm->sv->store, &v, &n, cause) == -1)
		return (-1);
	for (i = 0; i < n && rc == 0; i++) {
		if (nw == 3 ? strcasecmp(v[i].name, w[0]) != 0 :
		    v[i].organiser != sm->me.id)
			continue;
		store_members_free(m, nm);
		if ((rc = store_members(sm->sv->store, v[i].id, &m, &nm,
		    cause)) == -1)
			break;
		for (k = 0; nw == 2 && k < nm; k++) {
			if (strcasecmp(m[k].player.address, w[0]) == 0 ||
			    (m[k].player.name != NULL &&
			    strcasecmp(m[k].player.name, w[0]) == 0))
				break;
		}
		if (nw == 3 || (k < nm && strcmp(m[k].state, "in") == 0)) {
			if (found++ == 0) {
				l = v[i];
				memset(&v[i], 0, sizeof v[i]);
			}
		}
	}
	buf_init(&who);
	buf_init(&text);
	buf_init(&event);
	if (rc == -1)
		goto out;
	if (found != 1) {
		if (nw == 3)
			service_error(sm, "league move: there is no league "
			    "called %s ('leagues' lists them)", w[0]);
		else if (found == 0)
			service_error(sm, "league move: %s is in no league "
			    "that you organise", w[0]);
		else
			service_error(sm, "league move: %s is in more than "
			    "one of your leagues; write league move NAME %s "
			    "DIVISION", w[0], w[0]);
		goto out;
	}
	buf_addf(&text, "league move %s", l.name);
	if ((rc = so_organiser(sm, l.organiser, text.data, "move its "
	    "members", cause)) != 1)
		goto out;
	rc = 0;
	store_members_free(m, nm);
	m = NULL;
	nm = 0;
	if ((rc = store_members(sm->sv->store, l.id, &m, &nm, cause)) == -1 ||
	    (rc = store_tournament_list(sm->sv->store, l.id, &t, &nt,
	    cause)) == -1)
		goto out;
	for (i = 0; i < nt; i++)
		ndiv += t[i].season == l.season;
	w += nw - 2;
	for (k = 0; k < nm; k++) {
		if (strcasecmp(m[k].player.address, w[0]) == 0 ||
		    (m[k].player.name != NULL &&
		    strcasecmp(m[k].player.name, w[0]) == 0))
			break;
	}
	d = strtol(w[1], &end, 10);
	if (k == nm || strcmp(m[k].state, "in") != 0)
		service_error(sm, "league move %s: %s is not in it", l.name,
		    w[0]);
	else if (l.season == 0 || ndiv == 0)
		service_error(sm, "league move %s: it has no divisions yet; "
		    "its first season makes them, by rating", l.name);
	else if (*w[1] == '\0' || *end != '\0' || d < 1 || d > ndiv)
		service_error(sm, "league move %s: division %s is out of "
		    "range; this season it has divisions 1 to %d", l.name,
		    w[1], ndiv);
	else if (m[k].division == (int)d)
		service_error(sm, "league move %s: %s is in division %ld "
		    "already", l.name, w[0], d);
	else if ((rc = store_member_set(sm->sv->store, l.id,
	    m[k].player.id, (int)d, "in", sm->ml->now, cause)) == 0) {
		service_label(&sm->me, &who);
		buf_reset(&text);
		buf_addf(&event, "League %s: division %ld next season", l.name,
		    d);
		buf_addf(&text, "The organiser of league %s, %s, has moved you "
		    "to division %ld, from season %d on. You play season %d "
		    "out in division %d; the season's promotions and "
		    "relegations leave you where the organiser put you.",
		    l.name, who.data, d, l.season + 1, l.season,
		    m[k].division);
		rc = so_tell(sm, &m[k].player, event.data, text.data, cause);
		if (rc == 0)
			service_notice(sm, "League %s: %s plays in division "
			    "%ld from season %d on (division %d this season); "
			    "they are told by mail.", l.name,
			    m[k].player.address, d, l.season + 1,
			    m[k].division);
		log_info("league %s: %s moved to division %ld by %s", l.name,
		    m[k].player.address, d, sm->me.address);
	}
out:
	buf_free(&who);
	buf_free(&text);
	buf_free(&event);
	store_tournament_list_free(t, nt);
	store_members_free(m, nm);
	store_league_list_free(v, n);
	store_league_free(&l);
	return (rc == -1 ? -1 : 0);
}

/* tournament ...: the organiser's tools here, the rest to compete. */
static int
so_tournaments(struct service_mail *sm, const struct command *c,
    char **cause)
{
	char		*w[SO_WORDS + 1];
	const char	*rest = c->arg, *tools[] = { "pause", "resume",
			    "adjudicate", "replace" };
	size_t		 n = strcspn(rest, " \t"), i;
	int		 nw, rc;

	for (i = 0; i < sizeof tools / sizeof tools[0]; i++) {
		if (n == strlen(tools[i]) && strncasecmp(rest, tools[i],
		    n) == 0)
			break;
	}
	/* "tournament pause" alone shows a tournament called pause. */
	if (i == sizeof tools / sizeof tools[0] ||
	    rest[n + strspn(rest + n, " \t")] == '\0')
		return (service_tournament_command(sm, c, cause));
	if ((nw = so_words(rest + n, w, SO_WORDS)) == -1) {
		service_error(sm, "tournament %s: too many words, or a \" "
		    "not closed", tools[i]);
		return (0);
	}
	if (i <= 1)
		rc = so_pause(sm, tools[i], w, nw, cause);
	else if (i == 2)
		rc = so_adjudicate(sm, w, nw, cause);
	else
		rc = so_replace(sm, w, nw, cause);
	so_words_free(w, nw);
	return (rc);
}

/* league ...: move here, the rest to compete. */
static int
so_leagues(struct service_mail *sm, const struct command *c, char **cause)
{
	char		*w[SO_WORDS + 1];
	const char	*rest = c->arg;
	size_t		 n = strcspn(rest, " \t");
	int		 nw, rc;

	if (n != 4 || strncasecmp(rest, "move", 4) != 0 ||
	    rest[n + strspn(rest + n, " \t")] == '\0')
		return (service_league_command(sm, c, cause));
	if ((nw = so_words(rest + n, w, SO_WORDS)) == -1) {
		service_error(sm, "league move: too many words, or a \" not "
		    "closed");
		return (0);
	}
	rc = so_move(sm, w, nw, cause);
	so_words_free(w, nw);
	return (rc);
}
