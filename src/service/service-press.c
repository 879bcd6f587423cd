#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "config-file.h"
#include "log.h"
#include "mail-text.h"
#include "message.h"
#include "service-private.h"
#include "xmalloc.h"

/*
 * Press: what players say to each other, as njudge calls it.  A mail's
 * conversation (the lines that are neither a command nor a turn,
 * command.c) and the text of a "press" command go to the other players
 * of the mail's game, one "press" mail each, from the sender by name,
 * with the game's subject tag and each recipient's own token Reply-To,
 * so that answering is replying.  Observers get none: press is between
 * the players.
 *
 * The mail's game is the one its token, the mail it answers or its
 * subject tag names, else the one game in play the sender has a seat
 * in.  Only a seat's holder speaks in a game, and under the token
 * policy only with the token.  Conversation that cannot be passed on is
 * dropped quietly, as it never makes a mail fail; a "press" command
 * that cannot be gets an error.
 *
 * The command reader reads the text with its typography folded to
 * ASCII; what is passed on is the same lines as the player wrote them
 * (message.h), so "’", "…", "–", «», CJK and emoji reach the players.
 * Only the player's new text is there: quotes, signatures, disclaimers
 * and the clients' separators were cut before (mail-text.c).
 */

#define SERVICE_PRESS_MAX	4000	/* bytes passed on from one mail */

/*
 * Load the mail's game into sg: 1, 0 if there is none (nothing is said
 * to the sender), -1 if the store fails.
 */
int
service_press_game(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	struct store_game	*games;
	size_t			 n, i, playing = 0;
	long long		 id = sm->context;

	memset(sg, 0, sizeof *sg);
	if (id == 0) {
		if (store_game_list(sm->sv->store, sm->me.id, &games, &n,
		    cause) == -1)
			return (-1);
		for (i = 0; i < n; i++) {
			if (strcmp(games[i].status, "playing") == 0) {
				id = games[i].id;
				playing++;
			}
		}
		store_game_list_free(games, n);
		if (playing != 1)
			return (0);
	}
	return (service_game_read(sm, id, 1, sg, cause));
}

/*
 * Pass text from the sender on to the other players of sg; loud for a
 * "press" command (errors and a forged note), quiet for conversation.
 * 1 if it went to someone, 0 if not, -1 if the store fails.
 */
int
service_press_send(struct service_mail *sm, struct service_game *sg,
    const char *text, int loud, char **cause)
{
	struct service_vars	 vars;
	struct store_seat	*seat;
	struct buf		 who, sent;
	char			 state[96], *said;
	size_t			 i, j;
	int			 rc = 0, n = 0;

	if ((seat = service_game_seat_of(sg, sm->me.id)) == NULL) {
		if (loud)
			service_error(sm, "press: you have no seat in game "
			    "G%lld; only its players can write to it",
			    sg->row.id);
		return (0);
	}
	if (!loud && !service_token_ok(sm, sg)) {
		log_info("game G%lld: conversation from %s without its "
		    "token; not passed on", sg->row.id, sm->me.address);
		return (0);
	}
	if (loud && (rc = service_allowed(sm, sg, "a message", cause)) != 1)
		return (rc);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	buf_init(&who);
	service_label(&sm->me, &who);
	service_vars_set(&vars, SV_MOVER, "%s", who.data);
	if (sm->m != NULL && sm->m->text != NULL && sm->m->written != NULL)
		said = mail_text_written(text, sm->m->text, sm->m->written);
	else
		said = xstrdup(text);
	if (strlen(said) > SERVICE_PRESS_MAX)
		service_vars_set(&vars, SV_TEXT, "%.*s\n[...]\n",
		    SERVICE_PRESS_MAX, said);
	else
		service_vars_set(&vars, SV_TEXT, "%s", said);
	free(said);
	snprintf(state, sizeof state, "message from %s", sm->me.name !=
	    NULL ? sm->me.name : sm->me.address);
	buf_init(&sent);
	rc = 0;
	for (i = 0; i < sg->nseats && rc == 0; i++) {
		if (sg->seats[i].player.id == 0 ||
		    sg->seats[i].player.id == sm->me.id ||
		    service_proof_untold(sg, &sg->seats[i]))
			continue;
		for (j = 0; j < i; j++) {
			if (sg->seats[j].player.id == sg->seats[i].player.id)
				break;
		}
		if (j < i)
			continue;
		rc = service_mail_game(sm, sg, &sg->seats[i].player,
		    TEMPLATE_PRESS, &vars, state, cause);
		if (sent.len > 0)
			buf_adds(&sent, ", ");
		service_label(&sg->seats[i].player, &sent);
		n++;
	}
	if (rc == 0 && n > 0)
		log_info("game G%lld: press from %s to %s", sg->row.id,
		    sm->me.address, sent.data);
	if (rc == 0 && n > 0 && loud)
		service_notice(sm, "Your message in game G%lld went to %s.\n",
		    sg->row.id, sent.data);
	buf_free(&who);
	buf_free(&sent);
	service_vars_free(&vars);
	return (rc == -1 ? -1 : n > 0);
}

/* press TEXT: a message to the other players of the mail's game. */
int
service_press_command(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	sg;
	int			rc;

	if ((rc = service_press_game(sm, &sg, cause)) == -1)
		return (-1);
	if (rc == 0) {
		service_error(sm, "press: mupbem cannot tell which game your "
		    "message is for; reply to a mail of that game");
		return (0);
	}
	rc = service_press_send(sm, &sg, c->arg, 1, cause);
	service_game_free(&sg);
	return (rc == -1 ? -1 : 0);
}
