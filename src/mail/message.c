#include "config.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>
#include <nettle/sha2.h>

#include "address.h"
#include "buf.h"
#include "mail-text.h"
#include "message.h"
#include "reply.h"
#include "xmalloc.h"

/*
 * Parsing a mail (RFC 5322 and MIME, with libetpan) into a struct
 * message.
 *
 * Headers are unfolded and read by name; the ones with structure are
 * then parsed by libetpan: addresses keep only their addr-spec,
 * message ids lose their angle brackets, and the subject and display
 * names are RFC 2047 decoded to UTF-8.  Date, List-Id and the like are
 * kept as written.
 *
 * The command text comes from the first text/plain part that is not an
 * attachment, or failing that the first text/html part, searched depth
 * first through the multiparts (but not into attached messages).  It
 * is decoded (quoted-printable, base64), converted to UTF-8, joined if
 * format=flowed, turned into text if HTML, and cleaned (mail-text.c):
 * the command text has its typography folded to ASCII, and the same
 * lines as written are kept for what is passed on to the players.
 *
 * A mail is never answered if it is a bounce (null Return-Path,
 * multipart/report, or from MAILER-DAEMON or postmaster), is
 * Auto-Submitted (other than "no"), has Precedence bulk, junk or list,
 * carries List-Id, or comes from something that is not an address
 * (address.c: root, a@b@c, "a b"@x): the first reason in that order
 * is kept.  A Reply-To that is not an address is dropped.
 *
 * Message ids are kept only if a reply can name them (reply_id_valid():
 * no space, no 8-bit byte, at most REPLY_ID_MAX bytes); the others are
 * dropped, as if the header did not have them.  Its identity for
 * exactly-once handling is its Message-ID, or, when it has no usable
 * one, "sha256:" and the SHA-256 of its Message-ID header as written
 * (or of the whole mail, when it has none).
 */

struct message_header {
	const char	*name;
	size_t		 offset;	/* of the char * in struct message */
};

#define MESSAGE_FIELD(f)	offsetof(struct message, f)

static const struct message_header message_raw_headers[] = {
	{ "Date", MESSAGE_FIELD(date) },
	{ "Auto-Submitted", MESSAGE_FIELD(auto_submitted) },
	{ "Precedence", MESSAGE_FIELD(precedence) },
	{ "List-Id", MESSAGE_FIELD(list_id) },
	{ NULL, 0 }
};

static const char *message_automatic_names[] = {
	"no", "bounce", "auto-submitted", "precedence", "list", "bad-from"
};

static size_t	message_header_end(const char *, size_t);
static char	*message_header(const char *, size_t, const char *);
static int	message_utf8_valid(const char *);
static char	*message_phrase(const char *);
static int	 message_phrase_plain(const char *);
static char	*message_addresses(const char *, int, char **);
static char	*message_ids(const char *, int);
static void	message_headers(struct message *, const char *, size_t);
static void	message_identity(struct message *, const char *, size_t,
		    size_t);
static int	message_bounce(const struct message *, const char *, size_t);
static void	message_classify(struct message *, const char *, size_t);
static int	message_is(struct mailmime *, int, const char *);
static int	message_attachment(struct mailmime *);
static struct mailmime *message_find(struct mailmime *, const char *);
static char	*message_decode(struct mailmime *);
static void	message_body(struct message *, const char *, size_t);

const char *
message_automatic_name(enum message_automatic a)
{
	return (message_automatic_names[a]);
}

/* Where the header ends: the offset of the body, or 0 if none. */
static size_t
message_header_end(const char *raw, size_t len)
{
	size_t	i;

	for (i = 0; i + 1 < len; i++) {
		if (raw[i] != '\n')
			continue;
		if (raw[i + 1] == '\n')
			return (i + 2);
		if (raw[i + 1] == '\r' && i + 2 < len && raw[i + 2] == '\n')
			return (i + 3);
	}
	return (len);
}

