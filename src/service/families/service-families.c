#include "config.h"

#include <stddef.h>

#include "clocks.h"
#include "compete.h"
#include "play.h"
#include "service-family.h"

/*
 * The table of the service's feature families: the one file that names
 * them all, and so sits above them (docs/architecture.md).  The core
 * walks it (service-family.c) to run a mail's commands and to tell the
 * families what happened.  The operator's tools are not here: they
 * answer no mail and hear of nothing; the tool calls them directly.
 */

const struct service_family *const service_families[] = {
	&compete_family,
	&clocks_family,
	&play_family,
	NULL
};
