#include "config.h"

#include <sys/random.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "log.h"
#include "mailloop.h"
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
 * Replies leave from the outbox, which the loop sends after taking
 * mail and whenever a retry falls due.  The daemon takes mail in
 * batches of at most MAILLOOP_BATCH mails or MAILLOOP_BATCH_MS
 * milliseconds and sends after each, so that under a steady stream
 * the first replies do not wait for the last mail to be taken.  A temporary failure waits
 * retry seconds, doubling each time up to retry_max; a permanent one
 * is logged and given up.
 *
 * Mail that must never be answered (bounces, auto-replies, lists) is
 * recorded and dropped; mail over the size limit gets a short refusal
 * and nothing else.
 *
 * Order.  When the store cannot write (disk full, another process
 * holding the write lock past the busy timeout, a read-only file) the
 * transaction is rolled back whole: nothing of the mail is kept, not
 * even a refusal.  The mail is then held, unacknowledged, and taken
 * again before any later mail, after 1, 2, 4, ... up to 30 seconds;
 * meanwhile nothing else is taken, no event handled and nothing sent
 * (a reply sent but not recorded as sent would go twice).  So a
 * player's turns are applied in the order they came, once the store
 * can write again, without a restart.
 */

static void	mailloop_message_id(struct mailloop *, struct buf *);
static int	mailloop_too_large(struct mailloop *, const struct message *,
		    char **);
static double	mailloop_ms(void);
static int	mailloop_take_one(struct mailloop *, struct source_mail *,
		    char **);
static int	mailloop_outcome(struct mailloop *,
		    const struct store_outmail *, int, const char *, long long,
		    char **);

#define MAILLOOP_BATCH		16	/* mails taken between sends */
#define MAILLOOP_BATCH_MS	100.0
#define MAILLOOP_HOLD_MIN	1000.0	/* ms before a held mail's retry */
#define MAILLOOP_HOLD_MAX	30000.0

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
		    mail->to, text.data, text.len, ml->now, cause);
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

/*
 * Handle one mail, raw[0..len), found at key: exactly once, as above.
 * Returns 0 when the mail may be acknowledged, -1 when it must stay
 * (the store failed; it will come again).
 */
int
mailloop_handle(struct mailloop *ml, const char *raw, size_t len,
    const char *key, char **cause)
{
	struct message	 m;
	char		*why = NULL;
	long long	 now = mailloop_now();
	long		 replied = ml->replied;
	int		 rc;

	if (message_parse(raw, len, (size_t)ml->config->max_size, &m,
	    &why) == -1) {
		log_warnx("mail %s: %s; dropped", key, why);
		free(why);
		return (0);
	}
	if (store_begin(ml->store, cause) == -1) {
		message_free(&m);
		return (-1);
	}
	if ((rc = store_handled(ml->store, m.id, cause)) != 0) {
		store_rollback(ml->store);
		if (rc == 1) {
			log_info("mail %s (%s): handled before; dropped", key,
			    m.id);
			ml->duplicates++;
		}
		message_free(&m);
		return (rc == 1 ? 0 : -1);
	}
	ml->now = now;
	rc = 0;
	if (m.automatic != MESSAGE_HUMAN || m.from == NULL) {
		log_info("mail %s (%s): %s mail, not answered", key, m.id,
		    m.from == NULL ? "sender-less" :
		    message_automatic_name(m.automatic));
	} else if (m.too_large)
		rc = mailloop_too_large(ml, &m, cause);
	else
		rc = ml->handle(ml, &m, ml->arg, cause);
	if (rc == 0)
		rc = store_handle(ml->store, m.id, key, now, cause);
	if (rc == 0)
		rc = store_commit(ml->store, cause);
	if (rc == -1) {
		store_rollback(ml->store);
		ml->replied = replied;
	}
	message_free(&m);
	ml->taken += rc == 0;
	return (rc);
}

/*
 * Handle mail taken from the source and acknowledge it: 0, or -1 when
 * the store failed and the mail is now held (logged here, once for a
 * run of failures), or -1 and *cause when the source failed.  The held
 * mail is ml's, taken over from mail.
 */
