/*
 * What the Maildir source and the Maildir sender share.
 */
#ifndef MAILDIR_H
#define MAILDIR_H

/* The Maildir++ folder, inside the source's Maildir, of mail set aside. */
#define MAILDIR_POISON	".Poison"

int	maildir_create(const char *, const char *, char **);
int	maildir_put(const char *, const char *, size_t, char **);

#endif
