#include "config.h"

#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file-sync.h"
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
 * A batch is written into tmp/ whole, then its files are synced
 * together, by several threads at once, so that the file system
 * commits them in one go rather than one a mail, and only then linked
 * into new/.  Then new/ itself is synced, once for the batch: a mail
 * is sent only once its name there would survive a crash, since the
 * store then records it sent and never writes it again.  A mail found
 * delivered already (sent again after a crash) waits for that sync
 * too.
 *
 * The file in tmp/ is named mupbem.ID.PID, after the writing process.
 * One whose process is gone (a daemon killed while writing) is half a
 * mail nobody will finish: opening the sender removes it.  The mail is
 * still in the store's outbox and is written again.  Other files in
 * tmp/, and those of a process still running (mupbemd --deliver beside
 * the daemon), are left alone.
 */

#define SENDER_MAILDIR_THREADS	16	/* syncing a batch at once */

struct sender_maildir {
	char		*path;
};

/* A batch's files to sync, shared by the syncing threads. */
struct sender_maildir_sync {
	int		*fd;
	int		*error;
	size_t		 n;
	atomic_size_t	 next;
};

static int	sender_maildir_open(struct sender *,
		    const struct sender_config *, char **);
static int	sender_maildir_send(struct sender *, const char *,
		    const char *, const char *, const char *, size_t, char **);
static void	sender_maildir_close(struct sender *);
static void	sender_maildir_send_batch(struct sender *,
		    struct sender_mail *, size_t);
static char	*sender_maildir_name(const char *);
static int	sender_maildir_write(const char *, const char *, size_t);
static void	*sender_maildir_sync_thread(void *);
static void	sender_maildir_sync(int *, int *, size_t);
static int	sender_maildir_delivered(struct sender_maildir *,
		    const char *);
static void	sender_maildir_clean(const char *);

const struct sender_ops sender_maildir_ops = {
	"maildir",
	sender_maildir_open,
	sender_maildir_send,
	sender_maildir_close,
	sender_maildir_send_batch
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

/* The file name of the mail with message_id: the caller's. */
static char *
sender_maildir_name(const char *message_id)
{
	char	*name, *p;

	xasprintf(&name, "mupbem.%s", message_id);
	for (p = name; *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p) && strchr(".@+-", *p) == NULL)
			*p = '_';
	}
	return (name);
}

/* Write data[0..len) into the new file tmp: its descriptor, or -1. */
static int
sender_maildir_write(const char *tmp, const char *data, size_t len)
{
	int	fd, saved;

	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd == -1)
		return (-1);
	if (file_sync_write(fd, data, len) == -1) {
		saved = errno;
		close(fd);
		errno = saved;
		return (-1);
	}
	return (fd);
}

/* A syncing thread: fsync the next file not taken, until none is left. */
static void *
sender_maildir_sync_thread(void *arg)
{
	struct sender_maildir_sync	*sy = arg;
	size_t				 i;

	while ((i = atomic_fetch_add(&sy->next, 1)) < sy->n) {
		if (sy->fd[i] != -1 && fsync(sy->fd[i]) == -1)
			sy->error[i] = errno;
	}
	return (NULL);
}

/*
 * Sync the files fd[0..n) (-1: none), each one's errno in error[i]: in
 * up to SENDER_MAILDIR_THREADS threads at once, so that the file
 * system joins their syncs into one commit instead of one after the
 * other.
 */
static void
sender_maildir_sync(int *fd, int *error, size_t n)
{
	struct sender_maildir_sync	 sy;
	pthread_t			 t[SENDER_MAILDIR_THREADS];
	size_t				 i, nt;

	sy.fd = fd;
	sy.error = error;
	sy.n = n;
	atomic_init(&sy.next, 0);
	nt = n < SENDER_MAILDIR_THREADS ? n : SENDER_MAILDIR_THREADS;
	for (i = 0; nt > 1 && i < nt; i++) {
		if (pthread_create(&t[i], NULL, sender_maildir_sync_thread,
		    &sy) != 0)
			break;
	}
	sender_maildir_sync_thread(&sy);
	while (nt > 1 && i-- > 0)
		pthread_join(t[i], NULL);
}

/*
 * Send the batch v[0..n): write every mail into tmp/, sync them all at
 * once, link each into new/, then sync new/.
 */
static void
sender_maildir_send_batch(struct sender *s, struct sender_mail *v, size_t n)
{
	struct sender_maildir	 *md = s->state;
	char			**name, **tmp, *final;
	int			 *fd, *error, synced = 0;
	size_t			  i;

	name = xcalloc(n, sizeof *name);
	tmp = xcalloc(n, sizeof *tmp);
	fd = xcalloc(n, sizeof *fd);
	error = xcalloc(n, sizeof *error);
	for (i = 0; i < n; i++) {
		fd[i] = -1;
		v[i].cause = NULL;
		if ((v[i].rc = sender_check(v[i].from, v[i].rcpt,
		    &v[i].cause)) != 0)
			continue;
		name[i] = sender_maildir_name(v[i].message_id);
		if (sender_maildir_delivered(md, name[i]))
			continue;
		xasprintf(&tmp[i], "%s/tmp/%s.%ld", md->path, name[i],
		    (long)getpid());
		if ((fd[i] = sender_maildir_write(tmp[i], v[i].data,
		    v[i].len)) == -1)
			error[i] = errno;
	}
	sender_maildir_sync(fd, error, n);
	for (i = 0; i < n; i++) {
		if (fd[i] != -1 && close(fd[i]) == -1 && error[i] == 0)
			error[i] = errno;
		if (tmp[i] == NULL)
			continue;
		xasprintf(&final, "%s/new/%s", md->path, name[i]);
		/* link() will not replace a copy that got there first. */
		if (error[i] == 0 && link(tmp[i], final) == -1 &&
		    errno != EEXIST)
			error[i] = errno;
		free(final);
		unlink(tmp[i]);
	}
	/* Linked, or found delivered: new/ is synced for them. */
	for (i = 0; i < n && (v[i].rc != 0 || error[i] != 0); i++)
		;
	if (i < n) {
		xasprintf(&final, "%s/new", md->path);
		if (file_sync_dir(final) == -1)
			synced = errno;
		free(final);
	}
	for (i = 0; i < n; i++) {
		if (v[i].rc == 0 && error[i] == 0 && synced != 0) {
			xasprintf(&v[i].cause, "maildir sender %s: syncing "
			    "new/: %s", md->path, strerror(synced));
			v[i].rc = SENDER_TEMPORARY;
		} else if (v[i].rc == 0 && error[i] != 0) {
			xasprintf(&v[i].cause, "maildir sender %s: %s",
			    md->path, strerror(error[i]));
			v[i].rc = SENDER_TEMPORARY;
		}
		free(tmp[i]);
		free(name[i]);
	}
	free(name);
	free(tmp);
	free(fd);
	free(error);
}

static int
sender_maildir_send(struct sender *s, const char *message_id,
    const char *from, const char *rcpt,
    const char *data, size_t len, char **cause)
{
	struct sender_mail	m;

	memset(&m, 0, sizeof m);
	m.message_id = message_id;
	m.from = from;
	m.rcpt = rcpt;
	m.data = data;
	m.len = len;
	sender_maildir_send_batch(s, &m, 1);
	*cause = m.cause;
	return (m.rc);
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
