#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "template-set.h"
#include "xmalloc.h"

/*
 * Each kind of reply has one template, named after its file
 * ("your-turn" is your-turn.txt).  Loading a set reads, for each kind,
 * the operator's file from the configured folder if it exists, and
 * otherwise takes the shipped text that the build embeds in the program
 * (template-builtin.c, made from templates/), so mupbemd answers even
 * when nothing is installed.  The folder itself must exist: a
 * mistyped path would otherwise silently mean the shipped texts.
 * Every template is checked when it is
 * loaded against the names replies supply, so an operator's mistake is
 * refused at start-up or SIGHUP, naming the file and line, and never
 * reaches a player.  A set is replaced whole or not at all.
 */

const char *const template_set_names[] = {
	"game", "variant", "player", "players", "inviter", "seats", "board",
	"status", "report", "turn", "example", "error", "score", "since",
	"topic", "mover", "text", "address", "clock", "deadline", "facts",
	"move"		/* the old name of "turn": operators' templates */
};
const size_t template_set_nnames =
    sizeof template_set_names / sizeof template_set_names[0];

static const char *const template_set_files[TEMPLATE_NKINDS] = {
	"invitation", "started", "your-turn", "accepted", "played",
	"rejected", "preview", "over", "help", "reminder", "error", "notice",
	"forged", "rules-classic", "rules-levis", "rules-velox", "rules-mur",
	"press"
};

struct template_set {
	char	*text[TEMPLATE_NKINDS];
	char	*origin[TEMPLATE_NKINDS];	/* the file, or "built in" */
};

static const char *template_set_builtin(const char *);
static int	template_set_read(const char *, char **, char **);

/* The file name (without .txt) of kind. */
const char *
template_set_file(enum template_kind kind)
{
	return (template_set_files[kind]);
}

static const char *
template_set_builtin(const char *name)
{
	size_t	i;

	for (i = 0; template_builtin[i].name != NULL; i++) {
		if (strcmp(template_builtin[i].name, name) == 0)
			return (template_builtin[i].text);
	}
	return (NULL);
}

/* Read path: 1 and *text, 0 if there is no such file, -1. */
static int
template_set_read(const char *path, char **text, char **cause)
{
	FILE	*f;
	char	*data = NULL;
	size_t	 size = 0, len = 0, n;

	if ((f = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return (0);
		xasprintf(cause, "template %s: %s", path, strerror(errno));
		return (-1);
	}
	do {
		if (len + 4096 + 1 > size) {
			size = len + 4096 + 1;
			data = xreallocarray(data, size, 1);
		}
		n = fread(data + len, 1, 4096, f);
		len += n;
	} while (n > 0 && len < 1024 * 1024);
	if (ferror(f) || len >= 1024 * 1024) {
		xasprintf(cause, "template %s: %s", path, ferror(f) ?
		    strerror(errno) : "larger than 1 MB");
		fclose(f);
		free(data);
		return (-1);
	}
	fclose(f);
	data[len] = '\0';
	if (strlen(data) != len) {
		xasprintf(cause, "template %s: not a text file", path);
		free(data);
		return (-1);
	}
	*text = data;
	return (1);
}

/*
 * Load every template: dir's file where there is one (dir may be
 * NULL), the built-in text where not.  NULL and *cause if dir is not
 * a folder, or any of its files cannot be read or uses a name replies
 * do not supply.
 */
struct template_set *
template_set_load(const char *dir, char **cause)
{
	struct template_set	*ts;
	struct stat		 sb;
	char			*path, *why;
	int			 i, rc;

	if (dir != NULL && stat(dir, &sb) == -1) {
		xasprintf(cause, "templates %s: %s", dir, strerror(errno));
		return (NULL);
	}
	if (dir != NULL && !S_ISDIR(sb.st_mode)) {
		xasprintf(cause, "templates %s: not a folder", dir);
		return (NULL);
	}
	ts = xcalloc(1, sizeof *ts);
	for (i = 0; i < TEMPLATE_NKINDS; i++) {
		rc = 0;
		path = NULL;
		if (dir != NULL) {
			xasprintf(&path, "%s/%s.txt", dir,
			    template_set_files[i]);
			rc = template_set_read(path, &ts->text[i], cause);
		}
		if (rc == -1) {
			free(path);
			goto fail;
		}
		if (rc == 0) {
			free(path);
			ts->text[i] = xstrdup(template_set_builtin(
			    template_set_files[i]));
			ts->origin[i] = xstrdup("built in");
		} else
			ts->origin[i] = path;
		if (template_check(ts->text[i], template_set_names,
		    template_set_nnames, &why) == -1) {
			xasprintf(cause, "template %s: %s", ts->origin[i],
			    why);
			free(why);
			goto fail;
		}
	}
	return (ts);

fail:
	template_set_free(ts);
	return (NULL);
}

void
template_set_free(struct template_set *ts)
{
	int	i;

	if (ts == NULL)
		return;
	for (i = 0; i < TEMPLATE_NKINDS; i++) {
		free(ts->text[i]);
		free(ts->origin[i]);
	}
	free(ts);
}

/* Where kind's template came from: its path, or "built in". */
const char *
template_set_origin(const struct template_set *ts, enum template_kind kind)
{
	return (ts->origin[kind]);
}

/* Render kind with vars into out. */
int
template_set_render(const struct template_set *ts, enum template_kind kind,
    const struct template_var *vars, size_t n, struct buf *out, char **cause)
{
	return (template_render(ts->text[kind], vars, n, out, cause));
}
