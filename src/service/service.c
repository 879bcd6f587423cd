#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "address.h"
#include "clock.h"
#include "command.h"
#include "config-file.h"
#include "game-registry.h"
#include "log.h"
#include "mailloop.h"
#include "message.h"
#include "ratelimit.h"
#include "robot-address.h"
#include "service-family.h"
#include "service-private.h"
#include "service.h"
#include "text.h"
#include "xmalloc.h"

/*
 * The service answers each mail the daemon takes, inside the store
 * transaction that marks it handled (mailloop.c), so everything a mail
 * causes (games changed, players registered, every mail queued) is
 * kept together or not at all.
 *
 * For each mail: mail from mupbem's own addresses (its address, a
 * token address, a robot's) is never answered; a sender over the rate
 * limit is not read, unless the mail plays in a game of theirs, and is
 * told once when to send again; junk (no command, or a repeated text
 * that changes nothing) past the loop limit is not answered
 * (service-limit.c); an unknown sender is registered with a new
 * secret; the mail is tied to a game by the token address it was sent
 * to, else by the mail it answers (In-Reply-To, References), else by a
 * "[mupbem G12]" tag in its subject; then its commands run in order.
 * Whatever is said to the sender goes in one mail (service-mail.c).
 *
 * Identity (identity.c): a command that changes a game must come from
 * the address of a seat in it and, under the token policy, either to
 * the reply address with that player's token for the game, or in
 * answer (In-Reply-To, References) to a mail we sent that player about
 * the game, whatever address it went to.  A mail with neither changes
 * nothing, and the seat's real holder (at the address they
 * registered, never a Reply-To) gets a polite note.  Under the from
 * policy the From address is enough.
 *
 * Either proof also proves the sender's address for good
 * (service-proof.c): their held invitations go out then.
 *
 * After each round of the daemon's loop (service_after) come the web
 * archive (service-archive.c) and, once an hour, the outbox: the text
 * of mail sent longer ago than [send] keep_sent is dropped, but for
 * the last mail to each player about each game.
 */

#define SERVICE_PRUNE		3600	/* seconds between prunings */
#define SERVICE_PRUNE_MAX	10000	/* mails pruned at a time */
#define SERVICE_REPLAYS		256	/* games kept replayed, about 14 KB
					   each for Mu (record-cache.c) */

static void	service_context(struct service_mail *);
static int	service_context_ids(struct service_mail *, const char *,
		    char **);
static void	service_token(struct service_mail *);
static int	service_command(struct service_mail *, const struct command *,
		    char **);
static void	service_rules(struct service_mail *, const char *);
static int	service_name(struct service_mail *, const struct command *,
		    char **);
static int	service_ours(const struct service *, const struct message *);
static int	service_chat(const struct service_mail *,
		    const struct service_game *);
static int	service_private(const struct command_list *);
static void	service_still(struct buf *, long long, int,
		    const struct command_list *);
static int	service_plays(struct service *, struct mailloop *,
		    const struct message *, char **);

struct service *
service_create(const struct config_file *c, struct store *store,
    char **cause)
{
	struct service	*sv;

	sv = xcalloc(1, sizeof *sv);
	sv->store = store;
	sv->replays = record_cache_new(SERVICE_REPLAYS);
	if (service_reload(sv, c, cause) == -1) {
		service_free(sv);
		return (NULL);
	}
	return (sv);
}

/*
 * The daemon's loop's after-round (mailloop_after), for the service arg:
 * the web archive, and once an hour the outbox.
 */
int
service_after(void *arg, char **cause)
{
	struct service	*sv = arg;
	long long	 now = mailloop_now();
	int		 n;

	if (sv->config->keep_sent > 0 && now - sv->pruned >= SERVICE_PRUNE) {
		/* Some at a time: a round is never held up long. */
		n = store_prune(sv->store, now - sv->config->keep_sent,
		    SERVICE_PRUNE_MAX, cause);
		if (n == -1)
			return (-1);
		if (n > 0)
			log_info("outbox: the text of %d mails sent before %lld "
			    "dropped", n, now - sv->config->keep_sent);
		if (n < SERVICE_PRUNE_MAX)
			sv->pruned = now;
	}
	return (service_archive_refresh(sv, cause));
}

