/*
 * The operator's tools (docs/commands.md, "mupbem --db FILE ..."): what
 * the organiser of a server does about games and players that mail
 * cannot settle: stalled, nudge, cancel, adjudicate, replace, forfeit,
 * and a player's new address; and the same tools by mail for the
 * organiser of a tournament or league (service-organise.c): pause,
 * resume, adjudicate and replace in a tournament, move in a league.
 * The top family of the service: it may include the core and every
 * family below it.  Nothing in the service includes it but the table
 * of families, which puts operate_family first, so that it sees the
 * tournament and league commands and hands those not its own down to
 * the competitions; and the tool.
 */
#ifndef OPERATE_H
#define OPERATE_H

struct buf;
struct mailloop;
struct service;
struct service_family;
struct service_game;
struct service_mail;

/* service-operator.c */
int	service_operator_stalled(struct service *, struct mailloop *,
	    long long, struct buf *, char **);
int	service_operator_cancel(struct service *, struct mailloop *,
	    long long, const char *, struct buf *, char **);
int	service_operator_adjudicate(struct service *,
	    struct mailloop *, long long, const char *, int,
	    struct buf *, char **);
int	service_operator_replace(struct service *, struct mailloop *,
	    long long, const char *, const char *, struct buf *,
	    char **);
int	service_operator_forfeit(struct service *, struct mailloop *,
	    long long, const char *, struct buf *, char **);
int	service_operator_run(struct service *, struct mailloop *, long long,
	    const char *, int (*)(struct service_mail *,
	    struct service_game *, const char *const *, struct buf *,
	    char **), const char *const *, struct buf *, char **);
int	service_operator_act(struct service_mail *, long long,
	    const char *, int (*)(struct service_mail *,
	    struct service_game *, const char *const *, struct buf *,
	    char **), const char *const *, struct buf *, char **);
int	service_operator_note(struct service_mail *, struct service_game *,
	    const char *, char **);
int	service_operator_adjudicate_game(struct service_mail *,
	    struct service_game *, const char *const *, struct buf *,
	    char **);
int	service_operator_replace_game(struct service_mail *,
	    struct service_game *, const char *const *, struct buf *,
	    char **);

/* service-organise.c */
extern const struct service_family operate_family;

/* service-nudge.c */
int	service_nudge(struct service *, struct mailloop *, long long,
	    struct buf *, char **);

/* service-address.c */
int	service_address(struct service *, struct mailloop *,
	    const char *, const char *, struct buf *, char **);

#endif
