/*
 * Per-sender limits, so that one address (a loop, a prankster, an
 * auto-responder that does not say so) cannot make mupbemd answer
 * without end.
 */
#ifndef RATELIMIT_H
#define RATELIMIT_H

#define RATELIMIT_DIGEST_LEN	16	/* hex digits */

/* What the limits allow; a 0 count turns that limit off. */
struct ratelimit_rules {
	long		 burst;		/* mails at once */
	long		 interval;	/* then one per this many seconds */
	long		 loop_burst;	/* junk mails answered in a window */
	long		 loop_window;	/* seconds */
};

/* One sender's state, kept in the store from mail to mail. */
struct ratelimit_sender {
	double		 spent;		/* mails the bucket lacks */
	long long	 last;		/* when spent was counted */
	char		 digest[RATELIMIT_DIGEST_LEN + 1]; /* last text's */
	long		 junk;		/* junk mails since since */
	long long	 since;		/* the loop window's start */
	int		 told;		/* the sender was told that the
					   rate limit holds them */
};

void	ratelimit_sender_new(struct ratelimit_sender *, long long);
int	ratelimit_allow(const struct ratelimit_rules *,
	    struct ratelimit_sender *, long long);
long long ratelimit_next(const struct ratelimit_rules *,
	    struct ratelimit_sender *, long long);
long long ratelimit_reserve(const struct ratelimit_rules *,
	    struct ratelimit_sender *, long long);
void	ratelimit_refund(struct ratelimit_sender *);
void	ratelimit_digest(const char *, const char *, char *);
int	ratelimit_repeated(struct ratelimit_sender *, const char *);
int	ratelimit_junk(const struct ratelimit_rules *,
	    struct ratelimit_sender *, long long);
int	ratelimit_looping(const struct ratelimit_rules *,
	    const struct ratelimit_sender *, long long);

#endif
