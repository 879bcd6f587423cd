#include "config.h"

#include <sys/random.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "log.h"
#include "mailloop.h"
#include "maildir.h"
#include "robot-address.h"
#include "reply.h"
#include "sender.h"
#include "source.h"
#include "store.h"
#include "xmalloc.h"

/*
 * Exactly once.  For each mail the source hands out, in one store
 * transaction: if its id is recorded as handled, nothing more; else
 * the handler answers it, the answer goes into the outbox and the id
 * is recorded.  Only after the commit is the mail acknowledged at the
 * source.  A crash before the commit loses nothing (the mail comes
 * again); a crash after it applies nothing twice (the mail comes again
 * and is found handled).
 *
 * Group commit.  The mail waiting is taken in batches: one
 * transaction, so one sync, for up to [server] batch mails, each
 * handled in a savepoint of its own.  A batch takes what is there
 * now and never waits for more, so a mail that comes alone is one
 * transaction as before; in the daemon it ends early once its
 * handling took MAILLOOP_BATCH_MS, so that under a steady stream the
 * first replies do not wait for the last mail to be taken.  Replies
 * leave from the outbox, which the loop sends after each batch and
 * whenever a retry falls due, a batch at a time.  A temporary failure
 * waits retry seconds, doubling each time up to retry_max; a
 * permanent one is logged and given up.
 *
 * Mail that must never be answered (bounces, auto-replies, lists) is
 * recorded and dropped; mail over the size limit gets a short refusal
 * and nothing else.
 *
 * Order.  When the store cannot write (disk full, another process
 * holding the write lock past the busy timeout, a read-only file), or
 * fails on one mail, that mail is rolled back to its savepoint:
 * nothing of it is kept, not even a refusal.  The mails before it in
 * its batch commit; it and the mails after it are held,
 * unacknowledged, and taken again, in order, before any later mail,
 * after 1, 2, 4, ... up to 30 seconds (if the commit itself fails,
 * the whole batch is held).  Meanwhile nothing else is taken, no event
 * handled and nothing sent (a reply sent but not recorded as sent
 * would go twice).  So a player's turns are applied in the order they
 * came, once the store can write again, without a restart.
 *
 * Poison.  No one mail may stop the rest for ever, by killing the
 * process or by being refused by the store each time.  Before the
 * first mail of a transaction is handed over, a try of it (named by
 * the SHA-256 of its bytes) is recorded in the store and committed
 * (store-tries.c); the transaction that handles it takes the try
 * away.  A try left behind means the process died in that
 * transaction: that mail and the batch after it are then taken one a
 * transaction, each tried first, so that the next death names its
 * mail.  A mail the store refuses (a constraint, a trigger: a
 * failure of the mail, not of the store, which holds everything as
 * above) counts a try too.  A mail tried [server] max_tries times is
 * set aside (source aside(): the Maildir's .Poison folder, or the IMAP
 * keyword $MupbemPoison), logged once, and the mail after it taken.
 * A retry of held mail is no new try, and a try that ended in a
 * store failure is taken back, so a store outage sets nothing aside.
 *
 * Sending.  A reply is claimed in one transaction, sent, and recorded
 * sent in another.  If the store fails between sending and recording
 * (the database went away), what became of the reply is kept here and
 * recorded before anything else is sent, once the store works again,
 * so that it does not go twice; if a claim's commit failed, this
 * process's claims are released then, as no claim of its is in flight
 * between sends.  While the store fails, the loop waits no longer than
 * 1, 2, 4, ... up to 30 seconds before it tries again, so that due
 * events and the outbox go on soon after the store is back.
 */

static void	mailloop_message_id(struct mailloop *, struct buf *);
static int	mailloop_too_large(struct mailloop *, const struct message *,
		    char **);
static double	mailloop_ms(void);
static int	mailloop_batch(struct mailloop *);
static int	mailloop_in_batch(const struct source_mail *, size_t,
		    const char *);
static int	mailloop_apply(struct mailloop *, const char *, size_t,
		    const char *, const char *, char **);
static void	mailloop_key(const char *, size_t, char *);
static int	mailloop_first(struct mailloop *, struct source_mail *, int,
		    char *, char **);
static void	mailloop_tried(struct mailloop *, const char *, int,
		    const char *);
static void	mailloop_failed(struct mailloop *,
		    const struct source_mail *, size_t, long, const char *, int,
		    const char *);
static void	mailloop_hold(struct mailloop *, struct source_mail *, size_t,
		    size_t, size_t, const char *);
static int	mailloop_outcome(struct mailloop *,
		    const struct store_outmail *, int, const char *, long long,
		    char **);
static int	mailloop_record(struct mailloop *, struct store_outmail *,
		    struct sender_mail *, int, long long, char **);
