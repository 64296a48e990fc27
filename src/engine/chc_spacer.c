/* Z3's Spacer on a chc_system, in-process through Z3_fixedpoint.
 *
 * Every predicate becomes a registered relation, queries derive a nullary
 * relation Err that is then queried. Z3's own slicing and inlining are off
 * so that every relation keeps an interpretation (our normalization already
 * did that work). sat: the cover of each relation at level -1 is its
 * inductive interpretation. unsat: the hyper-resolution proof gives ground
 * atoms; each is matched to a clause of ours, and the derivation is checked
 * later by replay. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "core/isolate.h"
#include "core/smtlib.h"
#include "engine/chc_engine.h"
#include "engine/chc_tree.h"
#include "engine/chc_zproof.h"
#include "solver/solver.h"
#include "solver/z3_conv.h"

void chc_result_free(chc_result *r) {
  free(r->interp);
  chc_derivation_free(&r->deriv);
  r->interp = NULL;
  r->replayed = false;
}

void chc_result_start(chc_result *r, const char *engine) {
  memset(r, 0, sizeof *r);
  r->answer = CHC_UNKNOWN;
  r->engine = engine;
}

/* ---- watchdog: interrupts Z3 at the deadline or on a stop request ---- */
typedef struct {
  pthread_t th;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool done, fired;
  Z3_context ctx;
  const zeta_limits *lim;
} watchdog;

static void *watchdog_run(void *arg) {
  watchdog *w = arg;
  pthread_mutex_lock(&w->mu);
  while (!w->done) {
    if (limits_expired(w->lim)) { w->fired = true; Z3_interrupt(w->ctx); break; }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 50 * 1000000L;
    if (ts.tv_nsec >= 1000000000L) { ts.tv_sec++; ts.tv_nsec -= 1000000000L; }
    pthread_cond_timedwait(&w->cv, &w->mu, &ts);
  }
  pthread_mutex_unlock(&w->mu);
  return NULL;
}

static void watchdog_start(watchdog *w, Z3_context z, const zeta_limits *lim) {
  memset(w, 0, sizeof *w);
  pthread_mutex_init(&w->mu, NULL);
  pthread_cond_init(&w->cv, NULL);
  w->ctx = z;
  w->lim = lim;
  pthread_create(&w->th, NULL, watchdog_run, w);
}

static bool watchdog_stop(watchdog *w) {
  pthread_mutex_lock(&w->mu);
  w->done = true;
  pthread_cond_signal(&w->cv);
  pthread_mutex_unlock(&w->mu);
  pthread_join(w->th, NULL);
  pthread_mutex_destroy(&w->mu);
  pthread_cond_destroy(&w->cv);
  return w->fired;
}

typedef struct {
  Z3_context z;
  z3conv *conv;
  Z3_fixedpoint fp;
  Z3_func_decl *rel;      /* per predicate; then Err at index npreds */
  const chc_system *s;
} sp_ctx;

static Z3_ast sp_app(sp_ctx *c, uint32_t p, const term_t *args) {
  uint32_t n = p == c->s->npreds ? 0 : c->s->preds[p].arity;
  Z3_ast *za = xmalloc((n ? n : 1) * sizeof *za);
  for (uint32_t i = 0; i < n; i++) {
    za[i] = z3conv_to_z3(c->conv, args[i]);
    if (!za[i]) { free(za); return NULL; }
  }
  Z3_ast a = Z3_mk_app(c->z, c->rel[p], n, za);
  free(za);
  if (a) Z3_inc_ref(c->z, a);   /* the caller dec_refs */
  return a;
}

static bool sp_rule(sp_ctx *c, uint32_t idx) {
  const chc_clause *cl = &c->s->clauses[idx];
  Z3_context z = c->z;
  Z3_ast *parts = xcalloc(cl->nbody + 1, sizeof *parts);
  bool ok = true;
  parts[0] = z3conv_to_z3(c->conv, cl->constraint);
  ok = parts[0] != NULL;
  for (uint32_t j = 0; j < cl->nbody && ok; j++) ok = (parts[j + 1] = sp_app(c, cl->body[j].pred, cl->body[j].args)) != NULL;
  Z3_ast head = ok ? (cl->head.pred == CHC_FALSE ? sp_app(c, c->s->npreds, NULL) : sp_app(c, cl->head.pred, cl->head.args)) : NULL;
  if (ok && head) {
    Z3_ast body = Z3_mk_and(z, cl->nbody + 1, parts);
    Z3_inc_ref(z, body);
    Z3_ast imp = Z3_mk_implies(z, body, head);
    Z3_inc_ref(z, imp);
    /* universally close over the clause's variables */
    term_vec all = {0};
    term_vec_push(&all, cl->constraint);
    for (uint32_t j = 0; j < cl->nbody; j++)
      for (uint32_t k = 0; k < c->s->preds[cl->body[j].pred].arity; k++) term_vec_push(&all, cl->body[j].args[k]);
    if (cl->head.pred != CHC_FALSE)
      for (uint32_t k = 0; k < c->s->preds[cl->head.pred].arity; k++) term_vec_push(&all, cl->head.args[k]);
    term_t *vs;
    uint32_t nv = term_free_vars_n(all.size, all.data, false, &vs);
    Z3_app *apps = xmalloc((nv ? nv : 1) * sizeof *apps);
    for (uint32_t i = 0; i < nv && ok; i++) {
      Z3_ast a = z3conv_to_z3(c->conv, vs[i]);
      ok = a != NULL;
      if (ok) apps[i] = Z3_to_app(z, a);
    }
    if (ok) {
      char name[32];
      snprintf(name, sizeof name, "r%u", idx);
      ok = z3conv_add_rule(z, c->fp, nv, apps, imp, name);
    }
    free(apps); free(vs);
    term_vec_free(&all);
    Z3_dec_ref(z, imp);
    Z3_dec_ref(z, body);
  } else {
    ok = false;
  }
  for (uint32_t j = 1; j <= cl->nbody; j++) if (parts[j]) Z3_dec_ref(z, parts[j]);
  if (head) Z3_dec_ref(z, head);
  free(parts);
  return ok;
}

