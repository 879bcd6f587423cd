#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock.h"
#include "command.h"
#include "compete.h"
#include "config-file.h"
#include "game-registry.h"
#include "glicko.h"
#include "log.h"
#include "mailloop.h"
#include "rating.h"
#include "service-private.h"
#include "service-round.h"
#include "standings.h"
#include "text.h"
#include "xmalloc.h"


/*
 * Leagues (docs/tournaments.md, "Leagues").  A league runs seasons.
 * Each season splits its members into divisions of N players, 1 the
 * top, each a round-robin tournament whose games all start at once
 * (service-tournament.c).  When the last division of a season ends,
 * the top `promote` of each division but the first go up one, the
 * bottom `relegate` of each but the last go down one, members who left
 * are dropped, and new members join the lowest division; then the next
 * season starts by itself.
 *
 * Divisions are made at each season's start: the members keep their
 * division, new ones (division 0) go to the lowest by rating, and a
 * lowest division grown past N spills into new divisions of N below it.
 * A division left with fewer players than a game needs joins the one
 * below it (or above, for the last).  The first season is all new
 * members, so its divisions are by rating.
 *
 * A division's order is its standings' final order, tie-breaks and lot
 * included (src/league/standings.c).  When the last player to go up or
 * down was level on points with the next one who did not, the season's
 * mail says which tie-break decided and by how much, and a lot is
 * logged; the past seasons' summary names the tie-break that placed a
 * player below the one above, and quotes a name that holds a comma.
 */

#define SL_NAME_MAX	20
#define SL_DIVISION_MAX	64
#define SL_CROSS_MAX	4	/* divisions "league NAME" crosses */

static int	sl_load(struct service_mail *, const char *, struct store_league *,
		    const char *, char **);
static int	sl_divisions(const struct store_league *, struct store_member *,
		    size_t, struct service_mail *, int **);
static int	sl_season(struct service_mail *, long long, char **);
static int	sl_tell(struct service_mail *, const struct store_league *,
		    long long, const char *, const char *, char **);
static int	sl_organiser(struct service_mail *, const struct store_league *,
		    const long long *, int, char **);
static int	sl_organiser_end(struct service_mail *, long long,
		    const struct buf *, struct buf *, char **);
static int	sl_organiser_send(struct service_mail *,
		    const struct store_league *, const struct buf *, char **);
static int	sl_left(struct service_mail *, const struct store_league *,
		    char **);
static int	sl_report(struct service_mail *, const struct store_league *,
		    struct buf *, char **);
static int	sl_new(struct service_mail *, const char *, char **);
static int	sl_rows(struct service_mail *, long long,
		    struct service_tournament *, struct standings_row **,
		    char **);
static int	sl_row(const struct service_tournament *,
		    const struct standings_row *, long long);
static int	sl_moved(struct service_mail *,
		    const struct service_tournament *,
		    const struct standings_row *, long long, long long, int,
		    struct buf *, char **);
static int	sl_withdraw(struct service_mail *, long long, long long,
		    char **);

/* League name, or an error naming cmd: 1 found, 0 not, -1 failure. */
static int
sl_load(struct service_mail *sm, const char *name, struct store_league *l,
    const char *cmd, char **cause)
{
	int	rc;

	if ((rc = store_league_get(sm->sv->store, -1, name, l, cause)) == 0)
		service_error(sm, "%s: there is no league called %s ('leagues' "
		    "lists them)", cmd, name);
	return (rc);
}

/*
 * Give each member in m[0..n) (those in the league) its division for
 * the next season, in *div (0: not playing); returns the divisions.
 */
static int
sl_divisions(const struct store_league *l, struct store_member *m, size_t n,
    struct service_mail *sm, int **div)
{
	double	*rating;
	size_t	*order, i, j, k, tmp;
	struct glicko	 g;
	const char	*kind;
	char		*why = NULL;
	int	*size, ndiv = 0, d, low, min, cut;

