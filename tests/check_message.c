#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include <libetpan/libetpan.h>

#include "buf.h"
#include "command.h"
#include "mail-text.h"
#include "message.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The mail corpus (tests/data/mail, see its README): each NAME.eml is
 * parsed and summed up in the form of NAME.want, which must match it
 * exactly: the headers the service uses, why it would never be
 * answered, and the command text.  A subject is what libetpan decodes
 * it to, whether or not it is decoded by libetpan.
 */

static const char *corpus[] = {
	"gmail-alternative-reply", "outlook-html-base64", "apple-mail-qp",
	"thunderbird-flowed", "thunderbird-flowed-delsp", "latin1-rfc2047",
	"utf8-rfc2047-base64", "top-posted", "bottom-posted",
	"attachments-nested", "dsn-bounce", "vacation-auto-reply",
	"list-mail", "no-message-id",
	/* Real clients' shapes in ten languages (issue 13). */
	"gmail-de", "gmail-fr", "gmail-es", "gmail-it", "gmail-nl",
	"gmail-pt", "gmail-sv", "gmail-pl", "gmail-ru", "gmail-de-wrapped",
	"thunderbird-de", "thunderbird-fr", "thunderbird-it",
	"thunderbird-nl", "thunderbird-pl", "thunderbird-ru",
	"thunderbird-es", "outlook-de", "outlook-fr", "outlook-es",
	"outlook-it", "outlook-nl", "outlook-sv", "outlook-pl", "outlook-ru",
	"iphone-fr", "iphone-de", "iphone-es", "iphone-it", "iphone-nl",
	"iphone-sv", "iphone-pl", "iphone-ru", "android-galaxy",
	"outlook-android", "windows-mail", "yahoo-mail", "typography-dashes",
	"typography-fullwidth", "typography-quotes", "typography-cp1252",
	/* A reply quoting a mail with a picture of the board (issue 17). */
	"thunderbird-picture-reply"
};

/*
 * The clients' corpus (tests/data/clients, see its README): each
 * NAME.eml is a turn, an accept or chat written in one client's own
 * shape, and NAME.want says who sent it, what the command reader gets
 * and what is passed on to the other players, as written (issue 35).
 */
#define CLIENTS_MAX	200
static char		*clients[CLIENTS_MAX];
static int		 nclients;

static void	summary(const struct message *, struct buf *);
static void	clients_find(void);

static void
summary(const struct message *m, struct buf *out)
{
#define FIELD(name, v)	buf_addf(out, "%s: %s\n", name, (v) != NULL ? (v) : "-")
	FIELD("from", m->from);
	FIELD("from-name", m->from_name);
	FIELD("reply-to", m->reply_to);
	FIELD("to", m->to);
	FIELD("cc", m->cc);
	FIELD("subject", m->subject);
	FIELD("message-id", m->message_id);
	FIELD("in-reply-to", m->in_reply_to);
	FIELD("references", m->references);
	FIELD("date", m->date);
	FIELD("auto-submitted", m->auto_submitted);
	FIELD("precedence", m->precedence);
	FIELD("list-id", m->list_id);
	FIELD("return-path", m->return_path);
	FIELD("automatic", message_automatic_name(m->automatic));
#undef FIELD
	buf_addf(out, "text:\n%s", m->text);
}

START_TEST(test_corpus)
{
	struct message	 m;
	struct buf	 out;
	char		*eml, *want, *path, *cause = NULL;

	xasprintf(&path, "mail/%s.eml", corpus[_i]);
	eml = test_util_read(path);
	free(path);
	xasprintf(&path, "mail/%s.want", corpus[_i]);
	want = test_util_read(path);
	free(path);
	ck_assert_msg(message_parse(eml, strlen(eml), MESSAGE_LIMIT, &m,
	    &cause) == 0, "%s: %s", corpus[_i], cause);
	buf_init(&out);
	summary(&m, &out);
	ck_assert_msg(strcmp(out.data, want) == 0, "%s:\n--- got\n%s--- want\n%s",
	    corpus[_i], out.data, want);
	if (m.message_id != NULL)
		ck_assert_str_eq(m.id, m.message_id);
	else
		ck_assert_int_eq(strncmp(m.id, "sha256:", 7), 0);
	buf_free(&out);
	message_free(&m);
	free(eml);
	free(want);
}
END_TEST

