/* Certified unsatisfiability through Z3's proof (see cert_unsat.h). */
#include "cert/cert_unsat.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>
#include "cert/farkas.h"
#include "cert/sat_refute.h"
#include "cert/skel.h"
#include "core/alloc.h"
#include "core/limits.h"
#include "core/progress.h"
#include "solver/z3_conv.h"
#include "solver/z3_watchdog.h"

#define FM_MAX_CONS 400     /* Fourier-Motzkin gives up beyond this many constraints */
#define MAX_LEMMAS 100000

const char *cert_status_name(cert_status s) {
  static const char *const n[] = {"certified", "validated", "unknown", "violated"};
  return n[s];
}

/* ---- lemmas: one procedure for the certifier and the checker ---- */

/* Checks the lemma "forms[0] or ... or forms[n-1]" (each form the linear
 * meaning of a literal) by refuting the negations, with the multipliers
 * when given, else by Fourier-Motzkin; on success adds it to k's CNF.
 * lits receives the skeleton literals. */
static bool lemma_add(skel *k, uint32_t n, const lin_cons *forms, mpq_t *mult, int *lits) {
  lin_cons *hyp = xcalloc(n + 1, sizeof *hyp);
  for (uint32_t i = 0; i < n; i++) {
    lits[i] = skel_cons_lit(k, &forms[i]);
    lin_init(&hyp[i]);
    lin_copy(&hyp[i], &forms[i]);
    lin_negate(&hyp[i]);
  }
  lin_domain d = skel_domain(k);
  uint32_t nh = n;
  if (!mult) skel_add_axioms(k, &hyp, &nh);
  bool ok = mult ? farkas_check(n, hyp, mult, d) : fm_refute(nh, hyp, d, FM_MAX_CONS) == 1;

  for (uint32_t i = 0; i < nh; i++) lin_clear(&hyp[i]);
  free(hyp);
  if (ok) skel_add_clause(k, n, lits);
  return ok;
}

/* Adds "quantifier qi implies its instance" (forall), or "the instance
 * implies quantifier qi" (exists), the instance encoded along the
 * quantifier's body (skel_instance_lit). */
static bool inst_add(skel *k, uint32_t qi, const term_t *binding) {
  if (qi >= skel_nquants(k)) return false;
  term_t quant = skel_quant(k, qi);
  int il = skel_instance_lit(k, quant, binding);
  if (!il) return false;
  int ql = skel_atom_lit(k, quant);
  int c[2] = {-ql, il};
  if (term_op_of(quant) == OP_EXISTS) { c[0] = ql; c[1] = -il; }
  skel_add_clause(k, 2, c);
  return true;
}

/* The linear form of t over the free variables fv (coef[k] for fv[k],
 * cst); false when t is not such a linear term. */
static bool linear_binding(term_t t, const term_t *fv, uint32_t nfv, const mpq_t m, mpq_t *coef, mpq_t cst) {
  mpq_t q;
  mpq_init(q);
  bool ok = true;
  uint32_t n = term_nargs(t);
  switch (term_op_of(t)) {
  case OP_RAT: term_rat_value(t, q); mpq_mul(q, q, m); mpq_add(cst, cst, q); break;
  case OP_ADD: for (uint32_t i = 0; i < n && ok; i++) ok = linear_binding(term_arg(t, i), fv, nfv, m, coef, cst); break;
  case OP_TO_REAL: ok = linear_binding(term_arg(t, 0), fv, nfv, m, coef, cst); break;
  case OP_NEG: mpq_neg(q, m); ok = linear_binding(term_arg(t, 0), fv, nfv, q, coef, cst); break;
  case OP_MUL: {
    term_t other;
    mpq_set(q, m);
    uint32_t nonconst = skel_mul_split(t, q, &other);
    if (nonconst == 0) mpq_add(cst, cst, q);
    else ok = nonconst == 1 && linear_binding(other, fv, nfv, q, coef, cst);
    break;
  }
  case OP_VAR:
    ok = false;
    for (uint32_t i = 0; i < nfv && !ok; i++) if (fv[i] == t) { mpq_add(coef[i], coef[i], m); ok = true; }
    break;
  default: ok = false;
  }
  mpq_clear(q);
  return ok;
}

/* A binding as a certificate token: b:0|1 (Booleans), v:K (the K-th free
 * variable of the query), or i:/r: followed by a linear form over them,
 * CONST[;K*COEF]... (Int or Real); false for other terms. */
static bool binding_token(term_t t, const term_t *fv, uint32_t nfv, FILE *out) {
  if (term_op_of(t) == OP_TRUE) { if (out) fprintf(out, " b:%d", term_is_true(t)); return true; }
  if (term_is_bool(t) || term_op_of(t) == OP_VAR) {
    for (uint32_t i = 0; i < nfv; i++) if (fv[i] == t) { if (out) fprintf(out, " v:%u", i); return true; }
    return false;
  }
  if (!type_is_arith(term_type(t))) return false;
  mpq_t *coef = xcalloc(nfv + 1, sizeof *coef), cst, one;
  for (uint32_t i = 0; i < nfv; i++) mpq_init(coef[i]);
  mpq_init(cst);
  mpq_init(one);
  mpq_set_ui(one, 1, 1);
  bool ok = linear_binding(t, fv, nfv, one, coef, cst);
  if (ok && out) {
    fprintf(out, " %c:", type_kind_of(term_type(t)) == TYPE_INT ? 'i' : 'r');
    mpq_out_str(out, 10, cst);
    for (uint32_t i = 0; i < nfv; i++)
      if (mpq_sgn(coef[i])) { fprintf(out, ";%u*", i); mpq_out_str(out, 10, coef[i]); }
  }
  for (uint32_t i = 0; i < nfv; i++) mpq_clear(coef[i]);
  free(coef);
  mpq_clear(cst);
  mpq_clear(one);
  return ok;
}

