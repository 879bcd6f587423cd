#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libetpan/libetpan.h>

#include "log.h"
#include "mail-tls.h"
#include "source.h"
#include "xmalloc.h"

/*
 * An IMAP folder as a mail source, with libetpan.
 *
 * The URL says how to connect: imaps://host[:993]/FOLDER is TLS from
 * the start, imap://host[:143]/FOLDER upgrades with STARTTLS, which is
 * required: passwords never cross the network in clear.  The server's
 * certificate is verified (mail-tls.c) before LOGIN unless the
 * configuration says insecure, which is for tests only.
 *
 * Mail waiting is every message without \Seen or the keyword
 * $MupbemPoison (set by aside() on mail that could not be handled),
 * found by UID SEARCH UNSEEN UNKEYWORD $MupbemPoison and fetched by
 * UID with BODY.PEEK[], which leaves the flags alone.  Acknowledging
 * sets \Seen, or moves the mail to the done folder when one is
 * configured.  A mail's key holds the folder's UIDVALIDITY with its
 * UID; if UIDVALIDITY changes, the change is logged and old keys are
 * no longer acknowledged (their mail will be seen again, and the
 * store knows it was handled).
 *
 * Waiting uses IDLE when the server offers it (and the configuration
 * allows), else sleeps for the poll interval.  When the server goes
 * away, or says something unexpected, the connection is dropped and
 * made again later, waiting 1, 2, 4, ... up to 60 seconds between
 * attempts: the daemon neither crashes nor spins.
 */

#define SOURCE_IMAP_BACKOFF_MAX	60

struct source_imap {
	char		*url;
	char		*host;
	uint16_t	 port;
	int		 tls;		/* imaps: TLS from the start */
	char		*folder;
	char		*user;
	char		*password;
	char		*ca_file;
	char		*done;
	int		 insecure;
	int		 idle;
	int		 timeout;

	mailimap	*imap;		/* NULL when not connected */
	uint32_t	 uidvalidity;
	uint32_t	*pending;
	size_t		 npending;
	size_t		 next;
	time_t		 retry;		/* no attempt before this */
	int		 backoff;
};

static int	source_imap_open(struct source *,
		    const struct source_config *, char **);
static int	source_imap_next(struct source *, struct source_mail *,
		    char **);
static int	source_imap_ack(struct source *, const struct source_mail *,
		    char **);
static const char *source_imap_aside(struct source *,
		    const struct source_mail *, char **);
static int	source_imap_wait(struct source *, int, char **);
static void	source_imap_close(struct source *);
static int	source_imap_url(struct source_imap *, const char *, char **);
static void	source_imap_drop(struct source_imap *, const char *, int);
static int	source_imap_connect(struct source_imap *);
static int	source_imap_search(struct source_imap *);
static int	source_imap_fetch(struct source *, uint32_t,
		    struct source_mail *);
static int	source_imap_uid(struct source_imap *,
		    const struct source_mail *, unsigned int *);
static int	source_imap_flag(struct source_imap *, unsigned int,
		    struct mailimap_flag *, const char *, char **);

const struct source_ops source_imap_ops = {
	"imap",
	source_imap_open,
	source_imap_next,
	source_imap_ack,
	source_imap_aside,
	source_imap_wait,
	source_imap_close
};

/* Take imap[s]://host[:port][/folder] apart. */
static int
source_imap_url(struct source_imap *si, const char *url, char **cause)
{
	const char	*p, *host, *slash, *colon;
	long		 port;
	char		*end;

	if (strncmp(url, "imaps://", 8) == 0) {
		si->tls = 1;
		p = url + 8;
	} else if (strncmp(url, "imap://", 7) == 0)
		p = url + 7;
	else {
		xasprintf(cause, "imap: the URL must start with imap:// or "
		    "imaps://, not '%s'", url);
		return (-1);
	}
	host = p;
	slash = strchr(p, '/');
	colon = memchr(p, ':', slash != NULL ? (size_t)(slash - p) :
	    strlen(p));
	if (colon != NULL) {
		port = strtol(colon + 1, &end, 10);
		if (end == colon + 1 || port < 1 || port > 65535 ||
		    (*end != '/' && *end != '\0')) {
			xasprintf(cause, "imap %s: bad port", url);
			return (-1);
		}
		si->port = (uint16_t)port;
	} else
		si->port = si->tls ? 993 : 143;
	if ((colon != NULL ? colon : slash != NULL ? slash : host +
	    strlen(host)) == host) {
		xasprintf(cause, "imap %s: no host", url);
		return (-1);
	}
	si->host = xstrndup(host, (size_t)((colon != NULL ? colon : slash !=
	    NULL ? slash : host + strlen(host)) - host));
	si->folder = xstrdup(slash != NULL && slash[1] != '\0' ? slash + 1 :
	    "INBOX");
	return (0);
}

