#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"
#include "store.h"
#include "xmalloc.h"

/*
 * The ratings pages: ratings/velox.html, levis.html, classic.html and
 * mur.html, one a kind of game, each a table of the players with a
 * rating in it, best first, with their RD and rated games
 * (docs/ratings.md).  Classic Mu has a rating a number of players
 * (classic2 to classic6), so its page has a table for each that anyone
 * holds.  The figures are the store's ratings table, as the mail's
 * ratings command gives them.  A page is written again when a game of
 * its kind changed someone's rating.
 */

static const char *archive_ratings_kinds[] = {
	"velox", "levis", "classic", "mur", NULL
};

static int	archive_ratings_cmp(const void *, const void *);
static void	archive_ratings_table(struct buf *,
		    const struct archive_site *, const struct store_rating *,
		    size_t);
static int	archive_ratings_page(struct archive_site *,
		    const struct archive_ratings *, char **);

/* By kind, best first: the rating, then the surer (RD), then by id. */
static int
archive_ratings_cmp(const void *a, const void *b)
{
	const struct store_rating	*x = a, *y = b;
	int				 c;

	if ((c = strcmp(x->kind, y->kind)) != 0)
		return (c);
	if (x->rating != y->rating)
		return (x->rating > y->rating ? -1 : 1);
	if (x->rd != y->rd)
		return (x->rd < y->rd ? -1 : 1);
	return (x->player.id < y->player.id ? -1 :
	    x->player.id > y->player.id);
}

/* The ratings page of a game kind or rating kind ("classic3"), or NULL. */
const char *
archive_ratings_kind(const char *kind)
{
	size_t	i, len;

	for (i = 0; archive_ratings_kinds[i] != NULL; i++) {
		len = strlen(archive_ratings_kinds[i]);
		if (strncmp(kind, archive_ratings_kinds[i], len) == 0 &&
		    strspn(kind + len, "0123456789") == strlen(kind + len))
			return (archive_ratings_kinds[i]);
	}
	return (NULL);
}

/* Every rating of every kind, by page. */
int
archive_ratings_load(struct archive_site *site, char **cause)
{
	struct archive_ratings	*r;
	struct store_rating	*v;
	char			 kind[32];
	size_t			 i, n, k;
	int			 players;

	for (i = 0; archive_ratings_kinds[i] != NULL; i++)
		;
	site->ratings = xcalloc(i, sizeof *site->ratings);
	site->nratings = i;
	for (i = 0; i < site->nratings; i++) {
		r = &site->ratings[i];
		r->kind = archive_ratings_kinds[i];
		for (players = 1; players <= 6; players++) {
			if (strcmp(r->kind, "classic") != 0 && players > 1)
				break;
			if (strcmp(r->kind, "classic") == 0 && players == 1)
				continue;
			if (strcmp(r->kind, "classic") == 0)
				snprintf(kind, sizeof kind, "classic%d",
				    players);
			else
				snprintf(kind, sizeof kind, "%s", r->kind);
			if (store_ratings(site->store, kind, &v, &n,
			    cause) == -1)
				return (-1);
			r->rows = xreallocarray(r->rows, r->nrows + n + 1,
			    sizeof *r->rows);
			for (k = 0; k < n; k++)
				r->rows[r->nrows++] = v[k];
			free(v);
		}
		if (r->nrows > 1)
			qsort(r->rows, r->nrows, sizeof *r->rows,
			    archive_ratings_cmp);
	}
	return (0);
}

void
archive_ratings_free(struct archive_site *site)
{
	size_t	i;

	for (i = 0; i < site->nratings; i++)
		store_ratings_free(site->ratings[i].rows,
		    site->ratings[i].nrows);
	free(site->ratings);
}

/* Mark the ratings page of g's kind if g changed a rating. */
void
archive_ratings_mark(struct archive_site *site, const struct archive_game *g)
{
	const struct archive_player	*p;
	const char			*kind;
	size_t				 i, j, k;

	if ((kind = archive_ratings_kind(g->row.variant)) == NULL)
		return;
	for (i = 0; i < g->nseats; i++) {
		if ((p = archive_player_find(site,
		    g->seats[i].player.id)) == NULL)
			continue;
		for (j = 0; j < p->nhistory; j++) {
			if (p->history[j].game != g->row.id)
				continue;
			for (k = 0; k < site->nratings; k++) {
				if (strcmp(site->ratings[k].kind, kind) == 0)
					site->ratings[k].write = 1;
			}
			return;
		}
	}
}

