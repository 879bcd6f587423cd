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
 * HTML quotes are dropped while the HTML is read: a <blockquote> (Apple
 * Mail, Thunderbird, Roundcube, Horde, Zimbra), and the <div>s of
 * Gmail ("gmail_quote"), Thunderbird ("moz-cite-prefix"), Yahoo
 * ("yahoo_quoted"), Roundcube ("reply-intro"), GMX and web.de
 * (name="quote") and Proton ("protonmail_quote"), each with what it
 * holds; Zimbra's <hr id="zwchr"> and Outlook's divRplyFwdMsg and
 * appendonsend end the text.
 *
 * Cleaning decides on the text with its typography folded to the ASCII
 * a player means: dashes and the minus sign to "-", curly quotes to
 * straight ones, no-break and ideographic spaces to spaces, full-width
 * forms (U+FF01-U+FF5E) to their ASCII letters, digits and signs;
 * zero-width characters go.  Folding never adds or removes a line
 * break, so the folded text (for the command reader) and the text as
 * written (for the players: press keeps the writer's typography) are
 * cut at the same lines and come out with the same lines.
 *
 * Then it works on lines.  The first of these ends the text: an
 * Outlook "-----Original Message-----" line or any line of dashes
 * around the name of an original or forwarded mail (Zimbra's "-----
 * Mail original -----", Foxmail's "------------------ Original
 * ------------------" and "原始邮件", mail_text_originals), Outlook's
 * separator (a line of 10 or more "_"), an Outlook header block (a
 * "From:" line with a "Sent:" line within the next four, in the same
 * languages, or GMX's "Gesendet:" above "Von:"), a "-- " signature
 * separator, a mobile client's signature ("Sent from my iPhone",
 * mail_text_signatures), a disclaimer (a line
 * that begins "CONFIDENTIALITY NOTICE", "DISCLAIMER", "This e-mail and
 * any attachments", ..., mail_text_disclaimers), or an attribution
 * ("On ... wrote:") whose next line is not quoted: Yahoo's and
 * Horde's plain text quote without ">".  Quoted lines (">") and
 * attributions ("On ... wrote:", "Am ... schrieb ...:",
 * mail_text_attributions), also wrapped over two lines, are dropped
 * wherever they are, so both top- and bottom-posted replies keep only
 * the new text.  A last line that is the sender's display name alone,
 * or a last block of at most six lines that begins with it (Outlook's
 * signature: name, title, company, telephone) goes, with the closing
 * right above it; a closing with a first name ("Cheers,\nAnna") stays.
 * Trailing white space, leading and trailing blank lines and runs of
 * blank lines are tidied last.
 */

#define MAIL_TEXT_LOOKAHEAD	4	/* lines from "From:" to "Sent:" */
#define MAIL_TEXT_WRAPPED	80	/* longest second line of two */
#define MAIL_TEXT_RULE		10	/* shortest line of "_" that ends */
#define MAIL_TEXT_SIGNATURE	6	/* lines of a signature under a name */

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
 * line that starts with begin (or a digit, for date), holds within and
 * ends with end (each optional, compared ignoring ASCII case), or two
 * lines that do so together.  Gmail, Outlook, Apple Mail, Thunderbird,
 * Horde and FairEmail in each language write one of these.  The text
 * is UTF-8, as cleaning works on it.
 */
static const struct mail_text_attribution {
	const char	*begin;
	const char	*within;
	const char	*end;
	int		 date;		/* it begins with a digit */
} mail_text_attributions[] = {
	{ "On ", NULL, "wrote:", 0 },				/* en */
	{ "Am ", " schrieb ", ":", 0 },				/* de */
	{ "Le ", NULL, "a écrit :", 0 },			/* fr */
	{ "Le ", NULL, "a écrit:", 0 },
	{ "El ", NULL, "escribió:", 0 },			/* es */
	{ "Il ", NULL, "ha scritto:", 0 },				/* it */
	{ "Op ", " schreef ", ":", 0 },				/* nl */
	{ "Em ", NULL, "escreveu:", 0 },				/* pt */
	{ "Den ", " skrev ", ":", 0 },				/* sv */
	{ "W dniu ", NULL, "pisze:", 0 },				/* pl */
	{ "W dniu ", NULL, "napisał(a):", 0 },
	{ "W dniu ", NULL, "napisał:", 0 },
	{ NULL, NULL, " писал(а):", 0 },				/* ru */
	{ NULL, NULL, " написал(а):", 0 },
	{ "пн, ", NULL, ">:", 0 }, { "вт, ", NULL, ">:", 0 },	/* ru, Gmail */
	{ "ср, ", NULL, ">:", 0 }, { "чт, ", NULL, ">:", 0 },
	{ "пт, ", NULL, ">:", 0 }, { "сб, ", NULL, ">:", 0 },
	{ "вс, ", NULL, ">:", 0 },
	{ NULL, "@", ">:", 1 },		/* FairEmail: "23 Nov ... <a@b>:" */
	{ "Quoting ", NULL, ">:", 0 },				/* Horde */
	{ "Zitat von ", NULL, ">:", 0 },
	{ "Citation de ", NULL, ">:", 0 },
	{ NULL, NULL, "写道:", 0 },			/* zh, folded */
};

/* Outlook's quoted-mail header block: a From line, then a Sent line. */
static const char *mail_text_from[] = {
	"From:", "Von:", "De :", "De:", "Da:", "Van:", "Från:", "Od:",
	"От:", "发件人:", NULL
};
static const char *mail_text_sent[] = {
	"Sent:", "Gesendet:", "Envoyé :", "Envoyé:", "Enviado:",
	"Inviato:", "Verzonden:", "Skickat:", "Wysłano:",
	"Отправлено:", "发送时间:", NULL
};

/*
 * The names of an original or forwarded mail that a line of dashes
 * around them announces ("-----Original Message-----", Zimbra's "-----
 * Mail original -----", Foxmail's "------------------ Original
 * ------------------"), compared ignoring case.
 */
static const char *mail_text_originals[] = {
	"Original Message", "Original", "Ursprüngliche Nachricht",
	"Ursprüngliche Mail", "Message d'origine", "Mail original",
	"Message original", "Mensaje original", "Messaggio originale",
	"Oorspronkelijk bericht", "Mensagem original",
	"Ursprungligt meddelande", "Wiadomość oryginalna",
	"Исходное сообщение", "原始邮件", "原始郵件", "Forwarded message",
	"Weitergeleitete Nachricht", "Message transféré",
	"Mensaje reenviado", "Messaggio inoltrato", "Reply message",
	"回复的原邮件", NULL
};

/* Lines that end the text as they are: Apple's forward. */
static const char *mail_text_ends[] = {
	"Begin forwarded message:", "Anfang der weitergeleiteten Nachricht:",
	"Début du message réexpédié :", NULL
};

/* The signatures mobile clients and webmails add, which end the text. */
static const char *mail_text_signatures[] = {
	"Sent from my ", "Sent from Mail for Windows", "Sent from Yahoo Mail",
	"Sent from Outlook", "Get Outlook for ", "Sent with Proton Mail",
	"Sent from FairEmail", "Sent from Fastmail", "Envoyé de mon ",
	"Envoyé depuis mon ", "Envoyé avec la messagerie sécurisée ",
	"Obtenir Outlook pour ", "Von meinem ", "Von meinem/meiner ",
	"Gesendet von meinem ",
	"Gesendet mit der ", "Holen Sie sich Outlook für ",
	"Enviado desde mi ", "Enviado do meu ", "Enviado de meu ",
	"Inviato da ", "Verzonden vanaf mijn ", "Verstuurd vanaf mijn ",
	"Skickat från min ", "Wysłane z ", "Отправлено с ", "发自我的",
	"从我的", NULL
};

/*
 * The first lines of the disclaimers companies add under a mail.  The
 * capitals are compared as they are ("Disclaimer: I am new" is a
 * player's), the sentences ignoring case.
 */
static const char *mail_text_notices[] = {
	"CONFIDENTIALITY NOTICE", "CONFIDENTIALITY:", "DISCLAIMER",
	"LEGAL NOTICE", "AVIS DE CONFIDENTIALIT", "VERTRAULICHKEITSHINWEIS",
	NULL
};
static const char *mail_text_disclaimers[] = {
	"This e-mail and any attachments", "This email and any attachments",
	"This message and any attachments", "This e-mail message and any ",
	"This email message and any ", "The information contained in this e",
	"The information in this e", "This e-mail is confidential",
	"This email is confidential", "This message is confidential",
	"Diese E-Mail enthält vertrauliche", "Diese Nachricht enthält "
	"vertrauliche", "Diese E-Mail kann vertrauliche",
	"Ce message et toutes les pièces jointes",
	"Ce message et les pièces jointes", "Ce courriel et les ",
	"Ce message est confidentiel", "Questo messaggio e i suoi allegati",
	"Este mensaje y sus anexos", "Este correo electrónico y ", NULL
};

/*
 * Closings, which a first name may follow ("Gruß Sabine"): one right
 * above the sender's signature goes with it.
 */
static const char *mail_text_closings[] = {
	"Regards", "Kind regards", "Best regards", "Warm regards", "Best",
	"Cheers", "Best wishes", "Yours", "Thanks", "Many thanks",
	"Mit freundlichen Grüßen", "Freundliche Grüße", "Viele Grüße",
	"Beste Grüße", "Liebe Grüße", "Schöne Grüße", "Grüße", "Gruß", "LG",
	"VG", "MfG", "Cordialement", "Bien cordialement", "Bien à vous",
	"Salutations", "Amitiés", "Bises", "Saludos", "Un saludo",
	"Atentamente", "Cordiali saluti", "Saluti", "Distinti saluti",
	"Met vriendelijke groet", "Groeten", "Groetjes", "Med vänlig hälsning",
	"Med vänliga hälsningar", "Hälsningar", "Mvh", "Pozdrawiam",
	"Pozdrowienia", "С уважением", "Спасибо", "Atenciosamente",
	"Abraços", "Abraço", "谢谢", "此致", NULL
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
static int	mail_text_within(const char *, size_t, const char *);
static int	mail_text_quote(const char *, size_t *);
static const char *mail_text_past(const char *, size_t);
static int	mail_text_lines(const char *, struct mail_text_line **);
static int	mail_text_starts(const struct mail_text_line *, const char *);
static int	mail_text_blank(const struct mail_text_line *);
static int	mail_text_matches(const char *, size_t,
		    const struct mail_text_attribution *);
static int	mail_text_any(const struct mail_text_line *, const char **);
static int	mail_text_wrote(const struct mail_text_line *, int, int);
static int	mail_text_outlook(const struct mail_text_line *, int, int);
static int	mail_text_original(const struct mail_text_line *);
static int	mail_text_notice(const struct mail_text_line *);
static int	mail_text_end(const struct mail_text_line *, int, int);
static unsigned long mail_text_decode(const unsigned char *, size_t *);
static const char *mail_text_folding(const unsigned char *, size_t *,
		    char [2]);
static char	*mail_text_fold(const char *);
static int	mail_text_is(const struct mail_text_line *, const char *);
static int	mail_text_unsign(const struct mail_text_line *, const int *,
		    int, const char *);
static void	mail_text_trim(struct mail_text_line *);
static int	mail_text_phrase(const char *, size_t, const char **, int);
static const char *mail_text_find(const struct mail_text_line *,
		    const struct mail_text_line *);
static int	mail_text_span(const struct mail_text_line *, size_t, size_t,
		    size_t *, size_t *);

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

/* Does s (len bytes) hold word? */
static int
mail_text_within(const char *s, size_t len, const char *word)
{
	size_t	n = strlen(word);

	for (; len >= n; s++, len--) {
		if (strncmp(s, word, n) == 0)
			return (1);
	}
	return (0);
}

/*
 * Is the tag at p (just after '<') a client's quote?  0 if not, 1 if
 * the element is one (its name's length in *len), 2 if it begins the
 * quoted rest of the mail.
 */
static int
mail_text_quote(const char *p, size_t *len)
{
	static const char	*elements[] = {
		"\"gmail_quote", "\"gmail_signature",
		"moz-cite-prefix", "yahoo_quoted", "\"reply-intro\"",
		"name=\"quote\"", "\"protonmail_quote",
		"\"protonmail_signature",
		"\"moz-signature",
		NULL
	};
	static const char	*rests[] = {
		"\"zwchr\"", "\"divRplyFwdMsg\"", "\"appendonsend\"", NULL
	};
	const char		*end;
	size_t			 n;
	int			 i;

	for (*len = 0; isalnum((unsigned char)p[*len]); (*len)++)
		/* nothing */;
	if (*len == 0 || (end = strchr(p, '>')) == NULL)
		return (0);
	n = (size_t)(end - p);
	if (*len == 10 && strncasecmp(p, "blockquote", 10) == 0)
		return (1);
	for (i = 0; rests[i] != NULL; i++) {
		if (mail_text_within(p, n, rests[i]))
			return (2);
	}
	for (i = 0; elements[i] != NULL; i++) {
		if (mail_text_within(p, n, elements[i]))
			return (1);
	}
	return (0);
}

/*
 * Where the element whose opening tag is at p (just after '<', its
 * name len bytes) ends: after its closing tag, the same elements inside
 * it counted, or at the end of the HTML.
 */
static const char *
mail_text_past(const char *p, size_t len)
{
	const char	*name = p, *end;
	int		 depth = 1, closing;

	while ((p = strchr(p, '<')) != NULL) {
		p++;
		closing = *p == '/';
		if (strncasecmp(p + closing, name, len) != 0 ||
		    isalnum((unsigned char)p[closing + len]))
			continue;
		depth += closing ? -1 : 1;
		if (depth == 0)
			return ((end = strchr(p, '>')) != NULL ? end + 1 :
			    p + strlen(p));
	}
	return (name + strlen(name));
}

/* HTML (UTF-8) as plain text, without the clients' quotes. */
char *
mail_text_html(const char *html)
{
	struct buf	 out;
	const char	*p = html;
	size_t		 len;
	int		 skip = 0, space = 0, quote;

	buf_init(&out);
	while (*p != '\0') {
		if (*p == '<' && !skip &&
		    (quote = mail_text_quote(p + 1, &len)) != 0) {
			if (out.len > 0 && out.data[out.len - 1] != '\n')
				buf_addc(&out, '\n');
			if (quote == 2)
				break;
			p = mail_text_past(p + 1, len);
			space = 0;
			continue;
		}
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

	if (at->date && (len == 0 || !isdigit((unsigned char)*s)))
		return (0);
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
	struct mail_text_line		 own = lines[i], *l = &own;
	struct buf			 two;
	size_t				 k;
	int				 found = 0;

	/* Yahoo indents its attribution by a space. */
	while (l->len > 0 && (*l->s == ' ' || *l->s == '\t')) {
		l->s++;
		l->len--;
	}
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

/*
 * Is line l a line of dashes around the name of an original mail?
 * QQ Mail writes "&nbsp;" into its text/plain part; it counts as a
 * space.
 */
static int
mail_text_original(const struct mail_text_line *l)
{
	struct buf	 b;
	const char	*s;
	size_t		 i, len, lead, trail;
	int		 k, found = 0;

	buf_init(&b);
	for (i = 0; i < l->len; i++) {
		if (l->len - i >= 6 && strncmp(l->s + i, "&nbsp;", 6) == 0) {
			buf_addc(&b, ' ');
			i += 5;
		} else
			buf_addc(&b, l->s[i]);
	}
	s = b.data;
	len = b.len;
	for (lead = 0; len > 0 && (*s == '-' || *s == ' '); s++, len--)
		lead += *s == '-';
	for (trail = 0; len > 0 && (s[len - 1] == '-' || s[len - 1] == ' ');
	    len--)
		trail += s[len - 1] == '-';
	for (k = 0; lead >= 3 && trail >= 3 && mail_text_originals[k] != NULL;
	    k++) {
		found = strlen(mail_text_originals[k]) == len &&
		    strncasecmp(s, mail_text_originals[k], len) == 0;
		if (found)
			break;
	}
	buf_free(&b);
	return (found);
}

/* Does a company's disclaimer begin at line l? */
static int
mail_text_notice(const struct mail_text_line *l)
{
	size_t	i = 0, n;
	int	k;

	while (i < l->len && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	for (k = 0; mail_text_notices[k] != NULL; k++) {
		n = strlen(mail_text_notices[k]);
		if (l->len - i >= n &&
		    strncmp(l->s + i, mail_text_notices[k], n) == 0)
			return (1);
	}
	return (mail_text_any(l, mail_text_disclaimers));
}

/* Does an Outlook quoted-mail header block start at line i? */
static int
mail_text_outlook(const struct mail_text_line *lines, int i, int n)
{
	const struct mail_text_line	*l = &lines[i];
	const char			**next;
	size_t				 k;
	int				 j;

	if (mail_text_any(l, mail_text_ends) || mail_text_original(l))
		return (1);
	for (k = 0; k < l->len && l->s[k] == '_'; k++)
		/* nothing */;
	if (k >= MAIL_TEXT_RULE && k == l->len)
		return (1);
	/* GMX and web.de write Gesendet: above Von:. */
	if (mail_text_any(l, mail_text_from))
		next = mail_text_sent;
	else if (mail_text_any(l, mail_text_sent))
		next = mail_text_from;
	else
		return (0);
	for (j = i + 1; j < n && j <= i + MAIL_TEXT_LOOKAHEAD; j++) {
		if (mail_text_any(&lines[j], next))
			return (1);
	}
	return (0);
}

/* Does the text end at line i? */
static int
mail_text_end(const struct mail_text_line *lines, int i, int n)
{
	const struct mail_text_line	*l = &lines[i];

	return ((l->len == 2 && strncmp(l->s, "--", 2) == 0) ||
	    mail_text_outlook(lines, i, n) ||
	    mail_text_any(l, mail_text_signatures) || mail_text_notice(l));
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

/*
 * The folding of the character at p (mail_text_folds): the ASCII it
 * becomes (in one, for a full-width form), or NULL if it stays; its
 * length in *len.
 */
static const char *
mail_text_folding(const unsigned char *p, size_t *len, char one[2])
{
	unsigned long	cp;
	size_t		k;

	cp = mail_text_decode(p, len);
	if (cp >= 0xff01 && cp <= 0xff5e) {
		one[0] = (char)(cp - 0xfee0);
		one[1] = '\0';
		return (one);
	}
	for (k = 0; k < nitems(mail_text_folds); k++) {
		if (cp >= mail_text_folds[k].from &&
		    cp <= mail_text_folds[k].to)
			return (mail_text_folds[k].ascii);
	}
	return (NULL);
}

/* Text with its typography folded to ASCII. */
static char *
mail_text_fold(const char *text)
{
	const unsigned char	*p = (const unsigned char *)text;
	const char		*ascii;
	struct buf		 out;
	char			 one[2];
	size_t			 len;

	buf_init(&out);
	while (*p != '\0') {
		if ((ascii = mail_text_folding(p, &len, one)) != NULL)
			buf_adds(&out, ascii);
		else
			buf_add(&out, (const char *)p, len);
		p += len;
	}
	return (buf_steal(&out));
}

/* Is line l the name alone? */
static int
mail_text_is(const struct mail_text_line *l, const char *name)
{
	size_t	n = strlen(name);

	return (n > 0 && l->len == n && strncasecmp(l->s, name, n) == 0);
}

/*
 * Of the n lines kept (their numbers in keep), how many are left once
 * the sender's name ends them: the last line alone, or the first line
 * of a last block of at most MAIL_TEXT_SIGNATURE lines.
 */
static int
mail_text_unsign(const struct mail_text_line *lines, const int *keep, int n,
    const char *name)
{
	int	i, m = n;

	while (n > 0 && mail_text_blank(&lines[keep[n - 1]]))
		n--;
	if (name == NULL || *name == '\0' || n == 0)
		return (n);
	m = n;
	if (mail_text_is(&lines[keep[n - 1]], name))
		m = n - 1;
	for (i = n - 1; m == n && i >= 0 && i >= n - MAIL_TEXT_SIGNATURE;
	    i--) {
		if (mail_text_blank(&lines[keep[i]]))
			break;
		if (mail_text_is(&lines[keep[i]], name) &&
		    (i == 0 || mail_text_blank(&lines[keep[i - 1]])))
			m = i;
	}
	if (m == n)
		return (n);
	/* The closing above the name goes with it: "Kind regards,". */
	while (m > 0 && mail_text_blank(&lines[keep[m - 1]]))
		m--;
	if (m > 0 && mail_text_phrase(lines[keep[m - 1]].s,
	    lines[keep[m - 1]].len, mail_text_closings, 0))
		m--;
	return (m);
}

/*
 * Is s (len bytes) one of phrases, then at most more words, ending in
 * punctuation or not?
 */
static int
mail_text_phrase(const char *s, size_t len, const char **phrases, int more)
{
	size_t	n, i;
	int	k, words;

	while (len > 0 && strchr(" \t,.!:;", s[len - 1]) != NULL)
		len--;
	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	for (k = 0; phrases[k] != NULL; k++) {
		n = strlen(phrases[k]);
		if (len < n || strncasecmp(s, phrases[k], n) != 0 ||
		    (len > n && s[n] != ' ' && s[n] != ','))
			continue;
		/* The words after it are a name: "Hi Bob", "Gruß Sabine". */
		for (words = 0, i = n; i < len; i++) {
			if (s[i] != ' ' || i + 1 == len || s[i + 1] == ' ')
				continue;
			if (islower((unsigned char)s[i + 1]))
				break;
			words++;
		}
		if (i < len)
			continue;
		if (words <= more)
			return (1);
	}
	return (0);
}

/* Strip a written line's trailing white space, no-break spaces too. */
static void
mail_text_trim(struct mail_text_line *l)
{
	static const char	*spaces[] = {
		"\xc2\xa0", "\xe2\x80\xaf", "\xe3\x80\x80", " ", "\t", "\r",
		NULL
	};
	size_t			 n;
	int			 k, again = 1;

	if (l->len >= 3 && strncmp(l->s, "\xef\xbb\xbf", 3) == 0) {
		l->s += 3;
		l->len -= 3;
	}
	while (again) {
		again = 0;
		for (k = 0; spaces[k] != NULL; k++) {
			n = strlen(spaces[k]);
			if (l->len >= n && strncmp(l->s + l->len - n,
			    spaces[k], n) == 0) {
				l->len -= n;
				again = 1;
			}
		}
	}
}

/*
 * The new text of a reply (for the sender name, may be NULL): history,
 * signature and leftovers cut away, tidied, its typography folded.
 * If written is not NULL, it gets the same lines as they were written.
 */
char *
mail_text_clean(const char *text, const char *name, char **written)
{
	struct mail_text_line	*lines, *as, *l;
	struct buf		 out, wout;
	char			*folded, *fname;
	int			*keep, n, nas, i, j, k, nkeep = 0, blank = 0;

	folded = mail_text_fold(text);
	fname = mail_text_fold(name != NULL ? name : "");
	n = mail_text_lines(folded, &lines);
	nas = mail_text_lines(text, &as);
	keep = xreallocarray(NULL, (size_t)n + 1, sizeof *keep);
	for (i = 0; i < n; i++) {
		l = &lines[i];
		if (mail_text_end(lines, i, n))
			break;
		if (l->len > 0 && l->s[0] == '>')
			continue;
		if ((k = mail_text_wrote(lines, i, n)) > 0) {
			/* Yahoo's and Horde's quotes are not marked. */
			for (j = i + k; j < n && mail_text_blank(&lines[j]);
			    j++)
				/* nothing */;
			if (j < n && lines[j].s[0] != '>')
				break;
			i += k - 1;
			continue;
		}
		keep[nkeep++] = i;
	}
	nkeep = mail_text_unsign(lines, keep, nkeep, fname);
	buf_init(&out);
	buf_init(&wout);
	for (i = 0; i < nkeep; i++) {
		l = &lines[keep[i]];
		if (mail_text_blank(l)) {
			blank = out.len > 0;
			continue;
		}
		if (blank) {
			buf_addc(&out, '\n');
			buf_addc(&wout, '\n');
		}
		blank = 0;
		buf_add(&out, l->s, l->len);
		buf_addc(&out, '\n');
		if (nas == n) {
			mail_text_trim(&as[keep[i]]);
			buf_add(&wout, as[keep[i]].s, as[keep[i]].len);
		} else
			buf_add(&wout, l->s, l->len);
		buf_addc(&wout, '\n');
	}
	if (written != NULL)
		*written = buf_steal(&wout);
	else
		buf_free(&wout);
	free(keep);
	free(lines);
	free(as);
	free(fname);
	free(folded);
	return (buf_steal(&out));
}

/* Where line p first occurs in line t, or NULL. */
static const char *
mail_text_find(const struct mail_text_line *t, const struct mail_text_line *p)
{
	size_t	i;

	for (i = 0; i + p->len <= t->len; i++) {
		if (strncmp(t->s + i, p->s, p->len) == 0)
			return (t->s + i);
	}
	return (NULL);
}

/*
 * Where the folded line piece (len bytes) begins and ends in its line
 * as written w: *a and *b, 0 if the piece's ends fall inside the
 * folding of one character.  Piece starts at byte from of the folded
 * line.
 */
static int
mail_text_span(const struct mail_text_line *w, size_t from, size_t len,
    size_t *a, size_t *b)
{
	const unsigned char	*p = (const unsigned char *)w->s;
	const char		*ascii;
	char			 one[2];
	size_t			 i = 0, at = 0, step;
	int			 found = 0;

	while (i <= w->len) {
		if (at == from && found == 0) {
			*a = i;
			found = 1;
		}
		if (found == 1 && at == from + len) {
			*b = i;
			return (1);
		}
		if (i == w->len || at > from + len)
			break;
		ascii = mail_text_folding(p + i, &step, one);
		at += ascii != NULL ? strlen(ascii) : step;
		i += step;
	}
	return (0);
}

/*
 * Lines of a piece of the folded command text (each a part of a line
 * of text, as the command reader passes conversation on) as they were
 * written: text and written are mail_text_clean()'s two results.  A
 * line not found stays folded.
 */
char *
mail_text_written(const char *piece, const char *text, const char *written)
{
	struct mail_text_line	*ps, *ts, *ws;
	struct buf		 out;
	const char		*at;
	size_t			 a, b;
	int			 np, nt, nw, i, j, cur = 0;

	np = mail_text_lines(piece, &ps);
	nt = mail_text_lines(text, &ts);
	nw = written != NULL ? mail_text_lines(written, &ws) : 0;
	buf_init(&out);
	for (i = 0; i < np; i++) {
		at = NULL;
		for (j = cur; nt == nw && j < nt && at == NULL; j++) {
			if (ps[i].len == 0 || ts[j].len < ps[i].len)
				continue;
			if (strncmp(ts[j].s + ts[j].len - ps[i].len, ps[i].s,
			    ps[i].len) == 0)
				at = ts[j].s + ts[j].len - ps[i].len;
			else
				at = mail_text_find(&ts[j], &ps[i]);
		}
		if (at != NULL && mail_text_span(&ws[j - 1],
		    (size_t)(at - ts[j - 1].s), ps[i].len, &a, &b)) {
			buf_add(&out, ws[j - 1].s + a, b - a);
			cur = j - 1;
		} else
			buf_add(&out, ps[i].s, ps[i].len);
		buf_addc(&out, '\n');
	}
	free(ps);
	free(ts);
	if (written != NULL)
		free(ws);
	return (buf_steal(&out));
}
