/*
 * mupbem-bench clocks: what finding the next due event costs.
 */
#ifndef BENCH_CLOCKS_H
#define BENCH_CLOCKS_H

int	bench_clocks_run(int, char **);

#endif
