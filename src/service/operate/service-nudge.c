#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mailloop.h"
#include "operate.h"
#include "service-private.h"
#include "service.h"
#include "xmalloc.h"


/*
 * A nudge is the operator's answer to a game that has stalled: the
 * player to move gets the mail the service would send them now, the
 * "your turn" mail with the current board, under the same subject
 * ("[mupbem G12] velox: your turn 7"), threaded under the game's first
 * mail and with their token Reply-To.  The others get nothing: they
 * have the last board already, and a nudge is between the organiser
 * and the slow player.  The mail is queued in one store transaction,
 * like every other mail, and the daemon sends it; the game's record
 * says in a comment line that the operator nudged the player
 * (service_operator_run(), service_operator_note()).
 *
 * There is no mail in hand, so the service_mail has no message and its
 * sender is nobody (no player has id 0): every game mail it queues is
 * a new mail in the game's thread, not an answer.
 */

static int	service_nudge_game(struct service_mail *,
		    struct service_game *, const char *const *, struct buf *,
		    char **);

/* Queue the your-turn mail of sg, in play; done says what was queued. */
static int
service_nudge_game(struct service_mail *sm, struct service_game *sg,
    const char *const *args, struct buf *done, char **cause)
{
	struct service_vars	 vars;
	struct store_seat	*seat;
	struct buf		 what;
	char			 state[64];
	int			 rc;

	seat = service_clock_seat(sg, sg->g->ops->to_move(sg->g));
	if (seat == NULL || seat->player.id == 0) {
		xasprintf(cause, "G%lld: nobody holds the seat to move",
		    sg->row.id);
		return (-1);
	}
	buf_init(&what);
	buf_adds(&what, "nudged ");
	service_announce_who(sg, seat->seat, &what);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	snprintf(state, sizeof state, "your turn %d", sg->row.turns + 1);
	rc = service_operator_note(sm, sg, what.data, cause);
	if (rc == 0)
		rc = service_mail_game(sm, sg, &seat->player,
		    TEMPLATE_YOUR_TURN, &vars, state, cause);
	if (rc == 0)
		buf_addf(done, "%s to %s", state, seat->player.address);
	service_vars_free(&vars);
	buf_free(&what);
	return (rc);
}

/*
 * Queue the current state mail of game id (see above), through ml's
 * store and configuration, in one transaction, and say so in its
 * record.  0 and a line for the operator in *done ("your turn 7 to
 * bob@example.org"), or -1 and *cause, with nothing queued.
 */
int
service_nudge(struct service *sv, struct mailloop *ml, long long id,
    struct buf *done, char **cause)
{
	return (service_operator_run(sv, ml, id, "there is no turn to nudge",
	    service_nudge_game, NULL, done, cause));
}
