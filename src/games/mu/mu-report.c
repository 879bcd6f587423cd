#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mu-game.h"
#include "mu-name.h"
#include "mu-report.h"
#include "mu-score.h"
#include "mu-select.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A report is the list of events an action caused, in the order they
 * happened, and the score if the game ended.  The text form is what a
 * reply shows: one line per event, explosions and what they caused
 * indented under the move that set them off.  It tells a player who
 * cannot see the board what happened: where a segment went and what
 * it touches, which segment was cleared, where each player's men
 * start, and at the end which regions make up each score.  The text
 * is written from the game as the action left it; the segments a
 * placement touches are those placed before it.  Lines that can run
 * long are wrapped at spaces to MU_REPORT_WIDTH columns.
 */

#define MU_REPORT_WIDTH	78

static const char *mu_report_layers[] = {
	"Virginity", "Commonwealth", "Wall"
};

static void	mu_report_wrap(const char *, const char *, const char *,
		    struct buf *);
static void	mu_report_segments(uint64_t, struct buf *);
static void	mu_report_colours(unsigned, struct buf *);
static void	mu_report_place(const struct mu_game *,
		    const struct mu_event *, struct buf *);
static void	mu_report_clear(const struct mu_game *,
		    const struct mu_event *, struct buf *);
static size_t	mu_report_start(const struct mu_game *,
		    const struct mu_event *, size_t, struct buf *);
static void	mu_report_region(const struct mu_region *, struct buf *);
static void	mu_report_line(const struct mu_event *, struct buf *);

void
mu_report_init(struct mu_report *r)
{
	memset(r, 0, sizeof *r);
}

void
mu_report_free(struct mu_report *r)
{
	if (r == NULL)
		return;
	free(r->events);
	memset(r, 0, sizeof *r);
}

/*
 * Append an event of type by seat about cell (MU_NONE where there is
 * none) and return it for the caller to fill in the rest, or NULL if
 * there is no report to write to.
 */
struct mu_event *
mu_report_event(struct mu_report *r, int type, int seat, int cell)
{
	struct mu_event	*ev;

	if (r == NULL)
		return (NULL);
	if (r->n == r->size) {
		r->size = r->size == 0 ? 32 : r->size * 2;
		r->events = xreallocarray(r->events, r->size,
		    sizeof *r->events);
	}
	ev = &r->events[r->n++];
	memset(ev, 0, sizeof *ev);
	ev->type = (uint8_t)type;
	ev->seat = (int8_t)seat;
	ev->other = MU_NONE;
	ev->cell = (int16_t)cell;
	ev->cell2 = MU_NONE;
	return (ev);
}

/*
 * Add text as lines of at most MU_REPORT_WIDTH columns, broken at
 * spaces: the first line starts with lead, the others with indent.
 */
static void
mu_report_wrap(const char *text, const char *lead, const char *indent,
    struct buf *out)
{
	const char	*p = text;
	size_t		 col, w;
	int		 words = 0;

	buf_adds(out, lead);
	col = strlen(lead);
	while (*p != '\0') {
		w = strcspn(p, " ");
		if (words > 0 && col + 1 + w > MU_REPORT_WIDTH) {
			buf_addc(out, '\n');
			buf_adds(out, indent);
			col = strlen(indent);
			words = 0;
		}
		if (words > 0) {
			buf_addc(out, ' ');
			col++;
		}
		buf_add(out, p, w);
		col += w;
		words++;
		p += w;
		while (*p == ' ')
			p++;
	}
	buf_addc(out, '\n');
}

/* The segments in mask as "A", "A and C" or "A, C and E". */
static void
mu_report_segments(uint64_t mask, struct buf *out)
{
	char	label[MU_NAME_MAX];
	int	s, n = __builtin_popcountll(mask), i = 0;

	for (s = 0; s < MU_MAX_SEGMENTS; s++) {
		if ((mask & ((uint64_t)1 << s)) == 0)
			continue;
		buf_adds(out, text_list_sep((size_t)i++, (size_t)n));
		mu_name_label(s, label, sizeof label);
		buf_adds(out, label);
	}
}

/* The colours in mask as "red", "red and blue" or "red, blue and green". */
static void
mu_report_colours(unsigned mask, struct buf *out)
{
	int	seat, n = __builtin_popcount(mask), i = 0;

	for (seat = 0; seat < MU_MAX_PLAYERS; seat++) {
		if ((mask & (1U << seat)) == 0)
			continue;
		buf_adds(out, text_list_sep((size_t)i++, (size_t)n));
		buf_adds(out, mu_game_colour(seat));
	}
}

/* "red places segment E at @3,-1, touching A and C." */
static void
mu_report_place(const struct mu_game *g, const struct mu_event *ev,
    struct buf *out)
{
	const struct mu_board	*b = &g->board;
	struct buf		 line;
	char			 label[MU_NAME_MAX];
	uint64_t		 touch = 0;
	int			 s = mu_board_cell_segment(ev->cell), k, d, n;