/* Take configuration c and its templates.  All or nothing. */
int
service_reload(struct service *sv, const struct config_file *c,
    char **cause)
{
	struct template_set	*ts;

	if (service_archive_check(c, cause) == -1)
		return (-1);
	if ((ts = template_set_load(c->templates, cause)) == NULL)
		return (-1);
	template_set_free(sv->templates);
	sv->templates = ts;
	sv->config = c;
	return (0);
}

void
service_free(struct service *sv)
{
	if (sv == NULL)
		return;
	service_family_end(sv);
	service_picture_free(sv);
	template_set_free(sv->templates);
	record_cache_free(sv->replays);
	free(sv);
}

/* Think in line (mupbemd --once, --deliver) if on. */
void
service_robots_inline(struct service *sv, int on)
{
	sv->robots_inline = on;
}

/*
 * The daemon's timer (a mailloop_ticker; arg is the service): what
 * falls due for each family, in the table's order (the clocks' events,
 * then the robots' turns).
 */
int
service_tick(struct mailloop *ml, long long now, void *arg,
    long long *next, char **cause)
{
	return (service_family_tick(ml, now, arg, next, cause));
}

/*
 * Set sm up for an operator's action, which has no mail in hand: its
 * sender is nobody (no player has id 0), its time mailloop_now(); and
 * begin the store transaction that service_operator_end() ends.
 */
int
service_operator_begin(struct service_mail *sm, struct service *sv,
    struct mailloop *ml, char **cause)
{
	static char	nobody[] = "nobody";

	memset(sm, 0, sizeof *sm);
	sm->sv = sv;
	sm->ml = ml;
	sm->me.address = nobody;
	buf_init(&sm->reply);
	ml->now = mailloop_now();
	if (store_begin(sv->store, cause) == -1) {
		buf_free(&sm->reply);
		return (-1);
	}
	return (0);
}

/* Commit what the operator's action did if rc is 0, or undo it all. */
int
service_operator_end(struct service_mail *sm, int rc, char **cause)
{
	if (rc == 0 && sm->nsettle > 0)
		rc = service_family_settle(sm, cause);
	free(sm->settle);
	sm->settle = NULL;
	sm->nsettle = 0;
	if (rc == 0)
		rc = store_commit(sm->sv->store, cause);
	if (rc == -1)
		store_rollback(sm->sv->store);
	buf_free(&sm->reply);
	return (rc);
}

/* The player at address, registered now with a new secret if unknown. */
int
service_player_add(struct service_mail *sm, const char *address,
    struct store_player *p, char **cause)
{
	char	secret[IDENTITY_SECRET_LEN + 1];
	int	rc;

	if ((rc = store_player_get(sm->sv->store, address, p, cause)) != 0)
		return (rc == 1 ? 0 : -1);
	if (identity_secret(secret, sizeof secret) == -1) {
		xasprintf(cause, "no random numbers for a new player's secret");
		return (-1);
	}
	log_info("player %s: registered", address);
	return (store_player_add(sm->sv->store, address, secret, sm->ml->now,
	    p, cause));
}

/* Add an error to the sender's reply. */
void
service_error(struct service_mail *sm, const char *fmt, ...)
{
	struct service_vars	 vars;
	va_list			 ap;
	char			*why;

	va_start(ap, fmt);
	if (vasprintf(&why, fmt, ap) == -1)
		abort();
	va_end(ap);
	service_vars_init(&vars);
	service_vars_error(&vars, why);
	service_mail_reply(sm, TEMPLATE_ERROR, &vars);
	service_vars_free(&vars);
	free(why);
}

