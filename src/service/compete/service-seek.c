#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "compete.h"
#include "config-file.h"
#include "glicko.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"


/*
 * Seeks and the open games (docs/commands.md, Finding a game).  A seek
 * is an open game ("seek velox range 1400-1700") that keeps the
 * rating range it asks for in games.seek as "LOW-HIGH", either side
 * empty for no bound; it waits, and expires, as any open game does.
 * join refuses a player whose rating in the game's kind (a newcomer's
 * if they have none yet) is outside the range.
 *
 * "games open" lists the games anyone may join, oldest first, one line
 * each (within 78 columns): the game, its kind, its clock, rated or
 * not, the open seats, the range, its segments (or a match's games),
 * and the creator with their rating.
 */

#define SERVICE_SEEK_LINE	78	/* columns of a line of the list */

static void	service_seek_line(const struct service_game *, const char *,
		    const struct glicko *, struct buf *);

/* The bounds of a seek's range ("1400-1700"): 0 for none. */
void
service_seek_range(const char *seek, int *low, int *high)
{
	const char	*dash;

	*low = *high = 0;
	if (seek == NULL || (dash = strchr(seek, '-')) == NULL)
		return;
	*low = dash == seek ? 0 : atoi(seek);
	*high = atoi(dash + 1);
}

/* A seek's range in words: "ratings 1400 to 1700", "any rating". */
void
service_seek_words(const char *seek, struct buf *out)
{
	int	low, high;

	service_seek_range(seek, &low, &high);
	if (low != 0 && high != 0)
		buf_addf(out, "ratings %d to %d", low, high);
	else if (low != 0)
		buf_addf(out, "ratings %d and above", low);
	else if (high != 0)
		buf_addf(out, "ratings up to %d", high);
	else
		buf_adds(out, "any rating");
}

/*
 * May the sender join sg, by its range if it is a seek?  1 if so; 0
 * if not, with the error said; -1 on failure.
 */
int
service_seek_allows(struct service_mail *sm, const struct service_game *sg,
    char **cause)
{
	struct glicko	 g;
	struct buf	 range;
	const char	*kind;
	int		 low, high, rating;

	if (sg->row.seek == NULL ||
	    (kind = service_rating_kind(sg)) == NULL)
		return (1);
	service_seek_range(sg->row.seek, &low, &high);
	if (service_rating_get(sm, sm->me.id, kind, 0, &g, NULL,
	    cause) == -1)
		return (-1);
	rating = (int)(g.rating + 0.5);
	if ((low == 0 || rating >= low) && (high == 0 || rating <= high))
		return (1);
	buf_init(&range);
	service_seek_words(sg->row.seek, &range);
	service_error(sm, "join: game G%lld is for %s in %s, and your %s "
	    "rating is %d", sg->row.id, range.data, kind, kind, rating);
	buf_free(&range);
	return (0);
}

/* One game of the list: sg, made by the player whose rating is g. */
static void
service_seek_line(const struct service_game *sg, const char *kind,
    const struct glicko *g, struct buf *out)
{
	const struct store_player	*by = &sg->seats[0].player;
	struct game_options		 opts;
	struct buf			 line, who;
	size_t				 i;
	int				 open = 0;

	for (i = 0; i < sg->nseats; i++)
		open += strcmp(sg->seats[i].state, "open") == 0;
	buf_init(&line);
	buf_init(&who);
	buf_addf(&line, "G%-5lld %-8s %-11s %-8s %d open", sg->row.id,
	    kind != NULL ? kind : sg->g->ops->name, sg->row.clock != NULL ?
	    sg->row.clock : "none", sg->row.rated ? "rated" : "unrated",
	    open);
	if (sg->row.seek != NULL) {
		buf_adds(&line, ", for ");
		service_seek_words(sg->row.seek, &line);
	}
	sg->g->ops->options(sg->g, &opts);
	if (opts.segments != 0)
		buf_addf(&who, "%d segment%s, ", opts.segments,
		    opts.segments == 1 ? "" : "s");
	else if (opts.games != 0)
		buf_addf(&who, "a match of %d, ", opts.games);
	buf_addf(&who, "by %.40s ", by->name != NULL ? by->name :
	    by->address);
	service_stats_rating(g, &who);
	/* A long line: the creator goes on a line of their own. */
	if (line.len + 2 + who.len > SERVICE_SEEK_LINE)
		buf_addf(out, "%s,\n       %s\n", line.data, who.data);
	else
		buf_addf(out, "%s, %s\n", line.data, who.data);
	buf_free(&line);
	buf_free(&who);
}

/* games open: the open games and seeks, oldest first. */
int
service_seek_list(struct service_mail *sm, char **cause)
{
	struct service_game	 sg;
	struct service_vars	 vars;
	struct store_game	*games;
	struct glicko		 g;
	struct buf		 text;
	const char		*kind;
	size_t			 n, i, shown = 0;
	long long		 first = 0;
	int			 rc = 0;

	if (store_games_open(sm->sv->store, &games, &n, cause) == -1)
		return (-1);
	buf_init(&text);
	for (i = 0; i < n && rc != -1; i++) {
		if ((rc = service_game_load(sm, games[i].id, &sg,
		    cause)) != 1)
			continue;
		kind = service_rating_kind(&sg);
		if (sg.nseats > 0 && (kind == NULL ||
		    (rc = service_rating_get(sm, sg.seats[0].player.id, kind,
		    0, &g, NULL, cause)) == 0)) {
			if (kind == NULL)
				glicko_new(&sm->sv->config->ratings, &g);
			service_seek_line(&sg, kind, &g, &text);
			if (shown++ == 0)
				first = sg.row.id;
		}
		service_game_free(&sg);
	}
	store_game_list_free(games, n);
	if (rc == -1) {
		buf_free(&text);
		return (-1);
	}
	service_vars_init(&vars);
	if (shown == 0)
		service_vars_set(&vars, SV_TEXT, "No game is open to join. "
		    "Write \"seek velox\" to post one, or \"new velox open "
		    "1\".\n");
	else
		service_vars_set(&vars, SV_TEXT, "Open games (%zu); write "
		    "\"join G%lld\" to take a seat:\n\n%s\n\"?\" marks a "
		    "provisional rating.\n", shown, first, text.data);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
	buf_free(&text);
	return (0);
}
