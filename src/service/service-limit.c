#include "config.h"

#include <string.h>

#include "config-file.h"
#include "log.h"
#include "message.h"
#include "ratelimit.h"
#include "service.h"
#include "service-private.h"
#include "store.h"

/*
 * The sender limits of the game service: the rate limit and the loop
 * limit of ratelimit.c, with each sender's state read from the store
 * when its mail comes and written back in the same transaction
 * (store-sender.c).  A mail over a limit is recorded as handled and
 * not answered, and the log says which limit held it.
 */

static void	service_limit_rules(const struct service *,
		    struct ratelimit_rules *);

static void
service_limit_rules(const struct service *sv, struct ratelimit_rules *r)
{
	const struct config_file	*c = sv->config;

	r->burst = c->rate_burst;
	r->interval = c->rate_interval;
	r->loop_burst = c->loop_burst;
	r->loop_window = c->loop_window;
}

/*
 * Read the state of m's sender into rs and count m against the rate
 * limit at now; *repeated says whether m's text is the sender's last.
 * 1 if m may be answered, 0 if not (the state is kept), or -1.
 */
int
service_limit_take(struct service *sv, const struct message *m,
    long long now, struct ratelimit_sender *rs, int *repeated, char **cause)
{
	struct ratelimit_rules	r;
	char			digest[RATELIMIT_DIGEST_LEN + 1];
	int			rc;

	service_limit_rules(sv, &r);
	if ((rc = store_sender_get(sv->store, m->from, rs, cause)) == -1)
		return (-1);
	if (rc == 0)
		ratelimit_sender_new(rs, now);
	ratelimit_digest(m->subject, m->text, digest);
	*repeated = ratelimit_repeated(rs, digest);
	if (!ratelimit_allow(&r, rs, now)) {
		log_warnx("mail %s: %s is over the rate limit; not answered",
		    m->id, m->from);
		if (store_sender_put(sv->store, m->from, rs, cause) == -1)
			return (-1);
		return (0);
	}
	return (1);
}

/*
 * Count m against the loop limit if it is junk (it repeats the last
 * text, or has no command to run): 1 if it must not be answered (it is
 * logged), else 0.
 */
int
service_limit_quiet(struct service *sv, const struct message *m,
    long long now, struct ratelimit_sender *rs, int junk)
{
	struct ratelimit_rules	r;

	service_limit_rules(sv, &r);
	if (!junk || ratelimit_junk(&r, rs, now))
		return (0);
	log_warnx("mail %s: %s sent %ld mails without a new command in %lds; "
	    "not answered (a loop?)", m->id, m->from, rs->junk,
	    (long)(now - rs->since));
	return (1);
}
