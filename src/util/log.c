#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

/*
 * One line per message on standard error: "mupbemd: imap: INBOX uid
 * 412: no text part".  log_warn adds the errno text; debug messages
 * show only when asked for.  fatal and fatalx are for start-up failures
 * and impossible states only.  This is the daemon's one piece of
 * global state besides its signal flags.
 */

static const char	*log_name = "mupbem";
static int		 log_verbose;

static void	log_vline(const char *, const char *, va_list);

void
log_init(const char *name, int verbose)
{
	log_name = name;
	log_verbose = verbose;
}

static void
log_vline(const char *fmt, const char *tail, va_list ap)
{
	fprintf(stderr, "%s: ", log_name);
	vfprintf(stderr, fmt, ap);
	if (tail != NULL)
		fprintf(stderr, ": %s", tail);
	fputc('\n', stderr);
	fflush(stderr);
}

void
log_warn(const char *fmt, ...)
{
	va_list	ap;
	char	err[256];

	snprintf(err, sizeof err, "%s", strerror(errno));
	va_start(ap, fmt);
	log_vline(fmt, err, ap);
	va_end(ap);
}

void
log_warnx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vline(fmt, NULL, ap);
	va_end(ap);
}

void
log_info(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vline(fmt, NULL, ap);
	va_end(ap);
}

void
log_debug(const char *fmt, ...)
{
	va_list	ap;

	if (!log_verbose)
		return;
	va_start(ap, fmt);
	log_vline(fmt, NULL, ap);
	va_end(ap);
}

void
fatal(const char *fmt, ...)
{
	va_list	ap;
	char	err[256];

	snprintf(err, sizeof err, "%s", strerror(errno));
	va_start(ap, fmt);
	log_vline(fmt, err, ap);
	va_end(ap);
	exit(1);
}

void
fatalx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vline(fmt, NULL, ap);
	va_end(ap);
	exit(1);
}