static void
clients_find(void)
{
	struct dirent	**names;
	char		 *dir;
	size_t		  len;
	int		  n, i;

	xasprintf(&dir, "%s/clients", TEST_DATA);
	n = scandir(dir, &names, NULL, alphasort);
	free(dir);
	for (i = 0; i < n; i++) {
		len = strlen(names[i]->d_name);
		if (len > 4 && strcmp(names[i]->d_name + len - 4,
		    ".eml") == 0 && nclients < CLIENTS_MAX)
			clients[nclients++] = xstrndup(names[i]->d_name,
			    len - 4);
		free(names[i]);
	}
	if (n > 0)
		free(names);
}

START_TEST(test_clients)
{
	struct message		 m;
	struct command_list	 list;
	struct buf		 out;
	char			*eml, *want, *path, *said, *cause = NULL;

	xasprintf(&path, "clients/%s.eml", clients[_i]);
	eml = test_util_read(path);
	free(path);
	xasprintf(&path, "clients/%s.want", clients[_i]);
	want = test_util_read(path);
	free(path);
	ck_assert_msg(message_parse(eml, strlen(eml), MESSAGE_LIMIT, &m,
	    &cause) == 0, "%s: %s", clients[_i], cause);
	buf_init(&out);
	buf_addf(&out, "from: %s\nsubject: %s\ntext:\n%spress:\n", m.from,
	    m.subject, m.text);
	if (command_parse(m.text, m.subject, NULL, 0, &list, &cause) == -1) {
		buf_addf(&out, "(%s)\n", cause);
		free(cause);
	} else {
		if (list.talk != NULL) {
			said = mail_text_written(list.talk, m.text, m.written);
			buf_adds(&out, said);
			free(said);
		}
		command_list_free(&list);
	}
	ck_assert_msg(strcmp(out.data, want) == 0,
	    "%s:\n--- got\n%s--- want\n%s", clients[_i], out.data, want);
	buf_free(&out);
	message_free(&m);
	free(eml);
	free(want);
}
END_TEST

/* The clients' corpus is all there. */
START_TEST(test_clients_count)
{
	ck_assert_int_ge(nclients, 60);
}
END_TEST

/* A mail without Message-ID is known by the digest of its bytes. */
START_TEST(test_digest)
{
	static const char	 a[] = "From: a@x\nSubject: s\n\npass\n";
	static const char	 b[] = "From: a@x\nSubject: s\n\npass!\n";
	struct message		 m1, m2, m3;
	char			*cause = NULL;

	ck_assert_int_eq(message_parse(a, strlen(a), MESSAGE_LIMIT, &m1,
	    &cause), 0);
	ck_assert_int_eq(message_parse(a, strlen(a), MESSAGE_LIMIT, &m2,
	    &cause), 0);
	ck_assert_int_eq(message_parse(b, strlen(b), MESSAGE_LIMIT, &m3,
	    &cause), 0);
	ck_assert_uint_eq(strlen(m1.id), 7 + 64);
	ck_assert_str_eq(m1.id, m2.id);
	ck_assert_str_ne(m1.id, m3.id);
	message_free(&m1);
	message_free(&m2);
	message_free(&m3);
}
END_TEST

/* Parse raw, which must parse, into *m. */
static void
parse_one(const char *raw, struct message *m)
{
	char	*cause = NULL;

	ck_assert_msg(message_parse(raw, strlen(raw), MESSAGE_LIMIT, m,
	    &cause) == 0, "%s", cause);
}

/*
 * A From that is not an address (address.c) marks the mail never to be
 * answered, after the other reasons; a Reply-To that is none is dropped.
 */
START_TEST(test_bad_from)
{
	static const char	*froms[] = { "root", "@", "a@b@c",
	    "postmaster", "\"a b\"@x", "Root <root>", "a(comment)@b" };
	struct message		 m;
	char			*raw;
	size_t			 i;

	for (i = 0; i < sizeof froms / sizeof froms[0]; i++) {
		xasprintf(&raw, "From: %s\nReply-To: x@y@z\nSubject: help\n"
		    "\nhelp\n", froms[i]);
		parse_one(raw, &m);
		ck_assert_msg(m.automatic == MESSAGE_BAD_FROM, "%s: %s",
		    froms[i], message_automatic_name(m.automatic));
		ck_assert_str_eq(message_automatic_name(m.automatic),
		    "bad-from");
		ck_assert_ptr_null(m.reply_to);
		message_free(&m);
		free(raw);
	}
	parse_one("From: Bob <bob@x>\nReply-To: <b@y>\nSubject: s\n\n.\n",
	    &m);
	ck_assert_int_eq(m.automatic, MESSAGE_HUMAN);
	ck_assert_str_eq(m.reply_to, "b@y");
	message_free(&m);
	/* A bounce stays a bounce, whatever its From. */
	parse_one("From: MAILER-DAEMON\nSubject: s\n\n.\n", &m);
	ck_assert_int_eq(m.automatic, MESSAGE_BOUNCE);
	message_free(&m);
}
END_TEST

