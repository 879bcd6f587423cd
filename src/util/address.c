#include "config.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "address.h"

/*
 * An address is LOCAL@DOMAIN in the syntax of RFC 5321 (4.1.2), ASCII
 * only, checked wherever one comes in: the From of a mail, an address
 * in a command ("new velox with bob@example.org", "link ..."), the
 * configuration, the operator's tool; and once more by the senders,
 * just before an address is handed to an SMTP server or to sendmail.
 *
 * LOCAL is a dot-string: atoms of letters, digits and
 * !#$%&'*+-/=?^_`{|}~ with single dots between them, at most 64
 * characters.  The quoted form ("a b"@x) is refused: libetpan loses
 * its spaces (it reads "a b"@x as "ab"@x, someone else), a command
 * line splits it into words, and nobody plays from one.
 *
 * DOMAIN is labels of letters, digits and inner hyphens, at most 63
 * characters each, with single dots between them (one label, such as
 * localhost, will do); or an address literal: [192.0.2.1] or
 * [IPv6:2001:db8::1].
 *
 * The whole is at most 254 characters, so that <LOCAL@DOMAIN> fits the
 * 256 of an SMTP path.  No byte outside these sets passes, and so no
 * space, no control character, no CR or LF, no <>, comma or second @:
 * nothing that could end an SMTP command or a header, or add a
 * recipient.
 */

static int	address_local(const char *, size_t);
static int	address_labels(const char *, size_t);
static int	address_literal(const char *, size_t);
static int	address_ipv4(const char *, size_t);

/* Is s[0..len) a dot-string local part? */
static int
address_local(const char *s, size_t len)
{
	size_t	i;

	if (len == 0 || len > ADDRESS_LOCAL_MAX || s[0] == '.' ||
	    s[len - 1] == '.')
		return (0);
	for (i = 0; i < len; i++) {
		if (s[i] == '.' && s[i + 1] == '.')
			return (0);
		if (s[i] != '.' && !isalnum((unsigned char)s[i]) &&
		    ((unsigned char)s[i] > 0x7e ||
		    strchr("!#$%&'*+-/=?^_`{|}~", s[i]) == NULL))
			return (0);
	}
	return (1);
}

/* Is s[0..len) labels with dots between them? */
static int
address_labels(const char *s, size_t len)
{
	size_t	i, label = 0;

	for (i = 0; i <= len; i++) {
		if (i == len || s[i] == '.') {
			if (label == 0 || label > ADDRESS_LABEL_MAX ||
			    s[i - 1] == '-')
				return (0);
			label = 0;
			continue;
		}
		if ((unsigned char)s[i] > 0x7e ||
		    (!isalnum((unsigned char)s[i]) &&
		    (s[i] != '-' || label == 0)))
			return (0);
		label++;
	}
	return (1);
}

/* Is s[0..len) four numbers from 0 to 255 with dots between them? */
static int
address_ipv4(const char *s, size_t len)
{
	size_t	i, digits = 0;
	int	parts = 1, v = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '.') {
			if (digits == 0 || ++parts > 4)
				return (0);
			digits = 0;
			v = 0;
		} else if (isdigit((unsigned char)s[i]) && digits < 3) {
			v = v * 10 + (s[i] - '0');
			if (v > 255 || (digits > 0 && v == s[i] - '0'))
				return (0);
			digits++;
		} else
			return (0);
	}
	return (parts == 4 && digits > 0);
}

/* Is s[0..len) an address literal, [IPv4] or [IPv6:...]? */
static int
address_literal(const char *s, size_t len)
{
	size_t	i, colons = 0;

	if (len < 3 || s[0] != '[' || s[len - 1] != ']')
		return (0);
	s++;
	len -= 2;
	if (len < 5 || strncasecmp(s, "IPv6:", 5) != 0)
		return (address_ipv4(s, len));
	for (i = 5; i < len; i++) {
		if (s[i] == ':')
			colons++;
		else if (!isxdigit((unsigned char)s[i]) && s[i] != '.')
			return (0);
	}
	return (colons >= 2 && colons <= 7);
}

/* Is s[0..len) an address mupbem takes (above)?  0 if so, else -1. */
int
address_check(const char *s, size_t len)
{
	const char	*at;

	if (len == 0 || len > ADDRESS_MAX || memchr(s, '\0', len) != NULL ||
	    (at = memchr(s, '@', len)) == NULL)
		return (-1);
	if (!address_local(s, (size_t)(at - s)))
		return (-1);
	at++;
	len -= (size_t)(at - s);
	if (len > 0 && *at == '[')
		return (address_literal(at, len) ? 0 : -1);
	return (address_labels(at, len) ? 0 : -1);
}
