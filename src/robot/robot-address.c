#include "config.h"

#include <string.h>
#include <strings.h>

#include "robot-address.h"

/*
 * Robots' addresses and the words that name a robot in a command:
 * "robot" (the mcts level) or "robot:LEVEL" ("robot:greedy").
 */

/* The address of the robot of level. */
void
robot_address(enum robot_level level, struct buf *out)
{
	buf_addf(out, "%s@%s", robot_level_name(level), ROBOT_ADDRESS_DOMAIN);
}

/* Is address a robot's?  0 with *level if so, -1 if not. */
int
robot_address_level(const char *address, enum robot_level *level)
{
	const char	*at = strchr(address, '@');
	char		 name[16];
	size_t		 n;

	if (at == NULL || strcasecmp(at + 1, ROBOT_ADDRESS_DOMAIN) != 0)
		return (-1);
	if ((n = (size_t)(at - address)) >= sizeof name)
		return (-1);
	memcpy(name, address, n);
	name[n] = '\0';
	return (robot_level_find(name, level));
}

/*
 * Does word name a robot: "robot" or "robot:LEVEL"?  0 with *level, -1
 * if it is not such a word, -2 if it is "robot:" with an unknown level.
 */
int
robot_address_word(const char *word, enum robot_level *level)
{
	if (strcasecmp(word, "robot") == 0) {
		*level = ROBOT_MCTS;
		return (0);
	}
	if (strncasecmp(word, "robot:", 6) != 0)
		return (-1);
	return (robot_level_find(word + 6, level) == 0 ? 0 : -2);
}
