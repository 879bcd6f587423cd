#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "sender.h"
#include "xmalloc.h"

/*
 * The table of senders, found by name, and opening and closing one;
 * and the last guard every sender passes before it hands an envelope
 * to a server or a program: both addresses are addresses (address.c),
 * so that no CR, LF or other byte of a forged one can become an SMTP
 * command, a sendmail option or a header.
 */

const struct sender_ops *sender_table[] = {
	&sender_smtp_ops,
	&sender_sendmail_ops,
	&sender_maildir_ops,
	NULL
};

/* The sender called name, or NULL. */
const struct sender_ops *
sender_find(const char *name)
{
	int	i;

	for (i = 0; sender_table[i] != NULL; i++) {
		if (strcmp(sender_table[i]->name, name) == 0)
			return (sender_table[i]);
	}
	return (NULL);
}

struct sender *
sender_open(const struct sender_ops *ops, const struct sender_config *c,
    char **cause)
{
	struct sender	*s;

	s = xcalloc(1, sizeof *s);
	s->ops = ops;
	if (ops->open(s, c, cause) == -1) {
		free(s);
		return (NULL);
	}
	return (s);
}

void
sender_close(struct sender *s)
{
	if (s == NULL)
		return;
	s->ops->close(s);
	free(s);
}

/* Send v[0..n), setting each one's rc and cause. */
void
sender_send_batch(struct sender *s, struct sender_mail *v, size_t n)
{
	size_t	i;

	if (s->ops->send_batch != NULL) {
		s->ops->send_batch(s, v, n);
		return;
	}
	for (i = 0; i < n; i++) {
		v[i].cause = NULL;
		v[i].rc = s->ops->send(s, v[i].message_id, v[i].from,
		    v[i].rcpt, v[i].data, v[i].len, &v[i].cause);
	}
}

/*
 * Are from and rcpt addresses?  0 if so; else SENDER_PERMANENT and a
 * cause that does not repeat the bytes.
 */
int
sender_check(const char *from, const char *rcpt, char **cause)
{
	if (from == NULL || address_check(from, strlen(from)) == -1) {
		xasprintf(cause, "the sender is not an address; not sent");
		return (SENDER_PERMANENT);
	}
	if (rcpt == NULL || address_check(rcpt, strlen(rcpt)) == -1) {
		xasprintf(cause, "the recipient is not an address; not sent");
		return (SENDER_PERMANENT);
	}
	return (0);
}