	min = l->seats > 2 ? l->seats : 2;
	*div = xcalloc(n + 1, sizeof **div);
	rating = xcalloc(n + 1, sizeof *rating);
	order = xcalloc(n + 1, sizeof *order);
	size = xcalloc(n + 2, sizeof *size);
	kind = rating_kind(l->variant, l->seats);
	for (i = 0; i < n; i++) {
		if (strcmp(m[i].state, "in") != 0)
			continue;
		if (m[i].division > ndiv)
			ndiv = m[i].division;
		rating[i] = sm->sv->config->ratings.rating;
		if (kind != NULL && service_rating_get(sm, m[i].player.id,
		    kind, 0, &g, NULL, &why) == 0)
			rating[i] = g.rating;
		free(why);
		why = NULL;
	}
	/* Old members keep their division; the new by rating, at the end. */
	for (i = 0, k = 0; i < n; i++) {
		if (strcmp(m[i].state, "in") == 0)
			order[k++] = i;
	}
	for (i = 1; i < k; i++) {
		for (j = i; j > 0; j--) {
			if (m[order[j]].division != 0 &&
			    (m[order[j - 1]].division == 0 ||
			    m[order[j - 1]].division <= m[order[j]].division))
				break;
			if (m[order[j]].division == 0 &&
			    m[order[j - 1]].division == 0 &&
			    rating[order[j - 1]] >= rating[order[j]])
				break;
			tmp = order[j];
			order[j] = order[j - 1];
			order[j - 1] = tmp;
		}
	}
	low = ndiv > 0 ? ndiv : 1;
	for (i = 0; i < k; i++) {
		d = m[order[i]].division;
		if (d == 0) {
			d = low;
			if (size[d] >= l->division)
				d = ++low;
		}
		(*div)[order[i]] = d;
		size[d]++;
	}
	/* Too small a division joins its neighbour; then renumber. */
	for (d = low; d >= 1; d--) {
		if (size[d] == 0 || size[d] >= min)
			continue;
		cut = d < low ? d + 1 : d - 1;
		while (cut >= 1 && cut <= low && size[cut] == 0)
			cut += d < low ? 1 : -1;
		if (cut < 1 || cut > low)
			continue;
		for (i = 0; i < n; i++) {
			if ((*div)[i] == d)
				(*div)[i] = cut;
		}
		size[cut] += size[d];
		size[d] = 0;
	}
	for (d = 1, ndiv = 0; d <= low; d++) {
		if (size[d] == 0)
			continue;
		ndiv++;
		for (i = 0; i < n; i++) {
			if ((*div)[i] == d)
				(*div)[i] = -ndiv;
		}
	}
	for (i = 0; i < n; i++)
		(*div)[i] = -(*div)[i];
	free(rating);
	free(order);
	free(size);
	return (ndiv);
}

/* Start league id's next season: divisions, tournaments, games. */
static int
sl_season(struct service_mail *sm, long long id, char **cause)
{
	struct store_league	 l;
	struct store_member	*m = NULL;
	struct store_tournament	 t;
	struct buf		 name, text, what;
	long long		*tids = NULL;
	size_t			 n = 0, i;
	int			*div = NULL, ndiv, d, rc, number;

	if ((rc = store_league_get(sm->sv->store, id, NULL, &l, cause)) != 1)
		return (rc);
	if (store_members(sm->sv->store, id, &m, &n, cause) == -1) {
		store_league_free(&l);
		return (-1);
	}
	ndiv = sl_divisions(&l, m, n, sm, &div);
	buf_init(&name);
	buf_init(&text);
	buf_init(&what);
	rc = 0;
	if (ndiv == 0) {
		rc = store_league_season(sm->sv->store, id, l.season, "open",
		    cause);
		goto out;
	}
	l.season++;
	tids = xcalloc((size_t)ndiv + 1, sizeof *tids);
	for (d = 1; d <= ndiv && rc == 0; d++) {
		memset(&t, 0, sizeof t);
		buf_reset(&name);
		buf_addf(&name, "%s-S%d-D%d", l.name, l.season, d);
		t.name = name.data;
		t.variant = l.variant;
		t.format = (char *)"roundrobin";
		t.seats = l.seats;
		t.segments = l.segments;
		t.clock = l.clock;
		t.rated = 1;
		t.starts = -1;
		t.organiser = l.organiser;
		t.state = (char *)"open";
		t.league = id;
		t.season = l.season;
		t.division = d;
		t.created = sm->ml->now;
		if ((rc = store_tournament_add(sm->sv->store, &t, cause)) == -1)
			break;
		tids[d] = t.id;
		for (i = 0, number = 1; i < n && rc == 0; i++) {
			if (div[i] != d)
				continue;
			rc = store_entrant_add(sm->sv->store, t.id,
			    m[i].player.id, number++, 0, sm->ml->now, cause);
		}
	}
	for (i = 0; i < n && rc == 0; i++) {
		rc = store_member_set(sm->sv->store, id, m[i].player.id,
		    div[i], m[i].state, sm->ml->now, cause);
	}
	if (rc == 0)
		rc = store_league_season(sm->sv->store, id, l.season,
		    "playing", cause);
	for (d = 1; d <= ndiv && rc == 0; d++)
		rc = service_tournament_begin(sm, tids[d], cause);
	buf_addf(&what, "season %d", l.season);
	for (d = 1; d <= ndiv && rc == 0; d++) {
		buf_reset(&text);
		buf_addf(&text, "Season %d of league %s begins, with %d "
		    "division%s of up to %d players. You are in division %d. "
		    "Your games come in their own mail; 'league %s' shows "
		    "every division.\n\n", l.season, l.name, ndiv, ndiv == 1 ?
		    "" : "s", l.division, d, l.name);
		rc = sl_tell(sm, &l, tids[d], what.data, text.data, cause);
	}
	if (rc == 0)
		rc = sl_organiser(sm, &l, tids, ndiv, cause);
	log_info("league %s: season %d, %d divisions", l.name, l.season,
	    ndiv);
out:
	buf_free(&name);
	buf_free(&text);
	buf_free(&what);
	free(tids);
	free(div);
	store_members_free(m, n);
	store_league_free(&l);
	return (rc);
}

