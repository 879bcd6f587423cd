#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "log.h"
#include "mailloop.h"
#include "service-family.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A game as the service handles it: the store's row, its record parsed
 * and replayed into a live game, and its seats.  The record is the
 * truth (docs/record.md); the game is rebuilt from it for each mail,
 * and saved back whole, in the mail's transaction, after an action
 * succeeds.  Rebuilt from the games replayed last (record-cache.c):
 * the game a saved record makes is kept, so the next mail about it
 * replays only what was played since, if anything.
 *
 * A game's status moves inviting -> playing -> over, or to abandoned
 * when an invitation is declined or the creator withdraws.  Before the
 * start the seats are places in the order of the invitation (the
 * creator first); at the start the seeded draw of the record seats the
 * players (MU-RULINGS, "Play by email"), and seat n is then the game's
 * seat n (red, blue, ...).
 */

/*
 * Load game id into sg: 1, or 0 (after telling the sender) if there is
 * no such game or its record cannot be read, or -1 if the store fails.
 */
int
service_game_load(struct service_mail *sm, long long id,
    struct service_game *sg, char **cause)
{
	return (service_game_read(sm, id, 0, sg, cause));
}

/*
 * As service_game_load(), but if quiet a game that does not exist is
 * 0 without a word to the sender.
 */
int
service_game_read(struct service_mail *sm, long long id, int quiet,
    struct service_game *sg, char **cause)
{
	char	*why = NULL;
	int	 rc;

	memset(sg, 0, sizeof *sg);
	record_init(&sg->rec, NULL, NULL, 0);
	if ((rc = store_game_get(sm->sv->store, id, &sg->row, cause)) != 1) {
		if (rc == 0 && !quiet)
			service_error(sm, "there is no game G%lld", id);
		return (rc);
	}
	if (record_parse(&sg->rec, sg->row.record, &why) == -1 ||
	    (sg->g = record_cache_replay(sm->sv->replays, &sg->rec,
	    sg->rec.nactions, &why)) == NULL) {
		log_warnx("game G%lld: its record does not replay: %s", id,
		    why);
		service_error(sm, "game G%lld cannot be read just now; the "
		    "server's operator has been told", id);
		free(why);
		service_game_free(sg);
		return (0);
	}
	if (store_seats(sm->sv->store, id, &sg->seats, &sg->nseats,
	    cause) == -1) {
		service_game_free(sg);
		return (-1);
	}
	return (1);
}

void
service_game_free(struct service_game *sg)
{
	store_game_free(&sg->row);
	record_free(&sg->rec);
	game_free(sg->g);
	store_seats_free(sg->seats, sg->nseats);
	memset(sg, 0, sizeof *sg);
}

/* Write sg's record back with status, and bring its clock up to date. */
int
service_game_save(struct service_mail *sm, struct service_game *sg,
    const char *status, char **cause)
{
	struct buf	text;
	int		rc;

	buf_init(&text);
	record_write(&sg->rec, &text);
	/* The row as it is to be; written with its clock. */
	free(sg->row.status);
	sg->row.status = xstrdup(status);
	sg->row.turns = (int)sg->rec.nactions;
	rc = service_clock_save(sm, sg, text.data, cause);
	if (rc == 0) {
		free(sg->row.record);
		sg->row.record = buf_steal(&text);
		if (sg->g != NULL)
			record_cache_put(sm->sv->replays, &sg->rec, sg->g);
	}
	if (rc == 0)
		rc = service_robot_seat_sync(sm, sg, cause);
	if (rc == 0 && strcmp(status, "over") == 0)
		rc = service_family_played(sm, sg, cause);
	buf_free(&text);
	return (rc);
}

/* The seat player holds in sg, or NULL. */
struct store_seat *
service_game_seat_of(const struct service_game *sg, long long player)
{
	size_t	i;

	for (i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].player.id == player)
			return (&sg->seats[i]);
	}
	return (NULL);
}

/* Who the game waits for, and how, wrapped to fit a mail. */
void
service_game_status(const struct service_game *sg, struct buf *out)
{
	struct buf	line;

	buf_init(&line);
	service_game_waits(sg, &line);
	text_wrap(out, line.data, TEXT_WRAP, TEXT_WIDTH);
	buf_free(&line);
}

