#include "config.h"

#include <stdio.h>
#include <string.h>

#include "reply-html.h"
#include "text.h"

/*
 * A mail with a picture has an HTML part besides its text part
 * (reply.c).  The page is small and self-contained: the picture, named
 * by its Content-ID and given its size in pixels and a text
 * alternative, then the mail's whole text, escaped, in a <pre>.  The
 * style is inline and minimal, and nothing is fetched from outside the
 * mail: a reader without pictures, or with remote content blocked,
 * still reads everything.
 */

/*
 * The width and height a PNG's IHDR gives, which open every PNG after
 * its signature: 0 if data is a PNG, -1 if not.
 */
int
reply_html_png_size(const char *data, size_t len, unsigned long *w,
    unsigned long *h)
{
	const unsigned char	*p = (const unsigned char *)data;

	if (len < 24 || memcmp(p, "\x89PNG\r\n\x1a\n", 8) != 0 ||
	    memcmp(p + 12, "IHDR", 4) != 0)
		return (-1);
	*w = (unsigned long)p[16] << 24 | (unsigned long)p[17] << 16 |
	    (unsigned long)p[18] << 8 | p[19];
	*h = (unsigned long)p[20] << 24 | (unsigned long)p[21] << 16 |
	    (unsigned long)p[22] << 8 | p[23];
	return (0);
}

/*
 * The page of title (the subject) showing the PNG png[0..len) as
 * Content-ID cid, described by alt, above the text body.
 */
void
reply_html_page(const char *title, const char *body, const char *cid,
    const char *alt, const char *png, size_t len, struct buf *out)
{
	unsigned long	w, h;

	buf_adds(out, "<!DOCTYPE html>\n<html>\n<head>\n"
	    "<meta charset=\"utf-8\">\n<title>");
	text_escape_markup(out, title);
	buf_adds(out, "</title>\n</head>\n<body style=\"margin:0;"
	    "padding:8px\">\n<p style=\"margin:0 0 12px 0\"><img src=\"cid:");
	text_escape_markup(out, cid);
	buf_adds(out, "\" alt=\"");
	text_escape_markup(out, alt);
	buf_adds(out, "\"");
	if (reply_html_png_size(png, len, &w, &h) == 0)
		buf_addf(out, " width=\"%lu\" height=\"%lu\"", w, h);
	buf_adds(out, "\nstyle=\"display:block;max-width:100%;height:auto\">"
	    "</p>\n<pre style=\"margin:0;font-family:monospace;"
	    "white-space:pre;overflow-x:auto\">\n");
	/* The newline after <pre> is not part of its text. */
	text_escape_markup(out, body);
	if (out->len > 0 && out->data[out->len - 1] != '\n')
		buf_addc(out, '\n');
	buf_adds(out, "</pre>\n</body>\n</html>\n");
}
