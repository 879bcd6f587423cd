#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "reply-html.h"
#include "reply.h"

/*
 * A reply is plain text that every client shows in a monospace-safe
 * way: text/plain; charset=utf-8; format=fixed, in 7bit when it is
 * ASCII with short lines and in quoted-printable otherwise, so that
 * diagrams survive any relay.  It threads: In-Reply-To names the mail
 * answered and References carries that mail's References and its id.
 * "Auto-Submitted: auto-replied" tells other robots not to answer.
 * Non-ASCII header text becomes RFC 2047 encoded words; long headers
 * are folded at spaces, and text with a word too long to fold (over
 * REPLY_WORD_MAX bytes) is written in encoded words too, so that no
 * header line reaches the 998 bytes RFC 5322 allows.  A message id
 * from a player's mail is written only if it is one (reply_id_valid():
 * LEFT@RIGHT, printable ASCII without space or specials, at most
 * REPLY_ID_MAX bytes); others are dropped, and References keeps the
 * first id and the newest, REPLY_REFERENCES in all.
 *
 * A mail with a picture of the board is multipart/alternative: first
 * the text, the complete mail every client can show, then an HTML
 * page (reply-html.c) that shows the picture, with the same text
 * below it, in a multipart/related with the PNG (inline, base64),
 * which the page names by Content-ID.  Attachments (the record at the
 * end of a game) make the mail multipart/mixed, the text or the
 * alternative first, each attachment in base64:
 *
 *   multipart/mixed                       only with attachments
 *     multipart/alternative               only with a picture
 *       text/plain; charset=utf-8
 *       multipart/related; type="text/html"
 *         text/html; charset=utf-8
 *         image/png
 *     attachments
 *
 * The outermost multipart takes the caller's boundary; the inner ones
 * put a letter before it, so that no boundary begins another.  The
 * line end before a boundary belongs to the boundary (RFC 2046), so a
 * part ends in one more: the text part decodes to the body exactly.
 * The picture's Content-ID is "picture." and the Message-ID.
 *
 * Lines end in LF here; a sender that needs CR LF converts.  Nothing
 * here reads the clock or makes random numbers: the caller gives the
 * date, the Message-ID and the boundary.
 */

#define REPLY_LINE	76	/* quoted-printable and base64 lines */
#define REPLY_WORD	39	/* bytes in one encoded word: 72 columns */
#define REPLY_WORD_MAX	900	/* longer words are encoded */
#define REPLY_REFERENCES 20	/* ids in References at most */
#define REPLY_TEXT_TYPE	"text/plain; charset=utf-8; format=fixed"

static const char reply_b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int	reply_ascii(const char *, size_t);
static void	reply_base64(const unsigned char *, size_t, struct buf *,
		    int);
static void	reply_qp(const char *, struct buf *);
static void	reply_ids(const char *, struct buf *);
static void	reply_words(const char *, size_t, struct buf *);
static size_t	reply_longest(const char *);
static void	reply_text_part(const char *, const char *, struct buf *);
static void	reply_alternative(const struct reply *, const char *,
		    struct buf *);
static void	reply_body(const struct reply *, const char *, struct buf *);
static void	reply_from(const char *, const char *, struct buf *);
static const char *reply_subject_prefix(const char *);

/* Is s[0..len) printable ASCII (tab, LF allowed) with short lines? */
static int
reply_ascii(const char *s, size_t len)
{
	size_t	i, line = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '\n') {
			line = 0;
			continue;
		}
		if ((unsigned char)s[i] >= 0x7f ||
		    ((unsigned char)s[i] < ' ' && s[i] != '\t') || ++line > 998)
			return (0);
	}
	return (1);
}

