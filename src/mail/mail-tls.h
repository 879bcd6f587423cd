/*
 * Checking the certificate an IMAP server showed: its chain must lead
 * to a trusted CA (the system's, or a configured file) and name the
 * host connected to.
 */
#ifndef MAIL_TLS_H
#define MAIL_TLS_H

#include <libetpan/libetpan.h>

int	mail_tls_verify(mailstream *, const char *, const char *, char **);

#endif