void chc_spacer_solve(const chc_system *s, const zeta_limits *lim, bool want_derivation, chc_result *out) {
  chc_result_start(out, "spacer (Z3)");
  out->reason = "spacer: out of memory";
  sp_ctx c = {0};
  c.s = s;
  if (!(c.z = z3conv_mk_context())) return;
  Z3_context z = c.z;
  c.conv = z3conv_new(z);
  c.rel = xcalloc(s->npreds + 1, sizeof *c.rel);
  c.fp = Z3_mk_fixedpoint(z);
  Z3_fixedpoint_inc_ref(z, c.fp);
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_symbol(z, p, Z3_mk_string_symbol(z, "engine"), Z3_mk_string_symbol(z, "spacer"));
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.slice"), false);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.inline_linear"), false);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.inline_eager"), false);
  if (want_derivation) Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "generate_proof_trace"), true);
  Z3_fixedpoint_set_params(z, c.fp, p);
  Z3_params_dec_ref(z, p);
  out->reason = "spacer: translation failed";
  bool ok = !z3conv_failed(z, NULL);
  for (uint32_t i = 0; i <= s->npreds && ok; i++) {
    uint32_t n = i < s->npreds ? s->preds[i].arity : 0;
    Z3_sort *dom = xmalloc((n ? n : 1) * sizeof *dom);
    for (uint32_t k = 0; k < n && ok; k++) ok = (dom[k] = z3conv_sort(c.conv, term_type(s->preds[i].params[k]))) != NULL;
    if (ok) {
      char name[40];
      snprintf(name, sizeof name, i < s->npreds ? "P%u" : "Err", i);
      c.rel[i] = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, name), n, dom, Z3_mk_bool_sort(z));
      Z3_inc_ref(z, Z3_func_decl_to_ast(z, c.rel[i]));
      Z3_fixedpoint_register_relation(z, c.fp, c.rel[i]);
    }
    free(dom);
  }
  for (uint32_t i = 0; i < s->nclauses && ok; i++) ok = sp_rule(&c, i);
  if (ok && !limits_expired(lim)) {
    watchdog w;
    watchdog_start(&w, z, lim);
    Z3_lbool r = Z3_fixedpoint_query_relations(z, c.fp, 1, &c.rel[s->npreds]);
    bool fired = watchdog_stop(&w);
    if (r == Z3_L_FALSE) {
      out->answer = CHC_SAT;
      out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
      for (uint32_t i = 0; i < s->npreds; i++) out->interp[i] = NULL_TERM;
      for (uint32_t i = 0; i < s->npreds && out->answer == CHC_SAT; i++) {
        Z3_ast cover = Z3_fixedpoint_get_cover_delta(z, c.fp, -1, c.rel[i]);
        if (!cover || z3conv_failed(z, NULL)) { out->interp[i] = term_true(); continue; }
        Z3_inc_ref(z, cover);
        out->interp[i] = z3conv_from_z3_over(c.conv, cover, s->preds[i].arity, s->preds[i].params);
        Z3_dec_ref(z, cover);
        if (out->interp[i] == NULL_TERM) {
          out->answer = CHC_UNKNOWN;
          out->reason = "spacer: model not translated";
          free(out->interp);
          out->interp = NULL;
        }
      }
    } else if (r == Z3_L_TRUE) {
      out->answer = CHC_UNSAT;
      if (want_derivation) {
        Z3_ast pr = Z3_fixedpoint_get_answer(z, c.fp);
        if (pr) { Z3_inc_ref(z, pr); chc_zproof_derivation(c.conv, c.rel, s, pr, lim, &out->deriv); Z3_dec_ref(z, pr); }
      }
    } else {
      out->reason = fired ? "timeout" : "spacer: unknown";
    }
  } else if (ok) {
    out->reason = "timeout";
  }
  for (uint32_t i = 0; i <= s->npreds; i++)
    if (c.rel[i]) Z3_dec_ref(z, Z3_func_decl_to_ast(z, c.rel[i]));
  free(c.rel);
  Z3_fixedpoint_dec_ref(z, c.fp);
  z3conv_free(c.conv);
  Z3_del_context(z);
}

/* ---- Spacer in a child process ---- */

typedef struct {
  const chc_system *s;
  const zeta_limits *lim;
  bool want_derivation;
  const char *path;   /* Z3 on this file (file_run's mode and map_lim), else on s */
  const zeta_limits *map_lim;
  int mode;
  volatile sig_atomic_t *unsat_news;   /* file_run's */
} iso_job;

enum { FILE_PLAIN, FILE_PROOF, FILE_PROOF_LONG, FILE_UNSLICED, FILE_DERIVE, FILE_TRACE };   /* file_run's modes (below) */
static void file_run(const char *path, const chc_system *s, const zeta_limits *lim, const zeta_limits *map_lim, int mode,
                     FILE *answered, volatile sig_atomic_t *unsat_news, chc_result *out);
static void trace_run(const char *path, const chc_system *s, const zeta_limits *lim, FILE *answered,
                      volatile sig_atomic_t *unsat_news, chc_result *out);

/* A child's first line once Z3 has answered, before the proof's mapping
 * (the first slice waits longer for a mapping than for Z3). */
