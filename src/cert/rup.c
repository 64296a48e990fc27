/* RUP checking with two watched literals. The top-level assignment (units
 * of the formula and of checked lemmas) stays propagated between checks;
 * a lemma check assigns the negated lemma on top of it, propagates and
 * undoes. */
#include "cert/rup.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

typedef struct { uint32_t *data, size, cap; } u32vec;

static void u32_push(u32vec *v, uint32_t x) {
  if (v->size == v->cap) { v->cap = v->cap ? 2 * v->cap : 4; v->data = xrealloc(v->data, v->cap * sizeof *v->data); }
  v->data[v->size++] = x;
}

struct rup {
  int *lits;                 /* all clauses' literals, back to back */
  size_t nlits, caplits;
  u32vec start, len;         /* per clause */
  u32vec *watch;             /* per literal index: clauses watching it */
  signed char *val;          /* per variable: 1 true, -1 false, 0 unassigned */
  uint32_t nvars;
  int *trail;
  uint32_t ntrail, qhead;
  bool inconsistent, refuted, broken;
};

static uint32_t lidx(int lit) { return lit > 0 ? 2u * (uint32_t)lit : 2u * (uint32_t)(-lit) + 1; }
static int value(const rup *r, int lit) {
  int v = r->val[lit > 0 ? lit : -lit];
  return lit > 0 ? v : -v;
}

static void ensure_var(rup *r, uint32_t v) {
  if (v <= r->nvars) return;
  uint32_t n = r->nvars ? r->nvars : 16;
  while (n < v) n *= 2;
  size_t oldv = r->val ? r->nvars + 1 : 0, oldw = r->watch ? 2 * (size_t)r->nvars + 2 : 0;
  r->val = xrealloc(r->val, (n + 1) * sizeof *r->val);
  memset(r->val + oldv, 0, (n + 1 - oldv) * sizeof *r->val);
  r->watch = xrealloc(r->watch, (2 * (size_t)n + 2) * sizeof *r->watch);
  memset(r->watch + oldw, 0, (2 * (size_t)n + 2 - oldw) * sizeof *r->watch);
  r->trail = xrealloc(r->trail, (n + 1) * sizeof *r->trail);
  r->nvars = n;
}

rup *rup_new(void) { return xcalloc(1, sizeof(rup)); }

void rup_free(rup *r) {
  if (!r) return;
  for (uint32_t i = 0; r->watch && i < 2 * r->nvars + 2; i++) free(r->watch[i].data);
  free(r->watch); free(r->val); free(r->trail); free(r->lits);
  free(r->start.data); free(r->len.data);
  free(r);
}

static void assign(rup *r, int lit) {
  r->val[lit > 0 ? lit : -lit] = lit > 0 ? 1 : -1;
  r->trail[r->ntrail++] = lit;
}

static void undo(rup *r, uint32_t to) {
  while (r->ntrail > to) { int l = r->trail[--r->ntrail]; r->val[l > 0 ? l : -l] = 0; }
  r->qhead = to;
}

/* false on a conflict */
static bool propagate(rup *r) {
  while (r->qhead < r->ntrail) {
    int fl = -r->trail[r->qhead++];            /* the literal that became false */
    u32vec *w = &r->watch[lidx(fl)];
    uint32_t i = 0, j = 0;
    bool ok = true;
    for (; i < w->size; i++) {
      uint32_t c = w->data[i];
      int *cl = r->lits + r->start.data[c];
      uint32_t n = r->len.data[c];
      if (cl[0] == fl) { cl[0] = cl[1]; cl[1] = fl; }
      if (!ok || value(r, cl[0]) > 0) { w->data[j++] = c; continue; }
      uint32_t k = 2;
      while (k < n && value(r, cl[k]) < 0) k++;
      if (k < n) {                             /* a new watch */
        cl[1] = cl[k]; cl[k] = fl;
        u32_push(&r->watch[lidx(cl[1])], c);
        continue;
      }
      w->data[j++] = c;
      if (value(r, cl[0]) < 0) ok = false;     /* conflict: keep the rest of the list */
      else assign(r, cl[0]);
    }
    w->size = j;
    if (!ok) return false;
  }
  return true;
}

/* Adds a clause (deduplicated, not a tautology) under the top-level
 * assignment, which it may extend. */
