#include "config.h"

#include <sys/random.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock.h"
#include "command.h"
#include "compete.h"
#include "config-file.h"
#include "game-registry.h"
#include "log.h"
#include "mailloop.h"
#include "play.h"
#include "robot-address.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"



/*
 * A game's life before play: "new" sets it up with the creator in the
 * first place, invited players in the next ones and open seats after;
 * each invited player answers "accept" or "decline" (declining cancels
 * the game), anyone may "join" an open seat, and a player who has a
 * place may "withdraw" (the creator's withdrawal cancels the game,
 * anyone else's opens their place again).  When every place is taken
 * the game starts: the record's seeded draw seats the players, and
 * everyone gets the first board.
 *
 * An unproven creator's invitations are held until a mail of theirs
 * proves their address (service-proof.c, [server] invitations).
 *
 * Answering and withdrawing change a game, so they need the player's
 * token under the token policy (service_allowed); creating and joining
 * need none, as the player has no place in the game yet.
 */

/* What the creator of a held game is told (service-proof.c). */
#define SERVICE_LIFECYCLE_HELD \
	"The invitations have not been sent yet. They go out when you answer\n" \
	"this mail: any answer will do, even just \"yes\". mupbem has to know\n" \
	"that the mail asking for this game came from you, as anyone can write\n" \
	"your address on a mail.\n"

static int	service_lifecycle_tell(struct service_mail *,
		    struct service_game *, const char *, const char *,
		    char **);
static int	service_lifecycle_topic(struct service_mail *,
		    const struct game_ops *, const struct command *,
		    struct buf *, char **);
static int	service_lifecycle_full(const struct service_game *);
static int	service_lifecycle_asking(const struct service_game *);
static int	service_lifecycle_room(struct service_mail *, const char *,
		    char **);
static int	service_lifecycle_invitable(struct service_mail *,
		    const struct command *, char **);
static int	service_lifecycle_check_with(struct service_mail *,
		    const struct command *);
static int	service_lifecycle_create(struct service_mail *,
		    const struct command *, char **);
static int	service_lifecycle_inviting(struct service_mail *,
		    const struct command *, const struct service_game *);
static void	service_lifecycle_options(const struct game_options *, int,
		    char *, size_t);
static void	service_lifecycle_seek(const struct command *, struct buf *);

/* Tell everyone who has a place in sg, in a notice saying text. */
static int
service_lifecycle_tell(struct service_mail *sm, struct service_game *sg,
    const char *text, const char *state, char **cause)
{
	struct store_player	*all;
	struct service_vars	 vars;
	size_t			 n, i;
	int			 rc = 0;

	if (service_game_everyone(sm, sg, &all, &n, cause) == -1)
		return (-1);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	service_vars_set(&vars, SV_TEXT, "%s\n%s\n%s", text,
	    vars.v[SV_SEATS], vars.v[SV_STATUS]);
	for (i = 0; i < n && rc == 0; i++) {
		rc = service_mail_game(sm, sg, &all[i], TEMPLATE_NOTICE, &vars,
		    state, cause);
	}
	service_vars_free(&vars);
	store_players_free(all, n);
	return (rc);
}

/* Is a place of sg invited? */
static int
service_lifecycle_asking(const struct service_game *sg)
{
	size_t	i;

	for (i = 0; i < sg->nseats; i++) {
		if (strcmp(sg->seats[i].state, "invited") == 0)
			return (1);
	}
	return (0);
}

/* Is every place of sg taken? */
static int
service_lifecycle_full(const struct service_game *sg)
{
	size_t	i;

	for (i = 0; i < sg->nseats; i++) {
		if (strcmp(sg->seats[i].state, "accepted") != 0)
			return (0);
	}
	return (1);
}

/*
 * A new game's topic, fixed for its life, as its mail's subject says it:
 * "Mu velox: Alice v Bob", "Mu: Alice v bob@example.org + 1 open seat".
 * Players are named as known now, by name or else address; a robot by
 * the name it is given, "Robot (mcts)".
 */
