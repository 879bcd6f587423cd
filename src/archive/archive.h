/*
 * The archive: a static web site of every game in the store
 * (docs/archive.md), that works from files: an index of the games,
 * a page a game with a viewer, a page a player, a tournament and a
 * league.  archive_build() writes the whole site; archive_refresh()
 * only the pages some games touch.
 */
#ifndef ARCHIVE_H
#define ARCHIVE_H

#include <stddef.h>

struct store;

struct archive_config {
	const char	*dir;		/* the site's folder */
	const char	*url;		/* where it is served, or NULL */
	const char	*assets;	/* the templates/archive folder */
};

struct archive_stats {
	size_t	games, players, tournaments, files;
};

int	archive_build(struct store *, const struct archive_config *,
	    struct archive_stats *, char **);
const char *archive_assets(const char *);
int	archive_refresh(struct store *, const struct archive_config *,
	    const long long *, size_t, char **);

#endif
