#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"
#include "league-table.h"
#include "standings.h"
#include "store.h"
#include "xmalloc.h"

/*
 * A tournament's page (tournaments/T3.html) and a league's
 * (leagues/L2.html, each season's divisions, newest first).  The
 * standings are the mail's: league_table_standings() and
 * league_table_games() of the tournament as the store keeps it
 * (store_table_fill()), and each crosstable cell is standings_pair()'s,
 * so the page and the "tournament NAME" reply never disagree.  The
 * first tables on a page are #standings and #crosstable; a league's
 * further divisions get "-s2-d1" after those ids.
 */

/* A tournament with its entrants and tables, and their league table. */
struct archive_tournament {
	const struct store_tournament	*t;
	struct store_entrant		*e;
	size_t				 ne;
	struct store_pairing		*p;
	size_t				 np;
	struct league_table		 lt;
};

static int	archive_tournament_load(struct archive_site *,
		    const struct store_tournament *,
		    struct archive_tournament *, char **);
static void	archive_tournament_unload(struct archive_tournament *);
static void	archive_tournament_tables(struct buf *,
		    const struct archive_site *,
		    const struct archive_tournament *, const char *);
static int	archive_tournament_cmp_division(const void *, const void *);
static void	archive_tournament_games(struct buf *,
		    const struct archive_site *,
		    const struct archive_tournament *);

/* t's entrants and pairings, as the mail commands load them. */
static int
archive_tournament_load(struct archive_site *site,
    const struct store_tournament *t, struct archive_tournament *at,
    char **cause)
{
	memset(at, 0, sizeof *at);
	at->t = t;
	if (store_entrants(site->store, t->id, &at->e, &at->ne, cause) == -1 ||
	    store_pairings(site->store, t->id, 0, &at->p, &at->np,
	    cause) == -1)
		return (-1);
	store_table_fill(&at->lt, t, at->e, at->ne, at->p, at->np);
	return (0);
}

static void
archive_tournament_unload(struct archive_tournament *at)
{
	league_table_free(&at->lt);
	store_entrants_free(at->e, at->ne);
	store_pairings_free(at->p, at->np);
}

/* The standings and the crosstable of st, their ids ending in suffix. */
static void
archive_tournament_tables(struct buf *out, const struct archive_site *site,
    const struct archive_tournament *at, const char *suffix)
{
	struct standings_row	*rows;
	struct standings_game	*games;
	const struct standings_row *r;
	size_t			 ngames;
	int			 i, j, n = (int)at->ne, buch;

	buch = league_table_tiebreak(&at->lt) == STANDINGS_BUCHHOLZ;
	rows = xreallocarray(NULL, at->ne + 1, sizeof *rows);
	games = xreallocarray(NULL, at->np + 1, sizeof *games);
	league_table_standings(&at->lt, rows);
	ngames = league_table_games(&at->lt, games);
	buf_addf(out, "<div class=\"wide\">\n<table id=\"standings%s\">\n"
	    "<caption>Standings"
	    "</caption>\n<thead><tr><th scope=\"col\">#</th>"
	    "<th scope=\"col\">Name</th><th scope=\"col\">Games</th>"
	    "<th scope=\"col\">W</th><th scope=\"col\">D</th>"
	    "<th scope=\"col\">L</th><th scope=\"col\">Points</th>%s"
	    "<th scope=\"col\"><abbr title=\"Sonneborn-Berger\">SB</abbr>"
	    "</th><th scope=\"col\"><abbr title=\"head-to-head\">H2H"
	    "</abbr></th><th scope=\"col\">Tie-break</th></tr></thead>\n"
	    "<tbody>\n", suffix, buch ? "<th scope=\"col\"><abbr "
	    "title=\"Buchholz\">Buch.</abbr></th>" : "");
	for (i = 0; i < n; i++) {
		r = &rows[i];
		buf_addf(out, "<tr data-player=\"%lld\"><td>%d</td><td>",
		    at->lt.e[r->player].id, r->place);
		archive_html_player(out, site, "../", at->lt.e[r->player].id);
		buf_addf(out, "</td><td>%d</td><td>%d</td><td>%d</td><td>%d"
		    "</td><td>", r->played, r->wins, r->draws, r->losses);
		archive_html_score(out, r->points);
		if (buch)
			buf_addf(out, "</td><td>%.2f", r->buchholz);
		buf_addf(out, "</td><td>%.2f</td><td>", r->sb);
		/* Head-to-head counts only among rows tied before it. */
		if (r->tied > 1)
			archive_html_score(out, r->h2h);
		buf_addf(out, "</td><td>%s</td></tr>\n",
		    r->by == STANDINGS_BY_NONE || r->by == STANDINGS_BY_POINTS ?
		    "" : standings_criterion_name(r->by));
	}
	buf_addf(out, "</tbody>\n</table>\n</div>\n<div class=\"wide\">\n"
	    "<table id=\"crosstable%s\">\n"
	    "<caption>Crosstable</caption>\n<thead><tr><th scope=\"col\">#"
	    "</th><th scope=\"col\">Name</th>", suffix);
	for (i = 0; i < n; i++)
		buf_addf(out, "<th scope=\"col\">%d</th>", i + 1);
	buf_adds(out, "<th scope=\"col\">Points</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < n; i++) {
		buf_addf(out, "<tr><th scope=\"row\">%d</th><td>", i + 1);
		archive_html_player(out, site, "../",
		    at->lt.e[rows[i].player].id);
		buf_adds(out, "</td>");
		for (j = 0; j < n; j++) {
			buf_adds(out, "<td>");
			standings_pair(out, games, ngames, rows[i].player,
			    rows[j].player);
			buf_adds(out, "</td>");
		}
		buf_adds(out, "<td>");
		archive_html_score(out, rows[i].points);
		buf_adds(out, "</td></tr>\n");
	}
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
	free(rows);
	free(games);
}

