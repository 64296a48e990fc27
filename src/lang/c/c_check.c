/* C programs (SV-COMP reachability tasks): lowered to a CFA (c_lower.h),
 * checked by the shared CFA engines (cfa_run.h), and every answer turned
 * back into C terms before it is printed: a counterexample is replayed on
 * the lowered program, told apart from undefined behaviour, executed as a
 * compiled program with its nondet values, and written as a witness 2.0;
 * a SAFE that depends on undefined functions with possible side effects
 * becomes UNKNOWN. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/portfolio.h"
#include "lang/c/c_exec.h"
#include "lang/c/c_lower.h"
#include "lang/c/c_proc.h"
#include "lang/c/c_replay.h"
#include "lang/c/c_witness.h"
#include "lang/cfa_run.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "lang/proc_run.h"

static void *c_load(const char *path, const zeta_options *o, diag *d) {
  c_program *p = xmalloc(sizeof *p);
  if (!c_lower(path, o, p, d)) {
    c_program_free(p);
    free(p);
    return NULL;
  }
  return p;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* The replayed path in C terms: nondet values and branch decisions. */
static void print_path(report *r, const c_program *p, const c_replay_result *rr) {
  FILE *out = report_out(r);
  report_set_evidence(r, "trace", NULL);
  fprintf(out, "counterexample (%s):\n", base_name(p->path));
  uint32_t nv = 0;
  for (uint32_t i = 0; i < rr->nedges; i++) {
    const c_edge_info *info = &p->einfo[rr->edges[i]];
    if (info->kind == C_EDGE_NONDET) {
      const c_site *s = &p->sites[info->site];
      term_t v = nv < rr->nvals ? rr->vals[nv++].value : NULL_TERM;
      const char *fn = p->undefined[s->func].name;
      report_step(r, "line %u: %s()", s->line, fn);
      if (s->is_void) {
        fprintf(out, "  line %u: %s()\n", s->line, fn);
        continue;
      }
      mpz_t z;
      mpz_init(z);
      c_sem_value(v, s->type, z);
      char *txt = mpz_get_str(NULL, 10, z);
      fprintf(out, "  line %u: %s() = %s\n", s->line, fn, txt);
      report_value(r, "value", txt);
      free(txt);
      mpz_clear(z);
    } else if ((info->kind == C_EDGE_TRUE || info->kind == C_EDGE_FALSE) && info->line) {
      const char *b = info->kind == C_EDGE_TRUE ? "true" : "false";
      fprintf(out, "  line %u: condition %s\n", info->line, b);
      report_step(r, "line %u: condition %s", info->line, b);
    } else if (info->kind == C_EDGE_REACH) {
      fprintf(out, "  line %u: reach_error()\n", info->line);
      report_step(r, "line %u: reach_error()", info->line);
    }
  }
}

/* An UNSAFE answer in C terms: only when the replay reached reach_error()
 * and the compiled program does. */
static int answer_unsafe(report *r, const zeta_options *o, const c_program *p, const c_replay_result *rrp) {
  const c_replay_result rr = *rrp;
  char why[512];
  int code;
  c_exec_outcome ex = C_EXEC_REACHED;
  if (rr.ub) {
    snprintf(why, sizeof why, "undefined behaviour: %s at %s:%u", rr.ub->what, base_name(p->path), rr.ub->line);
    code = lang_verdict(r, ZETA_UNKNOWN, why);
  } else if (!rr.reached) {
    code = lang_verdict(r, ZETA_UNKNOWN, rr.why);
  } else if (!o->no_exec_check && (ex = c_exec_check(p, &rr, why, sizeof why)) == C_EXEC_FAILED) {
    code = lang_verdict(r, ZETA_UNKNOWN, why);
  } else {
    code = lang_verdict(r, ZETA_UNSAFE, NULL);
    print_path(r, p, &rr);
    /* a machine that cannot run the compiled program gives no evidence
     * against the replay: the answer rests on it, as with --no-exec-check,
     * and says so */
    if (o->no_exec_check) fprintf(report_out(r), "validated: replayed on the lowered program (execution check skipped)\n");
    else if (ex == C_EXEC_UNAVAILABLE)
      fprintf(report_out(r), "validated: replayed on the lowered program (execution check impossible: %s)\n", why);
    else fprintf(report_out(r), "validated: the compiled program reached reach_error()\n");
    char *w = c_witness_violation(p, &rr);
    if (w) report_set_witness(r, w);
    free(w);
  }
  return code;
}

