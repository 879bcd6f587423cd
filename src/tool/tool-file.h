/*
 * Files for the mupbem tool: read a whole file or stdin, and replace a
 * file atomically.
 */
#ifndef TOOL_FILE_H
#define TOOL_FILE_H

int	tool_file_read(const char *, char **, char **);
int	tool_file_replace(const char *, const char *, char **);

#endif
