#include "lang/c/c_witness.h"
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "zeta/zeta.h"

static bool sha256_file(const char *path, char hex[65]) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
  unsigned char buf[8192], md[EVP_MAX_MD_SIZE];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) EVP_DigestUpdate(ctx, buf, n);
  unsigned len = 0;
  EVP_DigestFinal_ex(ctx, md, &len);
  EVP_MD_CTX_free(ctx);
  fclose(f);
  for (unsigned i = 0; i < 32 && i < len; i++) snprintf(hex + 2 * i, 3, "%02x", md[i]);
  return true;
}

/* A YAML double-quoted scalar. */
static void quoted(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', out);
    if ((unsigned char)*s < 0x20) fprintf(out, "\\x%02x", (unsigned char)*s);
    else fputc(*s, out);
  }
  fputc('"', out);
}

void c_witness_equation(char *buf, size_t n, const char *name, term_t value, c_int t) {
  mpz_t z;
  mpz_init(z);
  c_sem_value(value, t, z);
  mpz_t lim;
  mpz_init_set_si(lim, -9223372036854775807L);
  if (mpz_cmp(z, lim) < 0) gmp_snprintf(buf, n, "%s == (%Zd - 1)", name, lim);
  else gmp_snprintf(buf, n, "%s == %Zd%s", name, z, t.is_signed || mpz_cmp_ui(z, 2147483647u) <= 0 ? "" : "U");
  mpz_clears(z, lim, NULL);
}

static void waypoint(FILE *out, const char *type, const char *file, uint32_t line, uint32_t col, const char *value,
                     bool c_expr) {
  fprintf(out, "    - segment:\n        - waypoint:\n            type: %s\n            action: follow\n", type);
  fprintf(out, "            location:\n              file_name: ");
  quoted(out, file);
  fprintf(out, "\n              line: %u\n              column: %u\n", line, col);
  if (value) {
    fprintf(out, "            constraint:\n              value: ");
    quoted(out, value);
    fprintf(out, "\n");
    if (c_expr) fprintf(out, "              format: c_expression\n");
  }
}

char *c_witness_violation(const c_program *p, const c_replay_result *rr) {
  char hex[65] = "";
  if (!sha256_file(p->path, hex)) return NULL;
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  time_t now = time(NULL);
  struct tm tmv;
  gmtime_r(&now, &tmv);
  char when[64];
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tmv);
  fprintf(out, "- entry_type: violation_sequence\n  metadata:\n    format_version: \"2.0\"\n");
  /* a name-based identifier: the program's hash and the path's length of nondet values */
  fprintf(out, "    uuid: \"%.8s-%.4s-4%.3s-a%.3s-%.12s\"\n", hex, hex + 8, hex + 12, hex + 15, hex + 18);
  fprintf(out, "    creation_time: \"%s\"\n    producer:\n      name: zeta\n      version: \"%s\"\n", when, ZETA_VERSION);
  fprintf(out, "    task:\n      input_files:\n        - ");
  quoted(out, p->path);
  fprintf(out, "\n      input_file_hashes:\n        ");
  quoted(out, p->path);
  fprintf(out, ": \"%s\"\n      specification: \"G ! call(reach_error())\"\n      data_model: %s\n      language: C\n",
          hex, p->lp64 ? "LP64" : "ILP32");
  fprintf(out, "  content:\n");
  uint32_t nv = 0;
  for (uint32_t i = 0; i < rr->nedges; i++) {
    const c_edge_info *info = &p->einfo[rr->edges[i]];
    if (info->kind == C_EDGE_NONDET) {
      const c_site *s = &p->sites[info->site];
      term_t v = nv < rr->nvals ? rr->vals[nv++].value : NULL_TERM;
      if (s->target && s->wline && v != NULL_TERM) {
        char eq[256];
        c_witness_equation(eq, sizeof eq, s->target, v, s->type);
        waypoint(out, "assumption", p->path, s->wline, s->wcol, eq, true);
      }
    } else if ((info->kind == C_EDGE_TRUE || info->kind == C_EDGE_FALSE) && info->line) {
      waypoint(out, "branching", p->path, info->line, info->col, info->kind == C_EDGE_TRUE ? "true" : "false", false);
    } else if (info->kind == C_EDGE_REACH) {
      waypoint(out, "target", p->path, info->line, info->col, NULL, false);
    }
  }
  fclose(out);
  return text;
}