static term_t token_binding(const char *tok, const term_t *fv, uint32_t nfv) {
  if (strlen(tok) < 3 || tok[1] != ':') return NULL_TERM;
  const char *v = tok + 2;
  if (tok[0] == 'b') return strcmp(v, "1") == 0 ? term_true() : strcmp(v, "0") == 0 ? term_false() : NULL_TERM;
  if (tok[0] == 'v') {
    char *e;
    unsigned long k = strtoul(v, &e, 10);
    return *e || k >= nfv ? NULL_TERM : fv[k];
  }
  if (tok[0] != 'i' && tok[0] != 'r') return NULL_TERM;
  type_t ty = tok[0] == 'i' ? type_int() : type_real();
  char buf[256];
  snprintf(buf, sizeof buf, "%s", v);
  term_vec sum = {0};
  mpq_t q;
  mpq_init(q);
  bool ok = true;
  char *save = NULL;
  uint32_t part = 0;
  for (char *p = strtok_r(buf, ";", &save); p && ok; p = strtok_r(NULL, ";", &save), part++) {
    char *star = part ? strchr(p, '*') : NULL;
    unsigned long k = 0;
    if (part) {
      char *e;
      if (!star) { ok = false; break; }
      *star = 0;
      k = strtoul(p, &e, 10);
      if (*e || k >= nfv || !type_is_arith(term_type(fv[k]))) { ok = false; break; }
      p = star + 1;
    }
    if (strchr(p, '.') || mpq_set_str(q, p, 10) != 0 || mpz_sgn(mpq_denref(q)) == 0) { ok = false; break; }
    mpq_canonicalize(q);
    if (tok[0] == 'i' && mpz_cmp_ui(mpq_denref(q), 1) != 0) { ok = false; break; }
    term_t c = term_rat(ty, q);
    term_vec_push(&sum, part ? term_mul2(c, fv[k]) : c);
  }
  mpq_clear(q);
  term_t t = ok && sum.size ? term_add(sum.size, sum.data) : NULL_TERM;
  if (t != NULL_TERM && term_type(t) != ty) t = NULL_TERM;
  term_vec_free(&sum);
  return t;
}

/* ---- the certificate text ---- */

static const char *const rel_name[] = {"<=", "<", "=", "!="};

static void write_form(FILE *out, const lin_cons *c) {
  fprintf(out, " %s ", rel_name[c->rel]);
  mpq_out_str(out, 10, c->cst);
  fprintf(out, " %u", c->n);
  for (uint32_t i = 0; i < c->n; i++) { fprintf(out, " %u ", c->m[i].var); mpq_out_str(out, 10, c->m[i].coef); }
}

bool cert_next(cert_reader *r) {
  const char *p = r->p;
  if (!r->line_start) r->line_start = p;
  for (;;) {
    while (*p && isspace((unsigned char)*p)) { if (*p == '\n') { r->line++; r->line_start = p + 1; } p++; }
    if (*p == '#') { while (*p && *p != '\n') p++; continue; }
    break;
  }
  r->col = (uint32_t)(p - r->line_start) + 1;
  size_t n = 0;
  while (*p && !isspace((unsigned char)*p) && n + 1 < sizeof r->tok) r->tok[n++] = *p++;
  while (*p && !isspace((unsigned char)*p)) p++;
  r->tok[n] = 0;
  r->p = p;
  return n > 0;
}

static bool next_u32(cert_reader *r, uint32_t *v) {
  if (!cert_next(r)) return false;
  char *e;
  unsigned long x = strtoul(r->tok, &e, 10);
  if (*e || x > UINT32_MAX || r->tok[0] == '-') return false;
  *v = (uint32_t)x;
  return true;
}
static bool next_int(cert_reader *r, int *v) {
  if (!cert_next(r)) return false;
  char *e;
  long x = strtol(r->tok, &e, 10);
  if (*e || x > 2147483647L || x < -2147483647L) return false;
  *v = (int)x;
  return true;
}
static bool next_q(cert_reader *r, mpq_t q) {
  if (!cert_next(r) || strchr(r->tok, '.') || mpq_set_str(q, r->tok, 10) != 0 || mpz_sgn(mpq_denref(q)) == 0) return false;
  mpq_canonicalize(q);
  return true;
}

static bool read_form(cert_reader *r, skel *k, lin_cons *c) {
  if (!cert_next(r)) return false;
  int rel = -1;
  for (int i = 0; i < 4; i++) if (strcmp(r->tok, rel_name[i]) == 0) rel = i;
  uint32_t n;
  if (rel < 0 || !next_q(r, c->cst) || !next_u32(r, &n) || n > 100000) return false;
  c->rel = (lin_rel)rel;
  mpq_t q;
  mpq_init(q);
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    uint32_t v;
    ok = next_u32(r, &v) && v < skel_nlinvars(k) && next_q(r, q) && mpq_sgn(q) != 0;
    if (ok) lin_add_term(c, v, q);
  }
  mpq_clear(q);
  return ok;
}

#define FAIL(...) do { snprintf(why, whylen, __VA_ARGS__); goto done; } while (0)
/* malformed text: line:column of the token at fault */
#define SYNTAX(msg) do { r->malformed = true; snprintf(why, whylen, "%u:%u: %s", r->line, r->col, msg); goto done; } while (0)

