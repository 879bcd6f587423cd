/*
 * The registry: every game by name (game-registry.c, the one file that
 * names the games).  It sits above the games; nothing in src/games/
 * itself includes this header.
 */
#ifndef GAME_REGISTRY_H
#define GAME_REGISTRY_H

#include <stddef.h>

struct buf;
struct game;
struct game_ops;

extern const struct game_ops	*game_table[];

const struct game_ops	*game_find(const char *);
const struct game_ops	*game_lookup(const char *, char **);
void			 game_names(struct buf *);
int			 game_looks_like(const struct game_ops *,
			     const char *, size_t);
struct game		*game_read_position(const char *, char **);

#endif
