/* Interned types: one node per distinct type, so type equality is ==. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_internal.h"

type_node *type_nodes_;   /* term.h: read by the inline type_kind_of */
static size_t nnodes, capnodes;
static int32_t *pool;
static size_t npool, cappool;
static char **sort_names;   /* by type id; NULL unless TYPE_SORT / TYPE_DATATYPE */
static size_t capnames;

/* Datatype definitions, by type id (NULL until defined). */
typedef struct {
  char *name;
  uint32_t nfields;
  char **field_names;
  type_t *field_types;
} dt_ctor;
typedef struct { uint32_t nctors; dt_ctor *ctors; } dt_def;
static dt_def **dt_defs;
static size_t capdefs;

static void dt_def_free(dt_def *d) {
  if (!d) return;
  for (uint32_t c = 0; c < d->nctors; c++) {
    for (uint32_t f = 0; f < d->ctors[c].nfields; f++) free(d->ctors[c].field_names[f]);
    free(d->ctors[c].name); free(d->ctors[c].field_names); free(d->ctors[c].field_types);
  }
  free(d->ctors);
  free(d);
}

void types_reset(void) {
  for (size_t i = 0; i < nnodes; i++) { free(sort_names[i]); dt_def_free(dt_defs[i]); }
  free(type_nodes_); free(pool); free(sort_names); free(dt_defs);
  type_nodes_ = NULL; pool = NULL; sort_names = NULL; dt_defs = NULL;
  nnodes = capnodes = npool = cappool = capnames = capdefs = 0;
}

/* Types are few: a linear scan keyed by kind and parameters is enough and
 * keeps this file small. */
static type_t intern(type_kind kind, uint32_t n, const int32_t *params, const char *name) {
  for (size_t i = 0; i < nnodes; i++) {
    type_node *t = &type_nodes_[i];
    if (t->kind != kind || t->n != n || (n && memcmp(pool + t->first, params, n * sizeof *params))) continue;
    if ((kind == TYPE_SORT || kind == TYPE_DATATYPE) && strcmp(sort_names[i], name) != 0) continue;
    return (type_t)i;
  }
  XGROW(type_nodes_, capnodes, nnodes + 1);
  XGROW(pool, cappool, npool + n);
  XGROW(sort_names, capnames, nnodes + 1);
  XGROW(dt_defs, capdefs, nnodes + 1);
  dt_defs[nnodes] = NULL;
  if (n) memcpy(pool + npool, params, n * sizeof *params);
  type_nodes_[nnodes] = (type_node){kind, n, (uint32_t)npool};
  sort_names[nnodes] = name ? xstrdup(name) : NULL;
  npool += n;
  return (type_t)nnodes++;
}

type_t type_bool(void) { return intern(TYPE_BOOL, 0, NULL, NULL); }
type_t type_int(void) { return intern(TYPE_INT, 0, NULL, NULL); }
type_t type_real(void) { return intern(TYPE_REAL, 0, NULL, NULL); }
type_t type_bv(uint32_t w) { int32_t p = (int32_t)w; return intern(TYPE_BV, 1, &p, NULL); }
type_t type_array(type_t i, type_t e) { int32_t p[2] = {i, e}; return intern(TYPE_ARRAY, 2, p, NULL); }
type_t type_sort(const char *name) { return intern(TYPE_SORT, 0, NULL, name); }
type_t type_datatype(const char *name) { return intern(TYPE_DATATYPE, 0, NULL, name); }
type_t type_fp(uint32_t e, uint32_t s) { int32_t p[2] = {(int32_t)e, (int32_t)s}; return intern(TYPE_FP, 2, p, NULL); }

type_t type_fun(uint32_t n, const type_t *dom, type_t range) {
  if (n == 0) return range;
  int32_t *p = xmalloc((n + 1) * sizeof *p);
  memcpy(p, dom, n * sizeof *p);
  p[n] = range;
  type_t t = intern(TYPE_FUN, n + 1, p, NULL);
  free(p);
  return t;
}

void type_datatype_define(type_t dt, uint32_t nctors, const type_dt_ctor *ctors) {
  dt_def *d = xcalloc(1, sizeof *d);
  d->nctors = nctors;
  d->ctors = xcalloc(nctors ? nctors : 1, sizeof *d->ctors);
  for (uint32_t c = 0; c < nctors; c++) {
    dt_ctor *k = &d->ctors[c];
    k->name = xstrdup(ctors[c].name);
    k->nfields = ctors[c].nfields;
    k->field_names = xcalloc(k->nfields + 1, sizeof *k->field_names);
    k->field_types = xcalloc(k->nfields + 1, sizeof *k->field_types);
    for (uint32_t f = 0; f < k->nfields; f++) {
      k->field_names[f] = xstrdup(ctors[c].field_names[f]);
      k->field_types[f] = ctors[c].field_types[f];
    }
  }
  dt_def_free(dt_defs[dt]);
  dt_defs[dt] = d;
}
bool type_dt_defined(type_t dt) { return type_nodes_[dt].kind == TYPE_DATATYPE && dt_defs[dt] != NULL; }
uint32_t type_dt_nctors(type_t dt) { return dt_defs[dt] ? dt_defs[dt]->nctors : 0; }
const char *type_dt_ctor_name(type_t dt, uint32_t c) { return dt_defs[dt]->ctors[c].name; }
uint32_t type_dt_nfields(type_t dt, uint32_t c) { return dt_defs[dt]->ctors[c].nfields; }
const char *type_dt_field_name(type_t dt, uint32_t c, uint32_t f) { return dt_defs[dt]->ctors[c].field_names[f]; }
type_t type_dt_field_type(type_t dt, uint32_t c, uint32_t f) { return dt_defs[dt]->ctors[c].field_types[f]; }
uint32_t type_dt_find_ctor(type_t dt, const char *name) {
  for (uint32_t c = 0; c < type_dt_nctors(dt); c++)
    if (strcmp(dt_defs[dt]->ctors[c].name, name) == 0) return c;
  return UINT32_MAX;
}

