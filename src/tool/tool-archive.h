/*
 * mupbem --db FILE archive DIR: the store's games as a static web site
 * (src/archive/).
 */
#ifndef TOOL_ARCHIVE_H
#define TOOL_ARCHIVE_H

struct store;

int	tool_archive_run(struct store *, int, char **);

#endif