#define CUT_SAFE "no counterexample with recursion cut"

static int finish(report *r, const zeta_options *o, const cfa *c, cfa_answer *a, void *ctx) {
  c_program *p = ctx;
  /* undefined behaviour is reachable (an edge of it blocked): only a
   * violation before any of it is an answer */
  if (a->verdict != ZETA_UNSAFE && p->ub_reason) return lang_verdict(r, ZETA_UNKNOWN, p->ub_reason);
  if (a->verdict == ZETA_SAFE && p->unsafe_safe) return lang_verdict(r, ZETA_UNKNOWN, p->unsafe_safe);
  if (a->verdict == ZETA_SAFE && p->bounded) {
    char why[120];
    snprintf(why, sizeof why, CUT_SAFE " at depth %u", p->bounded);
    return lang_verdict(r, ZETA_UNKNOWN, why);
  }
  if (a->verdict == ZETA_SAFE) {
    char *w = NULL, why[256] = "";
    if (o->witness_file && (a->inv || cfa_acyclic(c))) {
      /* the invariant is re-checked on the CFA before it becomes a witness;
       * a program without cycles needs none (BMC's proofs) */
      w = c_witness_invariants(p, (cfa *)c, a->inv, why, sizeof why);
      if (!w) {
        char reason[300];
        snprintf(reason, sizeof reason, "internal: %s", why);
        return lang_verdict(r, ZETA_UNKNOWN, reason);
      }
    }
    int code = lang_verdict(r, ZETA_SAFE, NULL);
    if (a->validated) fprintf(report_out(r), "validated: invariant checked by cvc5\n");
    if (w) {
      fprintf(report_out(r), a->inv ? "witness: loop invariants re-checked by induction\n"
                                     : "witness: no loop invariants (the program has no cycles)\n");
      report_set_witness(r, w);
      free(w);
    } else if (o->witness_file) {
      fprintf(report_out(r), "witness: none (the engine gave no invariant: %s)\n",
              a->k > 1 ? "the property is k-inductive" : "no longer path exists");
    }
    return code;
  }
  if (a->verdict != ZETA_UNSAFE) return lang_verdict(r, ZETA_UNKNOWN, a->reason);
  c_replay_result rr;
  c_replay(p, c, a, &rr);
  int code = answer_unsafe(r, o, p, &rr);
  c_replay_free(&rr);
  return code;
}

/* A recursive program's trace (replayed on the cfa_prog by proc_run) in
 * C terms, then the same checks. */
typedef struct { c_program *p; const zeta_options *o; const c_proc_map *m; } proc_ctx;

static int proc_unsafe(report *r, const cfa_prog *prog, const cfa_trace *t, void *ctx) {
  proc_ctx *x = ctx;
  c_replay_result rr;
  c_proc_trace(x->p, prog, x->m, t, &rr);
  int code = answer_unsafe(r, x->o, x->p, &rr);
  c_replay_free(&rr);
  return code;
}

/* A deterministic program (fibo(10)) is run first (c_proc_run): an error
 * reached is replayed and checked like an engine's trace, an ended run's
 * states are checked as a Horn model; -1 when the run gives no answer. */
static int check_by_run(cfa_prog *prog, proc_ctx *x, const proc_run_hooks *h, const zeta_limits *lim, report *r) {
  cfa_trace t;
  char why[256];
  int code = -1;
  c_run_end end = c_proc_run(prog, 4000000, lim, &t);
  if (end == C_RUN_END) {
    code = c_proc_safe_by_run(prog, &t, x->o, h, r);
  } else if (end == C_RUN_ERROR) {
    c_proc_run_concretize(prog, &t);
    if (cfa_trace_replay(prog, &t, why, sizeof why)) code = proc_unsafe(r, prog, &t, x);
  }
  if (end != C_RUN_GAVE_UP) cfa_trace_free(&t);
  if (code >= 0) report_set_engine(r, "execution (deterministic program)");
  return code;
}

/* Functions as procedures (c_proc.h), checked by proc_run: SAFE needs a
 * Horn model that passed the SMT check (no invariant witness for recursive
 * programs), UNSAFE the interprocedural trace's nondet values through the
 * compiled-execution check. */
