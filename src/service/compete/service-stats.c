#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "command.h"
#include "compete.h"
#include "glicko.h"
#include "rating.h"
#include "robot-address.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"


/*
 * The rating tables and a player's statistics, by mail.
 *
 * "ratings [KIND]" lists the players of a kind (or, without one, of
 * every kind that has any, a section each), best first: place, name
 * (or address), rating rounded, "?" if it is provisional (RD above
 * 110), RD and rated games.  "stats [ADDRESS | NAME]" tells a player's
 * (the sender's, without one) games with a result, their rating in
 * each kind, their last rating changes and their best wins.  Every
 * line fits 78 columns: names and addresses are cut to
 * SERVICE_STATS_NAME columns.  Ratings are shown as the store has
 * them, as of each player's last rated game: the RD that idle time
 * adds is only counted when they next play.
 */

#define SERVICE_STATS_NAME	40	/* columns of a name in a table */
#define SERVICE_STATS_HISTORY	10	/* rating changes "stats" shows */
#define SERVICE_STATS_BEST	5	/* best wins "stats" shows */

static void	service_stats_name(const struct store_player *, struct buf *);
static void	service_stats_date(long long, struct buf *);
static int	service_stats_kind(struct service_mail *, const char *,
		    struct buf *, char **);
static int	service_stats_who(struct service_mail *, const char *,
		    struct store_player *, char **);
static int	service_stats_lines(struct service_mail *, long long,
		    struct buf *, char **);
static void	service_stats_mail(struct service_mail *, const char *);

/* A rating as tables show it: "1500?" if provisional, "1662". */
void
service_stats_rating(const struct glicko *g, struct buf *out)
{
	buf_addf(out, "%.0f%s", g->rating, glicko_provisional(g) ? "?" : "");
}

/*
 * A player as tables name them: their name, or address; cut short.  A
 * robot is marked "[robot]" whatever its name.
 */
static void
service_stats_name(const struct store_player *p, struct buf *out)
{
	const char		*s = p->name != NULL ? p->name : p->address;
	enum robot_level	 level;

	if (robot_address_level(p->address, &level) == 0) {
		buf_addf(out, "[robot] %s", robot_level_name(level));
		return;
	}
	if (strlen(s) > SERVICE_STATS_NAME)
		buf_addf(out, "%.*s...", SERVICE_STATS_NAME - 3, s);
	else
		buf_adds(out, s);
}

/* t as a day: "2026-11-18" (UTC). */
static void
service_stats_date(long long t, struct buf *out)
{
	time_t		tt = (time_t)t;
	struct tm	tm;
	char		s[16];

	gmtime_r(&tt, &tm);
	strftime(s, sizeof s, "%Y-%m-%d", &tm);
	buf_adds(out, s);
}

/* The table of kind, if it has ratings, added to out: 1, 0 or -1. */
static int
service_stats_kind(struct service_mail *sm, const char *kind,
    struct buf *out, char **cause)
{
	struct store_rating	*v;
	struct glicko		 g;
	struct buf		 name, rating;
	size_t			 n, i;

	if (store_ratings(sm->sv->store, kind, &v, &n, cause) == -1)
		return (-1);
	if (n == 0)
		return (0);
	buf_init(&name);
	buf_init(&rating);
	buf_addf(out, "%s (%s)\n\n  %3s  %-*s  %-6s %4s  %5s\n", kind,
	    rating_kind_title(kind), "#", SERVICE_STATS_NAME, "Player",
	    "Rating", "RD", "Games");
	for (i = 0; i < n; i++) {
		g.rating = v[i].rating;
		g.rd = v[i].rd;
		g.volatility = v[i].volatility;
		buf_reset(&name);
		buf_reset(&rating);
		service_stats_name(&v[i].player, &name);
		service_stats_rating(&g, &rating);
		buf_addf(out, "  %3zu  %-*s  %-6s %4.0f  %5d\n", i + 1,
		    SERVICE_STATS_NAME, name.data, rating.data, v[i].rd,
		    v[i].games);
	}
	buf_adds(out, "\n");
	buf_free(&name);
	buf_free(&rating);
	store_ratings_free(v, n);
	return (1);
}

/* Send text to the sender, as a notice. */
static void
service_stats_mail(struct service_mail *sm, const char *text)
{
	struct service_vars	vars;

	service_vars_init(&vars);
	service_vars_set(&vars, SV_TEXT, "%s", text);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
}