static const char ANSWERED[] = "answered\n";

/* A derivation as text: per node a line "CLAUSE CHILD... ;" then one line
 * per head value (the head predicate's arity; none for a query). */
static void iso_write_derivation(FILE *w, const chc_system *s, const chc_derivation *d) {
  for (uint32_t i = 0; i < d->n; i++) {
    const chc_dnode *nd = &d->nodes[i];
    const chc_clause *c = &s->clauses[nd->clause];
    fprintf(w, "%u", nd->clause);
    for (uint32_t j = 0; j < c->nbody; j++) fprintf(w, " %u", nd->children[j]);
    fputs(" ;\n", w);
    uint32_t nv = nd->head_vals ? s->preds[c->head.pred].arity : 0;
    for (uint32_t k = 0; k < nv; k++) {
      if (nd->head_vals[k] == NULL_TERM) fputs("?", w);   /* missing: the reader drops the derivation */
      else term_print_let(w, nd->head_vals[k]);
      fputc('\n', w);
    }
  }
}

/* One term from the text's first len characters (a line of the child's answer). */
static term_t iso_parse_span(smtlib_parser *sp, const char *text, size_t len) {
  char *line = xmalloc(len + 1);
  memcpy(line, text, len);
  line[len] = 0;
  term_t t = smtlib_parse_term(sp, line);
  free(line);
  return t;
}

/* Reads iso_write_derivation's text back (head values are literals);
 * false on anything malformed (the derivation is then dropped). */
static bool iso_read_derivation(const chc_system *s, const char *at, chc_derivation *d) {
  smtlib_parser *sp = smtlib_new_string("spacer", "", 0);
  bool ok = true;
  while (ok && *at) {
    char *end;
    unsigned long cl = strtoul(at, &end, 10);
    ok = end != at && cl < s->nclauses;
    if (!ok) break;
    at = end;
    uint32_t i = chc_derivation_add(d, s, (uint32_t)cl);
    const chc_clause *c = &s->clauses[cl];
    for (uint32_t j = 0; j < c->nbody && ok; j++) {
      unsigned long k = strtoul(at, &end, 10);
      ok = end != at && k > i && k < UINT32_MAX;
      d->nodes[i].children[j] = (uint32_t)k;
      at = end;
    }
    ok = ok && !strncmp(at, " ;\n", 3);
    if (!ok) break;
    at += 3;
    uint32_t nv = d->nodes[i].head_vals ? s->preds[c->head.pred].arity : 0;
    for (uint32_t k = 0; k < nv && ok; k++) {
      const char *nl = strchr(at, '\n');
      ok = nl != NULL;
      if (!ok) break;
      ok = (d->nodes[i].head_vals[k] = iso_parse_span(sp, at, (size_t)(nl - at))) != NULL_TERM;
      at = nl + 1;
    }
  }
  smtlib_free(sp);
  return ok;
}

/* A first line "<engine pointer> <complete>" (static text: the same
 * address in the parent), then "sat\n" and one line per predicate's
 * interpretation, or "unsat\n" and the derivation when asked, or
 * "unknown <reason pointer>\n" */
static void iso_child(FILE *w, void *ctx) {
  const iso_job *j = ctx;
  chc_result r;
  if (j->path) file_run(j->path, j->s, j->lim, j->map_lim, j->mode, w, j->unsat_news, &r);
  else chc_spacer_solve(j->s, j->lim, j->want_derivation, &r);
  fprintf(w, "%p %d\n", (const void *)r.engine, r.complete ? 1 : 0);
  if (r.answer == CHC_SAT) {
    fputs("sat\n", w);
    for (uint32_t i = 0; i < j->s->npreds; i++) {
      term_print_let(w, r.interp[i]);
      fputc('\n', w);
    }
  } else if (r.answer == CHC_UNSAT) {
    fputs("unsat\n", w);
    iso_write_derivation(w, j->s, &r.deriv);
  } else {
    fprintf(w, "unknown %p\n", (const void *)r.reason);
  }
  chc_result_free(&r);
}

/* Predicate i's interpretation, read back over its parameters. */
static term_t iso_interp(const chc_pred *p, const char *text, size_t len) {
  smtlib_parser *sp = smtlib_new_string("spacer", "", 0);
  bool ok = true;
  for (uint32_t k = 0; k < p->arity && ok; k++) ok = smtlib_bind(sp, term_var_name(p->params[k]), p->params[k]);
  term_t t = ok ? iso_parse_span(sp, text, len) : NULL_TERM;
  smtlib_free(sp);
  return t;
}

/* The text round trip has no datatype declarations to read testers and
 * constructors with. */
static bool has_datatype(type_t ty) {
  switch (type_kind_of(ty)) {
  case TYPE_DATATYPE: return true;
  case TYPE_ARRAY: return has_datatype(type_array_index(ty)) || has_datatype(type_array_elem(ty));
  default: return false;
  }
}

static bool has_datatypes(const chc_system *s) {
  for (uint32_t i = 0; i < s->npreds; i++)
    for (uint32_t k = 0; k < s->preds[i].arity; k++)
      if (has_datatype(term_type(s->preds[i].params[k]))) return true;
  return false;
}

/* The child's answer text (freed here), its model or derivation read
 * back into out (started). */
