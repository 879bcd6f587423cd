#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "file-sync.h"

/*
 * Folders are synced through a descriptor opened for that alone and
 * closed at once; the errno of the first failing step is kept.
 */

/* Sync the folder path.  0, or -1 with errno set. */
int
file_sync_dir(const char *path)
{
	int	fd, saved;

	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (-1);
	if (fsync(fd) == -1) {
		saved = errno;
		close(fd);
		errno = saved;
		return (-1);
	}
	return (close(fd));
}
