#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mailloop.h"
#include "service.h"
#include "service-private.h"
#include "xmalloc.h"

/*
 * A nudge is the operator's answer to a game that has stalled: the
 * player to move gets the mail the service would send them now, the
 * "your turn" mail with the current board, under the same subject
 * ("[mupbem G12] velox: your turn 7"), threaded under the game's first
 * mail and with their token Reply-To.  The others get nothing: they
 * have the last board already, and a nudge is between the organiser
 * and the slow player.  The mail is queued in one store transaction,
 * like every other mail, and the daemon sends it.
 *
 * There is no mail in hand, so the service_mail has no message and its
 * sender is nobody (no player has id 0): every game mail it queues is
 * a new mail in the game's thread, not an answer.
 */

static int	service_nudge_game(struct service_mail *, long long,
		    struct buf *, char **);

/* Queue the your-turn mail of game id; *done says what was queued. */
static int
service_nudge_game(struct service_mail *sm, long long id, struct buf *done,
    char **cause)
{
	struct service_game	 sg;
	struct service_vars	 vars;
	struct store_game	 row;
	struct store_seat	*seat = NULL;
	char			 state[64];
	size_t			 i;
	int			 rc, mover;

	if ((rc = store_game_get(sm->sv->store, id, &row, cause)) != 1) {
		if (rc == 0)
			xasprintf(cause, "there is no game G%lld", id);
		return (-1);
	}
	store_game_free(&row);
	if ((rc = service_game_load(sm, id, &sg, cause)) != 1) {
		if (rc == 0)
			xasprintf(cause, "G%lld: its record does not replay",
			    id);
		return (-1);
	}
	mover = sg.g->ops->to_move(sg.g);
	for (i = 0; i < sg.nseats && mover != -1; i++) {
		if (sg.seats[i].seat == mover)
			seat = &sg.seats[i];
	}
	if (strcmp(sg.row.status, "playing") != 0 || mover == -1) {
		xasprintf(cause, "G%lld is not in play (it is %s): there is no "
		    "turn to nudge", id, sg.row.status);
		service_game_free(&sg);
		return (-1);
	}
	if (seat == NULL || seat->player.id == 0) {
		xasprintf(cause, "G%lld: nobody holds the seat to move", id);
		service_game_free(&sg);
		return (-1);
	}
	service_vars_init(&vars);
	service_vars_game(&vars, &sg);
	snprintf(state, sizeof state, "your turn %d", sg.row.turns + 1);
	rc = service_mail_game(sm, &sg, &seat->player, TEMPLATE_YOUR_TURN,
	    &vars, state, cause);
	if (rc == 0)
		buf_addf(done, "%s to %s", state, seat->player.address);
	service_vars_free(&vars);
	service_game_free(&sg);
	return (rc);
}

/*
 * Queue the current state mail of game id (see above), through ml's
 * store and configuration, in one transaction.  0 and a line for the
 * operator in *done ("your turn 7 to bob@example.org"), or -1 and
 * *cause, with nothing queued.
 */
int
service_nudge(struct service *sv, struct mailloop *ml, long long id,
    struct buf *done, char **cause)
{
	struct service_mail	sm;

	if (service_operator_begin(&sm, sv, ml, cause) == -1)
		return (-1);
	return (service_operator_end(&sm, service_nudge_game(&sm, id, done,
	    cause), cause));
}
