#include "config.h"

#include <sys/random.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "message.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A player may play from more than one address.  From an address that
 * is theirs, "link NEW" asks mupbem to tie NEW to them: the link waits
 * (store-address.c) with a random code of COMMAND_CODE_LEN digits, and
 * a mail to NEW asks for it to be confirmed.  A mail from NEW then
 * confirms it, either by answering that mail (its In-Reply-To or
 * References names it: service_link_answer(), before the commands
 * run) or with the line "confirm CODE", within SERVICE_LINK_DAYS days.
 * From then on mail from NEW is the player's own: the same id, seats
 * and tokens, as store_player_get() finds them by either address.
 * mupbem still writes only to the main address, players.address.
 *
 * NEW must not be a player with games of their own: two players' games
 * are never joined.  A mail from NEW registers it as a player before
 * its confirmation is read; that registration, which has no game, is
 * folded into the player at confirmation (store_address_merge()).
 *
 * Under "[server] invitations = proven", "link NEW" is refused until
 * the sender's address is proven (service-proof.c): a forged From
 * must not make mupbem write to NEW.
 *
 * "unlink NEW", from any of the player's addresses, unties NEW, waiting
 * or confirmed; "link" alone lists the player's addresses.
 */

#define SERVICE_LINK_DAYS	7
#define SERVICE_LINK_WAIT	(SERVICE_LINK_DAYS * 24 * 60 * 60LL)

static void	service_link_say(struct service_mail *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
static int	service_link_ours(struct service_mail *, const char *);
static int	service_link_list(struct service_mail *, char **);
static int	service_link_add(struct service_mail *, const char *,
		    char **);
static int	service_link_ask(struct service_mail *, const char *,
		    char **);
static int	service_link_remove(struct service_mail *, const char *,
		    char **);
static int	service_link_confirm(struct service_mail *, const char *,
		    char **);
static int	service_link_make(struct service_mail *,
		    const struct store_address *, char **);

/* Add a notice to the sender's reply, a line too long for a mail wrapped. */
static void
service_link_say(struct service_mail *sm, const char *fmt, ...)
{
	struct buf	 out;
	va_list		 ap;
	char		*text;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) == -1)
		abort();
	va_end(ap);
	buf_init(&out);
	text_wrap(&out, text, TEXT_WRAP, TEXT_WIDTH);
	service_notice(sm, "%s", out.data);
	buf_free(&out);
	free(text);
}

/* Is address this server's, or one of its token addresses? */
static int
service_link_ours(struct service_mail *sm, const char *address)
{
	char	token[IDENTITY_TOKEN_LEN + 1];
	int	game;

	return (strcasecmp(address, sm->sv->config->address) == 0 ||
	    identity_parse(address, sm->sv->config->address, &game, token,
	    sizeof token) == 0);
}

/* link: the sender's addresses. */
static int
service_link_list(struct service_mail *sm, char **cause)
{
	struct store_address	*v;
	struct buf		 text;
	size_t			 n, i;

	if (store_address_list(sm->sv->store, sm->me.id, &v, &n,
	    cause) == -1)
		return (-1);
	buf_init(&text);
	buf_addf(&text, "Your addresses:\n\n  %s (main: mupbem writes to you "
	    "here)\n", sm->me.address);
	for (i = 0; i < n; i++) {
		buf_addf(&text, "  %s ", v[i].address);
		if (v[i].confirmed != -1)
			buf_adds(&text, "(linked on ");
		else if (sm->ml->now - v[i].created <= SERVICE_LINK_WAIT)
			buf_adds(&text, "(waiting for its confirmation until ");
		else
			buf_adds(&text, "(not confirmed: the code expired on ");
		service_clock_when(v[i].confirmed != -1 ? v[i].confirmed :
		    v[i].created + SERVICE_LINK_WAIT, NULL, &text);
		buf_adds(&text, ")\n");
	}
	buf_adds(&text, "\nWrite link ADDRESS to add one, unlink ADDRESS to "
	    "remove one.\n");
	service_link_say(sm, "%s", text.data);
	buf_free(&text);
	store_address_list_free(v, n);
	return (0);
}

/*
 * Send address a new code, waiting from now for the sender: the mail
 * that asks for the confirmation, and a notice to the sender.
 */
