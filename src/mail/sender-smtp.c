#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "buf.h"
#include "sender.h"
#include "xmalloc.h"

/*
 * Sending by SMTP or SMTPS with libcurl.  The URL says which:
 * smtp://host:587 speaks plain SMTP and upgrades with STARTTLS (which
 * must succeed unless the configuration makes it optional),
 * smtps://host:465 is TLS from the start.  Certificates are checked
 * against the system's CAs or a configured CA file; only tests may
 * turn checking off.  AUTH is used when a user is configured.
 *
 * One curl handle is kept for the sender's life, so a burst of replies
 * goes out over one connection.  Mail is stored with LF line ends; on
 * the wire every line ends in CR LF.
 *
 * What the server said decides a failure: a 5xx reply to the envelope
 * or the mail is permanent; anything else (4xx, no connection, TLS
 * trouble, a refused login, which an operator can fix, a timeout) is
 * temporary, and the outbox tries again later.
 */

struct sender_smtp {
	CURL	*curl;
	char	*url;
	char	*user;
	char	*password;
	char	*ca_file;
	int	 starttls;
	int	 insecure;
	long	 timeout;
};

struct sender_smtp_upload {
	const char	*data;
	size_t		 len;
	size_t		 done;
	int		 cr;	/* an LF is owed a CR just sent */
};

static int	sender_smtp_open(struct sender *, const struct sender_config *,
		    char **);
static int	sender_smtp_send(struct sender *, const char *, const char *,
		    const char *, const char *, size_t, char **);
static void	sender_smtp_close(struct sender *);
static size_t	sender_smtp_read(char *, size_t, size_t, void *);
static int	sender_smtp_check_url(const char *, char **);

const struct sender_ops sender_smtp_ops = {
	"smtp",
	sender_smtp_open,
	sender_smtp_send,
	sender_smtp_close,
	NULL
};

/* Check the URL at start-up, not at the first reply: host and port. */
static int
sender_smtp_check_url(const char *url, char **cause)
{
	CURLU	*u;
	char	*host = NULL;
	int	 rc = 0;

	if ((u = curl_url()) == NULL) {
		xasprintf(cause, "smtp: libcurl cannot start");
		return (-1);
	}
	if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK ||
	    *host == '\0') {
		xasprintf(cause, "smtp: '%s' is not a usable URL (a host, and "
		    "a port from 1 to 65535 if any)", url);
		rc = -1;
	}
	curl_free(host);
	curl_url_cleanup(u);
	return (rc);
}

static int
sender_smtp_open(struct sender *s, const struct sender_config *c,
    char **cause)
{
	struct sender_smtp	*sm;

	if (c->url == NULL || (strncmp(c->url, "smtp://", 7) != 0 &&
	    strncmp(c->url, "smtps://", 8) != 0)) {
		xasprintf(cause, "smtp: the URL must start with smtp:// or "
		    "smtps://, not '%s'", c->url != NULL ? c->url : "");
		return (-1);
	}
	if (sender_smtp_check_url(c->url, cause) == -1)
		return (-1);
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		xasprintf(cause, "smtp: libcurl cannot start");
		return (-1);
	}
	sm = xcalloc(1, sizeof *sm);
	if ((sm->curl = curl_easy_init()) == NULL) {
		free(sm);
		xasprintf(cause, "smtp: libcurl cannot start");
		return (-1);
	}
	sm->url = xstrdup(c->url);
	sm->user = c->user != NULL ? xstrdup(c->user) : NULL;
	sm->password = c->password != NULL ? xstrdup(c->password) : NULL;
	sm->ca_file = c->ca_file != NULL ? xstrdup(c->ca_file) : NULL;
	sm->starttls = c->starttls;
	sm->insecure = c->insecure;
	sm->timeout = c->timeout > 0 ? c->timeout : 60;
	s->state = sm;
	return (0);
}

/* Hand libcurl the mail, turning each LF into CR LF. */
static size_t
sender_smtp_read(char *out, size_t size, size_t nmemb, void *arg)
{
	struct sender_smtp_upload	*up = arg;
	size_t				 room = size * nmemb, n = 0;
	char				 c;

	while (n < room && up->done < up->len) {
		c = up->data[up->done];
		if (c == '\n' && !up->cr &&
		    (up->done == 0 || up->data[up->done - 1] != '\r')) {
			out[n++] = '\r';
			up->cr = 1;
			continue;
		}
		out[n++] = c;
		up->cr = 0;
		up->done++;
	}
	return (n);
}

static int
sender_smtp_send(struct sender *s, const char *message_id,
    const char *from, const char *rcpt,
    const char *data, size_t len, char **cause)
{
	struct sender_smtp		*sm = s->state;
	struct sender_smtp_upload	 up = { data, len, 0, 0 };
	struct curl_slist		*rcpts = NULL;
	CURL				*c = sm->curl;
	CURLcode			 rc;
	char				 error[CURL_ERROR_SIZE], *who;
	long				 code = 0;

	if (sender_check(from, rcpt, cause) != 0)
		return (SENDER_PERMANENT);
	error[0] = '\0';
	xasprintf(&who, "<%s>", rcpt);
	rcpts = curl_slist_append(rcpts, who);
	free(who);
	xasprintf(&who, "<%s>", from);
	curl_easy_setopt(c, CURLOPT_URL, sm->url);
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, who);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpts);
	curl_easy_setopt(c, CURLOPT_USE_SSL, sm->starttls ? CURLUSESSL_ALL :
	    CURLUSESSL_TRY);
	if (sm->user != NULL) {
		curl_easy_setopt(c, CURLOPT_USERNAME, sm->user);
		curl_easy_setopt(c, CURLOPT_PASSWORD, sm->password != NULL ?
		    sm->password : "");
	}
	if (sm->ca_file != NULL)
		curl_easy_setopt(c, CURLOPT_CAINFO, sm->ca_file);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, sm->insecure ? 0L : 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, sm->insecure ? 0L : 2L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, sender_smtp_read);
	curl_easy_setopt(c, CURLOPT_READDATA, &up);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, sm->timeout);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, sm->timeout < 30 ?
	    sm->timeout : 30L);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	rc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, NULL);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, NULL);
	curl_slist_free_all(rcpts);
	free(who);
	if (rc == CURLE_OK)
		return (0);
	xasprintf(cause, "smtp %s: %s%s%s", sm->url, curl_easy_strerror(rc),
	    error[0] != '\0' ? ": " : "", error);
	/* A refused login is the configuration's fault: wait for a fix. */
	if (code >= 500 && code < 600 && rc != CURLE_LOGIN_DENIED)
		return (SENDER_PERMANENT);
	return (SENDER_TEMPORARY);
}

static void
sender_smtp_close(struct sender *s)
{
	struct sender_smtp	*sm = s->state;

	if (sm == NULL)
		return;
	curl_easy_cleanup(sm->curl);
	free(sm->url);
	free(sm->user);
	free(sm->password);
	free(sm->ca_file);
	free(sm);
	curl_global_cleanup();
}
