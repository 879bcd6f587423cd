/*
 * The subcommands of the mupbem tool.
 */
#ifndef TOOL_COMMANDS_H
#define TOOL_COMMANDS_H

int	tool_commands_main(int, char **);

#endif
