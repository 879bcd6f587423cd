/*
 * What the Maildir source and the Maildir sender share.
 */
#ifndef MAILDIR_H
#define MAILDIR_H

int	maildir_create(const char *, const char *, char **);

#endif
