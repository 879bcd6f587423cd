#include "config.h"

#include <sys/stat.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive-private.h"
#include "archive.h"
#include "buf.h"
#include "store.h"
#include "xmalloc.h"

/*
 * The site (docs/archive.md):
 *
 *   DIR/index.html, index-1.html  the games, with filters, in pages
 *   DIR/kinds/velox.html, -1.html a kind's games, in pages
 *   DIR/games/G12.html .json .rec a game: its viewer, data and record
 *   DIR/players/P7.html, -1.html  a player: rating, statistics, games
 *   DIR/ratings/velox.html        the ratings of a kind of game
 *   DIR/tournaments/T3.html       standings and crosstable
 *   DIR/leagues/L2.html           each season's divisions
 *   DIR/assets/                   archive.css, archive.js
 *
 * Both entry points load the same summary of the store (every game
 * with its seats, every player with a seat, their rating histories,
 * the tournaments and leagues), since the index and the players' pages
 * draw on all of it; then they mark what is to be written: everything
 * for archive_build(), and for archive_refresh() the given games, their
 * players, their tournament (and its league), the pages of the lists
 * (archive-list.c) that hold them, the newest page of the index and
 * their kind's ratings if they changed any, but not the assets, which
 * only a build copies.  Each file
 * is written whole or not at all (archive-file.c).  Players are shown
 * by name, or as "P7" if they have none: the site never shows an
 * address.
 */

#define ARCHIVE_WORKERS	8	/* threads writing games, at most */
#define ARCHIVE_ALONE	32	/* fewer games: no threads */

/* A thread writing every step-th game from first. */
struct archive_worker {
	struct archive_site	*site;
	size_t			 first, step;
	char			*cause;		/* why it stopped */
	pthread_t		 thread;
	int			 started;	/* thread is running it */
};

static void	*archive_worker_run(void *);
static int	archive_write_games(struct archive_site *, char **);
static int	archive_load(struct archive_site *, struct store *,
		    const struct archive_config *, char **);
static void	archive_free(struct archive_site *);
static int	archive_load_players(struct archive_site *, char **);
static int	archive_load_tournaments(struct archive_site *, char **);
static int	archive_write(struct archive_site *, int, char **);
static int	archive_cmp_player(const void *, const void *);
static int	archive_cmp_tournament(const void *, const void *);
static struct archive_game *archive_game_find(const struct archive_site *,
		    long long);
static void	archive_mark(struct archive_site *, struct archive_game *);
static void	archive_load_lists(struct archive_site *);
static struct archive_list *archive_kind_list(struct archive_site *,
		    const char *);

static int
archive_cmp_player(const void *a, const void *b)
{
	const struct archive_player	*x = a, *y = b;

	return (x->id < y->id ? -1 : x->id > y->id);
}

static int
archive_cmp_tournament(const void *a, const void *b)
{
	const struct store_tournament	*x = a, *y = b;

	return (x->id < y->id ? -1 : x->id > y->id);
}

/* The player of id, or NULL. */
struct archive_player *
archive_player_find(const struct archive_site *site, long long id)
{
	struct archive_player	key;

	key.id = id;
	if (site->nplayers == 0)
		return (NULL);
	return (bsearch(&key, site->players, site->nplayers,
	    sizeof *site->players, archive_cmp_player));
}

/* Player id as the site shows them: their name, or "P7". */
const char *
archive_name(const struct archive_site *site, long long id)
{
	const struct archive_player	*p;

	if ((p = archive_player_find(site, id)) == NULL)
		return ("nobody");
	return (p->name);
}

static struct archive_game *
archive_game_find(const struct archive_site *site, long long id)
{
	size_t	lo = 0, hi = site->ngames, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (site->games[mid].row.id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < site->ngames && site->games[lo].row.id == id)
		return (&site->games[lo]);
	return (NULL);
}

