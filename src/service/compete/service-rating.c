#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "compete.h"
#include "config-file.h"
#include "glicko.h"
#include "log.h"
#include "mailloop.h"
#include "rating.h"
#include "service-private.h"
#include "xmalloc.h"


/*
 * Rating a finished game (docs/ratings.md).  service_result_end()
 * calls service_rating_game() once per rated game with a result, in
 * the transaction that ends it, with the seats' final ranks.
 *
 * The game's kind (rating.c) picks the rating.  Each player's rating
 * before the game is the store's, or a newcomer's from [ratings]; their
 * RD first grows with the time since their last rated game of the
 * kind (glicko_idle()).  Then each player is rated, in one rating
 * period, against every other seat with the pairwise score by rank,
 * always against the others' ratings from before the game.  Each
 * player's rating is written with one more game and one row of
 * history.
 */

/*
 * player's rating in kind: the store's, or a newcomer's; with idle, as
 * it stands for a game now, its RD grown with the time since their
 * last rated game of the kind.  *games (if not NULL) is how many rated
 * games of the kind it counts.  0 or -1.
 */
int
service_rating_get(struct service_mail *sm, long long player,
    const char *kind, int idle, struct glicko *g, int *games, char **cause)
{
	struct store_rating	r;
	int			rc;

	if ((rc = store_rating_get(sm->sv->store, player, kind, &r,
	    cause)) == -1)
		return (-1);
	if (games != NULL)
		*games = r.games;
	if (rc == 0) {
		glicko_new(&sm->sv->config->ratings, g);
		return (0);
	}
	g->rating = r.rating;
	g->rd = r.rd;
	g->volatility = r.volatility;
	if (idle)
		glicko_idle(&sm->sv->config->ratings, g,
		    (double)(sm->ml->now - r.updated));
	store_rating_free(&r);
	return (0);
}

/* The kind of rating sg counts in, or NULL if none. */
const char *
service_rating_kind(const struct service_game *sg)
{
	return (rating_kind(sg->g->ops->name, sg->g->ops->players(sg->g)));
}

/* Rate sg, which ended with ranks (by seat, 1 first, ties share). */
int
service_rating_game(struct service_mail *sm, struct service_game *sg,
    const int *ranks, char **cause)
{
	const struct glicko_settings	*gs = &sm->sv->config->ratings;
	const char			*kind;
	struct store_seat		*seat;
	struct glicko			*pre, g;
	struct glicko_game		*opp;
	struct store_rating		 post;
	long long			*player;
	double				 score;
	size_t				 n, i, j, k;
	int				 rc = -1;

	if ((kind = service_rating_kind(sg)) == NULL) {
		log_warnx("game G%lld: %s has no kind of rating; not rated",
		    sg->row.id, sg->g->ops->name);
		return (0);
	}
	n = (size_t)sg->g->ops->players(sg->g);
	pre = xcalloc(n, sizeof *pre);
	opp = xcalloc(n, sizeof *opp);
	player = xcalloc(n, sizeof *player);
	for (i = 0; i < n; i++) {
		if ((seat = service_clock_seat(sg, (int)i)) == NULL ||
		    seat->player.id == 0) {
			xasprintf(cause, "game G%lld: seat %zu has no player "
			    "to rate", sg->row.id, i);
			goto out;
		}
		player[i] = seat->player.id;
		if (service_rating_get(sm, player[i], kind, 1, &pre[i], NULL,
		    cause) == -1)
			goto out;
	}
	for (i = 0; i < n; i++) {
		score = 0;
		for (j = 0, k = 0; j < n; j++) {
			if (j == i)
				continue;
			opp[k].rating = pre[j].rating;
			opp[k].rd = pre[j].rd;
			opp[k].score = glicko_pairwise(ranks, n, i, j);
			score += opp[k++].score;
		}
		g = pre[i];
		glicko_rate(gs, &g, opp, k);
		memset(&post, 0, sizeof post);
		post.rating = g.rating;
		post.rd = g.rd;
		post.volatility = g.volatility;
		if (store_rating_set(sm->sv->store, player[i], kind, sg->row.id,
		    pre[i].rating, &post, score, sm->ml->now, cause) == -1)
			goto out;
		log_info("game G%lld: player %lld %s %.1f -> %.1f (RD %.1f)",
		    sg->row.id, player[i], kind, pre[i].rating, post.rating,
		    post.rd);
	}
	rc = 0;
out:
	free(pre);
	free(opp);
	free(player);
	return (rc);
}