/*
 * Random subjects of words, spaces, tabs, quotes, brackets, umlauts,
 * encoded words and their pieces: the subject parsed is libetpan's
 * decoding of it, those the parser decodes itself included.
 */
START_TEST(test_subject_phrases)
{
	static const char *const pieces[] = {
		"Re:", "[mupbem G1]", "velox", "a", "Z9", " ", " ", "  ", "\t",
		"=", "?", "=?", "\"", "(", ")", ":", "Grüße", "ä", "\x01",
		"=?utf-8?q?K=C3=B6ln?=", "=?iso-8859-1?q?K=F6ln?=", "_", ","
	};
	struct message	 m;
	struct buf	 subject, raw;
	char		*cause = NULL, *want;
	size_t		 idx, n;
	unsigned	 seed = 18;
	int		 i, k, len, compared = 0;

	buf_init(&subject);
	buf_init(&raw);
	for (i = 0; i < 4000; i++) {
		buf_reset(&subject);
		len = 1 + (int)((seed = seed * 1103515245 + 12345) >> 16) % 9;
		buf_adds(&subject, "x");
		for (k = 0; k < len; k++) {
			seed = seed * 1103515245 + 12345;
			buf_adds(&subject, pieces[(seed >> 16) %
			    (sizeof pieces / sizeof pieces[0])]);
		}
		buf_adds(&subject, "y");
		buf_reset(&raw);
		buf_addf(&raw, "From: a@example.org\nMessage-ID: <%d@x>\n"
		    "Subject: %s\n\nbody\n", i, subject.data);
		ck_assert_int_eq(message_parse(raw.data, raw.len,
		    MESSAGE_LIMIT, &m, &cause), 0);
		idx = 0;
		want = NULL;
		n = subject.len;
		if (mailmime_encoded_phrase_parse("utf-8", subject.data, n,
		    &idx, "utf-8", &want) != MAILIMF_NO_ERROR) {
			/* Left to the parser's own fallback. */
			ck_assert_ptr_nonnull(strstr(subject.data, "=?"));
			message_free(&m);
			continue;
		}
		if (strcmp(m.subject, want) != 0) {
			ck_abort_msg("subject '%s': '%s', libetpan '%s'",
			    subject.data, m.subject, want);
		}
		free(want);
		message_free(&m);
		compared++;
	}
	ck_assert_int_gt(compared, 3900);
	buf_free(&subject);
	buf_free(&raw);
}
END_TEST

/* Over the limit: headers kept, no text, marked too large. */
START_TEST(test_too_large)
{
	static const char	 raw[] = "From: Bob <bob@example.org>\n"
	    "Message-ID: <big@x>\nSubject: big\n\nA0-A1\n";
	struct message		 m;
	char			*cause = NULL;

	ck_assert_int_eq(message_parse(raw, strlen(raw), 10, &m, &cause), 0);
	ck_assert(m.too_large);
	ck_assert_str_eq(m.text, "");
	ck_assert_str_eq(m.from, "bob@example.org");
	ck_assert_str_eq(m.id, "big@x");
	message_free(&m);
	ck_assert_int_eq(message_parse(raw, strlen(raw), MESSAGE_LIMIT, &m,
	    &cause), 0);
	ck_assert(!m.too_large);
	ck_assert_str_eq(m.text, "A0-A1\n");
	message_free(&m);
}
END_TEST

START_TEST(test_not_mail)
{
	struct message	 m;
	char		*cause = NULL;

	ck_assert_int_eq(message_parse("", 0, MESSAGE_LIMIT, &m, &cause), -1);
	ck_assert_str_eq(cause, "not a mail: it has no header");
	free(cause);
	cause = NULL;
	ck_assert_int_eq(message_parse("just words\n\nbody\n", 17,
	    MESSAGE_LIMIT, &m, &cause), -1);
	ck_assert_str_eq(cause, "not a mail: it has no header");
	free(cause);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("message");
	TCase	*tc = tcase_create("corpus");

	/* The slowest test: 0.5 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_corpus, 0,
	    sizeof corpus / sizeof corpus[0]);
	clients_find();
	tcase_add_loop_test(tc, test_clients, 0, nclients);
	tcase_add_test(tc, test_clients_count);
	tcase_add_test(tc, test_digest);
	tcase_add_test(tc, test_bad_from);
	tcase_add_test(tc, test_too_large);
	tcase_add_test(tc, test_subject_phrases);
	tcase_add_test(tc, test_not_mail);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
