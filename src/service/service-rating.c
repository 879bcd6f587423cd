#include "config.h"

#include "service-private.h"

int
service_rating_game(struct service_mail *sm, struct service_game *sg,
    const int *ranks, char **cause)
{
	(void)sm; (void)sg; (void)ranks; (void)cause;
	return (0);
}
