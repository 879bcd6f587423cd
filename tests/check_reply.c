#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "message.h"
#include "reply.h"
#include "test-util.h"

/*
 * Replies: exact headers for a plain ASCII answer, and round trips
 * through the mail parser for encoded subjects, quoted-printable
 * bodies, threading, attachments and pictures of the board.
 */

static const char	 diagram[] =
    "    /   \\ /   \\\n   | A6    A1  |\n   |       r1  |\n";

static void	parse(const struct buf *, struct message *);
static void	basic(struct reply *, const char *);

static void
parse(const struct buf *b, struct message *m)
{
	char	*cause = NULL;

	ck_assert_msg(message_parse(b->data, b->len, MESSAGE_LIMIT, m,
	    &cause) == 0, "%s", cause);
}

/* A reply to bob with message id id, to fill in further. */
static void
basic(struct reply *r, const char *id)
{
	memset(r, 0, sizeof *r);
	r->from = "games@mupbem.example";
	r->to = "bob@example.org";
	r->subject = "Re: x";
	r->message_id = id;
	r->date = "Sat, 21 Nov 2026 07:09:12 +0000";
	r->body = "ok\n";
}

START_TEST(test_plain)
{
	struct reply	r;
	struct buf	out;

	memset(&r, 0, sizeof r);
	r.from_name = "mupbem";
	r.from = "games@mupbem.example";
	r.to = "bob@example.org";
	r.subject = "Re: mupbem game 12";
	r.message_id = "1.2.3@mupbem.example";
	r.date = "Sat, 21 Nov 2026 07:09:12 +0000";
	r.in_reply_to = "CAxyz@mail.gmail.com";
	r.references = "a@x b@y";
	r.body = diagram;
	buf_init(&out);
	reply_build(&r, &out);
	ck_assert_str_eq(out.data,
	    "From: mupbem <games@mupbem.example>\n"
	    "To: bob@example.org\n"
	    "Subject: Re: mupbem game 12\n"
	    "Date: Sat, 21 Nov 2026 07:09:12 +0000\n"
	    "Message-ID: <1.2.3@mupbem.example>\n"
	    "In-Reply-To: <CAxyz@mail.gmail.com>\n"
	    "References: <a@x> <b@y> <CAxyz@mail.gmail.com>\n"
	    "Auto-Submitted: auto-replied\n"
	    "MIME-Version: 1.0\n"
	    "Content-Type: text/plain; charset=utf-8; format=fixed\n"
	    "Content-Transfer-Encoding: 7bit\n"
	    "\n"
	    "    /   \\ /   \\\n   | A6    A1  |\n   |       r1  |\n");
	buf_free(&out);
}
END_TEST

