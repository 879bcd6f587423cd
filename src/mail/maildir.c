#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "maildir.h"
#include "xmalloc.h"

/*
 * A Maildir is a directory holding tmp/, new/ and cur/.  Mail is
 * written to tmp/ and moved to new/; a reader moves what it has seen
 * to cur/.  Both the source and the sender make the directories they
 * need, so the defaults work in an empty directory.
 */

/*
 * Make the Maildir at path (and tmp/, new/, cur/) unless they are
 * there.  An error starts with who: "maildir /x/new: Permission denied".
 */
int
maildir_create(const char *path, const char *who, char **cause)
{
	static const char	*subdirs[] = { "", "/tmp", "/new", "/cur" };
	char			*dir;
	size_t			 i;

	for (i = 0; i < sizeof subdirs / sizeof subdirs[0]; i++) {
		xasprintf(&dir, "%s%s", path, subdirs[i]);
		if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
			xasprintf(cause, "%s %s: %s", who, dir,
			    strerror(errno));
			free(dir);
			return (-1);
		}
		free(dir);
	}
	return (0);
}