static void iso_read_answer(const chc_system *s, char *text, chc_result *out) {
  void *engine = NULL;
  int complete = 0;
  const char *at = strncmp(text, ANSWERED, sizeof ANSWERED - 1) == 0 ? text + sizeof ANSWERED - 1 : text;
  const char *nl0 = strchr(at, '\n');
  if (!nl0 || sscanf(at, "%p %d", &engine, &complete) != 2) {
    out->reason = "spacer: bad answer from the child";
    free(text);
    return;
  }
  if (engine) out->engine = engine;
  const char *body = nl0 + 1;
  if (!strncmp(body, "unsat\n", 6)) {
    out->answer = CHC_UNSAT;
    if (iso_read_derivation(s, body + 6, &out->deriv)) out->complete = complete && out->deriv.n > 0;
    else chc_derivation_free(&out->deriv);
  } else if (!strncmp(body, "unknown ", 8)) {
    void *ptr = NULL;
    out->reason = sscanf(body + 8, "%p", &ptr) == 1 && ptr ? (const char *)ptr : "spacer: unknown";
  } else if (!strncmp(body, "sat\n", 4)) {
    out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
    const char *at = body + 4;
    bool ok = true;
    for (uint32_t i = 0; i < s->npreds && ok; i++) {
      const char *nl = strchr(at, '\n');
      ok = nl && (out->interp[i] = iso_interp(&s->preds[i], at, (size_t)(nl - at))) != NULL_TERM;
      at = nl ? nl + 1 : at;
    }
    if (ok) out->answer = CHC_SAT, out->complete = complete;
    else {
      free(out->interp);
      out->interp = NULL;
      out->reason = "spacer: model not read back from the child";
    }
  } else {
    out->reason = "spacer: bad answer from the child";
  }
  free(text);
}

static const char *iso_engine(const iso_job *job) {
  return job->path ? "spacer (Z3 on the input file)" : "spacer (Z3)";
}

/* The job in a child: its answer, model or derivation read back into out. */
static void run_isolated(const iso_job *job, chc_result *out) {
  chc_result_start(out, iso_engine(job));
  uint32_t ms = limits_remaining_ms(job->lim), mms = job->map_lim ? limits_remaining_ms(job->map_lim) : 0;
  /* the proof's mapping may have longer; 0 is no limit */
  uint32_t limit = ms == 0 || (job->map_lim && mms == 0) ? 0 : mms > ms ? mms : ms;
  char *text = isolate_run(iso_child, (void *)job, limit, &out->reason);
  if (text) iso_read_answer(job->s, text, out);
}

void chc_spacer_solve_isolated(const chc_system *s, const zeta_limits *lim, bool want_derivation, chc_result *out) {
  if (has_datatypes(s)) {
    chc_spacer_solve(s, lim, want_derivation, out);
    return;
  }
  iso_job job = {s, lim, want_derivation, NULL, NULL, 0, NULL};
  run_isolated(&job, out);
}

/* ---- Z3 on the input file itself ---- */

typedef struct { const char *name; uint32_t pred; } pred_name;
static int pred_name_cmp(const void *a, const void *b) {
  return strcmp(((const pred_name *)a)->name, ((const pred_name *)b)->name);
}

/* One definition of a HORN-solver model: the value of a nullary predicate,
 * or the else value of a function interpretation without entries. */
static term_t file_definition(z3conv *conv, Z3_model m, Z3_func_decl d, const chc_pred *pr) {
  Z3_context z = z3conv_context(conv);
  if (pr->arity == 0) {
    Z3_ast v = Z3_model_get_const_interp(z, m, d);
    return v ? z3conv_from_z3(conv, v) : NULL_TERM;
  }
  Z3_func_interp fi = Z3_model_get_func_interp(z, m, d);
  if (!fi) return NULL_TERM;
  Z3_func_interp_inc_ref(z, fi);
  Z3_ast els = Z3_func_interp_get_num_entries(z, fi) == 0 ? Z3_func_interp_get_else(z, fi) : NULL;
  term_t r = els ? z3conv_from_z3_over(conv, els, pr->arity, pr->params) : NULL_TERM;
  Z3_func_interp_dec_ref(z, fi);
  return r;
}

/* interp[p] for every predicate of s from the model, matched by name in one
 * pass over the model (predicates it does not mention are false); false
 * when a definition cannot be translated. */
static bool file_model(z3conv *conv, Z3_model m, const chc_system *s, term_t *interp) {
  Z3_context z = z3conv_context(conv);
  pred_name *names = xmalloc((s->npreds + 1) * sizeof *names);
  for (uint32_t p = 0; p < s->npreds; p++) {
    names[p] = (pred_name){s->preds[p].name, p};
    interp[p] = term_false();
  }
  qsort(names, s->npreds, sizeof *names, pred_name_cmp);
  unsigned nc = Z3_model_get_num_consts(z, m), nf = Z3_model_get_num_funcs(z, m);
  bool ok = true;
  for (unsigned i = 0; i < nc + nf && ok; i++) {
    Z3_func_decl d = i < nc ? Z3_model_get_const_decl(z, m, i) : Z3_model_get_func_decl(z, m, i - nc);
    pred_name key = {Z3_get_symbol_string(z, Z3_get_decl_name(z, d)), 0};
    const pred_name *hit = bsearch(&key, names, s->npreds, sizeof *names, pred_name_cmp);
    if (!hit || Z3_get_domain_size(z, d) != s->preds[hit->pred].arity) continue;
    ok = (interp[hit->pred] = file_definition(conv, m, d, &s->preds[hit->pred])) != NULL_TERM;
  }
  free(names);
  return ok;
}

/* Z3 on the file. FILE_PROOF: the context makes proofs (as fast as without
 * them on the unsat tasks of the three CHC-COMP'24 tracks: 23.3 s against
 * 22.7 s in all) and an unsat answer comes with a derivation over s when the
 * proof maps onto the input's clauses (chc_zproof unfolds what Z3 inlined,
 * within about the time Z3 took: a system inlined whole costs more; not
 * what it sliced: predicates with fewer arguments); FILE_DERIVE: Z3's
 * inlining and slicing off as well, so that it does (2.3x slower on the
 * same tasks). unsat_news (may be NULL, shared memory): set as soon as
 * Z3 says unsat, before its proof is mapped. */

