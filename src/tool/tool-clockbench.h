/*
 * mupbem bench-clocks: what finding the next due event costs.
 */
#ifndef TOOL_CLOCKBENCH_H
#define TOOL_CLOCKBENCH_H

int	tool_clockbench_run(int, char **);

#endif