bool cert_unsat_check(term_t q, cert_reader *r, char *why, size_t whylen) {
  skel *k = skel_new();
  const char *qwhy = "?";
  bool ok = false;
  int_vec proof = {0};
  lin_cons *forms = NULL;
  mpq_t *mult = NULL;
  int *lits = NULL;
  uint32_t cap = 0, nlem = 0;
  term_t *fv = NULL;
  uint32_t nfv = 0;
  if (!skel_assert(k, q, &qwhy)) FAIL("clause query: %s", qwhy);
  nfv = term_free_vars(q, &fv);
  for (;;) {
    if (!cert_next(r)) SYNTAX("unexpected end of the certificate");
    if (strcmp(r->tok, "inst") == 0) {
      uint32_t qi, nb;
      if (!next_u32(r, &qi) || !next_u32(r, &nb) || nb > 10000) SYNTAX("instance: quantifier and count expected");
      term_t *b = xcalloc(nb + 1, sizeof *b);
      bool good = qi < skel_nquants(k) && term_nargs(skel_quant(k, qi)) == nb + 1;
      for (uint32_t i = 0; i < nb; i++) {
        if (!cert_next(r)) { good = false; break; }
        b[i] = token_binding(r->tok, fv, nfv);
        good = good && b[i] != NULL_TERM;
      }
      good = good && inst_add(k, qi, b);
      free(b);
      if (!good) FAIL("line %u: bad instance", r->line);
      continue;
    }
    if (strcmp(r->tok, "linvar") == 0) {
      uint32_t v;
      if (!next_u32(r, &v) || v != skel_nlinvars(k) || !cert_next(r) || (strcmp(r->tok, "int") && strcmp(r->tok, "real")))
        SYNTAX("bad linvar declaration");
      skel_new_linvar(k, strcmp(r->tok, "int") == 0);
      continue;
    }
    if (strcmp(r->tok, "lemma") != 0) break;
    uint32_t n;
    if (!cert_next(r) || (strcmp(r->tok, "farkas") && strcmp(r->tok, "fm"))) SYNTAX("lemma kind expected");
    bool farkas = strcmp(r->tok, "farkas") == 0;
    if (!next_u32(r, &n) || n > 100000) SYNTAX("lemma size expected");
    if (n + 1 > cap) {
      for (uint32_t i = 0; i < cap; i++) { lin_clear(&forms[i]); mpq_clear(mult[i]); }
      cap = n + 1;
      forms = xrealloc(forms, cap * sizeof *forms);
      mult = xrealloc(mult, cap * sizeof *mult);
      lits = xrealloc(lits, cap * sizeof *lits);
      for (uint32_t i = 0; i < cap; i++) { lin_init(&forms[i]); mpq_init(mult[i]); }
    }
    for (uint32_t i = 0; i < n; i++) {
      lin_clear(&forms[i]);
      lin_init(&forms[i]);
      int lit;
      if (!next_int(r, &lit)) SYNTAX("literal expected");
      if (farkas) { if (!next_q(r, mult[i])) SYNTAX("multiplier expected"); }
      else if (!cert_next(r) || strcmp(r->tok, "-")) SYNTAX("'-' expected");
      if (!read_form(r, k, &forms[i])) SYNTAX("linear form expected");
      lits[i] = lit;
    }
    nlem++;
    int *got = xmalloc((n + 1) * sizeof *got);
    bool good = lemma_add(k, n, forms, farkas ? mult : NULL, got);
    bool same = true;
    for (uint32_t i = 0; i < n; i++) same = same && got[i] == lits[i];
    free(got);
    if (!good) FAIL("lemma %u (line %u) does not check", nlem, r->line);
    if (!same) FAIL("lemma %u (line %u): literals do not match their linear forms", nlem, r->line);
  }
  uint32_t nv, nc;
  if (strcmp(r->tok, "skeleton") || !next_u32(r, &nv) || !next_u32(r, &nc)) SYNTAX("'skeleton' expected");
  if (nv != skel_nvars(k) || nc != skel_nclauses(k))
    FAIL("line %u: the skeleton has %u variables and %u clauses here, the certificate says %u and %u",
         r->line, skel_nvars(k), skel_nclauses(k), nv, nc);
  if (!cert_next(r) || strcmp(r->tok, "proof")) SYNTAX("'proof' expected");
  for (;;) {
    if (!cert_next(r)) SYNTAX("unexpected end of the proof");
    if (strcmp(r->tok, "end") == 0) break;
    char *e;
    long x = strtol(r->tok, &e, 10);
    if (*e || x > 2147483647L || x < -2147483647L) SYNTAX("literal expected in the proof");
    /* a RUP proof introduces no variables (and a huge one would only cost memory) */
    if (x > (long)skel_nvars(k) || -x > (long)skel_nvars(k)) FAIL("line %u: proof literal %ld beyond the skeleton's %u variables", r->line, x, skel_nvars(k));
    int_vec_push(&proof, (int)x);
  }
  if (proof.size && proof.data[proof.size - 1] != 0) SYNTAX("unterminated proof clause");
  char pwhy[160];
  if (!sat_proof_check(skel_cnf(k), &proof, pwhy, sizeof pwhy)) FAIL("%s", pwhy);
  ok = true;
done:
  free(fv);
  for (uint32_t i = 0; i < cap; i++) { lin_clear(&forms[i]); mpq_clear(mult[i]); }
  free(forms); free(mult); free(lits);
  int_vec_free(&proof);
  skel_free(k);
  return ok;
}

/* ---- Z3's proof ---- */

