/* Horn-clause model certificates (see chc_cert.h, docs/CERT.md). */
#include "cert/chc_cert.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/limits.h"
#include "cert/qopen.h"
#include "ir/chc_witness.h"

/* All queries first: the checker rebuilds them the same way before doing
 * anything else, so both sides create identical terms (argument order of
 * and/or follows term creation order). */
static term_t *all_queries(const chc_system *s, const term_t *interp) {
  term_t *q = xcalloc(s->nclauses + 1, sizeof *q);
  for (uint32_t i = 0; i < s->nclauses; i++)
    q[i] = cert_lift_ite(cert_elim_array_eqs(cert_open_quantifiers(chc_clause_query(s, interp, i, NULL))));
  return q;
}

cert_status chc_certify(const chc_system *s, const term_t *interp, uint32_t timeout_ms, FILE *out,
                        chc_cert_clause *res, cert_stats *st) {
  term_t *q = all_queries(s, interp);
  cert_status worst = CERT_CERTIFIED;
  if (out) fprintf(out, "zeta-cert 1\nclauses %u\n", s->nclauses);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    double t0 = limits_now();
    chc_cert_clause *r = &res[i];
    r->why[0] = 0;
    char *buf = NULL;
    size_t blen = 0;
    FILE *mem = out ? open_memstream(&buf, &blen) : NULL;
    if (q[i] == NULL_TERM) { r->status = CERT_UNKNOWN; snprintf(r->why, sizeof r->why, "cannot build the clause query"); }
    else r->status = cert_unsat(q[i], timeout_ms, mem, st, r->why, sizeof r->why);
    if (r->status == CERT_VALIDATED && cert_has_quantifier(q[i])) {
      char w[sizeof r->why];
      memcpy(w, r->why, sizeof w);
      snprintf(r->why, sizeof r->why, "quantified model; %.160s", w);
    }
    if (mem) fclose(mem);
    if (out) {
      fprintf(out, "clause %u %s", i + 1, cert_status_name(r->status));
      if (r->status == CERT_CERTIFIED) { fputc('\n', out); fwrite(buf, 1, blen, out); }
      else {
        for (char *p = r->why; *p; p++) if (*p == '\n') *p = ' ';
        fprintf(out, " # %s\n", r->why);
      }
    }
    free(buf);
    if (r->status > worst) worst = r->status;
    r->seconds = limits_now() - t0;
  }
  free(q);
  return worst;
}

static void rest_of_line(cert_reader *r, char *out, size_t n) {
  const char *p = r->p;
  while (*p == ' ' || *p == '\t' || *p == '#') p++;
  size_t k = 0;
  while (*p && *p != '\n') { if (k + 1 < n) out[k++] = *p; p++; }
  out[k] = 0;
  r->p = p;
}

int chc_check_cert(const chc_system *s, const term_t *interp, const char *text, chc_cert_clause *res,
                   char *why, size_t whylen) {
  term_t *q = all_queries(s, interp);
  cert_reader r = {.p = text, .line = 1};
  int rc = 1;
  uint32_t n;
  for (uint32_t i = 0; i < s->nclauses; i++) { res[i].status = CERT_UNKNOWN; snprintf(res[i].why, sizeof res[i].why, "not in the certificate"); }
  if (!cert_next(&r) || strcmp(r.tok, "zeta-cert") || !cert_next(&r) || strcmp(r.tok, "1")) {
    snprintf(why, whylen, "%u:%u: 'zeta-cert 1' expected", r.line, r.col);
    r.malformed = true;
    goto done;
  }
  if (!cert_next(&r) || strcmp(r.tok, "clauses") || !cert_next(&r) || (n = (uint32_t)strtoul(r.tok, NULL, 10)) != s->nclauses) {
    snprintf(why, whylen, "%u:%u: 'clauses %u' expected", r.line, r.col, s->nclauses);
    r.malformed = true;
    goto done;
  }
  while (cert_next(&r)) {
    char *e;
    unsigned long c;
    if (strcmp(r.tok, "clause") || !cert_next(&r) || (c = strtoul(r.tok, &e, 10)) == 0 || *e || c > s->nclauses) {
      snprintf(why, whylen, "%u:%u: 'clause N' (1..%u) expected", r.line, r.col, s->nclauses);
      r.malformed = true;
      goto done;
    }
    chc_cert_clause *cr = &res[c - 1];
    if (!cert_next(&r)) { snprintf(why, whylen, "%u:%u: status expected", r.line, r.col); r.malformed = true; goto done; }
    if (strcmp(r.tok, "certified") == 0) {
      char cwhy[200];
      if (q[c - 1] == NULL_TERM || !cert_unsat_check(q[c - 1], &r, cwhy, sizeof cwhy)) {
        if (r.malformed) snprintf(why, whylen, "%s", cwhy);
        else snprintf(why, whylen, "clause %lu: %s", c, q[c - 1] == NULL_TERM ? "cannot build the clause query" : cwhy);
        goto done;
      }
      cr->status = CERT_CERTIFIED;
      cr->why[0] = 0;
    } else {
      /* a claim without a certificate proves nothing here: unknown */
      char claim[24];
      snprintf(claim, sizeof claim, "%.20s", r.tok);
      char rest[sizeof cr->why];
      rest_of_line(&r, rest, sizeof rest);
      cr->status = CERT_UNKNOWN;
      snprintf(cr->why, sizeof cr->why, "no certificate; the certifier said: %.20s %.120s", claim, rest);
    }
  }
  rc = 0;
done:
  if (rc && r.malformed) rc = 2;
  free(q);
  return rc;
}
