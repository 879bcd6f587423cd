#include "config.h"

#include <sys/inotify.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "maildir.h"
#include "source.h"
#include "xmalloc.h"

/*
 * A Maildir as a mail source, the embedded default: no server needed.
 *
 * Mail waiting to be handled is every file in new/, and every file in
 * cur/ whose info (":2,FLAGS") lacks the S flag.  A scan lists them in
 * name order, which is delivery order for the usual time-based names;
 * next() hands them out one by one and scans again when the list runs
 * out.  Acknowledging renames the file into cur/ with S added to its
 * flags.
 *
 * A mail that could not be handled is set aside (aside()) in the
 * Maildir++ folder .Poison, in its new/, where this source never
 * looks; moving it back into new/ hands it out again.
 *
 * Other programs may deliver, read or move files at any time: a file
 * that is gone when it is read or acknowledged was taken care of
 * elsewhere and is passed over; one delivered during a scan is found
 * by the next.  Waiting uses inotify on new/ and cur/, so a delivery
 * wakes the daemon at once.
 *
 * cur/ holds every mail ever handled, so it is listed only when it may
 * hold mail waiting: at the first scan, after a scan that found some
 * there, and after inotify told of a file arriving in cur/ without the
 * S flag (another program moved it there) or lost events.  The
 * daemon's own acknowledgements, which arrive with S, do not count.
 * Without inotify, every scan lists cur/.
 *
 * A file in new/ may still be being written by a program that does
 * not deliver through tmp/.  So a mail is handed out only when it
 * looks whole: an empty file never (it is left where it is, and never
 * acknowledged); one whose size changed while it was read, not this
 * round; and one younger than SOURCE_MAILDIR_GRACE seconds (by the
 * daemon's clock, s->now) only if its headers end and it ends in a
 * line end.  A file held back is read again next round: closing it
 * after writing wakes the daemon, and while one is held the wait is
 * at most SOURCE_MAILDIR_RECHECK seconds.
 */

#define SOURCE_MAILDIR_GRACE	60
#define SOURCE_MAILDIR_RECHECK	5

struct source_maildir {
	char	 *path;
	char	**pending;	/* "new/NAME" or "cur/NAME:2,..." */
	size_t	  npending;
	size_t	  next;
	int	  notify;	/* inotify descriptor, or -1 */
	int	  cur_watch;	/* its watch on cur/ */
	int	  cur_waiting;	/* cur/ may hold mail: list it */
	int	  held;		/* a young file was held back */
};

static int	source_maildir_open(struct source *,
		    const struct source_config *, char **);
static int	source_maildir_next(struct source *, struct source_mail *,
		    char **);
static int	source_maildir_ack(struct source *,
		    const struct source_mail *, char **);
static const char *source_maildir_aside(struct source *,
		    const struct source_mail *, char **);
static int	source_maildir_wait(struct source *, int, char **);
static void	source_maildir_close(struct source *);
static void	source_maildir_forget(struct source_maildir *);
static int	source_maildir_cmp(const void *, const void *);
static void	source_maildir_events(struct source_maildir *);
static int	source_maildir_scan(struct source_maildir *, char **);
static int	source_maildir_read(struct source *, const char *,
		    struct source_mail *, char **);
static int	source_maildir_whole(struct source *, const char *,
		    const struct stat *, const struct stat *,
		    const struct source_mail *);

const struct source_ops source_maildir_ops = {
	"maildir",
	source_maildir_open,
	source_maildir_next,
	source_maildir_ack,
	source_maildir_aside,
	source_maildir_wait,
	source_maildir_close
};

static int
source_maildir_open(struct source *s, const struct source_config *c,
    char **cause)
{
	static const char	*subdirs[] = { "new", "cur" };
	const char		*path = c->where;
	struct source_maildir	*md;
	char			*sub;
	size_t			 i;

	if (maildir_create(path, "maildir", cause) == -1)
		return (-1);
	md = xcalloc(1, sizeof *md);
	md->path = xstrdup(path);
	md->cur_waiting = 1;
	md->notify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	/* cur/ is watched last: cur_watch is its watch. */
	for (i = 0; i < 2 && md->notify != -1; i++) {
		xasprintf(&sub, "%s/%s", path, subdirs[i]);
		if ((md->cur_watch = inotify_add_watch(md->notify, sub,
		    IN_CREATE | IN_MOVED_TO | IN_ATTRIB |
		    IN_CLOSE_WRITE)) == -1) {
			close(md->notify);
			md->notify = -1;
		}
		free(sub);
	}
	s->state = md;
	return (0);
}

static void
source_maildir_forget(struct source_maildir *md)
{
	size_t	i;

	for (i = 0; i < md->npending; i++)
		free(md->pending[i]);
	free(md->pending);
	md->pending = NULL;
	md->npending = md->next = 0;
}

