#include "config.h"

#include <sys/stat.h>
#include <sys/wait.h>

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sender.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Senders without a mail server: the Maildir outbox; the sendmail
 * sender's argument vector, input and exit statuses, with a small
 * program in sendmail's place; and SMTP's refusals and failures that
 * need no server (the real Postfix is in tests/mail-e2e.sh).
 */

static char	*dir;

static void	setup(void);
static void	teardown(void);
static char	*slurp(const char *);
static char	*fake(const char *);
static int	 files(const char *);

static void
setup(void)
{
	dir = test_util_tmpdir("sender");
}

static void
teardown(void)
{
	test_util_rmtree(dir);
	free(dir);
}

static char *
slurp(const char *path)
{
	FILE	*f;
	char	*s;
	long	 n;

	ck_assert_ptr_nonnull(f = fopen(path, "rb"));
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = xcalloc(1, (size_t)n + 1);
	ck_assert_int_eq(fread(s, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return (s);
}

/* A sendmail stand-in: records its arguments and input, exits code. */
static char *
fake(const char *code)
{
	char	*path;
	FILE	*f;

	xasprintf(&path, "%s/sendmail", dir);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fprintf(f, "#!/bin/sh\nprintf '%%s\\n' \"$@\" > '%s/args'\n"
	    "cat > '%s/input'\nexit %s\n", dir, dir, code);
	fclose(f);
	ck_assert_int_eq(chmod(path, 0755), 0);
	return (path);
}

/* How many files (not dot files) folder path holds. */
static int
files(const char *path)
{
	struct dirent	*de;
	DIR		*d;
	int		 n = 0;

	ck_assert_ptr_nonnull(d = opendir(path));
	while ((de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	closedir(d);
	return (n);
}

START_TEST(test_maildir)
{
	struct sender_config	 c;
	struct sender		*s;
	struct dirent		*de;
	DIR			*d;
	char			*out, *cause = NULL, *path, *text;
	int			 n = 0;

	memset(&c, 0, sizeof c);
	xasprintf(&out, "%s/outbox", dir);
	c.path = out;
	ck_assert_ptr_nonnull(s = sender_open(&sender_maildir_ops, &c,
	    &cause));
	ck_assert_int_eq(s->ops->send(s, "a@m", "games@m", "bob@x",
	    "Subject: a\n\nA\n", 14, &cause), 0);
	ck_assert_int_eq(s->ops->send(s, "b/c:d@m", "games@m", "bob@x",
	    "Subject: b\n\nB\n", 14, &cause), 0);
	/* The same mail again, after a crash: delivered once only. */
	ck_assert_int_eq(s->ops->send(s, "a@m", "games@m", "bob@x",
	    "Subject: a\n\nA\n", 14, &cause), 0);
	xasprintf(&path, "%s/new/mupbem.a@m", out);
	xasprintf(&text, "%s/cur/mupbem.a@m:2,S", out);
	ck_assert_int_eq(rename(path, text), 0);
	free(path);
	free(text);
	ck_assert_int_eq(s->ops->send(s, "a@m", "games@m", "bob@x",
	    "Subject: a\n\nA\n", 14, &cause), 0);
	xasprintf(&path, "%s/new", out);
	ck_assert_ptr_nonnull(d = opendir(path));
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		free(path);
		xasprintf(&path, "%s/new/%s", out, de->d_name);
		text = slurp(path);
		ck_assert_str_eq(text, "Subject: b\n\nB\n");
		free(text);
		n++;
	}
	closedir(d);
	ck_assert_int_eq(n, 1);
	free(path);
	xasprintf(&path, "%s/new/mupbem.b_c_d@m", out);
	text = slurp(path);
	ck_assert_str_eq(text, "Subject: b\n\nB\n");
	free(text);
	free(path);
	sender_close(s);
	free(out);
}
END_TEST

START_TEST(test_sendmail)
{
	struct sender_config	 c;
	struct sender		*s;
	char			*cause = NULL, *path, *text;
	static const char	 mail[] = "To: bob@x\nSubject: a\n\n.\nA\n";

	memset(&c, 0, sizeof c);
	c.path = fake("0");
	ck_assert_ptr_nonnull(s = sender_open(&sender_sendmail_ops, &c,
	    &cause));
	ck_assert_int_eq(s->ops->send(s, "id@m", "games@m", "bob@x", mail,
	    strlen(mail), &cause), 0);
	xasprintf(&path, "%s/args", dir);
	text = slurp(path);
	ck_assert_str_eq(text, "-t\n-i\n-f\ngames@m\n");
	free(text);
	free(path);
	xasprintf(&path, "%s/input", dir);
	text = slurp(path);
	ck_assert_str_eq(text, mail);
	free(text);
	free(path);
	sender_close(s);
	free((char *)c.path);

	c.path = fake("75");
	ck_assert_ptr_nonnull(s = sender_open(&sender_sendmail_ops, &c,
	    &cause));
	ck_assert_int_eq(s->ops->send(s, "id@m", "games@m", "bob@x", mail,
	    strlen(mail), &cause), SENDER_TEMPORARY);
	xasprintf(&text, "sendmail %s: exit status 75", c.path);
	ck_assert_str_eq(cause, text);
	free(text);
	free(cause);
	sender_close(s);
	free((char *)c.path);

	c.path = fake("67");
	ck_assert_ptr_nonnull(s = sender_open(&sender_sendmail_ops, &c,
	    &cause));
	ck_assert_int_eq(s->ops->send(s, "id@m", "games@m", "bob@x", mail,
	    strlen(mail), &cause), SENDER_PERMANENT);
	free(cause);
	sender_close(s);
	free((char *)c.path);
}
END_TEST

START_TEST(test_sendmail_missing)
{
	struct sender_config	 c;
	char			*cause = NULL;

	memset(&c, 0, sizeof c);
	c.path = "/no/such/sendmail";
	ck_assert_ptr_null(sender_open(&sender_sendmail_ops, &c, &cause));
	ck_assert_str_eq(cause, "sendmail /no/such/sendmail: No such file "
	    "or directory");
	free(cause);
}
END_TEST

/* No server on the port: a temporary failure, named. */
START_TEST(test_smtp_down)
{
	struct sender_config	 c;
	struct sender		*s;
	char			*cause = NULL;

	memset(&c, 0, sizeof c);
	c.url = "smtp://127.0.0.1:1";
	c.starttls = 1;
	c.timeout = 5;
	ck_assert_ptr_nonnull(s = sender_open(&sender_smtp_ops, &c, &cause));
	ck_assert_int_eq(s->ops->send(s, "id@m", "games@m", "bob@x", "Subject: a\n\n",
	    12, &cause), SENDER_TEMPORARY);
	ck_assert_msg(strncmp(cause, "smtp smtp://127.0.0.1:1: Couldn't "
	    "connect to server", 51) == 0, "%s", cause);
	free(cause);
	sender_close(s);
	c.url = "smtp://:99999";
	ck_assert_ptr_null(sender_open(&sender_smtp_ops, &c, &cause));
	ck_assert_str_eq(cause, "smtp: 'smtp://:99999' is not a usable URL "
	    "(a host, and a port from 1 to 65535 if any)");
	free(cause);
	c.url = "smtp://host:99999";
	ck_assert_ptr_null(sender_open(&sender_smtp_ops, &c, &cause));
	free(cause);
	c.url = "http://127.0.0.1/";
	ck_assert_ptr_null(sender_open(&sender_smtp_ops, &c, &cause));
	ck_assert_str_eq(cause, "smtp: the URL must start with smtp:// or "
	    "smtps://, not 'http://127.0.0.1/'");
	free(cause);
	ck_assert_ptr_eq(sender_find("smtp"), &sender_smtp_ops);
	ck_assert_ptr_eq(sender_find("sendmail"), &sender_sendmail_ops);
	ck_assert_ptr_eq(sender_find("maildir"), &sender_maildir_ops);
	ck_assert_ptr_null(sender_find("uucp"));
}
END_TEST

/*
 * The last guard: every sender refuses, for good, an envelope whose
 * sender or recipient is not an address, before a byte of it reaches
 * a server, a program or a file.
 */
START_TEST(test_guard)
{
	static const char	*bad[] = { "victim@x\r\nRSET",
	    "victim@x\r\nRCPT TO:<other@y>", "a@b@c", "root", "\"a b\"@x",
	    "" };
	static const char	 mail[] = "To: bob@x\nSubject: a\n\nA\n";
	const struct sender_ops	*ops[] = { &sender_smtp_ops,
	    &sender_sendmail_ops, &sender_maildir_ops };
	struct sender_config	 c;
	struct sender		*s;
	struct stat		 sb;
	char			*cause = NULL, *path, *out;
	size_t			 i, j;

	memset(&c, 0, sizeof c);
	c.url = "smtp://127.0.0.1:1";
	c.timeout = 5;
	xasprintf(&out, "%s/outbox", dir);
	xasprintf(&path, "%s/args", dir);
	for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		c.path = ops[i] == &sender_maildir_ops ? out : fake("0");
		ck_assert_ptr_nonnull(s = sender_open(ops[i], &c, &cause));
		for (j = 0; j < sizeof bad / sizeof bad[0]; j++) {
			ck_assert_int_eq(s->ops->send(s, "id@m", "games@m",
			    bad[j], mail, strlen(mail), &cause),
			    SENDER_PERMANENT);
			ck_assert_str_eq(cause, "the recipient is not an "
			    "address; not sent");
			free(cause);
			ck_assert_int_eq(s->ops->send(s, "id@m", bad[j],
			    "bob@x", mail, strlen(mail), &cause),
			    SENDER_PERMANENT);
			ck_assert_str_eq(cause, "the sender is not an "
			    "address; not sent");
			free(cause);
		}
		/* sendmail never ran. */
		ck_assert_int_eq(stat(path, &sb), -1);
		sender_close(s);
		if (c.path != out)
			free((char *)c.path);
	}
	free(path);
	xasprintf(&path, "%s/new", out);
	ck_assert_int_eq(files(path), 0);
	free(path);
	free(out);
}
END_TEST

/*
 * A daemon killed while it wrote a mail into the outbox's tmp/ leaves
 * half a mail there: the next start removes it, and nothing else.
 */
START_TEST(test_maildir_clean)
{
	struct sender_config	 c;
	struct sender		*s;
	char			*out, *dead, *live, *other, *cause = NULL;
	pid_t			 pid;
	FILE			*f;

	memset(&c, 0, sizeof c);
	xasprintf(&out, "%s/outbox", dir);
	c.path = out;
	ck_assert_ptr_nonnull(s = sender_open(&sender_maildir_ops, &c,
	    &cause));
	sender_close(s);
	if ((pid = fork()) == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
	xasprintf(&dead, "%s/tmp/mupbem.1.2.3@m.%ld", out, (long)pid);
	xasprintf(&live, "%s/tmp/mupbem.4.5.6@m.%ld", out, (long)getpid());
	xasprintf(&other, "%s/tmp/1795000000.M1.host", out);
	ck_assert_ptr_nonnull(f = fopen(dead, "w"));
	fputs("From: games@m\nTo: bo", f);
	fclose(f);
	ck_assert_ptr_nonnull(f = fopen(live, "w"));
	fclose(f);
	ck_assert_ptr_nonnull(f = fopen(other, "w"));
	fclose(f);
	ck_assert_ptr_nonnull(s = sender_open(&sender_maildir_ops, &c,
	    &cause));
	ck_assert_int_eq(access(dead, F_OK), -1);
	ck_assert_int_eq(access(live, F_OK), 0);
	ck_assert_int_eq(access(other, F_OK), 0);
	sender_close(s);
	free(dead);
	free(live);
	free(other);
	free(out);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("sender");
	TCase	*tc = tcase_create("sender");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_maildir);
	tcase_add_test(tc, test_sendmail);
	tcase_add_test(tc, test_sendmail_missing);
	tcase_add_test(tc, test_smtp_down);
	tcase_add_test(tc, test_guard);
	tcase_add_test(tc, test_maildir_clean);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
