#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "source.h"
#include "xmalloc.h"

/*
 * The table of mail sources, found by name, and what all of them
 * share.
 */

const struct source_ops *source_table[] = {
	&source_maildir_ops,
	&source_imap_ops,
	NULL
};

/* The source called name, or NULL. */
const struct source_ops *
source_find(const char *name)
{
	int	i;

	for (i = 0; source_table[i] != NULL; i++) {
		if (strcmp(source_table[i]->name, name) == 0)
			return (source_table[i]);
	}
	return (NULL);
}

/*
 * Open a source of kind ops as c says.  Mail longer than c->max is cut
 * after max + 1 bytes, enough for the parser to see the headers and
 * that it is too large.
 */
struct source *
source_open(const struct source_ops *ops, const struct source_config *c,
    char **cause)
{
	struct source	*s;

	s = xcalloc(1, sizeof *s);
	s->ops = ops;
	s->max = c->max;
	if (ops->open(s, c, cause) == -1) {
		free(s);
		return (NULL);
	}
	return (s);
}

void
source_close(struct source *s)
{
	if (s == NULL)
		return;
	s->ops->close(s);
	free(s);
}

void
source_mail_free(struct source_mail *m)
{
	if (m == NULL)
		return;
	free(m->data);
	free(m->key);
	memset(m, 0, sizeof *m);
}
