#include "lang/lang_common.h"
#include "cert/cert_unsat.h"
#include <stdio.h>
#include <stdlib.h>
#include "core/alloc.h"

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
