#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "archive-replay.h"
#include "buf.h"
#include "game.h"
#include "log.h"
#include "picture-palette.h"
#include "picture-svg.h"
#include "xmalloc.h"

/*
 * A game's files: games/G12.html, the page with its viewer; G12.json,
 * the game as data (docs/archive.md); and G12.rec, its record.
 *
 * The page holds the board as one SVG, the union of every shape the
 * game ever shows (archive-replay.c), drawn as the last position: the
 * shapes it does not show have display="none".  The steps' lists of
 * shown shapes, as changes from the step before, and the turns'
 * moves and reports are in a <script type="application/json">, which
 * the viewer (templates/archive/archive.js) reads to step through the
 * game; without it the page still shows the last position and every
 * move and report.
 *
 * Without the script (main#game carries class "nojs" until the script
 * takes it away), every step is still reachable by links: an empty
 * <span id="K"> a step stands before the viewer, and the links #K (the
 * moves, each step's Previous and Next, First and Last) make it the
 * :target.  The page's own style then shows step K: each shape lists
 * in data-flip the steps at which it is shown otherwise than at the
 * last (shown there and hidden at K, or the other way), so that a rule
 * a step turns those over; and a <div class="turn tK"> a step holds
 * its caption and links.  The lists cost a few bytes a shape that a
 * step changes, not a picture a step.
 */

static void	archive_game_players(struct buf *, struct archive_site *,
		    const struct archive_game *, const struct archive_replay *);
static const struct store_rating_change *archive_game_rating(
		    const struct archive_site *, long long, long long);
static void	archive_game_board(struct buf *, const struct archive_game *,
		    const struct archive_replay *, const struct buf *);
static void	archive_game_data(struct buf *,
		    const struct archive_replay *);
static void	archive_game_json(struct buf *, struct archive_site *,
		    const struct archive_game *, const struct archive_replay *,
		    const char *);
static void	archive_game_caption(struct buf *,
		    const struct archive_replay *, size_t);
static const char *archive_game_seat(const struct archive_replay *, int);
static struct buf *archive_game_flips(const struct archive_replay *);
static void	archive_game_style(struct buf *,
		    const struct archive_replay *);
static void	archive_game_turns(struct buf *,
		    const struct archive_replay *);
static void	archive_game_outcome(struct buf *, struct archive_site *,
		    const struct archive_game *, const struct archive_replay *);

/* The name of seat in the game (from its replay), or "seat". */
static const char *
archive_game_seat(const struct archive_replay *rp, int seat)
{
	if (rp->game != NULL && seat >= 0 &&
	    seat < rp->ops->players(rp->game))
		return (rp->ops->seat_name(rp->game, seat));
	return ("seat");
}

/* Player's change of rating by game, or NULL. */
static const struct store_rating_change *
archive_game_rating(const struct archive_site *site, long long player,
    long long game)
{
	const struct archive_player	*p;
	size_t				 i;

	if ((p = archive_player_find(site, player)) == NULL)
		return (NULL);
	for (i = 0; i < p->nhistory; i++) {
		if (p->history[i].game == game)
			return (&p->history[i]);
	}
	return (NULL);
}

