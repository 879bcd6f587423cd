/*
 * A growable, always NUL-terminated byte buffer for building text:
 * diagrams, positions, records and replies.
 */
#ifndef BUF_H
#define BUF_H

#include <stddef.h>

struct buf {
	char	*data;
	size_t	 len;
	size_t	 size;
};

void	 buf_init(struct buf *);
void	 buf_free(struct buf *);
void	 buf_reset(struct buf *);
void	 buf_add(struct buf *, const void *, size_t);
void	 buf_adds(struct buf *, const char *);
void	 buf_addc(struct buf *, char);
void	 buf_addf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
char	*buf_steal(struct buf *);

#endif
