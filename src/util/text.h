/*
 * Small helpers for reading player-typed text: trimming white space and
 * comparing without regard to case.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>

const char	*text_trim(const char *, size_t, size_t *);
int		 text_parse_int(const char *, size_t, long, long, long *);
char		*text_quote(const char *, size_t);
char		*text_difference(const char *, size_t, const char *, int *);

#endif
