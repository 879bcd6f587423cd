/*
 * What mupbem arena prints once the games are played.
 */
#ifndef TOOL_ARENA_REPORT_H
#define TOOL_ARENA_REPORT_H

struct tool_arena;
struct tool_arena_result;

void	tool_arena_report(const struct tool_arena *,
	    const struct tool_arena_result *, long);

#endif
