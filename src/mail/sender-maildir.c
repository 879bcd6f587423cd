#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sender.h"
#include "xmalloc.h"

/*
 * Sending into a Maildir: the outbox of the demo and of tests that
 * need no mail server.  Each mail is written to tmp/, synced and
 * renamed into new/ (the Maildir delivery protocol), so a reader never
 * sees half a mail.  The envelope goes in the file name's place only as
 * far as Maildir allows: the mail itself carries From and To.
 */

struct sender_maildir {
	char		*path;
	unsigned long	 count;
};

static int	sender_maildir_open(struct sender *,
		    const struct sender_config *, char **);
static int	sender_maildir_send(struct sender *, const char *,
		    const char *, const char *, size_t, char **);
static void	sender_maildir_close(struct sender *);

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
	static const char	*subdirs[] = { "", "/tmp", "/new", "/cur" };
	struct sender_maildir	*md;
	char			*dir;
	int			 i;

	if (c->path == NULL) {
		xasprintf(cause, "maildir sender: no outbox path");
		return (-1);
	}
	for (i = 0; i < 4; i++) {
		xasprintf(&dir, "%s%s", c->path, subdirs[i]);
		if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
			xasprintf(cause, "maildir sender %s: %s", dir,
			    strerror(errno));
			free(dir);
			return (-1);
		}
		free(dir);
	}
	md = xcalloc(1, sizeof *md);
	md->path = xstrdup(c->path);
	s->state = md;
	return (0);
}

static int
sender_maildir_send(struct sender *s, const char *from, const char *rcpt,
    const char *data, size_t len, char **cause)
{
	struct sender_maildir	*md = s->state;
	struct timespec		 ts;
	char			*tmp, *final, host[256];
	ssize_t			 n;
	size_t			 done = 0;
	int			 fd;

	clock_gettime(CLOCK_REALTIME, &ts);
	if (gethostname(host, sizeof host) == -1)
		snprintf(host, sizeof host, "localhost");
	host[sizeof host - 1] = '\0';
	xasprintf(&tmp, "%s/tmp/%lld.M%ldP%ldQ%lu.%s", md->path,
	    (long long)ts.tv_sec, ts.tv_nsec / 1000, (long)getpid(),
	    ++md->count, host);
	xasprintf(&final, "%s/new/%s", md->path, strrchr(tmp, '/') + 1);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
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
	if (rename(tmp, final) == -1)
		goto fail;
	free(tmp);
	free(final);
	return (0);

fail:
	xasprintf(cause, "maildir sender %s: %s", md->path, strerror(errno));
	if (fd != -1)
		close(fd);
	unlink(tmp);
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