static int	mailloop_unrecorded(struct mailloop *, long long, char **);
static void	mailloop_unrecorded_free(struct mailloop *);

#define MAILLOOP_BATCH_MAX	1000	/* mails a transaction, at most */
#define MAILLOOP_BATCH_MS	100.0	/* a batch's handling ends after */
#define MAILLOOP_HOLD_MIN	1000.0	/* ms before a held mail's retry */
#define MAILLOOP_HOLD_MAX	30000.0
#define MAILLOOP_KEY		72	/* "sha256:" and 64 digits */
#define MAILLOOP_DIED		"the daemon stopped while handling it"
#define MAILLOOP_STORE_WAIT_MAX	30	/* s, while the store fails */

/*
 * Is MUPBEM_NOW, if set, a time mailloop_now() can take?  0 if so; -1
 * and *cause if not, so that a mistyped test clock stops the daemon
 * rather than quietly running on the system's.
 */
int
mailloop_now_check(char **cause)
{
	const char	*e = getenv("MUPBEM_NOW");
	char		*end;
	long long	 t;

	if (e == NULL || *e == '\0')
		return (0);
	t = strtoll(e, &end, 10);
	if (*end != '\0' || t <= 0) {
		xasprintf(cause, "MUPBEM_NOW: '%s' is not a time; write the "
		    "seconds since 1970-01-01 UTC, such as 1795000000", e);
		return (-1);
	}
	return (0);
}

/*
 * The daemon's clock: the system's, or MUPBEM_NOW (epoch seconds) if
 * it is set, so that tests can move time instead of waiting for it.
 */
long long
mailloop_now(void)
{
	const char	*e = getenv("MUPBEM_NOW");
	char		*end;
	long long	 t;

	if (e != NULL && *e != '\0') {
		t = strtoll(e, &end, 10);
		if (*end == '\0' && t > 0)
			return (t);
	}
	return ((long long)time(NULL));
}

/* A new unique Message-ID in the domain of our address. */
static void
mailloop_message_id(struct mailloop *ml, struct buf *out)
{
	const char	*domain = strchr(ml->config->address, '@') + 1;
	struct timespec	 ts;
	uint64_t	 r = 0;

	clock_gettime(CLOCK_REALTIME, &ts);
	if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
		r ^= (uint64_t)ts.tv_nsec << 20;
	buf_addf(out, "%lld.%ld.%lu.%016llx@%s", (long long)ts.tv_sec,
	    (long)getpid(), ++ml->sequence, (unsigned long long)r, domain);
}

/*
 * Put mail in the outbox, from our address, due now.  Its Message-ID
 * is added to id (if not NULL), so the caller can remember it.
 */
int
mailloop_queue(struct mailloop *ml, const struct mailloop_mail *mail,
    struct buf *id_out, char **cause)
{
	struct reply		 r;
	struct buf		 id, date, text, boundary;
	enum robot_level	 level;
	int			 rc;

	buf_init(&boundary);
	buf_init(&id);
	buf_init(&date);
	buf_init(&text);
	mailloop_message_id(ml, &id);
	reply_date(ml->now, &date);
	memset(&r, 0, sizeof r);
	r.from_name = ml->config->name;
	r.from = ml->config->address;
	r.to = mail->to;
	r.reply_to = mail->reply_to;
	r.subject = mail->subject;
	r.state = mail->state;
	r.attachments = mail->attachments;
	r.nattachments = mail->nattachments;
	r.picture = mail->picture;
	/* Unique like the Message-ID, without its '@'. */
	buf_addf(&boundary, "=_mupbem_%.*s", (int)strcspn(id.data, "@"),
	    id.data);
	r.boundary = boundary.data;
	r.message_id = id.data;
	r.date = date.data;
	r.in_reply_to = mail->in_reply_to;
	r.references = mail->references;
	r.body = mail->body;
	/* Robots read nothing: their mail is never written. */
	if (robot_address_level(mail->to, &level) == 0)
		rc = 0;
	else {
		reply_build(&r, &text);
		rc = store_queue(ml->store, id.data, ml->config->address,
		    mail->to, text.data, text.len, ml->now, mail->kept, cause);
	}
	if (rc == 0 && id_out != NULL)
		buf_adds(id_out, id.data);
	if (rc == 0)
		ml->replied++;
	buf_free(&id);
	buf_free(&date);
	buf_free(&text);
	buf_free(&boundary);
	return (rc);
}

