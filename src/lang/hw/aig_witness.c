/* Witness circuits for AIGER SAFE answers (see aig_witness.h). */
#include "lang/hw/aig_witness.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert/inv_cert.h"
#include "cert/qopen.h"
#include "core/alloc.h"
#include "core/term_map.h"
#include "lang/hw/aig_ts.h"
#include "lang/hw/aiger.h"

typedef struct {
  term_map lit_of;      /* term node -> AIGER literal */
  aig_and *ands;        /* new gates */
  uint32_t nands, cap, maxvar;
} builder;

static uint32_t mk_and(builder *b, uint32_t x, uint32_t y) {
  if (x == 0 || y == 0) return 0;
  if (x == 1) return y;
  if (y == 1) return x;
  if (x == y) return x;
  if (x == (y ^ 1)) return 0;
  if (b->nands == b->cap) { b->cap = b->cap ? 2 * b->cap : 64; b->ands = xrealloc(b->ands, b->cap * sizeof *b->ands); }
  uint32_t lhs = 2 * ++b->maxvar;
  b->ands[b->nands++] = (aig_and){lhs, x, y};
  return lhs;
}
static uint32_t mk_or(builder *b, uint32_t x, uint32_t y) { return mk_and(b, x ^ 1, y ^ 1) ^ 1; }

/* The literal of Boolean term t; UINT32_MAX when t is not a Boolean
 * combination of the circuit's variables. */
static uint32_t lit_of(builder *b, term_t t) {
  term_t u = term_unsigned(t);
  uint32_t neg = term_is_negated(t) ? 1 : 0;
  if (term_op_of(u) == OP_TRUE) return 1 ^ neg;
  int32_t m = term_map_get(&b->lit_of, u);
  if (m >= 0) return (uint32_t)m ^ neg;
  uint32_t n = term_nargs(u), r = UINT32_MAX;
  switch (term_op_of(u)) {
  case OP_AND: case OP_OR: {
    bool isand = term_op_of(u) == OP_AND;
    r = isand ? 1 : 0;
    for (uint32_t i = 0; i < n && r != UINT32_MAX; i++) {
      uint32_t a = lit_of(b, term_arg(u, i));
      r = a == UINT32_MAX ? UINT32_MAX : isand ? mk_and(b, r, a) : mk_or(b, r, a);
    }
    break;
  }
  case OP_EQ: case OP_XOR:
    if (n == 2 && term_is_bool(term_arg(u, 0))) {
      uint32_t x = lit_of(b, term_arg(u, 0)), y = x == UINT32_MAX ? x : lit_of(b, term_arg(u, 1));
      if (y == UINT32_MAX) break;
      r = mk_or(b, mk_and(b, x, y), mk_and(b, x ^ 1, y ^ 1));   /* x <-> y */
      if (term_op_of(u) == OP_XOR) r ^= 1;
    }
    break;
  case OP_ITE:
    if (term_is_bool(u)) {
      uint32_t c = lit_of(b, term_arg(u, 0));
      uint32_t x = c == UINT32_MAX ? c : lit_of(b, term_arg(u, 1));
      uint32_t y = x == UINT32_MAX ? x : lit_of(b, term_arg(u, 2));
      if (y != UINT32_MAX) r = mk_or(b, mk_and(b, c, x), mk_and(b, c ^ 1, y));
    }
    break;
  default: break;   /* variables are in the map already; others unsupported */
  }
  if (r == UINT32_MAX) return r;
  term_map_put(&b->lit_of, u, (int32_t)r);
  return r ^ neg;
}

