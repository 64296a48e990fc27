/* The configuration of a check (zeta.h's zeta_config), shared by the API
 * (zeta.c) and task definitions (task.c, which sets a task's options
 * through it): zeta's options, the names the user set explicitly, where
 * progress and live output go; and the API's error records. */
#ifndef ZETA_API_CONFIG_H
#define ZETA_API_CONFIG_H
#include <stdbool.h>
#include <stdio.h>
#include "core/diag.h"
#include "core/options.h"
#include "zeta/zeta.h"

struct zeta_config {
  zeta_options o;
  char **pool;           /* copies of string values */
  size_t npool, cap;
  char **names;          /* the options set by the user */
  size_t nnames, cap_names;
  bool in_task;          /* task_load is setting options */
  zeta_progress_fn progress;
  void *user;
  FILE *live;
};

/* True when the user set the option (an option a task sets does not count). */
bool zeta_config_was_set(const zeta_config *cfg, const char *name);

/* Fill an API error record (e may be NULL). */
void api_error_set(zeta_error *e, int code, const char *msg);
void api_error_from(zeta_error *e, const diag *d);
#endif
