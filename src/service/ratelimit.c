#include "config.h"

#include <stdlib.h>
#include <strings.h>

#include "ratelimit.h"
#include "xmalloc.h"

/*
 * A token bucket per sender address (compared without regard to case):
 * each holds at most burst tokens and gains one every interval
 * seconds; a mail spends one, and a sender with none left is refused
 * until the bucket refills.  Buckets that are full again are dropped,
 * so memory follows the senders active now, not every sender ever.
 * Time comes from the caller, in seconds, which keeps this pure and
 * testable.
 */

struct ratelimit_bucket {
	char		*address;
	double		 tokens;
	long long	 last;
};

struct ratelimit {
	int			 burst;
	int			 interval;
	struct ratelimit_bucket	*v;
	size_t			 n;
};

static void	ratelimit_refill(const struct ratelimit *,
		    struct ratelimit_bucket *, long long);
static void	ratelimit_sweep(struct ratelimit *, long long);

/* At most burst mails at once, then one per interval seconds. */
struct ratelimit *
ratelimit_create(int burst, int interval)
{
	struct ratelimit	*rl;

	rl = xcalloc(1, sizeof *rl);
	rl->burst = burst > 0 ? burst : 1;
	rl->interval = interval > 0 ? interval : 1;
	return (rl);
}

void
ratelimit_free(struct ratelimit *rl)
{
	size_t	i;

	if (rl == NULL)
		return;
	for (i = 0; i < rl->n; i++)
		free(rl->v[i].address);
	free(rl->v);
	free(rl);
}

static void
ratelimit_refill(const struct ratelimit *rl, struct ratelimit_bucket *b,
    long long now)
{
	if (now > b->last) {
		b->tokens += (double)(now - b->last) / rl->interval;
		if (b->tokens > rl->burst)
			b->tokens = rl->burst;
		b->last = now;
	}
}

/* Drop the buckets that have filled up again. */
static void
ratelimit_sweep(struct ratelimit *rl, long long now)
{
	size_t	i = 0;

	while (i < rl->n) {
		ratelimit_refill(rl, &rl->v[i], now);
		if (rl->v[i].tokens >= rl->burst) {
			free(rl->v[i].address);
			rl->v[i] = rl->v[--rl->n];
			continue;
		}
		i++;
	}
}

/* May address send a mail at time now?  1 (and it is counted) or 0. */
int
ratelimit_allow(struct ratelimit *rl, const char *address, long long now)
{
	struct ratelimit_bucket	*b = NULL;
	size_t			 i;

	for (i = 0; i < rl->n; i++) {
		if (strcasecmp(rl->v[i].address, address) == 0) {
			b = &rl->v[i];
			break;
		}
	}
	if (b == NULL) {
		if (rl->n % 64 == 0)
			ratelimit_sweep(rl, now);
		rl->v = xreallocarray(rl->v, rl->n + 1, sizeof *rl->v);
		b = &rl->v[rl->n++];
		b->address = xstrdup(address);
		b->tokens = rl->burst;
		b->last = now;
	}
	ratelimit_refill(rl, b, now);
	if (b->tokens < 1)
		return (0);
	b->tokens -= 1;
	return (1);
}

/* How many senders are being watched. */
size_t
ratelimit_count(const struct ratelimit *rl)
{
	return (rl->n);
}