typedef struct {
  term_t *lits;          /* the lemma clause, as zeta terms */
  uint32_t n;
  mpq_t *mult;           /* multipliers found, or NULL (Fourier-Motzkin) */
} lemma;

typedef struct { lemma *l; uint32_t n, cap; term_vec inst; /* bindings, each preceded by its count */ } lemma_list;

static void lemmas_free(lemma_list *L) {
  for (uint32_t i = 0; i < L->n; i++) {
    if (L->l[i].mult) { for (uint32_t j = 0; j < L->l[i].n; j++) mpq_clear(L->l[i].mult[j]); free(L->l[i].mult); }
    free(L->l[i].lits);
  }
  free(L->l);
  term_vec_free(&L->inst);
}

/* The fact a proof step proves: its last argument. */
static Z3_ast proof_fact(Z3_context z, Z3_ast p) {
  Z3_app a = Z3_to_app(z, p);
  unsigned n = Z3_get_app_num_args(z, a);
  return n ? Z3_get_app_arg(z, a, n - 1) : NULL;
}

static bool is_kind(Z3_context z, Z3_ast a, Z3_decl_kind k) {
  return Z3_get_ast_kind(z, a) == Z3_APP_AST && Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) == k;
}

/* Tries the candidate multipliers coef[off..] (absolute values) on the
 * hypotheses; fills mult on success. */
static bool try_mult(uint32_t n, const lin_cons *hyp, mpq_t *coef, uint32_t ncoef, int shift, lin_domain d, mpq_t *mult) {
  for (uint32_t i = 0; i < n; i++) {
    int j = (int)i - shift;
    if (j >= 0 && (uint32_t)j < ncoef) mpq_abs(mult[i], coef[j]);
    else mpq_set_ui(mult[i], 1, 1);
  }
  return farkas_check(n, hyp, mult, d);
}

/* Checks one th-lemma (converted to terms) in skeleton k (the certifier's
 * scratch copy): multipliers from Z3 when they fit, else Fourier-Motzkin. */
static bool check_lemma(skel *k, lemma *lm, mpq_t *coef, uint32_t ncoef, cert_stats *st) {
  uint32_t n = lm->n;
  lin_cons *hyp = xcalloc(n + 1, sizeof *hyp);
  bool ok = true;
  for (uint32_t i = 0; i < n; i++) {
    lin_init(&hyp[i]);
    if (!skel_linearize_atom(k, lm->lits[i], &hyp[i])) ok = false;
    else lin_negate(&hyp[i]);
  }
  lin_domain d = skel_domain(k);
  if (ok) {
    mpq_t *mult = xcalloc(n + 1, sizeof *mult);
    for (uint32_t i = 0; i < n; i++) mpq_init(mult[i]);
    bool found = false;
    /* premises then conclusion literals; some rules leave the first
     * literal's coefficient implicit (1) */
    for (int shift = 0; shift <= 1 && !found && ncoef; shift++)
      found = try_mult(n, hyp, coef, ncoef, shift, d, mult);
    if (found) { lm->mult = mult; st->lemmas_farkas++; }
    else {
      for (uint32_t i = 0; i < n; i++) mpq_clear(mult[i]);
      free(mult);
      uint32_t nh = n;
      skel_add_axioms(k, &hyp, &nh);
      ok = fm_refute(nh, hyp, d, FM_MAX_CONS) == 1;
      for (uint32_t i = n; i < nh; i++) lin_clear(&hyp[i]);
      if (ok) st->lemmas_fm++;
    }
  }
  for (uint32_t i = 0; i < n; i++) lin_clear(&hyp[i]);
  free(hyp);
  return ok;
}

