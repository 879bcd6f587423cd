#include "config.h"

#include <stdio.h>
#include <string.h>

#include "archive-private.h"
#include "buf.h"

/*
 * JSON strings for the archive (docs/archive.md): UTF-8 kept as it is,
 * quotes, backslashes and control characters escaped, and < > & as
 * \u escapes too, so that the same text may stand inside a <script>
 * element of a page without ending it.
 */

void
archive_json_string(struct buf *out, const char *s)
{
	const unsigned char	*p;

	buf_addc(out, '"');
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		switch (*p) {
		case '"':
			buf_adds(out, "\\\"");
			break;
		case '\\':
			buf_adds(out, "\\\\");
			break;
		case '\n':
			buf_adds(out, "\\n");
			break;
		case '\t':
			buf_adds(out, "\\t");
			break;
		case '<':
		case '>':
		case '&':
			buf_addf(out, "\\u%04x", *p);
			break;
		default:
			if (*p < 0x20)
				buf_addf(out, "\\u%04x", *p);
			else
				buf_addc(out, (char)*p);
			break;
		}
	}
	buf_addc(out, '"');
}

/* "key": */
void
archive_json_key(struct buf *out, const char *key)
{
	archive_json_string(out, key);
	buf_addc(out, ':');
}
