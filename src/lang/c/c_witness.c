#include "lang/c/c_witness.h"
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "core/file.h"
#include "lang/cfa_run.h"
#include "zeta/zeta.h"

static bool sha256_file(const char *path, char hex[65]) {
  size_t len;
  char err[256];
  char *text = file_read_all(path, &len, err, sizeof err);
  if (!text) return false;
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned mdlen = 0;
  EVP_Digest(text, len, md, &mdlen, EVP_sha256(), NULL);
  free(text);
  for (unsigned i = 0; i < 32 && i < mdlen; i++) snprintf(hex + 2 * i, 3, "%02x", md[i]);
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

/* The metadata of every entry. */
static void metadata(FILE *out, const c_program *p, const char *hex, const char *entry) {
  time_t now = time(NULL);
  struct tm tmv;
  gmtime_r(&now, &tmv);
  char when[64];
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tmv);
  fprintf(out, "- entry_type: %s\n  metadata:\n    format_version: \"2.0\"\n", entry);
  /* an identifier derived from the program's hash (deterministic) */
  fprintf(out, "    uuid: \"%.8s-%.4s-4%.3s-a%.3s-%.12s\"\n", hex, hex + 8, hex + 12, hex + 15, hex + 18);
  fprintf(out, "    creation_time: \"%s\"\n    producer:\n      name: zeta\n      version: \"%s\"\n", when, ZETA_VERSION);
  fprintf(out, "    task:\n      input_files:\n        - ");
  quoted(out, p->path);
  fprintf(out, "\n      input_file_hashes:\n        ");
  quoted(out, p->path);
  fprintf(out, ": \"%s\"\n      specification: \"G ! call(reach_error())\"\n      data_model: %s\n      language: C\n",
          hex, p->lp64 ? "LP64" : "ILP32");
}

