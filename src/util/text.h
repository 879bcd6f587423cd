/*
 * Small helpers for reading player-typed text: trimming white space and
 * comparing without regard to case; and for writing it: wrapping.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>

struct buf;

/* A mail's line holds at most TEXT_WIDTH columns; prose wraps at TEXT_WRAP. */
#define TEXT_WIDTH	78
#define TEXT_WRAP	72

const char	*text_trim(const char *, size_t, size_t *);
int		 text_parse_int(const char *, size_t, long, long, long *);
char		*text_quote(const char *, size_t);
char		*text_difference(const char *, size_t, const char *, int *);
void		 text_wrap(struct buf *, const char *, size_t, size_t);
const char	*text_list_sep(size_t, size_t);
int		 text_list_ambiguous(const char *);
void		 text_list_name(struct buf *, const char *);
void		 text_escape_markup(struct buf *, const char *);

#endif