/* Base64 of data; with wrap, in lines of REPLY_LINE characters. */
static void
reply_base64(const unsigned char *data, size_t len, struct buf *out,
    int wrap)
{
	unsigned long	v;
	size_t		i, col = 0;

	for (i = 0; i < len; i += 3) {
		v = (unsigned long)data[i] << 16;
		if (i + 1 < len)
			v |= (unsigned long)data[i + 1] << 8;
		if (i + 2 < len)
			v |= data[i + 2];
		buf_addc(out, reply_b64[(v >> 18) & 63]);
		buf_addc(out, reply_b64[(v >> 12) & 63]);
		buf_addc(out, i + 1 < len ? reply_b64[(v >> 6) & 63] : '=');
		buf_addc(out, i + 2 < len ? reply_b64[v & 63] : '=');
		if (wrap && (col += 4) >= REPLY_LINE && i + 3 < len) {
			buf_addc(out, '\n');
			col = 0;
		}
	}
	if (wrap)
		buf_addc(out, '\n');
}

/* Quoted-printable of UTF-8 text, lines ending in LF. */
static void
reply_qp(const char *s, struct buf *out)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 enc[4];
	size_t			 col = 0, w;
	int			 literal;

	for (; *p != '\0'; p++) {
		if (*p == '\n') {
			buf_addc(out, '\n');
			col = 0;
			continue;
		}
		literal = *p >= ' ' && *p < 0x7f && *p != '=' &&
		    !(*p == ' ' && (p[1] == '\n' || p[1] == '\0'));
		if (literal) {
			enc[0] = (char)*p;
			enc[1] = '\0';
		} else
			snprintf(enc, sizeof enc, "=%02X", *p);
		w = strlen(enc);
		if (col + w > REPLY_LINE - 1) {
			buf_adds(out, "=\n");
			col = 0;
		}
		buf_adds(out, enc);
		col += w;
	}
}

/* The longest run of s without a space. */
static size_t
reply_longest(const char *s)
{
	size_t	n, longest = 0;

	while (*s != '\0') {
		n = strcspn(s, " ");
		if (n > longest)
			longest = n;
		s += n;
		s += strspn(s, " ");
	}
	return (longest);
}

/* p[0..len) as encoded words, " =?UTF-8?B?...?=", one a line. */
static void
reply_words(const char *p, size_t len, struct buf *out)
{
	size_t	n, col;

	for (col = 0; len > 0; col++) {
		n = len < REPLY_WORD ? len : REPLY_WORD;
		/* Never split a UTF-8 sequence between words. */
		while (n < len && n > 0 && ((unsigned char)p[n] & 0xc0) == 0x80)
			n--;
		buf_adds(out, col == 0 ? " =?UTF-8?B?" : "\n =?UTF-8?B?");
		reply_base64((const unsigned char *)p, n, out, 0);
		buf_adds(out, "?=");
		p += n;
		len -= n;
	}
}

/* Write "Name: value" and LF, encoded and folded as needed. */
void
reply_encode_header(const char *name, const char *value, struct buf *out)
{
	const char	*p = value, *sp;
	size_t		 col, len = strlen(value), n;

	buf_addf(out, "%s:", name);
	col = strlen(name) + 1;
	if (reply_ascii(value, len) && strchr(value, '\n') == NULL &&
	    reply_longest(value) <= REPLY_WORD_MAX) {
		while (*p != '\0') {
			sp = strchr(p + 1, ' ');
			n = sp != NULL ? (size_t)(sp - p) : strlen(p);
			if (col > 1 && col + n + 1 > 78) {
				buf_adds(out, "\n");
				col = 0;
			}
			if (*p != ' ')
				buf_addc(out, ' ');
			buf_add(out, p, n);
			col += n + 1;
			p += n;
		}
		buf_addc(out, '\n');
		return;
	}
	reply_words(p, len, out);
	buf_addc(out, '\n');
}

