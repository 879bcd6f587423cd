/*
 * Mail addresses: the one test of whether a string is an address that
 * mupbem may register, invite, answer or hand to an SMTP server.
 */
#ifndef ADDRESS_H
#define ADDRESS_H

#include <stddef.h>

#define ADDRESS_MAX		254	/* a path is 256 with its < > */
#define ADDRESS_LOCAL_MAX	64
#define ADDRESS_LABEL_MAX	63

int		 address_check(const char *, size_t);

#endif
