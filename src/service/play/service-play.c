#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command.h"
#include "log.h"
#include "mailloop.h"
#include "message.h"
#include "play.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"


/*
 * Playing and looking: a turn, a preview, and the commands that only
 * read (board, history, games, observe).
 *
 * A turn is checked in this order, and the first failure changes
 * nothing and says why: the game exists and is in play, the sender
 * holds a seat, the mail carries that seat's token (service_allowed),
 * it is their turn (resigning excepted), the #N guard names the current
 * turn, and the engine accepts the turn.  Then, in the mail's
 * transaction, the record gets the turn in canonical form, the table of
 * turns a row, and a mail goes to whom it concerns: the next player the
 * board and every turn since their last, the mover a short
 * confirmation (unless they "set confirm off"), observers (and players
 * who "set watch on") each turn, and everyone the end and the score;
 * the other players hear nothing until it is their turn.
 */

static int	service_play_rejected(struct service_mail *,
		    struct service_game *, const char *, char **);
static int	service_play_guess(struct service_mail *, int, const char *,
		    long long *, char **);
static int	service_play_show(struct service_mail *,
		    struct service_game *, char **);
static int	service_play_resigning(const char *);
static int	service_play_guard(const struct service_game *, int, int);

/* Tell the sender why their turn in sg changed nothing. */
static int
service_play_rejected(struct service_mail *sm, struct service_game *sg,
    const char *why, char **cause)
{
	struct service_vars	vars;
	char			state[64];
	int			rc;

	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	service_vars_error(&vars, why);
	snprintf(state, sizeof state, "turn %d not played",
	    sg->row.turns + 1);
	rc = service_mail_game(sm, sg, &sm->me, TEMPLATE_REJECTED, &vars,
	    state, cause);
	service_vars_free(&vars);
	return (rc);
}

/*
 * Does #guard still name seat's turn in sg?  It does if it is the next
 * turn, or if every turn since the one it names was another player's
 * resignation: resigning out of turn changes nothing on the board, so
 * a turn written before it still means what its writer meant.
 */
static int
service_play_guard(const struct service_game *sg, int seat, int guard)
{
	size_t	i;

	if (guard == sg->row.turns + 1)
		return (1);
	if (guard < 1 || guard > sg->row.turns)
		return (0);
	for (i = (size_t)guard - 1; i < sg->rec.nactions; i++) {
		if (service_announce_seat_at(sg, i) == seat ||
		    strcmp(sg->rec.actions[i].text, "resign") != 0)
			return (0);
	}
	return (1);
}

/*
 * A turn with no game named: the one game in play the sender has a
 * seat in.  1 and *id, 0 after telling the sender, -1.  A "turn" from
 * the subject (line 0) of a player with no game is just words.
 */
static int
service_play_guess(struct service_mail *sm, int line, const char *text,
    long long *id, char **cause)
{
	struct store_game	*games;
	size_t			 n, i, playing = 0;

	if (store_game_list(sm->sv->store, sm->me.id, &games, &n,
	    cause) == -1)
		return (-1);
	for (i = 0; i < n; i++) {
		if (strcmp(games[i].status, "playing") == 0) {
			*id = games[i].id;
			playing++;
		}
	}
	store_game_list_free(games, n);
	if (playing == 1)
		return (1);
	if (playing == 0 && line == 0) {
		service_error(sm, "'%s' is not a command mupbem knows", text);
		service_help(sm, NULL);
	} else if (playing == 0) {
		service_error(sm, "mupbem read a turn in your mail but you "
		    "have no game in play; write \"help\" for the commands, "
		    "or \"new velox with ADDRESS\" to start a game");
		service_help(sm, NULL);
	} else {
		service_error(sm, "mupbem read a turn in your mail but you "
		    "play %zu games: reply to the mail that shows the board "
		    "of the game you mean",
		    playing);
	}
	return (0);
}

/* Is the turn text a resignation? */
static int
service_play_resigning(const char *text)
{
	size_t	len;

	while (isspace((unsigned char)*text))
		text++;
	len = strlen(text);
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	return (len == 6 && strncasecmp(text, "resign", 6) == 0);
}

