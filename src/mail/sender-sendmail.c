#include "config.h"

#include <sys/socket.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "sender.h"
#include "xmalloc.h"

/*
 * Sending through the local sendmail program (Postfix's, Exim's, ...):
 * "sendmail -t -i -f SENDER", the argument vector built here and run
 * with execv, never through a shell, and the mail written to its
 * standard input.  Its exit status says what happened, as sysexits.h
 * defines: 0 sent; usage, data and address errors are permanent; the
 * rest (EX_TEMPFAIL above all, or a crash) are temporary.
 *
 * The mail goes through a socket pair rather than a pipe, so that a
 * sendmail that stops reading makes send() fail with EPIPE instead of
 * killing the daemon with SIGPIPE.  With -t the recipients are the
 * mail's own To and Cc, so the envelope recipient is not passed.
 */

#define SENDER_SENDMAIL_PATH	"/usr/sbin/sendmail"

struct sender_sendmail {
	char	*path;
};

static int	sender_sendmail_open(struct sender *,
		    const struct sender_config *, char **);
static int	sender_sendmail_send(struct sender *, const char *,
		    const char *, const char *, const char *, size_t, char **);
static void	sender_sendmail_close(struct sender *);
static int	sender_sendmail_status(const char *, int, char **);

const struct sender_ops sender_sendmail_ops = {
	"sendmail",
	sender_sendmail_open,
	sender_sendmail_send,
	sender_sendmail_close,
	NULL
};

static int
sender_sendmail_open(struct sender *s, const struct sender_config *c,
    char **cause)
{
	struct sender_sendmail	*sm;
	const char		*path;

	path = c->path != NULL ? c->path : SENDER_SENDMAIL_PATH;
	if (access(path, X_OK) == -1) {
		xasprintf(cause, "sendmail %s: %s", path, strerror(errno));
		return (-1);
	}
	sm = xcalloc(1, sizeof *sm);
	sm->path = xstrdup(path);
	s->state = sm;
	return (0);
}

/* What an exit status means for the mail. */
static int
sender_sendmail_status(const char *path, int status, char **cause)
{
	int	code;

	if (WIFSIGNALED(status)) {
		xasprintf(cause, "sendmail %s: killed by signal %d", path,
		    WTERMSIG(status));
		return (SENDER_TEMPORARY);
	}
	if ((code = WEXITSTATUS(status)) == 0)
		return (0);
	xasprintf(cause, "sendmail %s: exit status %d", path, code);
	switch (code) {
	case EX_USAGE:
	case EX_DATAERR:
	case EX_NOUSER:
	case EX_NOHOST:
	case EX_NOPERM:
		return (SENDER_PERMANENT);
	default:
		return (SENDER_TEMPORARY);
	}
}

static int
sender_sendmail_send(struct sender *s, const char *message_id,
    const char *from, const char *rcpt,
    const char *data, size_t len, char **cause)
{
	struct sender_sendmail	*sm = s->state;
	char			*argv[6];
	ssize_t			 n;
	size_t			 done = 0;
	pid_t			 pid;
	int			 sv[2], null, status;

	if (sender_check(from, rcpt, cause) != 0)
		return (SENDER_PERMANENT);
	argv[0] = (char *)"sendmail";
	argv[1] = (char *)"-t";
	argv[2] = (char *)"-i";
	argv[3] = (char *)"-f";
	argv[4] = (char *)from;
	argv[5] = NULL;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1) {
		xasprintf(cause, "sendmail: socketpair: %s", strerror(errno));
		return (SENDER_TEMPORARY);
	}
	switch (pid = fork()) {
	case -1:
		xasprintf(cause, "sendmail: fork: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return (SENDER_TEMPORARY);
	case 0:
		null = open("/dev/null", O_WRONLY);
		if (dup2(sv[1], STDIN_FILENO) == -1 || null == -1 ||
		    dup2(null, STDOUT_FILENO) == -1)
			_exit(EX_OSERR);
		execv(sm->path, argv);
		_exit(EX_OSERR);
	}
	close(sv[1]);
	while (done < len) {
		n = send(sv[0], data + done, len - done, MSG_NOSIGNAL);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			break;
		done += (size_t)n;
	}
	close(sv[0]);
	while (waitpid(pid, &status, 0) == -1) {
		if (errno != EINTR) {
			xasprintf(cause, "sendmail: waitpid: %s",
			    strerror(errno));
			return (SENDER_TEMPORARY);
		}
	}
	if (done < len && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		xasprintf(cause, "sendmail %s: stopped reading the mail",
		    sm->path);
		return (SENDER_TEMPORARY);
	}
	return (sender_sendmail_status(sm->path, status, cause));
}

static void
sender_sendmail_close(struct sender *s)
{
	struct sender_sendmail	*sm = s->state;

	if (sm == NULL)
		return;
	free(sm->path);
	free(sm);
}
