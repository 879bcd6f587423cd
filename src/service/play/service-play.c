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
static int	service_play_seat_at(const struct service_game *, size_t);
static int	service_play_guard(const struct service_game *, int, int);
static struct game *service_play_replay(struct service *,
		    const struct service_game *, size_t);
static void	service_play_since(struct service *,
		    const struct service_game *, int, struct buf *);
static void	service_play_named(const struct service_game *,
		    const char *, struct buf *);

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

/* The seat in sg's record line i: its number, -1 if none. */
static int
service_play_seat_at(const struct service_game *sg, size_t i)
{
	const char	*name = sg->rec.actions[i].seat;

	return (sg->g->ops->seat_parse(sg->g, name, strlen(name)));
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
		if (service_play_seat_at(sg, i) == seat ||
		    strcmp(sg->rec.actions[i].text, "resign") != 0)
			return (0);
	}
	return (1);
}

/*
 * sg's game as it stood before line i of its record; NULL if not.
 * Replayed from the games sv replayed last (record-cache.c).
 */
static struct game *
service_play_replay(struct service *sv, const struct service_game *sg,
    size_t i)
{
	struct game	*g;
	char		*why = NULL;

	if ((g = record_cache_replay(sv->replays, &sg->rec, i,
	    &why)) == NULL) {
		/* Cannot happen: the whole record replayed when loaded. */
		free(why);
	}
	return (g);
}

/*
 * What happened in sg since seat's last turn (or since the start): each
 * turn's number, who made it and its report, replayed from the record.
 * Their last turn is one they chose: a turn mupbem made for them, as
 * their only choice, is news to them too.
 */
static void
service_play_since(struct service *sv, const struct service_game *sg,
    int seat, struct buf *out)
{
	struct game	*g = NULL;
	struct buf	 who;
	const char	*text;
	size_t		 i, start = 0, n = sg->rec.nactions;
	char		*why = NULL;
	int		 mover, forced;

	for (i = n; i > 0 && g == NULL; i--) {
		if (service_play_seat_at(sg, i - 1) != seat)
			continue;
		if ((g = service_play_replay(sv, sg, i - 1)) == NULL)
			return;
		text = sg->rec.actions[i - 1].text;
		if (service_game_one_choice(g, NULL) || game_play(g, seat,
		    text, strlen(text), NULL, NULL, &why) == -1) {
			free(why);
			why = NULL;
			game_free(g);
			g = NULL;
		} else
			start = i;
	}
	if (g == NULL && (g = service_play_replay(sv, sg, 0)) == NULL)
		return;
	buf_init(&who);
	for (i = start; i < n; i++) {
		mover = service_play_seat_at(sg, i);
		text = sg->rec.actions[i].text;
		buf_reset(&who);
		service_play_who(sg, mover, &who);
		forced = g->ops->to_move(g) == mover &&
		    service_game_one_choice(g, NULL);
		buf_addf(out, "Turn %zu, %s: %s%s\n", i + 1, who.data, text,
		    forced ? " (the only choice: mupbem played it)" : "");
		if (game_play(g, mover, text, strlen(text), NULL, out,
		    &why) == -1) {
			free(why);
			break;
		}
		if (i + 1 < n)
			buf_addc(out, '\n');
	}
	buf_free(&who);
	game_free(g);
}

/*
 * The final score of report, with each seat's colour followed by its
 * player's name: "Score: red (Alice) 12, blue (Bob) 9", "Black (Bob)
 * won 4 games".  Only the lines from the score on are touched; a whole
 * word, in any case, is a colour.  Wrapped again to fit a mail.
 */
static void
service_play_named(const struct service_game *sg, const char *report,
    struct buf *out)
{
	const char	*score, *p, *name, *colour;
	struct buf	 named;
	size_t		 i, n;
	int		 seat, found;

	if ((score = strstr(report, "Score:")) == NULL &&
	    (score = strstr(report, "Final score:")) == NULL) {
		buf_adds(out, report);
		return;
	}
	buf_add(out, report, (size_t)(score - report));
	buf_init(&named);
	for (p = score; *p != '\0'; p += n) {
		n = 1;
		found = 0;
		if (isalpha((unsigned char)*p) && (p == score ||
		    !isalnum((unsigned char)p[-1]))) {
			for (n = 0; isalpha((unsigned char)p[n]); n++)
				;
			for (i = 0; !found && i < sg->nseats; i++) {
				seat = sg->seats[i].seat;
				colour = sg->g->ops->seat_name(sg->g, seat);
				name = sg->seats[i].player.name != NULL ?
				    sg->seats[i].player.name :
				    sg->seats[i].player.address;
				if (strlen(colour) == n &&
				    strncasecmp(colour, p, n) == 0) {
					buf_addf(&named, "%.*s (%s)", (int)n, p,
					    name);
					found = 1;
				}
			}
		}
		if (!found)
			buf_add(&named, p, n);
	}
	text_wrap(out, named.data, TEXT_WRAP, TEXT_WIDTH);
	buf_free(&named);
}