/* The table of seats: colour, player, rating, place. */
static void
archive_game_players(struct buf *out, struct archive_site *site,
    const struct archive_game *g, const struct archive_replay *rp)
{
	const struct store_rating_change	*rc;
	const struct store_seat			*st;
	size_t					 i;

	buf_adds(out, "<div class=\"wide\">\n<table id=\"players\">\n"
	    "<caption>Players</caption>\n"
	    "<thead><tr><th scope=\"col\">Seat</th><th scope=\"col\">Player"
	    "</th><th scope=\"col\">Rating</th><th scope=\"col\">Place</th>"
	    "</tr></thead>\n<tbody>\n");
	for (i = 0; i < g->nseats; i++) {
		st = &g->seats[i];
		buf_addf(out, "<tr data-seat=\"");
		archive_html_escape(out, archive_game_seat(rp, st->seat));
		buf_adds(out, "\"><td><span class=\"swatch\" style=\""
		    "background:");
		if (rp->nseats > 0) {
			const double	*rgb;

			rgb = picture_palette_seat(&rp->start, st->seat);

			buf_addf(out, "#%02x%02x%02x", (int)(rgb[0] * 255 +
			    .5), (int)(rgb[1] * 255 + .5),
			    (int)(rgb[2] * 255 + .5));
		} else
			buf_adds(out, "#fff");
		buf_adds(out, "\"></span> ");
		archive_html_escape(out, archive_game_seat(rp, st->seat));
		buf_adds(out, "</td><td>");
		if (st->player.id > 0)
			archive_html_player(out, site, "../", st->player.id);
		else
			buf_adds(out, "nobody");
		buf_adds(out, "</td><td>");
		if ((rc = archive_game_rating(site, st->player.id,
		    g->row.id)) != NULL)
			buf_addf(out, "%.0f &rarr; %.0f", rc->before,
			    rc->rating);
		else
			buf_adds(out, "-");
		buf_adds(out, "</td><td>");
		if (st->rank > 0)
			buf_addf(out, "%d", st->rank);
		else
			buf_adds(out, "-");
		buf_adds(out, "</td></tr>\n");
	}
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
}

/* "Turn K of N: MOVE", or the start. */
static void
archive_game_caption(struct buf *out, const struct archive_replay *rp,
    size_t step)
{
	size_t	n = rp->nsteps - 1;

	if (step == 0)
		buf_addf(out, "The start, before turn 1 of %zu", n);
	else {
		buf_addf(out, "Turn %zu of %zu: ", step, n);
		archive_html_escape(out, rp->record.actions[step - 1].text);
	}
}

/*
 * The board as the last step shows it, the viewer's controls, and at
 * the last step the result and outcome.
 */
static void
archive_game_board(struct buf *out, const struct archive_game *g,
    const struct archive_replay *rp, const struct buf *outcome)
{
	struct buf	label, *flips;
	size_t		i, last = rp->nsteps - 1;
	char		*p;

	flips = archive_game_flips(rp);
	buf_init(&label);
	buf_addf(&label, "The board of G%lld, %s", g->row.id, rp->ops->title);
	/* The board, and beside it (below, on a narrow screen) the rest. */
	buf_adds(out, "<div id=\"viewer\">\n<div id=\"board\">");
	picture_svg_open(&rp->start, &rp->frame, label.data, rp->words, out);
	if (rp->mark != 0)
		picture_svg_marks(rp->mark, out);
	for (i = 0; i < rp->nitems; i++) {
		/* The index, then hidden unless the last step shows it. */
		p = strchr(rp->items[i].svg, ' ');
		buf_add(out, rp->items[i].svg, (size_t)(p - rp->items[i].svg));
		buf_adds(out, " data-i=\"");
		picture_svg_int(out, (long long)i);
		buf_addc(out, '"');
		if (!archive_replay_shown(rp, last, i))
			buf_adds(out, " display=\"none\"");
		if (flips[i].len > 0) {
			buf_adds(out, " data-flip=\"");
			buf_add(out, flips[i].data, flips[i].len);
			buf_addc(out, '"');
		}
		buf_free(&flips[i]);
		buf_adds(out, p);
	}
	free(flips);
	picture_svg_legend(&rp->start, &rp->frame, out);
	picture_svg_close(out);
	/* The buttons do nothing until the script enables them. */
	buf_adds(out, "</div>\n<div id=\"side\">\n<div id=\"controls\">"
	    "<button id=\"first\" type=\"button\" disabled>First</button> "
	    "<button id=\"prev\" type=\"button\" disabled>Previous</button> "
	    "<button id=\"next\" type=\"button\" disabled>Next</button> "
	    "<button id=\"last\" type=\"button\" disabled>Last</button>"
	    "</div>\n<p id=\"caption\" aria-live=\"polite\">");
	archive_game_caption(out, rp, last);
	buf_adds(out, "</p>\n<pre id=\"report\">");
	if (last > 0)
		archive_html_escape(out, rp->reports[last - 1]);
	buf_adds(out, "</pre>\n");
	if (g->result != NULL || outcome->len > 0) {
		buf_adds(out, "<p id=\"final\">The end: ");
		archive_html_result(out, g);
		buf_adds(out, ".");
		if (outcome->len > 0) {
			buf_addc(out, ' ');
			buf_add(out, outcome->data, outcome->len);
		}
		buf_adds(out, "</p>\n");
	}
	archive_game_turns(out, rp);
	buf_adds(out, "</div>\n</div>\n");
	buf_free(&label);
}

