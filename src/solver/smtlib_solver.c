/* The SMT-LIB2 subprocess backend: drives any solver binary over pipes.
 *
 * The assertion stack is also kept here as terms (`log`, NULL_TERM marks a
 * push), so that a solver killed on timeout or dead for any other reason can
 * be restarted and brought back to the same state by replaying the log.
 * Symbols are declared on demand, per scope level, since declarations made
 * inside a push disappear with its pop. Non-literal assumptions get indicator
 * constants as in the Z3 backend. Answers are read as s-expressions with a
 * deadline; a solver that dies or stops answering yields SOLVER_UNKNOWN. */
#include <sys/prctl.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "solver/idmap.h"
#include "solver/smtlib_sexp.h"
#include "solver/solver.h"

typedef struct { term_t t; uint32_t level; } smts_entry;
typedef struct { smts_entry *data; uint32_t size, cap; } smts_stack;

typedef struct {
  solver base;
  char *cmd;
  pid_t pid;
  int to_fd, from_fd;          /* our ends: we write to to_fd, read from from_fd */
  bool alive;
  char rbuf[4096];
  size_t rlen, rpos;
  term_vec log;                /* assertions; NULL_TERM = push */
  uint32_t level;
  idmap declared;              /* symbol term -> 1 */
  smts_stack decls;            /* declared symbols with their level */
  idmap sorts;                 /* declared uninterpreted sorts (type ids) */
  smts_stack sortdecls;
  idmap indmap;                /* assumption term -> index in inds */
  smts_stack inds;             /* .t = assumption; indicator in indvars */
  term_vec indvars;
  uint32_t timeout_ms;
  volatile sig_atomic_t interrupted;
  bool have_model;             /* last check was SAT and nothing changed since */
  term_t *core;
  uint32_t ncore;
  char reason[256];
} smt_solver;

static void smts_reason(smt_solver *m, const char *a, const char *b) {
  snprintf(m->reason, sizeof m->reason, "%s%s", a, b ? b : "");
}

static bool smts_stack_push(smts_stack *s, term_t t, uint32_t level) {
  if (s->size == s->cap) {
    uint32_t ncap = s->cap ? s->cap * 2 : 32;
    smts_entry *n = realloc(s->data, ncap * sizeof *n);
    if (!n) return false;
    s->data = n; s->cap = ncap;
  }
  s->data[s->size++] = (smts_entry){t, level};
  return true;
}

/* ---------------- process ---------------- */

static void smts_kill(smt_solver *m) {
  if (m->pid > 0) {
    /* The whole process group: sh -c may have forked the solver. */
    kill(-m->pid, SIGKILL);
    kill(m->pid, SIGKILL);
    while (waitpid(m->pid, NULL, 0) < 0 && errno == EINTR) {}
  }
  if (m->to_fd >= 0) close(m->to_fd);
  if (m->from_fd >= 0) close(m->from_fd);
  m->pid = -1; m->to_fd = m->from_fd = -1;
  m->alive = false;
  m->rlen = m->rpos = 0;
  m->have_model = false;
}

static bool smts_spawn(smt_solver *m) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) < 0) return false;
  if (pipe2(out, O_CLOEXEC) < 0) { close(in[0]); close(in[1]); return false; }
  pid_t pid = fork();
  if (pid < 0) { close(in[0]); close(in[1]); close(out[0]); close(out[1]); return false; }
  if (pid == 0) {
    /* Child: stdin from in[0], stdout to out[1], stderr silenced; it
     * dies with the parent (its own process group escapes group kills). */
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(in[0], 0);
    dup2(out[1], 1);
    if (devnull >= 0) dup2(devnull, 2);
    /* exec: the solver replaces the shell, so pid is the solver itself
     * and waitpid reaps it (no orphan left to a non-reaping init). */
    size_t len = strlen(m->cmd);
    char *line = malloc(len + 6);
    if (line) { memcpy(line, "exec ", 5); memcpy(line + 5, m->cmd, len + 1); }
    execl("/bin/sh", "sh", "-c", line ? line : m->cmd, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid);   /* also here, so the group exists before any kill */
  close(in[0]); close(out[1]);
  m->pid = pid; m->to_fd = in[1]; m->from_fd = out[0];
  m->alive = true;
  m->rlen = m->rpos = 0;
  return true;
}

