/*
 * The daemon's loop: take mail from the source, handle each mail
 * exactly once, send the outbox, wait for more.
 */
#ifndef MAILLOOP_H
#define MAILLOOP_H

#include <signal.h>
#include <stddef.h>

#include "buf.h"
#include "config-file.h"
#include "message.h"
#include "source.h"
#include "store.h"

struct reply_attachment;
struct reply_picture;

struct source;
struct sender;
struct store;

struct mailloop;

/*
 * A handler answers a mail by queueing mail with mailloop_queue().  It
 * runs inside the transaction that records the mail as handled, and
 * returns -1 (with *cause) only when the store fails: then nothing it
 * did is kept and the mail comes again.
 */
typedef int (*mailloop_handler)(struct mailloop *, const struct message *,
    void *, char **);

/*
 * A ticker handles what falls due at now (deadlines and the like), in
 * transactions of its own, and sets *next to when more falls due (-1:
 * never).  It returns how many it handled, or -1 (with *cause).
 */
typedef int (*mailloop_ticker)(struct mailloop *, long long, void *,
    long long *, char **);

/*
 * What follows each round, once its replies have gone: work no reply
 * waits for (writing the web archive).  It returns how much it did, or
 * -1 (with *cause), which is logged.
 */
typedef int (*mailloop_after)(void *, char **);

/*
 * A reply sent whose outcome the store could not record (the database
 * went away between sending and recording): recorded before anything
 * else is sent, so that it is not sent again.
 */
struct mailloop_outcome {
	struct store_outmail	 mail;		/* its text freed */
	int			 rc;		/* the sender's */
	char			*why;		/* or NULL */
};

/* A mail to queue. */
struct mailloop_mail {
	const char	*to;
	const char	*subject;
	const char	*state;		/* or NULL: where the game stands */
	const char	*body;
	const struct reply_attachment *attachments;	/* or NULL */
	size_t		 nattachments;
	const struct reply_picture *picture;	/* or NULL */
	const char	*reply_to;	/* or NULL */
	const char	*in_reply_to;	/* or NULL: a new thread */
	const char	*references;	/* or NULL */
	int		 kept;		/* store_mail_add() follows: not
					   to be pruned (store_queue()) */
};

struct mailloop {
	const struct config_file	*config;
	struct store			*store;
	struct source			*source;
	struct sender			*sender;
	mailloop_handler		 handle;
	mailloop_ticker			 tick;		/* or NULL */
	mailloop_after			 after;		/* or NULL */
	void				*arg;
	volatile sig_atomic_t		*stop;		/* if set: stop taking */
	int				 more;		/* mail may be left */
	double				 batch_ms;	/* a batch ends after
							   this long; 0: never */
	unsigned long			 sequence;	/* for Message-IDs */
	long long			 now;		/* of the mail in hand */

	/*
	 * Mail whose transaction failed (the store could not write),
	 * taken again, in order, before any other, no sooner than
	 * retry_at.
	 */
	struct source_mail		*held;
	size_t				 nheld;
	double				 retry_at;	/* ms, monotonic */
	double				 backoff;	/* ms */
	/* The store's last failure refused the mail: it fails again. */
	int				 refused;

	/*
	 * After a process died on a mail: how many more mails to take
	 * one a transaction, each with its own try recorded, so that
	 * the next death is put down to the right mail.
	 */
	int				 careful;

	/*
	 * Replies sent but not recorded sent; whether a claim on the
	 * outbox may be left (a claim's commit failed), to be released;
	 * and the longest wait before the store is tried again, when a
	 * round found it failing.
	 */
	struct mailloop_outcome		*unrecorded;
	size_t				 nunrecorded;
	int				 unclaim;
	int				 store_wait;	/* s; 0 if it works */

	long				 taken;		/* counters */
	long				 duplicates;
	long				 replied;
	long				 sent;
	long				 aside;		/* poison */
};

long long mailloop_now(void);
int	mailloop_now_check(char **);
int	mailloop_handle(struct mailloop *, const char *, size_t,
	    const char *, char **);
int	mailloop_take(struct mailloop *, char **);
int	mailloop_take_all(struct mailloop *, char **);
void	mailloop_clear(struct mailloop *);
int	mailloop_held_wait(struct mailloop *);
int	mailloop_send(struct mailloop *, long long, long long *);
int	mailloop_tick(struct mailloop *, long long, long long *);
void	mailloop_run(struct mailloop *, volatile sig_atomic_t *);

int	mailloop_after_round(struct mailloop *);
int	mailloop_queue(struct mailloop *, const struct mailloop_mail *,
	    struct buf *, char **);

#endif
