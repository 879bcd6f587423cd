#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "service-private.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A turn told to everyone it concerns: the player to move next gets
 * the board with every turn since their own last one, replayed from
 * the record (record-cache.c); the mover a short confirmation; the
 * observers and watchers every turn; at the end everyone the last
 * report, the board and the score.  Every way a turn is made comes
 * here: a player's mail (play/service-play.c), a robot's thought, a
 * timeout or a forfeit (service-clock.c).
 */

static struct game *service_announce_replay(struct service *,
		    const struct service_game *, size_t);
static void	service_announce_since(struct service *,
		    const struct service_game *, int, struct buf *);
static void	service_announce_named(const struct service_game *,
		    const char *, struct buf *);
static size_t	service_announce_out_from(const struct service_game *,
		    int);

/* The seat in sg's record line i: its number, -1 if none. */
int
service_announce_seat_at(const struct service_game *sg, size_t i)
{
	const char	*name = sg->rec.actions[i].seat;

	return (sg->g->ops->seat_parse(sg->g, name, strlen(name)));
}

/*
 * sg's game as it stood before line i of its record; NULL if not.
 * Replayed from the games sv replayed last (record-cache.c).
 */
static struct game *
service_announce_replay(struct service *sv, const struct service_game *sg,
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
 * The first line of sg's record that mupbem played for seat, out of
 * the game (a timeout, a forfeit: service_clock_out() notes it as
 * "WHEN: blue (Alice) ran out of time"); SIZE_MAX while it is in.
 */
static size_t
service_announce_out_from(const struct service_game *sg, int seat)
{
	const struct record_note	*note;
	struct buf			 who;
	size_t				 i, from = SIZE_MAX;

	for (i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].seat == seat && sg->seats[i].out != NULL)
			break;
	}
	if (i == sg->nseats)
		return (SIZE_MAX);
	buf_init(&who);
	buf_addf(&who, ": %s (", sg->g->ops->seat_name(sg->g, seat));
	for (i = sg->rec.nnotes; i > 0 && from == SIZE_MAX; i--) {
		note = &sg->rec.notes[i - 1];
		if (strstr(note->text, who.data) != NULL &&
		    (strstr(note->text, ") ran out of time") != NULL ||
		    strstr(note->text, ") forfeits") != NULL))
			from = note->after;
	}
	buf_free(&who);
	return (from);
}

/*
 * What happened in sg since seat's last turn (or since the start): each
 * turn's number, who made it and its report, replayed from the record.
 * Their last turn is one they chose: a turn mupbem made for them, as
 * their only choice, is news to them too.
 */
static void
service_announce_since(struct service *sv, const struct service_game *sg,
    int seat, struct buf *out)
{
	struct game	*g = NULL;
	struct buf	 who, line;
	const char	*text;
	size_t		 i, start = 0, n = sg->rec.nactions;
	char		*why = NULL;
	int		 mover, forced;

	for (i = n; i > 0 && g == NULL; i--) {
		if (service_announce_seat_at(sg, i - 1) != seat)
			continue;
		if ((g = service_announce_replay(sv, sg, i - 1)) == NULL)
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
	if (g == NULL && (g = service_announce_replay(sv, sg, 0)) == NULL)
		return;
	buf_init(&who);
	buf_init(&line);
	for (i = start; i < n; i++) {
		mover = service_announce_seat_at(sg, i);
		text = sg->rec.actions[i].text;
		buf_reset(&who);
		service_announce_who(sg, mover, &who);
		forced = g->ops->to_move(g) == mover &&
		    service_game_one_choice(g, NULL);
		/* Not a turn they made: never said as if it were. */
		if (i >= service_announce_out_from(sg, mover))
			buf_addf(&line, "Turn %zu, mupbem for %s, who is out "
			    "of the game: %s\n", i + 1, who.data, text);
		else
			buf_addf(&line, "Turn %zu, %s: %s%s\n", i + 1,
			    who.data, text, forced ?
			    " (the only choice: mupbem played it)" : "");
		text_wrap(out, line.data, TEXT_WRAP, TEXT_WIDTH);
		buf_reset(&line);
		if (game_play(g, mover, text, strlen(text), NULL, out,
		    &why) == -1) {
			free(why);
			break;
		}
		if (i + 1 < n)
			buf_addc(out, '\n');
	}
	buf_free(&who);
	buf_free(&line);
	game_free(g);
}

/*
 * The final score of report, with each seat's colour followed by its
 * player's name: "Score: red (Alice) 12, blue (Bob) 9", "Black (Bob)
 * won 4 games".  Only the lines from the score on are touched; a whole
 * word, in any case, is a colour.  Wrapped again to fit a mail.
 */
static void
service_announce_named(const struct service_game *sg, const char *report,
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
service_announce_who(const struct service_game *sg, int seat, struct buf *out)
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
service_announce(struct service_mail *sm, struct service_game *sg,
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
	enum service_var	 v;
	int			 next = g->ops->to_move(g), rc = 0;

	if (service_game_everyone(sm, sg, &all, &n, cause) == -1)
		return (-1);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	buf_init(&who);
	/* A turn the server made for the mover is not said to be theirs. */
	if (mover_state != NULL)
		buf_adds(&who, "mupbem, for ");
	service_announce_who(sg, mover, &who);
	if (mover_state != NULL)
		buf_addc(&who, ',');
	service_vars_set(&vars, SV_MOVER, "%s", who.data);
	buf_free(&who);
	buf_init(&since);
	buf_init(&named);
	buf_init(&wrapped);
	/* The board's score says how it ended too: in the same words. */
	for (i = 0; next == -1 && mover_state != NULL && i < 2; i++) {
		v = i == 0 ? SV_BOARD : SV_SCORE;
		if (vars.v[v] == NULL)
			continue;
		buf_adds(&named, vars.v[v]);
		service_clock_words(&named, strcmp(mover_state,
		    "you forfeit") != 0);
		service_vars_set(&vars, v, "%s", named.data);
		buf_reset(&named);
	}
	/* A lead ("Red ran out of time: ...") is prose: fit it to a mail. */
	text_wrap(&wrapped, lead, TEXT_WRAP, TEXT_WIDTH);
	lead = wrapped.len > 0 ? wrapped.data : "";
	if (next != -1)
		service_announce_since(sm->sv, sg, next, &since);
	for (i = 0; i < n && rc == 0; i++) {
		seat = service_game_seat_of(sg, all[i].id);
		service_vars_set(&vars, SV_TURN, "%d", turn);
		service_vars_set(&vars, SV_REPORT, "%s%s", lead, report);
		if (next == -1) {
			kind = TEMPLATE_OVER;
			snprintf(state, sizeof state, "game over");
			buf_reset(&named);
			service_announce_named(sg, report, &named);
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
