/*
 * Where incoming mail comes from: a Maildir, an IMAP folder, or one
 * mail on standard input.  Every source offers the same operations, so
 * the daemon takes mail the same way from each: next() hands out a
 * mail, and ack() marks it handled, which the daemon does only after
 * recording its handling.  A mail that is never acknowledged is handed
 * out again later (at least once); the store's record of handled mail
 * makes that exactly once.  aside() puts a mail that could not be
 * handled where it is never handed out again, for the operator: the
 * Maildir's .Poison folder, or an IMAP keyword; it returns where, for
 * the log.
 */
#ifndef SOURCE_H
#define SOURCE_H

/* The IMAP keyword of mail set aside. */
#define SOURCE_IMAP_POISON	"$MupbemPoison"

#include <stddef.h>

/* One mail taken from a source, not yet acknowledged. */
struct source_mail {
	char	*data;		/* the raw mail */
	size_t	 len;
	char	*key;		/* where the source keeps it */
};

/* Where to take mail from; each kind of source uses some of these. */
struct source_config {
	const char	*where;		/* a Maildir path, an IMAP URL */
	size_t		 max;		/* read at most max + 1 bytes */
	const char	*user;
	const char	*password;
	const char	*ca_file;	/* NULL: the system's CAs */
	int		 insecure;	/* tests only: no certificate checks */
	int		 idle;		/* use IMAP IDLE when offered */
	const char	*done;		/* folder handled mail moves to */
	int		 timeout;	/* seconds */
};

struct source;

struct source_ops {
	const char	*name;
	int		 (*open)(struct source *, const struct source_config *,
			     char **);
	int		 (*next)(struct source *, struct source_mail *,
			     char **);
	int		 (*ack)(struct source *, const struct source_mail *,
			     char **);
	const char	*(*aside)(struct source *,
			     const struct source_mail *, char **);
	int		 (*wait)(struct source *, int, char **);
	void		 (*close)(struct source *);
};

struct source {
	const struct source_ops	*ops;
	size_t			 max;	/* read at most max + 1 bytes */
	long long		 now;	/* the daemon's clock; 0: the system's */
	int			 failed; /* a look for mail failed (IMAP) */
	void			*state;
};

extern const struct source_ops	*source_table[];
extern const struct source_ops	 source_maildir_ops;
extern const struct source_ops	 source_imap_ops;

const struct source_ops	*source_find(const char *);
struct source		*source_open(const struct source_ops *,
			     const struct source_config *, char **);
void			 source_close(struct source *);
void			 source_mail_free(struct source_mail *);

#endif
