/*
 * The operator's subcommands of the mupbem tool, on the daemon's store:
 * mupbem --db FILE list|show|export|resend.
 */
#ifndef TOOL_DB_H
#define TOOL_DB_H

int	tool_db_main(int, char **);

#endif
