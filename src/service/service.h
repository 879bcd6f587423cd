/*
 * The game service: what a player's mail asks for (docs/commands.md),
 * done against the store, answered with mail built from templates.
 */
#ifndef SERVICE_H
#define SERVICE_H

struct buf;
struct config_file;
struct mailloop;
struct message;
struct store;
struct service;

struct service	*service_create(const struct config_file *, struct store *,
		    char **);
int		 service_reload(struct service *, const struct config_file *,
		    char **);
void		 service_free(struct service *);
int		 service_handle(struct mailloop *, const struct message *,
		    void *, char **);

int		 service_archive_refresh(struct service *, char **);
int		 service_archive_check(const struct config_file *, char **);
int		 service_after(void *, char **);
int		 service_tick(struct mailloop *, long long, void *,
		    long long *, char **);
void		 service_robots_inline(struct service *, int);
#endif
