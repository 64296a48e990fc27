/* Runs an interpolation strategy in a forked child process.
 *
 * Z3 4.8.12's Spacer and MBP stop the whole process on some internal
 * assertion failures (e.g. bit-vector lemmas in spacer_context.cpp), which
 * a library must not do to its caller. The child computes the interpolants
 * and prints them as SMT-LIB assertions on a pipe; the parent parses them
 * back with Z3's parser over declarations for the shared symbols. A crashed
 * or overdue child is an UNKNOWN answer. */
#include <sys/prctl.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "solver/idmap.h"
#include "solver/itp_internal.h"
#include "solver/z3_conv.h"

static int64_t itp_iso_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Child side: "unsat\n(assert I1)\n..." or "sat\n" or "unknown <ptr>\n".
 * The reason is a static string, valid at the same address in the parent. */
static void itp_iso_child(int fd, itp_strategy_fn fn, uint32_t n, const term_t *f,
                          const term_vec *shared, uint32_t timeout_ms) {
  term_t *out = malloc((n ? n : 1) * sizeof *out);
  FILE *w = fdopen(fd, "w");
  if (!out || !w) _exit(3);
  const char *why = "isolated strategy failed";
  solver_result r = fn(n, f, shared, out, timeout_ms, &why);
  if (r == SOLVER_SAT) fputs("sat\n", w);
  else if (r == SOLVER_UNKNOWN) fprintf(w, "unknown %p\n", (const void *)why);
  else {
    fputs("unsat\n", w);
    for (uint32_t c = 0; c + 1 < n; c++) {
      fputs("(assert ", w);
      term_print_let(w, out[c]);
      fputs(")\n", w);
    }
  }
  free(out);
  _exit(fclose(w) == 0 ? 0 : 3);
}

/* Reads everything the child writes, until EOF or the deadline. */
static char *itp_iso_read(int fd, int64_t deadline, size_t *len) {
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    int wait = -1;
    if (deadline) {
      int64_t left = deadline - itp_iso_now_ms();
      if (left <= 0) { free(buf); return NULL; }
      wait = left > 1000 ? 1000 : (int)left;
    }
    struct pollfd p = {fd, POLLIN, 0};
    int pr = poll(&p, 1, wait);
    if (pr < 0 && errno != EINTR) { free(buf); return NULL; }
    if (pr <= 0) continue;
    if (n + 1 == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) { free(buf); return NULL; }
      buf = nb;
    }
    ssize_t k = read(fd, buf + n, cap - n - 1);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) { free(buf); return NULL; }
    if (k == 0) break;
    n += (size_t)k;
  }
  if (buf) { buf[n] = 0; *len = n; }
  return buf;
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

solver_result itp_isolated(z3conv *conv, itp_strategy_fn fn, uint32_t n, const term_t *f, const term_vec *shared,
                           term_t *out, uint32_t timeout_ms, const char **why) {
  int p[2];
  *why = "isolation: cannot fork";
  if (pipe2(p, O_CLOEXEC) < 0) return SOLVER_UNKNOWN;
  fflush(NULL);   /* or buffered output would be written twice */
  pid_t pid = fork();
  if (pid < 0) { close(p[0]); close(p[1]); return SOLVER_UNKNOWN; }
  if (pid == 0) {
    /* die with the parent: a killed zeta must not leave solver children */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    close(p[0]);
    int devnull = open("/dev/null", O_WRONLY);   /* Z3 prints its assertion failures */
    if (devnull >= 0) dup2(devnull, 2);
    itp_iso_child(p[1], fn, n, f, shared, timeout_ms);
  }
  close(p[1]);
  size_t len = 0;
  char *text = itp_iso_read(p[0], timeout_ms ? itp_iso_now_ms() + timeout_ms + 2000 : 0, &len);
  close(p[0]);
  if (!text) kill(pid, SIGKILL);   /* EOF means the child is already exiting */
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  solver_result r = SOLVER_UNKNOWN;
  if (!text) *why = "isolation: timeout";
  else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) *why = "isolation: the strategy crashed";
  else if (!strncmp(text, "sat\n", 4)) r = SOLVER_SAT;
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
