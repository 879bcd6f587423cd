#include "config.h"

#include "tool-commands.h"

/*
 * mupbem: the local tool to create, inspect and replay games.  Every
 * subcommand lives in tool/tool-commands.c.
 */

int
main(int argc, char **argv)
{
	return (tool_commands_main(argc, argv));
}