static int
source_maildir_cmp(const void *a, const void *b)
{
	const char	*x = *(char * const *)a, *y = *(char * const *)b;

	/* By file name, whichever of new/ or cur/ it is in. */
	return (strcmp(x + 4, y + 4));
}

/*
 * Read what inotify has to tell: whether cur/ may hold mail waiting
 * (see above).  Every event is read, so none wakes the daemon later.
 */
static void
source_maildir_events(struct source_maildir *md)
{
	char				 buf[4096]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	const struct inotify_event	*ev;
	const char			*info;
	ssize_t				 n;
	char				*p;

	while ((n = read(md->notify, buf, sizeof buf)) > 0) {
		for (p = buf; p < buf + n; p += sizeof *ev + ev->len) {
			ev = (const struct inotify_event *)p;
			if (ev->mask & IN_Q_OVERFLOW) {
				md->cur_waiting = 1;
				continue;
			}
			if (ev->wd != md->cur_watch || ev->len == 0)
				continue;
			info = strstr(ev->name, ":2,");
			if (info == NULL || strchr(info + 3, 'S') == NULL)
				md->cur_waiting = 1;
		}
	}
}

/* List the mail waiting in new/ and, if it may hold some, cur/. */
static int
source_maildir_scan(struct source_maildir *md, char **cause)
{
	static const char	*subdirs[] = { "new", "cur" };
	struct dirent		*de;
	DIR			*d;
	char			*dir, *info;
	size_t			 size = 0, in_new = 0;
	int			 i;

	source_maildir_forget(md);
	md->held = 0;
	if (md->notify != -1)
		source_maildir_events(md);
	else
		md->cur_waiting = 1;
	for (i = 0; i < 2; i++) {
		if (i == 1 && !md->cur_waiting)
			break;
		xasprintf(&dir, "%s/%s", md->path, subdirs[i]);
		if ((d = opendir(dir)) == NULL) {
			xasprintf(cause, "maildir %s: %s", dir,
			    strerror(errno));
			free(dir);
			return (-1);
		}
		free(dir);
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			info = strstr(de->d_name, ":2,");
			if (i == 1 && info != NULL && strchr(info + 3, 'S'))
				continue;
			if (md->npending == size) {
				size = size == 0 ? 64 : size * 2;
				md->pending = xreallocarray(md->pending, size,
				    sizeof *md->pending);
			}
			xasprintf(&md->pending[md->npending++], "%s/%s",
			    subdirs[i], de->d_name);
		}
		closedir(d);
		if (i == 0)
			in_new = md->npending;
		else
			md->cur_waiting = md->npending > in_new;
	}
	if (md->npending > 1) {
		qsort(md->pending, md->npending, sizeof *md->pending,
		    source_maildir_cmp);
	}
	return (0);
}

/*
 * Does the mail at key look whole?  before and after are the file
 * before and after it was read into m.
 */
static int
source_maildir_whole(struct source *s, const char *key,
    const struct stat *before, const struct stat *after,
    const struct source_mail *m)
{
	struct source_maildir	*md = s->state;
	long long		 now = s->now != 0 ? s->now : (long long)time(NULL);
	int			 young;

	if (before->st_size == 0 || after->st_size != before->st_size ||
	    after->st_mtim.tv_sec != before->st_mtim.tv_sec ||
	    after->st_mtim.tv_nsec != before->st_mtim.tv_nsec)
		goto hold;
	if (m->len > s->max)
		return (1);	/* refused as too large anyway */
	if ((off_t)m->len != after->st_size)
		goto hold;
	young = strncmp(key, "new/", 4) == 0 &&
	    now - (long long)after->st_mtime < SOURCE_MAILDIR_GRACE;
	if (young && (m->data[m->len - 1] != '\n' ||
	    (strstr(m->data, "\n\n") == NULL &&
	    strstr(m->data, "\r\n\r\n") == NULL)))
		goto hold;
	return (1);

hold:
	if (before->st_size != 0 || now - (long long)before->st_mtime <
	    SOURCE_MAILDIR_GRACE)
		md->held = 1;
	return (0);
}

/*
 * Read the mail at key: 1, 0 if it has gone meanwhile or does not
 * look whole yet (it is tried again next round), or -1.
 */
static int
source_maildir_read(struct source *s, const char *key,
    struct source_mail *m, char **cause)
{
	struct source_maildir	*md = s->state;
	struct stat		 before, after;
	char			*path;
	ssize_t			 n;
	size_t			 size = 8192;
	int			 fd;

