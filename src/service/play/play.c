#include "config.h"

#include <stddef.h>

#include "compete.h"
#include "play.h"
#include "service-family.h"
#include "service-private.h"

/*
 * Play as the core sees it (service-family.h): the mail commands it
 * answers, and the service's end, which stops a robot's thought in
 * progress (service-robot.c).
 */

static int	play_games(struct service_mail *, const struct command *,
		    char **);

static const struct service_family_command play_commands[] = {
	{ COMMAND_NEW, service_lifecycle_new },
	{ COMMAND_SEEK, service_lifecycle_new },
	{ COMMAND_ACCEPT, service_lifecycle_answer },
	{ COMMAND_DECLINE, service_lifecycle_answer },
	{ COMMAND_JOIN, service_lifecycle_join },
	{ COMMAND_WITHDRAW, service_lifecycle_withdraw },
	{ COMMAND_PLAY, service_play_turn },
	{ COMMAND_PREVIEW, service_play_preview },
	{ COMMAND_BOARD, service_play_board },
	{ COMMAND_HISTORY, service_play_history },
	{ COMMAND_GAMES, play_games },
	{ COMMAND_OBSERVE, service_play_observe },
	{ COMMAND_UNOBSERVE, service_play_observe },
	{ COMMAND_REMATCH, service_lifecycle_rematch },
	{ COMMAND_HELP, NULL }
};

const struct service_family play_family = {
	"play",
	play_commands,
	NULL,
	NULL,
	NULL,
	service_robot_tick,
	service_robot_end,
	NULL
};

/* games [open]: the sender's games, or the open ones (service-seek.c). */
static int
play_games(struct service_mail *sm, const struct command *c, char **cause)
{
	if (c->arg != NULL)
		return (service_seek_list(sm, cause));
	return (service_play_games(sm, cause));
}