static int
service_lifecycle_topic(struct service_mail *sm, const struct game_ops *ops,
    const struct command *c, struct buf *out, char **cause)
{
	struct store_player	p;
	enum robot_level	level;
	size_t			i;
	int			rc;

	buf_addf(out, "%s: %s", ops->title, sm->me.name != NULL ?
	    sm->me.name : sm->me.address);
	for (i = 0; i < (size_t)c->nwith; i++) {
		if ((rc = store_player_get(sm->sv->store, c->with[i], &p,
		    cause)) == -1)
			return (-1);
		if (rc == 1 && p.name != NULL)
			buf_addf(out, " v %s", p.name);
		else if (robot_address_level(c->with[i], &level) == 0) {
			/* As service_robot_seat_name() will name it. */
			buf_addf(out, " v Robot (%s)",
			    robot_level_name(level));
		} else
			buf_addf(out, " v %s", c->with[i]);
		if (rc == 1)
			store_player_free(&p);
	}
	if (c->open > 0)
		buf_addf(out, " + %d open seat%s", c->open, c->open == 1 ?
		    "" : "s");
	return (0);
}

/*
 * A new game's options, as the store keeps them ("players=2 segments=8",
 * "players=2 match=6") or, for people, as the notice says them ("2
 * players, 8 segments each", "2 players, a match of 6 games").  A game
 * with matches (Mur) has games, and one without (Mu) has segments.
 */
static void
service_lifecycle_options(const struct game_options *opts, int words,
    char *out, size_t size)
{
	if (opts->games != 0 && words) {
		snprintf(out, size, "%d players, a match of %d game%s",
		    opts->players, opts->games, opts->games == 1 ? "" : "s");
	} else if (opts->games != 0)
		snprintf(out, size, "players=%d match=%d", opts->players,
		    opts->games);
	else if (words) {
		snprintf(out, size, "%d players, %d segments each",
		    opts->players, opts->segments);
	} else
		snprintf(out, size, "players=%d segments=%d", opts->players,
		    opts->segments);
}

/*
 * The addresses of "new ... with" (addresses by command.c): not the
 * sender's, not ours, not repeated.
 */
static int
service_lifecycle_check_with(struct service_mail *sm, const struct command *c)
{
	int	i, j;

	for (i = 0; i < c->nwith; i++) {
		if (strcasecmp(c->with[i], sm->me.address) == 0) {
			service_error(sm, "new: you are in the game already; "
			    "invite others with 'with ADDRESS'");
			return (-1);
		}
		if (strcasecmp(c->with[i], sm->sv->config->address) == 0) {
			service_error(sm, "new: %s is this server's address, "
			    "not a player's", c->with[i]);
			return (-1);
		}
		for (j = 0; j < i; j++) {
			if (strcasecmp(c->with[i], c->with[j]) == 0) {
				service_error(sm, "new: %s is invited twice",
				    c->with[i]);
				return (-1);
			}
		}
	}
	return (0);
}

/*
 * May the sender take one more game ([games] max_games)?  1 if so; 0
 * if not, after saying why; -1 if the store fails.
 */
static int
service_lifecycle_room(struct service_mail *sm, const char *word,
    char **cause)
{
	long	max = sm->sv->config->max_games;
	int	n;

	if (max == 0)
		return (1);
	if (store_address_active(sm->sv->store, sm->me.id, &n, cause) == -1)
		return (-1);
	if (n < max)
		return (1);
	log_info("player %s: in %d games; %s refused", sm->me.address, n,
	    word);
	service_error(sm, "%s: you are in %d games already, the most one "
	    "player may be in at once; finish or leave one first", word, n);
	return (0);
}

/*
 * May each address of "new ... with" get one more invitation today
 * ([games] max_invitations in 24 hours)?  1, 0 after saying why, -1.
 */