/* Writes everything; SIGPIPE is blocked and consumed so a dead solver
 * cannot kill the process. */
static bool smts_write(smt_solver *m, const char *buf, size_t len) {
  if (!m->alive) return false;
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  bool ok = true;
  while (len) {
    ssize_t k = write(m->to_fd, buf, len);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) { ok = false; break; }
    buf += k; len -= (size_t)k;
  }
  if (!ok) {
    struct timespec zero = {0, 0};
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE)) sigtimedwait(&pipe_set, NULL, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (!ok) { smts_reason(m, "solver process died", NULL); smts_kill(m); }
  return ok;
}

static int64_t smts_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Next byte of output; -1 on EOF, deadline (0 = none) or interruption. */
static int smts_getc(void *arg, int64_t deadline) {
  smt_solver *m = arg;
  while (m->rpos == m->rlen) {
    if (!m->alive) return -1;
    if (m->interrupted) { smts_reason(m, "interrupted", NULL); smts_kill(m); return -1; }
    int wait = 100;
    if (deadline) {
      int64_t left = deadline - smts_now_ms();
      if (left <= 0) { smts_reason(m, "timeout", NULL); smts_kill(m); return -1; }
      if (left < wait) wait = (int)left;
    }
    struct pollfd p = {m->from_fd, POLLIN, 0};
    int r = poll(&p, 1, wait);
    if (r < 0 && errno != EINTR) { smts_kill(m); return -1; }
    if (r <= 0) continue;
    ssize_t k = read(m->from_fd, m->rbuf, sizeof m->rbuf);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) { smts_reason(m, "solver process died", NULL); smts_kill(m); return -1; }
    m->rlen = (size_t)k; m->rpos = 0;
  }
  return (unsigned char)m->rbuf[m->rpos++];
}

/* Reads answers until one that is not `success`/`unsupported`/(error ...).
 * Errors are remembered in *error. NULL when the solver is gone. */
static smtsx *smts_read(smt_solver *m, int64_t deadline, bool *error) {
  for (;;) {
    smtsx *e = smtsx_read(smts_getc, m, deadline);
    if (!e) return NULL;
    if (smtsx_is_atom(e, "success") || smtsx_is_atom(e, "unsupported")) { smtsx_free(e); continue; }
    if (e->list && e->n >= 1 && smtsx_is_atom(e->kids[0], "error")) {
      if (error) *error = true;
      smts_reason(m, "solver error: ", e->n > 1 && e->kids[1]->atom ? e->kids[1]->atom : "");
      smtsx_free(e);
      continue;
    }
    return e;
  }
}

/* ---------------- output ---------------- */

typedef struct { char *buf; size_t len; FILE *f; } smts_out;

static bool smts_out_open(smts_out *o) { o->buf = NULL; o->len = 0; return (o->f = open_memstream(&o->buf, &o->len)) != NULL; }

static bool smts_out_send(smt_solver *m, smts_out *o) {
  bool ok = fclose(o->f) == 0 && smts_write(m, o->buf, o->len);
  free(o->buf);
  return ok;
}

static bool smts_send(smt_solver *m, const char *s) { return smts_write(m, s, strlen(s)); }

static bool smts_sort_known(type_t ty, void *m) { return idmap_get(&((smt_solver *)m)->sorts, (uint32_t)ty, NULL); }

