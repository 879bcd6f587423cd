#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "template.h"
#include "xmalloc.h"

/*
 * A template is plain text in which {{name}} stands for a value the
 * service supplies: {{board}}, {{report}}, {{game}} and so on.  Names
 * are letters, digits and underscores, with blanks allowed inside the
 * braces.  "{{{{" writes "{{".  A placeholder the caller does not know
 * is an error naming it and its line, so an operator's edited template
 * fails loudly when it is loaded (template_check) rather than sending
 * players a mail with a hole in it.
 */

static const char *template_name(const char *, const char **, size_t *);
static int	template_line(const char *, const char *);

/* The line number of p in text. */
static int
template_line(const char *text, const char *p)
{
	int	line = 1;

	for (; text < p; text++)
		line += *text == '\n';
	return (line);
}

/*
 * At p, just after "{{": the name and where the placeholder ends (just
 * after "}}"), or NULL if it is not one.
 */
static const char *
template_name(const char *p, const char **name, size_t *len)
{
	while (*p == ' ')
		p++;
	*name = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	*len = (size_t)(p - *name);
	while (*p == ' ')
		p++;
	if (*len == 0 || p[0] != '}' || p[1] != '}')
		return (NULL);
	return (p + 2);
}

/* Write text with its placeholders replaced by vars[n]. */
int
template_render(const char *text, const struct template_var *vars,
    size_t n, struct buf *out, char **cause)
{
	const char	*p = text, *open, *name, *end;
	size_t		 len, i;

	while ((open = strstr(p, "{{")) != NULL) {
		buf_add(out, p, (size_t)(open - p));
		if (strncmp(open, "{{{{", 4) == 0) {
			buf_adds(out, "{{");
			p = open + 4;
			continue;
		}
		if ((end = template_name(open + 2, &name, &len)) == NULL) {
			xasprintf(cause, "line %d: '{{' must start a "
			    "placeholder such as {{board}} (write {{{{ for "
			    "two braces)", template_line(text, open));
			return (-1);
		}
		for (i = 0; i < n; i++) {
			if (strlen(vars[i].name) == len &&
			    strncmp(vars[i].name, name, len) == 0)
				break;
		}
		if (i == n) {
			xasprintf(cause, "line %d: no value is called "
			    "{{%.*s}} here", template_line(text, open),
			    (int)len, name);
			return (-1);
		}
		buf_adds(out, vars[i].value != NULL ? vars[i].value : "");
		p = end;
	}
	buf_adds(out, p);
	return (0);
}

/* Check that text uses only the names[n] a kind of reply supplies. */
int
template_check(const char *text, const char *const *names, size_t n,
    char **cause)
{
	struct template_var	*vars;
	struct buf		 out;
	size_t			 i;
	int			 rc;

	vars = xcalloc(n + 1, sizeof *vars);
	for (i = 0; i < n; i++)
		vars[i].name = names[i];
	buf_init(&out);
	rc = template_render(text, vars, n, &out, cause);
	buf_free(&out);
	free(vars);
	return (rc);
}