char *aig_witness_circuit(const aig *g, uint32_t prop, const ts *sys, term_t inv) {
  if (prop >= aig_nproperties(g) || sys->vars.size != g->nlatches || sys->inputs.size != g->ninputs) return NULL;
  builder b = {.maxvar = g->maxvar};
  term_map_init(&b.lit_of);
  for (uint32_t j = 0; j < g->nlatches; j++) term_map_put(&b.lit_of, sys->vars.data[j], (int32_t)g->latches[j].lit);
  for (uint32_t i = 0; i < g->ninputs; i++) term_map_put(&b.lit_of, sys->inputs.data[i], (int32_t)g->inputs[i]);
  uint32_t il = lit_of(&b, inv);
  char *buf = NULL;
  if (il != UINT32_MAX) {
    uint32_t bad = mk_or(&b, aig_property(g, prop), il ^ 1);
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    if (f) {
      /* inputs and latches consecutive and in the model's order (the
       * default mapping); one bad-state property; the constraints kept */
      fprintf(f, "aag %u %u %u 0 %u 1 %u\n", b.maxvar, g->ninputs, g->nlatches, g->nands + b.nands, g->nconstraints);
      for (uint32_t i = 0; i < g->ninputs; i++) fprintf(f, "%u\n", g->inputs[i]);
      for (uint32_t j = 0; j < g->nlatches; j++) {
        const aig_latch *l = &g->latches[j];
        if (l->reset == 0) fprintf(f, "%u %u\n", l->lit, l->next);
        else fprintf(f, "%u %u %u\n", l->lit, l->next, l->reset);
      }
      fprintf(f, "%u\n", bad);
      for (uint32_t c = 0; c < g->nconstraints; c++) fprintf(f, "%u\n", g->constraints[c]);
      for (uint32_t a = 0; a < g->nands; a++) fprintf(f, "%u %u %u\n", g->ands[a].lhs, g->ands[a].rhs0, g->ands[a].rhs1);
      for (uint32_t a = 0; a < b.nands; a++) fprintf(f, "%u %u %u\n", b.ands[a].lhs, b.ands[a].rhs0, b.ands[a].rhs1);
      fprintf(f, "c\nWITNESS b%u: the model with bad replaced by (bad or not invariant), by zeta\n", prop);
      fclose(f);
    }
  }
  free(b.ands);
  term_map_free(&b.lit_of);
  return buf;
}

cert_status aig_witness_check(const aig *g, const ts *sys, const char *text, char *why, size_t whylen) {
  aig w;
  aig_init(&w);
  aiger_diag d;
  cert_status st = CERT_UNKNOWN;
  ts wts;
  bool have_ts = false;
  if (!aiger_read_string(text, strlen(text), "witness", &w, &d)) {
    snprintf(why, whylen, "the witness does not read back: %.160s", d.message);
    goto done;
  }
  /* reset, transition: the same inputs, latches and gates (a prefix) */
  bool same = w.ninputs == g->ninputs && w.nlatches == g->nlatches && w.nands >= g->nands &&
              w.nconstraints == g->nconstraints && aig_nproperties(&w) == 1;
  for (uint32_t i = 0; same && i < g->ninputs; i++) same = w.inputs[i] == g->inputs[i];
  for (uint32_t j = 0; same && j < g->nlatches; j++)
    same = w.latches[j].lit == g->latches[j].lit && w.latches[j].next == g->latches[j].next &&
           w.latches[j].reset == g->latches[j].reset;
  for (uint32_t c = 0; same && c < g->nconstraints; c++) same = w.constraints[c] == g->constraints[c];
  /* the reader orders gates topologically; the model's gates come first
   * and are defined alike (compare by definition, not position) */
  if (!same) { snprintf(why, whylen, "the witness does not keep the model's inputs, latches and constraints"); goto done; }
  have_ts = aig_to_ts(&w, 0, &wts);
  if (!have_ts) { snprintf(why, whylen, "the witness has no property"); goto done; }
  /* the model's gates, as terms, are the same terms (hash-consed) in both
   * systems; so are init and trans when the gates agree */
  if (wts.init != sys->init || wts.trans != sys->trans) {
    snprintf(why, whylen, "the witness's reset or transition differs from the model's");
    goto done;
  }
  /* property: the witness's property implies the model's; base and step */
  uint32_t nq;
  char w1[200];
  term_t q = cert_lift_ite(term_and2(wts.prop, term_not(sys->prop)));
  cert_status p = cert_unsat(q, 30000, NULL, NULL, w1, sizeof w1);
  if (p != CERT_CERTIFIED) { st = p; snprintf(why, whylen, "property check: %.160s", p == CERT_VIOLATED ? "fails" : w1); goto done; }
  st = cert_ts_invariant(&wts, wts.prop, 30000, &nq, w1, sizeof w1);
  if (st != CERT_CERTIFIED) snprintf(why, whylen, "%.180s", w1);
done:
  if (have_ts) ts_free(&wts);
  aig_free(&w);
  return st;
}