static int
service_lifecycle_invitable(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct store_player	 p;
	enum robot_level	 level;
	long			 max = sm->sv->config->max_invitations;
	int			 i, n, rc;

	for (i = 0; i < c->nwith && max != 0; i++) {
		if (robot_address_level(c->with[i], &level) == 0)
			continue;
		if ((rc = store_player_get(sm->sv->store, c->with[i], &p,
		    cause)) != 1) {
			if (rc == -1)
				return (-1);
			continue;
		}
		rc = store_address_invited(sm->sv->store, p.id,
		    sm->ml->now - CLOCK_DAY, &n, cause);
		store_player_free(&p);
		if (rc == -1)
			return (-1);
		if (n >= max) {
			log_info("player %s: %d invitations today; the one "
			    "from %s refused", c->with[i], n, sm->me.address);
			service_error(sm, "new: %s has been invited %d times "
			    "in the last 24 hours, the most mupbem sends; "
			    "invite them again later", c->with[i], n);
			return (0);
		}
	}
	return (1);
}

/* A seek's rating range as the store keeps it: "1400-1700", "-1700". */
static void
service_lifecycle_seek(const struct command *c, struct buf *out)
{
	if (c->low != 0)
		buf_addf(out, "%d", c->low);
	buf_addc(out, '-');
	if (c->high != 0)
		buf_addf(out, "%d", c->high);
}

/*
 * new VARIANT [with ADDR ...] [open N] [segments N] [match N] [rated |
 * unrated], and seek (an open game, for a rating range): the game
 * checks the options itself, and a refusal makes nothing.  A game is
 * rated unless it says unrated.
 */
