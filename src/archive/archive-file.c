#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive-private.h"
#include "buf.h"
#include "xmalloc.h"

/*
 * The archive's files are written whole or not at all: each goes to a
 * temporary file beside it (".NAME.tmp"), which is renamed over the
 * old one only once written and closed, so a reader (or a web server)
 * sees the old page or the new one, never half of one.  A cause names
 * the file or folder and the system's reason: "archive: DIR/games:
 * Permission denied".
 */

static const char *archive_file_assets_names[] = {
	"archive.css", "archive.js", NULL
};

static int	archive_file_fail(char **, const char *, const char *);

static int
archive_file_fail(char **cause, const char *dir, const char *path)
{
	if (path != NULL)
		xasprintf(cause, "archive: %s/%s: %s", dir, path,
		    strerror(errno));
	else
		xasprintf(cause, "archive: %s: %s", dir, strerror(errno));
	return (-1);
}

/* Make the site's folder, or its subfolder sub (if not NULL). */
int
archive_file_dir(const struct archive_site *site, const char *sub,
    char **cause)
{
	const char	*dir = site->config->dir;
	char		*path;
	int		 rc;

	if (sub == NULL) {
		if (mkdir(dir, 0777) == -1 && errno != EEXIST)
			return (archive_file_fail(cause, dir, NULL));
		if (access(dir, W_OK) == -1)
			return (archive_file_fail(cause, dir, NULL));
		return (0);
	}
	xasprintf(&path, "%s/%s", dir, sub);
	rc = mkdir(path, 0777);
	free(path);
	if (rc == -1 && errno != EEXIST)
		return (archive_file_fail(cause, dir, sub));
	return (0);
}

/* Write b as the site's file path ("games/G12.html"), whole. */
int
archive_file_write(struct archive_site *site, const char *path,
    const struct buf *b, char **cause)
{
	const char	*dir = site->config->dir, *slash;
	char		*tmp, *final;
	size_t		 off = 0;
	ssize_t		 n;
	int		 fd, rc = -1;

	xasprintf(&final, "%s/%s", dir, path);
	slash = strrchr(path, '/');
	if (slash != NULL)
		xasprintf(&tmp, "%s/%.*s/.%s.tmp", dir, (int)(slash - path),
		    path, slash + 1);
	else
		xasprintf(&tmp, "%s/.%s.tmp", dir, path);
	if ((fd = open(tmp, O_WRONLY|O_CREAT|O_TRUNC, 0666)) == -1) {
		if (slash != NULL) {
			char	*sub;

			sub = xstrndup(path, (size_t)(slash - path));
			archive_file_fail(cause, dir, sub);
			free(sub);
		} else
			archive_file_fail(cause, dir, NULL);
		goto out;
	}
	while (off < b->len) {
		if ((n = write(fd, b->data + off, b->len - off)) == -1) {
			if (errno == EINTR)
				continue;
			archive_file_fail(cause, dir, path);
			close(fd);
			unlink(tmp);
			goto out;
		}
		off += (size_t)n;
	}
	if (close(fd) == -1 || rename(tmp, final) == -1) {
		archive_file_fail(cause, dir, path);
		unlink(tmp);
		goto out;
	}
	__atomic_add_fetch(&site->stats.files, 1, __ATOMIC_RELAXED);
	rc = 0;
out:
	free(tmp);
	free(final);
	return (rc);
}

/* Copy the style sheet and the viewer into DIR/assets/. */
int
archive_file_assets(struct archive_site *site, char **cause)
{
	struct buf	 b;
	char		*from, *to, chunk[8192];
	size_t		 n;
	FILE		*f;
	int		 i, rc = 0;

	if (archive_file_dir(site, "assets", cause) == -1)
		return (-1);
	buf_init(&b);
	/* Without a folder, the ones built in (archive-builtin.c). */
	for (i = 0; site->config->assets == NULL &&
	    archive_builtin[i].name != NULL && rc == 0; i++) {
		buf_reset(&b);
		buf_adds(&b, archive_builtin[i].text);
		xasprintf(&to, "assets/%s", archive_builtin[i].name);
		rc = archive_file_write(site, to, &b, cause);
		free(to);
	}
	for (i = 0; site->config->assets != NULL && rc == 0 &&
	    archive_file_assets_names[i] != NULL; i++) {
		buf_reset(&b);
		xasprintf(&from, "%s/%s", site->config->assets,
		    archive_file_assets_names[i]);
		if ((f = fopen(from, "r")) == NULL) {
			xasprintf(cause, "archive: %s: %s", from,
			    strerror(errno));
			rc = -1;
		} else {
			while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
				buf_add(&b, chunk, n);
			fclose(f);
			xasprintf(&to, "assets/%s",
			    archive_file_assets_names[i]);
			rc = archive_file_write(site, to, &b, cause);
			free(to);
		}
		free(from);
	}
	buf_free(&b);
	return (rc);
}
