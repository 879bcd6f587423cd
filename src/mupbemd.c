#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "config-file.h"
#include "db.h"
#include "log.h"
#include "mailloop.h"
#include "sender.h"
#include "service.h"
#include "source.h"
#include "store.h"
#include "xmalloc.h"

/*
 * mupbemd: the daemon.  It reads its configuration (or uses the
 * built-in defaults: ./Maildir in, ./outbox out, ./mupbem.db), opens
 * the store, the mail source and the sender, and runs the mail loop
 * until SIGTERM or SIGINT, always in the foreground (-f is accepted
 * for systemd units that say it).  -n checks the configuration and
 * exits; -v (or -d) logs more; -1 (--once) takes the mail there is,
 * sends the outbox and exits, 1 if taking mail failed, the IMAP server
 * not reached included; --deliver handles the one mail on stdin
 * (for .forward, procmail or a Postfix pipe) and exits 0, or 75 (the
 * MTA will try again) if it could not record it.  A reply it cannot
 * send at once waits in the outbox for the daemon.
 */

static volatile sig_atomic_t	mupbemd_stop;	/* SIGTERM, SIGINT */
static volatile sig_atomic_t	mupbemd_hup;	/* SIGHUP */
static volatile sig_atomic_t	mupbemd_wake;	/* either */

static double	mupbemd_ms(void);
static void	mupbemd_signal(int);
static int	mupbemd_usage(void);
static struct sender *mupbemd_sender(const struct config_file *);
static int	mupbemd_deliver(struct mailloop *);
static struct source *mupbemd_source(const struct config_file *);
static void	mupbemd_reload(struct mailloop *, struct config_file *,
		    const char *);

/* Milliseconds on the monotonic clock, for -v's timings. */
static double
mupbemd_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}

static void
mupbemd_signal(int sig)
{
	if (sig == SIGHUP)
		mupbemd_hup = 1;
	else
		mupbemd_stop = 1;
	mupbemd_wake = 1;
}

static int
mupbemd_usage(void)
{
	fprintf(stderr, "usage: mupbemd [-fnv1] [-c FILE] [--once | "
	    "--deliver]\n");
	return (EX_USAGE);
}

static struct sender *
mupbemd_sender(const struct config_file *c)
{
	struct sender_config	 sc;
	struct sender		*s;
	char			*cause = NULL;

	memset(&sc, 0, sizeof sc);
	sc.url = c->smtp_url;
	sc.user = c->smtp_user;
	sc.password = c->smtp_password;
	sc.starttls = c->smtp_starttls;
	sc.ca_file = c->smtp_ca_file;
	sc.insecure = c->smtp_insecure;
	sc.timeout = (int)c->timeout;
	if (strcmp(c->sender, "sendmail") == 0)
		sc.path = c->sendmail;
	else if (strcmp(c->sender, "maildir") == 0)
		sc.path = c->outbox;
	if ((s = sender_open(sender_find(c->sender), &sc, &cause)) == NULL) {
		log_warnx("%s", cause);
		free(cause);
	}
	return (s);
}

static struct source *
mupbemd_source(const struct config_file *c)
{
	struct source_config	 sc;
	struct source		*s;
	char			*cause = NULL;

	memset(&sc, 0, sizeof sc);
	sc.where = strcmp(c->source, "maildir") == 0 ? c->maildir :
	    c->imap_url;
	sc.max = (size_t)c->max_size;
	sc.user = c->imap_user;
	sc.password = c->imap_password;
	sc.ca_file = c->imap_ca_file;
	sc.insecure = c->imap_insecure;
	sc.idle = c->imap_idle;
	sc.done = c->imap_done;
	sc.timeout = (int)c->timeout;
	if ((s = source_open(source_find(c->source), &sc, &cause)) == NULL) {
		log_warnx("%s", cause);
		free(cause);
	}
	return (s);
}

/*
 * SIGHUP: read the configuration and the templates again and reopen
 * the mailbox and the sender.  If the new file or a template is wrong,
 * or they cannot open, everything stays as it was.  The database is
 * kept: changing it needs a restart.
 */
