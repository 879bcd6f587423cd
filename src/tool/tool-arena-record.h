/*
 * mupbem arena --records DIR: each game's record (docs/record.md), one
 * file a game, that mupbem replay plays again to the arena's result.
 */
#ifndef TOOL_ARENA_RECORD_H
#define TOOL_ARENA_RECORD_H

#include <stdint.h>

#include "game.h"
#include "record.h"

struct tool_arena;
struct tool_arena_result;

int	tool_arena_record_check(const char *, char **);
void	tool_arena_record_start(const struct tool_arena *, long, uint64_t,
	    const struct game *, struct record *);
void	tool_arena_record_turn(struct record *, const struct game *, int,
	    const struct action *);
int	tool_arena_record_end(const struct tool_arena *,
	    const struct tool_arena_result *, const struct game *,
	    struct record *, char **);

#endif
