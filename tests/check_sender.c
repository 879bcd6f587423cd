#include "config.h"

#include <sys/stat.h>

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

int
main(void)
{
	Suite	*s = suite_create("sender");
	TCase	*tc = tcase_create("sender");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_maildir);
	tcase_add_test(tc, test_sendmail);
	tcase_add_test(tc, test_sendmail_missing);
	tcase_add_test(tc, test_smtp_down);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