static void
mupbemd_reload(struct mailloop *ml, struct config_file *c, const char *path)
{
	struct config_file	 fresh;
	struct source		*source;
	struct sender		*sender;
	char			*cause = NULL;

	if (path == NULL) {
		log_info("reload: no configuration file to read");
		return;
	}
	config_file_defaults(&fresh);
	if (config_file_load(&fresh, path, &cause) == -1) {
		log_warnx("reload: %s; keeping the running configuration",
		    cause);
		free(cause);
		config_file_free(&fresh);
		return;
	}
	if (service_reload(ml->arg, &fresh, &cause) == -1) {
		log_warnx("reload: %s; keeping the running configuration",
		    cause);
		free(cause);
		config_file_free(&fresh);
		return;
	}
	if ((source = mupbemd_source(&fresh)) == NULL ||
	    (sender = mupbemd_sender(&fresh)) == NULL) {
		log_warnx("reload: keeping the running configuration");
		source_close(source);
		service_reload(ml->arg, c, &cause);
		config_file_free(&fresh);
		return;
	}
	if (strcmp(fresh.store, c->store) != 0)
		log_warnx("reload: the database changes only on a restart");
	source_close(ml->source);
	sender_close(ml->sender);
	ml->source = source;
	ml->sender = sender;
	free(fresh.store);
	fresh.store = xstrdup(c->store);
	config_file_free(c);
	*c = fresh;
	if (service_reload(ml->arg, c, &cause) == -1) {
		/* Cannot happen: the same templates loaded a moment ago. */
		log_warnx("reload: %s", cause);
		free(cause);
	}
	log_info("reload: %s read again", path);
}

/* Handle the one mail on standard input; the exit status for the MTA. */
static int
mupbemd_deliver(struct mailloop *ml)
{
	struct buf	 in;
	char		 chunk[65536], *cause = NULL;
	long long	 next;
	size_t		 n;

	buf_init(&in);
	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
		if (in.len <= (size_t)ml->config->max_size)
			buf_add(&in, chunk, n);
	}
	if (ferror(stdin)) {
		log_warn("deliver: standard input");
		buf_free(&in);
		return (EX_TEMPFAIL);
	}
	if (in.len == 0) {
		log_warnx("deliver: standard input is empty");
		return (EX_DATAERR);
	}
	if (mailloop_handle(ml, in.data, in.len, "stdin", &cause) == -1) {
		log_warnx("deliver: %s", cause);
		free(cause);
		buf_free(&in);
		return (EX_TEMPFAIL);
	}
	buf_free(&in);
	/* Recorded: the daemon sends the reply if this process cannot. */
	if (ml->sender != NULL)
		mailloop_send(ml, mailloop_now(), &next);
	mailloop_after_round(ml);
	mailloop_clear(ml);
	return (EX_OK);
}

