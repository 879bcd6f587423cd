#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "mail-tls.h"
#include "xmalloc.h"

/*
 * libetpan makes the TLS connection but leaves judging the server to
 * its user, so after the handshake and before any password is sent,
 * the chain the server presented (leaf first, as DER) is verified with
 * GnuTLS against the system's trust store or the configured CA file,
 * including the host name.  Any doubt is a refusal that says why.
 */

/* Verify the certificate chain of stream for host; 0 if trusted. */
int
mail_tls_verify(mailstream *stream, const char *host, const char *ca_file,
    char **cause)
{
	gnutls_x509_trust_list_t	 tl = NULL;
	gnutls_x509_crt_t		*crts = NULL;
	gnutls_typed_vdata_st		 vdata;
	gnutls_datum_t			 der, text;
	MMAPString			*s;
	carray				*chain;
	unsigned int			 i, n = 0, status = 0;
	int				 rc = -1;

	if ((chain = mailstream_get_certificate_chain(stream)) == NULL ||
	    carray_count(chain) == 0) {
		xasprintf(cause, "%s: the server showed no certificate", host);
		goto out;
	}
	n = carray_count(chain);
	crts = xcalloc(n, sizeof *crts);
	for (i = 0; i < n; i++) {
		s = carray_get(chain, i);
		der.data = (unsigned char *)s->str;
		der.size = (unsigned int)s->len;
		if (gnutls_x509_crt_init(&crts[i]) < 0 ||
		    gnutls_x509_crt_import(crts[i], &der,
		    GNUTLS_X509_FMT_DER) < 0) {
			xasprintf(cause, "%s: the server's certificate cannot "
			    "be read", host);
			goto out;
		}
	}
	if (gnutls_x509_trust_list_init(&tl, 0) < 0) {
		tl = NULL;
		xasprintf(cause, "%s: GnuTLS cannot start", host);
		goto out;
	}
	if (ca_file != NULL) {
		if (gnutls_x509_trust_list_add_trust_file(tl, ca_file, NULL,
		    GNUTLS_X509_FMT_PEM, 0, 0) <= 0) {
			xasprintf(cause, "%s: no CA certificate in %s", host,
			    ca_file);
			goto out;
		}
	} else if (gnutls_x509_trust_list_add_system_trust(tl, 0, 0) <= 0) {
		xasprintf(cause, "%s: the system has no trusted CAs", host);
		goto out;
	}
	memset(&vdata, 0, sizeof vdata);
	vdata.type = GNUTLS_DT_DNS_HOSTNAME;
	vdata.data = (unsigned char *)host;
	if (gnutls_x509_trust_list_verify_crt2(tl, crts, n, &vdata, 1, 0,
	    &status, NULL) < 0 || status != 0) {
		if (gnutls_certificate_verification_status_print(status,
		    GNUTLS_CRT_X509, &text, 0) == 0) {
			xasprintf(cause, "%s: certificate not trusted: %s",
			    host, text.data);
			gnutls_free(text.data);
		} else
			xasprintf(cause, "%s: certificate not trusted", host);
		goto out;
	}
	rc = 0;

out:
	/* 1: the CA certificates the list read are its own to free. */
	if (tl != NULL)
		gnutls_x509_trust_list_deinit(tl, 1);
	for (i = 0; crts != NULL && i < n; i++) {
		if (crts[i] != NULL)
			gnutls_x509_crt_deinit(crts[i]);
	}
	free(crts);
	if (chain != NULL) {
		for (i = 0; i < carray_count(chain); i++)
			mmap_string_free(carray_get(chain, i));
		carray_free(chain);
	}
	return (rc);
}
