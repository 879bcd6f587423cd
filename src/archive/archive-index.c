#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"
#include "xmalloc.h"

/*
 * The index: every game in a table, a row each carrying what the
 * filters look at (data-kind, data-players, data-tournament,
 * data-state), and four selects with labels above it; the viewer
 * script hides the rows that do not match and says how many are shown
 * in #count.  Without the script every row shows.  Below it, the
 * players, tournaments and leagues.
 */

static void	archive_index_select(struct buf *, const char *,
		    const char *, const char *);
static void	archive_index_words(struct buf *,
		    const struct archive_site *, int);
static void	archive_index_row(struct buf *, const struct archive_site *,
		    const struct archive_game *);
static void	archive_index_lists(struct buf *,
		    const struct archive_site *);

static void
archive_index_select(struct buf *out, const char *id, const char *label,
    const char *all)
{
	buf_addf(out, "<label for=\"%s\">%s</label>\n<select id=\"%s\">"
	    "<option value=\"\">%s</option>", id, label, id, all);
}

/* The distinct kinds (which 0) or states (1) of the games, as options. */
static void
archive_index_words(struct buf *out, const struct archive_site *site,
    int which)
{
	const char	**seen, *w;
	size_t		  i, j, n = 0;

	seen = xreallocarray(NULL, site->ngames + 1, sizeof *seen);
	for (i = 0; i < site->ngames; i++) {
		w = which ? site->games[i].row.status :
		    site->games[i].row.variant;
		for (j = 0; j < n && strcmp(seen[j], w) != 0; j++)
			;
		if (j < n)
			continue;
		seen[n++] = w;
		buf_adds(out, "<option value=\"");
		archive_html_escape(out, w);
		buf_adds(out, "\">");
		archive_html_escape(out, w);
		buf_adds(out, "</option>");
	}
	free(seen);
}

static void
archive_index_row(struct buf *out, const struct archive_site *site,
    const struct archive_game *g)
{
	size_t	i, n;

	buf_addf(out, "<tr class=\"game\" data-game=\"%lld\" data-kind=\"",
	    g->row.id);
	archive_html_escape(out, g->row.variant);
	buf_adds(out, "\" data-players=\"");
	for (i = n = 0; i < g->nseats; i++) {
		if (g->seats[i].player.id > 0)
			buf_addf(out, "%s%lld", n++ > 0 ? " " : "",
			    g->seats[i].player.id);
	}
	buf_adds(out, "\" data-tournament=\"");
	if (g->row.tournament > 0)
		buf_addf(out, "%lld", g->row.tournament);
	buf_adds(out, "\" data-state=\"");
	archive_html_escape(out, g->row.status);
	buf_adds(out, "\"><td>");
	archive_html_game(out, "", g->row.id);
	buf_adds(out, "</td><td>");
	archive_html_escape(out, g->row.variant);
	buf_adds(out, "</td><td>");
	archive_html_players(out, site, "", g);
	buf_adds(out, "</td><td>");
	for (i = 0; g->row.tournament > 0 && i < site->ntournaments; i++) {
		if (site->tournaments[i].id != g->row.tournament)
			continue;
		buf_addf(out, "<a href=\"tournaments/T%lld.html\">",
		    g->row.tournament);
		archive_html_escape(out, site->tournaments[i].name);
		buf_adds(out, "</a>");
	}
	buf_adds(out, "</td><td>");
	archive_html_escape(out, g->row.status);
	buf_adds(out, "</td><td>");
	if (g->result != NULL)
		archive_html_escape(out, g->result);
	buf_adds(out, "</td><td>");
	archive_html_time(out, g->row.created);
	buf_adds(out, "</td></tr>\n");
}

/* The players, tournaments and leagues, as lists of links. */
static void
archive_index_lists(struct buf *out, const struct archive_site *site)
{
	size_t	i;

	buf_adds(out, "<h2>Players</h2>\n<ul id=\"players\">\n");
	for (i = 0; i < site->nplayers; i++) {
		buf_adds(out, "<li>");
		archive_html_player(out, site, "", site->players[i].id);
		buf_adds(out, "</li>\n");
	}
	buf_adds(out, "</ul>\n<h2>Tournaments</h2>\n<ul id=\"tournaments\">\n");
	for (i = 0; i < site->ntournaments; i++) {
		buf_addf(out, "<li><a href=\"tournaments/T%lld.html\">",
		    site->tournaments[i].id);
		archive_html_escape(out, site->tournaments[i].name);
		buf_adds(out, "</a> (");
		archive_html_escape(out, site->tournaments[i].state);
		buf_adds(out, ")</li>\n");
	}
	buf_adds(out, "</ul>\n<h2>Leagues</h2>\n<ul id=\"leagues\">\n");
	for (i = 0; i < site->nleagues; i++) {
		buf_addf(out, "<li><a href=\"leagues/L%lld.html\">",
		    site->leagues[i].id);
		archive_html_escape(out, site->leagues[i].name);
		buf_adds(out, "</a></li>\n");
	}
	buf_adds(out, "</ul>\n");
}

int
archive_index_write(struct archive_site *site, char **cause)
{
	struct buf	out;
	size_t		i;
	int		rc;

	buf_init(&out);
	archive_html_head(&out, site, "index.html", "Games");
	buf_adds(&out, "<main id=\"index\">\n<h1>Games</h1>\n"
	    "<form id=\"filters\">\n");
	archive_index_select(&out, "filter-kind", "Game", "All games");
	archive_index_words(&out, site, 0);
	buf_adds(&out, "</select>\n");
	archive_index_select(&out, "filter-player", "Player", "All players");
	for (i = 0; i < site->nplayers; i++) {
		buf_addf(&out, "<option value=\"%lld\">", site->players[i].id);
		archive_html_escape(&out, site->players[i].name);
		buf_adds(&out, "</option>");
	}
	buf_adds(&out, "</select>\n");
	archive_index_select(&out, "filter-tournament", "Tournament",
	    "All tournaments");
	for (i = 0; i < site->ntournaments; i++) {
		buf_addf(&out, "<option value=\"%lld\">",
		    site->tournaments[i].id);
		archive_html_escape(&out, site->tournaments[i].name);
		buf_adds(&out, "</option>");
	}
	buf_adds(&out, "</select>\n");
	archive_index_select(&out, "filter-state", "State", "All states");
	archive_index_words(&out, site, 1);
	buf_addf(&out, "</select>\n</form>\n<p><span id=\"count\" "
	    "aria-live=\"polite\">%zu game%s</span></p>\n", site->ngames,
	    site->ngames == 1 ? "" : "s");
	buf_adds(&out, "<table id=\"games\">\n<thead><tr>"
	    "<th scope=\"col\">Game</th><th scope=\"col\">Kind</th>"
	    "<th scope=\"col\">Players</th><th scope=\"col\">Tournament</th>"
	    "<th scope=\"col\">State</th><th scope=\"col\">Result</th>"
	    "<th scope=\"col\">Started</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < site->ngames; i++)
		archive_index_row(&out, site, &site->games[i]);
	buf_adds(&out, "</tbody>\n</table>\n");
	archive_index_lists(&out, site);
	buf_adds(&out, "</main>\n");
	archive_html_foot(&out, "", "archive.js");
	rc = archive_file_write(site, "index.html", &out, cause);
	buf_free(&out);
	return (rc);
}
