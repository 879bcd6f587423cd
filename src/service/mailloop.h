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

struct source;
struct sender;
struct store;

/*
 * A handler writes the body of the reply to a mail into body, or
 * leaves body empty for no reply.  It runs inside the transaction that
 * records the mail as handled.
 */
typedef int (*mailloop_handler)(const struct message *, struct buf *,
    void *);

struct mailloop {
	const struct config_file	*config;
	struct store			*store;
	struct source			*source;
	struct sender			*sender;
	mailloop_handler		 handle;
	void				*arg;
	volatile sig_atomic_t		*stop;		/* if set: stop taking */
	unsigned long			 sequence;	/* for Message-IDs */

	long				 taken;		/* counters */
	long				 duplicates;
	long				 replied;
	long				 sent;
};

int	mailloop_handle(struct mailloop *, const char *, size_t,
	    const char *, char **);
int	mailloop_take(struct mailloop *, char **);
int	mailloop_send(struct mailloop *, long long, long long *);
void	mailloop_run(struct mailloop *, volatile sig_atomic_t *);

int	mailloop_echo(const struct message *, struct buf *, void *);

#endif
