/*
 * Turning the body of a player's mail into command text: HTML to text,
 * format=flowed joined, charsets converted to UTF-8, and quoted history,
 * signatures and clients' leftovers cut away; the same lines as written,
 * for what is passed on to the players.
 */
#ifndef MAIL_TEXT_H
#define MAIL_TEXT_H

#include <stddef.h>

char	*mail_text_utf8(const char *, const char *, size_t);
char	*mail_text_html(const char *);
char	*mail_text_unflow(const char *, int);
char	*mail_text_clean(const char *, const char *, char **);
char	*mail_text_written(const char *, const char *, const char *);

#endif