/* Walks the proof DAG and collects the arithmetic theory lemmas that check. */
static void collect_lemmas(Z3_context z, z3conv *cv, Z3_ast proof, skel *scratch, lemma_list *L, cert_stats *st) {
  Z3_ast *stack = xmalloc(64 * sizeof *stack);
  uint32_t sp = 0, scap = 64;
  uint32_t *seen = NULL, nseen = 0, capseen = 0;   /* sorted ast ids */
  stack[sp++] = proof;
  while (sp && L->n < MAX_LEMMAS) {
    Z3_ast p = stack[--sp];
    if (Z3_get_ast_kind(z, p) != Z3_APP_AST) continue;
    unsigned id = Z3_get_ast_id(z, p);
    uint32_t lo = 0, hi = nseen;
    while (lo < hi) { uint32_t m = (lo + hi) / 2; if (seen[m] < id) lo = m + 1; else hi = m; }
    if (lo < nseen && seen[lo] == id) continue;
    if (nseen == capseen) { capseen = capseen ? 2 * capseen : 256; seen = xrealloc(seen, capseen * sizeof *seen); }
    memmove(seen + lo + 1, seen + lo, (nseen - lo) * sizeof *seen);
    seen[lo] = id;
    nseen++;
    Z3_app a = Z3_to_app(z, p);
    Z3_func_decl dcl = Z3_get_app_decl(z, a);
    unsigned na = Z3_get_app_num_args(z, a);
    if (Z3_get_decl_kind(z, dcl) == Z3_OP_PR_QUANT_INST) {
      unsigned np = Z3_get_decl_num_parameters(z, dcl);
      term_vec b = {0};
      for (unsigned i = 0; i < np; i++)
        if (Z3_get_decl_parameter_kind(z, dcl, i) == Z3_PARAMETER_AST) {
          term_t t = z3conv_from_z3(cv, Z3_get_decl_ast_parameter(z, dcl, i));
          term_vec_push(&b, t);
        }
      term_vec_push(&L->inst, (term_t)b.size);
      for (uint32_t i = 0; i < b.size; i++) term_vec_push(&L->inst, b.data[i]);
      term_vec_free(&b);
      continue;
    }
    if (Z3_get_decl_kind(z, dcl) == Z3_OP_PR_TH_LEMMA) {
      st->lemmas++;
      unsigned np = Z3_get_decl_num_parameters(z, dcl);
      bool arith = np > 0 && Z3_get_decl_parameter_kind(z, dcl, 0) == Z3_PARAMETER_SYMBOL &&
                   strcmp(Z3_get_symbol_string(z, Z3_get_decl_symbol_parameter(z, dcl, 0)), "arith") == 0;
      if (!arith) continue;
      mpq_t *coef = xcalloc(np + 1, sizeof *coef);
      uint32_t ncoef = 0;
      for (unsigned i = 1; i < np; i++) {
        Z3_parameter_kind pk = Z3_get_decl_parameter_kind(z, dcl, i);
        if (pk == Z3_PARAMETER_RATIONAL) {
          mpq_init(coef[ncoef]);
          if (mpq_set_str(coef[ncoef], Z3_get_decl_rational_parameter(z, dcl, i), 10) == 0) { mpq_canonicalize(coef[ncoef]); ncoef++; }
          else mpq_clear(coef[ncoef]);
        } else if (pk == Z3_PARAMETER_INT) {
          mpq_init(coef[ncoef]);
          mpq_set_si(coef[ncoef++], Z3_get_decl_int_parameter(z, dcl, i), 1);
        }
      }
      /* the clause: negated premises, then the conclusion's literals */
      term_vec lits = {0};
      bool conv = true;
      for (unsigned i = 0; i + 1 < na && conv; i++) {
        term_t t = z3conv_from_z3(cv, proof_fact(z, Z3_get_app_arg(z, a, i)));
        conv = t != NULL_TERM;
        if (conv) term_vec_push(&lits, term_not(t));
      }
      Z3_ast concl = na ? Z3_get_app_arg(z, a, na - 1) : NULL;
      if (conv && concl) {
        if (is_kind(z, concl, Z3_OP_OR)) {
          Z3_app o = Z3_to_app(z, concl);
          for (unsigned i = 0; i < Z3_get_app_num_args(z, o) && conv; i++) {
            term_t t = z3conv_from_z3(cv, Z3_get_app_arg(z, o, i));
            conv = t != NULL_TERM;
            if (conv) term_vec_push(&lits, t);
          }
        } else if (!is_kind(z, concl, Z3_OP_FALSE)) {
          term_t t = z3conv_from_z3(cv, concl);
          conv = t != NULL_TERM;
          if (conv) term_vec_push(&lits, t);
        }
      }
      if (conv) {
        if (L->n == L->cap) { L->cap = L->cap ? 2 * L->cap : 16; L->l = xrealloc(L->l, L->cap * sizeof *L->l); }
        lemma *lm = &L->l[L->n];
        lm->lits = lits.data;
        lm->n = lits.size;
        lm->mult = NULL;
        if (check_lemma(scratch, lm, coef, ncoef, st)) { L->n++; st->lemmas_checked++; }
        else {
          if (st->verbose) {
            term_t c = term_or(lits.size, lits.data);
            char *txt = c == NULL_TERM ? NULL : term_to_string(c);
            progress_say("cert: lemma does not check: %s", txt ? txt : "?");
            free(txt);
          }
          free(lits.data);
        }
      } else {
        if (st->verbose) progress_say("cert: lemma not translatable: %s", Z3_ast_to_string(z, p));
        term_vec_free(&lits);
      }
      for (uint32_t i = 0; i < ncoef; i++) mpq_clear(coef[i]);
      free(coef);
      continue;
    }
    /* premises of other steps are proofs: the arguments before the fact */
    for (unsigned i = 0; i + 1 < na; i++) {
      if (sp == scap) { scap *= 2; stack = xrealloc(stack, scap * sizeof *stack); }
      stack[sp++] = Z3_get_app_arg(z, a, i);
    }
  }
  free(stack);
  free(seen);
}

static void on_error(Z3_context z, Z3_error_code e) { (void)z; (void)e; }

#define MAX_CANDIDATES 12      /* per bound variable */
#define MAX_INSTANCES 300      /* per quantifier */

/* When Z3's proof has no usable instances (it eliminated the quantifier in
 * preprocessing), guesses: every combination of 0, 1, -1 and the query's
 * variables of the right sort (true/false for Booleans). Any instance is a
 * valid clause; the skeleton decides whether they suffice. */
static bool candidate_instances(const skel *k, term_t q, lemma_list *L) {
  term_t *fv;
  uint32_t nfv = term_free_vars(q, &fv);
  bool any = false;
  for (uint32_t qi = 0; qi < skel_nquants(k); qi++) {
    term_t quant = skel_quant(k, qi);
    uint32_t nb = term_nargs(quant) - 1;
    term_t cand[4][MAX_CANDIDATES];
    uint32_t nc[4] = {0}, total = 1;
    if (nb > 4) continue;
    for (uint32_t i = 0; i < nb; i++) {
      type_t ty = term_type(term_arg(quant, i));
      if (type_kind_of(ty) == TYPE_BOOL) { cand[i][nc[i]++] = term_true(); cand[i][nc[i]++] = term_false(); }
      else if (type_is_arith(ty)) {
        mpq_t v;
        mpq_init(v);
        for (long c = 0; c <= 2; c++) { mpq_set_si(v, c == 2 ? -1 : c, 1); cand[i][nc[i]++] = term_rat(ty, v); }
        mpq_clear(v);
      }
      for (uint32_t j = 0; j < nfv && nc[i] < MAX_CANDIDATES; j++)
        if (term_type(fv[j]) == ty) cand[i][nc[i]++] = fv[j];
      total *= nc[i] ? nc[i] : 1;
      if (!nc[i]) total = 0;
    }
    if (total == 0 || total > MAX_INSTANCES) continue;
    for (uint32_t c = 0; c < total; c++) {
      term_vec_push(&L->inst, (term_t)nb);
      for (uint32_t i = 0, rest = c; i < nb; i++) { term_vec_push(&L->inst, cand[i][rest % nc[i]]); rest /= nc[i]; }
      any = true;
    }
  }
  free(fv);
  return any;
}

