/*
 * The scene of a game or of a record's last position (scene.h).
 */
#ifndef SCENE_RECORD_H
#define SCENE_RECORD_H

#include "game.h"
#include "record.h"
#include "scene.h"

int	scene_record_build(const struct record *, struct scene *, char **);
int	scene_record_game(const struct game *, struct scene *, char **);

#endif
