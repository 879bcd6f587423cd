/*
 * mupbem-bench pairing: what pairing a Swiss round and scheduling a
 * season of divisions cost.
 */
#ifndef BENCH_PAIRING_H
#define BENCH_PAIRING_H

int	bench_pairing_run(int, char **);

#endif
