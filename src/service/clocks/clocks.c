#include "config.h"

#include <stddef.h>

#include "clocks.h"
#include "service-family.h"

/*
 * The clocks as the core sees them (service-family.h): the one mail
 * command they answer, and the daemon's timer, which hands them the
 * clocks' events that fall due (service_timer_due()).
 */

static const struct service_family_command clocks_commands[] = {
	{ COMMAND_VACATION, service_vacation },
	{ COMMAND_HELP, NULL }
};

const struct service_family clocks_family = {
	"clocks",
	clocks_commands,
	NULL,
	NULL,
	NULL,
	service_timer_due,
	NULL,
	NULL
};
