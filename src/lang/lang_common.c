#include "lang/lang_common.h"
#include "cert/cert_unsat.h"
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "core/alloc.h"
#include "solver/z3_conv.h"

int lang_verdict(report *r, zeta_verdict v, const char *reason) {
  report_set_verdict(r, v, reason);
  FILE *out = report_out(r);
  switch (v) {
  case ZETA_SAFE: fputs("SAFE\n", out); return ZETA_EXIT_VERDICT;
  case ZETA_UNSAFE: fputs("UNSAFE\n", out); return ZETA_EXIT_VERDICT;
  default: fprintf(out, "UNKNOWN (%s)\n", report_reason(r)); return ZETA_EXIT_UNKNOWN;
  }
}

FILE *lang_capture_open(lang_capture *c) {
  c->buf = NULL;
  c->len = 0;
  c->f = open_memstream(&c->buf, &c->len);
  if (!c->f) alloc_fail(0);
  return c->f;
}

void lang_emit(report *r, const char *kind, lang_capture *c) {
  fclose(c->f);
  fputs(c->buf ? c->buf : "", report_out(r));
  report_set_evidence(r, kind, c->buf);
  free(c->buf);
  c->buf = NULL;
}

void lang_cert_text(char *text, size_t n, int status, const char *what, unsigned nq, const char *why) {
  if (status == CERT_CERTIFIED) snprintf(text, n, "certified: %s (%u queries, lemmas and proofs checked)", what, nq);
  else snprintf(text, n, "certificate: %s (%s)", cert_status_name((cert_status)status), why);
}

/* Transparent huge pages (where the kernel gives them on request) for the
 * next bytes of the heap: the Z3 contexts' tables below then fault in 2 MB
 * at a time instead of 4 KB (about 4,100 faults per context, ~40 % of the
 * CPU of a tiny task's run). Reserved in blocks below the mmap threshold,
 * so that glibc takes them from the heap, advised, and freed untouched:
 * the heap's top keeps them (the trim threshold) and later allocations
 * fill them. */
#define HUGE_BLOCK_BYTES (30u << 20)
#define HUGE_BLOCKS 4
static void heap_huge_pages(void) {
  char *p[HUGE_BLOCKS];
  uintptr_t huge = 2u << 20;
  for (int i = 0; i < HUGE_BLOCKS; i++) {
    p[i] = malloc(HUGE_BLOCK_BYTES);
    uintptr_t a = ((uintptr_t)p[i] + huge - 1) & ~(huge - 1), e = ((uintptr_t)p[i] + HUGE_BLOCK_BYTES) & ~(huge - 1);
    if (p[i] && e > a) madvise((void *)a, e - a, MADV_HUGEPAGE);
  }
  for (int i = HUGE_BLOCKS; i-- > 0;) free(p[i]);
}

/* Every Z3 context allocates two ~8.5 MB tables and touches them whole
 * (~4,100 page faults); a run makes many contexts one after another (a
 * C program's CEGAR makes one per invariant check and interpolation: ~200
 * on tests/c/side_effects.c, 880 k faults, 8.8 s of system time on a VM).
 * glibc would give each freed table back to the kernel (mmap, then trim)
 * and the next context would fault it in again; kept in the heap, it is
 * reused. The memory stays with the process until it ends. */
void lang_keep_freed_memory(void) {
  static bool done;
  if (done) return;
  done = true;
  mallopt(M_MMAP_THRESHOLD, 32 << 20);   /* glibc's maximum */
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  heap_huge_pages();
  z3conv_reuse_contexts(true);   /* and a clean context itself (~4.7 M instructions to make) */
}
