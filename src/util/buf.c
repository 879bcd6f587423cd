#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xmalloc.h"

/*
 * A buf owns data[0..len) plus a terminating NUL at data[len], so its
 * contents can be used as a C string at any time.  An initialised but
 * empty buf holds no allocation.
 */

#define BUF_ADDF_ROOM	64	/* made before a formatted add */

static void	buf_grow(struct buf *, size_t);

void
buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->size = 0;
}

void
buf_free(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

/* Make room for n more bytes and the NUL. */
static void
buf_grow(struct buf *b, size_t n)
{
	size_t	 want;

	want = b->len + n + 1;
	if (want <= b->size)
		return;
	if (b->size == 0)
		b->size = 64;
	while (b->size < want)
		b->size *= 2;
	b->data = xreallocarray(b->data, 1, b->size);
}

void
buf_add(struct buf *b, const void *p, size_t n)
{
	buf_grow(b, n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_addc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

/*
 * Formatted once, into the room the buf has (at least BUF_ADDF_ROOM
 * bytes are made first), and formatted again only if it did not fit:
 * most text is short lines added to a buf with room to spare.
 */
void
buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;
	size_t	 room;
	int	 n;

	buf_grow(b, BUF_ADDF_ROOM - 1);
	room = b->size - b->len;
	va_start(ap, fmt);
	n = vsnprintf(b->data + b->len, room, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		buf_grow(b, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

/* Hand the contents to the caller as a C string; the buf is left empty. */
char *
buf_steal(struct buf *b)
{
	char	*s;

	if (b->data == NULL)
		return (xstrdup(""));
	s = b->data;
	buf_init(b);
	return (s);
}
