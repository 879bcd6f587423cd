#include "config.h"

#include <stddef.h>
#include <strings.h>

#include "mu-variant.h"

/*
 * The variant table.  Classic Mu (seed 000) and Mu levis (seed 003) are
 * for 2 to 6 players with 7 segments each and a selection phase; Mu
 * velox (seeds 001, 002) is for 2 players with 8 segments each and
 * starts moving straight after the layout.  The turn and oscillation
 * rules are MU-RULINGS' "Turns" and "Oscillation".
 */

static const struct mu_variant mu_variants[] = {
	{ MU_CLASSIC, "classic", "Mu", 2, 6, 2, 7, 1,
	  MU_TURN_PER_SEGMENT, MU_OSC_TRIM_SECTIONS, "000" },
	{ MU_LEVIS, "levis", "Mu levis", 2, 6, 2, 7, 1,
	  MU_TURN_SINGLE, MU_OSC_REMOVE_MEN, "003" },
	{ MU_VELOX, "velox", "Mu velox", 2, 2, 2, 8, 0,
	  MU_TURN_PER_SEGMENT_CAPPED, MU_OSC_REMOVE_MEN, "001" },
};

const struct mu_variant *
mu_variant_get(enum mu_variant_id id)
{
	return (&mu_variants[id]);
}

/* The variant called name (case-insensitive), or NULL. */
const struct mu_variant *
mu_variant_find(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof mu_variants / sizeof mu_variants[0]; i++) {
		if (strcasecmp(mu_variants[i].name, name) == 0)
			return (&mu_variants[i]);
	}
	return (NULL);
}