static int
source_imap_open(struct source *s, const struct source_config *c,
    char **cause)
{
	struct source_imap	*si;

	si = xcalloc(1, sizeof *si);
	if (source_imap_url(si, c->where, cause) == -1) {
		free(si->host);
		free(si);
		return (-1);
	}
	si->url = xstrdup(c->where);
	si->user = xstrdup(c->user != NULL ? c->user : "");
	si->password = xstrdup(c->password != NULL ? c->password : "");
	si->ca_file = c->ca_file != NULL ? xstrdup(c->ca_file) : NULL;
	si->done = c->done != NULL ? xstrdup(c->done) : NULL;
	si->insecure = c->insecure;
	si->idle = c->idle;
	si->timeout = c->timeout > 0 ? c->timeout : 60;
	s->state = si;
	/* Connecting waits for the first next(): the server may be down. */
	return (0);
}

/* Forget the connection, saying why; try again after a while. */
static void
source_imap_drop(struct source_imap *si, const char *why, int r)
{
	if (r != 0)
		log_warnx("imap %s: %s (libetpan error %d)", si->url, why, r);
	else
		log_warnx("imap %s: %s", si->url, why);
	/* No LOGOUT: the connection is broken or never was. */
	if (si->imap != NULL) {
		mailimap_free(si->imap);
		si->imap = NULL;
	}
	free(si->pending);
	si->pending = NULL;
	si->npending = si->next = 0;
	si->backoff = si->backoff == 0 ? 1 : si->backoff * 2;
	if (si->backoff > SOURCE_IMAP_BACKOFF_MAX)
		si->backoff = SOURCE_IMAP_BACKOFF_MAX;
	si->retry = time(NULL) + si->backoff;
}

/* Connect, check the certificate, log in, select; 0 or -1 (dropped). */
static int
source_imap_connect(struct source_imap *si)
{
	struct mailimap_capability_data	*caps = NULL;
	char				*why = NULL;
	uint32_t			 validity;
	int				 r;

	si->imap = mailimap_new(0, NULL);
	mailimap_set_timeout(si->imap, si->timeout);
	if (si->tls)
		r = mailimap_ssl_connect(si->imap, si->host, si->port);
	else
		r = mailimap_socket_connect(si->imap, si->host, si->port);
	if (r != MAILIMAP_NO_ERROR_AUTHENTICATED &&
	    r != MAILIMAP_NO_ERROR_NON_AUTHENTICATED) {
		source_imap_drop(si, "cannot connect", r);
		return (-1);
	}
	if (!si->tls && (r = mailimap_socket_starttls(si->imap)) !=
	    MAILIMAP_NO_ERROR) {
		source_imap_drop(si, "STARTTLS failed", r);
		return (-1);
	}
	if (!si->insecure && mail_tls_verify(si->imap->imap_stream, si->host,
	    si->ca_file, &why) == -1) {
		source_imap_drop(si, why, 0);
		free(why);
		return (-1);
	}
	if ((r = mailimap_login(si->imap, si->user, si->password)) !=
	    MAILIMAP_NO_ERROR) {
		source_imap_drop(si, "login refused", r);
		return (-1);
	}
	/* The capabilities may change after LOGIN: ask again, for IDLE. */
	if (mailimap_capability(si->imap, &caps) == MAILIMAP_NO_ERROR)
		mailimap_capability_data_free(caps);
	if ((r = mailimap_select(si->imap, si->folder)) != MAILIMAP_NO_ERROR) {
		source_imap_drop(si, "cannot select the folder", r);
		return (-1);
	}
	validity = si->imap->imap_selection_info != NULL ?
	    si->imap->imap_selection_info->sel_uidvalidity : 0;
	if (si->uidvalidity != 0 && validity != si->uidvalidity) {
		log_warnx("imap %s: UIDVALIDITY changed from %u to %u",
		    si->url, si->uidvalidity, validity);
	}
	si->uidvalidity = validity;
	si->backoff = 0;
	log_info("imap %s: connected (%s, IDLE %s)", si->url, si->tls ?
	    "TLS" : "STARTTLS", mailimap_has_idle(si->imap) ? "offered" :
	    "not offered");
	return (0);
}