static int check_procedures(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d, bool run_only) {
  cfa_prog prog;
  c_proc_map m;
  c_proc_build(p, &prog, &m);
  proc_ctx x = {p, o, &m};
  proc_run_hooks h = {proc_unsafe, p->unsafe_safe, &x};
  int code = option_is(o->export_fmt, "none") ? check_by_run(&prog, &x, &h, lim, r) : -1;
  if (code < 0 && !run_only) code = proc_run_check_hooks(&prog, o, lim, &h, r, d);
  if (report_verdict(r) == ZETA_SAFE && o->witness_file) {
    /* the procedure summaries were checked; without loops there is no
     * loop invariant to claim */
    char why[256];
    char *w = cfa_acyclic(&p->cfa) ? c_witness_invariants(p, &p->cfa, NULL, why, sizeof why) : NULL;
    if (w) {
      fprintf(report_out(r), "witness: no loop invariants (no loops; procedure summaries checked)\n");
      report_set_witness(r, w);
      free(w);
    } else {
      fprintf(report_out(r), "witness: none (recursive program with loops: procedure summaries checked instead of loop invariants)\n");
    }
  }
  c_proc_map_free(&m);
  cfa_prog_free(&prog);
  return code;
}

static int check_recursive(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  return check_procedures(p, o, lim, r, d, false);
}

/* Only the deterministic run: -1 when it gives no answer. */
static int run_recursive(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  return check_procedures(p, o, lim, r, d, true);
}

/* A recursive program is checked in the math encoding when it takes the
 * program (exact, c_sem.h): Z3 4.8's Spacer on the bit-vector clauses is
 * slow, overruns its deadline and crashes (SIGSEGV inside libz3) on some
 * of them. pds (BDDs) needs the bit-vectors; exports keep the encoding
 * asked for. */
typedef int (*c_checker)(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d);

/* check on the math encoding of p when the program takes it (and is still
 * recursive when p is), else on p itself. */
static int on_math(c_checker check, c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  zeta_options om = *o;
  om.c_int = "math";
  c_program pm;
  diag dm = {0};
  int code;
  if (c_lower(p->path, &om, &pm, &dm) && !pm.unknown && pm.recursive == p->recursive) {
    pm.tmpdir = p->tmpdir;
    code = check(&pm, &om, lim, r, d);
    report_stat(r, "c-encoding", "math");
  } else {
    code = check(p, o, lim, r, d);
  }
  c_program_free(&pm);
  return code;
}

static int check_recursive_encoded(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  if (option_is(o->algorithm, "pds") || !option_is(o->c_int, "auto") || !option_is(o->export_fmt, "none"))
    return check_recursive(p, o, lim, r, d);
  return on_math(check_recursive, p, o, lim, r, d);
}

static int check_program(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d);

/* kind_on_acyclic: bounded recursion checks its inlined programs without
 * loops by k-induction rather than BMC (see check_recursive_portfolio). */
typedef struct { c_program *p; const zeta_options *o; bool kind_on_acyclic; } c_job;

static int recursive_job_run(report *r, const zeta_limits *lim, void *ctx) {
  c_job *j = ctx;
  diag d = {0};
  int code = check_recursive_encoded(j->p, j->o, lim, r, &d);
  if (d.code) report_set_verdict(r, ZETA_UNKNOWN, d.message);
  return code;
}

/* d gets v unless it holds v already or max values. */
static void add_depth(uint32_t *d, size_t *n, size_t max, uint32_t v) {
  for (size_t i = 0; i < *n; i++)
    if (d[i] == v) return;
  if (*n < max) d[(*n)++] = v;
}

/* The integer literals v below t with lo < v + 1 < hi + 1, as depths v + 1
 * (a recursion counting to a constant, `id(x) == 200`, needs one call more
 * than the constant). */