static int
service_link_ask(struct service_mail *sm, const char *address,
    char **cause)
{
	struct buf	 who, text, until, subject;
	uint64_t	 r;
	char		 code[COMMAND_CODE_LEN + 1];
	int		 rc;

	if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) {
		xasprintf(cause, "no random numbers for a link's code");
		return (-1);
	}
	snprintf(code, sizeof code, "%08llu",
	    (unsigned long long)(r % 100000000));
	if (store_address_add(sm->sv->store, address, sm->me.id, code,
	    sm->ml->now, cause) == -1)
		return (-1);
	buf_init(&who);
	buf_init(&text);
	buf_init(&until);
	buf_init(&subject);
	service_label(&sm->me, &who);
	service_clock_when(sm->ml->now + SERVICE_LINK_WAIT, NULL, &until);
	buf_addf(&text, "%s asks mupbem to link this address,\n%s, to their "
	    "account, so that mail from here plays as them:\nin their games, "
	    "with their tokens. mupbem goes on writing to\n%s.\n\nIf that is "
	    "what you want, reply to this mail, or send mupbem a mail\nwith "
	    "this line:\n\n    confirm %s\n\nThe code works until %s (%d "
	    "days). If you did not ask\nfor this, do nothing: nothing "
	    "changes.\n", who.data, address, sm->me.address, code, until.data,
	    SERVICE_LINK_DAYS);
	buf_addf(&subject, "mupbem: link this address to %s?",
	    sm->me.address);
	rc = service_mail_notice(sm, address, subject.data, text.data,
	    cause);
	if (rc == 0) {
		log_info("player %s: link of %s asked", sm->me.address,
		    address);
		service_link_say(sm, "A code to confirm the link went to "
		    "%s.\nThe link is made when a reply to that mail, or a "
		    "mail with the line\n\"confirm\" and the code, comes from "
		    "that address by %s.\n", address, until.data);
	}
	buf_free(&who);
	buf_free(&text);
	buf_free(&until);
	buf_free(&subject);
	return (rc);
}

/* link ADDRESS: refuse what cannot be linked, or ask for it. */
static int
service_link_add(struct service_mail *sm, const char *address,
    char **cause)
{
	struct store_address	 a;
	struct store_player	 p;
	struct buf		 until;
	const char		*why = NULL;
	int			 rc, games = 0;

	if (service_link_ours(sm, address)) {
		service_error(sm, "link: %s is this server's address, not a "
		    "player's", address);
		return (0);
	}
	if (strcasecmp(address, sm->me.address) == 0) {
		service_error(sm, "link: %s is your main address already",
		    address);
		return (0);
	}
	if ((rc = store_address_get(sm->sv->store, address, &a,
	    cause)) == -1)
		return (-1);
	buf_init(&until);
	if (rc == 1 && a.confirmed != -1 && a.player == sm->me.id)
		why = "is linked to your account already";
	else if (rc == 1 && a.confirmed != -1)
		why = "is another player's address already";
	else if (rc == 1 && a.player != sm->me.id &&
	    sm->ml->now - a.created <= SERVICE_LINK_WAIT) {
		why = "waits for the confirmation of another player's link; "
		    "try again after ";
		service_clock_when(a.created + SERVICE_LINK_WAIT, NULL, &until);
	}
	store_address_free(&a);
	if (why != NULL) {
		service_error(sm, "link: %s %s%s", address, why,
		    until.len > 0 ? until.data : "");
		buf_free(&until);
		return (0);
	}
	buf_free(&until);
	if ((rc = store_player_get(sm->sv->store, address, &p, cause)) == -1)
		return (-1);
	if (rc == 1 && store_address_games(sm->sv->store, p.id, &games,
	    cause) == -1) {
		store_player_free(&p);
		return (-1);
	}
	store_player_free(&p);
	if (games > 0) {
		service_error(sm, "link: %s is already a player with %d "
		    "game%s; the games of two players cannot be joined, so "
		    "play from that address as its own player", address,
		    games, games == 1 ? "" : "s");
		return (0);
	}
	/* A forged From must not make mupbem write to a new address. */
	if (service_proof_needed(sm)) {
		log_info("player %s: link of %s before their address is "
		    "proven; refused", sm->me.address, address);
		service_error(sm, "link: mupbem writes to %s only once it knows "
		    "that this mail came from you, as anyone can write your "
		    "address on a mail; send link %s in an answer to a mail "
		    "mupbem sent you about a game", address, address);
		return (0);
	}
	return (service_link_ask(sm, address, cause));
}

