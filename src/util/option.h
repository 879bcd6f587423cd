/*
 * Command-line option values, read the same way by every program: a
 * number in a range, and a seed.  Each says what is wrong in *cause,
 * for the program to print after its own name.
 */
#ifndef OPTION_H
#define OPTION_H

#include <stdint.h>

int	option_number(const char *, const char *, long, long, long *,
	    char **);
int	option_seed(const char *, uint64_t *, char **);

#endif