/* One line, unwrapped: who the game waits for, and how. */
void
service_game_waits(const struct service_game *sg, struct buf *out)
{
	const struct game	*g = sg->g;
	size_t			 i, open = 0;
	int			 seat, waiting = 0;

	if (strcmp(sg->row.status, "inviting") == 0) {
		for (i = 0; i < sg->nseats; i++) {
			if (strcmp(sg->seats[i].state, "invited") == 0) {
				buf_adds(out, waiting++ == 0 ? "Waiting for " :
				    ", ");
				buf_addf(out, "%s to accept%s",
				    sg->seats[i].player.address, sg->row.held ?
				    " (not invited yet)" : "");
			} else if (strcmp(sg->seats[i].state, "open") == 0)
				open++;
		}
		if (open > 0) {
			buf_addf(out, "%s%zu open seat%s (write \"join "
			    "G%lld\" to take one)", waiting++ == 0 ?
			    "Waiting for " : " and ", open, open == 1 ? "" :
			    "s", sg->row.id);
		}
		buf_adds(out, ".\n");
		return;
	}
	/* The operator ended it (service-operator.c), not its play. */
	if (sg->row.ending != NULL && sg->row.result != NULL &&
	    strcmp(sg->row.ending, "cancelled") == 0) {
		buf_addf(out, "The game was %s.\n", sg->row.result);
		return;
	}
	if (sg->row.ending != NULL && sg->row.result != NULL &&
	    strcmp(sg->row.ending, "adjudicated") == 0) {
		buf_addf(out, "The game is over: %s.\n", sg->row.result);
		return;
	}
	if (strcmp(sg->row.status, "abandoned") == 0) {
		buf_adds(out, "The game was cancelled before it started.\n");
		return;
	}
	if ((seat = g->ops->to_move(g)) == -1) {
		buf_adds(out, "The game is over.\n");
		return;
	}
	buf_addf(out, "It is %s's turn: ", g->ops->seat_name(g, seat));
	for (i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].seat == seat)
			service_label(&sg->seats[i].player, out);
	}
	buf_adds(out, ".\n");
}

/*
 * The game a command is about: its own G number, else the game the
 * mail is tied to.  1 and *sg, 0 after telling the sender, -1.
 */
int
service_game_find(struct service_mail *sm, const struct command *c,
    struct service_game *sg, char **cause)
{
	long long	id = c->game != 0 ? c->game : sm->context;

	if (id == 0 && c->type == COMMAND_PREVIEW) {
		service_error(sm, "preview: which game? Reply to the mail that "
		    "shows its board");
		return (0);
	}
	if (id == 0) {
		service_error(sm, "%s: which game? Write it like G12, or "
		    "reply to a mail about the game", command_name(c->type));
		return (0);
	}
	return (service_game_load(sm, id, sg, cause));
}

/*
 * Everyone who hears of sg's moves: its players (but the invitees of a
 * held game, service-proof.c), then its observers.
 */
int
service_game_everyone(struct service_mail *sm, const struct service_game *sg,
    struct store_player **out, size_t *n, char **cause)
{
	struct store_player	*obs;
	size_t			 nobs, i, j;

	*out = NULL;
	*n = 0;
	if (store_observers(sm->sv->store, sg->row.id, &obs, &nobs,
	    cause) == -1)
		return (-1);
	*out = xreallocarray(NULL, sg->nseats + nobs + 1, sizeof **out);
	for (i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].player.id == 0 ||
		    service_proof_untold(sg, &sg->seats[i]))
			continue;
		for (j = 0; j < *n; j++) {
			if ((*out)[j].id == sg->seats[i].player.id)
				break;
		}
		if (j < *n)
			continue;
		store_player_copy(&(*out)[(*n)++], &sg->seats[i].player);
	}
	for (i = 0; i < nobs; i++) {
		if (service_game_seat_of(sg, obs[i].id) != NULL) {
			store_player_free(&obs[i]);
			continue;
		}
		(*out)[(*n)++] = obs[i];
	}
	free(obs);
	return (0);
}

/*
 * Has the player to move in g one legal turn only?  If so, and canon
 * is not NULL, it is added to canon.
 */
int
service_game_one_choice(const struct game *g, struct buf *canon)
{
	struct action	*list;
	int		 n;

	/* Counted first: a list is made only to say the one choice. */
	if (game_choices(g, 2) != 1)
		return (0);
	if (canon == NULL)
		return (1);
	n = g->ops->legal(g, &list);
	if (n == 1)
		g->ops->format(g, list, canon);
	free(list);
	return (n == 1);
}

/*
 * If a seat of sg that is out of the game (a timeout, a forfeit) may
 * resign now, resign for it: 1 if one did, 0 if none could, -1.
 */
static int
service_game_out_resign(struct service_mail *sm, struct service_game *sg,
    struct buf *report, char **cause)
{
	const struct game_ops	*ops = sg->g->ops;
	struct store_seat	*s;
	struct game		*copy;
	char			*why = NULL;
	size_t			 i;
	int			 ok;