/* The tables of every round, with links to the games. */
static void
archive_tournament_games(struct buf *out, const struct archive_site *site,
    const struct archive_tournament *at)
{
	const struct store_pairing	*p;
	size_t				 i;
	int				 j;

	buf_adds(out, "<div class=\"wide\">\n<table id=\"pairings\">\n"
	    "<caption>Rounds</caption>\n"
	    "<thead><tr><th scope=\"col\">Round</th><th scope=\"col\">Game"
	    "</th><th scope=\"col\">Players</th><th scope=\"col\">State</th>"
	    "</tr></thead>\n<tbody>\n");
	for (i = 0; i < at->np; i++) {
		p = &at->p[i];
		buf_addf(out, "<tr><td>%d</td><td>", p->round);
		if (p->game > 0)
			archive_html_game(out, "../", p->game);
		else
			buf_adds(out, p->n == 1 ? "bye" : "forfeit");
		buf_adds(out, "</td><td>");
		for (j = 0; j < p->n; j++) {
			if (j > 0)
				buf_adds(out, " v ");
			archive_html_player(out, site, "../", p->players[j]);
		}
		buf_adds(out, "</td><td>");
		if (p->status != NULL)
			archive_html_escape(out, p->status);
		buf_adds(out, "</td></tr>\n");
	}
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
}

int
archive_tournament_write(struct archive_site *site,
    const struct store_tournament *t, char **cause)
{
	struct archive_tournament	 at;
	struct buf			 out;
	char				 path[64];
	int				 rc = -1;

	buf_init(&out);
	if (archive_tournament_load(site, t, &at, cause) == -1)
		goto out;
	snprintf(path, sizeof path, "tournaments/T%lld.html", t->id);
	archive_html_head(&out, site, path, t->name, NULL);
	buf_addf(&out, "<main id=\"tournament\" data-tournament=\"%lld\">\n"
	    "<h1>", t->id);
	archive_html_escape(&out, t->name);
	buf_adds(&out, "</h1>\n<p>");
	archive_html_escape(&out, t->variant);
	buf_adds(&out, ", ");
	archive_html_escape(&out, t->format);
	buf_adds(&out, ", ");
	archive_html_escape(&out, t->state);
	if (t->league > 0)
		buf_addf(&out, "; season %d, division %d of <a href=\"../"
		    "leagues/L%lld.html\">league L%lld</a>", t->season,
		    t->division, t->league, t->league);
	buf_adds(&out, ".</p>\n");
	archive_tournament_tables(&out, site, &at, "");
	archive_tournament_games(&out, site, &at);
	buf_adds(&out, "</main>\n");
	archive_html_foot(&out, "../", NULL);
	rc = archive_file_write(site, path, &out, cause);
out:
	archive_tournament_unload(&at);
	buf_free(&out);
	return (rc);
}

/* Newest season first, then the top division first. */
static int
archive_tournament_cmp_division(const void *a, const void *b)
{
	const struct store_tournament *const	*pa = a, *const *pb = b;
	const struct store_tournament		*x = *pa, *y = *pb;

	if (x->season != y->season)
		return (x->season > y->season ? -1 : 1);
	return (x->division < y->division ? -1 : x->division > y->division);
}

/* A league's page: each division of each season, newest first. */
int
archive_tournament_league(struct archive_site *site,
    const struct store_league *l, char **cause)
{
	struct archive_tournament	 at;
	struct buf			 out;
	const struct store_tournament	*t, **divs;
	char				 path[64], suffix[64];
	size_t				 i, shown = 0, ndivs = 0;
	int				 rc = -1;

	buf_init(&out);
	snprintf(path, sizeof path, "leagues/L%lld.html", l->id);
	archive_html_head(&out, site, path, l->name, NULL);
	buf_addf(&out, "<main id=\"league\" data-league=\"%lld\">\n<h1>",
	    l->id);
	archive_html_escape(&out, l->name);
	buf_adds(&out, "</h1>\n<p>");
	archive_html_escape(&out, l->variant);
	buf_adds(&out, ", ");
	archive_html_escape(&out, l->state);
	buf_addf(&out, ", season %d.</p>\n", l->season);
	divs = xreallocarray(NULL, site->ntournaments + 1, sizeof *divs);
	for (i = 0; i < site->ntournaments; i++) {
		if (site->tournaments[i].league == l->id)
			divs[ndivs++] = &site->tournaments[i];
	}
	qsort(divs, ndivs, sizeof *divs, archive_tournament_cmp_division);
	for (i = 0; i < ndivs; i++) {
		t = divs[i];
		if (shown++ == 0)
			suffix[0] = '\0';
		else
			snprintf(suffix, sizeof suffix, "-s%d-d%d", t->season,
			    t->division);
		buf_addf(&out, "<h2><a href=\"../tournaments/T%lld.html\">"
		    "Season %d, division %d</a></h2>\n", t->id, t->season,
		    t->division);
		if (archive_tournament_load(site, t, &at, cause) == -1) {
			archive_tournament_unload(&at);
			goto out;
		}
		archive_tournament_tables(&out, site, &at, suffix);
		archive_tournament_unload(&at);
	}
	buf_adds(&out, "</main>\n");
	archive_html_foot(&out, "../", NULL);
	rc = archive_file_write(site, path, &out, cause);
out:
	free(divs);
	buf_free(&out);
	return (rc);
}
