#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive.h"
#include "command.h"
#include "config-file.h"
#include "log.h"
#include "service.h"
#include "service-private.h"
#include "store.h"
#include "xmalloc.h"

/*
 * The web archive from the daemon (docs/archive.md).  With [archive]
 * dir set, every round of the daemon's loop writes again the pages of
 * the games that changed (archive_refresh): the site follows play and
 * is never rebuilt whole, except once, when its folder has no index
 * yet.  Which games changed the store says (store-touched.c: triggers
 * mark every change, by any program, the operator's tool included), so
 * a daemon that was down catches up when it starts.
 *
 * The pages are not part of the store's transaction: they are written
 * after it, each file whole or not at all, and a game is let go of
 * only once its pages are written.  A failure (a full disk) is logged
 * and tried again the next round; it never holds up play.
 *
 * "archive G12" by mail answers with the game's record and, with
 * [archive] url set, the address of its page.
 */

#define SERVICE_ARCHIVE_BATCH	256	/* games written at a time */

static void	service_archive_config(const struct service *,
		    struct archive_config *, char **);
static int	service_archive_whole(struct service *, char **);

/*
 * The archive's settings from the daemon's, *assets (the caller's) the
 * folder archive/ of the templates, if there is one.
 */
static void
service_archive_config(const struct service *sv, struct archive_config *ac,
    char **assets)
{
	const struct config_file	*c = sv->config;
	struct stat			 sb;

	memset(ac, 0, sizeof *ac);
	ac->dir = c->archive_dir;
	ac->url = c->archive_url;
	*assets = NULL;
	if (c->templates != NULL)
		xasprintf(assets, "%s/archive", c->templates);
	/* None: the ones built in. */
	if (*assets != NULL && (stat(*assets, &sb) == -1 ||
	    !S_ISDIR(sb.st_mode))) {
		free(*assets);
		*assets = NULL;
	}
	ac->assets = *assets;
}

/*
 * The folder has no index: write the whole site, and let go of every
 * game it wrote.
 */
static int
service_archive_whole(struct service *sv, char **cause)
{
	struct archive_config	 ac;
	struct archive_stats	 stats;
	struct store_touched	*v;
	char			*assets;
	int			 n, rc;

	service_archive_config(sv, &ac, &assets);
	memset(&stats, 0, sizeof stats);
	rc = archive_build(sv->store, &ac, &stats, cause);
	free(assets);
	if (rc == -1)
		return (-1);
	log_info("archive: %s written: %zu games, %zu players, %zu files",
	    ac.dir, stats.games, stats.players, stats.files);
	/* Changes made while it was written stay due. */
	do {
		if ((n = store_touched_some(sv->store, SERVICE_ARCHIVE_BATCH,
		    &v, cause)) == -1)
			return (-1);
		rc = store_touched_done(sv->store, v, (size_t)n, cause);
		free(v);
	} while (rc == 0 && n == SERVICE_ARCHIVE_BATCH);
	return (rc);
}

/*
 * Write the pages of the games that changed since the last call, if
 * there is an archive: how many games, or -1 with *cause.
 */
int
service_archive_refresh(struct service *sv, char **cause)
{
	struct archive_config	 ac;
	struct store_touched	*v;
	struct stat		 sb;
	long long		*games;
	char			*index, *assets;
	int			 n, i, rc, total = 0;

	if (sv->config->archive_dir == NULL)
		return (0);
	xasprintf(&index, "%s/index.html", sv->config->archive_dir);
	rc = stat(index, &sb);
	free(index);
	if (rc == -1)
		return (service_archive_whole(sv, cause) == -1 ? -1 : 0);
	do {
		if ((n = store_touched_some(sv->store, SERVICE_ARCHIVE_BATCH,
		    &v, cause)) <= 0) {
			free(v);
			return (n == -1 ? -1 : total);
		}
		games = xcalloc((size_t)n, sizeof *games);
		for (i = 0; i < n; i++)
			games[i] = v[i].game;
		service_archive_config(sv, &ac, &assets);
		rc = archive_refresh(sv->store, &ac, games, (size_t)n, cause);
		free(assets);
		free(games);
		if (rc == 0)
			rc = store_touched_done(sv->store, v, (size_t)n, cause);
		free(v);
		if (rc == -1)
			return (-1);
		total += n;
	} while (n == SERVICE_ARCHIVE_BATCH);
	return (total);
}

/*
 * Can the daemon write the archive's folder?  It is made if need be
 * (its parent must exist); 0, or -1 and *cause, at start-up.
 */
int
service_archive_check(const struct config_file *c, char **cause)
{
	const char	*dir = c->archive_dir;
	struct stat	 sb;

	if (dir == NULL)
		return (0);
	if (mkdir(dir, 0755) == -1 && errno != EEXIST) {
		xasprintf(cause, "[archive] dir %s: %s", dir, strerror(errno));
		return (-1);
	}
	if (stat(dir, &sb) == 0 && !S_ISDIR(sb.st_mode))
		errno = ENOTDIR;
	else if (access(dir, W_OK | X_OK) == 0)
		return (0);
	xasprintf(cause, "[archive] dir %s: %s", dir, strerror(errno));
	return (-1);
}

/* archive G: the game's record, and its page if the archive is public. */
int
service_archive_command(struct service_mail *sm, const struct command *c,
    char **cause)
{
	struct service_game	 sg;
	struct service_vars	 vars;
	const char		*url = sm->sv->config->archive_url;
	int			 rc;

	if ((rc = service_game_find(sm, c, &sg, cause)) != 1)
		return (rc);
	if (strcmp(sg.row.status, "inviting") == 0 ||
	    (strcmp(sg.row.status, "abandoned") == 0 && sg.rec.nseats == 0)) {
		service_error(sm, "archive: game G%lld has no record yet; it "
		    "begins when the game starts", sg.row.id);
		service_game_free(&sg);
		return (0);
	}
	service_vars_init(&vars);
	service_vars_game(&vars, &sg);
	if (url != NULL && sm->sv->config->archive_dir != NULL) {
		service_vars_set(&vars, SV_TEXT, "Game G%lld (%s), %d turns, "
		    "in the archive:\n\n    %s/games/G%lld.html\n\nIts record "
		    "for mupbem and other programs:\n\n    %s/games/G%lld.rec"
		    "\n\n%s", sg.row.id, sg.g->ops->name, sg.row.turns, url,
		    sg.row.id, url, sg.row.id, sg.row.record);
	} else {
		service_vars_set(&vars, SV_TEXT, "Game G%lld (%s), %d turns. "
		    "This server publishes no archive on the web; here is "
		    "the record:\n\n%s", sg.row.id, sg.g->ops->name,
		    sg.row.turns, sg.row.record);
	}
	rc = service_mail_game(sm, &sg, &sm->me, TEMPLATE_NOTICE, &vars,
	    "archive", cause);
	service_vars_free(&vars);
	service_game_free(&sg);
	return (rc);
}
