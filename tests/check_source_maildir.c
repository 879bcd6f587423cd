#include "config.h"

#include <sys/stat.h>

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "source.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The Maildir source on a real directory: delivery order, the S flag
 * only on acknowledgement, mail in cur/ without S, files that vanish or
 * arrive meanwhile, the size cut, waking on delivery, and files in new/
 * still being written (empty, half a mail) held back until whole or
 * older than the grace period by the source's clock.
 */

static char	*top, *dir;

static void	setup(void);
static void	teardown(void);
static void	deliver(const char *, const char *, const char *);
static int	exists(const char *);
static time_t	write_new(const char *, const char *, const char *);
static struct source *maildir(const char *, size_t, char **);

static struct source *
maildir(const char *where, size_t max, char **cause)
{
	struct source_config	c;

	memset(&c, 0, sizeof c);
	c.where = where;
	c.max = max;
	return (source_open(&source_maildir_ops, &c, cause));
}

static void
setup(void)
{
	top = test_util_tmpdir("maildir");
	xasprintf(&dir, "%s/Maildir", top);
}

static void
teardown(void)
{
	test_util_rmtree(top);
	free(top);
	free(dir);
}

/* Deliver text as sub/name, through tmp/ as the Maildir rules say. */
static void
deliver(const char *sub, const char *name, const char *text)
{
	char	*tmp, *final;
	FILE	*f;

	xasprintf(&tmp, "%s/tmp/%s", dir, name);
	xasprintf(&final, "%s/%s/%s", dir, sub, name);
	ck_assert_ptr_nonnull(f = fopen(tmp, "w"));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(rename(tmp, final), 0);
	free(tmp);
	free(final);
}

/*
 * Write text straight into new/name, as a careless program does, with
 * mode for fopen(); the file's mtime.
 */
static time_t
write_new(const char *name, const char *mode, const char *text)
{
	struct stat	 sb;
	char		*path;
	FILE		*f;

	xasprintf(&path, "%s/new/%s", dir, name);
	ck_assert_ptr_nonnull(f = fopen(path, mode));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(stat(path, &sb), 0);
	free(path);
	return (sb.st_mtime);
}

static int
exists(const char *rel)
{
	struct stat	 sb;
	char		*path;
	int		 rc;

	xasprintf(&path, "%s/%s", dir, rel);
	rc = stat(path, &sb) == 0;
	free(path);
	return (rc);
}

START_TEST(test_order_and_ack)
{
	struct source		*s;
	struct source_mail	 m;
	char			*cause = NULL;

	ck_assert_ptr_nonnull(s = maildir(dir, 1000, &cause));
	ck_assert(exists("tmp") && exists("new") && exists("cur"));
	deliver("new", "1700000002.M2.host", "Subject: two\n\nB\n");
	deliver("new", "1700000001.M1.host", "Subject: one\n\nA\n");
	deliver("cur", "1700000003.M3.host:2,F", "Subject: three\n\nC\n");
	deliver("cur", "1700000000.M0.host:2,S", "Subject: done\n\nX\n");

	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "new/1700000001.M1.host");
	ck_assert_str_eq(m.data, "Subject: one\n\nA\n");
	ck_assert_int_eq(s->ops->ack(s, &m, &cause), 0);
	ck_assert(!exists("new/1700000001.M1.host"));
	ck_assert(exists("cur/1700000001.M1.host:2,S"));
	source_mail_free(&m);

	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "new/1700000002.M2.host");
	source_mail_free(&m);	/* not acknowledged: comes back */

	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "cur/1700000003.M3.host:2,F");
	ck_assert_int_eq(s->ops->ack(s, &m, &cause), 0);
	ck_assert(exists("cur/1700000003.M3.host:2,FS"));
	source_mail_free(&m);

	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "new/1700000002.M2.host");
	ck_assert_int_eq(s->ops->ack(s, &m, &cause), 0);
	source_mail_free(&m);
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 0);
	source_close(s);
}
END_TEST

/* Flags stay in ASCII order when S joins them. */
START_TEST(test_flags)
{
	struct source		*s;
	struct source_mail	 m;
	char			*cause = NULL;

	ck_assert_ptr_nonnull(s = maildir(dir, 1000, &cause));
	deliver("cur", "1.M1.h:2,RT", "Subject: a\n\nA\n");
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_int_eq(s->ops->ack(s, &m, &cause), 0);
	ck_assert(exists("cur/1.M1.h:2,RST"));
	source_mail_free(&m);
	source_close(s);
}
END_TEST

