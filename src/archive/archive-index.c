#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"
#include "xmalloc.h"

/*
 * The index: the games in pages of ARCHIVE_PAGE (archive-list.c),
 * newest first, in a table, a row each carrying what the filters look
 * at (data-kind, data-players, data-tournament, data-state), and four
 * selects with labels above it offering what the page's games carry;
 * the viewer script hides the rows that do not match and says how many
 * are shown in #count.  Without the script every row shows.  The newest
 * page, index.html, then lists the kinds' pages, the ratings, the
 * players, tournaments and leagues.  A kind's pages (kinds/velox.html)
 * have the same table, without filters.
 */

static void	archive_index_select(struct buf *, const char *,
		    const char *, const char *);
static void	archive_index_words(struct buf *,
		    const struct archive_site *, const struct archive_list *,
		    size_t, int);
static void	archive_index_row(struct buf *, const struct archive_site *,
		    const char *, const struct archive_game *);
static void	archive_index_lists(struct buf *,
		    const struct archive_site *);
static void	archive_index_filters(struct buf *,
		    const struct archive_site *, const struct archive_list *,
		    size_t);
static void	archive_index_table(struct buf *,
		    const struct archive_site *, const char *,
		    const struct archive_list *, size_t);
static int	archive_index_page(struct archive_site *,
		    const struct archive_list *, size_t, char **);

static void
archive_index_select(struct buf *out, const char *id, const char *label,
    const char *all)
{
	buf_addf(out, "<label for=\"%s\">%s</label>\n<select id=\"%s\">"
	    "<option value=\"\">%s</option>", id, label, id, all);
}

/*
 * The distinct kinds (which 0) or states (1) of the games on page p of
 * l, as options.
 */