	for (k = 0; k < MU_SEGMENT_CELLS; k++) {
		for (d = 0; d < HEX_NDIRS; d++) {
			n = b->cells[ev->cell + k].nb[d];
			if (n == MU_NONE)
				continue;
			n = mu_board_cell_segment(n);
			if (n < s)
				touch |= (uint64_t)1 << n;
		}
	}
	mu_name_label(s, label, sizeof label);
	buf_init(&line);
	buf_addf(&line, "%s places segment %s at @%d,%d",
	    mu_game_colour(ev->seat), label, b->segments[s].centre.q,
	    b->segments[s].centre.r);
	if (touch != 0) {
		buf_adds(&line, ", touching ");
		mu_report_segments(touch, &line);
	}
	buf_adds(&line, ".");
	mu_report_wrap(line.data, "", "", out);
	buf_free(&line);
}

/* "blue clears B (the man on B0 is removed); blue still holds D." */
static void
mu_report_clear(const struct mu_game *g, const struct mu_event *ev,
    struct buf *out)
{
	const char	*who = mu_game_colour(ev->seat);
	struct buf	 line;
	char		 label[MU_NAME_MAX];
	uint64_t	 held = 0;
	int		 segs[MU_MAX_SEGMENTS], n, i;

	n = mu_select_list(g, ev->seat, segs);
	for (i = 0; i < n; i++)
		held |= (uint64_t)1 << segs[i];
	mu_name_label(mu_board_cell_segment(ev->cell), label, sizeof label);
	buf_init(&line);
	buf_addf(&line, "%s clears segment %s (the man on %s0 is removed); "
	    "%s still holds ", who, label, label, who);
	mu_report_segments(held, &line);
	buf_adds(&line, ".");
	mu_report_wrap(line.data, "", "", out);
	buf_free(&line);
}

/*
 * The n START events at ev, one per seat, as one sentence: "The men
 * are placed, 7 on each segment kept: red starts on A, blue on D."
 * Returns how many events it used.
 */
static size_t
mu_report_start(const struct mu_game *g, const struct mu_event *ev,
    size_t n, struct buf *out)
{
	const struct mu_board	*b = &g->board;
	struct buf		 line;
	uint64_t		 mask;
	size_t			 i;
	int			 s;

	for (i = 0; i < n; i++) {
		if (ev[i].type != MU_EVENT_START)
			break;
	}
	n = i;
	buf_init(&line);
	if (g->variant->selection)
		buf_adds(&line, "The men are placed, 7 on each segment kept:");
	else
		buf_adds(&line, "The layout is done, a man on each centre:");
	for (i = 0; i < n; i++) {
		mask = 0;
		for (s = 0; s < b->nsegments; s++) {
			if (ev[i].cell == MU_NONE ?
			    b->segments[s].owner == ev[i].seat :
			    s == mu_board_cell_segment(ev[i].cell))
				mask |= (uint64_t)1 << s;
		}
		buf_addf(&line, "%s %s%s on ", i == 0 ? "" :
		    g->variant->selection ? "," : ";",
		    mu_game_colour(ev[i].seat), i == 0 ? " starts" : "");
		mu_report_segments(mask, &line);
	}
	buf_adds(&line, ".");
	mu_report_wrap(line.data, "", "", out);
	buf_free(&line);
	return (n);
}

static void
mu_report_line(const struct mu_event *ev, struct buf *out)
{
	char		 a[MU_NAME_MAX], b[MU_NAME_MAX];
	const char	*who = "";

	if (ev->seat != MU_NONE)
		who = mu_game_colour(ev->seat);
	if (ev->cell != MU_NONE)
		mu_name_cell(ev->cell, a, sizeof a);
	if (ev->cell2 != MU_NONE)
		mu_name_cell(ev->cell2, b, sizeof b);
	switch (ev->type) {
	case MU_EVENT_MOVE:
		buf_addf(out, "%s moves %s-%s (%d %s).\n", who, a, b,
		    ev->men, ev->men == 1 ? "man" : "men");
		break;
	case MU_EVENT_CAPTURE:
		buf_addf(out, "  %s captures %s %d on %s.\n", who,
		    mu_game_colour(ev->other), ev->men, a);
		break;
	case MU_EVENT_EXPLODE:
		buf_addf(out, "  %s explodes (%s %d): %d out, %d stay%s",
		    a, who, ev->men + ev->men2, ev->men, ev->men2,
		    ev->men2 == 1 ? "s" : "");
		if (ev->layer != ev->layer2) {
			buf_addf(out, "; %s becomes %s",
			    mu_report_layers[ev->layer],
			    mu_report_layers[ev->layer2]);
		}
		buf_adds(out, ".\n");
		break;
	case MU_EVENT_SPROUT:
		buf_addf(out, "  a %s man sprouts on %s.\n", who, a);
		break;
	case MU_EVENT_WALL:
		buf_addf(out, "  %s is now Wall.\n", a);
		break;
	case MU_EVENT_REMOVE:
		buf_addf(out, "  oscillation: %d %s %s removed from %s.\n",
		    ev->men, who, ev->men == 1 ? "man" : "men", a);
		break;
	case MU_EVENT_UNUSED:
		buf_addf(out, "  not needed: %s in the %s list.\n", a,
		    ev->men ? "removal" : "explosion");
		break;
	case MU_EVENT_PASS:
		if (ev->men)
			buf_addf(out, "%s passes automatically.\n", who);
		else
			buf_addf(out, "%s passes.\n", who);
		break;
	case MU_EVENT_RESIGN:
		buf_addf(out, "%s resigns.\n", who);
		break;
	case MU_EVENT_END:
		buf_adds(out, "The game is over.\n");
		break;
	}
}

