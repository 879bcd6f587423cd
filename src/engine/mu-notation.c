#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mu-layout.h"
#include "mu-name.h"
#include "mu-notation.h"
#include "text.h"
#include "xmalloc.h"

/*
 * Action notation (docs/notation.md).  Parsing depends on the position:
 * a lower-case alias means the placement the current layout diagram
 * shows under that letter, and is recorded as its canonical "@q,r".
 * Keywords and names ignore case and surrounding white space.  Parsing
 * checks only the form; whether the action is legal is mu_game_apply's
 * business.
 */

static int	mu_notation_alias(const struct mu_game *, const char *,
		    size_t, struct mu_action *, char **);
static int	mu_notation_unknown(const struct mu_game *, const char *,
		    size_t, char **);

/*
 * Fill at[] (room for MU_LAYOUT_MAX) with the placements that the
 * layout diagram labels a, b, c, ...; returns how many.  Outside the
 * layout phase there are none.
 */
int
mu_notation_aliases(const struct mu_game *g, struct hex *at)
{
	if (g->phase != MU_PHASE_LAYOUT)
		return (0);
	return (mu_layout_list(&g->board, at));
}

static int
mu_notation_alias(const struct mu_game *g, const char *s, size_t len,
    struct mu_action *a, char **cause)
{
	struct hex	*at;
	char		 last[MU_NAME_MAX], *q;
	int		 n, i;

	at = xreallocarray(NULL, MU_LAYOUT_MAX, sizeof *at);
	n = mu_notation_aliases(g, at);
	i = mu_name_alias_parse(s, len);
	if (i < 0 || i >= n) {
		mu_name_alias(n - 1, last, sizeof last);
		q = text_quote(s, len);
		if (n == 1) {
			xasprintf(cause, "'%s': no placement has that letter "
			    "(the diagram shows only a)", q);
		} else {
			xasprintf(cause, "'%s': no placement has that letter "
			    "(the diagram shows a to %s)", q, last);
		}
		free(q);
		free(at);
		return (-1);
	}
	a->type = MU_ACTION_PLACE;
	a->at = at[i];
	a->segment = MU_NONE;
	free(at);
	return (0);
}

static int
mu_notation_unknown(const struct mu_game *g, const char *s, size_t len,
    char **cause)
{
	const char	*hint = "";
	char		*q;

	switch (g->phase) {
	case MU_PHASE_LAYOUT:
		hint = "in the layout phase, place a segment with @q,r or "
		    "a letter from the diagram";
		break;
	case MU_PHASE_SELECTION:
		hint = "in the selection phase, clear one of your segments "
		    "with 'clear' and its letter, such as 'clear C'";
		break;
	case MU_PHASE_MOVEMENT:
		hint = "moves in the movement phase are not supported by "
		    "this version of mupbem yet";
		break;
	case MU_PHASE_OVER:
		hint = "the game is over";
		break;
	}
	q = text_quote(s, len);
	xasprintf(cause, "'%s': not an action here; %s", q, hint);
	free(q);
	return (-1);
}

/* Parse action text s[0..len) in the context of game g. */
int
mu_notation_parse(const struct mu_game *g, const char *s, size_t len,
    struct mu_action *a, char **cause)
{
	s = text_trim(s, len, &len);
	if (len == 0) {
		xasprintf(cause, "empty action");
		return (-1);
	}
	memset(a, 0, sizeof *a);
	a->segment = MU_NONE;
	if (s[0] == '@') {
		a->type = MU_ACTION_PLACE;
		return (mu_name_placement_parse(s, len, &a->at, cause));
	}
	if (len > 5 && strncasecmp(s, "clear", 5) == 0 &&
	    isspace((unsigned char)s[5])) {
		a->type = MU_ACTION_CLEAR;
		return (mu_name_label_parse(&g->board, s + 5, len - 5,
		    &a->segment, cause));
	}
	if (g->phase == MU_PHASE_LAYOUT && mu_name_alias_parse(s, len) != -1)
		return (mu_notation_alias(g, s, len, a, cause));
	return (mu_notation_unknown(g, s, len, cause));
}

/* Write action a in canonical notation. */
void
mu_notation_format(const struct mu_action *a, struct buf *out)
{
	char	name[MU_NAME_MAX];

	switch (a->type) {
	case MU_ACTION_PLACE:
		mu_name_placement(a->at, name, sizeof name);
		buf_adds(out, name);
		break;
	case MU_ACTION_CLEAR:
		mu_name_label(a->segment, name, sizeof name);
		buf_addf(out, "clear %s", name);
		break;
	}
}