/*
 * For each item, the steps at which it is shown otherwise than at the
 * last step, as "3 4 7": each step's shown items against the last's.
 */
static struct buf *
archive_game_flips(const struct archive_replay *rp)
{
	struct buf	*flips;
	const size_t	*now, *end;
	size_t		 nnow, nend, i, j, k, it, last = rp->nsteps - 1;

	flips = xcalloc(rp->nitems + 1, sizeof *flips);
	for (i = 0; i < rp->nitems; i++)
		buf_init(&flips[i]);
	end = rp->shown[last];
	nend = rp->nshown[last];
	for (k = 0; k < last; k++) {
		now = rp->shown[k];
		nnow = rp->nshown[k];
		i = j = 0;
		while (i < nnow || j < nend) {
			if (j == nend || (i < nnow && now[i] < end[j]))
				it = now[i++];
			else if (i == nnow || end[j] < now[i])
				it = end[j++];
			else {
				i++;
				j++;
				continue;
			}
			if (flips[it].len > 0)
				buf_addc(&flips[it], ' ');
			picture_svg_int(&flips[it], (long long)k);
		}
	}
	return (flips);
}

/*
 * The page's own style, for a reader without the script: the step
 * that is the :target turns over the shapes that list it in data-flip
 * and shows its .turn, a rule a step.  A shape's --flip is the display
 * it does not have at the last step (archive.css); the last step shows
 * the result too.
 */
static void
archive_game_style(struct buf *out, const struct archive_replay *rp)
{
	size_t	k, last = rp->nsteps - 1;

	for (k = 0; k < last; k++)
		buf_addf(out, ".nojs>[id=\"%zu\"]:target~#viewer "
		    ":is([data-flip~=\"%zu\"],.t%zu){display:var(--flip)}\n",
		    k, k, k);
	buf_addf(out, ".nojs>[id=\"%zu\"]:target~#viewer :is(.last,#final)"
	    "{display:block}\n", last);
}

/*
 * Each step's caption and links to the steps beside it, for a reader
 * without the script; the links to the first and last are shared.
 */
static void
archive_game_turns(struct buf *out, const struct archive_replay *rp)
{
	size_t	k, last = rp->nsteps - 1;

	for (k = 0; k <= last; k++) {
		buf_addf(out, "<div class=\"turn t%zu%s\"><p>", k,
		    k == last ? " last" : "");
		archive_game_caption(out, rp, k);
		buf_adds(out, "</p>");
		if (k > 0)
			buf_addf(out, "<a href=\"#%zu\">Previous</a>", k - 1);
		if (k > 0 && k < last)
			buf_addc(out, ' ');
		if (k < last)
			buf_addf(out, "<a href=\"#%zu\">Next</a>", k + 1);
		buf_adds(out, "</div>\n");
	}
	buf_addf(out, "<p id=\"ends\"><a href=\"#0\">First</a> "
	    "<a href=\"#%zu\">Last</a></p>\n", last);
}

/*
 * Who won: "Winner: Ann (red)." or a draw, from the seats' ranks, and
 * the result as the game counts it ("Result: red wins 11-0.", as its
 * picture's title says it); without a replayed result, the score of
 * two (1 to 0) or the places of more.  Nothing for a game without
 * ranks.
 */