/* The links to the ratings pages, from a page root below the site's. */
void
archive_ratings_links(struct buf *out, const struct archive_site *site,
    const char *root)
{
	size_t	i;

	buf_adds(out, "<h2 id=\"ratings\">Ratings</h2>\n<ul "
	    "id=\"ratings-list\">\n");
	for (i = 0; i < site->nratings; i++) {
		buf_addf(out, "<li><a href=\"%sratings/%s.html\">%s</a></li>\n",
		    root, site->ratings[i].kind, site->ratings[i].kind);
	}
	buf_adds(out, "</ul>\n");
}

/* A table of the n ratings of one rating kind, best first. */
static void
archive_ratings_table(struct buf *out, const struct archive_site *site,
    const struct store_rating *rows, size_t n)
{
	size_t	i;

	buf_adds(out, "<div class=\"wide\">\n<table id=\"ratings-");
	archive_html_escape(out, rows[0].kind);
	buf_adds(out, "\" class=\"ratings\">\n<caption>");
	archive_html_escape(out, rows[0].kind);
	buf_addf(out, ": %zu player%s</caption>\n<thead><tr>"
	    "<th scope=\"col\">Place</th><th scope=\"col\">Player</th>"
	    "<th scope=\"col\">Rating</th><th scope=\"col\">"
	    "<abbr title=\"rating deviation\">RD</abbr></th>"
	    "<th scope=\"col\">Rated games</th><th scope=\"col\">Last "
	    "played</th></tr></thead>\n<tbody>\n", n, n == 1 ? "" : "s");
	for (i = 0; i < n; i++) {
		buf_addf(out, "<tr data-player=\"%lld\"><td>%zu</td><td>",
		    rows[i].player.id, i + 1);
		archive_html_player(out, site, "../", rows[i].player.id);
		buf_addf(out, "</td><td class=\"rating\">%.0f</td>"
		    "<td>%.0f</td><td class=\"games\">%d</td><td>",
		    rows[i].rating, rows[i].rd, rows[i].games);
		archive_html_time(out, rows[i].updated);
		buf_adds(out, "</td></tr>\n");
	}
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
}

/* The ratings page of r. */
static int
archive_ratings_page(struct archive_site *site,
    const struct archive_ratings *r, char **cause)
{
	struct buf	 out, title;
	char		 path[64];
	size_t		 i, j;
	int		 rc;

	buf_init(&out);
	buf_init(&title);
	buf_addf(&title, "Ratings in %s", r->kind);
	snprintf(path, sizeof path, "ratings/%s.html", r->kind);
	archive_html_head(&out, site, path, title.data, NULL);
	buf_addf(&out, "<main id=\"ratings\" data-kind=\"%s\">\n<h1>%s</h1>\n"
	    "<p>Players by rating; each kind of game has its own. Other "
	    "kinds:", r->kind, title.data);
	for (i = 0; i < site->nratings; i++) {
		if (&site->ratings[i] != r)
			buf_addf(&out, " <a href=\"%s.html\">%s</a>",
			    site->ratings[i].kind, site->ratings[i].kind);
	}
	buf_adds(&out, ".");
	for (i = 0; i < site->nkinds; i++) {
		if (strcmp(site->kinds[i].base + (sizeof "kinds/" - 1),
		    r->kind) == 0)
			buf_addf(&out, " <a href=\"../kinds/%s.html\">The "
			    "games</a>.", r->kind);
	}
	buf_adds(&out, "</p>\n");
	if (r->nrows == 0)
		buf_addf(&out, "<p id=\"unrated\">No one has a rating in %s "
		    "yet: no rated game of it has ended.</p>\n", r->kind);
	for (i = 0; i < r->nrows; i = j) {
		for (j = i + 1; j < r->nrows &&
		    strcmp(r->rows[j].kind, r->rows[i].kind) == 0; j++)
			;
		archive_ratings_table(&out, site, r->rows + i, j - i);
	}
	buf_adds(&out, "</main>\n");
	archive_html_foot(&out, "../", NULL);
	rc = archive_file_write(site, path, &out, cause);
	buf_free(&out);
	buf_free(&title);
	return (rc);
}

/* Write the ratings pages that are marked. */
int
archive_ratings_write(struct archive_site *site, char **cause)
{
	size_t	i;

	for (i = 0; i < site->nratings; i++) {
		if (site->ratings[i].write &&
		    archive_ratings_page(site, &site->ratings[i], cause) == -1)
			return (-1);
	}
	return (0);
}
