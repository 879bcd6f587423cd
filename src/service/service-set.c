#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "command.h"
#include "service-private.h"
#include "xmalloc.h"

/*
 * A player's settings: what mail they want.  The store keeps them as
 * one line of "key=value" words in the player's row; a key not there
 * has its default.  Each key has a fixed list of values, the first of
 * which is the default, so a setting is never anything unexpected.
 *
 *   confirm   on: a short mail confirms each of the player's turns,
 *             without the board; off: none (the next "your turn" mail
 *             still says what happened)
 *   board     auto: each board in the form that fits a mail (78 columns,
 *             and 40 lines if it can); full, compact or list: always
 *             that form (docs/notation.md, The diagram)
 *   watch     off: of the other players' turns, the player hears in
 *             their next "your turn" mail; on: a mail for each, with
 *             the board, as observers get
 *   pictures  on: a mail that shows a board shows it as a picture too,
 *             unless [server] pictures is no; small: the same, a
 *             phone's picture (service-picture.c); off: text only
 *   palette   the colours of those pictures: default, contrast or grey,
 *             the names of picture-palette.c's palettes
 *   digest    event: the organiser of a tournament or league gets a
 *             mail for each of its events; daily: one mail a day with
 *             them all; off: none (service-organiser.c)
 *   timezone  UTC, or a zone of the system's tz database (Europe/Berlin)
 *             in which deadlines are also shown: the one key whose
 *             value is not from a list, but checked against the
 *             database
 */

struct service_set_key {
	const char	*key;
	const char	*values[5];	/* the default first; NULL ends */
	const char	*about;
	int		 zone;		/* any zone of the tz database */
};

static const struct service_set_key service_set_keys[] = {
	{ "confirm", { "on", "off", NULL },
	  "a short mail confirming each of your turns", 0 },
	{ "board", { "auto", "full", "compact", "list", NULL },
	  "the form of the boards mailed to you", 0 },
	{ "watch", { "off", "on", NULL },
	  "a mail for each other player's turn, as it is played", 0 },
	{ "pictures", { "on", "off", "small", NULL },
	  "a picture of each board mailed to you, besides the text", 0 },
	{ "palette", { "default", "contrast", "grey", NULL },
	  "the colours of the pictures mailed to you", 0 },
	{ "digest", { "event", "daily", "off", NULL },
	  "the mail of the tournaments and leagues you organise", 0 },
	{ "timezone", { "UTC", NULL },
	  "the time zone deadlines are shown in, besides UTC", 1 },
};

#define SERVICE_SET_NKEYS \
	(sizeof service_set_keys / sizeof service_set_keys[0])

static const struct service_set_key *service_set_find(const char *,
		    size_t);
static void	service_set_values(const struct service_set_key *,
		    const char *, struct buf *);
static int	service_set_zone(const char *, size_t);

/* k's values, joined by sep, or as a list in words if sep is NULL. */
static void
service_set_values(const struct service_set_key *k, const char *sep,
    struct buf *out)
{
	size_t	i;

	for (i = 0; k->values[i] != NULL; i++) {
		if (i > 0 && sep != NULL)
			buf_adds(out, sep);
		else if (i > 0)
			buf_adds(out, k->values[i + 1] == NULL ? " or " : ", ");
		buf_adds(out, k->values[i]);
	}
}

static const struct service_set_key *
service_set_find(const char *key, size_t len)
{
	size_t	i;

	for (i = 0; i < SERVICE_SET_NKEYS; i++) {
		if (strlen(service_set_keys[i].key) == len &&
		    strncasecmp(service_set_keys[i].key, key, len) == 0)
			return (&service_set_keys[i]);
	}
	return (NULL);
}

/*
 * Is name[0..len) a zone of the tz database?  Its file must exist and
 * be one: a name can climb out of the database no more than a file
 * that is not a zone can be one.
 */
static int
service_set_zone(const char *name, size_t len)
{
	const char	*dir = getenv("TZDIR");
	char		 path[512], magic[4];
	size_t		 i;
	FILE		*f;
	int		 ok;

	if (len == 0 || len > 64 || name[0] == '/' || name[0] == '.')
		return (0);
	for (i = 0; i < len; i++) {
		if (!isalnum((unsigned char)name[i]) &&
		    strchr("/_+-", name[i]) == NULL)
			return (0);
		if (name[i] == '/' && i + 1 < len && name[i + 1] == '.')
			return (0);
	}
	snprintf(path, sizeof path, "%s/%.*s", dir != NULL ? dir :
	    "/usr/share/zoneinfo", (int)len, name);
	if ((f = fopen(path, "r")) == NULL)
		return (0);
	ok = fread(magic, 1, sizeof magic, f) == sizeof magic &&
	    memcmp(magic, "TZif", 4) == 0;
	fclose(f);
	return (ok);
}

