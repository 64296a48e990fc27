#include "analysis/arg.h"
#include <stdlib.h>
#include "core/alloc.h"

void arg_init(arg *a, domain *d) {
  a->d = d;
  a->nodes = NULL;
  a->size = 0;
  a->cap = 0;
  a->live = 0;
}

void arg_free(arg *a) {
  for (uint32_t i = 0; i < a->size; i++)
    if (a->nodes[i].state) a->d->ops->free_state(a->d, a->nodes[i].state);
  free(a->nodes);
  a->nodes = NULL;
  a->size = 0;
}

uint32_t arg_add(arg *a, uint32_t parent, uint32_t edge, uint32_t loc, void *state) {
  XGROW(a->nodes, a->cap, a->size + 1);
  uint32_t id = a->size++;
  arg_node *n = &a->nodes[id];
  n->loc = loc;
  n->parent = parent;
  n->edge = edge;
  n->depth = parent == ARG_NONE ? 0 : a->nodes[parent].depth + 1;
  n->first_child = ARG_NONE;
  n->next_sibling = ARG_NONE;
  n->covered_by = ARG_NONE;
  n->expanded = n->deleted = false;
  n->state = state;
  if (parent != ARG_NONE) {
    n->next_sibling = a->nodes[parent].first_child;
    a->nodes[parent].first_child = id;
  }
  a->live++;
  return id;
}

void arg_prune_below(arg *a, uint32_t n, uint32_t **uncovered, uint32_t *nuncovered) {
  uint32_t *stack = xmalloc((a->size + 1) * sizeof *stack), sp = 0;
  for (uint32_t c = a->nodes[n].first_child; c != ARG_NONE; c = a->nodes[c].next_sibling) stack[sp++] = c;
  while (sp) {
    uint32_t m = stack[--sp];
    arg_node *x = &a->nodes[m];
    x->deleted = true;
    a->live--;
    a->d->ops->free_state(a->d, x->state);
    x->state = NULL;
    for (uint32_t c = x->first_child; c != ARG_NONE; c = a->nodes[c].next_sibling) stack[sp++] = c;
  }
  free(stack);
  a->nodes[n].first_child = ARG_NONE;
  a->nodes[n].expanded = false;
  uint32_t cnt = 0;
  uint32_t *u = xmalloc((a->size + 1) * sizeof *u);
  for (uint32_t i = 0; i < a->size; i++) {
    arg_node *x = &a->nodes[i];
    if (!x->deleted && x->covered_by != ARG_NONE && a->nodes[x->covered_by].deleted) {
      x->covered_by = ARG_NONE;
      u[cnt++] = i;
    }
  }
  *uncovered = u;
  *nuncovered = cnt;
}

uint32_t arg_path(const arg *a, uint32_t n, uint32_t **out) {
  uint32_t len = a->nodes[n].depth + 1;
  uint32_t *p = xmalloc(len * sizeof *p);
  for (uint32_t k = len; k-- > 0;) {
    p[k] = n;
    n = a->nodes[n].parent;
  }
  *out = p;
  return len;
}

uint32_t arg_max_depth(const arg *a) {
  uint32_t d = 0;
  for (uint32_t i = 0; i < a->size; i++)
    if (!a->nodes[i].deleted && a->nodes[i].depth > d) d = a->nodes[i].depth;
  return d;
}

void arg_write_dot(FILE *out, const arg *a, const cfa *c, const uint32_t *path, uint32_t npath) {
  fprintf(out, "digraph arg {\n  node [shape=box, fontname=\"monospace\"];\n");
  for (uint32_t i = 0; i < a->size; i++) {
    const arg_node *n = &a->nodes[i];
    if (n->deleted) continue;
    bool red = false;
    for (uint32_t k = 0; k < npath; k++) red |= path[k] == i;
    char *f = term_to_string(a->d->ops->formula(a->d, n->state));
    fprintf(out, "  n%u [label=\"%u @ %s\\n", i, i, c->locs[n->loc].name);
    for (const char *p = f; *p; p++) {
      if (*p == '"' || *p == '\\') fputc('\\', out);
      fputc(*p, out);
    }
    fprintf(out, "\"%s%s];\n", red ? ", color=red" : "", n->covered_by != ARG_NONE ? ", style=dashed" : "");
    free(f);
    if (n->parent != ARG_NONE) fprintf(out, "  n%u -> n%u;\n", n->parent, i);
    if (n->covered_by != ARG_NONE) fprintf(out, "  n%u -> n%u [style=dashed, label=\"covered\"];\n", i, n->covered_by);
  }
  fprintf(out, "}\n");
}
