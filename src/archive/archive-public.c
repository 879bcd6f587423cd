#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"
#include "record.h"
#include "xmalloc.h"

/*
 * What the site may show of what the service wrote for mail: no
 * address.  The service names players in results ("white (Alice
 * <alice@example.org>) wins on time") and topics by name and address,
 * or by address alone, and its records seat them by address and note
 * the operator's changes of address.  So in a text each seat's
 * " <address>" goes, a bare address becomes the player's name on the
 * site, and any other address (a word a@b.c) becomes "someone".  A
 * published record seats players as P7 (a record's seat names have no
 * spaces) and leaves out its comment lines.
 */

static void	archive_public_cut(struct buf *, const char *, const char *);
static int	archive_public_address(const char *, size_t);

/* Replace every what in b by with. */
static void
archive_public_cut(struct buf *b, const char *what, const char *with)
{
	struct buf	 out;
	const char	*p, *q;
	size_t		 n = strlen(what);

	if (n == 0 || b->len == 0 || strstr(b->data, what) == NULL)
		return;
	buf_init(&out);
	buf_adds(&out, "");
	for (p = b->data; (q = strstr(p, what)) != NULL; p = q + n) {
		buf_add(&out, p, (size_t)(q - p));
		buf_adds(&out, with);
	}
	buf_adds(&out, p);
	buf_reset(b);
	buf_adds(b, out.data);
	buf_free(&out);
}

/* Whether the word of len bytes at w is an address: a@b.c, not @0,0. */
static int
archive_public_address(const char *w, size_t len)
{
	const char	*at = memchr(w, '@', len);

	return (at != NULL && at > w && memchr(at, '.', len -
	    (size_t)(at - w)) != NULL);
}

/* Text (or NULL) from the store, as the site may show it; NULL for NULL. */
char *
archive_public_text(const struct archive_site *site,
    const struct archive_game *g, const char *text)
{
	struct buf	 b, out;
	const char	*addr, *p, *q;
	char		*angled;
	size_t		 i;

	if (text == NULL)
		return (NULL);
	if (strchr(text, '@') == NULL)
		return (xstrdup(text));
	buf_init(&b);
	buf_adds(&b, text);
	for (i = 0; i < g->nseats; i++) {
		if ((addr = g->seats[i].player.address) == NULL)
			continue;
		xasprintf(&angled, " <%s>", addr);
		archive_public_cut(&b, angled, "");
		archive_public_cut(&b, angled + 1, "");
		free(angled);
		archive_public_cut(&b, addr, archive_name(site,
		    g->seats[i].player.id));
	}
	/* Any other address: a word with an @ in it. */
	buf_init(&out);
	buf_adds(&out, "");
	for (p = b.data; *p != '\0'; p = q) {
		for (q = p; *q != '\0' && !isspace((unsigned char)*q) &&
		    strchr("<>()[],;\"'", *q) == NULL; q++)
			;
		if (q == p) {
			buf_addc(&out, *q++);
			continue;
		}
		if (archive_public_address(p, (size_t)(q - p)))
			buf_adds(&out, "someone");
		else
			buf_add(&out, p, (size_t)(q - p));
	}
	buf_free(&b);
	return (buf_steal(&out));
}

/*
 * How g ended, from its seats' final ranks, when the store keeps no
 * words for it (only the operator's decisions and the clock's do): "Ann
 * wins", "Ann wins; Bob resigned", "a draw between Ann and Bob", "Ann
 * wins; then Bob, Cid".  NULL if g is not over or has no ranks.
 */
char *
archive_public_outcome(const struct archive_site *site,
    const struct archive_game *g)
{
	struct buf		 b;
	const struct store_seat	*s;
	size_t			 i, nfirst = 0, nranked = 0, k;
	int			 rank;

	if (strcmp(g->row.status, "over") != 0)
		return (NULL);
	for (i = 0; i < g->nseats; i++) {
		if (g->seats[i].rank > 0)
			nranked++;
		if (g->seats[i].rank == 1)
			nfirst++;
	}
	if (nranked != g->nseats || nfirst == 0)
		return (NULL);
	buf_init(&b);
	buf_adds(&b, nfirst > 1 ? "a draw between " : "");
	for (i = 0, k = 0; i < g->nseats; i++) {
		if (g->seats[i].rank != 1)
			continue;
		if (k++ > 0)
			buf_adds(&b, k == nfirst ? " and " : ", ");
		buf_adds(&b, archive_name(site, g->seats[i].player.id));
	}
	if (nfirst == 1)
		buf_adds(&b, " wins");
	/* Then the others, best first, when there are more than two. */
	for (rank = 2, k = 0; g->nseats > 2 && rank <= (int)g->nseats;
	    rank++) {
		for (i = 0; i < g->nseats; i++) {
			if (g->seats[i].rank != rank)
				continue;
			buf_adds(&b, k++ == 0 ? "; then " : ", ");
			buf_adds(&b, archive_name(site,
			    g->seats[i].player.id));
		}
	}
	for (i = 0, k = 0; i < g->nseats; i++) {
		s = &g->seats[i];
		if (strcmp(s->state, "resigned") != 0 || s->rank == 1)
			continue;
		buf_adds(&b, k++ == 0 ? "; " : ", ");
		buf_adds(&b, archive_name(site, s->player.id));
	}
	if (k > 0)
		buf_adds(&b, " resigned");
	return (buf_steal(&b));
}

/* Write record r of g as published: seats as P7, no comment lines. */
void
archive_public_record(const struct archive_game *g, struct record *r,
    struct buf *out)
{
	size_t	i, j;
	char	*name;

	for (i = 0; i < r->nseats; i++) {
		for (j = 0; j < g->nseats; j++) {
			if (g->seats[j].seat == (int)i)
				break;
		}
		if (j < g->nseats && g->seats[j].player.id > 0)
			xasprintf(&name, "P%lld", g->seats[j].player.id);
		else
			name = xstrdup("nobody");
		free(r->seats[i].player);
		r->seats[i].player = name;
	}
	for (i = 0; i < r->nnotes; i++)
		free(r->notes[i].text);
	r->nnotes = 0;
	record_write(r, out);
}
