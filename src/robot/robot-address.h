/*
 * A robot's address: robots are players like any other, registered
 * under an address of the reserved domain robot.mupbem.invalid (RFC
 * 2606), one per level ("mcts@robot.mupbem.invalid"), so that nothing
 * is ever mailed to them and anyone can tell them from people.
 */
#ifndef ROBOT_ADDRESS_H
#define ROBOT_ADDRESS_H

#include "buf.h"
#include "robot.h"

#define ROBOT_ADDRESS_DOMAIN	"robot.mupbem.invalid"

void	robot_address(enum robot_level, struct buf *);
int	robot_address_level(const char *, enum robot_level *);
int	robot_address_word(const char *, enum robot_level *);

#endif