/* Add a notice to the sender's reply, wrapped to fit a mail. */
void
service_notice(struct service_mail *sm, const char *fmt, ...)
{
	struct service_vars	 vars;
	struct buf		 wrapped;
	va_list			 ap;
	char			*text;

	service_vars_init(&vars);
	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) == -1)
		abort();
	va_end(ap);
	buf_init(&wrapped);
	text_wrap(&wrapped, text, TEXT_WRAP, TEXT_WIDTH);
	free(text);
	vars.v[SV_TEXT] = buf_steal(&wrapped);
	service_mail_reply(sm, TEMPLATE_NOTICE, &vars);
	service_vars_free(&vars);
}

/* Does the mail carry the sender's token for sg, or need none? */
int
service_token_ok(const struct service_mail *sm, const struct service_game *sg)
{
	if (strcmp(sm->sv->config->policy, "from") == 0)
		return (1);
	return (sm->token_game == sg->row.id &&
	    identity_check(sm->me.secret, (int)sg->row.id, sm->token));
}

/*
 * May the sender change game sg (what says how)?  1 if so; 0 if not,
 * after telling the seat's holder; -1 if the store fails.
 */
int
service_allowed(struct service_mail *sm, const struct service_game *sg,
    const char *what, char **cause)
{
	struct service_vars	 vars;
	struct service_game	*g = (struct service_game *)sg;
	char			*why;
	int			 rc;

	if (service_token_ok(sm, sg))
		return (1);
	if (sm->answers == sg->row.id)
		return (1);
	log_info("game G%lld: %s from %s (%s) without its token; refused",
	    sg->row.id, what, sm->me.address, sm->m->id);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	service_vars_set(&vars, SV_ADDRESS, "%s", sm->me.address);
	xasprintf(&why, "%s for game G%lld did not come to "
	    "the reply address of your game mail", what, sg->row.id);
	service_vars_error(&vars, why);
	free(why);
	rc = service_mail_game(sm, g, &sm->me, TEMPLATE_FORGED, &vars,
	    "a mail in your name was not accepted", cause);
	service_vars_free(&vars);
	return (rc == -1 ? -1 : 0);
}

/* The token address the mail was sent to, if any. */
static void
service_token(struct service_mail *sm)
{
	const char	*lists[2] = { sm->m->to, sm->m->cc };
	char		*copy, *p, *addr;
	int		 i, game;

	for (i = 0; i < 2 && sm->token_game == 0; i++) {
		if (lists[i] == NULL)
			continue;
		copy = xstrdup(lists[i]);
		for (p = copy; (addr = strsep(&p, ",")) != NULL;) {
			addr += strspn(addr, " ");
			if (identity_parse(addr, sm->sv->config->address,
			    &game, sm->token, sizeof sm->token) == 0) {
				sm->token_game = game;
				break;
			}
		}
		free(copy);
	}
}

/*
 * Look ids (space-separated) up in the game mail, newest first.  The
 * first found is the mail's game; if we sent that mail to the sender,
 * the mail answers it, which proves the sender received our mail as
 * well as a token does: our Message-IDs carry 64 random bits.
 */
static int
service_context_ids(struct service_mail *sm, const char *ids, char **cause)
{
	char		*copy, *p;
	long long	 game, player;
	int		 rc = 0;

	copy = xstrdup(ids);
	while (rc == 0 && (p = strrchr(copy, ' ')) != NULL) {
		rc = store_mail_game(sm->sv->store, p + 1, &game, &player,
		    cause);
		*p = '\0';
	}
	if (rc == 0 && *copy != '\0')
		rc = store_mail_game(sm->sv->store, copy, &game, &player,
		    cause);
	if (rc == 1) {
		sm->context = game;
		if (player == sm->me.id)
			sm->answers = game;
	}
	free(copy);
	return (rc);
}

/* Which game the mail is about, if any. */
static void
service_context(struct service_mail *sm)
{
	const struct message	*m = sm->m;
	char			*why = NULL;
	int			 rc = 0;

	service_token(sm);
	if ((sm->context = sm->token_game) != 0)
		return;
	if (m->in_reply_to != NULL)
		rc = service_context_ids(sm, m->in_reply_to, &why);
	if (rc == 0 && m->references != NULL)
		rc = service_context_ids(sm, m->references, &why);
	if (rc == -1) {
		/* Only a hint: the commands can still name their game. */
		log_warnx("%s", why);
		free(why);
	}
	if (sm->context == 0)
		sm->context = command_subject_game(m->subject);
}