static int
service_lifecycle_create(struct service_mail *sm, const struct command *c,
    char **cause)
{
	const struct game_ops	*ops;
	enum robot_level	 level;
	int			 robot;
	struct game_options	 opts;
	struct game		*g;
	struct record		 rec;
	struct service_game	 sg;
	struct service_vars	 vars;
	struct store_player	 p;
	struct buf		 text, names, topic;
	char			*why, options[64];
	const char		*spec;
	uint64_t		 seed;
	long long		 id;
	int			 i, rc;

	if ((ops = game_lookup(c->arg, &why)) == NULL) {
		service_error(sm, "new: %s", why);
		free(why);
		return (0);
	}
	if (1 + c->nwith + c->open < 2) {
		service_error(sm, "new: a game needs at least two players: "
		    "invite someone (new %s with bob@example.org) or leave "
		    "seats open (new %s open 1)", ops->name, ops->name);
		return (0);
	}
	if (service_lifecycle_check_with(sm, c) == -1)
		return (0);
	if ((rc = service_lifecycle_room(sm, command_name(c->type),
	    cause)) != 1 || (rc = service_lifecycle_invitable(sm, c,
	    cause)) != 1)
		return (rc == -1 ? -1 : 0);
	if ((rc = service_link_with(sm, c, cause)) != 0)
		return (rc == -1 ? -1 : 0);
	memset(&opts, 0, sizeof opts);
	opts.players = 1 + c->nwith + c->open;
	opts.segments = c->segments;
	opts.games = c->match;
	if ((g = game_create(ops, &opts, &why)) == NULL) {
		service_error(sm, "new: %s", why);
		free(why);
		return (0);
	}
	ops->options(g, &opts);
	game_free(g);
	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		seed = (uint64_t)sm->ml->now * 2654435761U;
	record_init(&rec, ops, &opts, seed);
	buf_init(&text);
	record_write(&rec, &text);
	record_free(&rec);
	service_lifecycle_options(&opts, 0, options, sizeof options);
	buf_init(&topic);
	if (service_lifecycle_topic(sm, ops, c, &topic, cause) == -1) {
		buf_free(&topic);
		buf_free(&text);
		return (-1);
	}
	rc = store_game_add(sm->sv->store, ops->name, options, text.data,
	    topic.data, sm->ml->now, &id, cause);
	buf_free(&topic);
	buf_reset(&text);
	if (c->type == COMMAND_SEEK)
		service_lifecycle_seek(c, &text);
	if (rc == 0)
		rc = store_game_event(sm->sv->store, id, !c->unrated, -1,
		    c->type == COMMAND_SEEK ? text.data : NULL, cause);
	buf_free(&text);
	if (rc == -1 || store_seat_add(sm->sv->store, id, 0, sm->me.id,
	    "accepted", cause) == -1)
		return (-1);
	spec = c->time != NULL ? c->time : sm->sv->config->time;
	if (strcmp(spec, "none") != 0 && store_clock_control(sm->sv->store,
	    id, spec, cause) == -1)
		return (-1);
	for (i = 0; i < c->nwith; i++) {
		if (service_player_add(sm, c->with[i], &p, cause) == -1)
			return (-1);
		robot = robot_address_level(c->with[i], &level) == 0;
		if (robot && p.name == NULL && (rc = service_robot_seat_name(sm,
		    &p, level, cause)) == -1) {
			store_player_free(&p);
			return (-1);
		}
		/* A robot needs no asking: it sits down at once. */
		rc = store_seat_add(sm->sv->store, id, 1 + i, p.id, robot ?
		    "accepted" : "invited", cause);
		store_player_free(&p);
		if (rc == -1)
			return (-1);
	}
	for (i = 0; i < c->open; i++) {
		if (store_seat_add(sm->sv->store, id, 1 + c->nwith + i, 0,
		    "open", cause) == -1)
			return (-1);
	}
	if ((rc = service_game_load(sm, id, &sg, cause)) != 1)
		return (rc == -1 ? -1 : 0);
	if (service_clock_sync(sm, &sg, cause) == -1) {
		service_game_free(&sg);
		return (-1);
	}
	if (service_lifecycle_full(&sg)) {	/* only robots were asked */
		rc = service_start(sm, &sg, 0, cause);
		service_game_free(&sg);
		return (rc);
	}
	/* An unproven sender's invitations wait (service-proof.c). */
	if (service_proof_needed(sm) && service_lifecycle_asking(&sg)) {
		rc = store_proof_hold(sm->sv->store, id, 1, cause);
		sg.row.held = 1;
		if (rc == 0)
			log_info("game G%lld: invitations from %s held until "
			    "they answer", id, sm->me.address);
	} else
		rc = service_start_invite(sm, &sg, cause);
	if (rc == 0) {
		service_vars_init(&vars);
		service_vars_game(&vars, &sg);
		service_lifecycle_options(&opts, 1, options, sizeof options);
		buf_init(&text);
		buf_init(&names);
		buf_addf(&names, "Game G%lld (%s, %s, %s", id, ops->name,
		    options, sg.row.rated ? "rated" : "unrated");
		if (sg.row.seek != NULL) {
			buf_adds(&names, ", for ");
			service_seek_words(sg.row.seek, &names);
		}
		buf_adds(&names, ") is set up. The places:\n");
		text_wrap(&text, names.data, TEXT_WRAP, TEXT_WIDTH);
		service_vars_set(&vars, SV_TEXT, "%s%s\n%s%s%s", text.data,
		    vars.v[SV_SEATS], vars.v[SV_STATUS], sg.row.held ? "\n" :
		    "", sg.row.held ? SERVICE_LIFECYCLE_HELD : "");
		buf_free(&names);
		buf_free(&text);
		rc = service_mail_game(sm, &sg, &sm->me, TEMPLATE_NOTICE,
		    &vars, "created", cause);
		service_vars_free(&vars);
	}
	service_game_free(&sg);
	return (rc);
}

/*
 * new VARIANT [with ADDR|robot[:LEVEL] ...] ...: "robot" words become
 * the robots' addresses (robot-address.c), then the game is made.
 */
int
service_lifecycle_new(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct command		 copy = *c;
	enum robot_level	 level;
	struct buf		 address;
	int			 i, rc = 0, mapped[COMMAND_MAX_WITH];

	for (i = 0; i < c->nwith; i++) {
		mapped[i] = 0;
		if ((rc = robot_address_word(c->with[i], &level)) == -1)
			continue;
		if (rc == -2) {
			service_error(sm, "new: '%s' is no robot; the robots "
			    "are robot:random, robot:greedy, robot:mcts and "
			    "robot:expert (robot alone is robot:mcts)",
			    c->with[i]);
			rc = 0;
			goto out;
		}
		buf_init(&address);
		robot_address(level, &address);
		copy.with[i] = buf_steal(&address);
		mapped[i] = 1;
	}
	rc = service_lifecycle_create(sm, &copy, cause);
out:
	while (i-- > 0) {
		if (mapped[i])
			free(copy.with[i]);
	}
	return (rc);
}