	for (i = 0; i < sg->nseats; i++) {
		s = &sg->seats[i];
		if (s->out == NULL || strcmp(s->state, "resigned") == 0)
			continue;
		copy = game_copy(sg->g);
		ok = game_play(copy, s->seat, "resign", 6, NULL, NULL,
		    &why) == 0;
		game_free(copy);
		free(why);
		why = NULL;
		if (!ok)
			continue;
		if (report != NULL) {
			buf_addf(report, "%s%s is out of the game and resigns "
			    "(turn %zu).\n", report->len > 0 ? "\n" : "",
			    ops->seat_name(sg->g, s->seat),
			    sg->rec.nactions + 1);
		}
		if (game_play(sg->g, s->seat, "resign", 6, NULL, report,
		    &why) == -1) {
			free(why);
			continue;
		}
		record_add(&sg->rec, ops->seat_name(sg->g, s->seat), "resign");
		free(s->state);
		s->state = xstrdup("resigned");
		if (store_action_add(sm->sv->store, sg->row.id, s->player.id,
		    (int)sg->rec.nactions, "resign", NULL, sm->ml->now,
		    cause) == -1 || store_seat_set(sm->sv->store, sg->row.id,
		    s->seat, s->player.id, "resigned", cause) == -1)
			return (-1);
		return (1);
	}
	return (0);
}

/*
 * Play for whoever is to move in sg every turn the server makes: a
 * turn that is the only one they could make (Mu's first placement, a
 * pass with no move left, a lone withdrawal in Mur), as the server
 * does not wait for a mail that cannot say anything else, and every
 * turn of a seat that is out of the game, chosen by the random robot
 * until it may resign.  Into the record and the table of turns, saying
 * so in report (if not NULL).  The caller saves sg.  Returns how many
 * it played, or -1.
 */
int
service_game_forced(struct service_mail *sm, struct service_game *sg,
    struct buf *report, char **cause)
{
	const struct game_ops	*ops = sg->g->ops;
	struct store_seat	*s;
	struct action		*act;
	struct buf		 canon;
	long long		 player;
	char			*why = NULL;
	size_t			 i;
	int			 seat, played = 0, rc = 0, robot;

	buf_init(&canon);
	act = game_action_new(sg->g);
	while (played < SERVICE_GAME_FORCED_MAX &&
	    (seat = ops->to_move(sg->g)) != -1) {
		if ((rc = service_game_out_resign(sm, sg, report,
		    cause)) != 0) {
			if (rc == -1)
				break;
			played++;
			continue;
		}
		buf_reset(&canon);
		s = NULL;
		for (i = 0; i < sg->nseats; i++) {
			if (sg->seats[i].seat == seat)
				s = &sg->seats[i];
		}
		player = s != NULL ? s->player.id : 0;
		robot = s != NULL && s->out != NULL;
		if (robot) {
			ops->random(sg->g, sg->rec.seed ^
			    (0x9E3779B97F4A7C15ULL * (sg->rec.nactions + 1)),
			    act);
			ops->format(sg->g, act, &canon);
		} else if (!service_game_one_choice(sg->g, &canon))
			break;
		if (report != NULL && robot) {
			buf_addf(report, "%s%s is out of the game: mupbem "
			    "played %s for %s (turn %zu).\n", report->len > 0 ?
			    "\n" : "", ops->seat_name(sg->g, seat), canon.data,
			    ops->seat_name(sg->g, seat), sg->rec.nactions + 1);
		} else if (report != NULL) {
			buf_addf(report, "%s%s had one choice, %s, and mupbem "
			    "played it (turn %zu).\n", report->len > 0 ? "\n" :
			    "", ops->seat_name(sg->g, seat), canon.data,
			    sg->rec.nactions + 1);
		}
		if (game_play(sg->g, seat, canon.data, canon.len, NULL, report,
		    &why) == -1) {
			/* Cannot happen: the game made or listed it. */
			log_warnx("game G%lld: %s %s: %s", sg->row.id,
			    robot ? "robot" : "forced", canon.data, why);
			free(why);
			break;
		}
		record_add(&sg->rec, ops->seat_name(sg->g, seat), canon.data);
		if ((rc = store_action_add(sm->sv->store, sg->row.id, player,
		    (int)sg->rec.nactions, canon.data, NULL, sm->ml->now,
		    cause)) == -1)
			break;
		played++;
	}
	free(act);
	buf_free(&canon);
	return (rc == -1 ? -1 : played);
}
