#include "config.h"

#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-mail.h"
#include "bench.h"
#include "message.h"
#include "source.h"
#include "xmalloc.h"

/*
 * The mail benchmark fills a fresh Maildir with N mails, taken in turn
 * from the .eml files of a corpus directory (tests/data/mail), then
 * times the daemon's first steps for each: take it from the Maildir
 * source, parse it into a struct message, and acknowledge it.  It
 * prints figures and checks nothing.
 */

static char	**bench_mail_corpus(const char *, size_t *);
static void	  bench_mail_fill(const char *, char **, size_t, long);

/* Read every .eml file of dir; returns them, and how many in *n. */
static char **
bench_mail_corpus(const char *dir, size_t *n)
{
	struct dirent	 *de;
	DIR		 *d;
	FILE		 *f;
	char		**mails = NULL, *path;
	size_t		  len;
	long		  size;

	*n = 0;
	if ((d = opendir(dir)) == NULL)
		return (NULL);
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len < 5 || strcmp(de->d_name + len - 4, ".eml") != 0)
			continue;
		xasprintf(&path, "%s/%s", dir, de->d_name);
		f = fopen(path, "rb");
		free(path);
		if (f == NULL)
			continue;
		fseek(f, 0, SEEK_END);
		size = ftell(f);
		fseek(f, 0, SEEK_SET);
		mails = xreallocarray(mails, *n + 1, sizeof *mails);
		mails[*n] = xcalloc(1, (size_t)size + 1);
		if (fread(mails[*n], 1, (size_t)size, f) == (size_t)size)
			(*n)++;
		else
			free(mails[*n]);
		fclose(f);
	}
	closedir(d);
	return (mails);
}

/* Deliver count mails to maildir new/, cycling through mails[n]. */
static void
bench_mail_fill(const char *maildir, char **mails, size_t n, long count)
{
	FILE	*f;
	char	*path;
	long	 i;

	for (i = 0; i < count; i++) {
		xasprintf(&path, "%s/new/%010ld.M%ld.bench", maildir, i, i);
		if ((f = fopen(path, "wb")) == NULL)
			abort();
		fputs(mails[(size_t)i % n], f);
		fclose(f);
		free(path);
	}
}

/* mupbem-bench mail [--messages N] CORPUS-DIR */
int
bench_mail_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "messages", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};
	struct source_config	 sc;
	struct source		*s;
	struct source_mail	 mail;
	struct message		 m;
	char			**mails, tmpl[] = "/tmp/mupbem-bench-XXXXXX";
	char			 *maildir, *cause = NULL, *cmd;
	double			  t, total;
	size_t			  n, i, bytes = 0;
	long			  count = 20000, done = 0, human = 0;
	int			  ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (ch != 'n')
			return (-1);
		if (bench_number("messages", optarg, 1, 10000000,
		    &count) == -1)
			return (1);
	}
	if (optind != argc - 1)
		return (-1);
	if ((mails = bench_mail_corpus(argv[optind], &n)) == NULL ||
	    n == 0) {
		fprintf(stderr, "mupbem-bench: mail: %s: no .eml files\n",
		    argv[optind]);
		return (1);
	}
	if (mkdtemp(tmpl) == NULL)
		abort();
	xasprintf(&maildir, "%s/Maildir", tmpl);
	memset(&sc, 0, sizeof sc);
	sc.where = maildir;
	sc.max = MESSAGE_LIMIT;
	if ((s = source_open(&source_maildir_ops, &sc, &cause)) == NULL)
		abort();
	bench_mail_fill(maildir, mails, n, count);

	t = bench_now();
	while (s->ops->next(s, &mail, &cause) == 1) {
		if (message_parse(mail.data, mail.len, MESSAGE_LIMIT, &m,
		    &cause) == 0) {
			human += m.automatic == MESSAGE_HUMAN;
			message_free(&m);
		}
		if (s->ops->ack(s, &mail, &cause) == -1)
			abort();
		bytes += mail.len;
		done++;
		source_mail_free(&mail);
	}
	total = bench_now() - t;

	printf("%ld mails (%zu corpus files, %zu bytes) read from a Maildir, "
	    "parsed and acknowledged in %.3f s\n", done, n, bytes, total);
	printf("  %12.0f mails/s\n  %12.1f MB/s\n  %12.1f us per mail\n"
	    "  %ld of them may be answered\n", done / total,
	    bytes / total / 1e6, total * 1e6 / done, human);
	source_close(s);
	xasprintf(&cmd, "rm -rf '%s'", tmpl);
	if (system(cmd) != 0)
		fprintf(stderr, "mupbem-bench: mail: could not remove %s\n",
		    tmpl);
	free(cmd);
	free(maildir);
	for (i = 0; i < n; i++)
		free(mails[i]);
	free(mails);
	return (0);
}
