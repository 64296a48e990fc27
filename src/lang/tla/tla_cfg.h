/* The TLC model configuration (.cfg): which operators are Init, Next or
 * the specification, the invariants and constraints, the constants'
 * values (kept as text with their position; the values are TLA+
 * expressions that tla_model parses with the grammar) and substitutions. */
#ifndef ZETA_LANG_TLA_CFG_H
#define ZETA_LANG_TLA_CFG_H
#include <stdbool.h>
#include <stddef.h>
#include "core/diag.h"

typedef struct {
  char *name;
  char *value;          /* `name = value`: the value's text; NULL for `<-` */
  char *subst;          /* `name <- other`: other */
  unsigned line, col;   /* of the value */
} tla_cfg_const;

typedef struct {
  tla_cfg_const *consts;
  size_t nconsts;
  char *init, *next, *spec, *symmetry;
  char **invariants, **constraints, **properties;
  size_t ninvariants, nconstraints, nproperties;
  int check_deadlock;   /* -1 not given */
  char *unsupported;    /* the first entry zeta cannot honour (VIEW, ACTION_CONSTRAINT, ...) */
} tla_cfg;

bool tla_cfg_read(const char *path, tla_cfg *c, diag *d);
void tla_cfg_free(tla_cfg *c);
#endif