/* Refuse a mail too large to read, with a short reply. */
static int
mailloop_too_large(struct mailloop *ml, const struct message *m,
    char **cause)
{
	struct mailloop_mail	 out;
	struct buf		 subject, body;
	int			 rc;

	buf_init(&subject);
	buf_init(&body);
	reply_subject(m->subject, &subject);
	buf_addf(&body, "Your mail is longer than the %ld bytes mupbem "
	    "reads, so it was not read.\nPlease send your commands in a "
	    "shorter mail, without attachments.\n", ml->config->max_size);
	memset(&out, 0, sizeof out);
	out.to = m->from;
	out.subject = subject.data;
	out.body = body.data;
	out.in_reply_to = m->message_id;
	out.references = m->references;
	rc = mailloop_queue(ml, &out, NULL, cause);
	buf_free(&subject);
	buf_free(&body);
	return (rc);
}

/* How many mails a transaction takes, or sends: [server] batch. */
static int
mailloop_batch(struct mailloop *ml)
{
	long	n = ml->config->batch;

	return (n < 1 ? 1 : n > MAILLOOP_BATCH_MAX ? MAILLOOP_BATCH_MAX :
	    (int)n);
}

/*
 * Handle one mail, raw[0..len), found at key, inside the open
 * transaction and a savepoint of its own: exactly once, as above; its
 * try (tried, if not NULL) is taken away with it.  Returns 0 when the
 * mail may be acknowledged once the transaction commits, -1 when
 * nothing of it was kept (the store failed; it will come again, and
 * ml->refused says whether it was the mail's fault).
 */
static int
mailloop_apply(struct mailloop *ml, const char *raw, size_t len,
    const char *key, const char *tried, char **cause)
{
	struct message	 m;
	char		*why = NULL;
	long long	 now = mailloop_now();
	long		 replied = ml->replied;
	int		 rc;

	ml->refused = 0;
	if (message_parse(raw, len, (size_t)ml->config->max_size, &m,
	    &why) == -1) {
		log_warnx("mail %s: %s; dropped", key, why);
		free(why);
		if (tried != NULL)
			return (store_tries_clear(ml->store, tried, cause));
		return (0);
	}
	if (store_savepoint(ml->store, cause) == -1) {
		message_free(&m);
		return (-1);
	}
	if ((rc = store_handled(ml->store, m.id, cause)) == 1) {
		log_info("mail %s (%s): handled before; dropped", key, m.id);
		ml->duplicates++;
		rc = 0;
	} else if (rc == 0) {
		ml->now = now;
		if (m.automatic != MESSAGE_HUMAN || m.from == NULL) {
			log_info("mail %s (%s): %s mail, not answered", key,
			    m.id, m.from == NULL ? "sender-less" :
			    message_automatic_name(m.automatic));
		} else if (m.too_large)
			rc = mailloop_too_large(ml, &m, cause);
		else
			rc = ml->handle(ml, &m, ml->arg, cause);
		if (rc == 0)
			rc = store_handle(ml->store, m.id, key, now, cause);
		ml->taken += rc == 0;
	}
	if (rc == 0 && tried != NULL)
		rc = store_tries_clear(ml->store, tried, cause);
	if (rc == 0)
		rc = store_savepoint_release(ml->store, cause);
	if (rc == -1) {
		/* Asked before the rollback, which clears it. */
		ml->refused = store_refused(ml->store);
		store_savepoint_rollback(ml->store);
		ml->replied = replied;
	}
	message_free(&m);
	return (rc);
}

/*
 * Handle one mail, raw[0..len), found at key, in a transaction of its
 * own (mupbemd --deliver), its try recorded first.  A mail tried
 * [server] max_tries times is set aside instead: a copy goes into the
 * Maildir's .Poison folder if the source is a Maildir.  Returns 0 when
 * the mail may be acknowledged (or was set aside), -1 when it must
 * stay (the store failed; it will come again).
 */