static void dt_group(type_t ty, bool (*known)(type_t, void *), void *ctx, type_t **g, uint32_t *n, size_t *cap) {
  switch (type_nodes_[ty].kind) {
  case TYPE_ARRAY:
    dt_group(type_array_index(ty), known, ctx, g, n, cap);
    dt_group(type_array_elem(ty), known, ctx, g, n, cap);
    return;
  case TYPE_FUN:
    for (uint32_t i = 0; i < type_nodes_[ty].n; i++) dt_group(pool[type_nodes_[ty].first + i], known, ctx, g, n, cap);
    return;
  case TYPE_DATATYPE: break;
  default: return;
  }
  if (known && known(ty, ctx)) return;
  for (uint32_t i = 0; i < *n; i++) if ((*g)[i] == ty) return;
  XGROW(*g, *cap, *n + 1);
  (*g)[(*n)++] = ty;
  for (uint32_t c = 0; c < type_dt_nctors(ty); c++)
    for (uint32_t f = 0; f < type_dt_nfields(ty, c); f++) dt_group(type_dt_field_type(ty, c, f), known, ctx, g, n, cap);
}

uint32_t type_dt_group(type_t ty, bool (*known)(type_t, void *), void *ctx, type_t **out) {
  *out = NULL;
  uint32_t n = 0;
  size_t cap = 0;
  dt_group(ty, known, ctx, out, &n, &cap);
  return n;
}

void type_print_datatypes(FILE *out, uint32_t n, const type_t *g) {
  fputs("(declare-datatypes (", out);
  for (uint32_t i = 0; i < n; i++) {
    fputs(i ? " (" : "(", out);
    term_print_symbol(out, sort_names[g[i]]);
    fputs(" 0)", out);
  }
  fputs(") (", out);
  for (uint32_t i = 0; i < n; i++) {
    fputs(i ? " (" : "(", out);
    for (uint32_t c = 0; c < type_dt_nctors(g[i]); c++) {
      fputs(c ? " (" : "(", out);
      term_print_symbol(out, type_dt_ctor_name(g[i], c));
      for (uint32_t f = 0; f < type_dt_nfields(g[i], c); f++) {
        fputs(" (", out);
        term_print_symbol(out, type_dt_field_name(g[i], c, f));
        fputc(' ', out);
        type_print(out, type_dt_field_type(g[i], c, f));
        fputc(')', out);
      }
      fputc(')', out);
    }
    fputc(')', out);
  }
  fputs("))\n", out);
}

static int32_t param(type_t ty, uint32_t i) { return pool[type_nodes_[ty].first + i]; }
uint32_t type_bv_width(type_t ty) { return type_nodes_[ty].kind == TYPE_BV ? (uint32_t)param(ty, 0) : 0; }
type_t type_array_index(type_t ty) { return param(ty, 0); }
type_t type_array_elem(type_t ty) { return param(ty, 1); }
uint32_t type_fun_arity(type_t ty) { return type_nodes_[ty].kind == TYPE_FUN ? type_nodes_[ty].n - 1 : 0; }
type_t type_fun_domain(type_t ty, uint32_t i) { return param(ty, i); }
type_t type_fun_range(type_t ty) { return param(ty, type_nodes_[ty].n - 1); }
const char *type_sort_name(type_t ty) { return sort_names[ty]; }
bool type_is_arith(type_t ty) { return type_nodes_[ty].kind == TYPE_INT || type_nodes_[ty].kind == TYPE_REAL; }

void type_print(FILE *out, type_t ty) {
  switch (type_nodes_[ty].kind) {
  case TYPE_BOOL: fputs("Bool", out); break;
  case TYPE_INT: fputs("Int", out); break;
  case TYPE_REAL: fputs("Real", out); break;
  case TYPE_BV: fprintf(out, "(_ BitVec %u)", type_bv_width(ty)); break;
  case TYPE_FP: fprintf(out, "(_ FloatingPoint %d %d)", param(ty, 0), param(ty, 1)); break;
  case TYPE_SORT: case TYPE_DATATYPE: term_print_symbol(out, sort_names[ty]); break;
  case TYPE_ARRAY:
    fputs("(Array ", out); type_print(out, type_array_index(ty));
    fputc(' ', out); type_print(out, type_array_elem(ty)); fputc(')', out);
    break;
  case TYPE_FUN: /* printed as the SMT-LIB signature "(D1 ... Dn) R" */
    fputc('(', out);
    for (uint32_t i = 0; i < type_fun_arity(ty); i++) {
      if (i) fputc(' ', out);
      type_print(out, type_fun_domain(ty, i));
    }
    fputs(") ", out);
    type_print(out, type_fun_range(ty));
    break;
  }
}

char *type_to_string(type_t ty) { return term_print_to_string(type_print, ty); }
