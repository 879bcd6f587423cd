#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "record-cache.h"
#include "xmalloc.h"

/*
 * Games replayed from records, kept to be replayed from.  An entry is
 * the game that a record's first n actions make, under a key of all
 * that a replay reads of the record up to there: the seed, the game
 * and its options, the seats' colours, and each action's mover and
 * text, in that order.  Two records with one key replay to one game,
 * so an entry serves any record whose key begins with the entry's:
 * record_cache_replay() copies the game of the longest such entry and
 * plays only the actions after it (record_replay_on()).  A record that
 * changed in any way (another daemon's turn, an operator's edit) has
 * another key and is replayed, never served a stale game.
 *
 * The cache holds a fixed number of games; the one used longest ago
 * makes way.  It gives copies and keeps copies, so no caller's game is
 * ever shared.
 */

struct record_cache_entry {
	char		*key;
	size_t		 keylen;
	size_t		 nactions;	/* the actions the key holds */
	struct game	*g;		/* the game they make */
	unsigned long	 used;		/* when last served or kept */
};

struct record_cache {
	struct record_cache_entry	*entries;
	size_t				 n, max;
	unsigned long			 clock;
	struct record_cache_stats	 stats;
};

static void	record_cache_key(const struct record *, size_t, struct buf *,
		    size_t *);
static struct record_cache_entry *record_cache_find(struct record_cache *,
		    const struct buf *, const size_t *, size_t);
static void	record_cache_keep(struct record_cache *, const struct buf *,
		    size_t, size_t, const struct game *);

/* A cache of at most max games. */
struct record_cache *
record_cache_new(size_t max)
{
	struct record_cache	*c;

	c = xcalloc(1, sizeof *c);
	c->max = max > 0 ? max : 1;
	c->entries = xcalloc(c->max, sizeof *c->entries);
	return (c);
}

void
record_cache_free(struct record_cache *c)
{
	size_t	i;

	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++) {
		free(c->entries[i].key);
		game_free(c->entries[i].g);
	}
	free(c->entries);
	free(c);
}

/*
 * The key of r's first n actions in key, and in off[k] (0 <= k <= n)
 * the length of the key of its first k.  Each field ends with a NUL, a
 * byte no field holds, so no two records share a key by running their
 * fields together.
 */
static void
record_cache_key(const struct record *r, size_t n, struct buf *key,
    size_t *off)
{
	size_t	i;

	buf_reset(key);
	buf_add(key, &r->seed, sizeof r->seed);
	buf_add(key, r->ops->name, strlen(r->ops->name) + 1);
	buf_addf(key, "%d %d %d %zu", r->opts.players, r->opts.segments,
	    r->opts.games, r->nseats);
	buf_addc(key, '\0');
	for (i = 0; i < r->nseats; i++)
		buf_add(key, r->seats[i].colour, strlen(r->seats[i].colour) +
		    1);
	off[0] = key->len;
	for (i = 0; i < n; i++) {
		buf_add(key, r->actions[i].seat, strlen(r->actions[i].seat) +
		    1);
		buf_add(key, r->actions[i].text, strlen(r->actions[i].text) +
		    1);
		off[i + 1] = key->len;
	}
}

/* The entry whose key is the longest beginning of key, or NULL. */
static struct record_cache_entry *
record_cache_find(struct record_cache *c, const struct buf *key,
    const size_t *off, size_t n)
{
	struct record_cache_entry	*e, *best = NULL;
	size_t				 i;

	for (i = 0; i < c->n; i++) {
		e = &c->entries[i];
		if (e->nactions > n || e->keylen != off[e->nactions] ||
		    (best != NULL && e->nactions <= best->nactions) ||
		    memcmp(e->key, key->data, e->keylen) != 0)
			continue;
		best = e;
	}
	return (best);
}

/*
 * Keep a copy of g as the game of the first n actions whose key is the
 * first keylen bytes of key: in the entry that has that key already,
 * or an empty one, or the one used longest ago.
 */
static void
record_cache_keep(struct record_cache *c, const struct buf *key,
    size_t keylen, size_t n, const struct game *g)
{
	struct record_cache_entry	*e = NULL;
	size_t				 i;

	for (i = 0; i < c->n && e == NULL; i++) {
		if (c->entries[i].keylen == keylen &&
		    memcmp(c->entries[i].key, key->data, keylen) == 0)
			e = &c->entries[i];
	}
	if (e == NULL && c->n < c->max)
		e = &c->entries[c->n++];
	else if (e == NULL) {
		e = &c->entries[0];
		for (i = 1; i < c->n; i++) {
			if (c->entries[i].used < e->used)
				e = &c->entries[i];
		}
	}
	free(e->key);
	game_free(e->g);
	e->key = xmalloc(keylen);
	memcpy(e->key, key->data, keylen);
	e->keylen = keylen;
	e->nactions = n;
	e->g = game_copy(g);
	e->used = ++c->clock;
}

/*
 * The game the first n actions of r make, as record_replay_to() gives
 * it (NULL with a cause if r does not replay), played from the longest
 * beginning of r the cache holds.  The game is the caller's; the cache
 * keeps a copy of it.
 */
struct game *
record_cache_replay(struct record_cache *c, const struct record *r,
    size_t n, char **cause)
{
	struct record_cache_entry	*e;
	struct game			*g;
	struct buf			 key;
	size_t				*off, from = 0;

	buf_init(&key);
	off = xcalloc(n + 1, sizeof *off);
	record_cache_key(r, n, &key, off);
	if ((e = record_cache_find(c, &key, off, n)) != NULL) {
		g = game_copy(e->g);
		from = e->nactions;
		e->used = ++c->clock;
		c->stats.hits++;
		c->stats.skipped += from;
		if (from < n && record_replay_on(r, g, from, n, cause) == -1) {
			game_free(g);
			g = NULL;
		}
	} else {
		c->stats.misses++;
		g = record_replay_to(r, n, cause);
	}
	if (g != NULL && from < n)
		record_cache_keep(c, &key, off[n], n, g);
	free(off);
	buf_free(&key);
	return (g);
}

/* Keep a copy of g as the game that all of r's actions make. */
void
record_cache_put(struct record_cache *c, const struct record *r,
    const struct game *g)
{
	struct buf	 key;
	size_t		*off;

	buf_init(&key);
	off = xcalloc(r->nactions + 1, sizeof *off);
	record_cache_key(r, r->nactions, &key, off);
	record_cache_keep(c, &key, off[r->nactions], r->nactions, g);
	free(off);
	buf_free(&key);
}

/* What the cache has served. */
struct record_cache_stats
record_cache_stats(const struct record_cache *c)
{
	return (c->stats);
}
