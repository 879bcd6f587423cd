/*
 * The store: everything mupbem must not forget, in one SQLite file.
 * For now the mail it has handled (for exactly-once handling) and the
 * mail it has still to send; games and players come with the service.
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>

#define STORE_VERSION	2	/* the number of migrations */

struct store;

/* A mail waiting in the outbox. */
struct store_outmail {
	long long	 id;
	char		*message_id;
	char		*sender;	/* envelope sender */
	char		*rcpt;		/* envelope recipient */
	char		*data;
	size_t		 len;
	int		 attempts;
};

struct store	*store_open(const char *, char **);
void		 store_close(struct store *);
int		 store_begin(struct store *, char **);
int		 store_commit(struct store *, char **);
void		 store_rollback(struct store *);
int		 store_handled(struct store *, const char *, char **);
int		 store_handle(struct store *, const char *, const char *,
		     long long, char **);
int		 store_queue(struct store *, const char *, const char *,
		     const char *, const char *, size_t, long long, char **);
int		 store_due(struct store *, long long, struct store_outmail *,
		     char **);
int		 store_sent(struct store *, long long, long long, char **);
int		 store_failed(struct store *, long long, const char *,
		     long long, char **);
int		 store_gave_up(struct store *, long long, const char *,
		     long long, char **);
long long	 store_next_try(struct store *);
int		 store_release(struct store *, long long, char **);
void		 store_outmail_free(struct store_outmail *);

#endif
