/*
 * mupbem bench-mail: how fast mail is read from a Maildir and parsed.
 */
#ifndef TOOL_MAILBENCH_H
#define TOOL_MAILBENCH_H

int	tool_mailbench_run(int, char **);

#endif
