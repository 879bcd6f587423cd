#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "address.h"
#include "log.h"
#include "mailloop.h"
#include "operate.h"
#include "service-private.h"
#include "service.h"
#include "text.h"
#include "xmalloc.h"


/*
 * The operator changes a player's main address: "mupbem --db FILE
 * address OLD NEW".  The player keeps their id, and with it their
 * seats, games, name, settings and secret, so their tokens
 * (identity.c) hold at the new address too.  Each game in play or
 * inviting where they have a place gets a comment in its record saying
 * what changed, and its "seat COLOUR ADDRESS" line, once the game has
 * seats, names the new address.  The player is told at the new address
 * and, once, at the old one.
 *
 * NEW must be nobody else's.  An address that has written to mupbem
 * without ever holding a place is folded into the player, as when a
 * link is confirmed (store_address_merge()); one that holds places is
 * refused, as is another player's confirmed link.  A link of NEW to
 * this player, or another player's link that only waits, is dropped:
 * NEW is the main address now.
 *
 * Like a nudge (service-nudge.c) there is no mail in hand: the
 * service_mail has no message and its sender is nobody
 * (service_operator_begin()).  Everything is one store transaction,
 * and a refusal leaves nothing changed.
 */

static int	service_address_free(struct service_mail *, long long,
		    const char *, struct buf *, char **);
static int	service_address_games(struct service_mail *,
		    const struct store_player *, const char *, struct buf *,
		    char **);
static int	service_address_tell(struct service_mail *, const char *,
		    const char *, const char *, const struct buf *, char **);
static int	service_address_change(struct service_mail *, const char *,
		    const char *, struct buf *, char **);

/*
 * Make address free for player: drop its links that may go, fold in its
 * registration if it has no games; -1 and *cause if it is taken.
 */
static int
service_address_free(struct service_mail *sm, long long player,
    const char *address, struct buf *done, char **cause)
{
	struct store		*s = sm->sv->store;
	struct store_address	 a;
	struct store_player	 p, owner;
	int			 rc, games;

	if ((rc = store_address_get(s, address, &a, cause)) == -1)
		return (-1);
	if (rc == 1 && a.player != player && a.confirmed != -1) {
		if ((rc = store_player_by_id(s, a.player, &owner,
		    cause)) != -1) {
			xasprintf(cause, "%s is another player's linked "
			    "address (%s's); they can unlink it", address,
			    rc == 1 ? owner.address : "nobody");
			store_player_free(&owner);
		}
		store_address_free(&a);
		return (-1);
	}
	store_address_free(&a);
	if (rc == 1 && store_address_del(s, address, cause) == -1)
		return (-1);
	if ((rc = store_player_get(s, address, &p, cause)) != 1)
		return (rc);
	rc = 0;
	if (p.id != player) {
		if (store_address_games(s, p.id, &games, cause) == -1)
			rc = -1;
		else if (games > 0) {
			xasprintf(cause, "%s is already a player with %d "
			    "game%s; the games of two players cannot be "
			    "joined", address, games, games == 1 ? "" : "s");
			rc = -1;
		} else
			rc = store_address_merge(s, p.id, player, cause);
		if (rc == 0)
			buf_addf(done, "%s had written to mupbem without a "
			    "game: that is folded in\n", address);
	}
	store_player_free(&p);
	return (rc);
}

/*
 * In each game in play or inviting where p has a place, note that the
 * operator changed p's address old to p's address now; *names lists
 * them ("G1, G3").
 */