/* file_run's Z3 objects, each gone once (NULL after). */
static void file_release(Z3_context *z, Z3_solver *slv, z3conv **conv) {
  if (!*z) return;
  if (*slv) Z3_solver_dec_ref(*z, *slv);
  if (*conv) z3conv_free(*conv);
  Z3_del_context(*z);
  *z = NULL, *slv = NULL, *conv = NULL;
}
#define MAP_SHARE 1.0
#define MAP_SECONDS 0.2
static void file_run(const char *path, const chc_system *s, const zeta_limits *lim, const zeta_limits *map_lim, int mode,
                     FILE *answered, volatile sig_atomic_t *unsat_news, chc_result *out) {
  if (mode == FILE_TRACE) {   /* the fixedpoint API, not a solver: below */
    trace_run(path, s, lim, answered, unsat_news, out);
    return;
  }
  bool want_derivation = mode != FILE_PLAIN;
  chc_result_start(out, "spacer (Z3 on the input file)");
  out->reason = "timeout";
  if (limits_expired(lim)) return;   /* Z3 reads the file without looking at the clock */
  out->reason = "spacer: out of memory";
  Z3_context z = z3conv_mk_context_proofs(want_derivation);
  if (!z) return;
  z3conv *conv = z3conv_new(z);
  Z3_solver slv = Z3_mk_solver_for_logic(z, Z3_mk_string_symbol(z, "HORN"));
  Z3_solver_inc_ref(z, slv);
  if (mode == FILE_DERIVE || mode == FILE_UNSLICED) {   /* keep the file's rules (or their arguments) as they are: the proof must map onto them */
    Z3_params p = Z3_mk_params(z);
    Z3_params_inc_ref(z, p);
    const char *off[] = {"fp.xform.slice", "fp.xform.inline_eager", "fp.xform.inline_linear"};
    size_t noff = mode == FILE_UNSLICED ? 1 : sizeof off / sizeof off[0];
    for (size_t i = 0; i < noff; i++) Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, off[i]), false);
    Z3_solver_set_params(z, slv, p);
    Z3_params_dec_ref(z, p);
  }
  Z3_solver_from_file(z, slv, path);
  out->reason = "spacer: Z3 did not read the file";
  if (conv && !z3conv_failed(z, NULL) && !limits_expired(lim)) {
    watchdog w;
    double c0 = limits_cpu_now();
    watchdog_start(&w, z, lim);
    Z3_lbool r = Z3_solver_check(z, slv);
    bool fired = watchdog_stop(&w);
    out->reason = fired ? "timeout" : "spacer: unknown";
    if (answered && r != Z3_L_UNDEF) {
      fputs(ANSWERED, answered);
      fflush(answered);
    }
    if (unsat_news && r == Z3_L_FALSE) *unsat_news = 1;
    /* mapping the proof may take about as long as Z3 took (then Z3 again
     * without inlining is the cheaper way); in CPU seconds, so that load
     * does not cut it short (a wall window made test_spacer_inlined_proof
     * fail at load 7-11: session 24) */
    zeta_limits mlim = map_lim ? *map_lim : *lim;
    if (mode == FILE_PROOF) {   /* with map_lim: at least until its CPU deadline (chc_spacer_file_start) */
      mlim = limits_cpu_slice(lim, MAP_SHARE * (limits_cpu_now() - c0) + MAP_SECONDS);
      if (map_lim && map_lim->cpu_deadline > mlim.cpu_deadline) mlim.cpu_deadline = map_lim->cpu_deadline;
    }
    if (r == Z3_L_FALSE) {
      out->answer = CHC_UNSAT;   /* without proofs no derivation: the caller finds one */
      Z3_ast pr = want_derivation ? Z3_solver_get_proof(z, slv) : NULL;
      chc_zproof *zp = NULL;
      if (pr && !z3conv_failed(z, NULL)) {
        Z3_inc_ref(z, pr);
        zp = chc_zproof_read(conv, NULL, s, pr, &mlim);
        Z3_dec_ref(z, pr);
      }
      /* Z3 goes before the mapping, whose solver makes its context in the
       * memory this one frees (in a forked child fresh pages cost: 8-60
       * ms CPU of page faults for a context, session 34) */
      file_release(&z, &slv, &conv);
      if (zp) {
        chc_zproof_map(zp, s, &mlim, &out->deriv);
        chc_zproof_free(zp);
        out->complete = out->deriv.n > 0;
        if (out->complete && mode == FILE_UNSLICED) out->engine = "spacer (Z3 on the input file unsliced, its own proof)";
        else if (out->complete && mode != FILE_DERIVE) out->engine = "spacer (Z3 on the input file, its own proof)";
      }
    } else if (r == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(z, slv);
      if (m) {
        Z3_model_inc_ref(z, m);
        out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
        if (file_model(conv, m, s, out->interp)) {
          out->answer = CHC_SAT;
          out->complete = true;
        } else {
          out->reason = "spacer: model not translated";
          free(out->interp);
          out->interp = NULL;
        }
        Z3_model_dec_ref(z, m);
      }
    }
  }
  file_release(&z, &slv, &conv);
}

