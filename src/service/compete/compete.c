#include "config.h"

#include <stddef.h>

#include "compete.h"
#include "service-family.h"
#include "service-private.h"

/*
 * Competitions as the core sees them (service-family.h): the mail
 * commands they answer, the end of a game, which counts its result once
 * (service-result.c), and a tournament's start timer, due at its date.
 */

static int	compete_tournaments(struct service_mail *,
		    const struct command *, char **);
static int	compete_leagues(struct service_mail *, const struct command *,
		    char **);
static int	compete_start(struct service_mail *, const struct store_timer *,
		    char **);

static const struct service_family_command compete_commands[] = {
	{ COMMAND_RATINGS, service_stats_ratings },
	{ COMMAND_STATS, service_stats_player },
	{ COMMAND_TOURNAMENT, service_tournament_command },
	{ COMMAND_TOURNAMENTS, compete_tournaments },
	{ COMMAND_LEAGUE, service_league_command },
	{ COMMAND_LEAGUES, compete_leagues },
	{ COMMAND_HELP, NULL }
};

const struct service_family compete_family = {
	"compete",
	compete_commands,
	service_result_played,
	"start",
	compete_start,
	service_organiser_tick,
	NULL,
	service_tournament_settle
};

/* tournaments */
static int
compete_tournaments(struct service_mail *sm, const struct command *c,
    char **cause)
{
	(void)c;
	return (service_tournament_list(sm, cause));
}

/* leagues */
static int
compete_leagues(struct service_mail *sm, const struct command *c,
    char **cause)
{
	(void)c;
	return (service_league_list(sm, cause));
}

/* A tournament's start timer (its seat is the tournament). */
static int
compete_start(struct service_mail *sm, const struct store_timer *t,
    char **cause)
{
	return (service_tournament_timer(sm, t->seat, cause));
}