static int
service_address_games(struct service_mail *sm, const struct store_player *p,
    const char *old, struct buf *names, char **cause)
{
	struct store_game	*games;
	struct record		 rec;
	struct buf		 note, text;
	const char		*colour;
	size_t			 n, i;
	int			 rc = 0;

	if (store_game_list(sm->sv->store, p->id, &games, &n, cause) == -1)
		return (-1);
	buf_init(&note);
	buf_init(&text);
	for (i = 0; i < n && rc == 0; i++) {
		if (strcmp(games[i].status, "playing") != 0 &&
		    strcmp(games[i].status, "inviting") != 0)
			continue;
		record_init(&rec, NULL, NULL, 0);
		if (record_parse(&rec, games[i].record, cause) == -1) {
			rc = -1;
			break;
		}
		buf_reset(&note);
		buf_reset(&text);
		service_clock_when(sm->ml->now, NULL, &note);
		if ((colour = record_rename(&rec, old, p->address)) != NULL)
			buf_addf(&note, ": the operator changed %s's address",
			    colour);
		else
			buf_adds(&note, ": the operator changed a player's "
			    "address");
		buf_addf(&note, " from %s to %s", old, p->address);
		record_note(&rec, note.data);
		record_write(&rec, &text);
		record_free(&rec);
		rc = store_game_update(sm->sv->store, games[i].id,
		    games[i].status, text.data, games[i].turns, sm->ml->now,
		    cause);
		buf_addf(names, "%sG%lld", names->len > 0 ? ", " : "",
		    games[i].id);
	}
	buf_free(&note);
	buf_free(&text);
	store_game_list_free(games, n);
	return (rc);
}

/* Tell the player, at address to, that their address old is now new. */
static int
service_address_tell(struct service_mail *sm, const char *to,
    const char *old, const char *new, const struct buf *games, char **cause)
{
	struct buf	text, subject;
	int		rc;

	buf_init(&text);
	buf_init(&subject);
	buf_addf(&text, "The operator of mupbem changed your address from\n%s "
	    "to %s.\n\nYou are the same player: your places, ", old, new);
	if (games->len > 0)
		buf_addf(&text, "your games (%s), ", games->data);
	buf_addf(&text, "your name and\nyour settings stay yours. mupbem "
	    "writes to %s from now on,\nand mail from %s is no longer "
	    "yours.\n", new, old);
	buf_addf(&subject, "mupbem: your address is now %s", new);
	rc = service_mail_notice(sm, to, subject.data, text.data, cause);
	buf_free(&text);
	buf_free(&subject);
	return (rc);
}

/* Change the main address old to new (above); *done says what changed. */
static int
service_address_change(struct service_mail *sm, const char *old,
    const char *new, struct buf *done, char **cause)
{
	struct store_player	 p;
	struct buf		 games;
	char			*was;
	int			 rc;

	if (address_check(new, strlen(new)) == -1) {
		xasprintf(cause, "'%s' is not an address; write it as "
		    "bob@example.org", new);
		return (-1);
	}
	if ((rc = store_player_get(sm->sv->store, old, &p, cause)) != 1) {
		if (rc == 0)
			xasprintf(cause, "there is no player %s", old);
		return (-1);
	}
	rc = -1;
	buf_init(&games);
	if (strcasecmp(p.address, old) != 0)
		xasprintf(cause, "%s is a linked address of %s; give the main "
		    "address", old, p.address);
	else if (strcmp(p.address, new) == 0)
		xasprintf(cause, "%s is that player's address already", new);
	else if (service_address_free(sm, p.id, new, done, cause) == 0 &&
	    store_address_move(sm->sv->store, p.id, new, cause) == 0) {
		was = p.address;
		p.address = xstrdup(new);
		if (service_address_games(sm, &p, was, &games, cause) == 0 &&
		    service_address_tell(sm, new, was, new, &games,
		    cause) == 0 &&
		    service_address_tell(sm, was, was, new, &games,
		    cause) == 0)
			rc = 0;
		if (rc == 0) {
			log_info("player %s: the operator changed the address "
			    "to %s", was, new);
			buf_addf(done, "%s is now %s; games noted: %s; mail to "
			    "both addresses queued\n", was, new,
			    games.len > 0 ? games.data : "none");
		}
		free(was);
	}
	buf_free(&games);
	store_player_free(&p);
	return (rc);
}

/*
 * The operator's change of a player's main address old to new, through
 * ml's store and configuration, in one transaction.  0 and lines for the
 * operator in *done, or -1 and *cause, with nothing changed.
 */
int
service_address(struct service *sv, struct mailloop *ml, const char *old,
    const char *new, struct buf *done, char **cause)
{
	struct service_mail	sm;

	if (service_operator_begin(&sm, sv, ml, cause) == -1)
		return (-1);
	return (service_operator_end(&sm, service_address_change(&sm, old,
	    new, done, cause), cause));
}