int
mailloop_handle(struct mailloop *ml, const char *raw, size_t len,
    const char *key, char **cause)
{
	const struct config_file	*c = ml->config;
	char				 tried[MAILLOOP_KEY], *why, *dir;
	long				 taken = ml->taken;
	long				 replied = ml->replied;
	long				 duplicates = ml->duplicates;
	int				 tries;

	if (c->max_tries > 0) {
		mailloop_key(raw, len, tried);
		if ((tries = store_tries_get(ml->store, tried, &why,
		    cause)) == -1)
			return (-1);
		if (tries >= c->max_tries) {
			dir = NULL;
			if (strcmp(c->source, "maildir") == 0) {
				xasprintf(&dir, "%s/%s", c->maildir,
				    MAILDIR_POISON);
			}
			if (dir != NULL && maildir_put(dir, raw, len,
			    cause) == -1) {
				free(why);
				free(dir);
				return (-1);
			}
			log_warnx("mail %s: not handled after %d tries (%s); "
			    "set aside%s%s", key, tries, why != NULL ? why :
			    "no reason known", dir != NULL ? " in " : "",
			    dir != NULL ? dir : "");
			free(why);
			free(dir);
			ml->aside++;
			/* A row left would only set it aside again. */
			if (store_tries_note(ml->store, tried,
			    STORE_TRIES_CLEAR, NULL, mailloop_now(),
			    &why) == -1) {
				log_warnx("%s", why);
				free(why);
			}
			return (0);
		}
		free(why);
		if (store_tries_note(ml->store, tried, STORE_TRIES_ADD,
		    MAILLOOP_DIED, mailloop_now(), cause) == -1)
			return (-1);
	}
	if (store_begin(ml->store, cause) == -1) {
		mailloop_tried(ml, c->max_tries > 0 ? tried : NULL, 0, NULL);
		return (-1);
	}
	if (mailloop_apply(ml, raw, len, key, c->max_tries > 0 ? tried :
	    NULL, cause) == -1 || store_commit(ml->store, cause) == -1) {
		store_rollback(ml->store);
		ml->taken = taken;
		ml->replied = replied;
		ml->duplicates = duplicates;
		mailloop_tried(ml, c->max_tries > 0 ? tried : NULL,
		    ml->refused, *cause);
		return (-1);
	}
	return (0);
}

/* The name of a mail for its tries: the SHA-256 of raw[0..len). */
static void
mailloop_key(const char *raw, size_t len, char *key)
{
	struct sha256_ctx	ctx;
	uint8_t			digest[SHA256_DIGEST_SIZE];
	size_t			i;

	sha256_init(&ctx);
	sha256_update(&ctx, len, (const uint8_t *)raw);
	sha256_digest(&ctx, sizeof digest, digest);
	memcpy(key, "sha256:", 7);
	for (i = 0; i < sizeof digest; i++)
		snprintf(key + 7 + 2 * i, 3, "%02x", digest[i]);
}

/*
 * A try of the mail named key (recorded before it was handed over)
 * ended in a store failure, why: the mail's fault if refused, and the
 * try's reason becomes why; else the store's, and the try is taken
 * back, so that an outage sets no mail aside.  Best effort: a store
 * that cannot write this either is failing, and the log says so.
 */
static void
mailloop_tried(struct mailloop *ml, const char *key, int refused,
    const char *why)
{
	char	*cause = NULL;

	if (key == NULL)
		return;
	if (store_tries_note(ml->store, key, refused ? STORE_TRIES_WHY :
	    STORE_TRIES_UNDO, why, mailloop_now(), &cause) == -1) {
		log_debug("%s", cause);
		free(cause);
	}
}

/*
 * After a transaction that kept only the first ok mails of v: the mail
 * v[bad] failed in the store (bad is -1 if none did, and the commit
 * failed), refused or not, for why; tried names v[0] if its try was
 * recorded.  A refused mail counts a try (v[0]'s is there already).
 * v[0]'s try is taken back if v[0] was not kept and not refused: the
 * store failed, not it.
 */
static void
mailloop_failed(struct mailloop *ml, const struct source_mail *v, size_t ok,
    long bad, const char *tried, int refused, const char *why)
{
	char	key[MAILLOOP_KEY], *cause = NULL;

	if (!refused)
		bad = -1;
	if (ok == 0)
		mailloop_tried(ml, tried, bad == 0, why);
	if (bad == -1 || (bad == 0 && tried != NULL) ||
	    ml->config->max_tries <= 0)
		return;
	mailloop_key(v[bad].data, v[bad].len, key);
	if (store_tries_note(ml->store, key, STORE_TRIES_ADD, why,
	    mailloop_now(), &cause) == -1) {
		log_debug("%s", cause);
		free(cause);
	}
}

/*
 * Before the first mail of a transaction, m, is handed over: set it
 * aside if it was tried [server] max_tries times; if it was tried
 * before, go carefully (ml->careful); then record this try, unless
 * the mail is held (a retry after a store failure is no new try), and
 * name it in key.  Returns 1 if the mail was set aside (m is freed),
 * 0 to handle it, 2 to handle it without a try recorded, -1 if the
 * store failed (*cause: the mail is held).
 */