/* Add the help text (on topic, if not NULL) to the sender's reply. */
void
service_help(struct service_mail *sm, const char *topic)
{
	struct service_vars	vars;

	if (topic != NULL && game_find(topic) != NULL) {
		service_rules(sm, topic);
		return;
	}
	/* Asked twice in a mail (or a mail of nothing), it is said once. */
	if (topic == NULL && sm->helped++ > 0)
		return;
	service_vars_init(&vars);
	if (topic == NULL)
		service_vars_set(&vars, SV_TOPIC, "%s", "");
	else if (strcasecmp(topic, "notation") == 0) {
		service_vars_set(&vars, SV_TOPIC, "Notation: a cell is its "
		    "segment and a digit, C4. A move is FROM-TO, C4-D2; an "
		    "explosion\norder follows in brackets, C4-D2(D2,C1). "
		    "Several moves in one turn are\nwritten one after the "
		    "other. In the layout you write the letter shown\non the "
		    "board (a, b, ...); in the selection, clear B. Also: pass, "
		    "resign.\n\nIn Mur a point is c (the centre) or a spoke "
		    "and a ring, n1 or sw3. Write a\npoint to place a stone "
		    "(n1), a stone and a direction to move it (n1 cw,\nn1 ccw, "
		    "n1 in, n1 out; from the centre a spoke, c ne), x and the "
		    "stones\nto withdraw (x n1), or resign.\n");
	} else {
		service_vars_set(&vars, SV_TOPIC, "There is no help on '%s'. "
		    "Try: help notation, rules velox, rules levis,\nrules "
		    "classic, rules mur.\n", topic);
	}
	service_mail_reply(sm, TEMPLATE_HELP, &vars);
	service_vars_free(&vars);
}

static void
service_rules(struct service_mail *sm, const char *variant)
{
	struct service_vars	vars;
	struct buf		names;
	enum template_kind	kind;

	if (strcasecmp(variant, "velox") == 0)
		kind = TEMPLATE_RULES_VELOX;
	else if (strcasecmp(variant, "levis") == 0)
		kind = TEMPLATE_RULES_LEVIS;
	else if (strcasecmp(variant, "classic") == 0 ||
	    strcasecmp(variant, "mu") == 0)
		kind = TEMPLATE_RULES_CLASSIC;
	else if (strcasecmp(variant, "mur") == 0)
		kind = TEMPLATE_RULES_MUR;
	else {
		buf_init(&names);
		game_names(&names);
		service_error(sm, "rules: no game is called '%s' (the games "
		    "are %s)", variant, names.data);
		buf_free(&names);
		return;
	}
	service_vars_init(&vars);
	service_mail_reply(sm, kind, &vars);
	service_vars_free(&vars);
}

/* name NEWNAME */
static int
service_name(struct service_mail *sm, const struct command *c, char **cause)
{
	char	*why;

	if (command_name_check(c->arg, &why) == -1) {
		service_error(sm, "%s", why);
		free(why);
		return (0);
	}
	/*
	 * A name is shown to every other player: under the token policy
	 * it takes the same proof as a turn, a mail to one of the
	 * sender's game addresses or an answer to our mail to them, so
	 * that a forged From renames nobody.
	 */
	if (strcmp(sm->sv->config->policy, "from") != 0 && sm->answers == 0 &&
	    (sm->token_game == 0 || !identity_check(sm->me.secret,
	    sm->token_game, sm->token))) {
		log_info("player %s: a rename without a token; refused",
		    sm->me.address);
		service_error(sm, "name: send it in a reply to one of your game "
		    "mails, to the address it came from, so that nobody else "
		    "can rename you");
		return (0);
	}
	if (store_player_rename(sm->sv->store, sm->me.id, c->arg,
	    cause) == -1)
		return (-1);
	free(sm->me.name);
	sm->me.name = xstrdup(c->arg);
	service_notice(sm, "Other players now see you as %s <%s>.\n", c->arg,
	    sm->me.address);
	return (0);
}