/* A file taken away by another program is passed over, not an error. */
START_TEST(test_vanished)
{
	struct source		*s;
	struct source_mail	 m;
	char			*cause = NULL, *path;

	ck_assert_ptr_nonnull(s = maildir(dir, 1000, &cause));
	deliver("new", "1.M1.h", "Subject: a\n\nA\n");
	deliver("new", "2.M2.h", "Subject: b\n\nB\n");
	deliver("new", "3.M3.h", "Subject: c\n\nC\n");
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "new/1.M1.h");
	/* Another reader moves 2 away; 4 arrives during our batch. */
	xasprintf(&path, "%s/new/2.M2.h", dir);
	ck_assert_int_eq(unlink(path), 0);
	free(path);
	deliver("new", "4.M4.h", "Subject: d\n\nD\n");
	ck_assert_int_eq(s->ops->ack(s, &m, &cause), 0);
	/* Acknowledging a mail someone else moved is not an error. */
	ck_assert_int_eq(s->ops->ack(s, &m, &cause), 0);
	source_mail_free(&m);
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "new/3.M3.h");
	ck_assert_int_eq(s->ops->ack(s, &m, &cause), 0);
	source_mail_free(&m);
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "new/4.M4.h");
	source_mail_free(&m);
	source_close(s);
}
END_TEST

/* Mail longer than the limit is cut just past it. */
START_TEST(test_cut)
{
	struct source		*s;
	struct source_mail	 m;
	char			*cause = NULL, big[40000];

	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	memcpy(big, "Subject: big\n\n", 14);
	ck_assert_ptr_nonnull(s = maildir(dir, 20000, &cause));
	deliver("new", "1.M1.h", big);
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_uint_eq(m.len, 20001);
	ck_assert_uint_eq(strlen(m.data), 20001);
	source_mail_free(&m);
	source_close(s);
}
END_TEST

/* A delivery wakes a waiting source at once. */
START_TEST(test_wait)
{
	struct source	*s;
	struct timespec	 a, b;
	char		*cause = NULL;
	pid_t		 pid;

	ck_assert_ptr_nonnull(s = maildir(dir, 1000, &cause));
	if ((pid = fork()) == 0) {
		usleep(200000);
		deliver("new", "1.M1.h", "Subject: a\n\nA\n");
		_exit(0);
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	ck_assert_int_eq(s->ops->wait(s, 10, &cause), 0);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ck_assert_int_lt(b.tv_sec - a.tv_sec, 5);
	ck_assert(exists("new/1.M1.h"));
	source_close(s);
}
END_TEST

/* An empty file is left for the next round, then read once written. */
START_TEST(test_empty_then_written)
{
	struct source		*s;
	struct source_mail	 m;
	char			*cause = NULL;
	time_t			 t;

	ck_assert_ptr_nonnull(s = maildir(dir, 1000, &cause));
	t = write_new("1.M1.h", "w", "");
	s->now = (long long)t;
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 0);
	ck_assert(exists("new/1.M1.h"));
	/* Empty long after it was made: still never handed out. */
	s->now = (long long)t + 3600;
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 0);
	ck_assert(exists("new/1.M1.h"));
	t = write_new("1.M1.h", "w", "Subject: a\n\nA\n");
	s->now = (long long)t;
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "new/1.M1.h");
	ck_assert_str_eq(m.data, "Subject: a\n\nA\n");
	source_mail_free(&m);
	source_close(s);
}
END_TEST

/* Half a mail waits out the grace period, then is taken as it is. */
START_TEST(test_half_written)
{
	struct source		*s;
	struct source_mail	 m;
	char			*cause = NULL;
	time_t			 t;

	ck_assert_ptr_nonnull(s = maildir(dir, 1000, &cause));
	t = write_new("1.M1.h", "w", "Subject: a\nFrom: b");
	s->now = (long long)t + 59;
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 0);
	t = write_new("1.M1.h", "a", "@example.org\n\nA");
	s->now = (long long)t;
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 0);
	s->now = (long long)t + 60;
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.data, "Subject: a\nFrom: b@example.org\n\nA");
	source_mail_free(&m);
	/* In cur/, a mail client put it there whole: no grace. */
	deliver("cur", "2.M2.h:2,", "Subject: b");
	s->now = (long long)time(NULL);
	ck_assert_int_eq(s->ops->next(s, &m, &cause), 1);
	ck_assert_str_eq(m.key, "cur/2.M2.h:2,");
	source_mail_free(&m);
	source_close(s);
}
END_TEST

START_TEST(test_unusable)
{
	char	*cause = NULL;

	ck_assert_ptr_null(maildir("/proc/no/such/place", 1000, &cause));
	ck_assert_str_eq(cause, "maildir /proc/no/such/place: No such file "
	    "or directory");
	free(cause);
	ck_assert_ptr_eq(source_find("maildir"), &source_maildir_ops);
	ck_assert_ptr_null(source_find("pop3"));
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("source_maildir");
	TCase	*tc = tcase_create("maildir");

	/* The slowest test: 0.3 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_order_and_ack);
	tcase_add_test(tc, test_flags);
	tcase_add_test(tc, test_vanished);
	tcase_add_test(tc, test_cut);
	tcase_add_test(tc, test_wait);
	tcase_add_test(tc, test_empty_then_written);
	tcase_add_test(tc, test_half_written);
	tcase_add_test(tc, test_unusable);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