/*
 * The words mail clients put before a subject they answer or forward,
 * in the languages players write: "Re", "AW" (German), "SV"
 * (Scandinavian), "VS" (Finnish), "Odp" (Polish), "Ynt" (Turkish),
 * "Antw" (Dutch), "R"/"RIF" (Italian), "RES" (Portuguese), 回复 and
 * 答复 (Chinese); "Fw", "Fwd", "WG", "TR", "RV", "Enc", 转发 forward.
 */
static const char *reply_prefixes[] = {
	"re", "aw", "sv", "vs", "odp", "ynt", "antw", "r", "rif", "res",
	"fw", "fwd", "wg", "tr", "rv", "enc", "doorst", "vl",
	"\xe5\x9b\x9e\xe5\xa4\x8d",	/* 回复 */
	"\xe7\xad\x94\xe5\xa4\x8d",	/* 答复 */
	"\xe5\x9b\x9e\xe8\xa6\x86",	/* 回覆 */
	"\xe8\xbd\xac\xe5\x8f\x91",	/* 转发 */
	NULL
};

/*
 * If s opens with one prefix ("Re:", "RE :", "Re[2]:", "AW:", "回复："),
 * the text after it (and the spaces after that); else NULL.  The colon
 * may be full width, and a count in [ ] or ( ) may come before it.
 */
static const char *
reply_subject_prefix(const char *s)
{
	const char	*p;
	size_t		 i, n;

	for (i = 0; reply_prefixes[i] != NULL; i++) {
		n = strlen(reply_prefixes[i]);
		if (strncasecmp(s, reply_prefixes[i], n) != 0)
			continue;
		p = s + n;
		if (*p == '[' || *p == '(') {
			p += 1 + strspn(p + 1, "0123456789");
			if (*p != ']' && *p != ')')
				continue;
			p++;
		}
		p += strspn(p, " ");
		if (*p == ':')
			p++;
		else if (strncmp(p, "\xef\xbc\x9a", 3) == 0)	/* ： */
			p += 3;
		else
			continue;
		return (p + strspn(p, " \t"));
	}
	return (NULL);
}

/*
 * The subject without the answer and forward prefixes clients put
 * before it, however many and in whichever languages: "Re: AW: Re[2]:
 * [mupbem G12] Mu" is "[mupbem G12] Mu".  A pointer into subject.
 */
const char *
reply_subject_strip(const char *subject)
{
	const char	*s = subject, *p;

	s += strspn(s, " \t");
	while ((p = reply_subject_prefix(s)) != NULL)
		s = p;
	return (s);
}

/*
 * The subject of a reply: "Re: " and the subject without the prefixes
 * clients added (reply_subject_strip()), so that a thread keeps one
 * subject however often it goes back and forth; a subject of more
 * than REPLY_SUBJECT_MAX bytes is cut there, at the start of a UTF-8
 * character, and ends with "...", so that no mail echoes a subject
 * without end.
 */
void
reply_subject(const char *subject, struct buf *out)
{
	size_t	len;

	if (subject != NULL)
		subject = reply_subject_strip(subject);
	if (subject == NULL || *subject == '\0') {
		buf_adds(out, "Re: your mail");
		return;
	}
	buf_adds(out, "Re: ");
	if ((len = strlen(subject)) <= REPLY_SUBJECT_MAX) {
		buf_add(out, subject, len);
		return;
	}
	len = REPLY_SUBJECT_MAX;
	while (len > 0 && ((unsigned char)subject[len] & 0xc0) == 0x80)
		len--;
	buf_add(out, subject, len);
	buf_adds(out, "\xe2\x80\xa6");
}

/* Is id[0..len) a message id to write between < >? */
int
reply_id_valid(const char *id, size_t len)
{
	const char	*at;
	size_t		 i;

	if (len == 0 || len > REPLY_ID_MAX ||
	    (at = memchr(id, '@', len)) == NULL || at == id ||
	    at == id + len - 1 || memchr(at + 1, '@', len - (size_t)(at -
	    id) - 1) != NULL)
		return (0);
	for (i = 0; i < len; i++) {
		if ((unsigned char)id[i] <= ' ' ||
		    (unsigned char)id[i] >= 0x7f ||
		    strchr("<>()\\,;:\"", id[i]) != NULL)
			return (0);
	}
	return (1);
}