/*
 * Mail the entrants of division tid who are still in league l: lead,
 * then the division's standings and crosstable.
 */
static int
sl_tell(struct service_mail *sm, const struct store_league *l, long long tid,
    const char *what, const char *lead, char **cause)
{
	struct store_member	*m;
	struct store_entrant	*e;
	struct buf		 subject, text, thread;
	size_t			 nm, ne, i, x;
	int			 rc = 0;

	if (store_members(sm->sv->store, l->id, &m, &nm, cause) == -1)
		return (-1);
	if (store_entrants(sm->sv->store, tid, &e, &ne, cause) == -1) {
		store_members_free(m, nm);
		return (-1);
	}
	buf_init(&subject);
	buf_init(&text);
	buf_init(&thread);
	buf_addf(&subject, "[mupbem] League %s", l->name);
	service_organiser_thread(-1, l->id, &thread);
	log_debug("league %s: %s told", l->name, what);
	buf_adds(&text, lead);
	if (service_round_text(sm, tid, 1, &text, cause) == -1)
		rc = -1;
	for (i = 0; i < ne && rc == 0; i++) {
		for (x = 0; x < nm; x++) {
			if (m[x].player.id == e[i].player.id)
				break;
		}
		if (x < nm && strcmp(m[x].state, "in") == 0 &&
		    !service_organiser_merged(&e[i].player, l->organiser))
			rc = service_organiser_send(sm, thread.data,
			    e[i].player.address, subject.data, text.data,
			    cause);
	}
	buf_free(&subject);
	buf_free(&text);
	buf_free(&thread);
	store_entrants_free(e, ne);
	store_members_free(m, nm);
	return (rc);
}

/*
 * League l's divisions this season with their standings, then each
 * past season's winners, promotions and relegations.
 */
static int
sl_report(struct service_mail *sm, const struct store_league *l,
    struct buf *out, char **cause)
{
	struct store_tournament	*t;
	struct service_tournament st;
	struct standings_row	*rows;
	size_t			 n, i, k;
	int			 ndiv, s, rc = 0;