/* Every player with a seat, by id, with their rating history. */
static int
archive_load_players(struct archive_site *site, char **cause)
{
	struct archive_player		*p;
	struct store_rating_change	 tmp;
	const struct store_seat		*st;
	size_t				 i, j, n = 0, size = 0;

	for (i = 0; i < site->ngames; i++) {
		for (j = 0; j < site->games[i].nseats; j++) {
			st = &site->games[i].seats[j];
			if (st->player.id <= 0)
				continue;
			if (n == size) {
				size = size == 0 ? 64 : size * 2;
				site->players = xreallocarray(site->players,
				    size, sizeof *site->players);
			}
			p = &site->players[n++];
			memset(p, 0, sizeof *p);
			p->id = st->player.id;
			if (st->player.name != NULL && *st->player.name != '\0')
				p->name = xstrdup(st->player.name);
			else
				xasprintf(&p->name, "P%lld", p->id);
		}
	}
	if (n > 1)
		qsort(site->players, n, sizeof *site->players,
		    archive_cmp_player);
	for (i = j = 0; i < n; i++) {
		if (j > 0 && site->players[j - 1].id == site->players[i].id) {
			free(site->players[i].name);
			continue;
		}
		site->players[j++] = site->players[i];
	}
	site->nplayers = j;
	for (i = 0; i < site->nplayers; i++) {
		p = &site->players[i];
		if (store_rating_history(site->store, p->id, -1, &p->history,
		    &p->nhistory, cause) == -1)
			return (-1);
		for (j = 0; j < p->nhistory / 2; j++) {
			tmp = p->history[j];
			p->history[j] = p->history[p->nhistory - 1 - j];
			p->history[p->nhistory - 1 - j] = tmp;
		}
	}
	return (0);
}

/* The tournaments (those of leagues too) by id, and the leagues. */
static int
archive_load_tournaments(struct archive_site *site, char **cause)
{
	struct store_tournament	*v;
	size_t			 n, i;

	if (store_tournament_list(site->store, -1, &site->tournaments,
	    &site->ntournaments, cause) == -1 ||
	    store_league_list(site->store, &site->leagues, &site->nleagues,
	    cause) == -1)
		return (-1);
	for (i = 0; i < site->nleagues; i++) {
		if (store_tournament_list(site->store, site->leagues[i].id, &v,
		    &n, cause) == -1)
			return (-1);
		site->tournaments = xreallocarray(site->tournaments,
		    site->ntournaments + n + 1, sizeof *site->tournaments);
		memcpy(site->tournaments + site->ntournaments, v,
		    n * sizeof *v);
		site->ntournaments += n;
		free(v);
	}
	if (site->ntournaments > 1)
		qsort(site->tournaments, site->ntournaments,
		    sizeof *site->tournaments, archive_cmp_tournament);
	site->write_t = xcalloc(site->ntournaments + 1,
	    sizeof *site->write_t);
	site->write_l = xcalloc(site->nleagues + 1, sizeof *site->write_l);
	return (0);
}

/* Load the site's summary from store s. */
static int
archive_load(struct archive_site *site, struct store *s,
    const struct archive_config *config, char **cause)
{
	struct store_game	*rows;
	size_t			 n, i;

	memset(site, 0, sizeof *site);
	site->store = s;
	site->config = config;
	if (store_game_list(site->store, 0, &rows, &n, cause) == -1)
		return (-1);
	site->games = xcalloc(n + 1, sizeof *site->games);
	for (i = 0; i < n; i++)
		site->games[i].row = rows[i];
	site->ngames = n;
	free(rows);
	for (i = 0; i < n; i++) {
		if (store_seats(site->store, site->games[i].row.id,
		    &site->games[i].seats, &site->games[i].nseats,
		    cause) == -1)
			return (-1);
	}
	if (archive_load_players(site, cause) == -1)
		return (-1);
	for (i = 0; i < n; i++) {
		site->games[i].result = archive_public_text(site,
		    &site->games[i], site->games[i].row.result);
		if (site->games[i].result == NULL) {
			site->games[i].result = archive_public_outcome(site,
			    &site->games[i]);
		}
		site->games[i].topic = archive_public_text(site,
		    &site->games[i], site->games[i].row.topic);
	}
	archive_load_lists(site);
	if (archive_ratings_load(site, cause) == -1)
		return (-1);
	return (archive_load_tournaments(site, cause));
}

/* The list of kind's games, made if new; NULL for a kind with no page. */
static struct archive_list *
archive_kind_list(struct archive_site *site, const char *kind)
{
	char	*base;
	size_t	 i;

	for (i = 0; i < site->nkinds; i++) {
		if (strcmp(site->kinds[i].base + (sizeof "kinds/" - 1),
		    kind) == 0)
			return (&site->kinds[i]);
	}
	/* The name is part of a file's: only letters and digits. */
	if (*kind == '\0' || strspn(kind, "abcdefghijklmnopqrstuvwxyz"
	    "0123456789") != strlen(kind))
		return (NULL);
	site->kinds = xreallocarray(site->kinds, site->nkinds + 1,
	    sizeof *site->kinds);
	xasprintf(&base, "kinds/%s", kind);
	archive_list_init(&site->kinds[site->nkinds], base);
	free(base);
	return (&site->kinds[site->nkinds++]);
}

