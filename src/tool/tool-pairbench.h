/*
 * mupbem bench-pairing: what pairing a Swiss round and scheduling a
 * season of divisions cost.
 */
#ifndef TOOL_PAIRBENCH_H
#define TOOL_PAIRBENCH_H

int	tool_pairbench_run(int, char **);

#endif
