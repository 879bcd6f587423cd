/*
 * Per-sender rate limits, so that one address (a loop, a prankster)
 * cannot make mupbemd answer without end.
 */
#ifndef RATELIMIT_H
#define RATELIMIT_H

#include <stddef.h>

struct ratelimit;

struct ratelimit	*ratelimit_create(int, int);
void			 ratelimit_free(struct ratelimit *);
int			 ratelimit_allow(struct ratelimit *, const char *,
			     long long);
size_t			 ratelimit_count(const struct ratelimit *);

#endif