/* ratings [KIND] */
int
service_stats_ratings(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct buf	 text, kinds;
	const char	*kind;
	int		 i, n, rc = 0, shown = 0;

	buf_init(&text);
	if (c->arg != NULL) {
		if ((kind = rating_kind_find(c->arg)) == NULL) {
			buf_init(&kinds);
			for (n = 0; rating_kind_at(n) != NULL; n++)
				/* nothing */;
			for (i = 0; i < n; i++) {
				buf_adds(&kinds, text_list_sep((size_t)i,
				    (size_t)n));
				buf_adds(&kinds, rating_kind_at(i));
			}
			service_error(sm, "ratings: there is no rating called "
			    "'%s'; the ratings are %s", c->arg, kinds.data);
			buf_free(&kinds);
			buf_free(&text);
			return (0);
		}
		rc = shown = service_stats_kind(sm, kind, &text, cause);
		if (rc == 0)
			buf_addf(&text, "Nobody has a rating in %s yet.\n",
			    kind);
	} else {
		for (i = 0; (kind = rating_kind_at(i)) != NULL && rc != -1;
		    i++) {
			if ((rc = service_stats_kind(sm, kind, &text,
			    cause)) == 1)
				shown++;
		}
		if (rc != -1 && shown == 0)
			buf_adds(&text, "Nobody has a rating yet: ratings "
			    "come with the first rated game.\n");
	}
	if (rc != -1 && shown > 0)
		buf_adds(&text, "\"?\" marks a provisional rating (RD over "
		    "110); [robot], a robot the\nserver plays.\n");
	if (rc != -1)
		service_stats_mail(sm, text.data);
	buf_free(&text);
	return (rc == -1 ? -1 : 0);
}

/*
 * The player stats asks about: the sender (who NULL), or the player
 * at that address or with that name.  1 and *p; 0 after saying why
 * not; -1 on failure.
 */
static int
service_stats_who(struct service_mail *sm, const char *who,
    struct store_player *p, char **cause)
{
	int	rc;

	if (who == NULL) {
		store_player_copy(p, &sm->me);
		return (1);
	}
	if (strchr(who, '@') != NULL)
		rc = store_player_get(sm->sv->store, who, p, cause);
	else
		rc = store_rating_player_named(sm->sv->store, who, p, cause);
	if (rc == 1 || rc == -1)
		return (rc);
	if (rc == 2) {
		store_player_free(p);
		service_error(sm, "stats: more than one player is called "
		    "'%s'; write the address of the one you mean", who);
	} else
		service_error(sm, "stats: no player is called '%s'; write a "
		    "player's address or name, or just stats for your own",
		    who);
	return (0);
}

/* player's ratings, last changes and best wins, added to out. */
static int
service_stats_lines(struct service_mail *sm, long long player,
    struct buf *out, char **cause)
{
	struct store_rating		*r;
	struct store_rating_change	*h;
	struct glicko			 g;
	size_t				 n, i;

	if (store_ratings_of(sm->sv->store, player, &r, &n, cause) == -1)
		return (-1);
	buf_adds(out, "\nRatings:\n");
	for (i = 0; i < n; i++) {
		g.rating = r[i].rating;
		g.rd = r[i].rd;
		g.volatility = r[i].volatility;
		buf_addf(out, "  %-9s ", r[i].kind);
		service_stats_rating(&g, out);
		buf_addf(out, "%s RD %.0f, %d game%s\n", glicko_provisional(&g) ?
		    "" : " ", r[i].rd, r[i].games, r[i].games == 1 ? "" : "s");
	}
	if (n == 0)
		buf_adds(out, "  none yet: ratings come with rated games.\n");
	store_ratings_free(r, n);
	if (store_rating_history(sm->sv->store, player, SERVICE_STATS_HISTORY,
	    &h, &n, cause) == -1)
		return (-1);
	if (n > 0)
		buf_addf(out, "\nRating changes (the last %d):\n",
		    SERVICE_STATS_HISTORY);
	for (i = 0; i < n; i++) {
		buf_adds(out, "  ");
		service_stats_date(h[i].at, out);
		buf_addf(out, "  G%-5lld %-9s %.0f -> %.0f\n", h[i].game,
		    h[i].kind, h[i].before, h[i].rating);
	}
	store_rating_changes_free(h, n);
	if (store_rating_best(sm->sv->store, player, SERVICE_STATS_BEST, &h,
	    &n, cause) == -1)
		return (-1);
	if (n > 0)
		buf_adds(out, "\nBest wins (by the opponent's rating before "
		    "the game):\n");
	for (i = 0; i < n; i++) {
		buf_addf(out, "  %4.0f  ", h[i].before);
		service_stats_name(&h[i].player, out);
		buf_addf(out, ", G%lld %s, ", h[i].game, h[i].kind);
		service_stats_date(h[i].at, out);
		buf_adds(out, "\n");
	}
	store_rating_changes_free(h, n);
	return (0);
}

/* stats [ADDRESS | NAME] */
int
service_stats_player(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct store_player	p;
	struct store_stats	st;
	struct buf		text;
	int			rc;

	if ((rc = service_stats_who(sm, c->arg, &p, cause)) != 1)
		return (rc);
	buf_init(&text);
	buf_adds(&text, "Statistics of ");
	service_stats_name(&p, &text);
	buf_adds(&text, "\n\n");
	if ((rc = store_rating_stats(sm->sv->store, p.id, &st, cause)) == 0) {
		buf_addf(&text, "Games finished: %d; wins %d, losses %d, "
		    "draws %d; timeouts %d.\n", st.games, st.wins, st.losses,
		    st.draws, st.timeouts);
		rc = service_stats_lines(sm, p.id, &text, cause);
	}
	if (rc == 0)
		service_stats_mail(sm, text.data);
	buf_free(&text);
	store_player_free(&p);
	return (rc);
}
