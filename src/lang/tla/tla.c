/* The TLA+ room: a specification with its TLC model configuration, checked
 * by the explicit-state engine (TLC's semantics; with --length, bounded as
 * Apalache's check). */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "lang/tla/tla_explicit.h"
#include "lang/tla/tla_model.h"

static void *tla_load(const char *path, const zeta_options *o, diag *d) {
  tla_load_opts lo = {.config = o->config, .init = o->init, .next = o->next, .inv = o->inv, .check_deadlock = -1};
  if (o->check_deadlock && strcmp(o->check_deadlock, "true") == 0) lo.check_deadlock = 1;
  if (o->check_deadlock && strcmp(o->check_deadlock, "false") == 0) lo.check_deadlock = 0;
  return tla_model_load(path, &lo, d);
}

static void print_trace(report *r, tla_model *m, const tla_explicit_result *res) {
  lang_capture cap;
  FILE *f = lang_capture_open(&cap);
  for (size_t i = 0; i < res->ntrace; i++) {
    const tla_val *s = res->trace[i];
    report_step(r, "State %zu", i + 1);
    fprintf(f, "State %zu:%s\n", i + 1, i == 0 ? " <Initial predicate>" : "");
    for (size_t k = 0; k < tla_nvars(m); k++) {
      char *v = tv_to_string(s->v[k]);
      fprintf(f, "/\\ %s = %s\n", tla_var_name(m, k), v);
      report_value(r, tla_var_name(m, k), v);
      free(v);
    }
    fputc('\n', f);
  }
  lang_emit(r, "trace", &cap);
}

static int tla_check(void *model, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  tla_model *m = model;
  (void)d;
  const char *algo = o->algorithm ? o->algorithm : "portfolio";
  if (strcmp(algo, "portfolio") != 0 && strcmp(algo, "explicit") != 0)
    return lang_verdict(r, ZETA_UNKNOWN, "TLA+: only the explicit engine is implemented (--algorithm explicit)");
  report_set_engine(r, "explicit");
  int bound = o->length;
  tla_explicit_result res;
  tla_explicit_check(m, bound, lim, &res);
  if (res.outcome == TLA_HOLDS && tla_has_trace_invariants(m)) {
    if (bound < 0) {
      res.outcome = TLA_ERROR;
      snprintf(res.msg, sizeof res.msg, "trace invariants are checked only with --length");
    } else {
      tla_check_traces(m, bound, lim, &res);
    }
  }
  report_stat(r, "distinct-states", "%zu", res.distinct);
  report_stat(r, "generated-states", "%zu", res.generated);
  report_stat(r, "depth", "%zu", res.depth);
  int code;
  FILE *out = report_out(r);
  if (res.outcome == TLA_VIOLATED || res.outcome == TLA_DEADLOCK) {
    char why[256];
    if (!tla_replay(m, &res, why, sizeof why)) {
      char reason[400];
      snprintf(reason, sizeof reason, "counterexample failed replay: %s", why);
      code = lang_verdict(r, ZETA_UNKNOWN, reason);
    } else {
      code = lang_verdict(r, ZETA_UNSAFE, NULL);
      if (res.outcome == TLA_VIOLATED)
        fprintf(out, "Invariant %s is violated.\n", tla_invariant_name(m, (size_t)res.inv));
      else
        fprintf(out, "Deadlock reached.\n");
      print_trace(r, m, &res);
    }
  } else if (res.outcome == TLA_HOLDS) {
    int exists = 1;
    if (bound >= 0 && tla_check_deadlock(m)) exists = tla_execution_exists(m, bound, lim);
    if (exists < 0) {
      code = lang_verdict(r, ZETA_UNKNOWN, tla_error(m)[0] ? tla_error(m) : "timeout");
    } else if (exists == 0) {
      /* Apalache's deadlock: no execution has `bound` steps */
      code = lang_verdict(r, ZETA_UNSAFE, NULL);
      fprintf(out, "Deadlock: no execution of %d steps exists.\n", bound);
    } else if (!tla_property_named(m)) {
      code = lang_verdict(r, ZETA_UNKNOWN, "no property to check: name an invariant (--inv, or INVARIANT in a .cfg) "
                                           "or ask for --check-deadlock true");
    } else {
      code = lang_verdict(r, ZETA_SAFE, NULL);
      if (bound >= 0) fprintf(out, "(bounded: every execution of at most %d steps)\n", bound);
    }
  } else if (res.outcome == TLA_LIMIT) {
    code = lang_verdict(r, ZETA_UNKNOWN, "timeout");
  } else {
    char reason[1300];
    snprintf(reason, sizeof reason, "evaluation error: %s", res.msg);
    code = lang_verdict(r, ZETA_UNKNOWN, reason);
  }
  fprintf(out, "%zu distinct states found, %zu states generated, depth %zu.\n", res.distinct, res.generated, res.depth);
  if (tla_unchecked(m)[0]) fprintf(out, "Not checked: %s.\n", tla_unchecked(m));
  tla_explicit_result_free(&res);
  return code;
}

static void tla_free(void *model) { tla_model_free(model); }

const lang lang_tla = {"tla", "tlaplus", ".tla", "TLA+ specifications with TLC model configurations (--config)",
                       tla_load, tla_check, tla_free};
