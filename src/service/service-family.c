#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "service-family.h"
#include "service-private.h"
#include "store.h"

/*
 * The core's calls up to the feature families, through the table
 * service_families[] (service-family.h): in the table's order, the
 * first family that answers a command runs it, and every family that
 * wants an event hears of it.
 */

/*
 * Run c by the family that answers it: its result, with *found set; 0
 * with *found clear if no family answers c.
 */
int
service_family_command(struct service_mail *sm, const struct command *c,
    int *found, char **cause)
{
	const struct service_family *const	*f;
	const struct service_family_command	*e;

	*found = 0;
	for (f = service_families; *f != NULL; f++) {
		for (e = (*f)->commands; e != NULL && e->run != NULL; e++) {
			if (e->type != c->type)
				continue;
			*found = 1;
			return (e->run(sm, c, cause));
		}
	}
	return (0);
}

/* Tell every family that sg was saved over. */
int
service_family_played(struct service_mail *sm, struct service_game *sg,
    char **cause)
{
	const struct service_family *const	*f;

	for (f = service_families; *f != NULL; f++) {
		if ((*f)->played != NULL && (*f)->played(sm, sg, cause) == -1)
			return (-1);
	}
	return (0);
}

/*
 * Handle timer t by the family whose kind it is: its result, with
 * *found set; 0 with *found clear if no family has t's kind.
 */
int
service_family_timer(struct service_mail *sm, const struct store_timer *t,
    int *found, char **cause)
{
	const struct service_family *const	*f;

	*found = 0;
	for (f = service_families; *f != NULL; f++) {
		if ((*f)->timer_kind == NULL ||
		    strcmp((*f)->timer_kind, t->kind) != 0)
			continue;
		*found = 1;
		return ((*f)->timer(sm, t, cause));
	}
	return (0);
}

/*
 * The daemon's timer: each family's ticker in turn (arg is the
 * service).  *next is the earliest of theirs (-1: none).  Returns how
 * many things were handled, or -1 if one failed.
 */
int
service_family_tick(struct mailloop *ml, long long now, void *arg,
    long long *next, char **cause)
{
	const struct service_family *const	*f;
	long long				 fnext;
	int					 n = 0, m;

	*next = -1;
	for (f = service_families; *f != NULL; f++) {
		if ((*f)->tick == NULL)
			continue;
		if ((m = (*f)->tick(ml, now, arg, &fnext, cause)) == -1)
			return (-1);
		n += m;
		if (fnext != -1 && (*next == -1 || fnext < *next))
			*next = fnext;
	}
	return (n);
}

/* Tell every family that the service sv is being freed. */
void
service_family_end(struct service *sv)
{
	const struct service_family *const	*f;

	for (f = service_families; *f != NULL; f++) {
		if ((*f)->end != NULL)
			(*f)->end(sv);
	}
}

/*
 * Run what the families put off while sm's work was done (their settle),
 * then forget it, whether or not that went well.
 */
int
service_family_settle(struct service_mail *sm, char **cause)
{
	const struct service_family *const	*f;
	int					 rc = 0;

	for (f = service_families; *f != NULL && rc == 0; f++) {
		if ((*f)->settle != NULL)
			rc = (*f)->settle(sm, cause);
	}
	free(sm->settle);
	sm->settle = NULL;
	sm->nsettle = 0;
	return (rc);
}
