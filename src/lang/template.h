/*
 * Reply templates: plain text with {{name}} placeholders.
 */
#ifndef TEMPLATE_H
#define TEMPLATE_H

#include <stddef.h>

#include "buf.h"

struct template_var {
	const char	*name;
	const char	*value;
};

int	template_render(const char *, const struct template_var *, size_t,
	    struct buf *, char **);
int	template_check(const char *, const char *const *, size_t, char **);

#endif
