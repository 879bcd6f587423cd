#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "config-file.h"
#include "log.h"
#include "message.h"
#include "service-private.h"

/*
 * Proof of address ([server] invitations, store-proof.c).  Anyone can
 * write any address on a From line, so a mail's sender is only who it
 * claims to be once it is shown to receive mupbem's mail there: a mail
 * that comes to one of the sender's token addresses, or answers a mail
 * we sent them, proves it, and the player is proven from then on.
 *
 * Under "invitations = proven" mupbem mails no new address on the word
 * of an unproven sender: a game they make with invitations is set up
 * but held, its invitations unsent, and the creator's game mail asks
 * them to answer it; the mail that proves them sends every held
 * invitation of theirs, in its own transaction.  A held game expires
 * as any does, and its invitees hear nothing of it.  "link ADDRESS"
 * is refused until the sender is proven.
 */

/* Are mail to new addresses held until the sender is proven? */
int
service_proof_needed(const struct service_mail *sm)
{
	return (strcmp(sm->sv->config->invitations, "proven") == 0 &&
	    !sm->proven);
}

/* Is seat of sg an invitee who was not told yet (a held game)? */
int
service_proof_untold(const struct service_game *sg,
    const struct store_seat *seat)
{
	return (sg->row.held && strcmp(seat->state, "invited") == 0);
}

/* Send the held invitations of game id, if it still has them. */
static int
service_proof_release(struct service_mail *sm, long long id, char **cause)
{
	struct service_game	sg;
	int			rc;

	if ((rc = service_game_load(sm, id, &sg, cause)) != 1)
		return (rc);
	rc = store_proof_hold(sm->sv->store, id, 0, cause);
	sg.row.held = 0;
	if (rc == 0)
		rc = service_start_invite(sm, &sg, cause);
	if (rc == 0) {
		log_info("game G%lld: invitations from %s sent", id,
		    sm->me.address);
		service_notice(sm, "Your invitations to game G%lld went "
		    "out.\nThe game starts when every place is taken.\n", id);
		sm->released = 1;
	}
	service_game_free(&sg);
	return (rc == -1 ? -1 : 0);
}

/*
 * Does the mail prove its sender?  Then they are proven from now on,
 * and their held invitations go.
 */
int
service_proof_check(struct service_mail *sm, char **cause)
{
	long long	*games;
	size_t		 n, i;
	int		 rc = 0;

	if (store_proof_get(sm->sv->store, sm->me.id, &sm->proven,
	    cause) == -1)
		return (-1);
	if (sm->proven)
		return (0);
	if (sm->answers == 0 && (sm->token_game == 0 ||
	    !identity_check(sm->me.secret, sm->token_game, sm->token)))
		return (0);
	if (store_proof_set(sm->sv->store, sm->me.id, cause) == -1)
		return (-1);
	sm->proven = 1;
	log_info("player %s: proven by mail %s", sm->me.address, sm->m->id);
	if (store_proof_held(sm->sv->store, sm->me.id, &games, &n,
	    cause) == -1)
		return (-1);
	for (i = 0; i < n && rc == 0; i++)
		rc = service_proof_release(sm, games[i], cause);
	free(games);
	return (rc);
}
