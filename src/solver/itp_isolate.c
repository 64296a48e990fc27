/* Runs an interpolation strategy in a forked child process.
 *
 * Z3 4.8.12's Spacer and MBP stop the whole process on some internal
 * assertion failures (e.g. bit-vector lemmas in spacer_context.cpp), which
 * a library must not do to its caller. The child computes the interpolants
 * and prints them as SMT-LIB assertions on a pipe; the parent parses them
 * back with Z3's parser over declarations for the shared symbols. A crashed
 * or overdue child is an UNKNOWN answer. */
#include <stdlib.h>
#include <string.h>
#include "core/isolate.h"
#include "solver/idmap.h"
#include "solver/itp_internal.h"
#include "solver/z3_conv.h"

typedef struct {
  itp_strategy_fn fn;
  uint32_t n;
  const term_t *f;
  const term_vec *shared;
  uint32_t timeout_ms;
} itp_iso_job;

/* Child side: "unsat\n(assert I1)\n..." (out[0..k-1]) or "sat\n" or
 * "unknown <ptr>\n". The reason is a static string, valid at the same
 * address in the parent. */
static void itp_iso_answer(FILE *w, solver_result r, const char *why, uint32_t k, const term_t *out) {
  if (r == SOLVER_SAT) fputs("sat\n", w);
  else if (r == SOLVER_UNKNOWN) fprintf(w, "unknown %p\n", (const void *)why);
  else {
    fputs("unsat\n", w);
    for (uint32_t c = 0; c < k; c++) {
      fputs("(assert ", w);
      term_print_let(w, out[c]);
      fputs(")\n", w);
    }
  }
}

static void itp_iso_child(FILE *w, void *ctx) {
  const itp_iso_job *j = ctx;
  term_t *out = malloc((j->n ? j->n : 1) * sizeof *out);
  if (!out) return;   /* no answer: "bad answer" */
  const char *why = "isolated strategy failed";
  solver_result r = j->fn(j->n, j->f, j->shared, out, j->timeout_ms, &why);
  itp_iso_answer(w, r, why, j->n - 1, out);
  free(out);
}

typedef struct {
  uint32_t m;
  const term_t *node;
  const uint32_t *parent;
  uint32_t timeout_ms;
} itp_tree_job;

/* Child side of itp_isolated_tree: every cut's MBP interpolant, children
 * before parents, within the job's time; itp[1..m-1] as one answer. */
static void itp_tree_child(FILE *w, void *ctx) {
  const itp_tree_job *j = ctx;
  term_t *itp = calloc(j->m, sizeof *itp);
  if (!itp) return;
  const char *why = "isolated strategy failed";
  int64_t end = isolate_now_ms() + j->timeout_ms;
  solver_result r = SOLVER_UNSAT;
  for (uint32_t k = j->m; k-- > 1 && r == SOLVER_UNSAT;) {
    term_t f[2];
    itp_tree_cut(j->m, j->node, j->parent, itp, k, f);
    term_vec *shared = itp_shared_symbols(2, f);
    int64_t left = end - isolate_now_ms();
    r = !shared ? SOLVER_UNKNOWN
                : itp_mbp(2, f, shared, &itp[k], j->timeout_ms == 0 ? 0 : left > 1 ? (uint32_t)left : 1, &why);
    itp_shared_free(2, shared);
  }
  itp_iso_answer(w, r, why, j->m - 1, itp + 1);
  free(itp);
}

static char *itp_iso_name(term_t v) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  term_print_var_name(f, v);
  if (fclose(f)) { free(buf); return NULL; }
  if (len >= 2 && buf[0] == '|' && buf[len - 1] == '|') { memmove(buf, buf + 1, len - 2); buf[len - 2] = 0; }
  return buf;
}

static void itp_iso_sorts(type_t ty, term_vec *sorts, idmap *seen) {
  switch (type_kind_of(ty)) {
  case TYPE_ARRAY: itp_iso_sorts(type_array_index(ty), sorts, seen); itp_iso_sorts(type_array_elem(ty), sorts, seen); break;
  case TYPE_FUN:
    for (uint32_t i = 0; i < type_fun_arity(ty); i++) itp_iso_sorts(type_fun_domain(ty, i), sorts, seen);
    itp_iso_sorts(type_fun_range(ty), sorts, seen);
    break;
  case TYPE_SORT:
    if (!idmap_get(seen, (uint32_t)ty, NULL) && idmap_put(seen, (uint32_t)ty, 1)) term_vec_push(sorts, (term_t)ty);
    break;
  case TYPE_DATATYPE:   /* Z3's parser takes its constructors, selectors and testers with the sort */
    if (idmap_get(seen, (uint32_t)ty, NULL) || !idmap_put(seen, (uint32_t)ty, 1)) break;
    term_vec_push(sorts, (term_t)ty);
    for (uint32_t c = 0; c < type_dt_nctors(ty); c++)
      for (uint32_t f = 0; f < type_dt_nfields(ty, c); f++) itp_iso_sorts(type_dt_field_type(ty, c, f), sorts, seen);
    break;
  default: break;
  }
}