static int
mailloop_first(struct mailloop *ml, struct source_mail *m, int held,
    char *key, char **cause)
{
	const char	*where;
	char		*why = NULL, *err = NULL;
	long		 max = ml->config->max_tries;
	int		 tries;

	if (max <= 0)
		return (2);
	mailloop_key(m->data, m->len, key);
	if ((tries = store_tries_get(ml->store, key, &why, cause)) == -1)
		return (-1);
	if (tries >= max) {
		if ((where = ml->source->ops->aside(ml->source, m,
		    &err)) == NULL) {
			/* Held: nothing is handed over before it. */
			xasprintf(cause, "not handled after %d tries, and "
			    "cannot be set aside: %s", tries, err);
			free(err);
			free(why);
			return (-1);
		}
		log_warnx("mail %s: not handled after %d tries (%s); set "
		    "aside in %s, and the mail after it is taken", m->key,
		    tries, why != NULL ? why : "no reason known", where);
		free(why);
		ml->aside++;
		/* A row left would only set it aside again if put back. */
		if (store_tries_note(ml->store, key, STORE_TRIES_CLEAR, NULL,
		    mailloop_now(), &err) == -1) {
			log_warnx("%s", err);
			free(err);
		}
		source_mail_free(m);
		return (1);
	}
	free(why);
	if (tries > 0 && ml->careful == 0) {
		log_info("mail %s: %d %s, not handled: it and the %d mails "
		    "after it are taken one a transaction", m->key, tries,
		    tries == 1 ? "try" : "tries", mailloop_batch(ml) - 1);
		ml->careful = mailloop_batch(ml);
	}
	if (held)
		return (2);
	if (store_tries_note(ml->store, key, STORE_TRIES_ADD, MAILLOOP_DIED,
	    mailloop_now(), cause) == -1)
		return (-1);
	return (0);
}

/*
 * Is a mail found at key among v[0..n)?  Mail is acknowledged only
 * when its batch commits, so a source that lists its mail again
 * before then hands it out a second time.
 */
static int
mailloop_in_batch(const struct source_mail *v, size_t n, const char *key)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (strcmp(v[i].key, key) == 0)
			return (1);
	}
	return (0);
}

/*
 * After a batch v[0..n) of which the first ok were committed: hold
 * the rest, before the held mail the batch did not reach (from
 * ml->held[rest..)), and log the failure (why) once for a run of
 * them.  The held mail is ml's, taken over from v.
 */
static void
mailloop_hold(struct mailloop *ml, struct source_mail *v, size_t n,
    size_t ok, size_t rest, const char *why)
{
	struct source_mail	*held;
	size_t			 left = ml->nheld - rest;

	if (rest > 0 && ok > 0) {
		log_info("mail %s: handled after the store failed; mail "
		    "is taken again", v[0].key);
	}
	if (ok < n && ok >= rest) {
		log_warnx("mail %s: %s; held, and no later mail is taken "
		    "before it", v[ok].key, why);
		ml->backoff = MAILLOOP_HOLD_MIN;
	} else if (ok < n) {
		log_debug("mail %s: %s; still held", v[ok].key, why);
		if ((ml->backoff *= 2) > MAILLOOP_HOLD_MAX)
			ml->backoff = MAILLOOP_HOLD_MAX;
	}
	if (ok < n)
		ml->retry_at = mailloop_ms() + ml->backoff;
	held = NULL;
	if (n - ok + left > 0) {
		held = xreallocarray(NULL, n - ok + left, sizeof *held);
		if (n > ok)
			memcpy(held, v + ok, (n - ok) * sizeof *held);
		if (left > 0) {
			memcpy(held + (n - ok), ml->held + rest,
			    left * sizeof *held);
		}
	}
	free(ml->held);
	ml->held = held;
	ml->nheld = n - ok + left;
}

/*
 * Take and handle the mail the source has now, the held mail first,
 * in one transaction: at most [server] batch mails, fewer if their
 * handling takes ml->batch_ms (then ml->more says that mail may be
 * left).  Each mail is handled in a savepoint; a mail the store
 * fails on is undone alone, the mails before it commit, and it and
 * the mails after it are held (mailloop_hold()).  Only after the
 * commit is each mail acknowledged at the source.  Returns how many
 * were handled, or -1: *cause is set when the source failed, and left
 * NULL when the store did (the mail is held).
 */