/* The unfolded, trimmed value of the first header called name. */
static char *
message_header(const char *raw, size_t hlen, const char *name)
{
	struct buf	 out;
	const char	*p = raw, *end = raw + hlen, *nl;
	size_t		 n = strlen(name);
	int		 in = 0;

	buf_init(&out);
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (in && (*p == ' ' || *p == '\t'))
			buf_add(&out, p, (size_t)(nl - p));
		else if (in)
			break;
		else if ((size_t)(nl - p) > n && p[n] == ':' &&
		    strncasecmp(p, name, n) == 0) {
			in = 1;
			buf_add(&out, p + n + 1, (size_t)(nl - p - n - 1));
		}
		p = nl + 1;
	}
	if (!in) {
		buf_free(&out);
		return (NULL);
	}
	/* Unfolding leaves CRs behind; they and the ends are white space. */
	for (n = 0; n < out.len; n++) {
		if (out.data[n] == '\r')
			out.data[n] = ' ';
	}
	while (out.len > 0 && isspace((unsigned char)out.data[out.len - 1]))
		out.data[--out.len] = '\0';
	for (n = 0; n < out.len && isspace((unsigned char)out.data[n]); n++)
		/* nothing */;
	memmove(out.data, out.data + n, out.len - n + 1);
	return (buf_steal(&out));
}

/* Is s valid UTF-8? */
static int
message_utf8_valid(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	int			 n;

	while (*p != '\0') {
		if (*p < 0x80) {
			p++;
			continue;
		}
		if ((*p & 0xe0) == 0xc0)
			n = 1;
		else if ((*p & 0xf0) == 0xe0)
			n = 2;
		else if ((*p & 0xf8) == 0xf0)
			n = 3;
		else
			return (0);
		for (p++; n > 0; n--, p++) {
			if ((*p & 0xc0) != 0x80)
				return (0);
		}
	}
	return (1);
}

/*
 * Is s a phrase that decodes to itself: printable, with no encoded
 * word ("=?") and its words one space apart, none before the first?
 * libetpan gives such a phrase back unchanged, after converting each
 * word from UTF-8 to UTF-8 with a conversion opened for it alone.
 */
static int
message_phrase_plain(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;

	if (*p == ' ')
		return (0);
	for (; *p != '\0'; p++) {
		if (*p < 0x20 || *p == 0x7f || (*p == ' ' && p[1] == ' ') ||
		    (*p == '=' && p[1] == '?'))
			return (0);
	}
	return (1);
}

/* Decode the RFC 2047 encoded words of a phrase to UTF-8. */
static char *
message_phrase(const char *s)
{
	const char	*from;
	char		*out = NULL, *copy;
	size_t		 idx = 0;
	int		 utf8;

	utf8 = message_utf8_valid(s);
	if (utf8 && message_phrase_plain(s))
		return (xstrdup(s));
	from = utf8 ? "utf-8" : "iso-8859-1";
	if (mailmime_encoded_phrase_parse(from, s, strlen(s), &idx, "utf-8",
	    &out) != MAILIMF_NO_ERROR || out == NULL)
		return (mail_text_utf8(from, s, strlen(s)));
	copy = xstrdup(out);
	free(out);
	return (copy);
}

/*
 * The addr-specs of an address list, joined by ", "; with one set, just
 * the first, and its decoded display name in *name if name is not NULL.
 */
static char *
message_addresses(const char *value, int one, char **name)
{
	struct mailimf_address_list	*list = NULL;
	struct mailimf_address		*a;
	struct mailimf_mailbox		*mb;
	struct buf			 out;
	clistiter			*i, *j;
	clist				*mbs;
	size_t				 idx = 0;

	if (mailimf_address_list_parse(value, strlen(value), &idx,
	    &list) != MAILIMF_NO_ERROR)
		return (NULL);
	buf_init(&out);
	for (i = clist_begin(list->ad_list); i != NULL; i = clist_next(i)) {
		a = clist_content(i);
		if (a->ad_type == MAILIMF_ADDRESS_MAILBOX) {
			mbs = NULL;
			mb = a->ad_data.ad_mailbox;
			j = NULL;
		} else {
			if (a->ad_data.ad_group->grp_mb_list == NULL)
				continue;
			mbs = a->ad_data.ad_group->grp_mb_list->mb_list;
			j = clist_begin(mbs);
			mb = j != NULL ? clist_content(j) : NULL;
		}
		while (mb != NULL) {
			if (out.len > 0)
				buf_adds(&out, ", ");
			buf_adds(&out, mb->mb_addr_spec);
			if (one) {
				if (name != NULL && mb->mb_display_name != NULL)
					*name = message_phrase(
					    mb->mb_display_name);
				goto done;
			}
			j = mbs != NULL ? clist_next(j) : NULL;
			mb = j != NULL ? clist_content(j) : NULL;
		}
	}
done:
	mailimf_address_list_free(list);
	if (out.len == 0) {
		buf_free(&out);
		return (NULL);
	}
	return (buf_steal(&out));
}

