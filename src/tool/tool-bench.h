/*
 * mupbem bench: figures for the engine's speed.
 */
#ifndef TOOL_BENCH_H
#define TOOL_BENCH_H

int	tool_bench_run(int, char **);

#endif
