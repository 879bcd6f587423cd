/*
 * Games replayed from records, kept so that the next replay of the
 * same record, or of a longer one, starts where the last one ended.
 */
#ifndef RECORD_CACHE_H
#define RECORD_CACHE_H

#include <stddef.h>

#include "game.h"
#include "record.h"

struct record_cache;

struct record_cache_stats {
	long	hits;		/* replays that started from a kept game */
	long	misses;		/* replays from the start */
	long	skipped;	/* actions not replayed, thanks to hits */
};

struct record_cache		*record_cache_new(size_t);
void				 record_cache_free(struct record_cache *);
struct game			*record_cache_replay(struct record_cache *,
				     const struct record *, size_t, char **);
void				 record_cache_put(struct record_cache *,
				     const struct record *,
				     const struct game *);
struct record_cache_stats	 record_cache_stats(
				     const struct record_cache *);

#endif