/* UTF-8 subject and body survive the trip through the parser. */
START_TEST(test_round_trip)
{
	static const char	 subject[] = "Re: Партия 12: покажите позицию, "
	    "пожалуйста, и ещё раз позицию";
	static const char	 body[] = "Grüße, Jürgen = ok\nline with "
	    "trailing space \nx\n";
	struct reply		 r;
	struct message		 m;
	struct buf		 out;
	const char		*p, *nl;

	memset(&r, 0, sizeof r);
	r.from_name = "mupbem";
	r.from = "games@mupbem.example";
	r.to = "ivan@example.org";
	r.subject = subject;
	r.message_id = "r1@mupbem.example";
	r.date = "Sat, 21 Nov 2026 07:09:12 +0000";
	r.in_reply_to = "orig@example.org";
	r.body = body;
	buf_init(&out);
	reply_build(&r, &out);
	for (p = out.data; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		ck_assert_msg(nl - p <= 78, "line too long: %.*s",
		    (int)(nl - p), p);
	ck_assert_ptr_nonnull(strstr(out.data,
	    "Content-Transfer-Encoding: quoted-printable\n"));
	parse(&out, &m);
	ck_assert_str_eq(m.subject, subject);
	ck_assert_str_eq(m.in_reply_to, "orig@example.org");
	ck_assert_str_eq(m.references, "orig@example.org");
	ck_assert_str_eq(m.message_id, "r1@mupbem.example");
	ck_assert_str_eq(m.auto_submitted, "auto-replied");
	ck_assert_int_eq(m.automatic, MESSAGE_AUTO_SUBMITTED);
	ck_assert_str_eq(m.text, "Grüße, Jürgen = ok\nline with trailing "
	    "space\nx\n");
	message_free(&m);
	buf_free(&out);
}
END_TEST

/* A long References header is folded, and every id kept. */
START_TEST(test_long_references)
{
	struct reply	 r;
	struct message	 m;
	struct buf	 out, refs;
	int		 i;

	buf_init(&refs);
	for (i = 0; i < 12; i++)
		buf_addf(&refs, "%smessage-number-%d@mail.example.org",
		    i > 0 ? " " : "", i);
	memset(&r, 0, sizeof r);
	r.from = "games@mupbem.example";
	r.to = "bob@example.org";
	r.subject = "Re: x";
	r.message_id = "r2@mupbem.example";
	r.date = "Sat, 21 Nov 2026 07:09:12 +0000";
	r.in_reply_to = "last@example.org";
	r.references = refs.data;
	r.body = "ok\n";
	buf_init(&out);
	reply_build(&r, &out);
	parse(&out, &m);
	buf_adds(&refs, " last@example.org");
	ck_assert_str_eq(m.references, refs.data);
	message_free(&m);
	buf_free(&out);
	buf_free(&refs);
}
END_TEST

/*
 * Message ids from a player's mail are written only if they are ids:
 * one with a space, a control character, no "@" or too long is
 * dropped; References keeps the first id and the 19 newest.
 */
START_TEST(test_bad_ids)
{
	struct reply	 r;
	struct message	 m;
	struct buf	 out, refs, want;
	char		 big[300];
	int		 i;

	memset(big, 'b', sizeof big);
	memcpy(big + 200, "@x", 2);
	big[251] = '\0';			/* 251 bytes: too long */
	basic(&r, "r3@mupbem.example");
	r.in_reply_to = "evil\r\nBcc: victim@x";
	buf_init(&refs);
	buf_addf(&refs, "ok@x bad\001@x <x@y> noat a@b@c %s ok2@y", big);
	r.references = refs.data;
	buf_init(&out);
	reply_build(&r, &out);
	ck_assert_ptr_null(strstr(out.data, "In-Reply-To:"));
	ck_assert_ptr_null(strstr(out.data, "Bcc"));
	ck_assert_ptr_nonnull(strstr(out.data,
	    "\nReferences: <ok@x> <ok2@y>\n"));
	buf_free(&out);
	big[250] = '\0';			/* 250: an id */
	buf_reset(&refs);
	buf_init(&want);
	for (i = 0; i < 30; i++) {
		buf_addf(&refs, "%sm%d@x", i > 0 ? " " : "", i);
		if (i == 0 || i > 11)
			buf_addf(&want, "%sm%d@x", i > 0 ? " " : "", i);
	}
	buf_addf(&want, " %s", big);
	r.in_reply_to = big;
	buf_init(&out);
	reply_build(&r, &out);
	parse(&out, &m);
	ck_assert_str_eq(m.in_reply_to, big);
	ck_assert_str_eq(m.references, want.data);
	message_free(&m);
	buf_free(&out);
	buf_free(&want);
	buf_free(&refs);
}
END_TEST

/* No header line reaches 998 bytes, however long what it holds. */
START_TEST(test_header_lines)
{
	struct reply	 r;
	struct message	 m;
	struct buf	 out, subject, name;
	const char	*p, *nl, *body;
	int		 i;

	buf_init(&subject);
	for (i = 0; i < 5000; i++)
		buf_addc(&subject, 'x');
	buf_init(&name);
	for (i = 0; i < 1000; i++)
		buf_adds(&name, i % 2 ? "\xc3\xa9" : "a");
	basic(&r, "r4@mupbem.example");
	r.from_name = name.data;
	r.subject = subject.data;
	r.state = subject.data;
	buf_init(&out);
	reply_build(&r, &out);
	body = strstr(out.data, "\n\n");
	for (p = out.data; p < body && (nl = strchr(p, '\n')) != NULL;
	    p = nl + 1)
		ck_assert_msg(nl - p < 998, "line of %d: %.40s", (int)(nl - p),
		    p);
	parse(&out, &m);
	ck_assert_str_eq(m.subject, subject.data);
	ck_assert_str_eq(m.from_name, name.data);
	ck_assert_str_eq(m.from, "games@mupbem.example");
	message_free(&m);
	buf_free(&out);
	/* Plain ASCII with spaces is folded, not encoded. */
	r.from_name = "mupbem";
	buf_reset(&subject);
	for (i = 0; i < 150; i++)
		buf_adds(&subject, "word ");
	buf_adds(&subject, "end");
	buf_init(&out);
	reply_build(&r, &out);
	ck_assert_ptr_null(strstr(out.data, "=?UTF-8?"));
	parse(&out, &m);
	ck_assert_str_eq(m.subject, subject.data);
	message_free(&m);
	buf_free(&out);
	buf_free(&subject);
	buf_free(&name);
}
END_TEST

/* With an attachment the text is still the part a client shows. */
START_TEST(test_attachment)
{
	struct reply_attachment	 a = { "board.png", "image/png",
				    "\x89PNG\r\n\x1a\n\x00\x01\x02", 11 };
	struct reply		 r;
	struct message		 m;
	struct buf		 out;

	memset(&r, 0, sizeof r);
	r.from = "games@mupbem.example";
	r.to = "bob@example.org";
	r.subject = "Re: x";
	r.message_id = "r3@mupbem.example";
	r.date = "Sat, 21 Nov 2026 07:09:12 +0000";
	r.body = "your move\n";
	r.attachments = &a;
	r.nattachments = 1;
	r.boundary = "=-mupbem-r3";
	buf_init(&out);
	reply_build(&r, &out);
	ck_assert_ptr_nonnull(strstr(out.data, "Content-Disposition: "
	    "attachment; filename=\"board.png\"\n"
	    "Content-Transfer-Encoding: base64\n\niVBORw0KGgoAAQI=\n"));
	ck_assert_ptr_null(strstr(out.data, "In-Reply-To"));
	parse(&out, &m);
	ck_assert_str_eq(m.text, "your move\n");
	message_free(&m);
	buf_free(&out);
}
END_TEST

/* A PNG's first 24 bytes: 800 by 814 pixels, as reply-html.c reads. */
static const char	 png[] = "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR"
    "\0\0\x03\x20\0\0\x03\x2e\x08\x03\0\0\0";
static const struct reply_picture picture = { "G12-14.png",
    "The board of G12: Mu velox after 14 turns: red to move", png,
    sizeof png - 1 };

/*
 * A picture makes the mail multipart/alternative: the text first, as it
 * is without one, then the page that shows the picture by its
 * Content-ID above the text, escaped.
 */
START_TEST(test_picture)
{
	struct reply	 r;
	struct message	 m;
	struct buf	 out;

	basic(&r, "r5@mupbem.example");
	r.subject = "[mupbem G12] <velox> & co";
	r.body = "Your turn 15.\n\n  <b> & 'x' \"y\"\n";
	r.picture = &picture;
	r.boundary = "=_mupbem_r5";
	buf_init(&out);
	reply_build(&r, &out);
	ck_assert_str_eq(strstr(out.data, "MIME-Version"),
	    "MIME-Version: 1.0\n"
	    "Content-Type: multipart/alternative;\n"
	    " boundary=\"=_mupbem_r5\"\n"
	    "\n"
	    "--=_mupbem_r5\n"
	    "Content-Type: text/plain; charset=utf-8; format=fixed\n"
	    "Content-Transfer-Encoding: 7bit\n"
	    "\n"
	    "Your turn 15.\n"
	    "\n"
	    "  <b> & 'x' \"y\"\n"
	    "\n"
	    "--=_mupbem_r5\n"
	    "Content-Type: multipart/related; type=\"text/html\";\n"
	    " boundary=\"R=_mupbem_r5\"\n"
	    "\n"
	    "--R=_mupbem_r5\n"
	    "Content-Type: text/html; charset=utf-8\n"
	    "Content-Transfer-Encoding: 7bit\n"
	    "\n"
	    "<!DOCTYPE html>\n"
	    "<html>\n"
	    "<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<title>[mupbem G12] &lt;velox&gt; &amp; co</title>\n"
	    "</head>\n"
	    "<body style=\"margin:0;padding:8px\">\n"
	    "<p style=\"margin:0 0 12px 0\"><img "
	    "src=\"cid:picture.r5@mupbem.example\" alt=\"The board of G12: "
	    "Mu velox after 14 turns: red to move\" width=\"800\" "
	    "height=\"814\"\n"
	    "style=\"display:block;max-width:100%;height:auto\"></p>\n"
	    "<pre style=\"margin:0;font-family:monospace;white-space:pre;"
	    "overflow-x:auto\">\n"
	    "Your turn 15.\n"
	    "\n"
	    "  &lt;b&gt; &amp; &#39;x&#39; &quot;y&quot;\n"
	    "</pre>\n"
	    "</body>\n"
	    "</html>\n"
	    "\n"
	    "--R=_mupbem_r5\n"
	    "Content-Type: image/png\n"
	    "Content-ID: <picture.r5@mupbem.example>\n"
	    "Content-Disposition: inline; filename=\"G12-14.png\"\n"
	    "Content-Transfer-Encoding: base64\n"
	    "\n"
	    "iVBORw0KGgoAAAANSUhEUgAAAyAAAAMuCAMAAAA=\n"
	    "\n"
	    "--R=_mupbem_r5--\n"
	    "\n"
	    "--=_mupbem_r5--\n");
	/* A client that quotes or answers takes the text part. */
	parse(&out, &m);
	ck_assert_str_eq(m.text, "Your turn 15.\n\n  <b> & 'x' \"y\"\n");
	message_free(&m);
	buf_free(&out);
}
END_TEST

/*
 * With the record too, the alternative is the first part of a
 * multipart/mixed, the record after it; no boundary begins another.
 */
START_TEST(test_picture_record)
{
	static const char	 head[] = "MIME-Version: 1.0\n"
	    "Content-Type: multipart/mixed; boundary=\"=_mupbem_r6\"\n"
	    "\n"
	    "--=_mupbem_r6\n"
	    "Content-Type: multipart/alternative;\n"
	    " boundary=\"M=_mupbem_r6\"\n"
	    "\n"
	    "--M=_mupbem_r6\n"
	    "Content-Type: text/plain; charset=utf-8; format=fixed\n"
	    "Content-Transfer-Encoding: 7bit\n"
	    "\n"
	    "Game G12 is over.\n"
	    "\n"
	    "--M=_mupbem_r6\n"
	    "Content-Type: multipart/related; type=\"text/html\";\n"
	    " boundary=\"RM=_mupbem_r6\"\n";
	struct reply_attachment	 a = { "G12.rec",
				    "text/plain; charset=utf-8",
				    "mupbem record 1\n", 16 };
	struct reply		 r;
	struct message		 m;
	struct buf		 out;
	const char		*p;

	basic(&r, "r6@mupbem.example");
	r.body = "Game G12 is over.\n";
	r.picture = &picture;
	r.attachments = &a;
	r.nattachments = 1;
	r.boundary = "=_mupbem_r6";
	buf_init(&out);
	reply_build(&r, &out);
	p = strstr(out.data, "MIME-Version");
	ck_assert_ptr_nonnull(p);
	ck_assert_msg(strncmp(p, head, sizeof head - 1) == 0, "%s", p);
	ck_assert_ptr_nonnull(strstr(out.data, "--RM=_mupbem_r6--\n"
	    "\n"
	    "--M=_mupbem_r6--\n"
	    "\n"
	    "--=_mupbem_r6\n"
	    "Content-Type: text/plain; charset=utf-8\n"
	    "Content-Disposition: attachment; filename=\"G12.rec\"\n"
	    "Content-Transfer-Encoding: base64\n"
	    "\n"
	    "bXVwYmVtIHJlY29yZCAxCg==\n"
	    "\n"
	    "--=_mupbem_r6--\n"));
	parse(&out, &m);
	ck_assert_str_eq(m.text, "Game G12 is over.\n");
	message_free(&m);
	buf_free(&out);
}
END_TEST

/*
 * Text that is not ASCII, or has a line too long for 7bit, goes in
 * quoted-printable in both parts; no line of the mail reaches 998
 * bytes, and the text comes back whole.
 */
START_TEST(test_picture_long)
{
	struct reply	 r;
	struct message	 m;
	struct buf	 out, body;
	const char	*p, *nl;
	int		 i;

	buf_init(&body);
	buf_adds(&body, "Grüße <Jürgen>\n");
	for (i = 0; i < 1500; i++)
		buf_addc(&body, i % 2 ? '&' : 'x');
	buf_adds(&body, "\nend\n");
	basic(&r, "r7@mupbem.example");
	r.body = body.data;
	r.picture = &picture;
	r.boundary = "=_mupbem_r7";
	buf_init(&out);
	reply_build(&r, &out);
	for (p = out.data; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		ck_assert_msg(nl - p <= 78, "line of %d: %.40s", (int)(nl - p),
		    p);
	ck_assert_ptr_nonnull(strstr(out.data, "Content-Type: text/html; "
	    "charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"));
	ck_assert_ptr_nonnull(strstr(out.data, "Gr=C3=BC=C3=9Fe &lt;J=C3=BC"
	    "rgen&gt;\n"));
	parse(&out, &m);
	ck_assert_str_eq(m.text, body.data);
	message_free(&m);
	buf_free(&out);
	buf_free(&body);
}
END_TEST

START_TEST(test_subject_and_date)
{
	struct buf	out;

	buf_init(&out);
	reply_subject("mupbem game 12", &out);
	ck_assert_str_eq(out.data, "Re: mupbem game 12");
	buf_reset(&out);
	reply_subject("RE: mupbem game 12", &out);
	ck_assert_str_eq(out.data, "Re: mupbem game 12");
	buf_reset(&out);
	reply_subject(NULL, &out);
	ck_assert_str_eq(out.data, "Re: your mail");
	buf_reset(&out);
	reply_date(1795244952LL, &out);
	ck_assert_str_eq(out.data, "Sat, 21 Nov 2026 07:09:12 +0000");
	buf_free(&out);
}
END_TEST

/*
 * Answer and forward prefixes of every common language, repeated and
 * mixed, never change the subject a reply keeps: its thread.
 */
START_TEST(test_subject_prefixes)
{
	static const char	*subjects[] = {
		"Re: [mupbem G12] Mu velox",
		"RE : [mupbem G12] Mu velox",
		"AW: [mupbem G12] Mu velox",
		"SV: [mupbem G12] Mu velox",
		"VS: [mupbem G12] Mu velox",
		"Odp: [mupbem G12] Mu velox",
		"Ynt: [mupbem G12] Mu velox",
		"\xe5\x9b\x9e\xe5\xa4\x8d: [mupbem G12] Mu velox",
		"\xe7\xad\x94\xe5\xa4\x8d\xef\xbc\x9a[mupbem G12] Mu velox",
		"Fwd: [mupbem G12] Mu velox",
		"WG: [mupbem G12] Mu velox",
		"TR: [mupbem G12] Mu velox",
		"RV: [mupbem G12] Mu velox",
		"Enc: [mupbem G12] Mu velox",
		"Antw: [mupbem G12] Mu velox",
		"Re:[mupbem G12] Mu velox",
		"Re: AW: Re[2]: [mupbem G12] Mu velox",
		"  aw:sv: RE(3) :  Fw: [mupbem G12] Mu velox",
		"Re\xef\xbc\x9a\xe5\x9b\x9e\xe5\xa4\x8d\xef\xbc\x9a"
		    "[mupbem G12] Mu velox",
	};
	struct buf		 out;
	size_t			 i;

	buf_init(&out);
	for (i = 0; i < sizeof subjects / sizeof subjects[0]; i++) {
		ck_assert_str_eq(reply_subject_strip(subjects[i]),
		    "[mupbem G12] Mu velox");
		buf_reset(&out);
		reply_subject(subjects[i], &out);
		ck_assert_str_eq(out.data, "Re: [mupbem G12] Mu velox");
	}
	/* Words that only begin like a prefix stay. */
	ck_assert_str_eq(reply_subject_strip("Resign"), "Resign");
	ck_assert_str_eq(reply_subject_strip("Revanche: yes"), "Revanche: yes");
	ck_assert_str_eq(reply_subject_strip("Re [mupbem G1]"),
	    "Re [mupbem G1]");
	buf_free(&out);
}
END_TEST

/* Display names: encoded when not ASCII, quoted when they have specials. */
START_TEST(test_from_names)
{
	static const char	*names[] = { "Spiel-Server für Mu",
				    "Games, Mu \"velox\"", "mupbem" };
	struct reply		 r;
	struct message		 m;
	struct buf		 out;
	size_t			 i;

	for (i = 0; i < 3; i++) {
		memset(&r, 0, sizeof r);
		r.from_name = names[i];
		r.from = "games@mupbem.example";
		r.to = "bob@example.org";
		r.subject = "Re: x";
		r.message_id = "n@mupbem.example";
		r.date = "Sat, 21 Nov 2026 07:09:12 +0000";
		r.body = "ok\n";
		buf_init(&out);
		reply_build(&r, &out);
		parse(&out, &m);
		ck_assert_str_eq(m.from, "games@mupbem.example");
		ck_assert_str_eq(m.from_name, names[i]);
		message_free(&m);
		buf_free(&out);
	}
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("reply");
	TCase	*tc = tcase_create("reply");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_plain);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_long_references);
	tcase_add_test(tc, test_bad_ids);
	tcase_add_test(tc, test_header_lines);
	tcase_add_test(tc, test_attachment);
	tcase_add_test(tc, test_picture);
	tcase_add_test(tc, test_picture_record);
	tcase_add_test(tc, test_picture_long);
	tcase_add_test(tc, test_subject_and_date);
	tcase_add_test(tc, test_subject_prefixes);
	tcase_add_test(tc, test_from_names);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