static void write_lemma(FILE *mem, uint32_t n, const int *lits, mpq_t *mult, const lin_cons *forms) {
  fprintf(mem, "lemma %s %u\n", mult ? "farkas" : "fm", n);
  for (uint32_t j = 0; j < n; j++) {
    fprintf(mem, " %d ", lits[j]);
    if (mult) mpq_out_str(mem, 10, mult[j]); else fputc('-', mem);
    write_form(mem, &forms[j]);
    fputc('\n', mem);
  }
}

#define MAX_GAP_ROUNDS 5000     /* and the query's time limit */
/* before asking Z3 for a proof: the skeleton alone with a few gap rounds
 * (propositional queries, simple arithmetic) */
#define QUICK_GAP_ROUNDS 1

/* A term for a canonical constraint of k (a hint for Z3 only); NULL_TERM
 * when a variable has no term. */
static term_t cons_term(const skel *k, const lin_cons *c, bool abstract) {
  bool ints = lin_is_int(c, skel_domain(k));
  type_t ty = ints ? type_int() : type_real();
  term_vec sum = {0};
  term_t r = NULL_TERM;
  for (uint32_t i = 0; i < c->n; i++) {
    uint32_t lv = c->m[i].var;
    term_t v = skel_linvar_term(k, lv);
    if (abstract) {                    /* a plain arithmetic constant per linear variable */
      char name[48];
      snprintf(name, sizeof name, "cert!lv%u", lv);
      bool vi = lv < skel_domain(k).n && skel_domain(k).is_int[lv];
      v = term_var(name, vi ? type_int() : type_real());
    }
    if (v == NULL_TERM) goto done;
    term_vec_push(&sum, term_mul2(term_rat(ty, c->m[i].coef), v));
  }
  term_vec_push(&sum, term_rat(ty, c->cst));
  term_t t = term_add(sum.size, sum.data);
  mpq_t z0;
  mpq_init(z0);
  term_t z = term_rat(ty, z0);
  mpq_clear(z0);
  r = c->rel == LIN_LE ? term_le(t, z) : c->rel == LIN_LT ? term_lt(t, z) : c->rel == LIN_EQ ? term_eq(t, z) : term_not(term_eq(t, z));
done:
  term_vec_free(&sum);
  return r;
}

/* One gap round on the skeleton's propositional model: Z3 names an unsat
 * core of the arithmetic literals the model makes true, and the core's
 * negation, checked by Fourier-Motzkin, becomes a lemma. abstract: Z3 sees
 * each linear variable as a plain constant plus the skeleton's div/mod
 * facts, exactly what Fourier-Motzkin knows (array, mod and other
 * reasoning must then come from the skeleton's own clauses). */
static bool gap_round(skel *k, Z3_context z, z3conv *cv, const signed char *model, bool abstract, FILE *mem,
                      uint32_t *added, char *why, size_t whylen) {
  uint32_t nv = skel_nvars(k);
  Z3_solver s = z3conv_mk_solver(z, false);
  if (abstract)
    for (uint32_t i = 0; i < skel_naxioms(k); i++) {
      term_t f = cons_term(k, skel_axiom(k, i), true);
      Z3_ast a = f == NULL_TERM ? NULL : z3conv_to_z3(cv, f);
      if (a) Z3_solver_assert(z, s, a);
    }
  uint32_t *vars = xcalloc(nv + 1, sizeof *vars), na = 0;
  Z3_ast *ind = xcalloc(nv + 1, sizeof *ind);
  Z3_sort b = Z3_mk_bool_sort(z);
  for (uint32_t v = 2; v <= nv; v++) {
    term_t origin;
    const lin_cons *vc = skel_var_cons(k, v, &origin);
    if (!vc) continue;
    if (origin == NULL_TERM || abstract) origin = cons_term(k, vc, abstract);
    if (origin == NULL_TERM) continue;
    Z3_ast a = z3conv_to_z3(cv, model[v] > 0 ? origin : term_not(origin));
    if (!a) continue;
    ind[na] = Z3_mk_fresh_const(z, "gap", b);
    Z3_inc_ref(z, ind[na]);
    Z3_solver_assert(z, s, Z3_mk_implies(z, ind[na], a));
    vars[na++] = v;
  }
  Z3_lbool zr = z3_watchdog_check(z, s, 10000, na, ind, NULL);
  bool progress = false;
  if (zr != Z3_L_FALSE) snprintf(why, whylen, "a propositional model of the skeleton is arithmetically consistent for Z3");
  else {
    Z3_ast_vector core = Z3_solver_get_unsat_core(z, s);
    Z3_ast_vector_inc_ref(z, core);
    unsigned nc = Z3_ast_vector_size(z, core);
    lin_cons *forms = xcalloc(nc + 1, sizeof *forms);
    int *lits = xcalloc(nc + 1, sizeof *lits);
    uint32_t n = 0;
    for (unsigned i = 0; i < nc; i++) {
      Z3_ast c = Z3_ast_vector_get(z, core, i);
      for (uint32_t j = 0; j < na; j++)
        if (Z3_is_eq_ast(z, c, ind[j])) {
          lin_init(&forms[n]);
          lin_copy(&forms[n], skel_var_cons(k, vars[j], NULL));
          if (model[vars[j]] > 0) lin_negate(&forms[n]);   /* the lemma says: not this literal */
          n++;
          break;
        }
    }
    Z3_ast_vector_dec_ref(z, core);
    if (lemma_add(k, n, forms, NULL, lits)) {
      write_lemma(mem, n, lits, NULL, forms);
      (*added)++;
      progress = true;
    } else snprintf(why, whylen, "a gap lemma (%u literals) does not check by Fourier-Motzkin", n);
    for (uint32_t i = 0; i < n; i++) lin_clear(&forms[i]);
    free(forms); free(lits);
  }
  for (uint32_t j = 0; j < na; j++) Z3_dec_ref(z, ind[j]);
  free(ind); free(vars);
  Z3_solver_dec_ref(z, s);
  return progress;
}