/* unlink ADDRESS: untie one of the sender's further addresses. */
static int
service_link_remove(struct service_mail *sm, const char *address,
    char **cause)
{
	struct store_address	a;
	int			rc;

	if (strcasecmp(address, sm->me.address) == 0) {
		service_error(sm, "unlink: %s is your main address, where "
		    "mupbem writes to you; it cannot be unlinked (the server's "
		    "operator can change it)", address);
		return (0);
	}
	if ((rc = store_address_get(sm->sv->store, address, &a,
	    cause)) == -1)
		return (-1);
	if (rc == 0 || a.player != sm->me.id) {
		service_error(sm, "unlink: %s is not one of your addresses "
		    "(write link for the list)", address);
		store_address_free(&a);
		return (0);
	}
	rc = store_address_del(sm->sv->store, a.address, cause);
	if (rc != -1 && a.confirmed != -1) {
		log_info("player %s: %s unlinked", sm->me.address, a.address);
		service_link_say(sm, "%s is no longer linked to your "
		    "account:\nmail from it is no longer yours.\n", a.address);
	} else if (rc != -1) {
		service_link_say(sm, "The link of %s, which waited for its "
		    "confirmation,\nis cancelled: its code no longer works.\n",
		    a.address);
	}
	store_address_free(&a);
	return (rc == -1 ? -1 : 0);
}

/*
 * Confirm the link a, waiting for the sender's address: unless it has
 * expired, fold the sender's own registration into the player who asked
 * for it, and from now on the sender is that player.
 */
static int
service_link_make(struct service_mail *sm, const struct store_address *a,
    char **cause)
{
	struct store_player	owner;
	int			rc, games;

	if ((rc = store_player_by_id(sm->sv->store, a->player, &owner,
	    cause)) != 1)
		return (rc == 0 ? 0 : -1);
	if (sm->ml->now - a->created > SERVICE_LINK_WAIT) {
		service_error(sm, "confirm: the link of %s to %s waited more "
		    "than %d days and has expired; write link %s from %s to "
		    "ask again", a->address, owner.address, SERVICE_LINK_DAYS,
		    a->address, owner.address);
		store_player_free(&owner);
		return (store_address_del(sm->sv->store, a->address, cause) ==
		    -1 ? -1 : 0);
	}
	if (sm->me.id != owner.id) {
		if (store_address_games(sm->sv->store, sm->me.id, &games,
		    cause) == -1)
			goto fail;
		if (games > 0) {
			service_error(sm, "confirm: %s is already a player "
			    "with %d game%s; the games of two players cannot "
			    "be joined, so it cannot be linked to %s",
			    a->address, games, games == 1 ? "" : "s",
			    owner.address);
			store_player_free(&owner);
			return (0);
		}
		if (store_address_merge(sm->sv->store, sm->me.id, owner.id,
		    cause) == -1)
			goto fail;
	}
	if (store_address_confirm(sm->sv->store, a->address, sm->ml->now,
	    cause) == -1)
		goto fail;
	log_info("player %s: %s linked", owner.address, a->address);
	store_player_free(&sm->me);
	sm->me = owner;
	sm->linked = 1;
	service_link_say(sm, "%s is now linked to your account:\nmail from "
	    "it plays as you, in your games, with your tokens.\nmupbem goes on "
	    "writing to %s.\n\nTo undo it, write: unlink %s\n", a->address,
	    sm->me.address, a->address);
	return (0);

fail:
	store_player_free(&owner);
	return (-1);
}