	buf_addf(out, "League %s: %s, %d players a game, divisions of %d, "
	    "%d up and %d down, %s.\n", l->name, l->variant, l->seats,
	    l->division, l->promote, l->relegate, l->clock != NULL ?
	    l->clock : "no clock");
	if (store_tournament_list(sm->sv->store, l->id, &t, &n, cause) == -1)
		return (-1);
	if (l->season == 0)
		buf_adds(out, "It has not started yet.\n");
	for (i = 0, ndiv = 0; i < n; i++)
		ndiv += t[i].season == l->season;
	for (i = 0; i < n && rc != -1; i++) {
		if (t[i].season != l->season)
			continue;
		buf_addf(out, "\nSeason %d, division %d (%s):\n", t[i].season,
		    t[i].division, t[i].state);
		rc = service_round_text(sm, t[i].id, ndiv <= SL_CROSS_MAX,
		    out, cause);
	}
	for (s = l->season - 1; s >= 1 && rc != -1; s--) {
		buf_addf(out, "\nSeason %d:\n", s);
		for (i = 0; i < n && rc != -1; i++) {
			if (t[i].season != s)
				continue;
			if ((rc = sl_rows(sm, t[i].id, &st, &rows,
			    cause)) != 1)
				continue;
			if (st.ne == 0) {
				free(rows);
				service_round_free(&st);
				continue;
			}
			buf_addf(out, "  Division %d: ", t[i].division);
			for (k = 0; k < st.ne && k < 3; k++) {
				buf_addf(out, "%s%d. ", k > 0 ? ", " : "",
				    (int)k + 1);
				text_list_name(out,
				    st.lt.e[rows[k].player].name);
				if (rows[k].by != STANDINGS_BY_POINTS &&
				    rows[k].by != STANDINGS_BY_NONE)
					buf_addf(out, " (by %s)",
					    standings_criterion_name(
					    rows[k].by));
			}
			buf_adds(out, st.ne > 3 ? ", ...\n" : "\n");
			free(rows);
			service_round_free(&st);
		}
	}
	store_tournament_list_free(t, n);
	return (rc == -1 ? -1 : 0);
}

/* Withdraw player from division id, if they play in it. */
static int
sl_withdraw(struct service_mail *sm, long long id, long long player,
    char **cause)
{
	struct service_tournament	st;
	int				rc, in;

	if ((rc = service_round_load(sm, id, NULL, &st, cause)) != 1)
		return (rc);
	in = league_table_index(&st.lt, player) != -1;
	service_round_free(&st);
	return (in ? service_tournament_withdraw(sm, id, player, cause) : 0);
}

/*
 * Division tid's tournament in st and its standings in *rows (the
 * caller's, as st): 1 loaded, 0 not found, -1 failure.
 */
static int
sl_rows(struct service_mail *sm, long long tid, struct service_tournament *st,
    struct standings_row **rows, char **cause)
{
	int	rc;

	*rows = NULL;
	if ((rc = service_round_load(sm, tid, NULL, st, cause)) != 1)
		return (rc);
	*rows = xreallocarray(NULL, st->ne + 1, sizeof **rows);
	league_table_standings(&st->lt, *rows);
	return (1);
}

/* The row of player in rows, or -1. */
static int
sl_row(const struct service_tournament *st, const struct standings_row *rows,
    long long player)
{
	size_t	i;

	for (i = 0; i < st->ne; i++) {
		if (st->lt.e[rows[i].player].id == player)
			return ((int)i);
	}
	return (-1);
}

/*
 * Say in text that player goes to division d, and, if other (or -1),
 * the next across the line, was level on points, which tie-break put
 * them on either side of it.
 */
static int
sl_moved(struct service_mail *sm, const struct service_tournament *st,
    const struct standings_row *rows, long long player, long long other,
    int d, struct buf *text, char **cause)
{
	struct store_player	p;
	struct buf		why;
	const char		*name;
	int			rc, a, b;

	if ((rc = store_player_by_id(sm->sv->store, player, &p, cause)) != 1)
		return (rc == -1 ? -1 : 0);
	name = p.name != NULL ? p.name : p.address;
	buf_addf(text, " %s goes to division %d", name, d);
	buf_init(&why);
	a = sl_row(st, rows, player);
	b = other != -1 ? sl_row(st, rows, other) : -1;
	if (a != -1 && b != -1 && standings_explain(&why, &rows[a], &rows[b],
	    st->lt.e[rows[b].player].name) == STANDINGS_BY_LOT)
		log_info("league %s: %s goes to division %d by lot, level "
		    "with %s on points and every tie-break", st->t.name, name,
		    d, st->lt.e[rows[b].player].name);
	buf_addf(text, "%s%s.", why.len > 0 ? ": " : "", why.data != NULL ?
	    why.data : "");
	buf_free(&why);
	store_player_free(&p);
	return (0);
}

