#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "file-sync.h"

/*
 * Folders are synced through a descriptor opened for that alone and
 * closed at once; the errno of the first failing step is kept.  A
 * file's bytes are written whole, a short write or an interrupted one
 * taken up again where it stopped.
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

/* Write all of data[0..len) to fd.  0, or -1 with errno set. */
int
file_sync_write(int fd, const void *data, size_t len)
{
	const char	*p = data;
	ssize_t		 n;
	size_t		 done = 0;

	while (done < len) {
		if ((n = write(fd, p + done, len - done)) == -1) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		done += (size_t)n;
	}
	return (0);
}
