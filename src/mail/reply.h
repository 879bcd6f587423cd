/*
 * Building the mails mupbem sends: headers that thread, that mark the
 * mail as automatic, and a body that keeps diagrams monospace.
 */
#ifndef REPLY_H
#define REPLY_H

#include <stddef.h>

#include "buf.h"

#define REPLY_ID_MAX	250	/* bytes of a message id, without < > */

struct reply_attachment {
	const char	*name;		/* file name */
	const char	*type;		/* "text/plain; charset=utf-8" */
	const char	*data;
	size_t		 len;
};

/* A picture of the board, shown inline in an HTML alternative. */
struct reply_picture {
	const char	*name;		/* file name: "G12-14.png" */
	const char	*alt;		/* what it shows, UTF-8 */
	const char	*data;		/* the PNG */
	size_t		 len;
};

struct reply {
	const char	*from_name;	/* "mupbem", UTF-8; may be NULL */
	const char	*from;		/* addr-spec: games@example.org */
	const char	*to;		/* addr-spec */
	const char	*reply_to;	/* addr-spec, or NULL */
	const char	*subject;	/* UTF-8, unencoded */
	const char	*state;		/* X-Mupbem-State, or NULL */
	const char	*message_id;	/* without < >, unique */
	const char	*date;		/* RFC 5322 date */
	const char	*in_reply_to;	/* the mail answered, or NULL */
	const char	*references;	/* its References, or NULL */
	const char	*body;		/* UTF-8 text */
	const struct reply_attachment *attachments;
	size_t		 nattachments;
	const struct reply_picture *picture;	/* or NULL */
	const char	*boundary;	/* for multiparts: unique */
};

#define REPLY_SUBJECT_MAX	200	/* bytes of a subject a reply echoes */
void	reply_subject(const char *, struct buf *);
const char *reply_subject_strip(const char *);
void	reply_encode_header(const char *, const char *, struct buf *);
void	reply_build(const struct reply *, struct buf *);
void	reply_date(long long, struct buf *);
int	reply_id_valid(const char *, size_t);

#endif