static void
archive_game_outcome(struct buf *out, struct archive_site *site,
    const struct archive_game *g, const struct archive_replay *rp)
{
	const struct store_seat	*st;
	size_t			 i, firsts = 0, n = 0;

	for (i = 0; i < g->nseats; i++) {
		if (g->seats[i].rank == 1)
			firsts++;
		if (g->seats[i].rank > 0)
			n++;
	}
	if (firsts == 0)
		return;
	buf_adds(out, firsts == 1 ? "Winner: " : "Drawn: ");
	for (i = 0, n = 0; i < g->nseats; i++) {
		st = &g->seats[i];
		if (st->rank != 1)
			continue;
		if (n++ > 0)
			buf_adds(out, " and ");
		archive_html_escape(out, st->player.id > 0 ?
		    archive_name(site, st->player.id) : "nobody");
		buf_adds(out, " (");
		archive_html_escape(out, archive_game_seat(rp, st->seat));
		buf_adds(out, ")");
	}
	if (rp->done && rp->result != NULL && rp->result[0] != '\0') {
		buf_adds(out, ". Result: ");
		archive_html_escape(out, rp->result);
		buf_adds(out, ".");
		return;
	}
	buf_adds(out, g->nseats == 2 ? ". Score: " : ". Places: ");
	for (i = 0; i < g->nseats; i++) {
		st = &g->seats[i];
		if (i > 0)
			buf_adds(out, g->nseats == 2 ? " to " : ", ");
		archive_html_escape(out, archive_game_seat(rp, st->seat));
		buf_addc(out, ' ');
		if (st->rank <= 0)
			buf_adds(out, "-");
		else if (g->nseats != 2)
			buf_addf(out, "%d", st->rank);
		else
			archive_html_score(out, firsts == 2 ? 0.5 :
			    st->rank == 1 ? 1 : 0);
	}
	buf_adds(out, ".");
}

/* The steps for the viewer: shapes shown, moves, seats, reports. */
static void
archive_game_data(struct buf *out, const struct archive_replay *rp)
{
	size_t	k;

	buf_adds(out, "<script type=\"application/json\" id=\"steps\">{");
	archive_json_key(out, "show");
	buf_addc(out, '[');
	for (k = 0; k < rp->nsteps; k++) {
		buf_adds(out, k > 0 ? ",\"" : "\"");
		archive_replay_delta(rp, k, out);
		buf_addc(out, '"');
	}
	buf_adds(out, "],");
	archive_json_key(out, "moves");
	buf_addc(out, '[');
	for (k = 0; k < rp->record.nactions; k++) {
		if (k > 0)
			buf_addc(out, ',');
		archive_json_string(out, rp->record.actions[k].text);
	}
	buf_adds(out, "],");
	archive_json_key(out, "reports");
	buf_addc(out, '[');
	for (k = 0; k < rp->record.nactions; k++) {
		if (k > 0)
			buf_addc(out, ',');
		archive_json_string(out, rp->reports[k]);
	}
	buf_adds(out, "]}</script>\n");
}

