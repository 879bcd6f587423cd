#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"
#include "xmalloc.h"

/*
 * A player's page: their statistics by kind of game (#stats), their
 * ratings now, with links to each kind's ratings page, their rating
 * history as a plot (#rating-plot, one line a kind, with a table of
 * the same figures for those who cannot see it), or words saying they
 * have no rating yet, and their games, newest first, in pages of
 * ARCHIVE_PAGE (archive-list.c): P7.html holds the newest, P7-1.html
 * the oldest.  A finished game is won by a sole first place, drawn by
 * a shared one, and lost otherwise, as the mail's stats command counts.
 */

#define ARCHIVE_PLAYER_W	600
#define ARCHIVE_PLAYER_H	240
#define ARCHIVE_PLAYER_PAD	44
#define ARCHIVE_PLAYER_KINDS	16

struct archive_player_stats {
	const char	*kind;
	int		 played, won, lost, drawn;
};

static void	archive_player_count(struct archive_player_stats *, int);
static void	archive_player_stats(struct buf *,
		    const struct archive_site *, const struct archive_player *);
static void	archive_player_plot(struct buf *,
		    const struct archive_player *);
static void	archive_player_games(struct buf *,
		    const struct archive_site *, const struct archive_player *,
		    size_t);
static void	archive_player_ratings(struct buf *,
		    const struct archive_site *, const struct archive_player *);
static int	archive_player_page(struct archive_site *,
		    struct archive_player *, size_t, char **);

/*
 * How player's seat (index i) did in g: *done 1 if the game has
 * ranks, and *how 1 won, 0 drawn, -1 lost.
 */
void
archive_player_outcome(const struct archive_game *g, int i, int *done,
    int *how)
{
	size_t	j;
	int	firsts = 0;

	*done = g->seats[i].rank > 0;
	*how = -1;
	if (!*done)
		return;
	for (j = 0; j < g->nseats; j++) {
		if (g->seats[j].rank == 1)
			firsts++;
	}
	if (g->seats[i].rank == 1)
		*how = firsts == 1 ? 1 : 0;
}

static void
archive_player_count(struct archive_player_stats *t, int how)
{
	t->played++;
	if (how == 1)
		t->won++;
	else if (how == 0)
		t->drawn++;
	else
		t->lost++;
}

static void
archive_player_stats(struct buf *out, const struct archive_site *site,
    const struct archive_player *p)
{
	struct archive_player_stats	 v[ARCHIVE_PLAYER_KINDS + 1];
	const struct archive_game	*g;
	size_t				 i, j, n = 1, k;
	int				 done, how;

	memset(v, 0, sizeof v);
	v[0].kind = "all";
	for (i = 0; i < site->ngames; i++) {
		g = &site->games[i];
		for (j = 0; j < g->nseats; j++) {
			if (g->seats[j].player.id != p->id)
				continue;
			archive_player_outcome(g, (int)j, &done, &how);
			if (!done)
				break;
			for (k = 1; k < n && strcmp(v[k].kind,
			    g->row.variant) != 0; k++)
				;
			if (k == n && n <= ARCHIVE_PLAYER_KINDS)
				v[n++].kind = g->row.variant;
			archive_player_count(&v[0], how);
			if (k < n)
				archive_player_count(&v[k], how);
			break;
		}
	}
	buf_adds(out, "<div class=\"wide\">\n<table id=\"stats\">\n"
	    "<caption>Finished games"
	    "</caption>\n<thead><tr><th scope=\"col\">Kind</th>"
	    "<th scope=\"col\">Played</th><th scope=\"col\">Won</th>"
	    "<th scope=\"col\">Lost</th><th scope=\"col\">Drawn</th></tr>"
	    "</thead>\n<tbody>\n");
	for (k = 0; k < n; k++) {
		buf_addf(out, "<tr data-kind=\"");
		archive_html_escape(out, v[k].kind);
		buf_adds(out, "\"><th scope=\"row\">");
		archive_html_escape(out, v[k].kind);
		buf_addf(out, "</th><td class=\"played\">%d</td>"
		    "<td class=\"won\">%d</td><td class=\"lost\">%d</td>"
		    "<td class=\"drawn\">%d</td></tr>\n", v[k].played,
		    v[k].won, v[k].lost, v[k].drawn);
	}
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
}