/* Parses the child's assertions over the shared symbols into out[0..n-2]. */
static bool itp_iso_parse(z3conv *conv, const char *text, uint32_t n, const term_vec *shared, term_t *out) {
  Z3_context z = z3conv_context(conv);
  term_vec syms = {0}, sorts = {0};
  idmap seen, seensort;
  idmap_init(&seen); idmap_init(&seensort);
  for (uint32_t c = 0; c + 1 < n; c++)
    for (uint32_t i = 0; i < shared[c].size; i++) {
      term_t v = shared[c].data[i];
      if (idmap_get(&seen, (uint32_t)v, NULL) || !idmap_put(&seen, (uint32_t)v, 1)) continue;
      term_vec_push(&syms, v);
      itp_iso_sorts(term_type(v), &sorts, &seensort);
    }
  Z3_symbol *dn = malloc((syms.size + 1) * sizeof *dn), *sn = malloc((sorts.size + 1) * sizeof *sn);
  Z3_func_decl *dd = malloc((syms.size + 1) * sizeof *dd);
  Z3_sort *ss = malloc((sorts.size + 1) * sizeof *ss);
  bool ok = dn && sn && dd && ss;
  for (uint32_t i = 0; i < sorts.size && ok; i++) {
    sn[i] = Z3_mk_string_symbol(z, type_sort_name((type_t)sorts.data[i]));
    ok = (ss[i] = z3conv_sort(conv, (type_t)sorts.data[i])) != NULL;
  }
  for (uint32_t i = 0; i < syms.size && ok; i++) {
    char *name = itp_iso_name(syms.data[i]);
    ok = name && (dd[i] = z3conv_decl(conv, syms.data[i])) != NULL;
    if (ok) dn[i] = Z3_mk_string_symbol(z, name);
    free(name);
  }
  if (ok) {
    Z3_ast_vector v = Z3_parse_smtlib2_string(z, text, sorts.size, sn, ss, syms.size, dn, dd);
    ok = v && !z3conv_failed(z, NULL);
    if (ok) {
      Z3_ast_vector_inc_ref(z, v);
      ok = Z3_ast_vector_size(z, v) == n - 1;
      for (uint32_t c = 0; c + 1 < n && ok; c++)
        ok = (out[c] = z3conv_from_z3(conv, Z3_ast_vector_get(z, v, c))) != NULL_TERM;
      Z3_ast_vector_dec_ref(z, v);
    }
  }
  free(dn); free(sn); free(dd); free(ss);
  term_vec_free(&syms); term_vec_free(&sorts);
  idmap_free(&seen); idmap_free(&seensort);
  return ok;
}

/* The child's answer text (freed here): n-1 interpolants over the
 * symbols of shared[0..n-2] into out. */
static solver_result itp_iso_decode(z3conv *conv, char *text, uint32_t n, const term_vec *shared, term_t *out,
                                    const char **why) {
  if (!text) return SOLVER_UNKNOWN;   /* *why says why */
  solver_result r = SOLVER_UNKNOWN;
  if (!strncmp(text, "sat\n", 4)) r = SOLVER_SAT;
  else if (!strncmp(text, "unknown ", 8)) {
    void *ptr = NULL;
    *why = sscanf(text + 8, "%p", &ptr) == 1 && ptr ? (const char *)ptr : "isolation: unknown";
  } else if (!strncmp(text, "unsat\n", 6)) {
    if (itp_iso_parse(conv, text + 6, n, shared, out)) r = SOLVER_UNSAT;
    else *why = "isolation: interpolants not parsed back";
  } else {
    *why = "isolation: bad answer";
  }
  free(text);
  return r;
}

solver_result itp_isolated(z3conv *conv, itp_strategy_fn fn, uint32_t n, const term_t *f, const term_vec *shared,
                           term_t *out, uint32_t timeout_ms, const char **why) {
  itp_iso_job job = {fn, n, f, shared, timeout_ms};
  return itp_iso_decode(conv, isolate_run(itp_iso_child, &job, timeout_ms, why), n, shared, out, why);
}

solver_result itp_isolated_tree(z3conv *conv, uint32_t m, const term_t *node, const uint32_t *parent,
                                const term_vec *syms, term_t *out, uint32_t timeout_ms, const char **why) {
  itp_tree_job job = {m, node, parent, timeout_ms};
  /* the parser declares the symbols of every cut: all of them in the first */
  term_vec *shared = calloc(m - 1, sizeof *shared);
  if (!shared) { *why = "out of memory"; return SOLVER_UNKNOWN; }
  shared[0] = *syms;
  solver_result r = itp_iso_decode(conv, isolate_run(itp_tree_child, &job, timeout_ms, why), m, shared, out + 1, why);
  free(shared);
  return r;
}