/*
 * The organiser's mail of season l->season's start: its ndiv divisions
 * (tids[1..ndiv]), each with its players.
 */
static int
sl_organiser(struct service_mail *sm, const struct store_league *l,
    const long long *tids, int ndiv, char **cause)
{
	struct buf	text, subject, thread;
	int		d, rc = 0;

	buf_init(&text);
	buf_init(&subject);
	buf_init(&thread);
	buf_addf(&text, "Season %d of league %s begins, with %d division%s "
	    "of up to %d players. Their games come in their own mail.\n",
	    l->season, l->name, ndiv, ndiv == 1 ? "" : "s", l->division);
	for (d = 1; d <= ndiv && rc == 0; d++) {
		buf_addf(&text, "\nDivision %d:\n", d);
		if (service_round_text(sm, tids[d], 0, &text, cause) == -1)
			rc = -1;
	}
	buf_addf(&subject, "[mupbem] League %s", l->name);
	service_organiser_thread(-1, l->id, &thread);
	if (rc == 0)
		rc = service_organiser_note(sm, l->organiser, thread.data,
		    subject.data, text.data, cause);
	buf_free(&text);
	buf_free(&subject);
	buf_free(&thread);
	return (rc);
}

/*
 * Add division tid's end, its promotions and relegations as text says
 * them to its players, and its standings, to the organiser's mail org.
 */
static int
sl_organiser_end(struct service_mail *sm, long long tid,
    const struct buf *text, struct buf *org, char **cause)
{
	if (org->len > 0)
		buf_addc(org, '\n');
	buf_add(org, text->data, text->len);
	return (service_round_text(sm, tid, 1, org, cause) == -1 ? -1 : 0);
}

/* Tell the organiser of l that the sender has left it. */
static int
sl_left(struct service_mail *sm, const struct store_league *l, char **cause)
{
	struct buf	text, subject, thread, who;
	int		rc;

	buf_init(&text);
	buf_init(&subject);
	buf_init(&thread);
	buf_init(&who);
	service_label(&sm->me, &who);
	if (l->season == 0)
		buf_addf(&text, "%s has left league %s before its first "
		    "season.\n", who.data, l->name);
	else
		buf_addf(&text, "%s has left league %s in season %d: their "
		    "games of the season are forfeit.\n", who.data, l->name,
		    l->season);
	buf_addf(&subject, "[mupbem] League %s", l->name);
	service_organiser_thread(-1, l->id, &thread);
	rc = service_organiser_note(sm, l->organiser, thread.data,
	    subject.data, text.data, cause);
	buf_free(&text);
	buf_free(&subject);
	buf_free(&thread);
	buf_free(&who);
	return (rc);
}

/* Send the organiser's mail of l's season's end, org. */
static int
sl_organiser_send(struct service_mail *sm, const struct store_league *l,
    const struct buf *org, char **cause)
{
	struct buf	subject, thread;
	int		rc;

	if (org->len == 0)
		return (0);
	buf_init(&subject);
	buf_init(&thread);
	buf_addf(&subject, "[mupbem] League %s", l->name);
	service_organiser_thread(-1, l->id, &thread);
	rc = service_organiser_note(sm, l->organiser, thread.data,
	    subject.data, org->data, cause);
	buf_free(&subject);
	buf_free(&thread);
	return (rc);
}

/*
 * A division of league id is over: once every division of the season
 * is, move players up and down and start the next season.
 */