/* confirm [CODE]: confirm the link waiting for the sender's address. */
static int
service_link_confirm(struct service_mail *sm, const char *code,
    char **cause)
{
	struct store_address	 a;
	const char		*from = sm->m->from;
	int			 rc;

	if ((rc = store_address_get(sm->sv->store, from, &a, cause)) == -1)
		return (-1);
	if (rc == 1 && a.confirmed != -1) {
		/* Confirmed already, perhaps by this very mail's answer. */
		if (!sm->linked)
			service_notice(sm, "%s is linked to your account "
			    "already.\n", a.address);
	} else if (rc == 1 && code != NULL && strcmp(code, a.code) == 0)
		rc = service_link_make(sm, &a, cause);
	else if (rc == 1 && code == NULL) {
		service_error(sm, "confirm: which code? Write the line from "
		    "the mail mupbem sent to %s, confirm and %d digits", from,
		    COMMAND_CODE_LEN);
	} else if (rc == 1) {
		service_error(sm, "confirm: %s is not the code mupbem sent to "
		    "%s; copy it from that mail, or ask for a new one with "
		    "link %s", code, from, from);
	} else if (code != NULL && (rc = store_address_code(sm->sv->store,
	    code, &a, cause)) == 1) {
		service_error(sm, "confirm: code %s is for %s; send it from "
		    "that address, not from %s", code, a.address, from);
	} else if (rc == 0) {
		service_error(sm, "confirm: no link of %s waits for its "
		    "confirmation; write link %s from your main address to ask "
		    "for one", from, from);
	}
	store_address_free(&a);
	return (rc == -1 ? -1 : 0);
}

/*
 * Does the mail answer the mail that asked its sender to confirm a link
 * (its In-Reply-To or References names it)?  Then it confirms, before
 * its commands are read.
 */
int
service_link_answer(struct service_mail *sm, char **cause)
{
	const struct message	*m = sm->m;
	const char		*lists[2] = { m->in_reply_to, m->references };
	struct store_address	 a;
	char			*text, *copy, *p, *id;
	int			 i, rc;

	if ((m->in_reply_to == NULL && m->references == NULL) ||
	    (rc = store_address_get(sm->sv->store, m->from, &a, cause)) == 0)
		return (0);
	if (rc == -1)
		return (-1);
	if (a.confirmed != -1) {
		store_address_free(&a);
		return (0);
	}
	xasprintf(&text, "confirm %s", a.code);
	for (i = 0, rc = 0; i < 2 && rc == 0; i++) {
		if (lists[i] == NULL)
			continue;
		copy = xstrdup(lists[i]);
		for (p = copy; rc == 0 && (id = strsep(&p, " ")) != NULL;) {
			if (*id != '\0')
				rc = store_address_sent(sm->sv->store, id,
				    m->from, text, cause);
		}
		free(copy);
	}
	free(text);
	if (rc == 1)
		rc = service_link_make(sm, &a, cause);
	store_address_free(&a);
	return (rc == -1 ? -1 : 0);
}

/*
 * Does "new ... with" name the sender, or one player twice, by their
 * further addresses?  1 after saying so, 0 if not, -1.
 */
int
service_link_with(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct store_player	p;
	long long		id[COMMAND_MAX_WITH];
	int			i, j, rc;

	for (i = 0; i < c->nwith; i++) {
		if ((rc = store_player_get(sm->sv->store, c->with[i], &p,
		    cause)) == -1)
			return (-1);
		id[i] = rc == 1 ? p.id : 0;
		store_player_free(&p);
		if (id[i] != 0 && id[i] == sm->me.id) {
			service_error(sm, "new: %s is an address of yours; "
			    "invite others with 'with ADDRESS'", c->with[i]);
			return (1);
		}
		for (j = 0; j < i; j++) {
			if (id[i] != 0 && id[j] == id[i]) {
				service_error(sm, "new: %s and %s are one "
				    "player's addresses; invite them once",
				    c->with[j], c->with[i]);
				return (1);
			}
		}
	}
	return (0);
}

/* link [ADDRESS], unlink ADDRESS, confirm [CODE]. */
int
service_link(struct service_mail *sm, const struct command *c,
    char **cause)
{
	switch (c->type) {
	case COMMAND_LINK:
		if (c->arg == NULL)
			return (service_link_list(sm, cause));
		return (service_link_add(sm, c->arg, cause));
	case COMMAND_UNLINK:
		return (service_link_remove(sm, c->arg, cause));
	case COMMAND_CONFIRM:
		return (service_link_confirm(sm, c->arg, cause));
	default:
		return (0);
	}
}
