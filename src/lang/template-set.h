/*
 * The set of reply templates the daemon uses: the operator's files
 * where there are any, the shipped ones (built into the program)
 * where not.
 */
#ifndef TEMPLATE_SET_H
#define TEMPLATE_SET_H

#include <stddef.h>

#include "buf.h"
#include "template.h"

enum template_kind {
	TEMPLATE_INVITATION,
	TEMPLATE_STARTED,
	TEMPLATE_YOUR_TURN,
	TEMPLATE_ACCEPTED,
	TEMPLATE_PLAYED,
	TEMPLATE_REJECTED,
	TEMPLATE_PREVIEW,
	TEMPLATE_OVER,
	TEMPLATE_HELP,
	TEMPLATE_REMINDER,
	TEMPLATE_ERROR,
	TEMPLATE_NOTICE,
	TEMPLATE_FORGED,
	TEMPLATE_RULES_CLASSIC,
	TEMPLATE_RULES_LEVIS,
	TEMPLATE_RULES_VELOX,
	TEMPLATE_RULES_MUR,
	TEMPLATE_PRESS,
	TEMPLATE_NKINDS
};

/* One shipped template, as the build embeds it. */
struct template_builtin {
	const char	*name;		/* "your-turn" */
	const char	*text;
};

extern const struct template_builtin	template_builtin[];
extern const char *const		template_set_names[];
extern const size_t			template_set_nnames;

struct template_set;

struct template_set	*template_set_load(const char *, char **);
void			 template_set_free(struct template_set *);
const char		*template_set_file(enum template_kind);
const char		*template_set_origin(const struct template_set *,
			     enum template_kind);
int			 template_set_render(const struct template_set *,
			     enum template_kind, const struct template_var *,
			     size_t, struct buf *, char **);

#endif
