/*
 * Play (docs/commands.md): a game's life before play (new, accept,
 * decline, join, withdraw, rematch), turns and previews, the commands
 * that only look (board, history, games, observe), and the robots'
 * turns.  A family above the core, competitions and clocks; the core
 * hears of it only through play_family.
 */
#ifndef PLAY_H
#define PLAY_H

struct command;
struct mailloop;
struct service;
struct service_mail;

extern const struct service_family play_family;

/* service-lifecycle.c */
int	service_lifecycle_rematch(struct service_mail *,
	    const struct command *, char **);
int	service_lifecycle_new(struct service_mail *, const struct command *,
	    char **);
int	service_lifecycle_answer(struct service_mail *,
	    const struct command *, char **);
int	service_lifecycle_join(struct service_mail *, const struct command *,
	    char **);
int	service_lifecycle_withdraw(struct service_mail *,
	    const struct command *, char **);

/* service-play.c */
int	service_play_turn(struct service_mail *, const struct command *,
	    char **);
int	service_play_preview(struct service_mail *, const struct command *,
	    char **);
int	service_play_board(struct service_mail *, const struct command *,
	    char **);
int	service_play_history(struct service_mail *, const struct command *,
	    char **);
int	service_play_games(struct service_mail *, char **);
int	service_play_observe(struct service_mail *, const struct command *,
	    char **);

/* service-robot.c */
int	service_robot_tick(struct mailloop *, long long, void *,
	    long long *, char **);
void	service_robot_end(struct service *);

#endif
