/*
 * mupbem engine: games over a text protocol on standard input and
 * output, one command a line, as GTP is for Go engines (docs/engine.md).
 */
#ifndef TOOL_ENGINE_H
#define TOOL_ENGINE_H

#include <stdio.h>

int	tool_engine_run(FILE *, FILE *);

#endif