/* Is sg still waiting for players?  If not, say why to the sender. */
static int
service_lifecycle_inviting(struct service_mail *sm, const struct command *c,
    const struct service_game *sg)
{
	const char	*word = command_name(c->type);

	if (strcmp(sg->row.status, "inviting") == 0)
		return (1);
	if (strcmp(sg->row.status, "abandoned") == 0)
		service_error(sm, "%s: game G%lld was cancelled", word,
		    sg->row.id);
	else if (strcmp(sg->row.status, "over") == 0)
		service_error(sm, "%s: game G%lld is over", word, sg->row.id);
	else if (c->type == COMMAND_WITHDRAW)
		service_error(sm, "withdraw: game G%lld has started; write "
		    "resign to give it up", sg->row.id);
	else
		service_error(sm, "%s: game G%lld has started", word,
		    sg->row.id);
	return (0);
}

/* accept G, decline G */
int
service_lifecycle_answer(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct store_seat	*seat;
	struct buf		 text;
	const char		*word = command_name(c->type);
	int			 rc;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	if (!service_lifecycle_inviting(sm, c, &sg))
		goto out;
	if ((seat = service_game_seat_of(&sg, sm->me.id)) == NULL) {
		service_error(sm, "%s: you are not invited to game G%lld",
		    word, sg.row.id);
		goto out;
	}
	if (strcmp(seat->state, "invited") != 0) {
		service_error(sm, "%s: you have accepted game G%lld already",
		    word, sg.row.id);
		goto out;
	}
	if ((rc = service_allowed(sm, &sg, word, cause)) != 1)
		goto out;
	if (c->type == COMMAND_ACCEPT &&
	    (rc = service_lifecycle_room(sm, word, cause)) != 1)
		goto out;
	rc = 0;
	buf_init(&text);
	service_label(&sm->me, &text);
	if (c->type == COMMAND_DECLINE) {
		buf_addf(&text, " declined game G%lld, so it is cancelled.\n",
		    sg.row.id);
		if (service_game_save(sm, &sg, "abandoned", cause) == -1)
			rc = -1;
		if (rc == 0)
			rc = service_lifecycle_tell(sm, &sg, text.data,
			    "cancelled", cause);
		buf_free(&text);
		goto out;
	}
	free(seat->state);
	seat->state = xstrdup("accepted");
	if (store_seat_set(sm->sv->store, sg.row.id, seat->seat, sm->me.id,
	    "accepted", cause) == -1)
		rc = -1;
	else if (service_lifecycle_full(&sg))
		rc = service_start(sm, &sg, 0, cause);
	else {
		buf_addf(&text, " accepted game G%lld.\n", sg.row.id);
		rc = service_lifecycle_tell(sm, &sg, text.data, "accepted",
		    cause);
	}
	buf_free(&text);
out:
	service_game_free(&sg);
	return (rc == -1 ? -1 : 0);
}

/* join G: take an open place. */
int
service_lifecycle_join(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct buf		 text;
	size_t			 i;
	int			 rc;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	rc = 0;
	if (!service_lifecycle_inviting(sm, c, &sg))
		goto out;
	if (service_game_seat_of(&sg, sm->me.id) != NULL) {
		service_error(sm, "join: you have a place in game G%lld "
		    "already", sg.row.id);
		goto out;
	}
	for (i = 0; i < sg.nseats; i++) {
		if (strcmp(sg.seats[i].state, "open") == 0)
			break;
	}
	if (i == sg.nseats) {
		service_error(sm, "join: game G%lld has no open seat",
		    sg.row.id);
		goto out;
	}
	if ((rc = service_seek_allows(sm, &sg, cause)) != 1 ||
	    (rc = service_lifecycle_room(sm, "join", cause)) != 1)
		goto out;
	if (store_seat_set(sm->sv->store, sg.row.id, sg.seats[i].seat,
	    sm->me.id, "accepted", cause) == -1) {
		rc = -1;
		goto out;
	}
	free(sg.seats[i].state);
	sg.seats[i].state = xstrdup("accepted");
	store_player_free(&sg.seats[i].player);
	store_player_copy(&sg.seats[i].player, &sm->me);
	if (service_lifecycle_full(&sg))
		rc = service_start(sm, &sg, 0, cause);
	else {
		buf_init(&text);
		service_label(&sm->me, &text);
		buf_addf(&text, " joined game G%lld.\n", sg.row.id);
		rc = service_lifecycle_tell(sm, &sg, text.data, "joined",
		    cause);
		buf_free(&text);
	}
out:
	service_game_free(&sg);
	return (rc);
}