static void literal_depths(term_t t, uint32_t lo, uint32_t hi, uint32_t *d, size_t *n, size_t max, int budget[1]) {
  if (--budget[0] < 0) return;   /* terms are DAGs: a bounded walk is enough */
  term_op op = term_op_of(t);
  if (op == OP_BV || op == OP_RAT) {
    mpz_t z;
    mpz_init(z);
    if (op == OP_BV) term_bv_value(t, z);
    else {
      mpq_t q;
      mpq_init(q);
      term_rat_value(t, q);
      if (mpz_cmp_ui(mpq_denref(q), 1) == 0) mpz_set(z, mpq_numref(q));
      mpq_clear(q);
    }
    if (mpz_sgn(z) > 0 && mpz_cmp_ui(z, hi) < 0 && mpz_get_ui(z) + 1 > lo) add_depth(d, n, max, (uint32_t)mpz_get_ui(z) + 1);
    mpz_clear(z);
    return;
  }
  for (uint32_t i = 0; i < term_nargs(t); i++) literal_depths(term_arg(t, i), lo, hi, d, n, max, budget);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The depths to try: 8, 32, 128, 256, 512, 1100, and one call more than
 * each literal of the program between 128 and 1100 (at most 4 of them),
 * in increasing order: a program that counts to 200 is tried at 201
 * before 256, whose formulas are larger. */
static size_t bounded_depths(const cfa *c, uint32_t *d, size_t max) {
  static const uint32_t geometric[] = {8, 32, 128, 256, 512, 1100};
  size_t n = 0, nlit = 0;
  uint32_t lit[4];
  int budget[1] = {100000};
  for (uint32_t e = 0; e < c->nedges; e++)
    for (uint32_t i = 0; i < c->edges[e].nstmts; i++)
      if (c->edges[e].stmts[i].expr != NULL_TERM)
        literal_depths(c->edges[e].stmts[i].expr, 128, 1100, lit, &nlit, 4, budget);
  for (size_t i = 0; i < sizeof geometric / sizeof geometric[0]; i++) add_depth(d, &n, max, geometric[i]);
  for (size_t i = 0; i < nlit; i++) add_depth(d, &n, max, lit[i]);
  qsort(d, n, sizeof *d, cmp_u32);
  return n;
}

/* The SAFE answer at a recursion bound is a proof when no call deeper than
 * the bound is reachable: the same inlining with the cut calls leading to
 * the error location (c_lower_bounded's cut_errors) is checked again; SAFE
 * there means every execution stays within the bound, where the inlined
 * program is exact. Returns that answer's report, or NULL. */
static report *bound_proof(const c_program *p, const zeta_options *ob, uint32_t depth, const zeta_limits *lim) {
  c_program pc;
  diag dd = {0};
  report *u = NULL;
  if (c_lower_bounded(p->path, ob, depth, true, &pc, &dd) && !pc.unknown) {
    pc.tmpdir = p->tmpdir;
    u = report_new();
    diag du = {0};
    check_program(&pc, ob, lim, u, &du);
    if (report_verdict(u) == ZETA_SAFE) {
      report_stat(u, "recursion-bound", "%u (no deeper call reachable)", depth);
    } else {
      report_free(u);
      u = NULL;
    }
  }
  c_program_free(&pc);
  return u;
}

/* --algorithm bmc, kind, pdr or imc: the engines of bounded recursion's
 * inlined programs (they need no procedures). */
static bool ts_engine_asked(const zeta_options *o) {
  return option_is(o->algorithm, "bmc") || option_is(o->algorithm, "kind") || option_is(o->algorithm, "pdr") ||
         option_is(o->algorithm, "imc");
}

/* Counterexamples of a recursive program with bounded recursion: inlined
 * up to 8, 32, ..., 1100 nested calls of each function and one more than
 * the program's constants (until the lowering grows too big), BMC (or
 * k-induction with loops) on each, half the time left per depth. A
 * counterexample goes through the usual C checks; a SAFE only counts when
 * no call was cut off, or none deeper than the bound is reachable. */
static int bounded_job_run(report *r, const zeta_limits *lim, void *ctx) {
  c_job *j = ctx;
  uint32_t depths[10];
  const size_t nd = bounded_depths(&j->p->cfa, depths, 10);
  /* bit-vectors for unsigned arithmetic: the math encoding's chains of
   * mod 2^32 (unsigned id(x - 1) + 1) keep Z3 busy for minutes at depth
   * 32; mathematical integers otherwise (bit-vector overflow checks of
   * 1000000000 + grow(n - 1) time out at depth 8) */
  bool wraps = false;
  for (uint32_t i = 0; i < j->p->cfa.vars.size; i++)
    wraps |= j->p->cnames[i] && !j->p->vtypes[i].is_signed && j->p->vtypes[i].width > 8;
  zeta_options ob = *j->o;
  ob.c_int = option_is(j->o->c_int, "auto") ? (wraps ? "bv" : "math") : j->o->c_int;
  char why[200] = "bounded recursion: no counterexample found";
  for (size_t i = 0; i < nd && !limits_expired(lim); i++) {
    c_program pb;
    diag dd = {0};
    if (!c_lower_bounded(j->p->path, &ob, depths[i], false, &pb, &dd) || pb.unknown) {
      c_program_free(&pb);
      break;   /* too big, or outside the fragment */
    }
    pb.tmpdir = j->p->tmpdir;
    cfa pruned;
    cfa_copy(&pb.cfa, &pruned);
    cfa_prune(&pruned);
    bool acyclic = cfa_acyclic(&pruned);
    cfa_free(&pruned);
    if (!acyclic && j->kind_on_acyclic) {
      /* the race's other bounded job runs the same k-induction on a
       * program with loops, here and at every deeper bound (which keeps
       * the loops): the core is worth more to the other jobs */
      c_program_free(&pb);
      return lang_verdict(r, ZETA_UNKNOWN, "bounded recursion: loops, k-induction left to the bounded job");
    }
    ob.algorithm = acyclic ? (j->kind_on_acyclic ? "kind" : "bmc") : ts_engine_asked(j->o) ? j->o->algorithm : "kind";
    zeta_limits sl = *lim;
    if (i + 1 < nd && lim->deadline > 0) sl.deadline = limits_now() + (lim->deadline - limits_now()) / 2;
    report *t = report_new();
    diag dt = {0};
    int code = check_program(&pb, &ob, &sl, t, &dt);
    zeta_verdict v = report_verdict(t);
    /* undefined behaviour on the shortest path stays there at any depth */
    bool ub = v == ZETA_UNKNOWN && strncmp(report_reason(t), "undefined behaviour", 19) == 0;
    bool done = v == ZETA_UNSAFE || (v == ZETA_SAFE && !pb.bounded) || ub;
    /* SAFE but for the cut calls (finish's reason) */
    bool cut_safe = v == ZETA_UNKNOWN && pb.bounded && strncmp(report_reason(t), CUT_SAFE, strlen(CUT_SAFE)) == 0;
    report *proof = !done && cut_safe ? bound_proof(j->p, &ob, depths[i], &sl) : NULL;
    if (proof) done = true, code = ZETA_EXIT_VERDICT, report_free(t), t = proof;
    if (done) report_copy(r, t), report_set_engine(r, "bounded recursion");
    if (ub) report_set_verdict(r, ZETA_UNKNOWN, report_reason(t));
    if (!done) snprintf(why, sizeof why, "bounded recursion: no counterexample up to depth %u", depths[i]);
    report_free(t);
    c_program_free(&pb);
    if (done) return code;
  }
  return lang_verdict(r, ZETA_UNKNOWN, why);
}

/* The portfolio on a recursive program races the procedure route (Horn
 * clauses, pds, the deterministic run) against bounded recursion, which
 * finds the deep counterexamples of id(x) == N that the summaries miss,
 * twice: with BMC on the inlined programs without loops (id_o200's
 * counterexample at depth 201) and with k-induction, whose strengthening
 * proves a program SAFE but for the cut calls at a small k where BMC must
 * exhaust every path (bench/difftest/slow: 2 s against a timeout). */
static int check_recursive_portfolio(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  if (ts_engine_asked(o) && option_is(o->export_fmt, "none")) {   /* the procedure route has no such engine */
    c_job j = {p, o, false};
    return bounded_job_run(r, lim, &j);
  }
  if (!option_is(o->algorithm, "portfolio") || !option_is(o->export_fmt, "none")) return check_recursive_encoded(p, o, lim, r, d);
  /* a deterministic program is answered by running it (fibo(25): 250 k
   * calls), which the race would slow down */
  report *t = report_new();
  diag dt = {0};
  int code = option_is(o->c_int, "auto") ? on_math(run_recursive, p, o, lim, t, &dt) : run_recursive(p, o, lim, t, &dt);
  if (code >= 0 && report_verdict(t) != ZETA_UNKNOWN) {
    report_copy(r, t);
    report_free(t);
    return code;
  }
  report_free(t);
  c_job j = {p, o, false}, jk = {p, o, true};
  portfolio_job jobs[3] = {{"procedures", recursive_job_run, &j, 0}, {"bounded", bounded_job_run, &j, 0},
                           {"bounded-kind", bounded_job_run, &jk, 0}};
  portfolio_outcome po;
  code = portfolio_run(jobs, 3, 0, lim, r, &po);
  if (po.winner < 0) code = lang_verdict(r, ZETA_UNKNOWN, po.reason);
  report_stat(r, "c-race-winner", "%s", po.winner >= 0 ? jobs[po.winner].name : "none");
  char ended[64] = "";
  for (size_t i = 0; i < 3; i++)
    if (po.ended >> i & 1) snprintf(ended + strlen(ended), sizeof ended - strlen(ended), "%s%s", *ended ? ", " : "", jobs[i].name);
  if (*ended) report_stat(r, "c-race-ended", "%s", ended);   /* before the winner, without a verdict */
  return code;
}

/* Blocks the undefined-behaviour edges that reason names ("undefined
 * behaviour: WHAT at FILE:LINE", once per engine of a portfolio): their
 * guards become false (the execution already goes on only where the
 * behaviour is defined). Blocking any such edge is sound: a SAFE is then
 * no answer, an UNSAFE is replayed as ever. The number newly blocked. */
static uint32_t block_ub(c_program *p, const char *reason) {
  static const char key[] = "undefined behaviour: ";
  uint32_t n = 0;
  for (const char *s = strstr(reason, key); s; s = strstr(s + 1, key)) {
    const char *at = strstr(s, " at "), *colon = at ? strchr(at, ':') : NULL;
    if (!colon) break;
    uint32_t line = (uint32_t)strtoul(colon + 1, NULL, 10);
    for (uint32_t e = 0; e < p->ninfo && e < p->cfa.nedges; e++) {
      cfa_edge *ed = &p->cfa.edges[e];
      if (p->einfo[e].kind != C_EDGE_UB || p->einfo[e].line != line || ed->nstmts != 1 ||
          ed->stmts[0].kind != CFA_ASSUME || term_is_false(ed->stmts[0].expr))
        continue;
      ed->stmts[0].expr = term_false();
      ed->formula = NULL_TERM;
      n++;
    }
  }
  return n;
}

/* The engines on p. A counterexample that ends in undefined behaviour may
 * hide a violation reached without any: its edges are blocked and the
 * engines run again, up to C_UB_ROUNDS times. */
#define C_UB_ROUNDS 8
static int check_program(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  cfa_run_hooks h = {finish, p};
  for (uint32_t round = 0;; round++) {
    cfa copy;
    cfa_copy(&p->cfa, &copy);
    copy.free_dead_joins = true;   /* traces are replayed on p->cfa (c_replay) */
    report *t = report_new();
    int code = cfa_run_check(&copy, o, lim, &h, t, d);
    cfa_free(&copy);
    bool ub = report_verdict(t) == ZETA_UNKNOWN && strstr(report_reason(t), "undefined behaviour: ");
    if (ub && !p->ub_reason) p->ub_reason = xstrdup(report_reason(t));
    if (!ub || d->code || round + 1 >= C_UB_ROUNDS || limits_expired(lim) || !block_ub(p, report_reason(t))) {
      report_copy(r, t);
      report_free(t);
      return code;
    }
    report_free(t);
  }
}

static int c_job_run(report *r, const zeta_limits *lim, void *ctx) {
  c_job *j = ctx;
  diag d = {0};
  int code = check_program(j->p, j->o, lim, r, &d);
  if (d.code) report_set_verdict(r, ZETA_UNKNOWN, d.message);
  return code;
}

/* The default portfolio on bit-vectors. When the math encoding takes the
 * program (both encodings are exact, c_sem.h), it races four jobs on it:
 * PDR and k-induction, whose transition relation carries Karr's equalities
 * and Houdini's inequalities (cfa_run.c), CEGAR (interpolation over
 * integers finds the loop predicates that bit-vector interpolants miss)
 * and CEGAR with explicit values (at most 8 successors per step, then the
 * variable is unknown: deterministic loops such as `while (x < 100)` at
 * once). Otherwise the bit-vector portfolio (CEGAR, PDR, k-induction,
 * BMC) against explicit values on bit-vectors. Few processes: on a loaded
 * machine the jobs share what one process would get. A program without
 * loops gets BMC in place of k-induction (ZETA_C_RACE, a
 * comma-separated list of bv, expl, math-cegar, math-pdr, math-kind,
 * math-bmc, overrides the choice for measurements). */
static bool race_math(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, int *code) {
  if (!option_is(o->algorithm, "portfolio") || !option_is(o->c_int, "auto") || !option_is(o->export_fmt, "none")) return false;
  zeta_options om = *o;
  om.c_int = "math";
  c_program pm;
  diag dm = {0};
  bool math = c_lower(p->path, &om, &pm, &dm) && !pm.unknown;
  pm.tmpdir = p->tmpdir;
  const char *order = getenv("ZETA_C_RACE");
  /* without loops (once the code that cannot reach the error is gone) BMC
   * is complete and cheaper than k-induction's step case */
  bool loops = true;
  if (math) {
    cfa pruned;
    cfa_copy(&pm.cfa, &pruned);
    cfa_prune(&pruned);
    loops = !cfa_acyclic(&pruned);
    cfa_free(&pruned);
  }
  if (!order || !*order) order = !math ? "bv,expl" : loops ? "math-pdr,math-kind,math-cegar,expl" : "math-bmc,math-pdr,math-cegar,expl";
  enum { MAXJ = 8 };
  zeta_options opts[MAXJ];
  c_job cj[MAXJ];
  portfolio_job jobs[MAXJ];
  size_t n = 0;
  char names[256];
  snprintf(names, sizeof names, "%s", order);
  for (char *save = NULL, *t = strtok_r(names, ",", &save); t && n < MAXJ; t = strtok_r(NULL, ",", &save)) {
    bool math_job = strncmp(t, "math-", 5) == 0 || (strcmp(t, "expl") == 0 && math);
    if (math_job && !math) continue;
    opts[n] = math_job ? om : *o;
    if (strcmp(t, "expl") == 0) opts[n].algorithm = "cegar", opts[n].domain = "EXPL", opts[n].maxenum = 8;
    else if (math_job) opts[n].algorithm = t + 5;
    else if (strcmp(t, "bv") != 0) continue;
    cj[n] = (c_job){math_job ? &pm : p, &opts[n], false};
    jobs[n] = (portfolio_job){xstrdup(t), c_job_run, &cj[n], 0};
    n++;
  }
  portfolio_outcome po;
  *code = portfolio_run(jobs, n, 0, lim, r, &po);
  if (po.winner < 0) *code = lang_verdict(r, ZETA_UNKNOWN, po.reason);
  report_stat(r, "c-race-winner", "%s", po.winner >= 0 ? jobs[po.winner].name : "none");
  for (size_t i = 0; i < n; i++) free((char *)jobs[i].name);
  c_program_free(&pm);
  return true;
}

/* One engine (--c-int auto): on the math encoding when it takes the
 * program, with Karr's and Houdini's facts for the TS engines. */
static int check_auto(c_program *p, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  if (!option_is(o->c_int, "auto") || !option_is(o->export_fmt, "none") || option_is(o->algorithm, "pds"))
    return check_program(p, o, lim, r, d);   /* pds: BDDs over bit-vectors */
  return on_math(check_program, p, o, lim, r, d);
}

static int c_check(void *m, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  c_program *p = m;
  if (p->unknown) return lang_verdict(r, ZETA_UNKNOWN, p->unknown);
  int code;
  char *tmp = c_exec_tmpdir();   /* removed afterwards with what killed jobs left */
  p->tmpdir = tmp;
  if (p->recursive) code = check_recursive_portfolio(p, o, lim, r, d);
  else if (!race_math(p, o, lim, r, &code)) code = check_auto(p, o, lim, r, d);
  p->tmpdir = NULL;
  c_exec_tmpdir_remove(tmp);
  return code;
}

static void c_free(void *m) {
  c_program_free(m);
  free(m);
}

const lang lang_c = {"c", "", ".c .i", "C programs (SV-COMP reachability: reach_error() is never called), read by libclang", "chc vmt cfa",
                     c_load, c_check, c_free};