static int
service_command(struct service_mail *sm, const struct command *c,
    char **cause)
{
	int	found, rc;

	rc = service_family_command(sm, c, &found, cause);
	if (found)
		return (rc);
	switch (c->type) {
	case COMMAND_HELP:
		service_help(sm, c->arg);
		return (0);
	case COMMAND_RULES:
		service_rules(sm, c->arg);
		return (0);
	case COMMAND_ARCHIVE:
		return (service_archive_command(sm, c, cause));
	case COMMAND_NAME:
		return (service_name(sm, c, cause));
	case COMMAND_SET:
		return (service_set(sm, c, cause));
	case COMMAND_PRESS:
		return (service_press_command(sm, c, cause));
	case COMMAND_LINK:
	case COMMAND_UNLINK:
	case COMMAND_CONFIRM:
		return (service_link(sm, c, cause));
	default:
		break;
	}
	return (0);
}

/*
 * Is m from one of mupbem's own addresses: its address, a reply
 * address with a token, a robot's?  Such mail is never answered, so
 * that mupbem never writes to itself.
 */
static int
service_ours(const struct service *sv, const struct message *m)
{
	enum robot_level	level;
	char			token[IDENTITY_TOKEN_LEN + 1];
	int			game;

	return (strcasecmp(m->from, sv->config->address) == 0 ||
	    identity_parse(m->from, sv->config->address, &game, token,
	    sizeof token) == 0 || robot_address_level(m->from, &level) == 0);
}

/*
 * What a command word in the sender's chat about sg may mean now
 * (COMMAND_CHAT_*): accept or decline while they are invited, resign or
 * pass while they are to move.
 */
static int
service_chat(const struct service_mail *sm, const struct service_game *sg)
{
	const struct store_seat	*seat;

	if ((seat = service_game_seat_of(sg, sm->me.id)) == NULL)
		return (0);
	if (strcmp(seat->state, "invited") == 0)
		return (COMMAND_CHAT_INVITED);
	if (sg->g != NULL && strcmp(sg->row.status, "playing") == 0 &&
	    sg->g->ops->to_move(sg->g) == seat->seat)
		return (COMMAND_CHAT_TO_MOVE);
	return (0);
}

/*
 * Is the conversation of a mail not to be passed on: does the mail
 * hold a preview (which is private), or only queries and settings?
 */
static int
service_private(const struct command_list *list)
{
	size_t	i;
	int	only = list->n > 0;

	for (i = 0; i < list->n; i++) {
		switch (list->v[i].type) {
		case COMMAND_PREVIEW:
			return (1);
		case COMMAND_HELP:
		case COMMAND_RULES:
		case COMMAND_BOARD:
		case COMMAND_HISTORY:
		case COMMAND_ARCHIVE:
		case COMMAND_GAMES:
		case COMMAND_RATINGS:
		case COMMAND_STATS:
		case COMMAND_TOURNAMENTS:
		case COMMAND_LEAGUES:
		case COMMAND_SET:
		case COMMAND_VACATION:
			break;
		default:
			only = 0;
			break;
		}
	}
	return (only);
}

/*
 * Say plainly, in b, that a mail sent on the sender's turn, or in
 * answer to an invitation (chat: service_chat()), played no turn or
 * accepted nothing, when its commands did neither.
 */
static void
service_still(struct buf *b, long long game, int chat,
    const struct command_list *list)
{
	size_t	i;

	for (i = 0; i < list->n; i++) {
		switch (list->v[i].type) {
		case COMMAND_PLAY:
		case COMMAND_ACCEPT:
		case COMMAND_DECLINE:
		case COMMAND_WITHDRAW:
			return;
		default:
			break;
		}
	}
	if (chat & COMMAND_CHAT_INVITED)
		buf_addf(b, "You have not accepted the invitation to G%lld "
		    "yet: write \"accept\" alone on a line to accept it, or "
		    "\"decline\".\n", game);
	else if (chat & COMMAND_CHAT_TO_MOVE)
		buf_addf(b, "No turn was played: it is still your turn in "
		    "G%lld. To play, write the turn on a line of its own.\n",
		    game);
}

