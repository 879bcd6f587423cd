#include "config.h"

#include <stddef.h>

#include "clocks.h"
#include "compete.h"
#include "operate.h"
#include "play.h"
#include "service-family.h"

/*
 * The table of the service's feature families: the one file that names
 * them all, and so sits above them (docs/architecture.md).  The core
 * walks it (service-family.c) to run a mail's commands and to tell the
 * families what happened.  The operator's tools come first: by mail
 * they answer the organiser's tournament and league commands, and
 * hand every other to compete (operate/service-organise.c); the tool
 * calls the rest of them directly.
 */

const struct service_family *const service_families[] = {
	&operate_family,
	&compete_family,
	&clocks_family,
	&play_family,
	NULL
};
