/*
 * An incoming mail, parsed: the headers the service needs, the command
 * text (typography folded) and its lines as written (for press), an
 * identity for exactly-once handling, and whether it is mail that must
 * never be answered.
 */
#ifndef MESSAGE_H
#define MESSAGE_H

#include <stddef.h>

#define MESSAGE_LIMIT	(256 * 1024)	/* default largest mail handled */
#define MESSAGE_ID_MAX	256

/* Why a mail is never answered. */
enum message_automatic {
	MESSAGE_HUMAN,			/* it may be answered */
	MESSAGE_BOUNCE,
	MESSAGE_AUTO_SUBMITTED,
	MESSAGE_PRECEDENCE,
	MESSAGE_LIST,
	MESSAGE_BAD_FROM		/* From is not an address */
};

struct message {
	char			*from;		/* addr-spec, or NULL */
	char			*from_name;	/* display name, UTF-8 */
	char			*reply_to;
	char			*to;		/* addr-specs, ", " between */
	char			*cc;
	char			*subject;	/* UTF-8 */
	char			*message_id;	/* without < > */
	char			*in_reply_to;
	char			*references;	/* ids, one space between */
	char			*date;		/* as written */
	char			*auto_submitted;
	char			*precedence;
	char			*list_id;
	char			*return_path;	/* "<>" when null */
	char			*text;		/* the command text, UTF-8 */
	char			*written;	/* its lines as written */

	char			 id[MESSAGE_ID_MAX];	/* for exactly once */
	enum message_automatic	 automatic;
	size_t			 size;
	int			 too_large;	/* over the limit: no text */
};

int		 message_parse(const char *, size_t, size_t, struct message *,
		     char **);
void		 message_free(struct message *);
const char	*message_automatic_name(enum message_automatic);

#endif