static void add_clause(rup *r, uint32_t n, const int *in) {
  if (r->inconsistent) return;
  int *tmp = xmalloc((n + 1) * sizeof *tmp);
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++) {
    bool dup = false;
    for (uint32_t k = 0; k < m; k++) {
      if (tmp[k] == -in[i]) { free(tmp); return; }    /* tautology */
      if (tmp[k] == in[i]) dup = true;
    }
    if (!dup) tmp[m++] = in[i];
  }
  /* put two non-false literals first (true ones preferred) */
  for (uint32_t pos = 0; pos < 2 && pos < m; pos++) {
    uint32_t best = pos;
    for (uint32_t k = pos; k < m; k++)
      if (value(r, tmp[k]) > value(r, tmp[best])) best = k;
    int t = tmp[pos]; tmp[pos] = tmp[best]; tmp[best] = t;
  }
  if (m == 0 || value(r, tmp[0]) < 0) { r->inconsistent = true; free(tmp); return; }
  if (m >= 2) {
    if (r->nlits + m > r->caplits) {
      r->caplits = 2 * (r->nlits + m);
      r->lits = xrealloc(r->lits, r->caplits * sizeof *r->lits);
    }
    uint32_t c = r->start.size;
    u32_push(&r->start, (uint32_t)r->nlits);
    u32_push(&r->len, m);
    memcpy(r->lits + r->nlits, tmp, m * sizeof *tmp);
    r->nlits += m;
    u32_push(&r->watch[lidx(tmp[0])], c);
    u32_push(&r->watch[lidx(tmp[1])], c);
  }
  /* unit under the top-level assignment */
  if (value(r, tmp[0]) == 0 && (m == 1 || value(r, tmp[1]) < 0)) {
    assign(r, tmp[0]);
    if (!propagate(r)) r->inconsistent = true;
  }
  free(tmp);
}

static bool lits_ok(rup *r, uint32_t n, const int *lits) {
  for (uint32_t i = 0; i < n; i++) {
    if (lits[i] == 0 || lits[i] == INT_MIN) { r->broken = true; return false; }
    ensure_var(r, (uint32_t)(lits[i] > 0 ? lits[i] : -lits[i]));
  }
  return true;
}

void rup_add_input(rup *r, uint32_t n, const int *lits) {
  if (r->broken || !lits_ok(r, n, lits)) return;
  add_clause(r, n, lits);
}

static bool is_rup(rup *r, uint32_t n, const int *lits) {
  if (r->inconsistent) return true;
  uint32_t top = r->ntrail;
  bool conflict = false;
  for (uint32_t i = 0; i < n && !conflict; i++) {
    int v = value(r, lits[i]);
    if (v > 0) conflict = true;                /* its negation clashes */
    else if (v == 0) assign(r, -lits[i]);
  }
  if (!conflict) conflict = !propagate(r);
  undo(r, top);
  return conflict;
}

bool rup_add_lemma(rup *r, uint32_t n, const int *lits) {
  if (r->broken || !lits_ok(r, n, lits)) return false;
  if (!is_rup(r, n, lits)) return false;
  if (n == 0) r->refuted = true;
  add_clause(r, n, lits);
  return true;
}

bool rup_refuted(const rup *r) { return r->refuted && !r->broken; }

bool rup_check_text(rup *r, const char *p, char *why, uint32_t whylen) {
  int *buf = NULL;
  uint32_t n = 0, cap = 0, line = 1, lemma = 0;
  bool del = false, ok = true;
  while (ok && *p && !rup_refuted(r)) {
    if (*p == '\n') { line++; p++; continue; }
    if (*p == ' ' || *p == '\t' || *p == '\r') { p++; continue; }
    if (*p == 'c' && n == 0 && !del) { while (*p && *p != '\n') p++; continue; }
    if (*p == 'd' && n == 0 && !del) { del = true; p++; continue; }
    char *end;
    long v = strtol(p, &end, 10);
    if (end == p || v > INT_MAX || v < -INT_MAX) {
      snprintf(why, whylen, "proof line %u: expected a literal", line);
      ok = false;
      break;
    }
    p = end;
    if (v != 0) {
      if (n == cap) { cap = cap ? 2 * cap : 16; buf = xrealloc(buf, cap * sizeof *buf); }
      buf[n++] = (int)v;
      continue;
    }
    if (!del) {
      lemma++;
      if (!rup_add_lemma(r, n, buf)) {
        snprintf(why, whylen, "lemma %u (proof line %u) is not RUP", lemma, line);
        ok = false;
      }
    }
    n = 0;
    del = false;
  }
  if (ok && (n || del)) { snprintf(why, whylen, "proof line %u: unterminated clause", line); ok = false; }
  if (ok && !rup_refuted(r)) { snprintf(why, whylen, "the proof does not derive the empty clause"); ok = false; }
  free(buf);
  return ok;
}
