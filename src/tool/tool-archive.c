#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "store.h"
#include "tool-archive.h"
#include "xmalloc.h"

/*
 * The archive from the tool:
 *
 *   mupbem --db FILE archive [--assets DIR] [--url URL] DIR [G...]
 *       writes the whole site into DIR (docs/archive.md), with the
 *       style sheet and viewer from --assets, else the installed
 *       templates/archive, each page naming its address under URL;
 *       with games, only the pages they touch.
 *
 * mupbem-bench archive (src/bench/bench-archive.c) times building a
 * site.
 */


/*
 * --db FILE archive [--assets DIR] [--url URL] DIR [G...]: argv[0] is
 * "archive".
 * With games, only the pages they touch are written again.
 */
int
tool_archive_run(struct store *s, int argc, char **argv)
{
	struct archive_config	 c;
	struct archive_stats	 st;
	const char		*assets = NULL;
	char			*cause = NULL, *end;
	long long		*games;
	int			 i, n = 0, rc;

	memset(&c, 0, sizeof c);
	while (argc >= 3 && (strcmp(argv[1], "--assets") == 0 ||
	    strcmp(argv[1], "--url") == 0)) {
		if (strcmp(argv[1], "--url") == 0)
			c.url = argv[2];
		else
			assets = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		fprintf(stderr, "usage:\n  mupbem --db FILE archive "
		    "[--assets DIR] [--url URL] DIR [G...]\n");
		return (2);
	}
	c.dir = argv[1];
	c.assets = archive_assets(assets);
	games = xcalloc((size_t)argc, sizeof *games);
	for (i = 2; i < argc; i++) {
		const char	*g = argv[i] + (argv[i][0] == 'G' ||
				    argv[i][0] == 'g');

		errno = 0;
		games[n] = strtoll(g, &end, 10);
		if (*g == '\0' || *end != '\0' || errno != 0 ||
		    games[n] < 1) {
			fprintf(stderr, "mupbem: '%s' is not a game; write it "
			    "like G12\n", argv[i]);
			free(games);
			return (1);
		}
		n++;
	}
	if (n > 0)
		rc = archive_refresh(s, &c, games, (size_t)n, &cause);
	else
		rc = archive_build(s, &c, &st, &cause);
	free(games);
	if (rc == -1) {
		fprintf(stderr, "mupbem: %s\n", cause);
		free(cause);
		return (1);
	}
	if (n > 0)
		printf("archive: %d game%s refreshed in %s\n", n,
		    n == 1 ? "" : "s", c.dir);
	else
		printf("archive: %zu games, %zu players, %zu tournaments, %zu "
		    "files in %s\n", st.games, st.players, st.tournaments,
		    st.files, c.dir);
	return (0);
}