char *c_witness_violation(const c_program *p, const c_replay_result *rr) {
  char hex[65] = "";
  if (!sha256_file(p->path, hex)) return NULL;
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  metadata(out, p, hex, "violation_sequence");
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

/* ---- invariants back in C ---- */

typedef struct {
  const c_program *p;
  const c_loop *loop;
  FILE *out;
} c_printer;

/* The C type whose values are the bit-vectors of width w (1 bit: unsigned
 * char), or NULL. */
static const char *bv_type(uint32_t w, bool is_signed) {
  if (w == 1 && !is_signed) w = 8;
  if (w != 8 && w != 16 && w != 32 && w != 64) return NULL;
  return c_type_name(c_int_make(C_RANK_INT, w, is_signed));
}

/* The C name of a CFA variable visible in the loop's scope, or NULL. */
static const char *c_name(const c_printer *pr, term_t v, c_int *ty) {
  uint32_t i = cfa_var_index(&pr->p->cfa, v);
  if (i == CFA_NONE || !pr->p->cnames[i]) return NULL;
  const char *n = term_var_name(v);
  if (strchr(n, '!') || strchr(n, '.')) return NULL;   /* shadowed copies, struct fields */
  const char *sep = strstr(n, "::");
  if (sep && (strncmp(n, pr->loop->scope, strlen(pr->loop->scope)) != 0 || i >= pr->loop->nvars)) return NULL;
  if (sep && strstr(sep + 2, "::")) return NULL;          /* static locals */
  *ty = pr->p->vtypes[i];
  return pr->p->cnames[i];
}

static bool c_term(const c_printer *pr, term_t t);

static bool c_args(const c_printer *pr, term_t t, const char *op, const char *cast_each) {
  fputc('(', pr->out);
  for (uint32_t i = 0; i < term_nargs(t); i++) {
    if (i) fprintf(pr->out, " %s ", op);
    if (cast_each) fprintf(pr->out, "(%s)", cast_each);
    if (!c_term(pr, term_arg(t, i))) return false;
  }
  fputc(')', pr->out);
  return true;
}

/* t as a C expression: bit-vectors of width w as values of the unsigned
 * type of that width (so that C's arithmetic wraps exactly as the
 * bit-vector operators do), integers as long long (variables of at most 32
 * bits only, sums of those fit). */
static bool c_term(const c_printer *pr, term_t t) {
  FILE *out = pr->out;
  if (term_is_true(t)) return fputs("1", out), true;
  if (term_is_false(t)) return fputs("0", out), true;
  if (term_is_negated(t)) {
    fputs("!", out);
    return c_term(pr, term_unsigned(t));
  }
  type_t ty = term_type(t);
  uint32_t w = type_kind_of(ty) == TYPE_BV ? type_bv_width(ty) : 0;
  const char *ut = bv_type(w, false);
  if (w && !ut) return false;
  if (!ut) ut = "long long";
  term_op op = term_op_of(t);
  if (term_is_var(t)) {
    c_int ct;
    const char *n = c_name(pr, t, &ct);
    if (!n || (!w && ct.width > 32)) return false;
    if (w) fprintf(out, "((%s)%s)", ut, n);
    else fprintf(out, "((long long)%s)", n);
    return true;
  }
  if (op == OP_BV) {
    mpz_t z;
    mpz_init(z);
    term_bv_value(t, z);
    gmp_fprintf(out, "((%s)%Zuull)", ut, z);
    mpz_clear(z);
    return true;
  }
  if (op == OP_RAT) {
    if (!term_rat_is_int(t)) return false;
    mpq_t q;
    mpq_init(q);
    term_rat_value(t, q);
    bool ok = mpz_sizeinbase(mpq_numref(q), 2) < 62;
    if (ok) gmp_fprintf(out, "%Zdll", mpq_numref(q));
    mpq_clear(q);
    return ok;
  }
  switch (op) {
  case OP_AND: return c_args(pr, t, "&&", NULL);
  case OP_OR: return c_args(pr, t, "||", NULL);
  case OP_EQ: return c_args(pr, t, "==", NULL);
  case OP_ITE:
    fputc('(', out);
    if (!c_term(pr, term_arg(t, 0))) return false;
    fputs(" ? ", out);
    if (!c_term(pr, term_arg(t, 1))) return false;
    fputs(" : ", out);
    if (!c_term(pr, term_arg(t, 2))) return false;
    fputc(')', out);
    return true;
  case OP_ADD: return c_args(pr, t, "+", NULL);
  case OP_SUB: return c_args(pr, t, "-", NULL);
  case OP_NEG: fputs("(-", out); if (!c_term(pr, term_arg(t, 0))) return false; fputc(')', out); return true;
  case OP_MUL:   /* linear only: no product of two variables can overflow long long */
    for (uint32_t i = 0, nonconst = 0; i < term_nargs(t); i++)
      if (!term_is_const(term_arg(t, i)) && ++nonconst > 1) return false;
    return c_args(pr, t, "*", NULL);
  case OP_LE: return c_args(pr, t, "<=", NULL);
  case OP_LT: return c_args(pr, t, "<", NULL);
  case OP_BVADD: case OP_BVSUB: case OP_BVMUL: case OP_BVAND: case OP_BVOR: case OP_BVXOR: {
    const char *o = op == OP_BVADD ? "+" : op == OP_BVSUB ? "-" : op == OP_BVMUL ? "*" : op == OP_BVAND ? "&" : op == OP_BVOR ? "|" : "^";
    fprintf(out, "((%s)", ut);
    if (!c_args(pr, t, o, w < 32 ? "unsigned int" : NULL)) return false;   /* no promotion to signed int */
    fputc(')', out);
    return true;
  }
  case OP_BVULT: case OP_BVULE: case OP_BVUGT: case OP_BVUGE:
    return c_args(pr, t, op == OP_BVULT ? "<" : op == OP_BVULE ? "<=" : op == OP_BVUGT ? ">" : ">=", NULL);
  case OP_BVSLT: case OP_BVSLE: case OP_BVSGT: case OP_BVSGE: {
    uint32_t aw = type_bv_width(term_type(term_arg(t, 0)));
    if (!bv_type(aw, true)) return false;
    return c_args(pr, t, op == OP_BVSLT ? "<" : op == OP_BVSLE ? "<=" : op == OP_BVSGT ? ">" : ">=", bv_type(aw, true));
  }
  case OP_EXTRACT:
    if (term_param(t, 1) != 0) return false;
    fprintf(out, "((%s)", ut);
    if (!c_term(pr, term_arg(t, 0))) return false;
    fputc(')', out);
    return true;
  case OP_ZERO_EXTEND:
  case OP_SIGN_EXTEND: {
    uint32_t aw = type_bv_width(term_type(term_arg(t, 0)));
    if (op == OP_SIGN_EXTEND && !bv_type(aw, true)) return false;
    fprintf(out, "((%s)", ut);
    if (op == OP_SIGN_EXTEND) fprintf(out, "(%s)", bv_type(aw, true));
    if (!c_term(pr, term_arg(t, 0))) return false;
    fputc(')', out);
    return true;
  }
  default: return false;
  }
}

char *c_witness_invariants(const c_program *p, cfa *c, const term_t *inv, char *why, size_t n) {
  const char *failed = NULL;
  if (inv && !cfa_run_invariant_holds(c, inv, NULL, &failed)) {
    snprintf(why, n, "the invariant failed its %s check", failed ? failed : "re-");
    return NULL;
  }
  char hex[65] = "";
  if (!sha256_file(p->path, hex)) {
    snprintf(why, n, "cannot read %s", p->path);
    return NULL;
  }
  char *text = NULL, *expr = NULL;
  size_t len = 0, elen = 0;
  FILE *out = open_memstream(&text, &len);
  metadata(out, p, hex, "invariant_set");
  fprintf(out, "  content:");
  uint32_t printed = 0;
  for (uint32_t i = 0; inv && i < p->nloops; i++) {
    const c_loop *lp = &p->loops[i];
    char name[32];
    snprintf(name, sizeof name, "l%u", lp->loc);
    uint32_t l = cfa_find_loc(c, name);
    if (l == CFA_NONE) continue;   /* pruned: no path from there to an error */
    term_t *cs = NULL;
    uint32_t ncs = term_conjuncts(inv[l], &cs), kept = 0;
    FILE *e = open_memstream(&expr, &elen);
    for (uint32_t k = 0; k < ncs; k++) {
      c_printer pr = {p, lp, NULL};
      char *one = NULL;
      size_t olen = 0;
      pr.out = open_memstream(&one, &olen);
      bool ok = c_term(&pr, cs[k]);
      fclose(pr.out);
      if (ok) fprintf(e, "%s%s", kept++ ? " && " : "", one);   /* a subset of the conjuncts still holds */
      free(one);
    }
    fclose(e);
    free(cs);
    if (kept) {
      printed++;
      fprintf(out, "\n    - invariant:\n        type: loop_invariant\n        location:\n          file_name: ");
      quoted(out, p->path);
      fprintf(out, "\n          line: %u\n          column: %u\n          function: %s\n        value: ", lp->line, lp->col,
              lp->function);
      quoted(out, expr);
      fprintf(out, "\n        format: c_expression");
    }
    free(expr);
    expr = NULL;
  }
  fprintf(out, printed ? "\n" : " []\n");
  fclose(out);
  return text;
}
