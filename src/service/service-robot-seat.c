#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mailloop.h"
#include "robot.h"
#include "robot-address.h"
#include "service-private.h"
#include "xmalloc.h"

/*
 * Robot seats (docs/robots.md).  A robot is a player whose address is
 * of robot.mupbem.invalid; nothing is mailed to it, and it is named
 * after its level.  Whenever a game is saved (service_game_save()),
 * service_robot_seat_sync() writes or deletes the game's robot job in
 * the same transaction: a job exists exactly while the seat to move is
 * a robot's.  The robots' thinking, which takes the jobs and plays
 * them, is a family of its own (play/service-robot.c).
 */

/* Is the seat to move in sg a robot's, that plays?  Its level if so. */
int
service_robot_seat(const struct service_game *sg, enum robot_level *level)
{
	int	seat = sg->g->ops->to_move(sg->g);
	size_t	i;

	if (strcmp(sg->row.status, "playing") != 0 || seat == -1)
		return (0);
	for (i = 0; i < sg->nseats; i++) {
		if (sg->seats[i].seat != seat)
			continue;
		if (sg->seats[i].out != NULL ||
		    sg->seats[i].player.address == NULL)
			return (0);
		return (robot_address_level(sg->seats[i].player.address,
		    level) == 0);
	}
	return (0);
}

/* Name robot player p after its level: "Robot (mcts)". */
int
service_robot_seat_name(struct service_mail *sm, struct store_player *p,
    enum robot_level level, char **cause)
{
	char	name[32];

	snprintf(name, sizeof name, "Robot (%s)", robot_level_name(level));
	if (store_player_rename(sm->sv->store, p->id, name, cause) == -1)
		return (-1);
	free(p->name);
	p->name = xstrdup(name);
	return (0);
}

/* Write or delete sg's robot job, as its seat to move says. */
int
service_robot_seat_sync(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	enum robot_level	level;

	if (service_robot_seat(sg, &level))
		return (store_robot_job_set(sm->sv->store, sg->row.id,
		    sg->row.turns, sm->ml->now, cause));
	return (store_robot_job_del(sm->sv->store, sg->row.id, cause));
}
