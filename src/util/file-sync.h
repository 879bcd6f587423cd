/*
 * Making a file last: its bytes written whole, then synced; and after
 * it is linked or renamed into a folder, the folder itself synced for
 * the new name to survive a crash of the machine (a file system
 * without a journal keeps it only then).
 */
#ifndef FILE_SYNC_H
#define FILE_SYNC_H

#include <stddef.h>

int	file_sync_dir(const char *);
int	file_sync_write(int, const void *, size_t);

#endif