static bool smts_declare_sorts(smt_solver *m, FILE *f, type_t ty) {
  switch (type_kind_of(ty)) {
  case TYPE_ARRAY:
    return smts_declare_sorts(m, f, type_array_index(ty)) && smts_declare_sorts(m, f, type_array_elem(ty));
  case TYPE_FUN:
    for (uint32_t i = 0; i < type_fun_arity(ty); i++)
      if (!smts_declare_sorts(m, f, type_fun_domain(ty, i))) return false;
    return smts_declare_sorts(m, f, type_fun_range(ty));
  case TYPE_SORT:
    if (idmap_get(&m->sorts, (uint32_t)ty, NULL)) return true;
    fputs("(declare-sort ", f);
    term_print_symbol(f, type_sort_name(ty));
    fputs(" 0)\n", f);
    return idmap_put(&m->sorts, (uint32_t)ty, 1) && smts_stack_push(&m->sortdecls, (term_t)ty, m->level);
  case TYPE_DATATYPE: {
    if (idmap_get(&m->sorts, (uint32_t)ty, NULL)) return true;
    type_t *g;
    uint32_t n = type_dt_group(ty, smts_sort_known, m, &g);
    bool ok = true;
    /* uninterpreted sorts used by the fields first, then the group at once */
    for (uint32_t i = 0; i < n && ok; i++)
      for (uint32_t c = 0; c < type_dt_nctors(g[i]) && ok; c++)
        for (uint32_t k = 0; k < type_dt_nfields(g[i], c) && ok; k++) {
          type_t ft = type_dt_field_type(g[i], c, k);
          if (type_kind_of(ft) != TYPE_DATATYPE) ok = smts_declare_sorts(m, f, ft);
        }
    if (ok) type_print_datatypes(f, n, g);
    for (uint32_t i = 0; i < n && ok; i++)
      ok = idmap_put(&m->sorts, (uint32_t)g[i], 1) && smts_stack_push(&m->sortdecls, (term_t)g[i], m->level);
    free(g);
    return ok;
  }
  default:
    return true;
  }
}

/* Declarations for the not yet declared free symbols of t, into f. */
static bool smts_declare(smt_solver *m, FILE *f, term_t t) {
  term_t *vars;
  uint32_t n = term_free_vars_n(1, &t, true, &vars);
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    term_t v = vars[i];
    if (idmap_get(&m->declared, (uint32_t)v, NULL)) continue;
    type_t ty = term_type(v);
    ok = smts_declare_sorts(m, f, ty);
    fputs("(declare-fun ", f);
    term_print_var_name(f, v);
    if (type_kind_of(ty) == TYPE_FUN) {
      fputs(" (", f);
      for (uint32_t j = 0; j < type_fun_arity(ty); j++) {
        if (j) fputc(' ', f);
        type_print(f, type_fun_domain(ty, j));
      }
      fputs(") ", f);
      type_print(f, type_fun_range(ty));
    } else {
      fputs(" () ", f);
      type_print(f, ty);
    }
    fputs(")\n", f);
    ok = ok && idmap_put(&m->declared, (uint32_t)v, 1) && smts_stack_push(&m->decls, v, m->level);
  }
  free(vars);
  return ok;
}

static bool smts_send_assert(smt_solver *m, term_t t) {
  smts_out o;
  if (!smts_out_open(&o)) return false;
  bool ok = smts_declare(m, o.f, t);
  fputs("(assert ", o.f);
  term_print_let(o.f, t);
  fputs(")\n", o.f);
  return smts_out_send(m, &o) && ok;
}

/* ---------------- start, restart ---------------- */

static const char smts_init[] =
  "(set-option :print-success false)\n"
  "(set-option :produce-models true)\n"
  "(set-option :produce-unsat-assumptions true)\n"
  "(set-option :produce-unsat-cores true)\n"
  "(set-logic ALL)\n"
  "(get-info :name)\n";

