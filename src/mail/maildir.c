#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "file-sync.h"
#include "maildir.h"
#include "xmalloc.h"

/*
 * A Maildir is a directory holding tmp/, new/ and cur/.  Mail is
 * written to tmp/ and moved to new/; a reader moves what it has seen
 * to cur/.  Both the source and the sender make the directories they
 * need, so the defaults work in an empty directory.
 */

/*
 * Make the Maildir at path (and tmp/, new/, cur/) unless they are
 * there.  An error starts with who: "maildir /x/new: Permission denied".
 */
int
maildir_create(const char *path, const char *who, char **cause)
{
	static const char	*subdirs[] = { "", "/tmp", "/new", "/cur" };
	char			*dir;
	size_t			 i;

	for (i = 0; i < sizeof subdirs / sizeof subdirs[0]; i++) {
		xasprintf(&dir, "%s%s", path, subdirs[i]);
		if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
			xasprintf(cause, "%s %s: %s", who, dir,
			    strerror(errno));
			free(dir);
			return (-1);
		}
		free(dir);
	}
	return (0);
}

/*
 * Deliver data[0..len) into the Maildir at path (made if need be): a
 * file written and synced in tmp/, then moved to new/, as a mail
 * server does, and new/ synced.
 */
int
maildir_put(const char *path, const char *data, size_t len, char **cause)
{
	struct timespec	 ts;
	char		*tmp, *new, *dir;
	int		 fd, rc = -1, saved;

	if (maildir_create(path, "maildir", cause) == -1)
		return (-1);
	clock_gettime(CLOCK_REALTIME, &ts);
	xasprintf(&tmp, "%s/tmp/%lld.M%ldP%ld.mupbem", path,
	    (long long)ts.tv_sec, ts.tv_nsec / 1000, (long)getpid());
	xasprintf(&new, "%s/new/%s", path, strrchr(tmp, '/') + 1);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0600)) == -1)
		goto out;
	if (file_sync_write(fd, data, len) == -1) {
		saved = errno;
		close(fd);
		errno = saved;
		goto out;
	}
	if (fsync(fd) == -1 || close(fd) == -1 || rename(tmp, new) == -1)
		goto out;
	/* The new name lasts only once new/ is synced. */
	xasprintf(&dir, "%s/new", path);
	if (file_sync_dir(dir) == -1) {
		xasprintf(cause, "maildir %s: %s", dir, strerror(errno));
		free(dir);
		free(tmp);
		free(new);
		return (-1);
	}
	free(dir);
	rc = 0;
out:
	if (rc == -1) {
		xasprintf(cause, "maildir %s: %s", tmp, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	free(new);
	return (rc);
}
