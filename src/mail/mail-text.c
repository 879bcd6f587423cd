#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "mail-text.h"
#include "xmalloc.h"

/*
 * The command text of a mail is what the player typed, nothing else.
 * Bodies arrive in any charset (converted to UTF-8 with iconv; bytes a
 * charset cannot explain become U+FFFD), as HTML (tags dropped, the
 * entities players' clients use decoded, <br> a line break and every
 * block on lines of its own) or as format=flowed (soft line breaks
 * joined, RFC 3676).
 *
 * Cleaning first folds typography to the ASCII a player means: dashes
 * and the minus sign to "-", curly quotes to straight ones, no-break
 * and ideographic spaces to spaces, full-width forms (U+FF01-U+FF5E) to
 * their ASCII letters, digits and signs; zero-width characters go.
 * Then it works on lines.  The first of these ends the text: an Outlook
 * "-----Original Message-----" line (in any of the languages of
 * mail_text_originals), an Outlook header block (a "From:" line with a
 * "Sent:" line within the next four, in the same languages), a "-- "
 * signature separator, or a mobile client's signature ("Sent from my
 * iPhone", mail_text_signatures).  Quoted lines (">") and attributions
 * ("On ... wrote:", "Am ... schrieb ...:", mail_text_attributions),
 * also wrapped over two lines, are dropped wherever they are, so both
 * top- and bottom-posted replies keep only the new text.  Trailing
 * white space, leading and trailing blank lines and runs of blank lines
 * are tidied last.
 */

#define MAIL_TEXT_LOOKAHEAD	4	/* lines from "From:" to "Sent:" */
#define MAIL_TEXT_WRAPPED	80	/* longest second line of two */

#ifndef nitems
#define nitems(a)	(sizeof (a) / sizeof (a)[0])
#endif

struct mail_text_line {
	const char	*s;
	size_t		 len;
};

static const struct {
	const char	*name;
	const char	*utf8;
} mail_text_entities[] = {
	{ "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" },
	{ "apos", "'" }, { "nbsp", " " }, { "rsquo", "\xe2\x80\x99" },
	{ "lsquo", "\xe2\x80\x98" }, { "rdquo", "\xe2\x80\x9d" },
	{ "ldquo", "\xe2\x80\x9c" }, { "ndash", "\xe2\x80\x93" },
	{ "mdash", "\xe2\x80\x94" }, { "hellip", "\xe2\x80\xa6" },
	{ "eacute", "\xc3\xa9" }, { "egrave", "\xc3\xa8" },
	{ "uuml", "\xc3\xbc" }, { "ouml", "\xc3\xb6" }, { "auml", "\xc3\xa4" },
	{ "szlig", "\xc3\x9f" }, { "copy", "\xc2\xa9" }
};

/*
 * Attributions, the line a client writes above the text it quotes: a
 * line that starts with begin, holds within and ends with end (each
 * optional, compared ignoring ASCII case), or two lines that do so
 * together.  Gmail, Outlook, Apple Mail and Thunderbird in each
 * language write one of these.  The text is UTF-8, as cleaning
 * works on it.
 */
static const struct mail_text_attribution {
	const char	*begin;
	const char	*within;
	const char	*end;
} mail_text_attributions[] = {
	{ "On ", NULL, "wrote:" },				/* en */
	{ "Am ", " schrieb ", ":" },				/* de */
	{ "Le ", NULL, "a écrit :" },			/* fr */
	{ "Le ", NULL, "a écrit:" },
	{ "El ", NULL, "escribió:" },			/* es */
	{ "Il ", NULL, "ha scritto:" },				/* it */
	{ "Op ", " schreef ", ":" },				/* nl */
	{ "Em ", NULL, "escreveu:" },				/* pt */
	{ "Den ", " skrev ", ":" },				/* sv */
	{ "W dniu ", NULL, "pisze:" },				/* pl */
	{ "W dniu ", NULL, "napisał(a):" },
	{ "W dniu ", NULL, "napisał:" },
	{ NULL, NULL, " писал(а):" },				/* ru */
	{ NULL, NULL, " написал(а):" },
	{ "пн, ", NULL, ">:" }, { "вт, ", NULL, ">:" },	/* ru, Gmail */
	{ "ср, ", NULL, ">:" }, { "чт, ", NULL, ">:" },
	{ "пт, ", NULL, ">:" }, { "сб, ", NULL, ">:" },
	{ "вс, ", NULL, ">:" },
};