/* The lists of games: all of them, each kind's, each player's. */
static void
archive_load_lists(struct archive_site *site)
{
	struct archive_list	*l;
	struct archive_player	*p;
	char			 base[64];
	size_t			 i, j;

	archive_list_init(&site->index, "index");
	for (i = 0; i < site->nplayers; i++) {
		snprintf(base, sizeof base, "players/P%lld",
		    site->players[i].id);
		archive_list_init(&site->players[i].list, base);
	}
	for (i = 0; i < site->ngames; i++) {
		archive_list_add(&site->index, i);
		if ((l = archive_kind_list(site,
		    site->games[i].row.variant)) != NULL)
			archive_list_add(l, i);
		for (j = 0; j < site->games[i].nseats; j++) {
			p = archive_player_find(site,
			    site->games[i].seats[j].player.id);
			if (p != NULL && (p->list.n == 0 ||
			    p->list.games[p->list.n - 1] != i))
				archive_list_add(&p->list, i);
		}
	}
	archive_list_done(&site->index);
	for (i = 0; i < site->nkinds; i++)
		archive_list_done(&site->kinds[i]);
	for (i = 0; i < site->nplayers; i++)
		archive_list_done(&site->players[i].list);
}

static void
archive_free(struct archive_site *site)
{
	size_t	i;

	for (i = 0; i < site->ngames; i++) {
		store_game_free(&site->games[i].row);
		free(site->games[i].result);
		free(site->games[i].topic);
		store_seats_free(site->games[i].seats, site->games[i].nseats);
	}
	free(site->games);
	for (i = 0; i < site->nplayers; i++) {
		free(site->players[i].name);
		store_rating_changes_free(site->players[i].history,
		    site->players[i].nhistory);
		archive_list_free(&site->players[i].list);
	}
	free(site->players);
	archive_list_free(&site->index);
	for (i = 0; i < site->nkinds; i++)
		archive_list_free(&site->kinds[i]);
	free(site->kinds);
	archive_ratings_free(site);
	store_tournament_list_free(site->tournaments, site->ntournaments);
	store_league_list_free(site->leagues, site->nleagues);
	free(site->write_t);
	free(site->write_l);
}

/* Mark game g to be written, with its players, tournament, league. */
static void
archive_mark(struct archive_site *site, struct archive_game *g)
{
	struct archive_player	*p;
	struct archive_list	*l;
	size_t			 i, j, at = (size_t)(g - site->games);

	g->write = 1;
	archive_list_mark(site, &site->index, at, 0);
	if ((l = archive_kind_list(site, g->row.variant)) != NULL)
		archive_list_mark(site, l, at, 0);
	archive_ratings_mark(site, g);
	for (i = 0; i < g->nseats; i++) {
		if ((p = archive_player_find(site, g->seats[i].player.id)) !=
		    NULL) {
			p->write = 1;
			archive_list_mark(site, &p->list, at, 1);
		}
	}
	for (i = 0; i < site->ntournaments; i++) {
		if (site->tournaments[i].id != g->row.tournament)
			continue;
		site->write_t[i] = 1;
		for (j = 0; j < site->nleagues; j++) {
			if (site->leagues[j].id == site->tournaments[i].league)
				site->write_l[j] = 1;
		}
	}
}

static void *
archive_worker_run(void *arg)
{
	struct archive_worker	*w = arg;
	struct archive_site	*site = w->site;
	size_t			 i;

	for (i = w->first; i < site->ngames; i += w->step) {
		if (site->games[i].write && archive_game_write(site,
		    &site->games[i], &w->cause) == -1)
			break;
	}
	return (NULL);
}

/* Write the marked games' pages, with a thread a processor. */
static int
archive_write_games(struct archive_site *site, char **cause)
{
	struct archive_worker	*w;
	size_t			 i, n = 0, marked = 0;
	long			 cpus;
	int			 rc = 0;

	for (i = 0; i < site->ngames; i++)
		marked += site->games[i].write;
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (marked >= ARCHIVE_ALONE && cpus > 1)
		n = cpus > ARCHIVE_WORKERS ? ARCHIVE_WORKERS : (size_t)cpus;
	if (n == 0)
		n = 1;
	w = xcalloc(n, sizeof *w);
	for (i = 0; i < n; i++) {
		w[i].site = site;
		w[i].first = i;
		w[i].step = n;
	}
	/* The first runs here; one that cannot start runs here too. */
	for (i = 1; i < n; i++) {
		if (pthread_create(&w[i].thread, NULL, archive_worker_run,
		    &w[i]) == 0)
			w[i].started = 1;
		else
			archive_worker_run(&w[i]);
	}
	archive_worker_run(&w[0]);
	for (i = 0; i < n; i++) {
		if (w[i].started)
			pthread_join(w[i].thread, NULL);
		if (w[i].cause != NULL && rc == 0) {
			*cause = w[i].cause;
			rc = -1;
		} else
			free(w[i].cause);
	}
	free(w);
	return (rc);
}