	xasprintf(&path, "%s/%s", md->path, key);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		if (errno == ENOENT) {
			free(path);
			return (0);
		}
		xasprintf(cause, "maildir %s: %s", path, strerror(errno));
		free(path);
		return (-1);
	}
	free(path);
	if (fstat(fd, &before) == -1) {
		xasprintf(cause, "maildir %s/%s: %s", md->path, key,
		    strerror(errno));
		close(fd);
		return (-1);
	}
	m->data = xmalloc(size);
	m->len = 0;
	for (;;) {
		if (m->len == size)
			m->data = xreallocarray(m->data, size *= 2, 1);
		n = read(fd, m->data + m->len, size - m->len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 || (n == 0 && fstat(fd, &after) == -1)) {
			xasprintf(cause, "maildir %s/%s: %s", md->path, key,
			    strerror(errno));
			close(fd);
			source_mail_free(m);
			return (-1);
		}
		if (n == 0)
			break;
		if ((m->len += (size_t)n) > s->max) {
			if (fstat(fd, &after) == -1)
				after = before;
			break;
		}
	}
	close(fd);
	if (m->len > s->max + 1)
		m->len = s->max + 1;
	m->data = xreallocarray(m->data, m->len + 1, 1);
	m->data[m->len] = '\0';
	if (!source_maildir_whole(s, key, &before, &after, m)) {
		source_mail_free(m);
		return (0);
	}
	m->key = xstrdup(key);
	return (1);
}

static int
source_maildir_next(struct source *s, struct source_mail *m, char **cause)
{
	struct source_maildir	*md = s->state;
	int			 rc, scanned = 0;

	memset(m, 0, sizeof *m);
	for (;;) {
		if (md->next == md->npending) {
			if (scanned)
				return (0);
			if (source_maildir_scan(md, cause) == -1)
				return (-1);
			scanned = 1;
			continue;
		}
		rc = source_maildir_read(s, md->pending[md->next++], m, cause);
		if (rc != 0)
			return (rc);
	}
}

/* Move the mail into cur/ with the S flag. */
static int
source_maildir_ack(struct source *s, const struct source_mail *m,
    char **cause)
{
	struct source_maildir	*md = s->state;
	const char		*name = m->key + 4, *info;
	char			*from, *to, flags[64];
	size_t			 base, i, n = 0;

	flags[0] = '\0';
	info = strstr(name, ":2,");
	base = info != NULL ? (size_t)(info - name) : strlen(name);
	if (info != NULL) {
		for (i = 3; info[i] != '\0' && n + 2 < sizeof flags; i++) {
			if (info[i] == 'S')
				continue;
			/* Flags are kept in ASCII order, S among them. */
			if (info[i] > 'S' && strchr(flags, 'S') == NULL)
				flags[n++] = 'S';
			flags[n++] = info[i];
			flags[n] = '\0';
		}
	}
	flags[n] = '\0';
	if (strchr(flags, 'S') == NULL) {
		flags[n++] = 'S';
		flags[n] = '\0';
	}
	xasprintf(&from, "%s/%s", md->path, m->key);
	xasprintf(&to, "%s/cur/%.*s:2,%s", md->path, (int)base, name, flags);
	if (rename(from, to) == -1 && errno != ENOENT) {
		xasprintf(cause, "maildir %s: %s", from, strerror(errno));
		free(from);
		free(to);
		return (-1);
	}
	free(from);
	free(to);
	return (0);
}

/*
 * Move the mail into the .Poison Maildir++ folder (made if need be), in
 * new/ without its flags, so that a mail reader shows it unread.
 */
static const char *
source_maildir_aside(struct source *s, const struct source_mail *m,
    char **cause)
{
	struct source_maildir	*md = s->state;
	const char		*name = m->key + 4;
	char			*dir, *from, *to;
	int			 rc = 0;

	xasprintf(&dir, "%s/%s", md->path, MAILDIR_POISON);
	if (maildir_create(dir, "maildir", cause) == -1) {
		free(dir);
		return (NULL);
	}
	xasprintf(&from, "%s/%s", md->path, m->key);
	xasprintf(&to, "%s/new/%.*s", dir, (int)strcspn(name, ":"), name);
	if (rename(from, to) == -1 && errno != ENOENT) {
		xasprintf(cause, "maildir %s: %s", from, strerror(errno));
		rc = -1;
	}
	free(dir);
	free(from);
	free(to);
	return (rc == 0 ? MAILDIR_POISON "/new" : NULL);
}

/* Wait up to seconds for something to change in new/ or cur/. */
static int
source_maildir_wait(struct source *s, int seconds, char **cause)
{
	struct source_maildir	*md = s->state;
	struct pollfd		 pfd;

	if (md->held && seconds > SOURCE_MAILDIR_RECHECK)
		seconds = SOURCE_MAILDIR_RECHECK;
	if (md->notify == -1) {
		sleep((unsigned)seconds);
		return (0);
	}
	pfd.fd = md->notify;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, seconds * 1000) == -1 && errno != EINTR) {
		xasprintf(cause, "maildir %s: %s", md->path, strerror(errno));
		return (-1);
	}
	source_maildir_events(md);
	return (0);
}

static void
source_maildir_close(struct source *s)
{
	struct source_maildir	*md = s->state;

	if (md == NULL)
		return;
	source_maildir_forget(md);
	if (md->notify != -1)
		close(md->notify);
	free(md->path);
	free(md);
	s->state = NULL;
}
