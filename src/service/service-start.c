#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-private.h"
#include "xmalloc.h"

/*
 * A game's start, and its invitations: what every way of making a game
 * (new, join, accept, a tournament's round, a proof that frees held
 * invitations) ends in.  The invitation of each place still invited
 * goes out as one game mail each.  A game starts when every place is
 * taken: the record's seeded draw seats the players (or their order is
 * kept, as a tournament's pairing fixes it), the seats are saved in
 * that order, the game is saved with any forced first turn played, and
 * every player gets the first board.
 */

/*
 * Start sg: draw the seats (or keep their order if ordered, as a
 * tournament's pairing fixes it), save, and send everyone the board.
 */
int
service_start(struct service_mail *sm, struct service_game *sg,
    int ordered, char **cause)
{
	struct service_vars	 vars;
	struct store_seat	*seat;
	struct buf		 report;
	char			**addresses, state[64];
	size_t			 i, j;
	int			 to_move, rc = -1;

	addresses = xreallocarray(NULL, sg->nseats, sizeof *addresses);
	for (i = 0; i < sg->nseats; i++)
		addresses[i] = sg->seats[i].player.address;
	record_draw(&sg->rec, sg->g, addresses, ordered);
	free(addresses);
	if (store_seats_clear(sm->sv->store, sg->row.id, cause) == -1)
		return (-1);
	for (i = 0; i < sg->rec.nseats; i++) {
		for (j = 0; j < sg->nseats; j++) {
			if (strcmp(sg->seats[j].player.address,
			    sg->rec.seats[i].player) == 0)
				break;
		}
		if (store_seat_add(sm->sv->store, sg->row.id, (int)i,
		    sg->seats[j].player.id, "accepted", cause) == -1)
			return (-1);
	}
	store_seats_free(sg->seats, sg->nseats);
	if (store_seats(sm->sv->store, sg->row.id, &sg->seats, &sg->nseats,
	    cause) == -1)
		return (-1);
	buf_init(&report);
	if (service_game_forced(sm, sg, &report, cause) == -1 ||
	    service_game_save(sm, sg, sg->g->ops->to_move(sg->g) == -1 ?
	    "over" : "playing", cause) == -1) {
		buf_free(&report);
		return (-1);
	}
	to_move = sg->g->ops->to_move(sg->g);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	/* A forced first turn is told between the seats and the board. */
	service_vars_set(&vars, SV_REPORT, "%s%s", report.len > 0 ?
	    report.data : "", report.len > 0 ? "\n" : "");
	buf_free(&report);
	for (i = 0; i < sg->nseats; i++) {
		seat = &sg->seats[i];
		if (seat->seat == to_move)
			snprintf(state, sizeof state, "your turn %d",
			    sg->row.turns + 1);
		else
			snprintf(state, sizeof state, "started");
		if (service_mail_game(sm, sg, &seat->player, TEMPLATE_STARTED,
		    &vars, state, cause) == -1)
			goto out;
	}
	rc = 0;
out:
	service_vars_free(&vars);
	return (rc);
}

/* Mail the invitation of sg to each place still invited. */
int
service_start_invite(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	struct service_vars	 vars;
	struct buf		 inviter;
	size_t			 i;
	int			 rc = 0;

	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	buf_init(&inviter);
	service_label(&sg->seats[0].player, &inviter);
	service_vars_set(&vars, SV_INVITER, "%s", inviter.data);
	buf_free(&inviter);
	for (i = 1; i < sg->nseats && rc == 0; i++) {
		if (strcmp(sg->seats[i].state, "invited") != 0)
			continue;
		rc = service_mail_game(sm, sg, &sg->seats[i].player,
		    TEMPLATE_INVITATION, &vars, "invitation", cause);
	}
	service_vars_free(&vars);
	return (rc);
}
