/* The configuration of a check (config.h): options by name through the
 * option table, the names the user set, progress and live output. */
#include "api/config.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

zeta_config *zeta_config_new(void) {
  zeta_config *c = xcalloc(1, sizeof *c);
  options_defaults(&c->o);
  return c;
}

void zeta_config_free(zeta_config *c) {
  if (!c) return;
  for (size_t i = 0; i < c->npool; i++) free(c->pool[i]);
  for (size_t i = 0; i < c->nnames; i++) free(c->names[i]);
  free(c->pool);
  free(c->names);
  free(c);
}

void api_error_from(zeta_error *e, const diag *d) {
  if (!e) return;
  e->code = d->code;
  memcpy(e->file, d->file, sizeof e->file);
  e->line = d->line;
  e->column = d->column;
  memcpy(e->message, d->message, sizeof e->message);
}

void api_error_set(zeta_error *e, int code, const char *msg) {
  diag d = {0};
  diag_set(&d, code, "%s", msg);
  api_error_from(e, &d);
}

int zeta_config_set(zeta_config *c, const char *name, const char *value, zeta_error *err) {
  char msg[512];
  char *copy = value ? xstrdup(value) : NULL;
  if (!options_set(&c->o, name, copy, msg, sizeof msg)) {
    free(copy);
    char full[600];
    snprintf(full, sizeof full, "zeta: %s", msg);
    api_error_set(err, ZETA_EXIT_INPUT, full);
    return ZETA_EXIT_INPUT;
  }
  if (copy) {
    XGROW(c->pool, c->cap, c->npool + 1);
    c->pool[c->npool++] = copy;
  }
  if (!c->in_task && !zeta_config_was_set(c, name)) {
    XGROW(c->names, c->cap_names, c->nnames + 1);
    c->names[c->nnames++] = xstrdup(name);
  }
  return 0;
}

bool zeta_config_was_set(const zeta_config *c, const char *name) {
  for (size_t i = 0; i < c->nnames; i++)
    if (strcmp(c->names[i], name) == 0) return true;
  return false;
}

const char *zeta_config_get(const zeta_config *c, const char *name) {
  static char buf[64];
  return options_get(&c->o, name, buf, sizeof buf);
}

void zeta_config_set_progress(zeta_config *c, zeta_progress_fn fn, void *user) {
  c->progress = fn;
  c->user = user;
}

void zeta_config_set_output(zeta_config *c, FILE *live) { c->live = live; }
