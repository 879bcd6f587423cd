#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "file-sync.h"
#include "tool-file.h"
#include "xmalloc.h"

/*
 * Record files are replaced, never rewritten in place: the new text
 * goes to a temporary file beside the old one, is flushed to disk and
 * renamed over it, and the folder is synced so that the rename
 * lasts.  A crash leaves either the old record or the new one, never
 * a mix, and the new one once the command has said it is done.  The
 * new file keeps the old one's mode, and a symbolic link is followed,
 * not replaced.  "-" names stdin.
 */

/* Read all of path ("-" for stdin) into a NUL-terminated string. */
int
tool_file_read(const char *path, char **text, char **cause)
{
	struct buf	 b;
	char		 chunk[8192];
	ssize_t		 n;
	int		 fd;

	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (-1);
	}
	buf_init(&b);
	for (;;) {
		n = read(fd, chunk, sizeof chunk);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			xasprintf(cause, "%s: %s", path, strerror(errno));
			buf_free(&b);
			if (fd != STDIN_FILENO)
				close(fd);
			return (-1);
		}
		if (n == 0)
			break;
		if (memchr(chunk, '\0', (size_t)n) != NULL) {
			xasprintf(cause, "%s: not a text file", path);
			buf_free(&b);
			if (fd != STDIN_FILENO)
				close(fd);
			return (-1);
		}
		buf_add(&b, chunk, (size_t)n);
	}
	if (fd != STDIN_FILENO)
		close(fd);
	*text = buf_steal(&b);
	return (0);
}

/*
 * Replace path with text, atomically.  A symbolic link is followed, so
 * the file it points to is replaced, and the file keeps its mode.
 */
int
tool_file_replace(const char *path, const char *text, char **cause)
{
	struct stat	 sb;
	char		*real, *dir, *base, *tmp, *folder;
	size_t		 len = strlen(text);
	int		 fd;

	if ((real = realpath(path, NULL)) == NULL ||
	    stat(real, &sb) == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		free(real);
		return (-1);
	}
	dir = xstrdup(real);
	base = xstrdup(real);
	folder = xstrdup(dirname(dir));
	xasprintf(&tmp, "%s/.%s.XXXXXX", folder, basename(base));
	free(dir);
	free(base);
	if ((fd = mkstemp(tmp)) == -1) {
		xasprintf(cause, "%s: %s", tmp, strerror(errno));
		free(tmp);
		free(real);
		free(folder);
		return (-1);
	}
	if (fchmod(fd, sb.st_mode & 07777) == -1)
		goto fail;
	if (file_sync_write(fd, text, len) == -1)
		goto fail;
	if (fsync(fd) == -1 || close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	if (rename(tmp, real) == -1) {
		fd = -1;
		goto fail;
	}
	free(tmp);
	free(real);
	if (file_sync_dir(folder) == -1) {
		xasprintf(cause, "%s: replaced, but its folder %s could not "
		    "be synced, so a crash may bring back the old one: %s",
		    path, folder, strerror(errno));
		free(folder);
		return (-1);
	}
	free(folder);
	return (0);

fail:
	xasprintf(cause, "%s: %s", path, strerror(errno));
	if (fd != -1)
		close(fd);
	unlink(tmp);
	free(tmp);
	free(real);
	free(folder);
	return (-1);
}
