#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ratelimit.h"

/*
 * Two limits per sender address, both over state the caller keeps (the
 * service keeps it in the store, in the transaction of the mail, so
 * that it holds under --deliver, across restarts, and is not spent by
 * a mail whose transaction fails).  Time comes from the caller, in
 * seconds, which keeps this pure and testable.
 *
 * The rate limit is a token bucket: it holds at most burst tokens and
 * gains one every interval seconds; a mail spends one, and a sender
 * with none left is not answered until the bucket refills.  What is
 * kept is what the bucket lacks (spent), so that a sender's state
 * still means the same when burst changes, or the limit is turned on.
 * A sender held back is told once (told), until a mail gets through.
 *
 * The same bucket bounds the mail to one recipient a day; there a mail
 * over the limit is not refused but reserved: it spends a token the
 * bucket does not have yet (spent passes burst) and is due when that
 * token comes, so that held mail goes out one interval apart, in the
 * order it was queued.
 *
 * The loop limit stops a reply loop with an auto-responder that does
 * not mark its mail (a vacation reply without Auto-Submitted).  A junk
 * mail is one that repeats the subject and text of the sender's
 * previous mail (by a digest of them, blanks folded), or that holds no
 * command mupbem can run.  Within loop_window seconds of the first,
 * loop_burst junk mails are answered; after that, junk mail is recorded
 * and not answered until the window ends.  Whether a mail is junk is
 * the caller's to say: a mail with a new, valid command is never junk,
 * so a player whose responder looped is still served.
 */

static void	ratelimit_refill(const struct ratelimit_rules *,
		    struct ratelimit_sender *, long long);
static uint64_t	ratelimit_fold(uint64_t, const char *);

/* The state of a sender not seen before: a full bucket, no history. */
void
ratelimit_sender_new(struct ratelimit_sender *rs, long long now)
{
	memset(rs, 0, sizeof *rs);
	rs->last = now;
	rs->since = now;
}

static void
ratelimit_refill(const struct ratelimit_rules *r, struct ratelimit_sender *rs,
    long long now)
{
	long	interval = r->interval > 0 ? r->interval : 1;

	if (now > rs->last) {
		rs->spent -= (double)(now - rs->last) / interval;
		if (rs->spent < 0)
			rs->spent = 0;
		rs->last = now;
	}
}

/* May the sender send a mail at now?  1 (and it is counted) or 0. */
int
ratelimit_allow(const struct ratelimit_rules *r, struct ratelimit_sender *rs,
    long long now)
{
	ratelimit_refill(r, rs, now);
	if (r->burst <= 0)
		return (1);
	if (rs->spent + 1 > r->burst)
		return (0);
	rs->spent += 1;
	rs->told = 0;
	return (1);
}

/* When may the sender send its next mail, as the bucket is at now? */
long long
ratelimit_next(const struct ratelimit_rules *r, struct ratelimit_sender *rs,
    long long now)
{
	long	interval = r->interval > 0 ? r->interval : 1;
	double	lack;

	ratelimit_refill(r, rs, now);
	lack = rs->spent + 1 - r->burst;
	if (r->burst <= 0 || lack <= 0)
		return (now);
	/* Rounded up: at that second the token is there. */
	return (rs->last + (long long)(lack * interval + 0.999999));
}

/*
 * Count a mail at now whatever the bucket holds: when it may go, now
 * if the bucket had a token, else when the token it took comes.
 */
long long
ratelimit_reserve(const struct ratelimit_rules *r,
    struct ratelimit_sender *rs, long long now)
{
	long long	due;

	due = ratelimit_next(r, rs, now);
	if (r->burst > 0)
		rs->spent += 1;
	return (due);
}

/* Give back the token of a mail that is not to count (a turn). */
void
ratelimit_refund(struct ratelimit_sender *rs)
{
	rs->spent -= 1;
	if (rs->spent < 0)
		rs->spent = 0;
}

/* Fold text (NULL is empty) into h: FNV-1a over its words. */
static uint64_t
ratelimit_fold(uint64_t h, const char *text)
{
	const unsigned char	*p = (const unsigned char *)text;
	int			 blank = 0, words = 0;

	for (; p != NULL && *p != '\0'; p++) {
		if (isspace(*p)) {
			blank = words;
			continue;
		}
		words = 1;
		if (blank) {
			h = (h ^ ' ') * 1099511628211ULL;
			blank = 0;
		}
		h = (h ^ *p) * 1099511628211ULL;
	}
	return ((h ^ '\n') * 1099511628211ULL);
}

/*
 * The digest of a mail's subject and text, blanks folded: 64-bit
 * FNV-1a in hex, into out (RATELIMIT_DIGEST_LEN + 1 bytes).
 */
void
ratelimit_digest(const char *subject, const char *text, char *out)
{
	uint64_t	h = 14695981039346656037ULL;

	h = ratelimit_fold(ratelimit_fold(h, subject), text);
	snprintf(out, RATELIMIT_DIGEST_LEN + 1, "%016llx",
	    (unsigned long long)h);
}

/* Is digest the sender's previous mail's?  1 or 0; it becomes so. */
int
ratelimit_repeated(struct ratelimit_sender *rs, const char *digest)
{
	int	same = strcmp(rs->digest, digest) == 0;

	snprintf(rs->digest, sizeof rs->digest, "%s", digest);
	return (same);
}

/*
 * Count a junk mail from the sender at now: 1 if it is still answered,
 * 0 if the sender has had its loop_burst in this window.
 */
int
ratelimit_junk(const struct ratelimit_rules *r, struct ratelimit_sender *rs,
    long long now)
{
	if (r->loop_burst <= 0)
		return (1);
	if (now - rs->since >= r->loop_window || now < rs->since) {
		rs->since = now;
		rs->junk = 0;
	}
	return (++rs->junk <= r->loop_burst);
}

/* Is the sender's junk held by the loop limit at now (a loop)? */
int
ratelimit_looping(const struct ratelimit_rules *r,
    const struct ratelimit_sender *rs, long long now)
{
	return (r->loop_burst > 0 && rs->junk > r->loop_burst &&
	    now >= rs->since && now - rs->since < r->loop_window);
}
