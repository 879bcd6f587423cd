/*
 * mupbem bench: figures for the engine's speed, and the stopwatch the
 * benchmarks share.
 */
#ifndef TOOL_BENCH_H
#define TOOL_BENCH_H

int	tool_bench_run(int, char **);
double	tool_bench_now(void);

#endif