int
service_league_division(struct service_mail *sm, long long id, char **cause)
{
	struct store_league	 l;
	struct store_tournament	*t;
	struct store_member	*m = NULL;
	struct service_tournament st;
	struct standings_row	*rows;
	long long		*order, other;
	struct buf		 text, what, org;
	size_t			 n, i, k, j, x, norder, nm = 0;
	int			 ndiv = 0, rc, up, down;

	if ((rc = store_league_get(sm->sv->store, id, NULL, &l, cause)) != 1)
		return (rc);
	if (store_tournament_list(sm->sv->store, id, &t, &n, cause) == -1) {
		store_league_free(&l);
		return (-1);
	}
	rc = 0;
	for (i = 0; i < n; i++) {
		if (t[i].season != l.season)
			continue;
		ndiv++;
		if (strcmp(t[i].state, "over") != 0)
			rc = 1;
	}
	buf_init(&text);
	buf_init(&what);
	buf_init(&org);
	if (rc == 0 && store_members(sm->sv->store, id, &m, &nm, cause) == -1)
		rc = -1;
	for (i = 0; i < n && rc == 0; i++) {
		if (t[i].season != l.season)
			continue;
		if ((rc = service_round_order(sm, t[i].id, &order,
		    &norder, cause)) != 1)
			break;
		rc = 0;
		/*
		 * Only members still in move: those who left are gone, and
		 * one the organiser moved ('league move') stays where put.
		 */
		for (k = 0, j = 0; k < norder; k++) {
			for (x = 0; x < nm; x++) {
				if (m[x].player.id == order[k])
					break;
			}
			if (x < nm && strcmp(m[x].state, "in") == 0 &&
			    m[x].division == t[i].division)
				order[j++] = order[k];
		}
		norder = j;
		up = t[i].division > 1 ? l.promote : 0;
		down = t[i].division < ndiv ? l.relegate : 0;
		buf_reset(&text);
		buf_addf(&text, "Season %d of league %s is over, and so the "
		    "final standings of division %d are below.", l.season,
		    l.name, t[i].division);
		if ((rc = sl_rows(sm, t[i].id, &st, &rows, cause)) != 1) {
			free(order);
			break;
		}
		rc = 0;
		for (k = 0; k < norder && rc == 0; k++) {
			if (k < (size_t)up)
				rc = store_member_set(sm->sv->store, id,
				    order[k], t[i].division - 1, "in",
				    sm->ml->now, cause);
			else if (k + (size_t)down >= norder)
				rc = store_member_set(sm->sv->store, id,
				    order[k], t[i].division + 1, "in",
				    sm->ml->now, cause);
			/* The last to go, and the first who stays. */
			other = -1;
			if (k + 1 == (size_t)up && k + 1 < norder)
				other = order[k + 1];
			else if (k >= (size_t)up && k + (size_t)down ==
			    norder && k > 0)
				other = order[k - 1];
			if (rc == 0 && (k < (size_t)up ||
			    k + (size_t)down >= norder))
				rc = sl_moved(sm, &st, rows, order[k], other,
				    k < (size_t)up ? t[i].division - 1 :
				    t[i].division + 1, &text, cause);
		}
		free(rows);
		service_round_free(&st);
		free(order);
		buf_addf(&text, " The next season starts now.\n\n");
		buf_reset(&what);
		buf_addf(&what, "season %d is over", l.season);
		if (rc == 0)
			rc = sl_tell(sm, &l, t[i].id, what.data, text.data,
			    cause);
		if (rc == 0)
			rc = sl_organiser_end(sm, t[i].id, &text, &org,
			    cause);
	}
	if (rc == 0)
		rc = sl_organiser_send(sm, &l, &org, cause);
	if (rc == 0)
		rc = sl_season(sm, id, cause);
	buf_free(&text);
	buf_free(&what);
	buf_free(&org);
	store_members_free(m, nm);
	store_tournament_list_free(t, n);
	store_league_free(&l);
	return (rc == -1 ? -1 : 0);
}

/*
 * league new NAME KIND [division N] [time SPEC] [seats N] [promote N]
 * [relegate N] [segments N]
 */