/*
 * Does m play in its game: does it hold a turn, accept, decline or
 * withdraw for the game it is about that its sender's seat may make
 * now, proven as a turn must be (the token, or an answer to our
 * mail)?  1, 0 or -1.  Nothing is written: a sender not known plays
 * nowhere.
 */
static int
service_plays(struct service *sv, struct mailloop *ml,
    const struct message *m, char **cause)
{
	struct service_mail	 sm;
	struct service_game	 sg;
	struct command_list	 list;
	struct store_seat	*seat;
	char			*why = NULL;
	int			 rc, game;

	memset(&sm, 0, sizeof sm);
	sm.sv = sv;
	sm.ml = ml;
	sm.m = m;
	if ((rc = store_player_get(sv->store, m->from, &sm.me, cause)) != 1)
		return (rc);
	service_context(&sm);
	if ((game = service_press_game(&sm, &sg, cause)) != 1) {
		store_player_free(&sm.me);
		return (game);
	}
	rc = 0;
	if ((seat = service_game_seat_of(&sg, sm.me.id)) != NULL &&
	    (service_token_ok(&sm, &sg) || sm.answers == sg.row.id) &&
	    command_parse(m->text, m->subject, sg.g, service_chat(&sm, &sg),
	    &list, &why) == 0) {
		rc = service_limit_plays(&list, sg.row.id,
		    strcmp(sg.row.status, "playing") == 0 &&
		    sg.g->ops->to_move(sg.g) == seat->seat,
		    strcmp(seat->state, "invited") == 0) &&
		    (sv->config->max_commands <= 0 ||
		    list.n <= (size_t)sv->config->max_commands);
		command_list_free(&list);
	}
	free(why);
	service_game_free(&sg);
	store_player_free(&sm.me);
	return (rc);
}

