/* SMT-LIB parsing and term-construction benchmark.
 *
 *   parse_bench gen FILE MB   write a BMC-style SMT-LIB script of about MB megabytes
 *   parse_bench parse FILE    parse it (terms built, no solving): MB/s, peak memory
 *   parse_bench terms N       build N distinct hash-consed terms: time, memory
 *
 * Each mode runs in its own process so peak memory (ru_maxrss) is its own.
 * Targets (issue 2): parsing >= 20 MB/s with peak memory < 4x the file;
 * 10^6 distinct terms in < 1 s and < 150 MB.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "core/term.h"
#include "core/smtlib.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU seconds of this process (less disturbed than wall time on a loaded
 * machine). */
static double cpu(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

static double peak_mb(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss / 1024.0;   /* kilobytes on Linux */
}

/* An unrolled transition system over Int, Bool and 32-bit vectors, with
 * lets, as produced by BMC tools: every step declares fresh state
 * variables and asserts the transition relation in terms of the previous
 * ones. */
static int gen(const char *file, double mb) {
  FILE *f = fopen(file, "w");
  if (!f) { perror(file); return 2; }
  fputs("(set-logic QF_ABVLIA)\n(declare-const x_0 Int)(declare-const y_0 Int)(declare-const b_0 Bool)\n"
        "(declare-const v_0 (_ BitVec 32))(declare-const m_0 (Array Int Int))\n", f);
  unsigned long long target = (unsigned long long)(mb * 1e6);
  for (unsigned long k = 1; (unsigned long long)ftell(f) < target; k++) {
    unsigned long p = k - 1;
    fprintf(f, "(declare-const x_%lu Int)\n(declare-const y_%lu Int)\n(declare-const b_%lu Bool)\n"
               "(declare-const v_%lu (_ BitVec 32))\n(declare-const m_%lu (Array Int Int))\n",
            k, k, k, k, k);
    fprintf(f,
            "(assert\n  (let ((?a (+ x_%lu (* 3 y_%lu))) (?c (bvadd v_%lu #x%08lx)))\n"
            "    (and (= x_%lu (ite b_%lu ?a (- ?a %lu)))\n"
            "         (=> (> ?a %lu) (= y_%lu (- y_%lu 1)))\n"
            "         (= v_%lu (ite (bvult ?c v_%lu) ?c (bvmul v_%lu (_ bv%lu 32))))\n"
            "         (= m_%lu (store m_%lu x_%lu (select m_%lu y_%lu)))\n"
            "         (or b_%lu (not b_%lu) (<= (+ x_%lu y_%lu) %lu)))))\n",
            p, p, p, (k * 2654435761u) & 0xffffffffu,
            k, p, k % 97,
            k % 1000, k, p,
            k, p, p, k % 13 + 2,
            k, p, p, p, p,
            k, p, k, k, k * 7);
  }
  fputs("(check-sat)\n", f);
  long size = ftell(f);
  fclose(f);
  printf("generated %s: %.1f MB\n", file, size / 1e6);
  return 0;
}

static int parse(const char *file) {
  FILE *in = fopen(file, "rb");
  if (!in) { perror(file); return 2; }
  double t0 = now(), c0 = cpu();
  smtlib_parser *p = smtlib_new_file(file, in);
  if (!p) { fclose(in); return 3; }
  smtlib_cmd c;
  smtlib_status st;
  unsigned long ncmds = 0;
  while ((st = smtlib_next(p, &c)) == SMTLIB_OK) ncmds++;
  double t = now() - t0, ct = cpu() - c0;
  int rc = 0;
  if (st == SMTLIB_ERROR) { fprintf(stderr, "%s\n", smtlib_error(p)); rc = 2; }
  double mb = smtlib_bytes_read(p) / 1e6;
  printf("parse: %.1f MB, %lu commands, %zu term nodes (%.1f MB term table) in %.2f s (%.2f s CPU): "
         "%.1f MB/s (%.1f MB/s CPU); peak RSS %.1f MB (%.2fx the file)\n",
         mb, ncmds, terms_count(), terms_memory() / 1e6, t, ct, mb / t, mb / ct, peak_mb(), peak_mb() / mb);
  smtlib_free(p);
  fclose(in);
  return rc;
}

static int terms(unsigned long n) {
  enum { NV = 1000 };
  term_t xs[NV], bs[NV];
  char name[32];
  for (int i = 0; i < NV; i++) {
    snprintf(name, sizeof name, "x%d", i);
    xs[i] = term_var(name, type_int());
    snprintf(name, sizeof name, "b%d", i);
    bs[i] = term_var(name, type_bool());
  }
  size_t base = terms_count();
  double t0 = now(), c0 = cpu();
  unsigned long i = 0;
  /* mixed shapes: sums with literals, products, comparisons, ite, and/or */
  while (terms_count() - base < n) {
    term_t a = term_add2(xs[i % NV], term_int((long)(i / NV) + 1));
    term_t c = term_le(a, xs[(i * 7 + 3) % NV]);
    term_t d = term_or2(c, bs[(i * 13) % NV]);
    (void)term_ite(d, a, xs[(i * 31) % NV]);
    i++;
  }
  double t = now() - t0, ct = cpu() - c0;
  size_t built = terms_count() - base;
  /* the same constructions again: every one is a hash-cons hit */
  double t1 = now();
  for (unsigned long j = 0; j < i; j++) {
    term_t a = term_add2(xs[j % NV], term_int((long)(j / NV) + 1));
    term_t c = term_le(a, xs[(j * 7 + 3) % NV]);
    term_t d = term_or2(c, bs[(j * 13) % NV]);
    (void)term_ite(d, a, xs[(j * 31) % NV]);
  }
  double th = now() - t1;
  printf("terms: %zu distinct nodes in %.3f s (%.3f s CPU, %.0f ns/node), rebuilt (all hits) in %.3f s; "
         "term table %.1f MB, peak RSS %.1f MB\n",
         built, t, ct, t * 1e9 / (double)built, th, terms_memory() / 1e6, peak_mb());
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 4 && !strcmp(argv[1], "gen")) return gen(argv[2], atof(argv[3]));
  if (argc == 3 && !strcmp(argv[1], "parse")) return parse(argv[2]);
  if (argc == 3 && !strcmp(argv[1], "terms")) return terms(strtoul(argv[2], NULL, 10));
  fprintf(stderr, "usage: parse_bench gen FILE MB | parse FILE | terms N\n");
  return 2;
}