/*
 * The message ids of value without angle brackets, one space between;
 * or the first.  Only ids that can be written back between < > in a
 * reply (reply_id_valid()) are kept: an id with a space, 8-bit bytes
 * or over REPLY_ID_MAX bytes names no mail of ours and would make a
 * reply's header wrong.
 */
static char *
message_ids(const char *value, int one)
{
	struct buf	 out;
	const char	*gt;
	char		*id;
	size_t		 idx = 0, len = strlen(value);

	buf_init(&out);
	while (idx < len) {
		id = NULL;
		if (mailimf_msg_id_parse(value, len, &idx, &id) !=
		    MAILIMF_NO_ERROR) {
			/* Past the id libetpan cannot read, to the next. */
			if ((gt = strchr(value + idx, '>')) == NULL)
				break;
			idx = (size_t)(gt - value) + 1;
			continue;
		}
		if (!reply_id_valid(id, strlen(id))) {
			mailimf_msg_id_free(id);
			continue;
		}
		if (out.len > 0)
			buf_addc(&out, ' ');
		buf_adds(&out, id);
		mailimf_msg_id_free(id);
		if (one)
			break;
	}
	if (out.len == 0) {
		buf_free(&out);
		return (NULL);
	}
	return (buf_steal(&out));
}

static void
message_headers(struct message *m, const char *raw, size_t hlen)
{
	const struct message_header	*h;
	char				*v;

	for (h = message_raw_headers; h->name != NULL; h++) {
		*(char **)((char *)m + h->offset) =
		    message_header(raw, hlen, h->name);
	}
	if ((v = message_header(raw, hlen, "From")) != NULL) {
		m->from = message_addresses(v, 1, &m->from_name);
		free(v);
	}
	if ((v = message_header(raw, hlen, "Reply-To")) != NULL) {
		m->reply_to = message_addresses(v, 1, NULL);
		free(v);
		if (m->reply_to != NULL && address_check(m->reply_to,
		    strlen(m->reply_to)) == -1) {
			free(m->reply_to);
			m->reply_to = NULL;
		}
	}
	if ((v = message_header(raw, hlen, "To")) != NULL) {
		m->to = message_addresses(v, 0, NULL);
		free(v);
	}
	if ((v = message_header(raw, hlen, "Cc")) != NULL) {
		m->cc = message_addresses(v, 0, NULL);
		free(v);
	}
	if ((v = message_header(raw, hlen, "Subject")) != NULL) {
		m->subject = message_phrase(v);
		free(v);
	}
	if ((v = message_header(raw, hlen, "Message-ID")) != NULL) {
		m->message_id = message_ids(v, 1);
		free(v);
	}
	if ((v = message_header(raw, hlen, "In-Reply-To")) != NULL) {
		m->in_reply_to = message_ids(v, 1);
		free(v);
	}
	if ((v = message_header(raw, hlen, "References")) != NULL) {
		m->references = message_ids(v, 0);
		free(v);
	}
	if ((v = message_header(raw, hlen, "Return-Path")) != NULL) {
		if (strspn(v, "<> \t") == strlen(v))
			m->return_path = xstrdup("<>");
		else
			m->return_path = message_addresses(v, 1, NULL);
		if (m->return_path == NULL)
			m->return_path = xstrdup(v);
		free(v);
	}
}

/*
 * The Message-ID, or a digest when there is no usable one: of the
 * header as written if there is one, so that the same mail sent again
 * is known, else of the whole mail.
 */