/* A turn: check it, play it, store it, tell everyone. */
int
service_play_turn(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct store_seat	*seat;
	struct buf		 canon, report;
	const struct game_ops	*ops;
	char			*why = NULL, *err;
	long long		 id = c->game != 0 ? c->game : sm->context;
	int			 rc, next, turn;

	if (sm->turns++ > 0) {
		service_error(sm, "line %d: one turn per mail; this one was "
		    "not read (send it after the board comes back)", c->line);
		return (0);
	}
	if (id == 0 && (rc = service_play_guess(sm, c->line, c->arg, &id,
	    cause)) != 1)
		return (rc);
	if (sm->loaded != NULL && sm->loaded->row.id == id) {
		/* Read for the mail's first command, this one. */
		sg = *sm->loaded;
		memset(sm->loaded, 0, sizeof *sm->loaded);
		sm->loaded = NULL;
	} else if ((rc = service_game_load(sm, id, &sg, cause)) != 1)
		return (rc);
	ops = sg.g->ops;
	rc = 0;
	if (strcmp(sg.row.status, "playing") != 0) {
		service_error(sm, "'%s': game G%lld %s", c->arg, sg.row.id,
		    strcmp(sg.row.status, "inviting") == 0 ? "has not "
		    "started yet" : strcmp(sg.row.status, "over") == 0 ?
		    "is over" : "was cancelled");
		goto out;
	}
	if ((seat = service_game_seat_of(&sg, sm->me.id)) == NULL) {
		service_error(sm, "'%s': you have no seat in game G%lld; "
		    "nothing was played", c->arg, sg.row.id);
		goto out;
	}
	if ((rc = service_allowed(sm, &sg, "a turn", cause)) != 1)
		goto out;
	rc = 0;
	if (strcmp(seat->state, "resigned") == 0) {
		rc = service_play_rejected(sm, &sg, "you have resigned from "
		    "this game", cause);
		goto out;
	}
	next = ops->to_move(sg.g);
	if (next != seat->seat && !service_play_resigning(c->arg)) {
		xasprintf(&err, "it is not your turn: it is %s's",
		    ops->seat_name(sg.g, next));
		rc = service_play_rejected(sm, &sg, err, cause);
		free(err);
		goto out;
	}
	if (c->guard != 0 && !service_play_guard(&sg, seat->seat, c->guard)) {
		xasprintf(&err, "#%d: your mail was written for turn %d, but "
		    "the game is at turn %d (the board below is the current "
		    "one)", c->guard, c->guard, sg.row.turns + 1);
		rc = service_play_rejected(sm, &sg, err, cause);
		free(err);
		goto out;
	}
	buf_init(&canon);
	buf_init(&report);
	if (game_play(sg.g, seat->seat, c->arg, strlen(c->arg), &canon,
	    &report, &why) == -1) {
		rc = service_play_rejected(sm, &sg, why, cause);
		free(why);
		goto done;
	}
	record_add(&sg.rec, ops->seat_name(sg.g, seat->seat), canon.data);
	turn = (int)sg.rec.nactions;
	if ((rc = store_action_add(sm->sv->store, sg.row.id, sm->me.id,
	    turn, canon.data, sm->m->message_id, sm->ml->now, cause)) == -1)
		goto done;
	sm->played = 1;
	if (service_play_resigning(c->arg) && (rc = store_seat_set(
	    sm->sv->store, sg.row.id, seat->seat, sm->me.id, "resigned",
	    cause)) == -1)
		goto done;
	if ((rc = service_game_forced(sm, &sg, &report, cause)) == -1 ||
	    (rc = service_game_save(sm, &sg, ops->to_move(sg.g) == -1 ?
	    "over" : "playing", cause)) == -1)
		goto done;
	rc = service_announce(sm, &sg, seat->seat, turn, report.len > 0 ?
	    report.data : "", NULL, NULL, cause);
done:
	buf_free(&canon);
	buf_free(&report);
out:
	service_game_free(&sg);
	return (rc);
}