/* One region: "A3 9 cells", and why it is owned or neutral if empty. */
static void
mu_report_region(const struct mu_region *rg, struct buf *out)
{
	char	name[MU_NAME_MAX];

	mu_name_cell(rg->first, name, sizeof name);
	buf_addf(out, "%s %d cell%s", name, rg->cells,
	    rg->cells == 1 ? "" : "s");
	if (!rg->empty) {
		if (rg->owner == MU_NONE) {
			buf_adds(out, " (");
			mu_report_colours(rg->colours, out);
			buf_adds(out, " pieces)");
		}
		return;
	}
	if (rg->owner != MU_NONE) {
		buf_addf(out, " (empty; only %s's Wall pieces reach it)",
		    mu_game_colour(rg->owner));
	} else if (rg->colours == 0)
		buf_adds(out, " (empty; no Wall piece reaches it)");
	else {
		buf_adds(out, " (empty; Wall pieces of ");
		mu_report_colours(rg->colours, out);
		buf_adds(out, " reach it)");
	}
}

/*
 * Explain a final score region by region, a line for each colour and
 * one for neutral if any: "  red 14: A3 9 cells, C1 5 cells."
 */
void
mu_report_regions_text(const struct mu_game *g, struct buf *out)
{
	struct mu_region	 regions[MU_MAX_CELLS];
	struct buf		 line;
	int			 n, i, j, seat, points, any;

	n = mu_score_regions(g, regions);
	buf_adds(out, "Regions, named by their lowest cell:\n");
	buf_init(&line);
	for (j = 0; j <= g->players; j++) {
		seat = j == g->players ? MU_NONE : j;
		points = any = 0;
		for (i = 0; i < n; i++) {
			if (regions[i].owner == seat)
				points += regions[i].cells;
		}
		if (seat == MU_NONE && points == 0)
			continue;
		buf_reset(&line);
		buf_addf(&line, "%s %d:", seat == MU_NONE ? "neutral" :
		    mu_game_colour(seat), points);
		for (i = 0; i < n; i++) {
			if (regions[i].owner != seat)
				continue;
			buf_adds(&line, any ? ", " : " ");
			mu_report_region(&regions[i], &line);
			any = 1;
		}
		buf_adds(&line, any ? "." : " no region.");
		mu_report_wrap(line.data, "  ", "    ", out);
	}
	buf_free(&line);
}

/* Write report r of an action in game g as text, ending in the score. */
void
mu_report_text(const struct mu_game *g, const struct mu_report *r,
    struct buf *out)
{
	size_t	i;

	for (i = 0; i < r->n; i++) {
		switch (r->events[i].type) {
		case MU_EVENT_PLACE:
			mu_report_place(g, &r->events[i], out);
			break;
		case MU_EVENT_CLEAR:
			mu_report_clear(g, &r->events[i], out);
			break;
		case MU_EVENT_START:
			i += mu_report_start(g, &r->events[i], r->n - i,
			    out) - 1;
			break;
		default:
			mu_report_line(&r->events[i], out);
			break;
		}
	}
	if (r->over) {
		mu_report_score_text(g, &r->score, out);
		mu_report_regions_text(g, out);
	}
}

/*
 * Write a score, "Score: red 12, blue 9, neutral 3. Red wins.", wrapped
 * to fit a mail.
 */
void
mu_report_score_text(const struct mu_game *g, const struct mu_score *s,
    struct buf *wrapped)
{
	const char	*who;
	struct buf	 text, *out = &text;
	int		 seat;

	buf_init(&text);

	buf_adds(out, "Score:");
	for (seat = 0; seat < g->players; seat++) {
		buf_addf(out, " %s %d%s,", mu_game_colour(seat),
		    s->points[seat], (g->resigned & (1U << seat)) ?
		    " (resigned)" : "");
	}
	buf_addf(out, " neutral %d.", s->neutral);
	if (s->winner != MU_NONE) {
		who = mu_game_colour(s->winner);
		buf_addf(out, " %c%s wins%s.\n", toupper((unsigned char)*who),
		    who + 1, s->resigned ? " by resignation" : "");
	} else {
		buf_adds(out, " A draw between ");
		mu_report_colours(s->tied, out);
		buf_adds(out, ".\n");
	}
	text_wrap(wrapped, text.data, TEXT_WRAP, TEXT_WIDTH);
	buf_free(&text);
}