static void
archive_index_words(struct buf *out, const struct archive_site *site,
    const struct archive_list *l, size_t p, int which)
{
	const struct archive_game	 *g;
	const char			**seen, *w;
	size_t				  i, j, n = 0, first, count;

	archive_list_page(l, p, &first, &count);
	seen = xreallocarray(NULL, count + 1, sizeof *seen);
	for (i = first; i < first + count; i++) {
		g = &site->games[l->games[i]];
		w = which ? g->row.status : g->row.variant;
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

/* Game g's row, on a page root below the site's folder. */
static void
archive_index_row(struct buf *out, const struct archive_site *site,
    const char *root, const struct archive_game *g)
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
	archive_html_game(out, root, g->row.id);
	buf_adds(out, "</td><td>");
	archive_html_escape(out, g->row.variant);
	buf_adds(out, "</td><td>");
	archive_html_players(out, site, root, g);
	buf_adds(out, "</td><td>");
	for (i = 0; g->row.tournament > 0 && i < site->ntournaments; i++) {
		if (site->tournaments[i].id != g->row.tournament)
			continue;
		buf_addf(out, "<a href=\"%stournaments/T%lld.html\">",
		    root, g->row.tournament);
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

/* The kinds, ratings, players, tournaments, leagues: lists of links. */
static void
archive_index_lists(struct buf *out, const struct archive_site *site)
{
	size_t	i;

	buf_adds(out, "<h2>Games by kind</h2>\n<ul id=\"kinds\">\n");
	for (i = 0; i < site->nkinds; i++) {
		buf_addf(out, "<li><a href=\"%s.html\">", site->kinds[i].base);
		archive_html_escape(out, site->kinds[i].base +
		    (sizeof "kinds/" - 1));
		buf_addf(out, "</a> (%zu)</li>\n", site->kinds[i].n);
	}
	buf_adds(out, "</ul>\n");
	archive_ratings_links(out, site, "");
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

/* The four filters, offering what page p of l's games carry. */
static void
archive_index_filters(struct buf *out, const struct archive_site *site,
    const struct archive_list *l, size_t p)
{
	size_t	i;

	buf_adds(out, "<form id=\"filters\">\n");
	archive_index_select(out, "filter-kind", "Game", "All games");
	archive_index_words(out, site, l, p, 0);
	buf_adds(out, "</select>\n");
	archive_index_select(out, "filter-player", "Player", "All players");
	for (i = 0; i < site->nplayers; i++) {
		buf_addf(out, "<option value=\"%lld\">", site->players[i].id);
		archive_html_escape(out, site->players[i].name);
		buf_adds(out, "</option>");
	}
	buf_adds(out, "</select>\n");
	archive_index_select(out, "filter-tournament", "Tournament",
	    "All tournaments");
	for (i = 0; i < site->ntournaments; i++) {
		buf_addf(out, "<option value=\"%lld\">",
		    site->tournaments[i].id);
		archive_html_escape(out, site->tournaments[i].name);
		buf_adds(out, "</option>");
	}
	buf_adds(out, "</select>\n");
	archive_index_select(out, "filter-state", "State", "All states");
	archive_index_words(out, site, l, p, 1);
	buf_adds(out, "</select>\n</form>\n");
}

/* Page p of l as a table, newest first, the page's links above it. */
static void
archive_index_table(struct buf *out, const struct archive_site *site,
    const char *root, const struct archive_list *l, size_t p)
{
	size_t	first, n, i;

	archive_list_page(l, p, &first, &n);
	archive_list_nav(out, l, p, 0);
	buf_adds(out, "<div class=\"wide\">\n<table id=\"games\">\n"
	    "<thead><tr>"
	    "<th scope=\"col\">Game</th><th scope=\"col\">Kind</th>"
	    "<th scope=\"col\">Players</th><th scope=\"col\">Tournament</th>"
	    "<th scope=\"col\">State</th><th scope=\"col\">Result</th>"
	    "<th scope=\"col\">Started</th></tr></thead>\n<tbody>\n");
	for (i = first + n; i > first; i--)
		archive_index_row(out, site, root,
		    &site->games[l->games[i - 1]]);
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
	if (n > 20)
		archive_list_nav(out, l, p, 1);
}

/* Page p of the index. */
static int
archive_index_page(struct archive_site *site, const struct archive_list *l,
    size_t p, char **cause)
{
	struct buf	 out;
	char		*path;
	size_t		 first, n;
	int		 rc;

	path = archive_list_path(l, p);
	archive_list_page(l, p, &first, &n);
	buf_init(&out);
	archive_html_head(&out, site, path, "Games", NULL);
	buf_adds(&out, "<main id=\"index\">\n<h1>Games</h1>\n");
	archive_index_filters(&out, site, l, p);
	buf_addf(&out, "<p><span id=\"count\" aria-live=\"polite\">"
	    "%zu game%s</span></p>\n", n, n == 1 ? "" : "s");
	archive_index_table(&out, site, "", l, p);
	if (p + 1 == l->npages)
		archive_index_lists(&out, site);
	buf_adds(&out, "</main>\n");
	archive_html_foot(&out, "", "archive.js");
	rc = archive_file_write(site, path, &out, cause);
	buf_free(&out);
	free(path);
	return (rc);
}

/* Write the index's pages that are marked. */
int
archive_index_write(struct archive_site *site, char **cause)
{
	size_t	p;

	for (p = 0; p < site->index.npages; p++) {
		if (site->index.write[p] &&
		    archive_index_page(site, &site->index, p, cause) == -1)
			return (-1);
	}
	return (0);
}

/* Write the marked pages of a kind's list l ("kinds/velox"). */
int
archive_index_kind(struct archive_site *site, struct archive_list *l,
    char **cause)
{
	struct buf	 out, title;
	const char	*rk;
	char		*path;
	size_t		 p;
	int		 rc = 0;

	buf_init(&out);
	buf_init(&title);
	buf_adds(&title, l->base + (sizeof "kinds/" - 1));
	buf_adds(&title, " games");
	for (p = 0; p < l->npages && rc == 0; p++) {
		if (!l->write[p])
			continue;
		path = archive_list_path(l, p);
		buf_reset(&out);
		archive_html_head(&out, site, path, title.data, NULL);
		buf_adds(&out, "<main id=\"kind\" data-kind=\"");
		archive_html_escape(&out, l->base + (sizeof "kinds/" - 1));
		buf_adds(&out, "\">\n<h1>");
		archive_html_escape(&out, title.data);
		buf_adds(&out, "</h1>\n");
		/* Only the newest page says what changes with every game. */
		if (p + 1 == l->npages)
			buf_addf(&out, "<p>%zu game%s in all.</p>\n", l->n,
			    l->n == 1 ? "" : "s");
		if ((rk = archive_ratings_kind(l->base +
		    (sizeof "kinds/" - 1))) != NULL)
			buf_addf(&out, "<p><a href=\"../ratings/%s.html\">"
			    "The ratings</a>.</p>\n", rk);
		archive_index_table(&out, site, "../", l, p);
		buf_adds(&out, "</main>\n");
		archive_html_foot(&out, "../", NULL);
		rc = archive_file_write(site, path, &out, cause);
		free(path);
	}
	buf_free(&out);
	buf_free(&title);
	return (rc);
}