static int
sl_new(struct service_mail *sm, const char *args, char **cause)
{
	struct store_league	 l, old;
	struct clock_control	 ctl;
	struct buf		 b;
	char			*copy, *w, *last, *name, *why = NULL, *end;
	const char		*word, *p;
	long			 v;
	int			 rc;

	memset(&l, 0, sizeof l);
	l.seats = 2;
	l.division = 8;
	l.promote = 1;
	l.relegate = 1;
	l.organiser = sm->me.id;
	l.created = sm->ml->now;
	copy = xstrdup(args);
	name = strtok_r(copy, " \t", &last);
	for (p = name; p != NULL && *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
			break;
	}
	if (name == NULL || *p != '\0' || strlen(name) > SL_NAME_MAX) {
		service_error(sm, "league new: a league's name is one word of "
		    "up to %d letters, digits, - and _", SL_NAME_MAX);
		goto refused;
	}
	l.name = name;
	if ((w = strtok_r(NULL, " \t", &last)) == NULL ||
	    game_find(w) == NULL) {
		service_error(sm, "league new %s: which game? Write velox, "
		    "levis, classic or mur after the name", name);
		goto refused;
	}
	l.variant = (char *)game_find(w)->name;
	while ((w = strtok_r(NULL, " \t", &last)) != NULL) {
		word = w;
		if ((w = strtok_r(NULL, " \t", &last)) == NULL) {
			service_error(sm, "league new %s: %s needs a value",
			    name, word);
			goto refused;
		}
		if (strcasecmp(word, "time") == 0) {
			free(l.clock);
			l.clock = NULL;
			if (strcasecmp(w, "none") == 0) {
				l.clock = xstrdup("none");
				continue;
			}
			if (clock_parse(w, &ctl, &why) == -1) {
				service_error(sm, "league new %s: %s", name,
				    why);
				free(why);
				goto refused;
			}
			buf_init(&b);
			clock_format(&ctl, &b);
			l.clock = buf_steal(&b);
			continue;
		}
		v = strtol(w, &end, 10);
		if (*end != '\0' || v < 0 || v > 1000) {
			service_error(sm, "league new %s: %s takes a number, "
			    "not '%s'", name, word, w);
			goto refused;
		}
		if (strcasecmp(word, "division") == 0 && v >= 2 &&
		    v <= SL_DIVISION_MAX)
			l.division = (int)v;
		else if (strcasecmp(word, "seats") == 0 && v >= 2 && v <= 6)
			l.seats = (int)v;
		else if (strcasecmp(word, "promote") == 0)
			l.promote = (int)v;
		else if (strcasecmp(word, "relegate") == 0)
			l.relegate = (int)v;
		else if (strcasecmp(word, "segments") == 0 && v >= 1)
			l.segments = (int)v;
		else {
			service_error(sm, "league new %s: '%s %s' is not "
			    "something league new understands (division "
			    "2-%d, time SPEC, seats 2-6, promote N, relegate "
			    "N, segments N)", name, word, w, SL_DIVISION_MAX);
			goto refused;
		}
	}
	if (l.promote + l.relegate >= l.division || l.division < l.seats) {
		service_error(sm, "league new %s: a division of %d cannot send "
		    "%d up and %d down%s", name, l.division, l.promote,
		    l.relegate, l.division < l.seats ? ", nor fill a game" :
		    "");
		goto refused;
	}
	if (strcmp(l.variant, "mur") == 0 && l.seats != 2) {
		service_error(sm, "league new %s: Mur is a game for two",
		    name);
		goto refused;
	}
	if (l.clock == NULL)
		l.clock = xstrdup(sm->sv->config->time);
	if (strcmp(l.clock, "none") == 0) {
		free(l.clock);
		l.clock = NULL;
	}
	if ((rc = store_league_get(sm->sv->store, -1, name, &old,
	    cause)) != 0) {
		store_league_free(&old);
		if (rc == 1)
			service_error(sm, "league new: there is a league "
			    "called %s already", name);
		free(l.clock);
		free(copy);
		return (rc == 1 ? 0 : -1);
	}
	if (store_league_add(sm->sv->store, &l, cause) == -1) {
		free(l.clock);
		free(copy);
		return (-1);
	}
	service_notice(sm, "League %s is open: %s, %d players a game, "
	    "divisions of %d, %d up and %d down each season, %s. Players "
	    "join with 'league join %s'; you start the first season with "
	    "'league start %s', and each next one starts by itself.", name,
	    l.variant, l.seats, l.division, l.promote, l.relegate,
	    l.clock != NULL ? l.clock : "no clock", name, name);
	free(l.clock);
	free(copy);
	return (0);
refused:
	free(l.clock);
	free(copy);
	return (0);
}

