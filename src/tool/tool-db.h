/*
 * The operator's subcommands of the mupbem tool, on the daemon's store:
 * mupbem --db FILE list|show|export|resend|nudge|address.
 */
#ifndef TOOL_DB_H
#define TOOL_DB_H

#include <stdio.h>

int	tool_db_main(int, char **);
void	tool_db_usage_lines(FILE *, const char *);

#endif
