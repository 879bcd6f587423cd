#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "archive-private.h"
#include "buf.h"
#include "picture-svg.h"
#include "text.h"

/*
 * The HTML every page shares.  Everything that comes from a player (a
 * name, a tournament's name, a move's report) goes through
 * archive_html_escape(), which is safe in text and in a quoted
 * attribute alike: & < > " ' all become references.  Links are
 * relative (root is "" for the index, "../" below it), so the site
 * works from files as well as from a server.
 */

void
archive_html_escape(struct buf *out, const char *s)
{
	text_escape_markup(out, s);
}

/*
 * The start of the page at path ("games/G12.html"): its title, the
 * style sheet (from root, the way up to the site's folder), the page's
 * own style if style is not NULL and, if the site has an address, the
 * page's own.
 */
void
archive_html_head(struct buf *out, const struct archive_site *site,
    const char *path, const char *title, const struct buf *style)
{
	const char	*url = site->config->url, *root;

	root = strchr(path, '/') != NULL ? "../" : "";
	buf_adds(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n<title>");
	archive_html_escape(out, title);
	buf_adds(out, "</title>\n");
	if (url != NULL && *url != '\0') {
		buf_adds(out, "<link rel=\"canonical\" href=\"");
		archive_html_escape(out, url);
		if (url[strlen(url) - 1] != '/')
			buf_addc(out, '/');
		archive_html_escape(out, path);
		buf_adds(out, "\">\n");
	}
	buf_addf(out, "<link rel=\"stylesheet\" "
	    "href=\"%sassets/archive.css\">\n", root);
	if (style != NULL && style->len > 0) {
		buf_adds(out, "<style>");
		buf_add(out, style->data, style->len);
		buf_adds(out, "</style>\n");
	}
	buf_addf(out, "</head>\n<body>\n<nav id=\"site\" "
	    "aria-label=\"Site\"><a href=\"%sindex.html\">All games</a> "
	    "<a href=\"%sindex.html#ratings\">Ratings</a></nav>\n", root,
	    root);
}

/* The page's end, with the viewer if script is not NULL. */
void
archive_html_foot(struct buf *out, const char *root, const char *script)
{
	if (script != NULL)
		buf_addf(out, "<script src=\"%sassets/%s\"></script>\n", root,
		    script);
	buf_adds(out, "</body>\n</html>\n");
}

/* A link to player id's page, by name. */
void
archive_html_player(struct buf *out, const struct archive_site *site,
    const char *root, long long id)
{
	/* One with no game has no page: an entrant who only had byes. */
	if (archive_player_find(site, id) == NULL) {
		buf_addf(out, "P%lld", id);
		return;
	}
	buf_addf(out, "<a href=\"%splayers/P%lld.html\">", root, id);
	archive_html_escape(out, archive_name(site, id));
	buf_adds(out, "</a>");
}

/* Links to the players of g, by seat, with commas. */
void
archive_html_players(struct buf *out, const struct archive_site *site,
    const char *root, const struct archive_game *g)
{
	size_t	i;

	for (i = 0; i < g->nseats; i++) {
		if (i > 0)
			buf_adds(out, ", ");
		if (g->seats[i].player.id > 0)
			archive_html_player(out, site, root,
			    g->seats[i].player.id);
		else
			buf_adds(out, "nobody");
	}
}

/* A link to game id's page. */
void
archive_html_game(struct buf *out, const char *root, long long id)
{
	buf_addf(out, "<a href=\"%sgames/G%lld.html\">G%lld</a>", root, id,
	    id);
}

/* t as "2026-11-20 12:06 UTC", in a <time>. */
void
archive_html_time(struct buf *out, long long t)
{
	time_t		tt = (time_t)t;
	struct tm	tm;
	char		s[32], iso[32];

	if (t <= 0) {
		buf_adds(out, "-");
		return;
	}
	gmtime_r(&tt, &tm);
	strftime(s, sizeof s, "%Y-%m-%d %H:%M UTC", &tm);
	strftime(iso, sizeof iso, "%Y-%m-%dT%H:%MZ", &tm);
	buf_addf(out, "<time datetime=\"%s\">%s</time>", iso, s);
}

/* How game g ended, in words, or its state. */
void
archive_html_result(struct buf *out, const struct archive_game *g)
{
	if (g->result != NULL)
		archive_html_escape(out, g->result);
	else
		archive_html_escape(out, g->row.status);
}

/* Points as "3½", "2", or "2.33" when finer than halves. */
void
archive_html_score(struct buf *out, double points)
{
	double	halves = points * 2;
	long	h = lround(halves);

	if (fabs(halves - (double)h) < 1e-9) {
		if (h % 2 == 0)
			buf_addf(out, "%ld", h / 2);
		else if (h == 1)
			buf_adds(out, "½");
		else
			buf_addf(out, "%ld½", h / 2);
	} else
		buf_addf(out, "%.2f", points);
}