/* Closes the gaps Z3's lemmas leave (atoms it rewrote, equalities it
 * solved, theories the skeleton encodes itself): gap rounds while the
 * skeleton has a propositional model. 1: refuted, with CaDiCaL's proof of
 * the final skeleton in *proof (not checked yet); 0: not (why set). */
static bool past(void *deadline) { return *(double *)deadline > 0 && limits_now() > *(double *)deadline; }

static int fill_gaps(skel *k, Z3_context z, z3conv *cv, uint32_t max_rounds, double deadline, FILE *mem, uint32_t *added,
                     int_vec *proof, char *why, size_t whylen) {
  int res = 0;
  for (uint32_t round = 0; round < max_rounds; round++) {
    if (deadline > 0 && limits_now() > deadline) { snprintf(why, whylen, "time limit in the gap rounds (%u lemmas)", round); break; }
    uint32_t nv = skel_nvars(k);
    signed char *model = xcalloc(nv + 1, 1);
    int r = sat_refute(skel_cnf(k), proof, model, nv, past, &deadline);
    if (r != 1) {
      free(model);
      if (r == 0) res = 1; else snprintf(why, whylen, "CaDiCaL stopped (time limit)");
      break;
    }
    bool progress = gap_round(k, z, cv, model, false, mem, added, why, whylen) ||
                    gap_round(k, z, cv, model, true, mem, added, why, whylen);
    free(model);
    if (!progress) break;
    if (round + 1 == max_rounds) snprintf(why, whylen, "more than %u gap lemmas", max_rounds);
  }
  return res;
}

static bool certify(term_t q, lemma_list *L, Z3_context z, z3conv *cv, uint32_t max_gap, double deadline, FILE *out,
                    cert_stats *st, char *why, size_t whylen) {
  skel *k = skel_new();
  const char *qwhy = "?";
  bool ok = false;
  int_vec proof = {0};
  char *buf = NULL;
  size_t blen = 0;
  FILE *mem = open_memstream(&buf, &blen);
  if (!mem) FAIL("out of memory");
  if (!skel_assert(k, q, &qwhy)) FAIL("%s", qwhy);
  term_t *fv;
  uint32_t nfv = term_free_vars(q, &fv);
  /* Z3's instantiations, tried on every quantifier they fit (bindings in
   * Z3's order or reversed): each one that encodes is a valid clause */
  for (uint32_t i = 0; i < L->inst.size; i += 1 + (uint32_t)L->inst.data[i]) {
    uint32_t nb = (uint32_t)L->inst.data[i];
    const term_t *b = L->inst.data + i + 1;
    bool ok_terms = true;
    for (uint32_t j = 0; j < nb; j++) ok_terms = ok_terms && b[j] != NULL_TERM && binding_token(b[j], fv, nfv, NULL);
    if (!ok_terms) continue;
    term_t *rb = xcalloc(nb + 1, sizeof *rb);
    for (uint32_t j = 0; j < nb; j++) rb[j] = b[nb - 1 - j];
    for (uint32_t qi = 0; qi < skel_nquants(k); qi++) {
      if (term_nargs(skel_quant(k, qi)) != nb + 1) continue;
      for (int rev = 0; rev < 2 && (rev == 0 || nb > 1); rev++) {
        const term_t *bb = rev ? rb : b;
        /* a binding that does not fit leaves no trace (skel_instance_lit) */
        if (!inst_add(k, qi, bb)) continue;
        fprintf(mem, "inst %u %u", qi, nb);
        for (uint32_t j = 0; j < nb; j++) binding_token(bb[j], fv, nfv, mem);
        fputc('\n', mem);
      }
    }
    free(rb);
  }
  free(fv);
  uint32_t declared = skel_nlinvars(k);
  for (uint32_t i = 0; i < L->n; i++) {
    lemma *lm = &L->l[i];
    lin_cons *forms = xcalloc(lm->n + 1, sizeof *forms);
    int *lits = xcalloc(lm->n + 1, sizeof *lits);
    bool lin = true;
    for (uint32_t j = 0; j < lm->n; j++) { lin_init(&forms[j]); lin = lin && skel_linearize_atom(k, lm->lits[j], &forms[j]); }
    for (; declared < skel_nlinvars(k); declared++)
      fprintf(mem, "linvar %u %s\n", declared, skel_domain(k).is_int[declared] ? "int" : "real");
    bool good = lin && lemma_add(k, lm->n, forms, lm->mult, lits);
    if (good) write_lemma(mem, lm->n, lits, lm->mult, forms);
    for (uint32_t j = 0; j < lm->n; j++) lin_clear(&forms[j]);
    free(forms); free(lits);
    if (!good) { fclose(mem); mem = NULL; FAIL("a lemma did not re-check"); }
  }
  char gwhy[160] = "";
  /* the refutation that ends the gap rounds is the proof (checked below) */
  if (!fill_gaps(k, z, cv, max_gap, deadline, mem, &st->lemmas_gap, &proof, gwhy, sizeof gwhy)) {
    fclose(mem); mem = NULL;
    FAIL("the checked lemmas (%u) do not refute the propositional skeleton: %s", L->n, gwhy);
  }
  char pwhy[160];
  if (!sat_proof_check_until(skel_cnf(k), &proof, deadline, pwhy, sizeof pwhy)) {
    fclose(mem); mem = NULL;
    FAIL("CaDiCaL's proof: %s", pwhy);
  }
  fprintf(mem, "skeleton %u %u\nproof\n", skel_nvars(k), skel_nclauses(k));
  for (size_t i = 0; i < proof.size; i++) fprintf(mem, proof.data[i] ? "%d " : "0\n", proof.data[i]);
  fprintf(mem, "end\n");
  fclose(mem);
  mem = NULL;
  if (out) fwrite(buf, 1, blen, out);
  ok = true;
done:
  if (mem) fclose(mem);
  free(buf);
  int_vec_free(&proof);
  skel_free(k);
  return ok;
}

