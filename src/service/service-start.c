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

static void	service_start_facts(struct service_mail *,
		    struct service_game *, size_t, const char *, struct buf *);

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

/*
 * {{facts}} of the invitation of sg to the player in seat i: every fact
 * of the game they are asked to play, a line each: the game and its
 * options, the clock (in words), rated or not, the other players, and
 * the game it is a rematch of.
 */
static void
service_start_facts(struct service_mail *sm, struct service_game *sg,
    size_t i, const char *clock, struct buf *out)
{
	struct game_options	 opts;
	size_t			 j, n = 0, open = 0;

	sg->g->ops->options(sg->g, &opts);
	buf_addf(out, "  Game: %s (%s), %d players", sg->g->ops->title,
	    sg->g->ops->name, opts.players);
	if (opts.segments != 0)
		buf_addf(out, ", %d segment%s each", opts.segments,
		    opts.segments == 1 ? "" : "s");
	if (opts.games != 0)
		buf_addf(out, ", a match of %d game%s", opts.games,
		    opts.games == 1 ? "" : "s");
	buf_adds(out, ".\n");
	if (clock != NULL && *clock != '\0')
		buf_addf(out, "  Clock: %s.\n", clock);
	buf_addf(out, "  Rated: %s.\n", sg->row.rated ? "yes, the result "
	    "counts in the ratings" : "no, the result does not count in the "
	    "ratings");
	buf_adds(out, "  With:");
	for (j = 1; j < sg->nseats; j++) {
		if (j == i)
			continue;
		if (strcmp(sg->seats[j].state, "open") == 0) {
			open++;
			continue;
		}
		buf_adds(out, n++ == 0 ? " " : ", ");
		service_label(&sg->seats[j].player, out);
		buf_addf(out, " (%s)", sg->seats[j].state);
	}
	if (open > 0)
		buf_addf(out, "%s%zu open seat%s", n > 0 ? " and " : " ",
		    open, open == 1 ? "" : "s");
	else if (n == 0)
		buf_adds(out, " nobody else");
	buf_adds(out, ".\n");
	if (sm->rematch != 0)
		buf_addf(out, "  A rematch of G%lld.\n", sm->rematch);
}

/* Mail the invitation of sg to each place still invited. */
int
service_start_invite(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	struct service_vars	 vars;
	struct buf		 inviter, facts;
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
		buf_init(&facts);
		service_start_facts(sm, sg, i, vars.v[SV_CLOCK], &facts);
		service_vars_set(&vars, SV_FACTS, "%s", facts.data);
		buf_free(&facts);
		rc = service_mail_game(sm, sg, &sg->seats[i].player,
		    TEMPLATE_INVITATION, &vars, "invitation", cause);
	}
	service_vars_free(&vars);
	return (rc);
}