/* league new|join|leave|start NAME ..., or league NAME */
int
service_league_command(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_vars	 vars;
	struct store_league	 l;
	struct store_member	*m;
	struct store_tournament	*t;
	struct buf		 text;
	const char		*rest = c->arg, *name;
	char			 sub[16];
	size_t			 n, i, nm, k;
	int			 rc, in = 0;

	n = strcspn(rest, " \t");
	name = rest + n + strspn(rest + n, " \t");
	snprintf(sub, sizeof sub, "%.*s", (int)(n < 15 ? n : 15), rest);
	if (*name != '\0' && strcasecmp(sub, "new") == 0)
		return (sl_new(sm, name, cause));
	if (*name == '\0') {
		name = rest;
		sub[0] = '\0';
	}
	if ((rc = sl_load(sm, name, &l, *sub != '\0' ? "league" : "league",
	    cause)) != 1)
		return (rc);
	if (store_members(sm->sv->store, l.id, &m, &nm, cause) == -1) {
		store_league_free(&l);
		return (-1);
	}
	for (k = 0; k < nm; k++) {
		if (m[k].player.id == sm->me.id)
			break;
	}
	in = k < nm && strcmp(m[k].state, "in") == 0;
	rc = 0;
	if (*sub == '\0') {
		buf_init(&text);
		rc = sl_report(sm, &l, &text, cause);
		if (rc == 0) {
			service_vars_init(&vars);
			service_vars_set(&vars, SV_TEXT, "%s", text.data);
			service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
			service_vars_free(&vars);
		}
		buf_free(&text);
	} else if (strcasecmp(sub, "join") == 0) {
		if (in)
			service_error(sm, "league join %s: you are in it "
			    "already", l.name);
		else if ((rc = store_member_set(sm->sv->store, l.id,
		    sm->me.id, 0, "in", sm->ml->now, cause)) == 0)
			service_notice(sm, "You are in league %s. %s",
			    l.name, l.season == 0 ? "You will play from its "
			    "first season." : "You start in its lowest "
			    "division next season.");
	} else if (strcasecmp(sub, "leave") == 0) {
		if (!in)
			service_error(sm, "league leave %s: you are not in it",
			    l.name);
		else if ((rc = store_member_set(sm->sv->store, l.id,
		    sm->me.id, m[k].division, "left", sm->ml->now,
		    cause)) == 0 && (rc = sm->me.id != l.organiser ?
		    sl_left(sm, &l, cause) : 0) == 0 &&
		    (rc = store_tournament_list(sm->sv->store,
		    l.id, &t, &n, cause)) == 0) {
			/* Not by division: the organiser may have moved it. */
			for (i = 0; i < n && rc == 0; i++) {
				if (t[i].season == l.season &&
				    (strcmp(t[i].state, "playing") == 0 ||
				    strcmp(t[i].state, "paused") == 0))
					rc = sl_withdraw(sm, t[i].id,
					    sm->me.id, cause);
			}
			store_tournament_list_free(t, n);
			if (rc == 0)
				service_notice(sm, "You have left league %s.%s",
				    l.name, l.season > 0 ? " Your games in "
				    "this season are forfeit." : "");
		}
	} else if (strcasecmp(sub, "start") == 0) {
		if (l.organiser != sm->me.id)
			service_error(sm, "league start %s: only its "
			    "organiser can start it", l.name);
		else if (l.season != 0)
			service_error(sm, "league start %s: it has started; "
			    "each season starts by itself", l.name);
		else
			rc = sl_season(sm, l.id, cause);
	} else
		service_error(sm, "league: write league new, join, leave, "
		    "start NAME, or league NAME");
	store_members_free(m, nm);
	store_league_free(&l);
	return (rc);
}

/* leagues: a line for each. */
int
service_league_list(struct service_mail *sm, char **cause)
{
	struct service_vars	 vars;
	struct store_league	*v;
	struct buf		 text;
	size_t			 n, i;

	if (store_league_list(sm->sv->store, &v, &n, cause) == -1)
		return (-1);
	buf_init(&text);
	if (n == 0)
		buf_adds(&text, "There are no leagues yet. Make one with "
		    "'league new NAME velox division 8'.\n");
	else
		buf_addf(&text, "%-20s %-8s %-9s %-8s %s\n", "League", "Game",
		    "Division", "State", "Season");
	for (i = 0; i < n; i++)
		buf_addf(&text, "%-20s %-8s %-9d %-8s %d\n", v[i].name,
		    v[i].variant, v[i].division, v[i].state, v[i].season);
	service_vars_init(&vars);
	service_vars_set(&vars, SV_TEXT, "%s", text.data);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
	buf_free(&text);
	store_league_list_free(v, n);
	return (0);
}
