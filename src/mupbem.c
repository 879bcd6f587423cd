#include "config.h"

#include <string.h>

#include "tool-commands.h"
#include "tool-db.h"

/*
 * mupbem: the local tool to create, inspect and replay games (every
 * subcommand lives in tool/tool-commands.c), and with --db FILE to look
 * into the daemon's store (tool/tool-db.c).
 */

int
main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--db") == 0)
		return (tool_db_main(argc, argv));
	return (tool_commands_main(argc, argv));
}
