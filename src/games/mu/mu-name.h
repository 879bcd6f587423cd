/*
 * Names in Mu: segment labels (A, B, ..., Z, AA, ...), cell names (C4),
 * placements (@q,r) and the lower-case aliases the layout diagram shows
 * for placements (a, b, ..., z, aa, ...).
 */
#ifndef MU_NAME_H
#define MU_NAME_H

#include <stddef.h>

#include "hex.h"
#include "mu-board.h"

#define MU_NAME_MAX	16

void	mu_name_label(int, char *, size_t);
int	mu_name_label_parse(const struct mu_board *, const char *, size_t,
	    int *, char **);
void	mu_name_cell(int, char *, size_t);
int	mu_name_cell_parse(const struct mu_board *, const char *, size_t,
	    int *, char **);
void	mu_name_alias(int, char *, size_t);
int	mu_name_alias_parse(const char *, size_t);
void	mu_name_placement(struct hex, char *, size_t);
int	mu_name_placement_parse(const char *, size_t, struct hex *, char **);

#endif