/* Outlook's quoted-mail header block: a From line, then a Sent line. */
static const char *mail_text_from[] = {
	"From:", "Von:", "De :", "De:", "Da:", "Van:", "Från:", "Od:",
	"От:", NULL
};
static const char *mail_text_sent[] = {
	"Sent:", "Gesendet:", "Envoyé :", "Envoyé:", "Enviado:",
	"Inviato:", "Verzonden:", "Skickat:", "Wysłano:",
	"Отправлено:", NULL
};

/* Outlook's and Apple's separator above a forwarded or quoted mail. */
static const char *mail_text_originals[] = {
	"-----Original Message-----", "-----Ursprüngliche Nachricht-----",
	"-----Message d'origine-----", "-----Mensaje original-----",
	"-----Messaggio originale-----", "-----Oorspronkelijk bericht-----",
	"-----Mensagem original-----", "-----Ursprungligt meddelande-----",
	"-----Wiadomość oryginalna-----",
	"-----Исходное сообщение-----",
	"Begin forwarded message:", NULL
};

/* The signatures mobile clients add, which end the text. */
static const char *mail_text_signatures[] = {
	"Sent from my ", "Sent from Mail for Windows", "Sent from Yahoo Mail",
	"Sent from Outlook", "Get Outlook for ", "Envoyé de mon ",
	"Von meinem ", "Gesendet von meinem ", "Enviado desde mi ",
	"Enviado do meu ", "Enviado de meu ", "Inviato da ",
	"Verzonden vanaf mijn ", "Verstuurd vanaf mijn ",
	"Skickat från min ", "Wysłane z ",
	"Отправлено с ", NULL
};

/* Typography folded to ASCII: code point from..to becomes to_ascii. */
static const struct {
	unsigned long	 from;
	unsigned long	 to;
	const char	*ascii;		/* "": dropped */
} mail_text_folds[] = {
	{ 0x00a0, 0x00a0, " " }, { 0x2000, 0x200a, " " },
	{ 0x202f, 0x202f, " " }, { 0x205f, 0x205f, " " },
	{ 0x3000, 0x3000, " " },
	{ 0x200b, 0x200d, "" }, { 0x2060, 0x2060, "" }, { 0xfeff, 0xfeff, "" },
	{ 0x2010, 0x2015, "-" }, { 0x2212, 0x2212, "-" },
	{ 0x2018, 0x201b, "'" }, { 0x2032, 0x2032, "'" },
	{ 0x201c, 0x201f, "\"" }, { 0x2033, 0x2033, "\"" },
	{ 0x2024, 0x2024, "." }, { 0x2026, 0x2026, "..." },
};

static void	mail_text_codepoint(struct buf *, unsigned long);
static const char *mail_text_entity(const char *, struct buf *);
static const char *mail_text_tag(const char *, struct buf *, int *);
static int	mail_text_lines(const char *, struct mail_text_line **);
static int	mail_text_starts(const struct mail_text_line *, const char *);
static int	mail_text_blank(const struct mail_text_line *);
static int	mail_text_matches(const char *, size_t,
		    const struct mail_text_attribution *);
static int	mail_text_any(const struct mail_text_line *, const char **);
static int	mail_text_wrote(const struct mail_text_line *, int, int);
static int	mail_text_outlook(const struct mail_text_line *, int, int);
static unsigned long mail_text_decode(const unsigned char *, size_t *);
static char	*mail_text_fold(const char *);

/* Write code point cp as UTF-8. */
static void
mail_text_codepoint(struct buf *out, unsigned long cp)
{
	if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x80)
		buf_addc(out, (char)cp);
	else if (cp < 0x800) {
		buf_addc(out, (char)(0xc0 | cp >> 6));
		buf_addc(out, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		buf_addc(out, (char)(0xe0 | cp >> 12));
		buf_addc(out, (char)(0x80 | ((cp >> 6) & 0x3f)));
		buf_addc(out, (char)(0x80 | (cp & 0x3f)));
	} else {
		buf_addc(out, (char)(0xf0 | cp >> 18));
		buf_addc(out, (char)(0x80 | ((cp >> 12) & 0x3f)));
		buf_addc(out, (char)(0x80 | ((cp >> 6) & 0x3f)));
		buf_addc(out, (char)(0x80 | (cp & 0x3f)));
	}
}