int
mailloop_take(struct mailloop *ml, char **cause)
{
	struct source_mail	*v;
	char			*why = NULL, *commitwhy = NULL;
	char			 key[MAILLOOP_KEY];
	double			 start = mailloop_ms();
	long			 taken = ml->taken, replied = ml->replied;
	long			 duplicates = ml->duplicates;
	size_t			 max, n = 0, ok = 0, rest = 0, i;
	long			 bad = -1;
	int			 rc = 0, held, first, tried = 0, refused = 0;

	*cause = NULL;
	ml->more = 0;
	ml->source->now = mailloop_now();
	if (ml->nheld > 0 && start < ml->retry_at)
		return (-1);
	max = (size_t)mailloop_batch(ml);
	v = xreallocarray(NULL, max, sizeof *v);
	for (;;) {
		if (n == max || (n > 0 && ml->careful > 0) || (n > 0 &&
		    ml->batch_ms > 0 && mailloop_ms() - start >=
		    ml->batch_ms)) {
			ml->more = 1;
			break;
		}
		if ((held = rest < ml->nheld))
			v[n] = ml->held[rest++];
		else if ((ml->stop != NULL && *ml->stop) ||
		    (rc = ml->source->ops->next(ml->source, &v[n],
		    cause)) != 1)
			break;
		else if (mailloop_in_batch(v, n, v[n].key)) {
			/* The source looked again: the batch has it all. */
			source_mail_free(&v[n]);
			ml->more = 1;
			break;
		}
		if (n == 0) {
			if ((first = mailloop_first(ml, &v[0], held, key,
			    &why)) == 1)
				continue;	/* set aside */
			tried = first == 0;
			if (first == -1) {
				n++;
				break;
			}
		}
		n++;
		if (n == 1 && store_begin(ml->store, &why) == -1)
			break;
		if (mailloop_apply(ml, v[n - 1].data, v[n - 1].len,
		    v[n - 1].key, n == 1 && tried ? key : NULL, &why) == -1) {
			refused = ml->refused;
			bad = (long)n - 1;
			break;
		}
		ok++;
		if (ml->careful > 0)
			ml->careful--;
	}
	/* SQLite may have ended the transaction on the failure. */
	if (ok > 0 && !store_in_transaction(ml->store))
		ok = 0;
	if (ok > 0 && store_commit(ml->store, ok < n ? &commitwhy : &why) == -1)
		ok = 0;
	if (ok > 0) {
		log_debug("batch: %zu mails in one transaction, in %.1f ms", ok,
		    mailloop_ms() - start);
	} else {
		store_rollback(ml->store);
		ml->taken = taken;
		ml->replied = replied;
		ml->duplicates = duplicates;
	}
	if (commitwhy != NULL) {
		/* The commit failed too: that is what held the mail. */
		free(why);
		why = commitwhy;
		commitwhy = NULL;
		refused = 0;
	}
	if (ok < n)
		mailloop_failed(ml, v, ok, bad, tried ? key : NULL, refused,
		    why);
	if (ok < n || rest > 0)
		mailloop_hold(ml, v, n, ok, rest, why);
	free(why);
	why = NULL;
	for (i = 0; i < ok; i++) {
		if (ml->source->ops->ack(ml->source, &v[i], &why) == -1) {
			/* It comes again, and is found handled. */
			if (*cause == NULL)
				*cause = why;
			else
				free(why);
			why = NULL;
			rc = -1;
		}
		source_mail_free(&v[i]);
	}
	free(v);
	if (rc == -1 || ok < n)
		return (-1);
	return ((int)ok);
}

/*
 * Take and handle all the mail the source has now, a transaction at a
 * time (mupbemd --once): how many, or -1 as mailloop_take() says.
 */
int
mailloop_take_all(struct mailloop *ml, char **cause)
{
	int	n, total = 0;

	do {
		if ((n = mailloop_take(ml, cause)) == -1)
			return (-1);
		total += n;
	} while (ml->more);
	return (total);
}

/* Free the held mail, when the daemon stops; record what was sent. */
void
mailloop_clear(struct mailloop *ml)
{
	char	*cause = NULL;
	size_t	 i;

	for (i = 0; i < ml->nheld; i++)
		source_mail_free(&ml->held[i]);
	free(ml->held);
	ml->held = NULL;
	ml->nheld = 0;
	/* A last try: unrecorded, a reply goes again after its lease. */
	if (mailloop_unrecorded(ml, mailloop_now(), &cause) == -1) {
		log_warnx("%s; %zu replies sent are not recorded sent",
		    cause, ml->nunrecorded);
		free(cause);
	}
	mailloop_unrecorded_free(ml);
}

/*
 * Seconds until the held mail is due again (at least 1), or -1 when no
 * mail is held.
 */
int
mailloop_held_wait(struct mailloop *ml)
{
	double	left;

	if (ml->nheld == 0)
		return (-1);
	left = (ml->retry_at - mailloop_ms()) / 1e3;
	return (left < 1 ? 1 : (int)left + 1);
}

/*
 * Record what became of mail m, sent at now with result rc (0, or a
 * sender's failure, why): sent, to be tried again later, or given up.
 */
static int
mailloop_outcome(struct mailloop *ml, const struct store_outmail *m,
    int rc, const char *why, long long now, char **cause)
{
	const struct config_file	*c = ml->config;
	long long			 delay;
	int				 i;

	if (rc == 0) {
		log_info("outbox %s: sent to %s", m->message_id, m->rcpt);
		ml->sent++;
		return (store_sent(ml->store, m->id, now, cause));
	}
	if (rc == SENDER_PERMANENT) {
		log_warnx("outbox %s: to %s: %s; given up", m->message_id,
		    m->rcpt, why);
		return (store_gave_up(ml->store, m->id, why, now, cause));
	}
	for (delay = c->retry, i = 0; i < m->attempts && delay < c->retry_max;
	    i++)
		delay *= 2;
	if (delay > c->retry_max)
		delay = c->retry_max;
	log_warnx("outbox %s: to %s: %s; next try in %llds", m->message_id,
	    m->rcpt, why, delay);
	return (store_failed(ml->store, m->id, why, now + delay, cause));
}