static int
mailloop_take_one(struct mailloop *ml, struct source_mail *mail,
    char **cause)
{
	char	*why = NULL;
	double	 now;

	if (mailloop_handle(ml, mail->data, mail->len, mail->key,
	    &why) == -1) {
		now = mailloop_ms();
		if (!ml->holding) {
			log_warnx("mail %s: %s; held, and no later mail is "
			    "taken before it", mail->key, why);
			ml->held = *mail;
			ml->holding = 1;
			ml->backoff = MAILLOOP_HOLD_MIN;
		} else {
			log_debug("mail %s: %s; still held", mail->key, why);
			if ((ml->backoff *= 2) > MAILLOOP_HOLD_MAX)
				ml->backoff = MAILLOOP_HOLD_MAX;
		}
		ml->retry_at = now + ml->backoff;
		free(why);
		return (-1);
	}
	if (ml->holding && mail == &ml->held) {
		log_info("mail %s: handled after the store failed; mail "
		    "is taken again", mail->key);
		ml->holding = 0;
	}
	if (ml->source->ops->ack(ml->source, mail, cause) == -1) {
		source_mail_free(mail);
		return (-1);
	}
	source_mail_free(mail);
	return (0);
}

/*
 * Take and handle the mail the source has now, the held mail first:
 * all of it, or a batch if ml->batch is set (then ml->more says
 * whether mail was left).  How many, or -1: *cause is set when the
 * source failed, and left NULL when the store did (a mail is held; see
 * mailloop_take_one()).
 */
int
mailloop_take(struct mailloop *ml, char **cause)
{
	struct source_mail	 mail;
	double			 start = mailloop_ms();
	int			 n = 0, rc = 0;

	*cause = NULL;
	ml->more = 0;
	ml->source->now = mailloop_now();
	if (ml->holding) {
		if (mailloop_ms() < ml->retry_at)
			return (-1);
		if (mailloop_take_one(ml, &ml->held, cause) == -1)
			return (-1);
		n++;
	}
	while ((ml->stop == NULL || !*ml->stop) &&
	    (rc = ml->source->ops->next(ml->source, &mail, cause)) == 1) {
		if (mailloop_take_one(ml, &mail, cause) == -1)
			return (-1);
		n++;
		if (ml->batch > 0 && (n >= ml->batch ||
		    mailloop_ms() - start >= MAILLOOP_BATCH_MS)) {
			ml->more = 1;
			break;
		}
	}
	return (rc == -1 ? -1 : n);
}

/*
 * Seconds until the held mail is due again (at least 1), or -1 when no
 * mail is held.
 */
int
mailloop_held_wait(struct mailloop *ml)
{
	double	left;

	if (!ml->holding)
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
 * Send every mail due at now, MAILLOOP_BATCH at a time: claim a batch
 * in one transaction, send it, and record what became of it in
 * another, so that a batch costs two commits, not two a mail.  *next
 * is set to when the next retry is due (-1 if none).  Returns how many
 * went out, or -1 if the store failed.
 */
int
mailloop_send(struct mailloop *ml, long long now, long long *next)
{
	struct store_outmail	 v[MAILLOOP_BATCH];
	char			*cause = NULL, *why[MAILLOOP_BATCH];
	long			 before = ml->sent;
	int			 n, i, rc[MAILLOOP_BATCH], failed = 0;

	do {
		n = store_due_some(ml->store, now, v, MAILLOOP_BATCH, &cause);
		for (i = 0; i < n; i++) {
			why[i] = NULL;
			rc[i] = ml->sender->ops->send(ml->sender,
			    v[i].message_id, v[i].sender, v[i].rcpt,
			    v[i].data, v[i].len, &why[i]);
		}
		if (n > 0 && (failed = store_begin(ml->store, &cause)) == 0) {
			for (i = 0; i < n && failed == 0; i++) {
				failed = mailloop_outcome(ml, &v[i], rc[i],
				    why[i], now, &cause);
			}
			if (failed == 0)
				failed = store_commit(ml->store, &cause);
			if (failed == -1)
				store_rollback(ml->store);
		}
		for (i = 0; i < n; i++) {
			free(why[i]);
			store_outmail_free(&v[i]);
		}
	} while (n == MAILLOOP_BATCH && failed == 0);
	*next = store_next_try(ml->store);
	if (n == -1 || failed == -1) {
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

	ml->batch = MAILLOOP_BATCH;
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
		if (!ml->holding) {
			ticked = mailloop_tick(ml, now, &due);
			ticks = mailloop_ms();
			gone = mailloop_send(ml, now, &next);
		} else
			ticks = taken;
		sent = mailloop_ms();
		if (!ml->holding)
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
		if (ml->holding && mailloop_held_wait(ml) < wait)
			wait = mailloop_held_wait(ml);
		if (ml->source->ops->wait(ml->source, wait, &cause) == -1) {
			log_warnx("%s", cause);
			free(cause);
			cause = NULL;
			sleep(1);
		}
	}
}
