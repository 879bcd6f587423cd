/*
 * The subcommands of the mupbem tool.
 */
#ifndef TOOL_COMMANDS_H
#define TOOL_COMMANDS_H

#include <stdint.h>

struct game_ops;

int	tool_commands_main(int, char **);
const struct game_ops *tool_commands_game(const char *);
int	tool_commands_number(const char *, const char *, long, long, long *);
int	tool_commands_seed(const char *, uint64_t *);

#endif