static void
message_identity(struct message *m, const char *raw, size_t hlen,
    size_t len)
{
	struct sha256_ctx	ctx;
	uint8_t			digest[SHA256_DIGEST_SIZE];
	size_t			i;
	char			*v = NULL;

	if (m->message_id != NULL) {
		/* reply_id_valid(): at most REPLY_ID_MAX bytes. */
		snprintf(m->id, sizeof m->id, "%s", m->message_id);
		return;
	}
	sha256_init(&ctx);
	if ((v = message_header(raw, hlen, "Message-ID")) != NULL &&
	    *v != '\0')
		sha256_update(&ctx, strlen(v), (const uint8_t *)v);
	else
		sha256_update(&ctx, len, (const uint8_t *)raw);
	free(v);
	sha256_digest(&ctx, sizeof digest, digest);
	snprintf(m->id, sizeof m->id, "sha256:");
	for (i = 0; i < sizeof digest; i++)
		snprintf(m->id + 7 + 2 * i, 3, "%02x", digest[i]);
}

/* Is this a bounce: null Return-Path, a report, or from a daemon? */
static int
message_bounce(const struct message *m, const char *raw, size_t hlen)
{
	char	*ct;
	int	 report = 0;

	if (m->return_path != NULL && strcmp(m->return_path, "<>") == 0)
		return (1);
	if ((ct = message_header(raw, hlen, "Content-Type")) != NULL) {
		report = strncasecmp(ct, "multipart/report", 16) == 0;
		free(ct);
		if (report)
			return (1);
	}
	if (m->from == NULL)
		return (0);
	return (strncasecmp(m->from, "mailer-daemon@", 14) == 0 ||
	    strncasecmp(m->from, "postmaster@", 11) == 0 ||
	    strcasecmp(m->from, "mailer-daemon") == 0);
}

static void
message_classify(struct message *m, const char *raw, size_t hlen)
{
	const char	*p = m->precedence;

	if (message_bounce(m, raw, hlen))
		m->automatic = MESSAGE_BOUNCE;
	else if (m->auto_submitted != NULL &&
	    strncasecmp(m->auto_submitted, "no", 2) != 0)
		m->automatic = MESSAGE_AUTO_SUBMITTED;
	else if (p != NULL && (strcasecmp(p, "bulk") == 0 ||
	    strcasecmp(p, "junk") == 0 || strcasecmp(p, "list") == 0))
		m->automatic = MESSAGE_PRECEDENCE;
	else if (m->list_id != NULL)
		m->automatic = MESSAGE_LIST;
	else if (m->from != NULL &&
	    address_check(m->from, strlen(m->from)) == -1)
		m->automatic = MESSAGE_BAD_FROM;
	else
		m->automatic = MESSAGE_HUMAN;
}

/* Is mime a single part of type text/subtype? */
static int
message_is(struct mailmime *mime, int type, const char *subtype)
{
	struct mailmime_content	*ct = mime->mm_content_type;

	if (mime->mm_type != MAILMIME_SINGLE || ct == NULL ||
	    ct->ct_type->tp_type != MAILMIME_TYPE_DISCRETE_TYPE ||
	    ct->ct_type->tp_data.tp_discrete_type->dt_type != type)
		return (0);
	return (strcasecmp(ct->ct_subtype, subtype) == 0);
}

/* Is mime marked as an attachment? */
static int
message_attachment(struct mailmime *mime)
{
	struct mailmime_field	*f;
	clistiter		*i;

	if (mime->mm_mime_fields == NULL)
		return (0);
	for (i = clist_begin(mime->mm_mime_fields->fld_list); i != NULL;
	    i = clist_next(i)) {
		f = clist_content(i);
		if (f->fld_type == MAILMIME_FIELD_DISPOSITION &&
		    f->fld_data.fld_disposition->dsp_type->dsp_type ==
		    MAILMIME_DISPOSITION_TYPE_ATTACHMENT)
			return (1);
	}
	return (0);
}