static void smts_forget_decls(smt_solver *m, uint32_t level) {
  while (m->decls.size && m->decls.data[m->decls.size - 1].level > level)
    idmap_del(&m->declared, (uint32_t)m->decls.data[--m->decls.size].t);
  while (m->sortdecls.size && m->sortdecls.data[m->sortdecls.size - 1].level > level)
    idmap_del(&m->sorts, (uint32_t)m->sortdecls.data[--m->sortdecls.size].t);
}

/* Starts the process and replays the assertion log. */
static bool smts_start(smt_solver *m) {
  if (!smts_spawn(m)) { smts_reason(m, "cannot start the solver", NULL); return false; }
  if (!smts_send(m, smts_init)) return false;
  smtsx *e = smts_read(m, smts_now_ms() + 10000, NULL);
  if (!e) { smts_reason(m, "the solver did not answer", NULL); smts_kill(m); return false; }
  smtsx_free(e);
  uint32_t target = m->level;
  m->level = 0;
  smts_forget_decls(m, 0);
  idmap_free(&m->declared); idmap_free(&m->sorts);
  m->decls.size = m->sortdecls.size = 0;
  bool ok = true;
  for (uint32_t i = 0; i < m->log.size && ok; i++) {
    if (m->log.data[i] == NULL_TERM) { ok = smts_send(m, "(push 1)\n"); m->level++; }
    else ok = smts_send_assert(m, m->log.data[i]);
  }
  m->level = target;
  return ok && m->alive;
}

static bool smts_ensure(smt_solver *m) { return m->alive || smts_start(m); }

/* ---------------- ops ---------------- */

static void smts_clear_result(smt_solver *m) {
  m->have_model = false;
  free(m->core); m->core = NULL; m->ncore = 0;
}

static void smts_destroy(solver *s) {
  smt_solver *m = (smt_solver *)s;
  if (m->alive) smts_send(m, "(exit)\n");
  smts_kill(m);
  smts_clear_result(m);
  free(m->cmd);
  term_vec_free(&m->log);
  term_vec_free(&m->indvars);
  idmap_free(&m->declared); idmap_free(&m->sorts); idmap_free(&m->indmap);
  free(m->decls.data); free(m->sortdecls.data); free(m->inds.data);
  free(m);
}

static void smts_assert(solver *s, term_t t) {
  smt_solver *m = (smt_solver *)s;
  smts_clear_result(m);
  term_vec_push(&m->log, t);
  if (m->alive) smts_send_assert(m, t);   /* a dead solver replays the log later */
}

static void smts_push(solver *s) {
  smt_solver *m = (smt_solver *)s;
  smts_clear_result(m);
  term_vec_push(&m->log, NULL_TERM);
  m->level++;
  if (m->alive) smts_send(m, "(push 1)\n");
}

static void smts_pop(solver *s, uint32_t n) {
  smt_solver *m = (smt_solver *)s;
  smts_clear_result(m);
  if (n > m->level) n = m->level;
  if (!n) return;
  for (uint32_t k = n; k; m->log.size--)
    if (m->log.data[m->log.size - 1] == NULL_TERM) k--;
  m->level -= n;
  smts_forget_decls(m, m->level);
  while (m->inds.size && m->inds.data[m->inds.size - 1].level > m->level) {
    idmap_del(&m->indmap, (uint32_t)m->inds.data[--m->inds.size].t);
    m->indvars.size--;
  }
  if (m->alive) {
    char buf[32];
    snprintf(buf, sizeof buf, "(pop %u)\n", n);
    smts_send(m, buf);
  }
}

static bool smts_is_literal(term_t t) { return term_op_of(t) == OP_VAR && term_is_bool(t); }

/* Literal for assumption t: t itself, or an indicator a with (=> a t) asserted. */
static term_t smts_assumption(smt_solver *m, term_t t) {
  if (smts_is_literal(t)) return t;
  uintptr_t v;
  if (idmap_get(&m->indmap, (uint32_t)t, &v)) return m->indvars.data[v];
  term_t a = term_fresh_var("zeta!a", type_bool());
  if (a == NULL_TERM) return NULL_TERM;
  term_t imp = term_implies(a, t);
  if (imp == NULL_TERM || !idmap_put(&m->indmap, (uint32_t)t, m->inds.size) ||
      !smts_stack_push(&m->inds, t, m->level))
    return NULL_TERM;
  term_vec_push(&m->indvars, a);
  term_vec_push(&m->log, imp);
  if (m->alive) smts_send_assert(m, imp);
  return a;
}