/* withdraw G: give up a place before the start. */
int
service_lifecycle_withdraw(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct store_seat	*seat;
	struct buf		 text;
	int			 rc;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	if (!service_lifecycle_inviting(sm, c, &sg))
		goto out;
	if ((seat = service_game_seat_of(&sg, sm->me.id)) == NULL) {
		service_error(sm, "withdraw: you have no place in game G%lld",
		    sg.row.id);
		goto out;
	}
	if (strcmp(seat->state, "invited") == 0) {
		service_error(sm, "withdraw: you have not accepted game "
		    "G%lld; write decline G%lld to say no", sg.row.id,
		    sg.row.id);
		goto out;
	}
	if ((rc = service_allowed(sm, &sg, "withdraw", cause)) != 1)
		goto out;
	buf_init(&text);
	service_label(&sm->me, &text);
	if (seat->seat == 0) {
		buf_addf(&text, " withdrew from game G%lld, which they set "
		    "up, so it is cancelled.\n", sg.row.id);
		rc = service_game_save(sm, &sg, "abandoned", cause);
		if (rc == 0)
			rc = service_lifecycle_tell(sm, &sg, text.data,
			    "cancelled", cause);
		buf_free(&text);
		goto out;
	}
	buf_addf(&text, " withdrew from game G%lld; their place is open to "
	    "anyone who writes \"join G%lld\".\n", sg.row.id, sg.row.id);
	rc = store_seat_set(sm->sv->store, sg.row.id, seat->seat, 0, "open",
	    cause);
	free(seat->state);
	seat->state = xstrdup("open");
	store_player_free(&seat->player);
	if (rc == 0)
		rc = service_lifecycle_tell(sm, &sg, text.data, "withdrawn",
		    cause);
	/* They no longer hold the place, so they hear of it directly. */
	if (rc == 0)
		service_notice(sm, "You withdrew from game G%lld.\n",
		    sg.row.id);
	buf_free(&text);
out:
	service_game_free(&sg);
	return (rc == -1 ? -1 : 0);
}

/*
 * rematch [G]: a new game like finished game G, with the same variant,
 * options, clock, players, and rated or not; the sender makes it, so the others are invited
 * and answer as to any invitation.
 */
int
service_lifecycle_rematch(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct game_options	 opts;
	struct command		 new;
	size_t			 i;
	int			 rc, mine = 0;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	memset(&new, 0, sizeof new);
	new.type = COMMAND_NEW;
	new.line = c->line;
	for (i = 0; i < sg.nseats; i++) {
		if (sg.seats[i].player.id == sm->me.id)
			mine = 1;
		else if (sg.seats[i].player.address != NULL &&
		    new.nwith < COMMAND_MAX_WITH)
			new.with[new.nwith++] = sg.seats[i].player.address;
	}
	rc = 0;
	if (strcmp(sg.row.status, "over") != 0)
		service_error(sm, "rematch: game G%lld is not over yet",
		    sg.row.id);
	else if (!mine)
		service_error(sm, "rematch: you did not play in game G%lld",
		    sg.row.id);
	else {
		sg.g->ops->options(sg.g, &opts);
		new.arg = (char *)sg.g->ops->name;
		new.segments = opts.segments;
		new.match = opts.games;
		new.time = sg.row.clock != NULL ? sg.row.clock :
		    (char *)"none";
		new.unrated = !sg.row.rated;
		/* Its invitations say so (service_start_invite()). */
		sm->rematch = sg.row.id;
		rc = service_lifecycle_new(sm, &new, cause);
		sm->rematch = 0;
	}
	service_game_free(&sg);
	return (rc);
}