/* List the UIDs without \Seen or the poison keyword; 0, or -1. */
static int
source_imap_search(struct source_imap *si)
{
	struct mailimap_search_key	*key;
	clistiter			*i;
	clist				*result = NULL;
	size_t				 n = 0;
	int				 r;

	key = mailimap_search_key_new_multiple_empty();
	mailimap_search_key_multiple_add(key, mailimap_search_key_new(
	    MAILIMAP_SEARCH_KEY_UNSEEN, NULL, NULL, NULL, NULL, NULL, NULL,
	    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL,
	    NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL));
	mailimap_search_key_multiple_add(key,
	    mailimap_search_key_new_unkeyword(xstrdup(SOURCE_IMAP_POISON)));
	r = mailimap_uid_search(si->imap, NULL, key, &result);
	mailimap_search_key_free(key);
	if (r != MAILIMAP_NO_ERROR) {
		source_imap_drop(si, "UID SEARCH failed", r);
		return (-1);
	}
	free(si->pending);
	si->pending = xreallocarray(NULL, (size_t)clist_count(result) + 1,
	    sizeof *si->pending);
	for (i = clist_begin(result); i != NULL; i = clist_next(i))
		si->pending[n++] = *(uint32_t *)clist_content(i);
	mailimap_search_result_free(result);
	si->npending = n;
	si->next = 0;
	return (0);
}

/* Fetch the mail with uid: 1, 0 if it has gone, -1 (dropped). */
static int
source_imap_fetch(struct source *s, uint32_t uid, struct source_mail *m)
{
	struct source_imap		*si = s->state;
	struct mailimap_set		*set;
	struct mailimap_fetch_type	*ft;
	struct mailimap_msg_att		*att;
	struct mailimap_msg_att_item	*item;
	clistiter			*i, *j;
	clist				*result = NULL;
	int				 r, found = 0;

	set = mailimap_set_new_single(uid);
	ft = mailimap_fetch_type_new_fetch_att_list_empty();
	mailimap_fetch_type_new_fetch_att_list_add(ft,
	    mailimap_fetch_att_new_body_peek_section(mailimap_section_new(
	    NULL)));
	r = mailimap_uid_fetch(si->imap, set, ft, &result);
	mailimap_fetch_type_free(ft);
	mailimap_set_free(set);
	if (r != MAILIMAP_NO_ERROR) {
		source_imap_drop(si, "UID FETCH failed", r);
		return (-1);
	}
	for (i = clist_begin(result); i != NULL && !found; i = clist_next(i)) {
		att = clist_content(i);
		for (j = clist_begin(att->att_list); j != NULL;
		    j = clist_next(j)) {
			item = clist_content(j);
			if (item->att_type != MAILIMAP_MSG_ATT_ITEM_STATIC ||
			    item->att_data.att_static->att_type !=
			    MAILIMAP_MSG_ATT_BODY_SECTION ||
			    item->att_data.att_static->att_data.
			    att_body_section->sec_body_part == NULL)
				continue;
			m->len = item->att_data.att_static->att_data.
			    att_body_section->sec_length;
			if (m->len > s->max + 1)
				m->len = s->max + 1;
			m->data = xmalloc(m->len + 1);
			memcpy(m->data, item->att_data.att_static->att_data.
			    att_body_section->sec_body_part, m->len);
			m->data[m->len] = '\0';
			found = 1;
			break;
		}
	}
	mailimap_fetch_list_free(result);
	if (!found)
		return (0);
	xasprintf(&m->key, "%u:%u", si->uidvalidity, uid);
	return (1);
}

static int
source_imap_next(struct source *s, struct source_mail *m, char **cause)
{
	struct source_imap	*si = s->state;
	int			 rc, searched = 0;

	memset(m, 0, sizeof *m);
	if (si->imap == NULL) {
		if (time(NULL) < si->retry)
			return (0);
		if (source_imap_connect(si) == -1) {
			s->failed = 1;
			return (0);
		}
	}
	for (;;) {
		if (si->next == si->npending) {
			if (searched)
				return (0);
			if (source_imap_search(si) == -1) {
				s->failed = 1;
				return (0);
			}
			searched = 1;
			continue;
		}
		rc = source_imap_fetch(s, si->pending[si->next++], m);
		if (rc == -1)
			s->failed = 1;
		if (rc != 0)
			return (rc == 1 ? 1 : 0);
	}
}

/*
 * The UID of mail m in *uid: 0, or -1 if m came over another
 * connection (or none is open), where its UID may name another mail.
 */