/* The rating history as a plot, a line a kind, and as a table. */
static void
archive_player_plot(struct buf *out, const struct archive_player *p)
{
	const struct store_rating_change	*c;
	double					 lo = 1e9, hi = -1e9;
	double					 x, y, pad;
	size_t					 i, j, n = p->nhistory;
	const char				*kinds[ARCHIVE_PLAYER_KINDS];
	size_t					 nkinds = 0;

	for (i = 0; i < n; i++) {
		c = &p->history[i];
		if (c->rating < lo)
			lo = c->rating;
		if (c->rating > hi)
			hi = c->rating;
		if (c->before < lo)
			lo = c->before;
		if (c->before > hi)
			hi = c->before;
		for (j = 0; j < nkinds && strcmp(kinds[j], c->kind) != 0; j++)
			;
		if (j == nkinds && nkinds < ARCHIVE_PLAYER_KINDS)
			kinds[nkinds++] = c->kind;
	}
	if (n == 0)
		lo = hi = 1500;
	/* Room above and below, so that no dot sits on an axis. */
	if (hi - lo < 50) {
		lo -= 25;
		hi += 25;
	} else {
		pad = (hi - lo) / 10;
		lo -= pad;
		hi += pad;
	}
	buf_addf(out, "<h2>Rating</h2>\n<svg id=\"rating-plot\" "
	    "xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
	    "role=\"img\" aria-labelledby=\"rating-plot-title\">"
	    "<title id=\"rating-plot-title\">Rating after each rated game: "
	    "%zu games, from %.0f to %.0f</title>", ARCHIVE_PLAYER_W,
	    ARCHIVE_PLAYER_H, n, n > 0 ? p->history[0].before : 0.0,
	    n > 0 ? p->history[n - 1].rating : 0.0);
	buf_addf(out, "<g class=\"axes\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
	    "<text class=\"axis-label\" x=\"%d\" y=\"%d\">Rated games</text>"
	    "<text class=\"axis-label\" x=\"4\" y=\"14\">Rating</text>"
	    "<text x=\"4\" y=\"%d\">%.0f</text><text x=\"4\" y=\"%d\">%.0f"
	    "</text></g>", ARCHIVE_PLAYER_PAD, ARCHIVE_PLAYER_H - 24,
	    ARCHIVE_PLAYER_W - 8, ARCHIVE_PLAYER_H - 24, ARCHIVE_PLAYER_PAD,
	    8, ARCHIVE_PLAYER_PAD, ARCHIVE_PLAYER_H - 24,
	    ARCHIVE_PLAYER_W / 2, ARCHIVE_PLAYER_H - 6, 30, hi,
	    ARCHIVE_PLAYER_H - 28, lo);
	for (j = 0; j < nkinds; j++) {
		buf_addf(out, "<polyline class=\"kind-%zu\" data-kind=\"", j);
		archive_html_escape(out, kinds[j]);
		buf_adds(out, "\" points=\"");
		for (i = 0; i < n; i++) {
			c = &p->history[i];
			if (strcmp(c->kind, kinds[j]) != 0)
				continue;
			x = ARCHIVE_PLAYER_PAD + (ARCHIVE_PLAYER_W - 8 -
			    ARCHIVE_PLAYER_PAD) * (double)(i + 1) / (double)n;
			y = 8 + (ARCHIVE_PLAYER_H - 32) * (hi - c->rating) /
			    (hi - lo);
			buf_addf(out, "%.1f,%.1f ", x, y);
		}
		buf_adds(out, "\"/>");
	}
	/* A dot a game (a kind with one game has no line), and the kinds. */
	for (i = 0; i < n; i++) {
		c = &p->history[i];
		for (j = 0; j < nkinds && strcmp(kinds[j], c->kind) != 0; j++)
			;
		x = ARCHIVE_PLAYER_PAD + (ARCHIVE_PLAYER_W - 8 -
		    ARCHIVE_PLAYER_PAD) * (double)(i + 1) / (double)n;
		y = 8 + (ARCHIVE_PLAYER_H - 32) * (hi - c->rating) / (hi - lo);
		buf_addf(out, "<circle class=\"kind-%zu\" cx=\"%.1f\" "
		    "cy=\"%.1f\" r=\"3\"/>", j, x, y);
	}
	for (j = 0; j < nkinds; j++) {
		buf_addf(out, "<text class=\"kind-%zu\" x=\"%d\" y=\"%zu\">",
		    j, ARCHIVE_PLAYER_PAD + 8, 20 + 14 * j);
		archive_html_escape(out, kinds[j]);
		buf_adds(out, "</text>");
	}
	buf_adds(out, "</svg>\n<details><summary>Rating as a table</summary>"
	    "\n<div class=\"wide\">\n<table id=\"rating-table\">\n"
	    "<thead><tr><th scope=\"col\">"
	    "Game</th><th scope=\"col\">Kind</th><th scope=\"col\">Before"
	    "</th><th scope=\"col\">After</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < n; i++) {
		c = &p->history[i];
		buf_adds(out, "<tr><td>");
		archive_html_game(out, "../", c->game);
		buf_adds(out, "</td><td>");
		archive_html_escape(out, c->kind);
		buf_addf(out, "</td><td>%.0f</td><td>%.0f</td></tr>\n",
		    c->before, c->rating);
	}
	buf_adds(out, "</tbody>\n</table>\n</div>\n</details>\n");
}

