/*
 * What the archive's pages share: the site as loaded from the store
 * (archive.c), writing its files (archive-file.c), HTML (archive-
 * html.c), JSON (archive-json.c), and the writer of each kind of page.
 */
#ifndef ARCHIVE_PRIVATE_H
#define ARCHIVE_PRIVATE_H

#include <stddef.h>

#include "archive.h"
#include "buf.h"
#include "store.h"

struct record;

#define ARCHIVE_PAGE	100	/* games a page of a list */

/*
 * A list of games in pages (archive-list.c): the index, a kind's, a
 * player's.  Page 1 holds the oldest; the last is BASE.html.
 */
struct archive_list {
	char	*base;		/* "index", "kinds/velox" */
	size_t	*games;		/* in site->games, oldest first */
	size_t	 n, size;
	int	*write;		/* a page each, oldest first */
	size_t	 npages;
};

/* A game of the site: its row and its seats. */
struct archive_game {
	struct store_game	 row;
	struct store_seat	*seats;
	size_t			 nseats;
	int			 write;		/* its pages are to be
						   written */
	char			*result;	/* as the site may show */
	char			*topic;		/* them, or NULL */
};

/* A player with a seat in some game. */
struct archive_player {
	long long			 id;
	char				*name;	/* as shown: a name,
						   or "P7" */
	struct store_rating_change	*history;	/* oldest first */
	size_t				 nhistory;
	int				 write;
	struct archive_list		 list;	/* their games */
};

/* The ratings of a kind of game (archive-ratings.c). */
struct archive_ratings {
	const char		*kind;		/* "classic" */
	struct store_rating	*rows;		/* of every rating kind
						   of it, best first */
	size_t			 nrows;
	int			 write;
};

struct archive_site {
	struct store			*store;
	const struct archive_config	*config;
	struct archive_stats		 stats;

	struct archive_game		*games;		/* by id */
	size_t				 ngames;
	struct archive_player		*players;	/* by id */
	size_t				 nplayers;
	struct store_tournament		*tournaments;	/* by id */
	size_t				 ntournaments;
	int				*write_t;
	struct store_league		*leagues;
	size_t				 nleagues;
	int				*write_l;

	struct archive_list		 index;
	struct archive_list		*kinds;	/* "kinds/velox" */
	size_t				 nkinds;
	struct archive_ratings		*ratings;
	size_t				 nratings;
};

/* archive.c */
struct archive_player	*archive_player_find(const struct archive_site *,
			    long long);
const char		*archive_name(const struct archive_site *,
			    long long);

/* archive-public.c */
char	*archive_public_text(const struct archive_site *,
	    const struct archive_game *, const char *);
void	archive_public_record(const struct archive_game *, struct record *,
	    struct buf *);
char	*archive_public_outcome(const struct archive_site *,
	    const struct archive_game *);

/* archive-file.c */
int	archive_file_dir(const struct archive_site *, const char *, char **);
int	archive_file_write(struct archive_site *, const char *,
	    const struct buf *, char **);
int	archive_file_assets(struct archive_site *, char **);

/* archive-builtin.c, made by make from templates/archive/ */
struct archive_builtin {
	const char	*name;		/* "archive.css" */
	const char	*text;
};
extern const struct archive_builtin archive_builtin[];

/* archive-html.c */
void	archive_html_escape(struct buf *, const char *);
void	archive_html_head(struct buf *, const struct archive_site *,
	    const char *, const char *, const struct buf *);
void	archive_html_foot(struct buf *, const char *, const char *);
void	archive_html_player(struct buf *, const struct archive_site *,
	    const char *, long long);
void	archive_html_players(struct buf *, const struct archive_site *,
	    const char *, const struct archive_game *);
void	archive_html_game(struct buf *, const char *, long long);
void	archive_html_time(struct buf *, long long);
void	archive_html_result(struct buf *, const struct archive_game *);
void	archive_html_score(struct buf *, double);

/* archive-json.c */
void	archive_json_string(struct buf *, const char *);
void	archive_json_key(struct buf *, const char *);

/* archive-game.c */
int	archive_game_write(struct archive_site *, struct archive_game *,
	    char **);

/* archive-index.c */
int	archive_index_write(struct archive_site *, char **);
int	archive_index_kind(struct archive_site *, struct archive_list *,
	    char **);

/* archive-list.c */
void	archive_list_init(struct archive_list *, const char *);
void	archive_list_free(struct archive_list *);
void	archive_list_add(struct archive_list *, size_t);
void	archive_list_done(struct archive_list *);
void	archive_list_all(struct archive_list *);
void	archive_list_mark(const struct archive_site *,
	    struct archive_list *, size_t, int);
char	*archive_list_path(const struct archive_list *, size_t);
void	archive_list_page(const struct archive_list *, size_t, size_t *,
	    size_t *);
void	archive_list_nav(struct buf *, const struct archive_list *, size_t,
	    int);

/* archive-ratings.c */
int	archive_ratings_load(struct archive_site *, char **);
void	archive_ratings_free(struct archive_site *);
const char *archive_ratings_kind(const char *);
void	archive_ratings_mark(struct archive_site *,
	    const struct archive_game *);
int	archive_ratings_write(struct archive_site *, char **);
void	archive_ratings_links(struct buf *, const struct archive_site *,
	    const char *);

/* archive-player.c */
int	archive_player_write(struct archive_site *, struct archive_player *,
	    char **);
void	archive_player_outcome(const struct archive_game *, int, int *,
	    int *);

/* archive-tournament.c */
int	archive_tournament_write(struct archive_site *,
	    const struct store_tournament *, char **);
int	archive_tournament_league(struct archive_site *,
	    const struct store_league *, char **);

#endif