/* The game as JSON (docs/archive.md). */
static void
archive_game_json(struct buf *out, struct archive_site *site,
    const struct archive_game *g, const struct archive_replay *rp,
    const char *record)
{
	const struct store_rating_change	*rc;
	const struct store_seat			*st;
	const struct record_action		*a;
	size_t					 i;

	buf_addf(out, "{\"id\":%lld,", g->row.id);
	archive_json_key(out, "kind");
	archive_json_string(out, g->row.variant);
	buf_adds(out, ",\"title\":");
	archive_json_string(out, rp->ops != NULL ? rp->ops->title : "");
	buf_addf(out, ",\"settings\":{\"players\":%d,\"segments\":%d,"
	    "\"games\":%d},", rp->record.opts.players,
	    rp->record.opts.segments, rp->record.opts.games);
	buf_addf(out, "\"seed\":\"%llu\",", (unsigned long long)
	    rp->record.seed);
	archive_json_key(out, "state");
	archive_json_string(out, g->row.status);
	buf_adds(out, ",\"result\":");
	if (g->result != NULL)
		archive_json_string(out, g->result);
	else
		buf_adds(out, "null");
	buf_adds(out, ",\"ending\":");
	if (g->row.ending != NULL)
		archive_json_string(out, g->row.ending);
	else
		buf_adds(out, "null");
	buf_addf(out, ",\"rated\":%s,\"tournament\":", g->row.rated ?
	    "true" : "false");
	if (g->row.tournament > 0)
		buf_addf(out, "%lld", g->row.tournament);
	else
		buf_adds(out, "null");
	buf_addf(out, ",\"created\":%lld,\"updated\":%lld,\"ended\":",
	    g->row.created, g->row.updated);
	if (g->row.finished > 0)
		buf_addf(out, "%lld", g->row.finished);
	else
		buf_adds(out, "null");
	buf_adds(out, ",\"players\":[");
	for (i = 0; i < g->nseats; i++) {
		st = &g->seats[i];
		buf_addf(out, "%s{\"seat\":%d,\"colour\":", i > 0 ? "," : "",
		    st->seat);
		archive_json_string(out, archive_game_seat(rp, st->seat));
		buf_adds(out, ",\"id\":");
		if (st->player.id > 0) {
			buf_addf(out, "%lld,\"name\":", st->player.id);
			archive_json_string(out, archive_name(site,
			    st->player.id));
		} else
			buf_adds(out, "null,\"name\":null");
		buf_adds(out, ",\"state\":");
		archive_json_string(out, st->state);
		buf_adds(out, ",\"rank\":");
		if (st->rank > 0)
			buf_addf(out, "%d", st->rank);
		else
			buf_adds(out, "null");
		if ((rc = archive_game_rating(site, st->player.id,
		    g->row.id)) != NULL) {
			buf_adds(out, ",\"rating\":{\"kind\":");
			archive_json_string(out, rc->kind);
			buf_addf(out, ",\"before\":%.1f,\"after\":%.1f,"
			    "\"rd\":%.1f}", rc->before, rc->rating, rc->rd);
		} else
			buf_adds(out, ",\"rating\":null");
		buf_addc(out, '}');
	}
	buf_adds(out, "],\"record\":");
	archive_json_string(out, record);
	buf_adds(out, ",\"start\":");
	archive_json_string(out, rp->done ? rp->positions[0] : "");
	buf_adds(out, ",\"moves\":[");
	for (i = 0; rp->done && i < rp->record.nactions; i++) {
		a = &rp->record.actions[i];
		buf_addf(out, "%s{\"number\":%zu,\"seat\":", i > 0 ? "," : "",
		    i + 1);
		archive_json_string(out, a->seat);
		buf_adds(out, ",\"move\":");
		archive_json_string(out, a->text);
		buf_adds(out, ",\"report\":");
		archive_json_string(out, rp->reports[i]);
		buf_adds(out, ",\"position\":");
		archive_json_string(out, rp->positions[i + 1]);
		buf_addc(out, '}');
	}
	buf_adds(out, "]}\n");
}

