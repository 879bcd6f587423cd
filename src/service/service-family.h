/*
 * The service's feature families, as the core sees them.  A family
 * (src/service/compete, clocks, play, operate) sits above the core and
 * may call it; the core never includes a family.  What the core needs
 * of them it finds in the table service_families[], which the one file
 * above them all fills in (families/service-families.c), as the games'
 * registry does for the games: the commands each family answers, and
 * the events it wants to hear of.
 */
#ifndef SERVICE_FAMILY_H
#define SERVICE_FAMILY_H

#include "command.h"

struct mailloop;
struct service;
struct service_game;
struct service_mail;
struct store_timer;

/* A mail command a family answers. */
struct service_family_command {
	enum command_type	  type;
	int			(*run)(struct service_mail *,
				    const struct command *, char **);
};

struct service_family {
	const char				*name;
	const struct service_family_command	*commands; /* run NULL ends */
	/* A game was saved over, in the transaction that ended it. */
	int	(*played)(struct service_mail *, struct service_game *,
		    char **);
	/* The store's timers of this kind that fall due are this family's. */
	const char	*timer_kind;
	int	(*timer)(struct service_mail *, const struct store_timer *,
		    char **);
	/* The daemon's timer: what falls due (a mailloop_ticker). */
	int	(*tick)(struct mailloop *, long long, void *, long long *,
		    char **);
	/* The service is freed. */
	void	(*end)(struct service *);
	/*
	 * What a mail, a timer's batch or an operator's action put off
	 * until its own mail was queued (a tournament's next round, after
	 * the game over mail of the game that ended the round): run now,
	 * before the transaction commits.
	 */
	int	(*settle)(struct service_mail *, char **);
};

extern const struct service_family *const service_families[];

int	service_family_command(struct service_mail *, const struct command *,
	    int *, char **);
int	service_family_played(struct service_mail *, struct service_game *,
	    char **);
int	service_family_timer(struct service_mail *,
	    const struct store_timer *, int *, char **);
int	service_family_tick(struct mailloop *, long long, void *,
	    long long *, char **);
void	service_family_end(struct service *);
int	service_family_settle(struct service_mail *, char **);

#endif
