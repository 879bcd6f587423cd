/*
 * The subcommands of the mupbem tool.
 */
#ifndef TOOL_COMMANDS_H
#define TOOL_COMMANDS_H

#include <stdint.h>

int	tool_commands_main(int, char **);
int	tool_commands_number(const char *, const char *, long, long, long *);
int	tool_commands_seed(const char *, uint64_t *);

#endif