/*
 * The valid ids of space-separated ids (or NULL: none), each put in
 * angle brackets: the first and the newest, REPLY_REFERENCES in all.
 */
static void
reply_ids(const char *ids, struct buf *out)
{
	const char	*p;
	size_t		 n, total = 0, k = 0;

	if (ids == NULL)
		return;
	for (p = ids; *(p += strspn(p, " ")) != '\0'; p += n)
		total += reply_id_valid(p, (n = strcspn(p, " ")));
	for (p = ids; *(p += strspn(p, " ")) != '\0'; p += n) {
		if (!reply_id_valid(p, (n = strcspn(p, " "))))
			continue;
		if (k++ != 0 && k + REPLY_REFERENCES <= total + 1)
			continue;
		if (out->len > 0)
			buf_addc(out, ' ');
		buf_addc(out, '<');
		buf_add(out, p, n);
		buf_addc(out, '>');
	}
}

/* The headers and body of a single text part of type. */
static void
reply_text_part(const char *type, const char *body, struct buf *out)
{
	int	ascii = reply_ascii(body, strlen(body));

	buf_addf(out, "Content-Type: %s\n", type);
	buf_addf(out, "Content-Transfer-Encoding: %s\n\n", ascii ? "7bit" :
	    "quoted-printable");
	if (ascii)
		buf_adds(out, body);
	else
		reply_qp(body, out);
	if (out->len > 0 && out->data[out->len - 1] != '\n')
		buf_addc(out, '\n');
}

/* The date of epoch seconds, as RFC 5322 writes it, in UTC. */
void
reply_date(long long when, struct buf *out)
{
	struct tm	tm;
	time_t		t = (time_t)when;
	char		s[64];

	gmtime_r(&t, &tm);
	strftime(s, sizeof s, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	buf_adds(out, s);
}

/*
 * "From: name <addr>": the name as it is if it is plain words, quoted
 * if it has specials, an encoded word if it is not ASCII.
 */
static void
reply_from(const char *name, const char *addr, struct buf *out)
{
	const char	*p;
	int		 plain = 1;

	buf_adds(out, "From:");
	if (name == NULL || *name == '\0') {
		buf_addf(out, " %s\n", addr);
		return;
	}
	if (!reply_ascii(name, strlen(name)) || strchr(name, '\n') != NULL ||
	    strlen(name) > REPLY_WORD_MAX) {
		reply_words(name, strlen(name), out);
		buf_addf(out, " <%s>\n", addr);
		return;
	}
	for (p = name; *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p) && strchr(" !#$%&'*+-/=?^_`{|}~",
		    *p) == NULL)
			plain = 0;
	}
	if (plain) {
		buf_addf(out, " %s <%s>\n", name, addr);
		return;
	}
	buf_adds(out, " \"");
	for (p = name; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			buf_addc(out, '\\');
		buf_addc(out, *p);
	}
	buf_addf(out, "\" <%s>\n", addr);
}