/*
 * Convert len bytes of text in charset (NULL: us-ascii) to UTF-8.
 * Bytes the charset cannot explain, or an unknown charset's non-ASCII
 * bytes, become U+FFFD.
 */
char *
mail_text_utf8(const char *charset, const char *in, size_t len)
{
	struct buf	 out;
	iconv_t		 cd;
	char		 chunk[1024], *src = (char *)in, *dst;
	size_t		 left = len, room, i;

	buf_init(&out);
	if (charset == NULL || *charset == '\0')
		charset = "us-ascii";
	cd = iconv_open("UTF-8", charset);
	if (cd == (iconv_t)-1) {
		for (i = 0; i < len; i++) {
			if ((unsigned char)in[i] < 0x80)
				buf_addc(&out, in[i]);
			else
				mail_text_codepoint(&out, 0xfffd);
		}
		return (buf_steal(&out));
	}
	while (left > 0) {
		dst = chunk;
		room = sizeof chunk;
		if (iconv(cd, &src, &left, &dst, &room) == (size_t)-1 &&
		    errno != E2BIG) {
			buf_add(&out, chunk, sizeof chunk - room);
			mail_text_codepoint(&out, 0xfffd);
			src++;
			left--;
			iconv(cd, NULL, NULL, NULL, NULL);
			continue;
		}
		buf_add(&out, chunk, sizeof chunk - room);
	}
	iconv_close(cd);
	return (buf_steal(&out));
}

/* Decode the entity at p (just after '&'); returns where it ends. */
static const char *
mail_text_entity(const char *p, struct buf *out)
{
	const char	*end;
	char		*stop;
	unsigned long	 cp;
	size_t		 len, i;

	if (*p == '#') {
		if (p[1] == 'x' || p[1] == 'X')
			cp = strtoul(p + 2, &stop, 16);
		else
			cp = strtoul(p + 1, &stop, 10);
		if (stop > p + 1 && *stop == ';') {
			mail_text_codepoint(out, cp);
			return (stop + 1);
		}
		buf_addc(out, '&');
		return (p);
	}
	for (end = p; isalnum((unsigned char)*end); end++)
		/* nothing */;
	len = (size_t)(end - p);
	if (*end == ';') {
		for (i = 0; i < sizeof mail_text_entities /
		    sizeof mail_text_entities[0]; i++) {
			if (strlen(mail_text_entities[i].name) == len &&
			    strncmp(mail_text_entities[i].name, p, len) == 0) {
				buf_adds(out, mail_text_entities[i].utf8);
				return (end + 1);
			}
		}
	}
	buf_addc(out, '&');
	return (p);
}

/*
 * Handle the tag at p (just after '<'): a line break for the ends of
 * blocks, and *skip set inside <style>, <script> and <head>.
 */
static const char *
mail_text_tag(const char *p, struct buf *out, int *skip)
{
	static const char	*blocks[] = {
		"p", "div", "li", "tr", "h1", "h2", "h3", "blockquote",
		"hr", "table", "pre", NULL
	};
	static const char	*hidden[] = { "style", "script", "head", NULL };
	const char		*end, *name = p;
	size_t			 len;
	int			 i, closing = 0;

	if (strncmp(p, "!--", 3) == 0) {
		end = strstr(p + 3, "-->");
		return (end != NULL ? end + 3 : p + strlen(p));
	}
	end = strchr(p, '>');
	if (end == NULL)
		return (p + strlen(p));
	if (*name == '/') {
		closing = 1;
		name++;
	}
	for (len = 0; isalnum((unsigned char)name[len]); len++)
		/* nothing */;
	if (len == 2 && strncasecmp(name, "br", 2) == 0)
		buf_addc(out, '\n');
	for (i = 0; blocks[i] != NULL; i++) {
		/* A block starts and ends on a line of its own. */
		if (strlen(blocks[i]) == len &&
		    strncasecmp(blocks[i], name, len) == 0 && out->len > 0 &&
		    out->data[out->len - 1] != '\n')
			buf_addc(out, '\n');
	}
	for (i = 0; hidden[i] != NULL; i++) {
		if (strlen(hidden[i]) == len &&
		    strncasecmp(hidden[i], name, len) == 0)
			*skip = !closing;
	}
	return (end + 1);
}

