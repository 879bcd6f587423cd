/*
 * The HTML alternative of a mail that shows a picture of the board:
 * the picture, then the whole text, so an HTML reader misses nothing.
 */
#ifndef REPLY_HTML_H
#define REPLY_HTML_H

#include <stddef.h>

#include "buf.h"

int	reply_html_png_size(const char *, size_t, unsigned long *,
	    unsigned long *);
void	reply_html_page(const char *, const char *, const char *,
	    const char *, const char *, size_t, struct buf *);

#endif
