#include "config.h"

#include <string.h>
#include <strings.h>

#include "buf.h"
#include "command.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "message.h"
#include "ratelimit.h"
#include "reply.h"
#include "service.h"
#include "service-private.h"
#include "store.h"

/*
 * The sender limits of the game service: the rate limit and the loop
 * limit of ratelimit.c, with each sender's state read from the store
 * when its mail comes and written back in the same transaction
 * (store-sender.c).
 *
 * Limits are for floods and junk, not for play.  A mail over the rate
 * limit is still read if it plays: a turn from the seat to move,
 * accept or decline from an invited seat, withdraw, in the mail's
 * game and proven as a turn must be (service_plays() in service.c);
 * and a mail that played a turn gives its token back, since a game
 * already bounds how fast turns come.
 * Any other mail over the rate limit is recorded as handled and not
 * read, and its sender is told so once, in one short mail that says
 * when to send it again; the rest of the flood gets no other notice
 * until a mail of theirs is read, and a sender the loop limit holds
 * gets none.
 *
 * The loop limit holds junk only: a mail that cannot be read, that
 * holds nothing to do, or that repeats the sender's last mail word for
 * word without a command that changes anything (asking for the board
 * again changes nothing; a second "new velox with robot" is a second
 * game, and is answered).
 */

static void	service_limit_rules(const struct service *,
		    struct ratelimit_rules *);

static void
service_limit_rules(const struct service *sv, struct ratelimit_rules *r)
{
	const struct config_file	*c = sv->config;

	r->burst = c->rate_burst;
	r->interval = c->rate_interval;
	r->loop_burst = c->loop_burst;
	r->loop_window = c->loop_window;
}

/*
 * Read the state of m's sender into rs and count m against the rate
 * limit at now; *repeated says whether m's text is the sender's last.
 * 1 if m is within the limit, 0 if it is over it (nothing is spent),
 * or -1.
 */
int
service_limit_take(struct service *sv, const struct message *m,
    long long now, struct ratelimit_sender *rs, int *repeated, char **cause)
{
	struct ratelimit_rules	r;
	char			digest[RATELIMIT_DIGEST_LEN + 1];
	int			rc;

	service_limit_rules(sv, &r);
	if ((rc = store_sender_get(sv->store, m->from, rs, cause)) == -1)
		return (-1);
	if (rc == 0)
		ratelimit_sender_new(rs, now);
	ratelimit_digest(m->subject, m->text, digest);
	*repeated = ratelimit_repeated(rs, digest);
	return (ratelimit_allow(&r, rs, now));
}

/*
 * Refuse m, over the rate limit and not play: it is not read; its
 * sender is told when to send it again, once until a mail of theirs
 * is read.  0 or -1.
 */
int
service_limit_refuse(struct service *sv, struct mailloop *ml,
    const struct message *m, struct ratelimit_sender *rs, char **cause)
{
	struct ratelimit_rules	 r;
	struct service_mail	 sm;
	struct buf		 text, subject;
	long long		 next;
	int			 rc = 0;

	service_limit_rules(sv, &r);
	log_warnx("mail %s: %s is over the rate limit; not answered",
	    m->id, m->from);
	/* A loop (loop_burst junk mails already) is not fed a notice. */
	if (!rs->told && !ratelimit_looping(&r, rs, ml->now)) {
		next = ratelimit_next(&r, rs, ml->now);
		buf_init(&text);
		buf_init(&subject);
		buf_addf(&text, "Your mail was not read. mupbem reads at most "
		    "%ld mails from one address at once, then one every %ld "
		    "seconds, and yours came faster. Please send it again "
		    "after ", r.burst, r.interval);
		service_mail_utc(next, &text);
		buf_adds(&text, ".\n\nThis is said once: other mail of yours "
		    "that comes before then is not read either. Turns and "
		    "answers to invitations in your games are always read.\n");
		reply_subject(m->subject, &subject);
		memset(&sm, 0, sizeof sm);
		sm.sv = sv;
		sm.ml = ml;
		sm.m = m;
		rc = service_mail_notice(&sm, m->from, subject.data, text.data,
		    cause);
		buf_free(&text);
		buf_free(&subject);
		if (rc == -1)
			return (-1);
		log_info("mail %s: %s told to send again after %lld", m->id,
		    m->from, next);
		rs->told = 1;
	}
	return (store_sender_put(sv->store, m->from, rs, cause));
}

/* Does list hold a command that changes something (not only asks)? */
int
service_limit_acts(const struct command_list *list)
{
	size_t	i;

	for (i = 0; i < list->n; i++) {
		switch (list->v[i].type) {
		case COMMAND_HELP:
		case COMMAND_RULES:
		case COMMAND_PREVIEW:
		case COMMAND_BOARD:
		case COMMAND_HISTORY:
		case COMMAND_GAMES:
		case COMMAND_RATINGS:
		case COMMAND_STATS:
		case COMMAND_ARCHIVE:
		case COMMAND_TOURNAMENTS:
		case COMMAND_LEAGUES:
			break;
		default:
			return (1);
		}
	}
	return (0);
}

/*
 * Does list hold play in game id that its seat may make now: a turn
 * when the seat is to move (or a resignation), accept or decline when
 * it is invited, withdraw?  So one flood plays once at most a turn.
 */
int
service_limit_plays(const struct command_list *list, long long id,
    int to_move, int invited)
{
	const struct command	*c;
	size_t			 i;

	for (i = 0; i < list->n; i++) {
		c = &list->v[i];
		if (c->game != 0 && c->game != id)
			continue;
		switch (c->type) {
		case COMMAND_PLAY:
			if (to_move || strcasecmp(c->arg, "resign") == 0)
				return (1);
			break;
		case COMMAND_ACCEPT:
		case COMMAND_DECLINE:
			if (invited)
				return (1);
			break;
		case COMMAND_WITHDRAW:
			return (1);
		default:
			break;
		}
	}
	return (0);
}

/*
 * Count m against the loop limit if it is junk: 1 if it must not be
 * answered (it is logged), else 0.
 */
int
service_limit_quiet(struct service *sv, const struct message *m,
    long long now, struct ratelimit_sender *rs, int junk)
{
	struct ratelimit_rules	r;

	service_limit_rules(sv, &r);
	if (!junk || ratelimit_junk(&r, rs, now))
		return (0);
	log_warnx("mail %s: %s sent %ld mails without a new command in %lds; "
	    "not answered (a loop?)", m->id, m->from, rs->junk,
	    (long)(now - rs->since));
	return (1);
}