/* Write every page marked, and the index; the assets too if assets. */
static int
archive_write(struct archive_site *site, int assets, char **cause)
{
	static const char	*subs[] = { "games", "players", "tournaments",
				    "leagues", "kinds", "ratings", NULL };
	size_t			 i;

	if (archive_file_dir(site, NULL, cause) == -1)
		return (-1);
	for (i = 0; subs[i] != NULL; i++) {
		if (archive_file_dir(site, subs[i], cause) == -1)
			return (-1);
	}
	if (assets && archive_file_assets(site, cause) == -1)
		return (-1);
	if (archive_write_games(site, cause) == -1)
		return (-1);
	for (i = 0; i < site->nplayers; i++) {
		if (site->players[i].write && archive_player_write(site,
		    &site->players[i], cause) == -1)
			return (-1);
	}
	for (i = 0; i < site->ntournaments; i++) {
		if (site->write_t[i] && archive_tournament_write(site,
		    &site->tournaments[i], cause) == -1)
			return (-1);
	}
	for (i = 0; i < site->nleagues; i++) {
		if (site->write_l[i] && archive_tournament_league(site,
		    &site->leagues[i], cause) == -1)
			return (-1);
	}
	for (i = 0; i < site->nkinds; i++) {
		if (archive_index_kind(site, &site->kinds[i], cause) == -1)
			return (-1);
	}
	if (archive_ratings_write(site, cause) == -1)
		return (-1);
	/* The newest page of the index lists the players and the rest. */
	site->index.write[site->index.npages - 1] = 1;
	return (archive_index_write(site, cause));
}

/* Write the whole site into config->dir; *stats says what. */
int
archive_build(struct store *s, const struct archive_config *config,
    struct archive_stats *stats, char **cause)
{
	struct archive_site	site;
	size_t			i;
	int			rc = -1;

	if (archive_load(&site, s, config, cause) == -1)
		goto out;
	for (i = 0; i < site.ngames; i++)
		site.games[i].write = 1;
	for (i = 0; i < site.nplayers; i++)
		site.players[i].write = 1;
	for (i = 0; i < site.ntournaments; i++)
		site.write_t[i] = 1;
	for (i = 0; i < site.nleagues; i++)
		site.write_l[i] = 1;
	archive_list_all(&site.index);
	for (i = 0; i < site.nkinds; i++)
		archive_list_all(&site.kinds[i]);
	for (i = 0; i < site.nplayers; i++)
		archive_list_all(&site.players[i].list);
	for (i = 0; i < site.nratings; i++)
		site.ratings[i].write = 1;
	if (archive_write(&site, 1, cause) == -1)
		goto out;
	site.stats.players = site.nplayers;
	site.stats.tournaments = site.ntournaments;
	if (stats != NULL)
		*stats = site.stats;
	rc = 0;
out:
	archive_free(&site);
	return (rc);
}

/*
 * Write again only what the n games touch: their pages, their players',
 * their tournament's and league's, and the index.
 */
int
archive_refresh(struct store *s, const struct archive_config *config,
    const long long *games, size_t n, char **cause)
{
	struct archive_site	 site;
	struct archive_game	*g;
	size_t			 i;
	int			 rc = -1;

	if (archive_load(&site, s, config, cause) == -1)
		goto out;
	for (i = 0; i < n; i++) {
		if ((g = archive_game_find(&site, games[i])) == NULL) {
			xasprintf(cause, "archive: there is no game G%lld",
			    games[i]);
			goto out;
		}
		archive_mark(&site, g);
	}
	rc = archive_write(&site, 0, cause);
out:
	archive_free(&site);
	return (rc);
}

/*
 * The assets folder for a site: given, or the installed one; NULL, for
 * the ones built in, when mupbem is not installed.
 */
const char *
archive_assets(const char *given)
{
	struct stat	sb;

	if (given != NULL)
		return (given);
	if (stat(MUPBEM_ARCHIVE_ASSETS, &sb) == 0 && S_ISDIR(sb.st_mode))
		return (MUPBEM_ARCHIVE_ASSETS);
	return (NULL);
}