cert_status cert_unsat(term_t q, uint32_t timeout_ms, FILE *out, cert_stats *st, char *why, size_t whylen) {
  cert_stats dummy;
  if (!st) { memset(&dummy, 0, sizeof dummy); st = &dummy; }
  why[0] = 0;
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "proof", "true");
  Z3_set_param_value(cfg, "model", "false");
  Z3_context z = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!z) { snprintf(why, whylen, "cannot create a Z3 context"); return CERT_UNKNOWN; }
  Z3_set_error_handler(z, on_error);
  z3conv *cv = z3conv_new(z);
  cert_status res = CERT_UNKNOWN;
  double t0 = limits_now(), deadline = timeout_ms ? t0 + timeout_ms / 1000.0 : 0;
  Z3_ast a = cv ? z3conv_to_z3(cv, q) : NULL;
  if (!a) { snprintf(why, whylen, "cannot translate the query: %s", cv ? z3conv_error(cv) : "no memory"); goto out; }
  /* the skeleton alone (and gap lemmas) may refute q: no proof needed */
  {
    lemma_list none = {0};
    char w[200];
    double t1 = limits_now();
    bool done = certify(q, &none, z, cv, QUICK_GAP_ROUNDS, deadline, out, st, w, sizeof w);
    lemmas_free(&none);
    st->check_s += limits_now() - t1;
    if (done) { res = CERT_CERTIFIED; goto out; }
    if (deadline > 0 && limits_now() >= deadline) { snprintf(why, whylen, "time limit: %.150s", w); goto out; }
  }
  Z3_solver s = Z3_mk_simple_solver(z);
  Z3_solver_inc_ref(z, s);
  Z3_params p = z3conv_mk_params(z);
  uint32_t left_ms = 0;
  if (timeout_ms) {   /* what is left of it after the first attempt */
    double left = (deadline - limits_now()) * 1000.0;
    left_ms = left < 1 ? 1u : (uint32_t)left;
  }
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "arith.solver"), 2);
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
  Z3_solver_assert(z, s, a);
  bool fired;
  Z3_lbool r = z3_watchdog_check(z, s, left_ms, 0, NULL, &fired);
  st->solve_s += limits_now() - t0;
  if (r == Z3_L_TRUE) res = CERT_VIOLATED;
  else if (r == Z3_L_UNDEF) snprintf(why, whylen, "Z3: %s", fired ? "timeout" : Z3_solver_get_reason_unknown(z, s));
  else {
    double t1 = limits_now();
    res = CERT_VALIDATED;
    Z3_ast proof = Z3_solver_get_proof(z, s);
    if (!proof || Z3_get_error_code(z) != Z3_OK) snprintf(why, whylen, "solver only: Z3 gave no proof");
    else {
      Z3_inc_ref(z, proof);
      skel *scratch = skel_new();
      const char *qwhy = "?";
      if (!skel_assert(scratch, q, &qwhy)) snprintf(why, whylen, "solver only: %s", qwhy);
      else {
        lemma_list L = {0};
        collect_lemmas(z, cv, proof, scratch, &L, st);
        char cwhy[200];
        if (certify(q, &L, z, cv, MAX_GAP_ROUNDS, deadline, out, st, cwhy, sizeof cwhy)) res = CERT_CERTIFIED;
        else if (skel_nquants(scratch) && candidate_instances(scratch, q, &L) &&
                 certify(q, &L, z, cv, MAX_GAP_ROUNDS, deadline, out, st, cwhy, sizeof cwhy)) res = CERT_CERTIFIED;
        else snprintf(why, whylen, "solver only: %s", cwhy);
        lemmas_free(&L);
      }
      skel_free(scratch);
      Z3_dec_ref(z, proof);
    }
    st->check_s += limits_now() - t1;
  }
  Z3_solver_dec_ref(z, s);
out:
  z3conv_free(cv);
  Z3_del_context(z);
  return res;
}
