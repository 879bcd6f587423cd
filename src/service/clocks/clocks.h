/*
 * The clocks' timers and vacations (docs/commands.md): what happens when
 * a reminder, a deadline, an invitation's expiry, a player's return or a
 * tournament's start falls due, and "vacation".  A family above the
 * core and competitions (a tournament's start is theirs); never
 * included by the core, which hears of it only through clocks_family.
 */
#ifndef CLOCKS_H
#define CLOCKS_H

struct command;
struct mailloop;
struct service_mail;

extern const struct service_family clocks_family;

/* service-timer.c */
int	service_timer_due(struct mailloop *, long long, void *,
	    long long *, char **);
int	service_timer_resync(struct service_mail *, const long long *,
	    size_t, char **);

/* service-vacation.c */
int	service_vacation(struct service_mail *, const struct command *,
	    char **);

#endif