/* ---- Spacer's trace: a derivation without Z3's proofs ----
 *
 * Z3 with proofs may not answer where Z3 without them does in seconds
 * (LIA-Arrays-093: no answer in 60 s against 4 s), and Spacer's ground
 * answer without proofs (Z3_fixedpoint_get_answer, also get_ground_sat_answer)
 * costs 27-33 s there. The names of the rules along Spacer's
 * counterexample (Z3_fixedpoint_get_rules_along_trace's order: the query,
 * then breadth first, each rule's body predicates in order) cost nothing:
 * the file's assertions, each added as a rule named by its index (a query's
 * head false becomes a relation of its own), with Z3's slicing and inlining
 * off (the rules along the trace then are the file's), give the derivation's
 * shape over s's clauses; its values come from one solver check of the
 * tree's clause instances (chc_tree_formula), and the caller replays it. */
typedef struct {
  Z3_context z;
  Z3_fixedpoint fp;
  Z3_func_decl err;
  unsigned char *seen;
  unsigned nseen;
} tr_ctx;

/* d is a relation: uninterpreted, Boolean-valued */
static bool tr_relation(Z3_context z, Z3_func_decl d) {
  return Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED && Z3_get_sort_kind(z, Z3_get_range(z, d)) == Z3_BOOL_SORT;
}

static void tr_register(tr_ctx *t, Z3_ast a) {
  unsigned id = Z3_get_ast_id(t->z, a);
  if (id >= t->nseen) {
    unsigned n = (id + 1) * 2;
    t->seen = xrealloc(t->seen, n);
    memset(t->seen + t->nseen, 0, n - t->nseen);
    t->nseen = n;
  }
  if (t->seen[id]) return;
  t->seen[id] = 1;
  Z3_ast_kind k = Z3_get_ast_kind(t->z, a);
  if (k == Z3_QUANTIFIER_AST) tr_register(t, Z3_get_quantifier_body(t->z, a));
  if (k != Z3_APP_AST) return;
  Z3_app ap = Z3_to_app(t->z, a);
  Z3_func_decl d = Z3_get_app_decl(t->z, ap);
  if (tr_relation(t->z, d)) Z3_fixedpoint_register_relation(t->z, t->fp, d);
  for (unsigned i = 0; i < Z3_get_app_num_args(t->z, ap); i++) tr_register(t, Z3_get_app_arg(t->z, ap, i));
}

/* A clause's matrix with the head false (a query) made Err. */
static Z3_ast tr_matrix(tr_ctx *t, Z3_ast b) {
  Z3_ast err = Z3_mk_app(t->z, t->err, 0, NULL);
  if (Z3_get_bool_value(t->z, b) == Z3_L_FALSE) return err;
  if (Z3_get_ast_kind(t->z, b) != Z3_APP_AST) return b;
  Z3_app ap = Z3_to_app(t->z, b);
  Z3_decl_kind dk = Z3_get_decl_kind(t->z, Z3_get_app_decl(t->z, ap));
  if (dk == Z3_OP_IMPLIES && Z3_get_bool_value(t->z, Z3_get_app_arg(t->z, ap, 1)) == Z3_L_FALSE)
    return Z3_mk_implies(t->z, Z3_get_app_arg(t->z, ap, 0), err);
  if (dk == Z3_OP_NOT) return Z3_mk_implies(t->z, Z3_get_app_arg(t->z, ap, 0), err);
  return b;
}

static Z3_ast tr_rule(tr_ctx *t, Z3_ast a) {
  if (Z3_get_ast_kind(t->z, a) != Z3_QUANTIFIER_AST || !Z3_is_quantifier_forall(t->z, a)) return tr_matrix(t, a);
  unsigned n = Z3_get_quantifier_num_bound(t->z, a);
  Z3_sort *so = xmalloc((n ? n : 1) * sizeof *so);
  Z3_symbol *nm = xmalloc((n ? n : 1) * sizeof *nm);
  for (unsigned i = 0; i < n; i++) {
    so[i] = Z3_get_quantifier_bound_sort(t->z, a, i);
    nm[i] = Z3_get_quantifier_bound_name(t->z, a, i);
  }
  Z3_ast r = Z3_mk_forall(t->z, 0, 0, NULL, n, so, nm, tr_matrix(t, Z3_get_quantifier_body(t->z, a)));
  free(so);
  free(nm);
  return r;
}

/* The rule names along the trace ("<null>;c33;c32;..."): s's clause
 * indices after the first (the query relation's own rule), breadth first;
 * *n of them. NULL when a name is not one of ours. */
static uint32_t *tr_clauses(const char *names, const chc_system *s, uint32_t *n) {
  const char *at = strchr(names, ';');
  uint32_t *cl = NULL, cap = 0;
  *n = 0;
  while (at) {
    at++;
    char *end;
    if (*at != 'c') { free(cl); return NULL; }
    unsigned long i = strtoul(at + 1, &end, 10);
    if (end == at + 1 || (*end && *end != ';') || i >= s->nclauses) { free(cl); return NULL; }
    XGROW(cl, cap, *n + 1);
    cl[(*n)++] = (uint32_t)i;
    at = *end ? end : NULL;
  }
  return cl;
}

/* The number of body predicates of a rule along the trace as Z3 keeps it
 * (Z3 drops an application of a relation that holds everywhere:
 * LIA-Arrays-273). */
static uint32_t tr_tail(Z3_context z, Z3_ast r) {
  if (Z3_get_ast_kind(z, r) == Z3_QUANTIFIER_AST) r = Z3_get_quantifier_body(z, r);
  if (Z3_get_ast_kind(z, r) != Z3_APP_AST) return 0;
  Z3_app ap = Z3_to_app(z, r);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, ap)) != Z3_OP_IMPLIES) return 0;
  Z3_ast b = Z3_get_app_arg(z, ap, 0);
  Z3_app band = Z3_get_ast_kind(z, b) == Z3_APP_AST ? Z3_to_app(z, b) : NULL;
  bool conj = band && Z3_get_decl_kind(z, Z3_get_app_decl(z, band)) == Z3_OP_AND;
  unsigned nb = conj ? Z3_get_app_num_args(z, band) : 1;
  uint32_t n = 0;
  for (unsigned i = 0; i < nb; i++) {
    Z3_ast a = conj ? Z3_get_app_arg(z, band, i) : b;
    if (Z3_get_ast_kind(z, a) != Z3_APP_AST) continue;
    if (tr_relation(z, Z3_get_app_decl(z, Z3_to_app(z, a)))) n++;
  }
  return n;
}