/* Their rating now in each kind, or that they have none. */
static void
archive_player_ratings(struct buf *out, const struct archive_site *site,
    const struct archive_player *p)
{
	const struct store_rating	*r;
	const char			*page;
	size_t				 i, j, n = 0;

	for (i = 0; i < site->nratings; i++) {
		for (j = 0; j < site->ratings[i].nrows; j++) {
			r = &site->ratings[i].rows[j];
			if (r->player.id != p->id)
				continue;
			if (n++ == 0)
				buf_adds(out, "<h2>Rating</h2>\n<ul "
				    "id=\"ratings-now\">\n");
			page = site->ratings[i].kind;
			buf_adds(out, "<li data-kind=\"");
			archive_html_escape(out, r->kind);
			buf_adds(out, "\">");
			archive_html_escape(out, r->kind);
			buf_addf(out, ": %.0f (RD %.0f) after %d rated game%s, "
			    "<a href=\"../ratings/%s.html\">place %zu of "
			    "%zu</a></li>\n", r->rating, r->rd, r->games,
			    r->games == 1 ? "" : "s", page, j + 1,
			    site->ratings[i].nrows);
		}
	}
	if (n > 0)
		buf_adds(out, "</ul>\n");
}

/* Page pg of the player's games, newest first. */
static void
archive_player_games(struct buf *out, const struct archive_site *site,
    const struct archive_player *p, size_t pg)
{
	const struct archive_game	*g;
	size_t				 i, j, first, n;

	archive_list_page(&p->list, pg, &first, &n);
	buf_adds(out, "<h2 id=\"games\">Games</h2>\n");
	/* Only the newest page says what changes with every game. */
	if (pg + 1 == p->list.npages)
		buf_addf(out, "<p>%zu game%s in all.</p>\n", p->list.n,
		    p->list.n == 1 ? "" : "s");
	archive_list_nav(out, &p->list, pg, 0);
	buf_adds(out, "<div class=\"wide\">\n<table id=\"player-games\">\n"
	    "<thead><tr><th scope=\"col\">Game</th><th scope=\"col\">Kind"
	    "</th><th scope=\"col\">Players</th><th scope=\"col\">State"
	    "</th><th scope=\"col\">Place</th></tr></thead>\n<tbody>\n");
	for (i = first + n; i > first; i--) {
		g = &site->games[p->list.games[i - 1]];
		for (j = 0; j < g->nseats; j++) {
			if (g->seats[j].player.id == p->id)
				break;
		}
		if (j == g->nseats)
			continue;
		buf_addf(out, "<tr data-game=\"%lld\"><td>", g->row.id);
		archive_html_game(out, "../", g->row.id);
		buf_adds(out, "</td><td>");
		archive_html_escape(out, g->row.variant);
		buf_adds(out, "</td><td>");
		archive_html_players(out, site, "../", g);
		buf_adds(out, "</td><td>");
		archive_html_result(out, g);
		buf_adds(out, "</td><td>");
		if (g->seats[j].rank > 0)
			buf_addf(out, "%d", g->seats[j].rank);
		else
			buf_adds(out, "-");
		buf_adds(out, "</td></tr>\n");
	}
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
}

/* Page pg of player p: the newest with their statistics and rating. */
static int
archive_player_page(struct archive_site *site, struct archive_player *p,
    size_t pg, char **cause)
{
	struct buf	 out;
	char		*path;
	int		 rc;

	path = archive_list_path(&p->list, pg);
	buf_init(&out);
	archive_html_head(&out, site, path, p->name, NULL);
	buf_addf(&out, "<main id=\"player\" data-player=\"%lld\">\n<h1>",
	    p->id);
	archive_html_escape(&out, p->name);
	buf_adds(&out, "</h1>\n");
	if (pg + 1 == p->list.npages) {
		archive_player_stats(&out, site, p);
		archive_player_ratings(&out, site, p);
		if (p->nhistory > 0)
			archive_player_plot(&out, p);
		else
			buf_adds(&out, "<h2>Rating</h2>\n<p id=\"unrated\">"
			    "No rating yet: no rated game of theirs has "
			    "ended.</p>\n");
	} else
		buf_addf(&out, "<p><a href=\"P%lld.html\">Their statistics "
		    "and rating</a>.</p>\n", p->id);
	archive_player_games(&out, site, p, pg);
	buf_adds(&out, "</main>\n");
	archive_html_foot(&out, "../", NULL);
	rc = archive_file_write(site, path, &out, cause);
	buf_free(&out);
	free(path);
	return (rc);
}

/* Write the player's pages that are marked, and always the newest. */
int
archive_player_write(struct archive_site *site, struct archive_player *p,
    char **cause)
{
	size_t	pg;

	p->list.write[p->list.npages - 1] = 1;
	for (pg = 0; pg < p->list.npages; pg++) {
		if (p->list.write[pg] &&
		    archive_player_page(site, p, pg, cause) == -1)
			return (-1);
	}
	return (0);
}
