/*
 * How mupbem sends mail: SMTP (libcurl), the local sendmail, or a
 * Maildir outbox for the demo and tests.  Every sender offers the same
 * operations: send(sender, message_id, from, rcpt, data, len, cause).
 * A failure is temporary (try again later) or permanent.
 *
 * A sender may also send a batch at once (send_batch), sharing the
 * cost of making it durable: sender_send_batch() uses it, or send()
 * for each mail.  The SMTP sender needs none: its one curl handle
 * keeps the connection open from one mail to the next.
 */
#ifndef SENDER_H
#define SENDER_H

#include <stddef.h>

#define SENDER_TEMPORARY	(-1)	/* try again later */
#define SENDER_PERMANENT	(-2)	/* will never go out */

/* How to reach the sender; each kind uses some of these. */
struct sender_config {
	const char	*url;		/* smtp://host:587, smtps://host:465 */
	const char	*user;
	const char	*password;
	int		 starttls;	/* 1 required, 0 if offered */
	const char	*ca_file;	/* NULL: the system's */
	int		 insecure;	/* tests only: skip certificate checks */
	const char	*path;		/* sendmail program, or outbox Maildir */
	int		 timeout;	/* seconds */
};

/* One mail of a batch, and what became of it. */
struct sender_mail {
	const char	*message_id;
	const char	*from;
	const char	*rcpt;
	const char	*data;
	size_t		 len;
	int		 rc;		/* 0, SENDER_TEMPORARY or _PERMANENT */
	char		*cause;		/* if rc is not 0; the caller's */
};

struct sender;

struct sender_ops {
	const char	*name;
	int		 (*open)(struct sender *, const struct sender_config *,
			     char **);
	int		 (*send)(struct sender *, const char *, const char *,
			     const char *, const char *, size_t, char **);
	void		 (*close)(struct sender *);
	void		 (*send_batch)(struct sender *, struct sender_mail *,
			     size_t);	/* or NULL */
};

struct sender {
	const struct sender_ops	*ops;
	void			*state;
};

extern const struct sender_ops	*sender_table[];
extern const struct sender_ops	 sender_smtp_ops;
extern const struct sender_ops	 sender_sendmail_ops;
extern const struct sender_ops	 sender_maildir_ops;

const struct sender_ops	*sender_find(const char *);
struct sender		*sender_open(const struct sender_ops *,
			     const struct sender_config *, char **);
void			 sender_close(struct sender *);
void			 sender_send_batch(struct sender *,
			     struct sender_mail *, size_t);
int			 sender_check(const char *, const char *, char **);

#endif
