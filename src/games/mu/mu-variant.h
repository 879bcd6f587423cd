/*
 * The three Mu variants and what sets them apart.
 */
#ifndef MU_VARIANT_H
#define MU_VARIANT_H

enum mu_variant_id {
	MU_CLASSIC,
	MU_LEVIS,
	MU_VELOX
};

enum mu_turn_rule {
	MU_TURN_PER_SEGMENT,		/* classic: a move per segment */
	MU_TURN_SINGLE,			/* levis: one move */
	MU_TURN_PER_SEGMENT_CAPPED	/* velox: per segment, at most T */
};

enum mu_oscillation_rule {
	MU_OSC_TRIM_SECTIONS,		/* classic */
	MU_OSC_REMOVE_MEN		/* levis and velox */
};

struct mu_variant {
	enum mu_variant_id	 id;
	const char		*name;
	const char		*title;
	int			 min_players;
	int			 max_players;
	int			 default_players;
	int			 default_segments;
	int			 selection;	/* has a selection phase */
	enum mu_turn_rule	 turn_rule;
	enum mu_oscillation_rule oscillation;
	const char		*seed;		/* the rule text in seeds/ */
};

const struct mu_variant	*mu_variant_get(enum mu_variant_id);
const struct mu_variant	*mu_variant_find(const char *);

#endif
