/* SV-COMP-style task definitions (format_version 2.0, the .yml files under
 * ../shared/benchmarks/): the input file, the language, the options the
 * task names (data model, configuration file, formula file, contract, ...)
 * and the property. expected_verdict is never read. */
#ifndef ZETA_API_TASK_H
#define ZETA_API_TASK_H
#include <stdbool.h>
#include "core/diag.h"
#include "zeta/zeta.h"

/* Reads the task at path, applies its options to cfg (an option the user
 * set explicitly wins over the task's), and returns
 * the input file (malloc'd, relative paths resolved against the task's
 * folder) and the format name. False with d filled on bad input. */
bool task_load(const char *path, zeta_config *cfg, char **input, const char **format, diag *d);
#endif