int
main(int argc, char **argv)
{
	static const struct option	 longopts[] = {
		{ "once", no_argument, NULL, 'o' },
		{ "deliver", no_argument, NULL, 'D' },
		{ NULL, 0, NULL, 0 }
	};
	struct config_file		 c;
	struct mailloop			 ml;
	struct service			*sv = NULL;
	struct sigaction		 sa;
	const char			*path = NULL;
	char				*cause = NULL, *shown;
	long long			 next;
	int				 ch, debug = 0, once = 0, deliver = 0;
	int				 check = 0;
	int				 rc = 0, n, took, gone, ticked;
	double				 t0, t1, t2;

	while ((ch = getopt_long(argc, argv, "c:dfnv1", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'c':
			path = optarg;
			break;
		case 'd':
		case 'v':
			debug = 1;
			break;
		case 'f':
			/* Always in the foreground, logging to stderr. */
			break;
		case 'n':
			check = 1;
			break;
		case 'o':
		case '1':
			once = 1;
			break;
		case 'D':
			deliver = 1;
			break;
		default:
			return (mupbemd_usage());
		}
	}
	if (optind != argc || (once && deliver))
		return (mupbemd_usage());
	log_init("mupbemd", debug);
	if (mailloop_now_check(&cause) == -1) {
		log_warnx("%s", cause);
		free(cause);
		return (deliver ? EX_TEMPFAIL : EX_CONFIG);
	}
	config_file_defaults(&c);
	if (path != NULL && config_file_load(&c, path, &cause) == -1) {
		log_warnx("%s", cause);
		free(cause);
		config_file_free(&c);
		return (deliver ? EX_TEMPFAIL : EX_CONFIG);
	}
	if (check) {
		if ((sv = service_create(&c, NULL, &cause)) == NULL) {
			log_warnx("%s", cause);
			free(cause);
			config_file_free(&c);
			return (EX_CONFIG);
		}
		service_free(sv);
		log_info("%s: the configuration is good", path != NULL ? path :
		    "built-in defaults");
		config_file_free(&c);
		return (EX_OK);
	}

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = mupbemd_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	memset(&ml, 0, sizeof ml);
	ml.config = &c;
	ml.handle = service_handle;
	ml.tick = service_tick;
	ml.after = service_after;
	/* Only a file can be checked; a server says when it connects. */
	if ((db_kind_of(c.store) == DB_SQLITE &&
	    store_writable(c.store, &cause) == -1) ||
	    (ml.store = store_open(c.store, &cause)) == NULL) {
		log_warnx("%s", cause);
		free(cause);
		config_file_free(&c);
		return (deliver ? EX_TEMPFAIL : EX_UNAVAILABLE);
	}
	if ((sv = service_create(&c, ml.store, &cause)) == NULL) {
		log_warnx("%s", cause);
		free(cause);
		store_close(ml.store);
		config_file_free(&c);
		return (deliver ? EX_TEMPFAIL : EX_CONFIG);
	}
	ml.arg = sv;
	service_robots_inline(sv, once || deliver);
	if ((n = store_release(ml.store, mailloop_now(), &cause)) > 0)
		log_info("outbox: %d replies left by a process that died are "
		    "due again", n);
	else if (n == -1) {
		log_warnx("%s", cause);
		free(cause);
		cause = NULL;
	}
	ml.sender = mupbemd_sender(&c);
	if (ml.sender == NULL && !deliver) {
		service_free(sv);
		store_close(ml.store);
		config_file_free(&c);
		return (EX_CONFIG);
	}
	if (deliver) {
		rc = mupbemd_deliver(&ml);
		goto out;
	}
	if ((ml.source = mupbemd_source(&c)) == NULL) {
		sender_close(ml.sender);
		service_free(sv);
		store_close(ml.store);
		config_file_free(&c);
		return (EX_CONFIG);
	}
	shown = db_shown(c.store);
	log_info("started: mail from %s %s, replies by %s, store %s",
	    c.source, strcmp(c.source, "maildir") == 0 ? c.maildir :
	    c.imap_url, c.sender, shown);
	free(shown);
	if (once) {
		t0 = mupbemd_ms();
		if ((took = mailloop_take_all(&ml, &cause)) == -1) {
			if (cause != NULL)
				log_warnx("%s", cause);
			free(cause);
			rc = 1;
		}
		if (ml.source->failed) {
			/* The source logged why; a cron job must see it. */
			log_warnx("once: the mailbox could not be read; "
			    "exit status 1");
			rc = 1;
		}
		t1 = mupbemd_ms();
		if ((ticked = mailloop_tick(&ml, mailloop_now(), &next)) == -1)
			rc = 1;
		t2 = mupbemd_ms();
		gone = mailloop_send(&ml, mailloop_now(), &next);
		mailloop_after_round(&ml);
		log_debug("once: %d mails taken in %.1f ms, %d due events in "
		    "%.1f ms, %d replies sent in %.1f ms", took, t1 - t0, ticked,
		    t2 - t1, gone, mupbemd_ms() - t2);
	} else {
		ml.stop = &mupbemd_stop;
		for (;;) {
			mailloop_run(&ml, &mupbemd_wake);
			if (mupbemd_stop)
				break;
			mupbemd_wake = mupbemd_hup = 0;
			mupbemd_reload(&ml, &c, path);
		}
	}
	log_info("stopped: %ld mails handled, %ld seen before, %ld replies "
	    "queued, %ld sent, %ld set aside", ml.taken, ml.duplicates,
	    ml.replied, ml.sent, ml.aside);
	mailloop_clear(&ml);
	source_close(ml.source);

out:
	sender_close(ml.sender);
	service_free(sv);
	store_close(ml.store);
	config_file_free(&c);
	return (rc);
}
