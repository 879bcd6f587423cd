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
	const unsigned char	*p, *q;

	buf_addc(out, '"');
	for (p = (const unsigned char *)s; *p != '\0'; p = q + 1) {
		for (q = p; *q >= 0x20 && *q != '"' && *q != '\\' &&
		    *q != '<' && *q != '>' && *q != '&'; q++)
			;
		buf_add(out, p, (size_t)(q - p));
		switch (*q) {
		case '\0':
			buf_addc(out, '"');
			return;
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
		default:
			buf_addf(out, "\\u%04x", *q);
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
