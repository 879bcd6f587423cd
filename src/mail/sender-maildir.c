#include "config.h"

#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "maildir.h"
#include "sender.h"
#include "xmalloc.h"

/*
 * Sending into a Maildir: the outbox of the demo and of tests that
 * need no mail server.  Each mail is written to tmp/, synced and
 * linked into new/ (the Maildir delivery protocol), so a reader never
 * sees half a mail.  The file is named after the mail's Message-ID,
 * so sending the same mail again (after a crash between sending and
 * recording it sent) finds it there and delivers nothing twice.  The
 * mail itself carries From and To.
 *
 * The file in tmp/ is named mupbem.ID.PID, after the writing process.
 * One whose process is gone (a daemon killed while writing) is half a
 * mail nobody will finish: opening the sender removes it.  The mail is
 * still in the store's outbox and is written again.  Other files in
 * tmp/, and those of a process still running (mupbemd --deliver beside
 * the daemon), are left alone.
 */

struct sender_maildir {
	char		*path;
};

static int	sender_maildir_open(struct sender *,
		    const struct sender_config *, char **);
static int	sender_maildir_send(struct sender *, const char *,
		    const char *, const char *, const char *, size_t, char **);
static void	sender_maildir_close(struct sender *);
static int	sender_maildir_delivered(struct sender_maildir *,
		    const char *);
static void	sender_maildir_clean(const char *);

const struct sender_ops sender_maildir_ops = {
	"maildir",
	sender_maildir_open,
	sender_maildir_send,
	sender_maildir_close
};

static int
sender_maildir_open(struct sender *s, const struct sender_config *c,
    char **cause)
{
	struct sender_maildir	*md;

	if (c->path == NULL) {
		xasprintf(cause, "maildir sender: no outbox path");
		return (-1);
	}
	if (maildir_create(c->path, "maildir sender", cause) == -1)
		return (-1);
	sender_maildir_clean(c->path);
	md = xcalloc(1, sizeof *md);
	md->path = xstrdup(c->path);
	s->state = md;
	return (0);
}

/* Remove the half-written mails in path's tmp/ of processes now gone. */
static void
sender_maildir_clean(const char *path)
{
	struct dirent	*de;
	DIR		*d;
	char		*dir, *file, *end;
	const char	*dot;
	long		 pid;

	xasprintf(&dir, "%s/tmp", path);
	if ((d = opendir(dir)) == NULL) {
		log_warn("maildir sender: %s", dir);
		free(dir);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "mupbem.", 7) != 0 ||
		    (dot = strrchr(de->d_name, '.')) == NULL)
			continue;
		pid = strtol(dot + 1, &end, 10);
		if (*end != '\0' || pid <= 0 || end == dot + 1 ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		xasprintf(&file, "%s/%s", dir, de->d_name);
		if (unlink(file) == 0) {
			log_info("maildir sender: %s: half written by "
			    "process %ld, which is gone; removed", file, pid);
		} else if (errno != ENOENT)
			log_warn("maildir sender: %s", file);
		free(file);
	}
	closedir(d);
	free(dir);
}

/* Has a mail called name been delivered already (new/ or cur/)? */
static int
sender_maildir_delivered(struct sender_maildir *md, const char *name)
{
	struct dirent	*de;
	struct stat	 sb;
	DIR		*d;
	char		*path;
	size_t		 n = strlen(name);
	int		 found;

	xasprintf(&path, "%s/new/%s", md->path, name);
	found = stat(path, &sb) == 0;
	free(path);
	if (found)
		return (1);
	xasprintf(&path, "%s/cur", md->path);
	d = opendir(path);
	free(path);
	if (d == NULL)
		return (0);
	while ((de = readdir(d)) != NULL && !found) {
		found = strncmp(de->d_name, name, n) == 0 &&
		    (de->d_name[n] == '\0' || de->d_name[n] == ':');
	}
	closedir(d);
	return (found);
}

static int
sender_maildir_send(struct sender *s, const char *message_id,
    const char *from, const char *rcpt,
    const char *data, size_t len, char **cause)
{
	struct sender_maildir	*md = s->state;
	char			*name, *tmp, *final, *p;
	ssize_t			 n;
	size_t			 done = 0;
	int			 fd;

	if (sender_check(from, rcpt, cause) != 0)
		return (SENDER_PERMANENT);
	xasprintf(&name, "mupbem.%s", message_id);
	for (p = name; *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p) && strchr(".@+-", *p) == NULL)
			*p = '_';
	}
	if (sender_maildir_delivered(md, name)) {
		free(name);
		return (0);
	}
	xasprintf(&tmp, "%s/tmp/%s.%ld", md->path, name, (long)getpid());
	xasprintf(&final, "%s/new/%s", md->path, name);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd == -1)
		goto fail;
	while (done < len) {
		n = write(fd, data + done, len - done);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			goto fail;
		done += (size_t)n;
	}
	if (fsync(fd) == -1 || close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	/* link() will not replace a copy that got there first. */
	if (link(tmp, final) == -1 && errno != EEXIST)
		goto fail;
	unlink(tmp);
	free(name);
	free(tmp);
	free(final);
	return (0);

fail:
	xasprintf(cause, "maildir sender %s: %s", md->path, strerror(errno));
	if (fd != -1)
		close(fd);
	unlink(tmp);
	free(name);
	free(tmp);
	free(final);
	return (SENDER_TEMPORARY);
}

static void
sender_maildir_close(struct sender *s)
{
	struct sender_maildir	*md = s->state;

	if (md == NULL)
		return;
	free(md->path);
	free(md);
}
