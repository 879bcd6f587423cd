/*
 * mupbem-bench engine: figures for the engine's speed.
 */
#ifndef BENCH_ENGINE_H
#define BENCH_ENGINE_H

int	bench_engine_run(int, char **);

#endif