/* The first clause of s that derives p from no predicate, or CHC_FALSE. */
static uint32_t tr_fact(const chc_system *s, uint32_t p) {
  for (uint32_t i = 0; i < s->nclauses; i++)
    if (s->clauses[i].head.pred == p && s->clauses[i].nbody == 0) return i;
  return CHC_FALSE;
}

/* The tree of the clauses in breadth-first order (node k the k-th): each
 * node's children the next tail[k] unclaimed nodes, matched to its body
 * applications by predicate (in order among the same predicate's); a body
 * application Z3 dropped gets a fact clause of its predicate (a node after
 * the trace's). false when they do not fit. */
static bool tr_tree(const chc_system *s, const uint32_t *cl, const uint32_t *tail, uint32_t n, chc_tree *t) {
  if (n == 0 || s->clauses[cl[0]].head.pred != CHC_FALSE) return false;
  for (uint32_t k = 0; k < n; k++) chc_tree_add(t, cl[k], s->clauses[cl[k]].nbody);
  uint32_t next = 1;
  for (uint32_t k = 0; k < n; k++) {
    const chc_clause *c = &s->clauses[cl[k]];
    if (k > 0 && c->head.pred == CHC_FALSE) return false;
    if (tail[k] > c->nbody || next + tail[k] > n) return false;
    bool *used = xcalloc(c->nbody + 1, sizeof *used);
    bool ok = true;
    for (uint32_t j = 0; j < tail[k] && ok; j++) {   /* the j-th child in Z3's order */
      uint32_t p = s->clauses[cl[next + j]].head.pred, b = 0;
      while (b < c->nbody && (used[b] || c->body[b].pred != p)) b++;
      ok = b < c->nbody;
      if (ok) used[b] = true, t->n[k].kids[b] = next + j;
    }
    for (uint32_t b = 0; b < c->nbody && ok; b++) {
      if (used[b]) continue;
      uint32_t f = tr_fact(s, c->body[b].pred);
      ok = f != CHC_FALSE;
      if (ok) t->n[k].kids[b] = chc_tree_add(t, f, 0);
    }
    free(used);
    if (!ok) return false;
    next += tail[k];
  }
  return next == n;
}

static void trace_run(const char *path, const chc_system *s, const zeta_limits *lim, FILE *answered,
                      volatile sig_atomic_t *unsat_news, chc_result *out) {
  chc_result_start(out, "spacer (Z3 on the input file, its trace)");
  out->reason = "timeout";
  if (limits_expired(lim)) return;
  out->reason = "spacer: out of memory";
  tr_ctx t = {0};
  if (!(t.z = z3conv_mk_context_proofs(false))) return;
  t.fp = Z3_mk_fixedpoint(t.z);
  Z3_fixedpoint_inc_ref(t.z, t.fp);
  Z3_params p = Z3_mk_params(t.z);
  Z3_params_inc_ref(t.z, p);
  Z3_params_set_symbol(t.z, p, Z3_mk_string_symbol(t.z, "engine"), Z3_mk_string_symbol(t.z, "spacer"));
  const char *off[] = {"xform.slice", "xform.inline_linear", "xform.inline_eager"};
  for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) Z3_params_set_bool(t.z, p, Z3_mk_string_symbol(t.z, off[i]), false);
  Z3_fixedpoint_set_params(t.z, t.fp, p);
  Z3_params_dec_ref(t.z, p);
  out->reason = "spacer: Z3 did not read the file";
  Z3_ast_vector v = Z3_parse_smtlib2_file(t.z, path, 0, NULL, NULL, 0, NULL, NULL);
  if (!z3conv_failed(t.z, NULL) && v) {
    Z3_ast_vector_inc_ref(t.z, v);
    unsigned na = Z3_ast_vector_size(t.z, v);
    t.err = Z3_mk_func_decl(t.z, Z3_mk_string_symbol(t.z, "Err"), 0, NULL, Z3_mk_bool_sort(t.z));
    Z3_fixedpoint_register_relation(t.z, t.fp, t.err);
    for (unsigned i = 0; i < na; i++) tr_register(&t, Z3_ast_vector_get(t.z, v, i));
    for (unsigned i = 0; i < na; i++) {
      char nm[24];
      snprintf(nm, sizeof nm, "c%u", i);
      Z3_ast a = Z3_ast_vector_get(t.z, v, i);
      if (Z3_get_bool_value(t.z, a) == Z3_L_TRUE) continue;   /* no rule (and no clause: na differs) */
      Z3_fixedpoint_add_rule(t.z, t.fp, tr_rule(&t, a), Z3_mk_string_symbol(t.z, nm));
    }
    Z3_ast_vector_dec_ref(t.z, v);
    out->reason = "spacer: Z3 did not take the file's rules";
    if (!z3conv_failed(t.z, NULL) && !limits_expired(lim)) {
      watchdog w;
      watchdog_start(&w, t.z, lim);
      Z3_lbool r = Z3_fixedpoint_query_relations(t.z, t.fp, 1, &t.err);
      bool fired = watchdog_stop(&w);
      out->reason = fired ? "timeout" : "spacer: unknown";
      if (answered && r != Z3_L_UNDEF) {
        fputs(ANSWERED, answered);
        fflush(answered);
      }
      if (r == Z3_L_FALSE) out->reason = "spacer: sat (the trace's run gives no model)";
      if (r == Z3_L_TRUE) {   /* Err is reachable: unsat */
        out->answer = CHC_UNSAT;
        if (unsat_news) *unsat_news = 1;
        uint32_t n = 0, *cl = NULL;
        /* the clauses are the file's assertions one to one (the parser drops trivial ones) */
        if (na == s->nclauses) {
          Z3_symbol names = Z3_fixedpoint_get_rule_names_along_trace(t.z, t.fp);
          if (!z3conv_failed(t.z, NULL)) cl = tr_clauses(Z3_get_symbol_string(t.z, names), s, &n);
        }
        uint32_t *tail = NULL;
        if (cl) {   /* the rules along the trace, Err's query rule first as in the names */
          Z3_ast_vector rv = Z3_fixedpoint_get_rules_along_trace(t.z, t.fp);
          if (!z3conv_failed(t.z, NULL) && rv) {
            Z3_ast_vector_inc_ref(t.z, rv);
            if (Z3_ast_vector_size(t.z, rv) == n + 1) {
              tail = xcalloc(n + 1, sizeof *tail);
              for (uint32_t k = 0; k < n; k++) tail[k] = tr_tail(t.z, Z3_ast_vector_get(t.z, rv, k + 1));
            }
            Z3_ast_vector_dec_ref(t.z, rv);
          }
        }
        chc_tree tree = {0};
        if (tail && tr_tree(s, cl, tail, n, &tree)) {
          solver *slv = solver_new_z3();
          uint32_t ms = limits_remaining_ms(lim);
          if (ms) solver_set_timeout(slv, ms);
          solver_assert(slv, chc_tree_formula(s, &tree));
          if (solver_check(slv) == SOLVER_SAT) {
            chc_tree_derivation(s, &tree, slv, &out->deriv);
            out->complete = true;
          }
          solver_free(slv);
        }
        chc_tree_free(&tree);
        free(tail);
        free(cl);
      }
    }
  }
  free(t.seen);
  Z3_fixedpoint_dec_ref(t.z, t.fp);
  Z3_del_context(t.z);
}