/* The first text/subtype part that is not an attachment, depth first. */
static struct mailmime *
message_find(struct mailmime *mime, const char *subtype)
{
	struct mailmime	*found;
	clistiter	*i;

	switch (mime->mm_type) {
	case MAILMIME_SINGLE:
		if (message_is(mime, MAILMIME_DISCRETE_TYPE_TEXT, subtype) &&
		    !message_attachment(mime))
			return (mime);
		return (NULL);
	case MAILMIME_MULTIPLE:
		for (i = clist_begin(mime->mm_data.mm_multipart.mm_mp_list);
		    i != NULL; i = clist_next(i)) {
			found = message_find(clist_content(i), subtype);
			if (found != NULL)
				return (found);
		}
		return (NULL);
	case MAILMIME_MESSAGE:
		/* Only the top: an attached mail is not the player's text. */
		if (mime->mm_parent != NULL ||
		    mime->mm_data.mm_message.mm_msg_mime == NULL)
			return (NULL);
		return (message_find(mime->mm_data.mm_message.mm_msg_mime,
		    subtype));
	}
	return (NULL);
}

/* The part's content, decoded and converted to UTF-8. */
static char *
message_decode(struct mailmime *part)
{
	struct mailmime_data	*data = part->mm_data.mm_single;
	char			*decoded = NULL, *text, *flowed, *delsp;
	size_t			 idx = 0, len = 0;

	if (data == NULL || data->dt_type != MAILMIME_DATA_TEXT)
		return (xstrdup(""));
	if (mailmime_part_parse(data->dt_data.dt_text.dt_data,
	    data->dt_data.dt_text.dt_length, &idx, data->dt_encoding,
	    &decoded, &len) != MAILIMF_NO_ERROR)
		return (xstrdup(""));
	text = mail_text_utf8(mailmime_content_charset_get(
	    part->mm_content_type), decoded, len);
	mmap_string_unref(decoded);
	flowed = mailmime_content_param_get(part->mm_content_type, "format");
	if (flowed != NULL && strcasecmp(flowed, "flowed") == 0) {
		delsp = mailmime_content_param_get(part->mm_content_type,
		    "delsp");
		decoded = mail_text_unflow(text, delsp != NULL &&
		    strcasecmp(delsp, "yes") == 0);
		free(text);
		text = decoded;
	}
	return (text);
}

static void
message_body(struct message *m, const char *raw, size_t len)
{
	struct mailmime	*mime = NULL, *part;
	char		*text, *html;
	size_t		 idx = 0;

	if (mailmime_parse(raw, len, &idx, &mime) != MAILIMF_NO_ERROR) {
		m->text = xstrdup("");
		m->written = xstrdup("");
		return;
	}
	if ((part = message_find(mime, "plain")) != NULL)
		text = message_decode(part);
	else if ((part = message_find(mime, "html")) != NULL) {
		html = message_decode(part);
		text = mail_text_html(html);
		free(html);
	} else
		text = xstrdup("");
	mailmime_free(mime);
	m->text = mail_text_clean(text, m->from_name, &m->written);
	free(text);
}

/*
 * Parse the len bytes of a mail.  A mail over limit bytes keeps its
 * headers but no text, and is marked too large.  Fails only if the
 * bytes are not a mail at all.
 */
int
message_parse(const char *raw, size_t len, size_t limit, struct message *m,
    char **cause)
{
	size_t	hlen;

	memset(m, 0, sizeof *m);
	m->size = len;
	hlen = message_header_end(raw, len);
	if (len == 0 || memchr(raw, ':', hlen) == NULL) {
		xasprintf(cause, "not a mail: it has no header");
		return (-1);
	}
	message_headers(m, raw, hlen);
	message_identity(m, raw, hlen, len);
	message_classify(m, raw, hlen);
	if (len > limit) {
		m->too_large = 1;
		m->text = xstrdup("");
		m->written = xstrdup("");
		return (0);
	}
	message_body(m, raw, len);
	return (0);
}

void
message_free(struct message *m)
{
	if (m == NULL)
		return;
	free(m->from);
	free(m->from_name);
	free(m->reply_to);
	free(m->to);
	free(m->cc);
	free(m->subject);
	free(m->message_id);
	free(m->in_reply_to);
	free(m->references);
	free(m->date);
	free(m->auto_submitted);
	free(m->precedence);
	free(m->list_id);
	free(m->return_path);
	free(m->text);
	free(m->written);
	memset(m, 0, sizeof *m);
}