/*
 * Record what became of the batch v[0..n), sent (sm), in one
 * transaction: 0, or -1 with the outcomes kept in ml->unrecorded
 * (taken over from v and sm) to be recorded later.
 */
static int
mailloop_record(struct mailloop *ml, struct store_outmail *v,
    struct sender_mail *sm, int n, long long now, char **cause)
{
	struct mailloop_outcome	*o;
	long			 sent = ml->sent;
	int			 i, failed;

	if ((failed = store_begin(ml->store, cause)) == 0) {
		for (i = 0; i < n && failed == 0; i++) {
			failed = mailloop_outcome(ml, &v[i], sm[i].rc,
			    sm[i].cause, now, cause);
		}
		if (failed == 0)
			failed = store_commit(ml->store, cause);
		if (failed == -1)
			store_rollback(ml->store);
	}
	if (failed == 0)
		return (0);
	ml->sent = sent;
	ml->unrecorded = xreallocarray(ml->unrecorded, ml->nunrecorded + n,
	    sizeof *ml->unrecorded);
	for (i = 0; i < n; i++) {
		o = &ml->unrecorded[ml->nunrecorded++];
		o->mail = v[i];
		free(o->mail.data);
		o->mail.data = NULL;
		o->rc = sm[i].rc;
		o->why = sm[i].cause;
		sm[i].cause = NULL;
		memset(&v[i], 0, sizeof v[i]);
	}
	log_warnx("outbox: %d replies sent, not recorded sent; recorded "
	    "before any other is sent", n);
	return (-1);
}

/*
 * Record the replies sent but not recorded sent, and release this
 * process's claims if one may be left, in one transaction: 0 (or
 * nothing to do), or -1 with them kept.
 */
static int
mailloop_unrecorded(struct mailloop *ml, long long now, char **cause)
{
	struct mailloop_outcome	*o;
	long			 sent = ml->sent;
	size_t			 i;
	int			 failed;

	if (ml->nunrecorded == 0 && !ml->unclaim)
		return (0);
	if (store_begin(ml->store, cause) == -1)
		return (-1);
	failed = 0;
	/* First: a released claim is made due, then recorded if sent. */
	if (ml->unclaim && store_unclaim(ml->store, now, cause) == -1)
		failed = -1;
	for (i = 0; i < ml->nunrecorded && failed == 0; i++) {
		o = &ml->unrecorded[i];
		failed = mailloop_outcome(ml, &o->mail, o->rc, o->why, now,
		    cause);
	}
	if (failed == 0)
		failed = store_commit(ml->store, cause);
	if (failed == -1) {
		store_rollback(ml->store);
		ml->sent = sent;
		return (-1);
	}
	if (ml->nunrecorded > 0) {
		log_info("outbox: %zu replies sent are recorded sent",
		    ml->nunrecorded);
	}
	mailloop_unrecorded_free(ml);
	ml->unclaim = 0;
	return (0);
}

/* Forget the replies sent but not recorded sent. */
static void
mailloop_unrecorded_free(struct mailloop *ml)
{
	size_t	i;

	for (i = 0; i < ml->nunrecorded; i++) {
		store_outmail_free(&ml->unrecorded[i].mail);
		free(ml->unrecorded[i].why);
	}
	free(ml->unrecorded);
	ml->unrecorded = NULL;
	ml->nunrecorded = 0;
}

/*
 * Send every mail due at now, [server] batch at a time: claim a batch
 * in one transaction, send it (sender_send_batch(), which makes the
 * batch durable at once where it can), and record what became of it
 * in another, so that a batch costs two commits, not two a mail.
 * What an earlier call could not record is recorded first.  *next is
 * set to when the next retry is due (-1 if none).  Returns how many
 * went out, or -1 if the store failed.
 */