/* Z3 on the file in a child: cancelling Z3 4.8.12 at the deadline can end
 * the process ("terminate called after throwing an instance of
 * 'rewriter_exception'" inside Z3_solver_check, about once in 40 runs under
 * load: difftest seed 17100); datatypes stay in process (the text round
 * trip does not declare them). */
static void file_isolated(const char *path, const chc_system *s, const zeta_limits *lim, const zeta_limits *map_lim, int mode,
                          chc_result *out) {
  if (has_datatypes(s)) {
    file_run(path, s, lim, map_lim, mode, NULL, NULL, out);
    return;
  }
  iso_job job = {s, lim, false, path, map_lim, mode, NULL};   /* file_run asks for proofs by mode */
  run_isolated(&job, out);
}

void chc_spacer_solve_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_isolated(path, s, lim, NULL, FILE_PLAIN, out);
}

void chc_spacer_solve_file_proof(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_isolated(path, s, lim, NULL, FILE_PROOF, out);
}

void chc_spacer_map_file(const char *path, const chc_system *s, const zeta_limits *lim, const zeta_limits *map_lim,
                         chc_result *out) {
  file_isolated(path, s, lim, map_lim, FILE_PROOF_LONG, out);
}

void chc_spacer_map_file_unsliced(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_isolated(path, s, lim, lim, FILE_UNSLICED, out);
}

void chc_spacer_trace_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_isolated(path, s, lim, NULL, FILE_TRACE, out);
}

void chc_spacer_derive_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_isolated(path, s, lim, NULL, FILE_DERIVE, out);
}

/* ---- Z3 on the file in a child that outlives the wait for it ---- */

bool chc_spacer_file_start(chc_spacer_run *run, const char *path, const chc_system *s, const zeta_limits *lim,
                           const zeta_limits *map_lim, volatile sig_atomic_t *unsat_news) {
  memset(run, 0, sizeof *run);
  run->child.fd = -1;
  if (has_datatypes(s)) return false;
  /* on the child's copy of this frame: the child runs it at once */
  iso_job job = {s, lim, false, path, map_lim, FILE_PROOF, unsat_news};
  const char *why;
  return run->running = isolate_start(&run->child, iso_child, &job, &why);
}

bool chc_spacer_file_wait(chc_spacer_run *run, const chc_system *s, const zeta_limits *lim, double cpu_seconds,
                          double cpu_mapping, chc_result *out) {
  chc_result_start(out, "spacer (Z3 on the input file)");
  out->reason = "timeout";
  if (!run->running) return true;
  /* a wall deadline, or (a CPU slice) the wall time limits_remaining_ms allows it */
  uint32_t ms = limits_remaining_ms(lim);
  int64_t deadline = ms ? isolate_now_ms() + ms : 0;
  char *text;
  while (!isolate_wait(&run->child, deadline, cpu_seconds, lim->stop, &text, &out->reason)) {
    /* Z3 answered (the child said so) and maps its proof: longer */
    if (cpu_seconds <= 0 || cpu_mapping <= cpu_seconds || run->child.n == 0 || (lim->stop && *lim->stop)) return false;
    cpu_seconds = cpu_mapping;
  }
  run->running = false;
  if (text) iso_read_answer(s, text, out);
  return true;
}

void chc_spacer_file_stop(chc_spacer_run *run) {
  isolate_stop(&run->child);
  run->running = false;
}
