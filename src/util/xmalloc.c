#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"

/*
 * Allocation wrappers.  Running out of memory is not a condition the
 * callers handle: the wrappers print one line and abort, so that every
 * other path can assume a pointer comes back.
 */

static void	xmalloc_fail(size_t) __attribute__((noreturn));

static void
xmalloc_fail(size_t size)
{
	fprintf(stderr, "out of memory allocating %zu bytes\n", size);
	abort();
}

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		xmalloc_fail(size);
	return (p);
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if ((p = calloc(nmemb, size)) == NULL)
		xmalloc_fail(nmemb * size);
	return (p);
}

void *
xreallocarray(void *old, size_t nmemb, size_t size)
{
	void	*p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if (size > SIZE_MAX / nmemb)
		xmalloc_fail(SIZE_MAX);
	if ((p = realloc(old, nmemb * size)) == NULL)
		xmalloc_fail(nmemb * size);
	return (p);
}

char *
xstrdup(const char *s)
{
	return (xstrndup(s, strlen(s)));
}

char *
xstrndup(const char *s, size_t n)
{
	char	*p;
	size_t	 len;

	len = strnlen(s, n);
	p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return (p);
}

int
xasprintf(char **ret, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	va_start(ap, fmt);
	n = xvasprintf(ret, fmt, ap);
	va_end(ap);
	return (n);
}

int
xvasprintf(char **ret, const char *fmt, va_list ap)
{
	int	 n;

	n = vasprintf(ret, fmt, ap);
	if (n == -1)
		xmalloc_fail(strlen(fmt));
	return (n);
}