/* preview TURN: play it on a copy and show the result. */
int
service_play_preview(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg, after;
	struct service_vars	 vars;
	struct store_seat	*seat;
	struct game		*copy;
	struct record		 shown;
	struct buf		 report, canon;
	char			*why = NULL, state[64];
	int			 rc, as;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	rc = 0;
	if (strcmp(sg.row.status, "playing") != 0) {
		service_error(sm, "preview: game G%lld is not in play",
		    sg.row.id);
		goto out;
	}
	seat = service_game_seat_of(&sg, sm->me.id);
	as = seat != NULL ? seat->seat : sg.g->ops->to_move(sg.g);
	copy = game_copy(sg.g);
	buf_init(&report);
	buf_init(&canon);
	if (game_play(copy, as, c->arg, strlen(c->arg), &canon, &report,
	    &why) == -1) {
		game_free(copy);
		buf_free(&report);
		buf_free(&canon);
		rc = service_play_rejected(sm, &sg, why, cause);
		free(why);
		goto out;
	}
	/* The board, its status and score are all the preview's. */
	after = sg;
	after.g = copy;
	service_vars_init(&vars);
	service_vars_game(&vars, &after);
	service_vars_set(&vars, SV_REPORT, "%s", report.len > 0 ?
	    report.data : "");
	snprintf(state, sizeof state, "preview of turn %d", sg.row.turns + 1);
	/* Its picture is the preview's too: the record with the turn. */
	record_init(&shown, NULL, NULL, 0);
	if (record_parse(&shown, sg.row.record, &why) == 0) {
		record_add(&shown, sg.g->ops->seat_name(sg.g, as), canon.data);
		sg.shown = &shown;
	}
	free(why);
	why = NULL;
	rc = service_mail_game(sm, &sg, &sm->me, TEMPLATE_PREVIEW, &vars,
	    state, cause);
	record_free(&shown);
	service_vars_free(&vars);
	game_free(copy);
	buf_free(&report);
	buf_free(&canon);
out:
	service_game_free(&sg);
	return (rc);
}

/* Send the sender sg's board: as their turn if it is, else a notice. */
static int
service_play_show(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	struct service_vars	 vars;
	struct store_seat	*seat;
	char			 state[64];
	int			 rc;

	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	seat = service_game_seat_of(sg, sm->me.id);
	if (seat != NULL && strcmp(sg->row.status, "playing") == 0 &&
	    seat->seat == sg->g->ops->to_move(sg->g)) {
		snprintf(state, sizeof state, "your turn %d",
		    sg->row.turns + 1);
		rc = service_mail_game(sm, sg, &sm->me, TEMPLATE_YOUR_TURN,
		    &vars, state, cause);
	} else {
		/* The board goes in the text: in the sender's form. */
		free(service_mail_board(sg, &sm->me, TEMPLATE_NOTICE, &vars));
		service_vars_set(&vars, SV_TEXT, "Game G%lld (%s), %s, turn "
		    "%d.\n\n%s\n%s%s", sg->row.id, sg->g->ops->name,
		    sg->row.status, sg->row.turns + 1, vars.v[SV_BOARD],
		    vars.v[SV_SCORE], vars.v[SV_STATUS]);
		snprintf(state, sizeof state, "board at turn %d",
		    sg->row.turns + 1);
		rc = service_mail_game(sm, sg, &sm->me, TEMPLATE_NOTICE, &vars,
		    state, cause);
	}
	service_vars_free(&vars);
	return (rc);
}

/* board [G]: one game's board, or those of every game in play. */
int
service_play_board(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct store_game	*games;
	size_t			 n, i, shown = 0;
	int			 rc;

	if (c->game != 0 || sm->context != 0) {
		if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
			return (rc);
		rc = service_play_show(sm, &sg, cause);
		service_game_free(&sg);
		return (rc);
	}
	if (store_game_list(sm->sv->store, sm->me.id, &games, &n,
	    cause) == -1)
		return (-1);
	for (i = 0, rc = 0; i < n && rc == 0; i++) {
		if (strcmp(games[i].status, "playing") != 0)
			continue;
		if ((rc = service_game_load(sm, games[i].id, &sg,
		    cause)) != 1) {
			rc = rc == -1 ? -1 : 0;
			continue;
		}
		rc = service_play_show(sm, &sg, cause);
		service_game_free(&sg);
		shown++;
	}
	store_game_list_free(games, n);
	if (rc == 0 && shown == 0)
		service_error(sm, "board: you have no game in play; write "
		    "board G12 for another game");
	return (rc == -1 ? -1 : 0);
}

/* history G: the whole record. */
int
service_play_history(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct service_vars	 vars;
	int			 rc;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	if (strcmp(sg.row.status, "inviting") == 0 ||
	    (strcmp(sg.row.status, "abandoned") == 0 && sg.rec.nseats == 0)) {
		/* Its seed would tell who sits where before the draw. */
		service_error(sm, "history: game G%lld has no record yet; it "
		    "begins when the game starts", sg.row.id);
		service_game_free(&sg);
		return (0);
	}
	service_vars_init(&vars);
	service_vars_game(&vars, &sg);
	service_vars_set(&vars, SV_TEXT, "The record of game G%lld (%s), "
	    "%d turns:\n\n%s", sg.row.id, sg.g->ops->name,
	    sg.row.turns, sg.row.record);
	rc = service_mail_game(sm, &sg, &sm->me, TEMPLATE_NOTICE, &vars,
	    "history", cause);
	service_vars_free(&vars);
	service_game_free(&sg);
	return (rc);
}

