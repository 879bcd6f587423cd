/*
 * Player identity without passwords: each player has a random secret,
 * and the mail mupbem sends about a game carries a reply address with
 * a token made from it, so replying proves the player got that mail.
 */
#ifndef IDENTITY_H
#define IDENTITY_H

#include <stddef.h>

#define IDENTITY_SECRET_LEN	32	/* hex characters */
#define IDENTITY_TOKEN_LEN	12	/* hex characters */

int	identity_secret(char *, size_t);
void	identity_token(const char *, int, char *, size_t);
int	identity_address(const char *, int, const char *, char *, size_t);
int	identity_parse(const char *, const char *, int *, char *, size_t);
int	identity_check(const char *, int, const char *);

#endif
