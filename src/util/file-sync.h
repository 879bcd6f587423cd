/*
 * Making a change of a folder's names last: after a file is linked or
 * renamed into a folder, the folder itself must be synced for the new
 * name to survive a crash of the machine (a file system without a
 * journal keeps it only then).
 */
#ifndef FILE_SYNC_H
#define FILE_SYNC_H

int	file_sync_dir(const char *);

#endif