/* HTML (UTF-8) as plain text. */
char *
mail_text_html(const char *html)
{
	struct buf	 out;
	const char	*p = html;
	int		 skip = 0, space = 0;

	buf_init(&out);
	while (*p != '\0') {
		if (*p == '<') {
			p = mail_text_tag(p + 1, &out, &skip);
			space = 0;
			continue;
		}
		if (skip) {
			p++;
			continue;
		}
		if (isspace((unsigned char)*p)) {
			/* HTML white space, line ends included, is one space. */
			if (!space && out.len > 0 && out.data[out.len - 1] !=
			    '\n')
				buf_addc(&out, ' ');
			space = 1;
			p++;
			continue;
		}
		space = 0;
		if (*p == '&')
			p = mail_text_entity(p + 1, &out);
		else
			buf_addc(&out, *p++);
	}
	return (buf_steal(&out));
}

/*
 * Join the soft line breaks of format=flowed text: a line ending in a
 * space goes on with the next line of the same quote depth.  Space
 * stuffing is undone; with delsp the trailing space is dropped too.
 * The "-- " signature line is never flowed.
 */
char *
mail_text_unflow(const char *text, int delsp)
{
	struct buf	 out;
	const char	*p = text, *nl, *s;
	size_t		 len;
	int		 depth, prev = -1, soft = 0;

	buf_init(&out);
	while (*p != '\0') {
		nl = strchr(p, '\n');
		len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		s = p;
		for (depth = 0; (size_t)depth < len && s[depth] == '>';
		    depth++)
			/* nothing */;
		s += depth;
		len -= (size_t)depth;
		if (len > 0 && *s == ' ') {
			s++;
			len--;
		}
		if (soft && depth != prev)
			buf_addc(&out, '\n');
		if (!soft || depth != prev) {
			for (prev = 0; prev < depth; prev++)
				buf_addc(&out, '>');
			if (depth > 0)
				buf_addc(&out, ' ');
		}
		prev = depth;
		soft = len > 0 && s[len - 1] == ' ' &&
		    !(len == 3 && strncmp(s, "-- ", 3) == 0);
		if (soft && delsp)
			len--;
		buf_add(&out, s, len);
		if (!soft)
			buf_addc(&out, '\n');
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return (buf_steal(&out));
}

/* Split text into lines (without their CR LF or LF). */
static int
mail_text_lines(const char *text, struct mail_text_line **lines)
{
	const char	*p = text, *nl;
	int		 n = 0, size = 64;

	*lines = xreallocarray(NULL, (size_t)size, sizeof **lines);
	while (*p != '\0') {
		if (n == size) {
			size *= 2;
			*lines = xreallocarray(*lines, (size_t)size,
			    sizeof **lines);
		}
		nl = strchr(p, '\n');
		(*lines)[n].s = p;
		(*lines)[n].len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		while ((*lines)[n].len > 0 && isspace((unsigned char)
		    p[(*lines)[n].len - 1]))
			(*lines)[n].len--;
		n++;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return (n);
}

/* Does line start with prefix, ignoring case and leading blanks? */
static int
mail_text_starts(const struct mail_text_line *l, const char *prefix)
{
	size_t	i = 0, n = strlen(prefix);

	while (i < l->len && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	return (l->len - i >= n && strncasecmp(l->s + i, prefix, n) == 0);
}

static int
mail_text_blank(const struct mail_text_line *l)
{
	return (l->len == 0);
}

/* Does the line s (len bytes) read as attribution at? */
static int
mail_text_matches(const char *s, size_t len,
    const struct mail_text_attribution *at)
{
	size_t	n;

	if (at->begin != NULL && (len < (n = strlen(at->begin)) ||
	    strncasecmp(s, at->begin, n) != 0))
		return (0);
	if (at->end != NULL && (len < (n = strlen(at->end)) ||
	    strncasecmp(s + len - n, at->end, n) != 0))
		return (0);
	if (at->within != NULL) {
		n = strlen(at->within);
		for (; len >= n; s++, len--) {
			if (strncasecmp(s, at->within, n) == 0)
				return (1);
		}
		return (0);
	}
	return (1);
}

/*
 * How many lines from line i form an attribution: 1 or 2 (when
 * wrapped), or 0.
 */
static int
mail_text_wrote(const struct mail_text_line *lines, int i, int n)
{
	const struct mail_text_line	*l = &lines[i];
	struct buf			 two;
	size_t				 k;
	int				 found = 0;

	for (k = 0; k < nitems(mail_text_attributions); k++) {
		if (mail_text_matches(l->s, l->len, &mail_text_attributions[k]))
			return (1);
	}
	if (i + 1 >= n || lines[i + 1].len == 0 ||
	    lines[i + 1].len >= MAIL_TEXT_WRAPPED)
		return (0);
	buf_init(&two);
	buf_add(&two, l->s, l->len);
	buf_addc(&two, ' ');
	buf_add(&two, lines[i + 1].s, lines[i + 1].len);
	for (k = 0; k < nitems(mail_text_attributions) && !found; k++) {
		/* The first line must begin it: not any line before one. */
		found = mail_text_attributions[k].begin != NULL &&
		    mail_text_matches(two.data, two.len,
		    &mail_text_attributions[k]);
	}
	buf_free(&two);
	return (found ? 2 : 0);
}

/* Does line l start with one of words? */
static int
mail_text_any(const struct mail_text_line *l, const char **words)
{
	for (; *words != NULL; words++) {
		if (mail_text_starts(l, *words))
			return (1);
	}
	return (0);
}

/* Does an Outlook quoted-mail header block start at line i? */
static int
mail_text_outlook(const struct mail_text_line *lines, int i, int n)
{
	int	j;

	if (mail_text_any(&lines[i], mail_text_originals))
		return (1);
	if (!mail_text_any(&lines[i], mail_text_from))
		return (0);
	for (j = i + 1; j < n && j <= i + MAIL_TEXT_LOOKAHEAD; j++) {
		if (mail_text_any(&lines[j], mail_text_sent))
			return (1);
	}
	return (0);
}

/* The code point of the UTF-8 sequence at p, and its length in *len. */
static unsigned long
mail_text_decode(const unsigned char *p, size_t *len)
{
	if (p[0] >= 0xe0 && p[0] < 0xf0 && (p[1] & 0xc0) == 0x80 &&
	    (p[2] & 0xc0) == 0x80) {
		*len = 3;
		return ((unsigned long)(p[0] & 0x0f) << 12 |
		    (unsigned long)(p[1] & 0x3f) << 6 | (p[2] & 0x3f));
	}
	if (p[0] >= 0xc0 && p[0] < 0xe0 && (p[1] & 0xc0) == 0x80) {
		*len = 2;
		return ((unsigned long)(p[0] & 0x1f) << 6 | (p[1] & 0x3f));
	}
	*len = 1;
	return (p[0]);
}

/* Text with its typography folded to ASCII (mail_text_folds). */
static char *
mail_text_fold(const char *text)
{
	const unsigned char	*p = (const unsigned char *)text;
	struct buf		 out;
	unsigned long		 cp;
	size_t			 len, k;

	buf_init(&out);
	while (*p != '\0') {
		cp = mail_text_decode(p, &len);
		if (cp >= 0xff01 && cp <= 0xff5e) {
			buf_addc(&out, (char)(cp - 0xfee0));
			p += len;
			continue;
		}
		for (k = 0; k < nitems(mail_text_folds); k++) {
			if (cp >= mail_text_folds[k].from &&
			    cp <= mail_text_folds[k].to)
				break;
		}
		if (k < nitems(mail_text_folds))
			buf_adds(&out, mail_text_folds[k].ascii);
		else
			buf_add(&out, (const char *)p, len);
		p += len;
	}
	return (buf_steal(&out));
}

/* The new text of a reply: history and signature cut away, tidied. */
char *
mail_text_clean(const char *text)
{
	struct mail_text_line	*lines, *l;
	struct buf		 out;
	char			*folded;
	int			 n, i, k, blank = 0, any = 0;

	folded = mail_text_fold(text);
	n = mail_text_lines(folded, &lines);
	buf_init(&out);
	for (i = 0; i < n; i++) {
		l = &lines[i];
		if ((l->len == 2 && strncmp(l->s, "--", 2) == 0) ||
		    mail_text_outlook(lines, i, n) ||
		    mail_text_any(l, mail_text_signatures))
			break;
		if (l->len > 0 && l->s[0] == '>')
			continue;
		if ((k = mail_text_wrote(lines, i, n)) > 0) {
			i += k - 1;
			continue;
		}
		if (mail_text_blank(l)) {
			blank = any;
			continue;
		}
		if (blank)
			buf_addc(&out, '\n');
		blank = 0;
		any = 1;
		buf_add(&out, l->s, l->len);
		buf_addc(&out, '\n');
	}
	free(lines);
	free(folded);
	return (buf_steal(&out));
}