/*
 * Player p's value for key, or its default.  A zone is copied to a
 * buffer that the next call for a zone reuses.
 */
const char *
service_set_get(const struct store_player *p, const char *key)
{
	static char			 zone[65];
	const struct service_set_key	*k;
	const char			*s, *v;
	size_t				 n, klen = strlen(key), i;

	k = service_set_find(key, klen);
	for (s = p->settings != NULL ? p->settings : ""; *s != '\0'; s += n) {
		s += strspn(s, " ");
		n = strcspn(s, " ");
		if (n <= klen || strncmp(s, key, klen) != 0 || s[klen] != '=')
			continue;
		v = s + klen + 1;
		if (k->zone && n - klen - 1 < sizeof zone) {
			snprintf(zone, sizeof zone, "%.*s", (int)(n - klen - 1),
			    v);
			return (zone);
		}
		for (i = 0; k->values[i] != NULL; i++) {
			if (strlen(k->values[i]) == n - klen - 1 &&
			    strncmp(k->values[i], v, n - klen - 1) == 0)
				return (k->values[i]);
		}
	}
	return (k->values[0]);
}

/* set KEY VALUE: keep the sender's choice and say so. */
int
service_set(struct service_mail *sm, const struct command *c, char **cause)
{
	const struct service_set_key	*k;
	const char			*key = c->arg, *value, *chosen;
	char				*zone = NULL;
	struct buf			 b;
	size_t				 klen, vlen, i;
	int				 rc;

	klen = strcspn(key, " \t");
	value = key + klen + strspn(key + klen, " \t");
	vlen = strcspn(value, " \t");
	if ((k = service_set_find(key, klen)) == NULL) {
		buf_init(&b);
		for (i = 0; i < SERVICE_SET_NKEYS; i++) {
			buf_addf(&b, "%sset %s ", i == 0 ? "" : ", ",
			    service_set_keys[i].key);
			service_set_values(&service_set_keys[i], "|", &b);
			if (service_set_keys[i].zone)
				buf_adds(&b, "|ZONE");
		}
		service_error(sm, "set: there is no setting '%.*s'; there "
		    "is %s", (int)klen, key, b.data);
		buf_free(&b);
		return (0);
	}
	for (i = 0; k->values[i] != NULL; i++) {
		if (strlen(k->values[i]) == vlen &&
		    strncasecmp(k->values[i], value, vlen) == 0 &&
		    value[vlen + strspn(value + vlen, " \t")] == '\0')
			break;
	}
	if (k->values[i] == NULL && k->zone && service_set_zone(value, vlen) &&
	    value[vlen + strspn(value + vlen, " \t")] == '\0') {
		zone = xstrndup(value, vlen);
		chosen = zone;
	} else if (k->values[i] == NULL && k->zone) {
		service_error(sm, "set timezone: '%.*s' is not a time zone; "
		    "write a name of the tz database, such as set timezone "
		    "Europe/Berlin or America/New_York, or set timezone UTC",
		    (int)vlen, value);
		return (0);
	} else if (k->values[i] == NULL) {
		buf_init(&b);
		service_set_values(k, NULL, &b);
		service_error(sm, "set %s: write set %s %s", k->key, k->key,
		    b.data);
		buf_free(&b);
		return (0);
	} else
		chosen = k->values[i];
	buf_init(&b);
	for (i = 0; i < SERVICE_SET_NKEYS; i++) {
		value = &service_set_keys[i] == k ? chosen :
		    service_set_get(&sm->me, service_set_keys[i].key);
		if (strcmp(value, service_set_keys[i].values[0]) != 0)
			buf_addf(&b, "%s%s=%s", b.len == 0 ? "" : " ",
			    service_set_keys[i].key, value);
	}
	free(zone);
	rc = store_player_settings(sm->sv->store, sm->me.id,
	    b.len > 0 ? b.data : "", cause);
	if (rc == 0) {
		free(sm->me.settings);
		sm->me.settings = buf_steal(&b);
		if (sm->me.settings == NULL)
			sm->me.settings = xstrdup("");
		service_notice(sm, "Your setting is kept: %s %s (%s).\n",
		    k->key, service_set_get(&sm->me, k->key), k->about);
	}
	buf_free(&b);
	return (rc);
}