/* games: the sender's games, and whose turn it is in each. */
int
service_play_games(struct service_mail *sm, char **cause)
{
	struct service_game	 sg;
	struct service_vars	 vars;
	struct store_game	*games;
	struct buf		 text, line;
	size_t			 n, i;
	int			 rc = 0;

	if (store_game_list(sm->sv->store, sm->me.id, &games, &n,
	    cause) == -1)
		return (-1);
	buf_init(&text);
	buf_init(&line);
	buf_addf(&text, "Your games (%zu):\n\n", n);
	for (i = 0; i < n && rc != -1; i++) {
		if ((rc = service_game_load(sm, games[i].id, &sg,
		    cause)) != 1)
			continue;
		buf_reset(&line);
		buf_addf(&line, "  G%lld %s, %s, turn %d. ", sg.row.id,
		    sg.g->ops->name, sg.row.status, sg.row.turns + 1);
		service_game_waits(&sg, &line);
		if (line.len > 0 && line.data[line.len - 1] == '\n') {
			line.data[--line.len] = '\0';
			buf_addc(&line, ' ');
			service_clock_line(sm, &sg, &sm->me, &line);
			buf_addc(&line, '\n');
		}
		text_wrap(&text, line.data, TEXT_WRAP, TEXT_WIDTH);
		service_game_free(&sg);
	}
	store_game_list_free(games, n);
	if (rc != -1) {
		if (n == 0)
			buf_adds(&text, "  none yet: write \"new velox with "
			    "ADDRESS\" to start one.\n");
		service_vars_init(&vars);
		service_vars_set(&vars, SV_TEXT, "%s", text.data);
		service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
		service_vars_free(&vars);
		rc = 0;
	}
	buf_free(&text);
	buf_free(&line);
	return (rc);
}

/* observe G, unobserve G */
int
service_play_observe(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct service_vars	 vars;
	int			 rc, on = c->type == COMMAND_OBSERVE;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	service_vars_init(&vars);
	service_vars_game(&vars, &sg);
	/*
	 * Every turn will go to the sender: under the token policy only
	 * to one who shows they read mail there, by answering a game mail
	 * (or writing to its reply address).  Anyone else is asked to,
	 * once, in a game mail that is that proof's way.
	 */
	if (on && !service_token_ok(sm, &sg) && sm->answers != sg.row.id) {
		log_info("game G%lld: observe from %s without its token; "
		    "asked to answer", sg.row.id, sm->me.address);
		service_vars_set(&vars, SV_TEXT, "To follow game G%lld (%s), "
		    "answer this mail with the line\n\n    observe\n\nmupbem "
		    "sends every turn only to an address that shows it reads "
		    "the mail sent there.\n", sg.row.id, sg.g->ops->name);
		rc = service_mail_game(sm, &sg, &sm->me, TEMPLATE_NOTICE,
		    &vars, "observe: answer to confirm", cause);
		service_vars_free(&vars);
		goto out;
	}
	if ((rc = store_observe(sm->sv->store, sg.row.id, sm->me.id, on,
	    cause)) == -1) {
		service_vars_free(&vars);
		goto out;
	}
	if (on) {
		service_vars_set(&vars, SV_TEXT, "%s game G%lld (%s): every "
		    "turn comes to you by mail. Write \"unobserve G%lld\" to "
		    "stop.\n\n%s\n%s", rc == 1 ? "You now follow" :
		    "You already follow", sg.row.id, sg.g->ops->name,
		    sg.row.id, vars.v[SV_BOARD], vars.v[SV_STATUS]);
	} else {
		service_vars_set(&vars, SV_TEXT, "%s game G%lld.\n",
		    rc == 1 ? "You no longer follow" : "You were not following",
		    sg.row.id);
	}
	rc = service_mail_game(sm, &sg, &sm->me, TEMPLATE_NOTICE, &vars,
	    on ? "observing" : "not observing", cause);
	service_vars_free(&vars);
out:
	service_game_free(&sg);
	return (rc);
}
