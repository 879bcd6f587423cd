#include "config.h"

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"
#include "xmalloc.h"

/*
 * A list of games in pages of ARCHIVE_PAGE: the index, a kind's games,
 * a player's games.  The pages are cut from the oldest game, so that a
 * page once full never changes again when games are added: page 1
 * (BASE-1.html) holds the oldest ARCHIVE_PAGE games, page 2 the next,
 * and the last page, the newest games (1 to ARCHIVE_PAGE of them), is
 * BASE.html.  Each page shows its games newest first.  A new game goes
 * on the last page; when it starts a new page, the page before becomes
 * BASE-K.html and the one before that gets a link to it, so those two
 * are written too.  A page's links are the newest, newer, older and
 * oldest pages, none of which change once the page is full.
 */

static size_t	archive_list_find(const struct archive_list *, size_t);

void
archive_list_init(struct archive_list *l, const char *base)
{
	memset(l, 0, sizeof *l);
	l->base = xstrdup(base);
}

void
archive_list_free(struct archive_list *l)
{
	free(l->base);
	free(l->games);
	free(l->write);
}

/* Add game index i (in site->games) to l: games come in oldest first. */
void
archive_list_add(struct archive_list *l, size_t i)
{
	if (l->n == l->size) {
		l->size = l->size == 0 ? 16 : l->size * 2;
		l->games = xreallocarray(l->games, l->size, sizeof *l->games);
	}
	l->games[l->n++] = i;
}

/* Count the pages, once every game is in: none are to be written. */
void
archive_list_done(struct archive_list *l)
{
	l->npages = (l->n + ARCHIVE_PAGE - 1) / ARCHIVE_PAGE;
	if (l->npages == 0)
		l->npages = 1;
	l->write = xcalloc(l->npages, sizeof *l->write);
}

void
archive_list_all(struct archive_list *l)
{
	size_t	i;

	for (i = 0; i < l->npages; i++)
		l->write[i] = 1;
}

/* The place of game index i in l; l->n if it is not there. */
static size_t
archive_list_find(const struct archive_list *l, size_t i)
{
	size_t	lo = 0, hi = l->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (l->games[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < l->n && l->games[lo] == i ? lo : l->n);
}

/*
 * Mark the page of game index i to be written, and with tail every
 * page after it: in a player's list a game can come in (a player who
 * takes an open seat) or go between older ones, moving every game after
 * it.  If the last page is new (the one before it has no file yet),
 * the two before it too.
 */
void
archive_list_mark(const struct archive_site *site, struct archive_list *l,
    size_t i, int tail)
{
	struct stat	 sb;
	char		*path;
	size_t		 at, p;

	if ((at = archive_list_find(l, i)) == l->n)
		return;
	for (p = at / ARCHIVE_PAGE; p < l->npages; p++) {
		l->write[p] = 1;
		if (!tail)
			break;
	}
	if (l->npages < 2)
		return;
	xasprintf(&path, "%s/%s-%zu.html", site->config->dir, l->base,
	    l->npages - 1);
	if (stat(path, &sb) == -1) {
		l->write[l->npages - 2] = 1;
		if (l->npages > 2)
			l->write[l->npages - 3] = 1;
	}
	free(path);
}

/* The file of page p (from 0, the oldest): "BASE-3.html", "BASE.html". */
char *
archive_list_path(const struct archive_list *l, size_t p)
{
	char	*path;

	if (p + 1 >= l->npages)
		xasprintf(&path, "%s.html", l->base);
	else
		xasprintf(&path, "%s-%zu.html", l->base, p + 1);
	return (path);
}

/* Page p's first game (in l->games) and how many it holds. */
void
archive_list_page(const struct archive_list *l, size_t p, size_t *first,
    size_t *n)
{
	*first = p * ARCHIVE_PAGE;
	*n = *first >= l->n ? 0 : l->n - *first;
	if (*n > ARCHIVE_PAGE)
		*n = ARCHIVE_PAGE;
}

/*
 * The links from page p to the newest, newer, older and oldest pages;
 * again (below the table) names the landmark apart from the first.
 */
void
archive_list_nav(struct buf *out, const struct archive_list *l, size_t p,
    int again)
{
	const char	*name;
	char		*path;
	size_t		 i, first, n;
	struct {
		const char	*rel, *text;
		size_t		 to;
		int		 ok;
	} link[4];

	if (l->npages < 2)
		return;
	link[0].text = "Newest";
	link[0].to = l->npages - 1;
	link[0].ok = p + 1 < l->npages;
	link[1].text = "Newer";
	link[1].to = p + 1;
	link[1].ok = p + 1 < l->npages;
	link[2].text = "Older";
	link[2].to = p - 1;
	link[2].ok = p > 0;
	link[3].text = "Oldest";
	link[3].to = 0;
	link[3].ok = p > 0;
	link[0].rel = link[3].rel = NULL;
	link[1].rel = "prev";
	link[2].rel = "next";
	archive_list_page(l, p, &first, &n);
	buf_addf(out, "<nav class=\"pages\" aria-label=\"%s\"><p>",
	    again ? "Pages, below the games" : "Pages");
	if (p + 1 < l->npages)
		buf_addf(out, "Page %zu: games %zu to %zu from the oldest, "
		    "newest first.", p + 1, first + 1, first + n);
	else
		buf_addf(out, "The newest games, newest first; %zu games "
		    "a page.", (size_t)ARCHIVE_PAGE);
	buf_adds(out, "</p><ul>");
	for (i = 0; i < 4; i++) {
		if (!link[i].ok)
			continue;
		path = archive_list_path(l, link[i].to);
		name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 :
		    path;
		buf_addf(out, "<li><a href=\"%s\"", name);
		if (link[i].rel != NULL)
			buf_addf(out, " rel=\"%s\"", link[i].rel);
		buf_addf(out, ">%s</a></li>", link[i].text);
		free(path);
	}
	buf_adds(out, "</ul></nav>\n");
}