/* Build the whole mail r. */
void
reply_build(const struct reply *r, struct buf *out)
{
	struct buf	ids, refs, inner;
	size_t		i;

	reply_from(r->from_name, r->from, out);
	reply_encode_header("To", r->to, out);
	if (r->reply_to != NULL)
		reply_encode_header("Reply-To", r->reply_to, out);
	reply_encode_header("Subject", r->subject, out);
	if (r->state != NULL)
		reply_encode_header("X-Mupbem-State", r->state, out);
	buf_addf(out, "Date: %s\n", r->date);
	buf_addf(out, "Message-ID: <%s>\n", r->message_id);
	if (r->in_reply_to != NULL || r->references != NULL) {
		buf_init(&ids);
		if (r->references != NULL)
			buf_adds(&ids, r->references);
		/* Whole, or not at all: its words are no ids of their own. */
		if (r->in_reply_to != NULL &&
		    reply_id_valid(r->in_reply_to, strlen(r->in_reply_to))) {
			buf_addf(out, "In-Reply-To: <%s>\n", r->in_reply_to);
			buf_addf(&ids, " %s", r->in_reply_to);
		}
		buf_init(&refs);
		reply_ids(ids.data, &refs);
		if (refs.len > 0)
			reply_encode_header("References", refs.data, out);
		buf_free(&refs);
		buf_free(&ids);
	}
	buf_adds(out, "Auto-Submitted: auto-replied\n");
	buf_adds(out, "MIME-Version: 1.0\n");
	if (r->nattachments == 0) {
		reply_body(r, r->boundary, out);
		return;
	}
	buf_addf(out, "Content-Type: multipart/mixed; boundary=\"%s\"\n\n",
	    r->boundary);
	buf_addf(out, "--%s\n", r->boundary);
	buf_init(&inner);
	buf_addf(&inner, "M%s", r->boundary);
	reply_body(r, inner.data, out);
	buf_free(&inner);
	for (i = 0; i < r->nattachments; i++) {
		buf_addf(out, "\n--%s\n", r->boundary);
		buf_addf(out, "Content-Type: %s\n", r->attachments[i].type);
		buf_addf(out, "Content-Disposition: attachment; "
		    "filename=\"%s\"\n", r->attachments[i].name);
		buf_adds(out, "Content-Transfer-Encoding: base64\n\n");
		reply_base64((const unsigned char *)r->attachments[i].data,
		    r->attachments[i].len, out, 1);
	}
	buf_addf(out, "\n--%s--\n", r->boundary);
}

/* The text of r, alone or with its picture, boundary for the latter. */
static void
reply_body(const struct reply *r, const char *boundary, struct buf *out)
{
	if (r->picture == NULL)
		reply_text_part(REPLY_TEXT_TYPE, r->body, out);
	else
		reply_alternative(r, boundary, out);
}

/*
 * The text of r and the HTML page with its picture, as a
 * multipart/alternative on boundary.
 */
static void
reply_alternative(const struct reply *r, const char *boundary,
    struct buf *out)
{
	const struct reply_picture	*p = r->picture;
	struct buf			 cid, html;

	buf_init(&cid);
	buf_init(&html);
	buf_addf(&cid, "picture.%s", r->message_id);
	reply_html_page(r->subject, r->body, cid.data, p->alt, p->data,
	    p->len, &html);
	buf_addf(out, "Content-Type: multipart/alternative;\n "
	    "boundary=\"%s\"\n\n", boundary);
	buf_addf(out, "--%s\n", boundary);
	reply_text_part(REPLY_TEXT_TYPE, r->body, out);
	buf_addf(out, "\n--%s\n", boundary);
	buf_addf(out, "Content-Type: multipart/related; type=\"text/html\";\n "
	    "boundary=\"R%s\"\n\n", boundary);
	buf_addf(out, "--R%s\n", boundary);
	reply_text_part("text/html; charset=utf-8", html.data, out);
	buf_addf(out, "\n--R%s\n", boundary);
	buf_adds(out, "Content-Type: image/png\n");
	buf_addf(out, "Content-ID: <%s>\n", cid.data);
	buf_addf(out, "Content-Disposition: inline; filename=\"%s\"\n",
	    p->name);
	buf_adds(out, "Content-Transfer-Encoding: base64\n\n");
	reply_base64((const unsigned char *)p->data, p->len, out, 1);
	buf_addf(out, "\n--R%s--\n", boundary);
	buf_addf(out, "\n--%s--\n", boundary);
	buf_free(&cid);
	buf_free(&html);
}