/* Write game g's page, JSON and record. */
int
archive_game_write(struct archive_site *site, struct archive_game *g,
    char **cause)
{
	struct archive_replay	 rp;
	struct buf		 page, title, rec, style, outcome;
	char			*why = NULL, *said, path[64];
	size_t			 k, last;
	int			 ok, rc = -1;

	ok = archive_replay_run(g->row.record, &rp, &why) == 0;
	if (!ok)
		log_warnx("archive: G%lld: its record does not replay: %s",
		    g->row.id, why);
	buf_init(&page);
	buf_init(&title);
	buf_init(&rec);
	buf_init(&style);
	buf_init(&outcome);
	if (ok)
		archive_game_style(&style, &rp);
	archive_game_outcome(&outcome, site, g, &rp);
	buf_addf(&title, "G%lld: %s", g->row.id, g->topic != NULL ?
	    g->topic : rp.ops != NULL ? rp.ops->title : g->row.variant);
	snprintf(path, sizeof path, "games/G%lld.html", g->row.id);
	archive_html_head(&page, site, path, title.data, &style);
	last = ok ? rp.nsteps - 1 : 0;
	buf_addf(&page, "<main id=\"game\" class=\"nojs\" "
	    "data-game=\"%lld\" data-kind=\"", g->row.id);
	archive_html_escape(&page, g->row.variant);
	buf_addf(&page, "\" data-steps=\"%zu\" data-step=\"%zu\">\n<h1>",
	    last, last);
	archive_html_escape(&page, title.data);
	buf_adds(&page, "</h1>\n");
	archive_game_players(&page, site, g, &rp);
	buf_adds(&page, "<p id=\"result\">");
	archive_html_escape(&page, g->row.status);
	if (g->result != NULL) {
		buf_adds(&page, ": ");
		archive_html_escape(&page, g->result);
	}
	buf_adds(&page, ".</p>\n");
	if (outcome.len > 0) {
		buf_adds(&page, "<p id=\"winner\">");
		buf_add(&page, outcome.data, outcome.len);
		buf_adds(&page, "</p>\n");
	}
	buf_adds(&page, "<p>Started ");
	archive_html_time(&page, g->row.created);
	buf_adds(&page, ", last played ");
	archive_html_time(&page, g->row.updated);
	if (g->row.tournament > 0)
		buf_addf(&page, "; in <a href=\"../tournaments/T%lld.html\">"
		    "tournament T%lld</a>", g->row.tournament,
		    g->row.tournament);
	buf_addf(&page, ". <a href=\"G%lld.rec\">Record</a>, "
	    "<a href=\"G%lld.json\">JSON</a>.</p>\n", g->row.id, g->row.id);
	if (ok) {
		for (k = 0; k <= last; k++)
			buf_addf(&page, "<span id=\"%zu\"></span>", k);
		buf_addc(&page, '\n');
		archive_game_board(&page, g, &rp, &outcome);
		buf_adds(&page, "<h2 id=\"moves-title\">Moves</h2>\n"
		    "<ol id=\"moves\" aria-labelledby=\"moves-title\">\n");
		for (k = 1; k <= rp.record.nactions; k++) {
			buf_addf(&page, "<li data-step=\"%zu\"%s><a "
			    "href=\"#%zu\">", k, k == last ?
			    " aria-current=\"step\"" : "", k);
			archive_html_escape(&page,
			    rp.record.actions[k - 1].seat);
			buf_adds(&page, ": ");
			archive_html_escape(&page,
			    rp.record.actions[k - 1].text);
			buf_adds(&page, "</a></li>\n");
		}
		buf_adds(&page, "</ol>\n");
		archive_game_data(&page, &rp);
	} else {
		buf_adds(&page, "<p class=\"error\">Its record does not "
		    "replay: ");
		said = archive_public_text(site, g, why);
		archive_html_escape(&page, said);
		free(said);
		buf_adds(&page, "</p>\n");
	}
	buf_adds(&page, "</main>\n");
	archive_html_foot(&page, "../", ok ? "archive.js" : NULL);
	snprintf(path, sizeof path, "games/G%lld.html", g->row.id);
	if (archive_file_write(site, path, &page, cause) == -1)
		goto out;
	/* The record as published: withheld if it does not even parse. */
	buf_adds(&rec, "");
	if (rp.ops != NULL)
		archive_public_record(g, &rp.record, &rec);
	buf_reset(&page);
	archive_game_json(&page, site, g, &rp, rec.data);
	snprintf(path, sizeof path, "games/G%lld.json", g->row.id);
	if (archive_file_write(site, path, &page, cause) == -1)
		goto out;
	snprintf(path, sizeof path, "games/G%lld.rec", g->row.id);
	if (archive_file_write(site, path, &rec, cause) == -1)
		goto out;
	__atomic_add_fetch(&site->stats.games, 1, __ATOMIC_RELAXED);
	rc = 0;
out:
	free(why);
	buf_free(&rec);
	buf_free(&page);
	buf_free(&title);
	buf_free(&style);
	buf_free(&outcome);
	archive_replay_free(&rp);
	return (rc);
}