int
mailloop_send(struct mailloop *ml, long long now, long long *next)
{
	struct store_outmail	*v;
	struct sender_mail	*sm;
	char			*cause = NULL;
	long			 before = ml->sent;
	int			 max, n = 0, i, failed;

	max = mailloop_batch(ml);
	v = xcalloc((size_t)max, sizeof *v);
	sm = xcalloc((size_t)max, sizeof *sm);
	failed = mailloop_unrecorded(ml, now, &cause);
	while (failed == 0) {
		/* A commit that failed may have claimed mail all the same. */
		if ((n = store_due_some(ml->store, now, v, max,
		    &cause)) == -1) {
			ml->unclaim = 1;
			failed = -1;
			break;
		}
		for (i = 0; i < n; i++) {
			sm[i].message_id = v[i].message_id;
			sm[i].from = v[i].sender;
			sm[i].rcpt = v[i].rcpt;
			sm[i].data = v[i].data;
			sm[i].len = v[i].len;
			sm[i].cause = NULL;
		}
		if (n > 0) {
			sender_send_batch(ml->sender, sm, (size_t)n);
			failed = mailloop_record(ml, v, sm, n, now, &cause);
		}
		for (i = 0; i < n; i++) {
			free(sm[i].cause);
			store_outmail_free(&v[i]);
		}
		if (n < max)
			break;
	}
	free(v);
	free(sm);
	*next = store_next_try(ml->store);
	if (failed == -1) {
		log_warnx("%s", cause);
		free(cause);
		return (-1);
	}
	return ((int)(ml->sent - before));
}

/* Do what follows a round (ml's after), logging a failure. */
int
mailloop_after_round(struct mailloop *ml)
{
	char	*cause = NULL;
	int	 n;

	if (ml->after == NULL)
		return (0);
	if ((n = ml->after(ml->arg, &cause)) == -1) {
		log_warnx("%s", cause);
		free(cause);
	}
	return (n);
}

/*
 * Handle what falls due at now (ml's ticker), logging a failure; *next
 * is when more falls due, or -1.  Returns how many, or -1.
 */
int
mailloop_tick(struct mailloop *ml, long long now, long long *next)
{
	char	*cause = NULL;
	int	 n;

	*next = -1;
	if (ml->tick == NULL)
		return (0);
	if ((n = ml->tick(ml, now, ml->arg, next, &cause)) == -1) {
		log_warnx("%s", cause);
		free(cause);
	}
	return (n);
}

/* Milliseconds on the monotonic clock. */
static double
mailloop_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}

/*
 * Take, handle what fell due, send and wait, until *stop is set: the
 * wait lasts until the next retry or due event, or the next mail,
 * whichever comes first; no clock is polled.  With -d, each round that
 * did something logs how long mupbemd itself took, from waking up to
 * the last reply handed to the sender: the benchmark reads this to
 * tell mupbemd's share of the delay from the servers'.
 */
void
mailloop_run(struct mailloop *ml, volatile sig_atomic_t *stop)
{
	char		*cause = NULL;
	long long	 next, due, now;
	double		 woke, taken, ticks, sent;
	int		 wait, took, gone, ticked;

	ml->batch_ms = MAILLOOP_BATCH_MS;
	while (!*stop) {
		woke = mailloop_ms();
		if ((took = mailloop_take(ml, &cause)) == -1 &&
		    cause != NULL) {
			log_warnx("%s", cause);
			free(cause);
			cause = NULL;
		}
		taken = mailloop_ms();
		now = mailloop_now();
		ticked = gone = 0;
		due = next = -1;
		if (ml->nheld == 0) {
			ticked = mailloop_tick(ml, now, &due);
			ticks = mailloop_ms();
			gone = mailloop_send(ml, now, &next);
		} else
			ticks = taken;
		sent = mailloop_ms();
		if (ml->nheld == 0)
			mailloop_after_round(ml);
		if (took > 0 || gone > 0 || ticked > 0) {
			log_debug("round: %d mails taken in %.1f ms, %d due "
			    "events in %.1f ms, %d replies sent in %.1f ms, "
			    "%.1f ms from waking", took, taken - woke, ticked,
			    ticks - taken, gone, sent - ticks, sent - woke);
		}
		if (*stop)
			break;
		if (ml->more)
			continue;	/* the rest of the mail, at once */
		if (due != -1 && (next == -1 || due < next))
			next = due;
		wait = (int)ml->config->imap_poll;
		if (next != -1 && next - now < wait)
			wait = next <= now ? 1 : (int)(next - now);
		if (ml->nheld > 0 && mailloop_held_wait(ml) < wait)
			wait = mailloop_held_wait(ml);
		/* The store failed: try again soon, not at the next poll. */
		if (gone == -1 || ticked == -1) {
			ml->store_wait = ml->store_wait == 0 ? 1 :
			    ml->store_wait * 2 > MAILLOOP_STORE_WAIT_MAX ?
			    MAILLOOP_STORE_WAIT_MAX : ml->store_wait * 2;
			if (ml->store_wait < wait)
				wait = ml->store_wait;
		} else if (ml->nheld == 0)
			ml->store_wait = 0;
		if (ml->source->ops->wait(ml->source, wait, &cause) == -1) {
			log_warnx("%s", cause);
			free(cause);
			cause = NULL;
			sleep(1);
		}
	}
}
