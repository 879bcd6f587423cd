#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mu-game.h"
#include "mu-name.h"
#include "mu-report.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A report is the list of events an action caused, in the order they
 * happened, and the score if the game ended.  The text form is what a
 * reply shows: one line per event, explosions and what they caused
 * indented under the move that set them off.
 */

static const char *mu_report_layers[] = {
	"Virginity", "Commonwealth", "Wall"
};

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

/* Write report r of an action in game g as text, ending in the score. */
void
mu_report_text(const struct mu_game *g, const struct mu_report *r,
    struct buf *out)
{
	size_t	i;

	for (i = 0; i < r->n; i++)
		mu_report_line(&r->events[i], out);
	if (r->over)
		mu_report_score_text(g, &r->score, out);
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
	int		 seat, n, i;

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
		n = __builtin_popcount(s->tied);
		for (seat = 0, i = 0; seat < g->players; seat++) {
			if ((s->tied & (1U << seat)) == 0)
				continue;
			if (i > 0)
				buf_adds(out, i == n - 1 ? " and " : ", ");
			buf_adds(out, mu_game_colour(seat));
			i++;
		}
		buf_adds(out, ".\n");
	}
	text_wrap(wrapped, text.data, TEXT_WRAP, TEXT_WIDTH);
	buf_free(&text);
}