/* The mailloop handler: answer mail m. */
int
service_handle(struct mailloop *ml, const struct message *m, void *arg,
    char **cause)
{
	struct service		*sv = arg;
	struct service_mail	 sm;
	struct command_list	 list;
	struct service_game	 sg;
	struct ratelimit_sender	 rs;
	struct buf		 note;
	char			*why = NULL;
	size_t			 i;
	long long		 id;
	int			 rc = 0, talked = 0, game, repeated, parsed;
	int			 counted, chat, pass;

	/* message.c marks such mail never to answer; this is the backstop. */
	if (m->from == NULL || address_check(m->from, strlen(m->from)) == -1) {
		log_warnx("mail %s: its From is not an address; not answered",
		    m->id);
		return (0);
	}
	if (service_ours(sv, m)) {
		log_warnx("mail %s: from %s, an address of mupbem's own; "
		    "not answered", m->id, m->from);
		return (0);
	}
	if ((rc = service_limit_take(sv, m, ml->now, &rs, &repeated,
	    cause)) == -1)
		return (-1);
	counted = rc;
	/* Over the rate limit, play is read all the same. */
	if (rc == 0 && (rc = service_plays(sv, ml, m, cause)) != 1)
		return (rc == -1 ? -1 : service_limit_refuse(sv, ml, m, &rs,
		    cause));
	rc = 0;
	memset(&sm, 0, sizeof sm);
	sm.sv = sv;
	sm.ml = ml;
	sm.m = m;
	buf_init(&sm.reply);
	if (service_player_add(&sm, m->from, &sm.me, cause) == -1) {
		rc = -1;
		goto out;
	}
	/* A display name is taken only if "name" would take it. */
	if (sm.me.name == NULL && m->from_name != NULL &&
	    command_name_check(m->from_name, NULL) == 0) {
		if (store_player_rename(sv->store, sm.me.id, m->from_name,
		    cause) == -1) {
			rc = -1;
			goto out;
		}
		sm.me.name = xstrdup(m->from_name);
	}
	/* A mail that confirms a link is the player's from now on. */
	if (service_link_answer(&sm, cause) == -1) {
		rc = -1;
		goto out;
	}
	service_context(&sm);
	/* A proven sender's held invitations go before their commands. */
	if (service_proof_check(&sm, cause) == -1) {
		rc = -1;
		goto out;
	}
	/* The mail's game, if it has one, tells turns from conversation. */
	if ((game = service_press_game(&sm, &sg, cause)) == -1) {
		rc = -1;
		goto out;
	}
	chat = game ? service_chat(&sm, &sg) : 0;
	parsed = command_parse(m->text, m->subject, game ? sg.g : NULL, chat,
	    &list, &why) == 0;
	if (service_limit_quiet(sv, m, ml->now, &rs, !parsed ||
	    (repeated && !service_limit_acts(&list)) ||
	    (list.n == 0 && (!game || (list.talk == NULL &&
	    list.unclear == NULL)) && !sm.linked && !sm.released))) {
		if (parsed)
			command_list_free(&list);
		free(why);
	} else if (!parsed) {
		service_error(&sm, "%s", why);
		free(why);
		service_help(&sm, NULL);
	} else if (sv->config->max_commands > 0 &&
	    list.n > (size_t)sv->config->max_commands) {
		log_info("mail %s: %zu commands from %s; none done", m->id,
		    list.n, sm.me.address);
		service_error(&sm, "your mail holds %zu commands, and mupbem "
		    "does at most %ld from one mail, so it did none of them; "
		    "send them in several mails", list.n,
		    sv->config->max_commands);
		command_list_free(&list);
	} else {
		/*
		 * The game just read is as the store has it for the first
		 * command only: the first turn takes it rather than read
		 * it again.
		 */
		sm.loaded = game ? &sg : NULL;
		id = game ? sg.row.id : 0;
		/* What could not be read one way passes nothing on. */
		pass = game && list.talk != NULL && !sm.released &&
		    list.unclear == NULL && !service_private(&list);
		for (i = 0; i < list.n && rc == 0; i++) {
			rc = service_command(&sm, &list.v[i], cause);
			sm.loaded = NULL;
		}
		/* Taken by a turn, the same game is read again, as it is. */
		if (rc == 0 && pass && sg.g == NULL &&
		    (game = service_game_read(&sm, id, 1, &sg, cause)) == -1)
			rc = -1;
		/* A proving answer ("yes") was said to mupbem, not to them. */
		if (rc == 0 && pass && game && (talked =
		    service_press_send(&sm, &sg, list.talk, 0, cause)) == -1)
			rc = -1;
		buf_init(&note);
		if (list.unclear != NULL)
			buf_addf(&note, "G%lld: %s.\n", id, list.unclear);
		if (list.n == 0 && talked)
			buf_addf(&note, "Your message in game G%lld was passed "
			    "on to the other players.\n", id);
		if (note.len > 0)
			service_still(&note, id, chat, &list);
		if (rc == 0 && list.n == 0 && note.len == 0 && !sm.linked &&
		    !sm.released) {
			/* An empty answer on one's turn played nothing. */
			service_still(&note, id, chat, &list);
			if (note.len > 0)
				service_notice(&sm, "%s", note.data);
			service_help(&sm, NULL);
		} else if (rc == 0 && note.len > 0)
			service_notice(&sm, "%s", note.data);
		buf_free(&note);
		command_list_free(&list);
	}
	service_game_free(&sg);
	/* A turn counts against no limit: its game bounds turns. */
	if (sm.played && counted)
		ratelimit_refund(&rs);
	if (rc == 0)
		rc = store_sender_put(sv->store, m->from, &rs, cause);
	if (rc == 0)
		rc = service_mail_flush(&sm, cause);
	/* A round that ended moves on after its last game's mail. */
	if (rc == 0 && sm.nsettle > 0 &&
	    (rc = service_family_settle(&sm, cause)) == 0)
		rc = service_mail_flush(&sm, cause);
out:
	free(sm.settle);
	service_mail_held_free(&sm);
	store_player_free(&sm.me);
	buf_free(&sm.reply);
	return (rc);
}
