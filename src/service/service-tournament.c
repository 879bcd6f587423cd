#include "config.h"

#include "service-private.h"

int
service_tournament_game(struct service_mail *sm, long long t, char **cause)
{
	(void)sm; (void)t; (void)cause;
	return (0);
}