/* The symbol name of a Boolean variable as the solver prints it (unquoted). */
static char *smts_name(term_t v) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  term_print_var_name(f, term_unsigned(v));
  if (fclose(f)) { free(buf); return NULL; }
  if (len >= 2 && buf[0] == '|' && buf[len - 1] == '|') { memmove(buf, buf + 1, len - 2); buf[len - 2] = 0; }
  return buf;
}

/* Maps the answer of get-unsat-assumptions back to assumptions. */
static void smts_read_core(smt_solver *m, uint32_t n, const term_t *as, const term_t *lits, int64_t deadline) {
  if (!smts_send(m, "(get-unsat-assumptions)\n")) return;
  smtsx *e = smts_read(m, deadline, NULL);
  if (!e || !e->list) { smtsx_free(e); return; }
  m->core = malloc((e->n ? e->n : 1) * sizeof *m->core);
  char **names = calloc(n ? n : 1, sizeof *names);
  for (uint32_t i = 0; m->core && names && i < e->n; i++) {
    smtsx *k = e->kids[i];
    bool neg = false;
    if (k->list && k->n == 2 && smtsx_is_atom(k->kids[0], "not")) { neg = true; k = k->kids[1]; }
    if (k->list) continue;
    for (uint32_t j = 0; j < n; j++) {
      if (term_is_negated(lits[j]) != neg) continue;
      if (!names[j] && !(names[j] = smts_name(lits[j]))) continue;
      if (!strcmp(names[j], k->atom)) { m->core[m->ncore++] = as[j]; break; }
    }
  }
  for (uint32_t j = 0; names && j < n; j++) free(names[j]);
  free(names);
  smtsx_free(e);
}

static solver_result smts_check(solver *s, uint32_t n, const term_t *as) {
  smt_solver *m = (smt_solver *)s;
  smts_clear_result(m);
  m->interrupted = 0;
  if (!smts_ensure(m)) return SOLVER_UNKNOWN;
  term_t *lits = malloc((n ? n : 1) * sizeof *lits);
  smts_out o;
  if (!lits || !smts_out_open(&o)) { free(lits); smts_reason(m, "out of memory", NULL); return SOLVER_UNKNOWN; }
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) ok = (lits[i] = smts_assumption(m, as[i])) != NULL_TERM;
  for (uint32_t i = 0; i < n && ok; i++) ok = smts_declare(m, o.f, lits[i]);
  if (n) {
    fputs("(check-sat-assuming (", o.f);
    for (uint32_t i = 0; i < n && ok; i++) {
      if (i) fputc(' ', o.f);
      term_print(o.f, lits[i]);
    }
    fputs("))\n", o.f);
  } else {
    fputs("(check-sat)\n", o.f);
  }
  solver_result res = SOLVER_UNKNOWN;
  if (!smts_out_send(m, &o) || !ok) { if (!ok) smts_reason(m, "cannot encode the assumptions", NULL); free(lits); return res; }
  int64_t deadline = m->timeout_ms ? smts_now_ms() + m->timeout_ms + 100 : 0;
  bool error = false;
  smtsx *e = smts_read(m, deadline, &error);
  if (!e) { free(lits); return res; }
  if (error) {
    /* Some earlier command failed: the answer is about another problem. */
  } else if (smtsx_is_atom(e, "sat")) {
    res = SOLVER_SAT;
    m->have_model = true;
  } else if (smtsx_is_atom(e, "unsat")) {
    res = SOLVER_UNSAT;
    if (n) smts_read_core(m, n, as, lits, deadline ? smts_now_ms() + 10000 : 0);
  } else if (smtsx_is_atom(e, "unknown")) {
    smtsx_free(e);
    e = NULL;
    smts_reason(m, "unknown", NULL);
    if (smts_send(m, "(get-info :reason-unknown)\n")) {
      smtsx *r = smts_read(m, smts_now_ms() + 10000, NULL);
      if (r && r->list && r->n == 2 && r->kids[1]->atom) smts_reason(m, r->kids[1]->atom, NULL);
      smtsx_free(r);
    }
  } else {
    smts_reason(m, "unexpected answer from the solver", NULL);
  }
  smtsx_free(e);
  free(lits);
  return res;
}

