/* Interned types: one node per distinct type, so type equality is ==. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_internal.h"

typedef struct {
  type_kind kind;
  uint32_t n;        /* number of entries in params */
  uint32_t first;    /* index into the parameter pool */
} type_node;

static type_node *nodes;
static size_t nnodes, capnodes;
static int32_t *pool;
static size_t npool, cappool;
static char **sort_names;   /* by type id; NULL unless TYPE_SORT */
static size_t capnames;

void types_reset(void) {
  for (size_t i = 0; i < nnodes; i++) free(sort_names[i]);
  free(nodes); free(pool); free(sort_names);
  nodes = NULL; pool = NULL; sort_names = NULL;
  nnodes = capnodes = npool = cappool = capnames = 0;
}

/* Types are few: a linear scan keyed by kind and parameters is enough and
 * keeps this file small. */
static type_t intern(type_kind kind, uint32_t n, const int32_t *params, const char *name) {
  for (size_t i = 0; i < nnodes; i++) {
    type_node *t = &nodes[i];
    if (t->kind != kind || t->n != n || (n && memcmp(pool + t->first, params, n * sizeof *params))) continue;
    if (kind == TYPE_SORT && strcmp(sort_names[i], name) != 0) continue;
    return (type_t)i;
  }
  XGROW(nodes, capnodes, nnodes + 1);
  XGROW(pool, cappool, npool + n);
  XGROW(sort_names, capnames, nnodes + 1);
  if (n) memcpy(pool + npool, params, n * sizeof *params);
  nodes[nnodes] = (type_node){kind, n, (uint32_t)npool};
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

type_kind type_kind_of(type_t ty) { return nodes[ty].kind; }
static int32_t param(type_t ty, uint32_t i) { return pool[nodes[ty].first + i]; }
uint32_t type_bv_width(type_t ty) { return nodes[ty].kind == TYPE_BV ? (uint32_t)param(ty, 0) : 0; }
type_t type_array_index(type_t ty) { return param(ty, 0); }
type_t type_array_elem(type_t ty) { return param(ty, 1); }
uint32_t type_fun_arity(type_t ty) { return nodes[ty].kind == TYPE_FUN ? nodes[ty].n - 1 : 0; }
type_t type_fun_domain(type_t ty, uint32_t i) { return param(ty, i); }
type_t type_fun_range(type_t ty) { return param(ty, nodes[ty].n - 1); }
const char *type_sort_name(type_t ty) { return sort_names[ty]; }
bool type_is_arith(type_t ty) { return nodes[ty].kind == TYPE_INT || nodes[ty].kind == TYPE_REAL; }

void type_print(FILE *out, type_t ty) {
  switch (nodes[ty].kind) {
  case TYPE_BOOL: fputs("Bool", out); break;
  case TYPE_INT: fputs("Int", out); break;
  case TYPE_REAL: fputs("Real", out); break;
  case TYPE_BV: fprintf(out, "(_ BitVec %u)", type_bv_width(ty)); break;
  case TYPE_FP: fprintf(out, "(_ FloatingPoint %d %d)", param(ty, 0), param(ty, 1)); break;
  case TYPE_SORT: term_print_symbol(out, sort_names[ty]); break;
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
