#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "compete.h"
#include "mailloop.h"
#include "service-private.h"
#include "xmalloc.h"


/*
 * A game's result, counted once.  Whatever ends a game (its last turn,
 * a resignation, a timeout, a forfeit, the operator's adjudication or
 * cancellation) comes here in the transaction that ends it.  The first
 * call marks the game finished in the store (store_game_finish()), so a
 * second one, from another path or after a crash, counts nothing again.
 * Then the seats' final ranks are kept, the ratings change if the game
 * is rated (service-rating.c), and a tournament's round moves on
 * (service-tournament.c) once the game's own mail is queued, when the
 * mail, timer or operator's action that ended it settles.
 *
 * The ranks come from the engine (game_ops ranks) for a game played to
 * its end, from the operator for an adjudicated one, and there are none
 * for a cancelled game, which ends without a result.
 */

/*
 * Count sg's result: ranks by seat, or NULL for none; rated says
 * whether it may change ratings (the game's own flag still decides).
 */
int
service_result_end(struct service_mail *sm, struct service_game *sg,
    const int *ranks, int rated, char **cause)
{
	int	seat, n, rc;

	if ((rc = store_game_finish(sm->sv->store, sg->row.id, sm->ml->now,
	    cause)) != 1)
		return (rc);
	sg->row.finished = sm->ml->now;
	n = sg->g->ops->players(sg->g);
	for (seat = 0; ranks != NULL && seat < n; seat++) {
		if (store_seat_rank(sm->sv->store, sg->row.id, seat,
		    ranks[seat], cause) == -1)
			return (-1);
	}
	if (ranks != NULL && rated && sg->row.rated &&
	    service_rating_game(sm, sg, ranks, cause) == -1)
		return (-1);
	if (sg->row.tournament != -1 &&
	    service_tournament_game(sm, sg->row.tournament, cause) == -1)
		return (-1);
	return (0);
}

/* Count sg's result from the engine if it is over, by play. */
int
service_result_played(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	int	*ranks, rc;

	if (sg->g->ops->to_move(sg->g) != -1)
		return (0);
	ranks = xreallocarray(NULL, (size_t)sg->g->ops->players(sg->g),
	    sizeof *ranks);
	sg->g->ops->ranks(sg->g, ranks);
	rc = service_result_end(sm, sg, ranks, 1, cause);
	free(ranks);
	return (rc);
}