static term_t smts_value(solver *s, term_t t) {
  smt_solver *m = (smt_solver *)s;
  if (!m->have_model || !m->alive) return NULL_TERM;
  /* Declaring now would leave the SAT state, so unseen symbols get defaults. */
  term_t *vars;
  uint32_t nv = term_free_vars_n(1, &t, true, &vars);
  term_vec from = {0}, to = {0};
  bool ok = true;
  for (uint32_t i = 0; i < nv; i++) {
    if (idmap_get(&m->declared, (uint32_t)vars[i], NULL)) continue;
    term_t d = term_zero(term_type(vars[i]));
    if (d == NULL_TERM) { ok = false; break; }
    term_vec_push(&from, vars[i]); term_vec_push(&to, d);
  }
  free(vars);
  term_t q = ok && from.size ? term_subst(t, from.size, from.data, to.data) : t;
  term_vec_free(&from); term_vec_free(&to);
  if (!ok || q == NULL_TERM) return NULL_TERM;
  smts_out o;
  if (!smts_out_open(&o)) return NULL_TERM;
  fputs("(get-value (", o.f);
  term_print_let(o.f, q);
  fputs("))\n", o.f);
  if (!smts_out_send(m, &o)) return NULL_TERM;
  bool error = false;
  smtsx *e = smts_read(m, smts_now_ms() + (m->timeout_ms ? m->timeout_ms : 60000), &error);
  term_t r = NULL_TERM;
  if (e && !error && e->list && e->n == 1 && e->kids[0]->list && e->kids[0]->n == 2)
    r = smtsx_value(e->kids[0]->kids[1], term_type(t));
  smtsx_free(e);
  return r;
}

static uint32_t smts_unsat_core(solver *s, term_t **out) {
  smt_solver *m = (smt_solver *)s;
  *out = NULL;
  if (!m->core) return 0;
  term_t *c = malloc((m->ncore ? m->ncore : 1) * sizeof *c);
  if (!c) return 0;
  memcpy(c, m->core, m->ncore * sizeof *c);
  *out = c;
  return m->ncore;
}

static void smts_set_timeout(solver *s, uint32_t ms) { ((smt_solver *)s)->timeout_ms = ms; }

/* Async-signal safe: only sets a flag that the read loop polls. */
static void smts_interrupt(solver *s) { ((smt_solver *)s)->interrupted = 1; }

static const char *smts_reason_unknown(solver *s) { return ((smt_solver *)s)->reason; }

static const solver_ops smts_ops = {
  smts_destroy, smts_assert, smts_push, smts_pop, smts_check, smts_value,
  smts_unsat_core, smts_set_timeout, smts_interrupt, smts_reason_unknown, NULL, NULL, NULL,
};

solver *solver_new_smtlib(const char *cmd) {
  smt_solver *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->base.ops = &smts_ops;
  m->base.name = "smtlib";
  m->pid = -1; m->to_fd = m->from_fd = -1;
  idmap_init(&m->declared); idmap_init(&m->sorts); idmap_init(&m->indmap);
  strcpy(m->reason, "unknown");
  if (!(m->cmd = strdup(cmd)) || !smts_start(m)) { smts_destroy(&m->base); return NULL; }
  return &m->base;
}