/* "red (Alice <alice@example.org>)": seat and its player. */
void
service_play_who(const struct service_game *sg, int seat, struct buf *out)
{
	size_t	i;

	buf_addf(out, "%s (", sg->g->ops->seat_name(sg->g, seat));
	for (i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].seat == seat)
			service_label(&sg->seats[i].player, out);
	}
	buf_addc(out, ')');
}

/*
 * Tell whom it concerns what the turn of seat mover did.  The player to
 * move next gets the board with every turn since their own last one;
 * the mover a short confirmation without the board (none with "set
 * confirm off"); observers, and players who "set watch on", every turn,
 * with the board; the other players nothing until it is their turn.
 * When the game ends, everyone
 * gets the last report, the board and the score.
 *
 * When the server acted for the mover (a timeout, a forfeit), lead
 * says so ahead of every report, the mover hears of it with
 * mover_state ("you ran out of time") instead of a confirmation, and
 * every player hears of it at once.
 */
int
service_play_announce(struct service_mail *sm, struct service_game *sg,
    int mover, int turn, const char *report, const char *lead,
    const char *mover_state, char **cause)
{
	const struct game	*g = sg->g;
	struct store_player	*all;
	struct store_seat	*seat;
	struct service_vars	 vars;
	struct buf		 who, since, named, wrapped;
	enum template_kind	 kind;
	char			 state[96];
	size_t			 n, i;
	int			 next = g->ops->to_move(g), rc = 0;

	if (service_game_everyone(sm, sg, &all, &n, cause) == -1)
		return (-1);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	buf_init(&who);
	service_play_who(sg, mover, &who);
	service_vars_set(&vars, SV_MOVER, "%s", who.data);
	buf_free(&who);
	buf_init(&since);
	buf_init(&named);
	buf_init(&wrapped);
	/* A lead ("Red ran out of time: ...") is prose: fit it to a mail. */
	text_wrap(&wrapped, lead, TEXT_WRAP, TEXT_WIDTH);
	lead = wrapped.len > 0 ? wrapped.data : "";
	if (next != -1)
		service_play_since(sm->sv, sg, next, &since);
	for (i = 0; i < n && rc == 0; i++) {
		seat = service_game_seat_of(sg, all[i].id);
		service_vars_set(&vars, SV_TURN, "%d", turn);
		service_vars_set(&vars, SV_REPORT, "%s%s", lead, report);
		if (next == -1) {
			kind = TEMPLATE_OVER;
			snprintf(state, sizeof state, "game over");
			buf_reset(&named);
			service_play_named(sg, report, &named);
			service_vars_set(&vars, SV_REPORT, "%s%s", lead,
			    named.data);
		} else if (seat != NULL && seat->seat == next) {
			kind = TEMPLATE_YOUR_TURN;
			service_vars_set(&vars, SV_TURN, "%d",
			    sg->row.turns + 1);
			service_vars_set(&vars, SV_REPORT, "%s%s", lead,
			    since.len > 0 ? since.data : report);
			snprintf(state, sizeof state, "your turn %d",
			    sg->row.turns + 1);
		} else if (seat != NULL && seat->seat == mover &&
		    mover_state != NULL) {
			kind = TEMPLATE_PLAYED;
			snprintf(state, sizeof state, "%s", mover_state);
		} else if (seat != NULL && seat->seat == mover) {
			if (strcmp(service_set_get(&all[i], "confirm"),
			    "off") == 0)
				continue;
			kind = TEMPLATE_ACCEPTED;
			snprintf(state, sizeof state, "you played turn %d",
			    turn);
		} else if (seat != NULL && mover_state == NULL &&
		    strcmp(service_set_get(&all[i], "watch"), "on") != 0)
			continue;
		else {
			kind = TEMPLATE_PLAYED;
			snprintf(state, sizeof state, "%s played turn %d",
			    g->ops->seat_name(g, mover), turn);
		}
		/* Mail about a turn played is play: max_mails holds none. */
		sm->announcing = 1;
		rc = service_mail_game(sm, sg, &all[i], kind, &vars, state,
		    cause);
		sm->announcing = 0;
	}
	buf_free(&since);
	buf_free(&named);
	buf_free(&wrapped);
	service_vars_free(&vars);
	store_players_free(all, n);
	return (rc);
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
	rc = service_play_announce(sm, &sg, seat->seat, turn, report.len > 0 ?
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