static int
source_imap_uid(struct source_imap *si, const struct source_mail *m,
    unsigned int *uid)
{
	unsigned int	validity;

	if (sscanf(m->key, "%u:%u", &validity, uid) != 2 ||
	    si->imap == NULL || validity != si->uidvalidity)
		return (-1);
	return (0);
}

/*
 * Add flag (taken over) to the mail uid, named name in the error: 0,
 * or -1 and the connection dropped.
 */
static int
source_imap_flag(struct source_imap *si, unsigned int uid,
    struct mailimap_flag *flag, const char *name, char **cause)
{
	struct mailimap_set		*set;
	struct mailimap_flag_list	*flags;
	struct mailimap_store_att_flags	*store;
	int				 r;

	set = mailimap_set_new_single(uid);
	flags = mailimap_flag_list_new_empty();
	mailimap_flag_list_add(flags, flag);
	store = mailimap_store_att_flags_new_add_flags_silent(flags);
	r = mailimap_uid_store(si->imap, set, store);
	mailimap_store_att_flags_free(store);
	mailimap_set_free(set);
	if (r != MAILIMAP_NO_ERROR) {
		xasprintf(cause, "imap %s: uid %u: cannot set %s", si->url,
		    uid, name);
		source_imap_drop(si, "UID STORE failed", r);
		return (-1);
	}
	return (0);
}

/*
 * Flag the mail with the poison keyword, which the search passes over;
 * it stays unseen, in its folder, for the operator.
 */
static const char *
source_imap_aside(struct source *s, const struct source_mail *m,
    char **cause)
{
	struct source_imap	*si = s->state;
	unsigned int		 uid;

	if (source_imap_uid(si, m, &uid) == -1) {
		xasprintf(cause, "imap %s: mail %s: not in this connection",
		    si->url, m->key);
		return (NULL);
	}
	if (source_imap_flag(si, uid, mailimap_flag_new_flag_keyword(
	    xstrdup(SOURCE_IMAP_POISON)), SOURCE_IMAP_POISON, cause) == -1)
		return (NULL);
	return ("the keyword " SOURCE_IMAP_POISON);
}

/* Mark the mail \Seen, or move it to the done folder. */
static int
source_imap_ack(struct source *s, const struct source_mail *m,
    char **cause)
{
	struct source_imap	*si = s->state;
	struct mailimap_set	*set;
	unsigned int		 uid;
	int			 r;

	/* Another connection: the mail will come again, handled. */
	if (source_imap_uid(si, m, &uid) == -1)
		return (0);
	if (si->done != NULL) {
		set = mailimap_set_new_single(uid);
		r = mailimap_uid_move(si->imap, set, si->done);
		mailimap_set_free(set);
		if (r == MAILIMAP_NO_ERROR)
			return (0);
		log_warnx("imap %s: uid %u: cannot move to %s (error %d); "
		    "marking it seen", si->url, uid, si->done, r);
	}
	return (source_imap_flag(si, uid, mailimap_flag_new_seen(), "\\Seen",
	    cause));
}

/* Wait up to seconds for new mail: IDLE, or a plain sleep. */
static int
source_imap_wait(struct source *s, int seconds, char **cause)
{
	struct source_imap	*si = s->state;
	struct pollfd		 pfd;
	time_t			 now = time(NULL);
	int			 r;

	if (si->imap == NULL) {
		if (si->retry > now && si->retry - now < seconds)
			seconds = (int)(si->retry - now);
		sleep((unsigned)(seconds > 0 ? seconds : 1));
		return (0);
	}
	if (!si->idle || !mailimap_has_idle(si->imap)) {
		sleep((unsigned)seconds);
		return (0);
	}
	if ((r = mailimap_idle(si->imap)) != MAILIMAP_NO_ERROR) {
		source_imap_drop(si, "IDLE failed", r);
		return (0);
	}
	pfd.fd = mailimap_idle_get_fd(si->imap);
	pfd.events = POLLIN;
	if (poll(&pfd, 1, seconds * 1000) == -1 && errno != EINTR)
		log_warn("imap %s: poll", si->url);
	if ((r = mailimap_idle_done(si->imap)) != MAILIMAP_NO_ERROR)
		source_imap_drop(si, "leaving IDLE failed", r);
	return (0);
}

static void
source_imap_close(struct source *s)
{
	struct source_imap	*si = s->state;

	if (si == NULL)
		return;
	if (si->imap != NULL) {
		mailimap_logout(si->imap);
		mailimap_free(si->imap);
	}
	free(si->pending);
	free(si->url);
	free(si->host);
	free(si->folder);
	free(si->user);
	free(si->password);
	free(si->ca_file);
	free(si->done);
	free(si);
	s->state = NULL;
}
