/* Annotations through solc: see sol_annot.h. */
#include "lang/sol/sol_annot.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_quant.h"
#include "zeta/zeta.h"

/* ---------- text helpers ---------- */

typedef struct { char *s; size_t n, cap; } buf;

static void put(buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    b->cap = (b->n + n + 1) * 2;
    b->s = xrealloc(b->s, b->cap);
  }
  if (n) memcpy(b->s + b->n, s, n);
  b->n += n;
  b->s[b->n] = 0;
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static void pos_of(const char *text, size_t off, unsigned *line, unsigned *col) {
  *line = 1, *col = 1;
  for (size_t i = 0; i < off && text[i]; i++) {
    if (text[i] == '\n') ++*line, *col = 1;
    else ++*col;
  }
}

static size_t off_of(const char *text, size_t len, unsigned line, unsigned col) {
  size_t i = 0;
  for (unsigned l = 1; l < line && i < len; i++)
    if (text[i] == '\n') l++;
  return i + col - 1 <= len ? i + col - 1 : len;
}

/* ---------- the annotations of one doc comment ---------- */

/* An insertion into the copy: at offset `at` of the source, the text
 * ins; each annotation expression in it at [a, b) of ins. */
typedef struct { size_t at; buf ins; uint32_t *ann; size_t *a, *b; uint32_t nann; } insertion;

typedef struct {
  const char *path;
  const char *text;
  size_t len;
  sol_annots *out;
  insertion *ins;
  uint32_t nins;
  uint32_t inv_from, inv_to;   /* the current contract's invariants in out */
  bool iface;        /* the current contract is an interface (no bodies) */
  bool *mute;        /* annotations solc rejected in their place (a pure function reading state): unsupported */
  uint32_t nmute;
  bool muted_new;    /* map_errors found one more */
  bool unmute;       /* reading a muted function's annotations into its synthetic spec */
} annot_ctx;

static insertion *insertion_at(annot_ctx *A, size_t at) {
  for (uint32_t i = 0; i < A->nins; i++)
    if (A->ins[i].at == at) return &A->ins[i];
  A->ins = xrealloc(A->ins, (A->nins + 1) * sizeof *A->ins);
  insertion *x = &A->ins[A->nins++];
  memset(x, 0, sizeof *x);
  x->at = at;
  return x;
}

/* Appends `name(N, expr)` (or `name(N)` without expr) to x. */
static void marker(insertion *x, const char *name, uint32_t k, const char *expr) {
  char head[64];
  snprintf(head, sizeof head, " %s(%u%s", name, k, expr ? ", " : "");
  puts_(&x->ins, head);
  if (expr) {
    x->ann = xrealloc(x->ann, (x->nann + 1) * sizeof *x->ann);
    x->a = xrealloc(x->a, (x->nann + 1) * sizeof *x->a);
    x->b = xrealloc(x->b, (x->nann + 1) * sizeof *x->b);
    x->ann[x->nann] = k;
    x->a[x->nann] = x->ins.n;
    puts_(&x->ins, expr);
    x->b[x->nann++] = x->ins.n;
  }
  puts_(&x->ins, ");");
}

/* The comment just before offset off (a slash-star-star block or a run of
 * `///` lines): [*cs, *ce), false if none. */
static bool comment_before(const char *t, size_t off, size_t *cs, size_t *ce) {
  size_t i = off;
  while (i > 0 && isspace((unsigned char)t[i - 1])) i--;
  if (i >= 2 && t[i - 1] == '/' && t[i - 2] == '*') {
    *ce = i;
    for (size_t j = i - 2; j >= 3; j--)
      if (strncmp(t + j - 3, "/**", 3) == 0) { *cs = j - 3; return true; }
    return false;
  }
  /* `///` lines: the start of each line above */
  size_t start = off, found = 0;
  *ce = i;
  for (;;) {
    size_t ls = i;
    while (ls > 0 && t[ls - 1] != '\n') ls--;
    size_t p = ls;
    while (p < i && (t[p] == ' ' || t[p] == '\t')) p++;
    if (i <= p || strncmp(t + p, "///", 3) != 0) break;
    start = p;
    found++;
    if (ls == 0) break;
    i = ls - 1;
  }
  *cs = start;
  return found > 0;
}

/* The marker `name(N, e)` at x; quantifiers and __verifier_eq in e are
 * rewritten (sol_quant.h): the marker then goes into a block with the
 * declarations and statements they need. Returns why e cannot be
 * rewritten (nothing added), or NULL. */
static const char *expr_marker(insertion *x, const char *name, uint32_t k, const char *e) {
  char *pre, *out;
  const char *why;
  if (!sol_quant_rewrite(e, &pre, &out, &why)) return why ? why : "quantifiers";
  bool block = strcmp(out, e) != 0 || pre[0];
  if (block) {
    puts_(&x->ins, " {");
    puts_(&x->ins, pre);
  }
  marker(x, name, k, out);
  if (block) puts_(&x->ins, " }");
  free(pre);
  free(out);
  return NULL;
}

/* The annotations of the comment [cs, ce) of a node of kind owner ('c'
 * contract, 'f' function, 'l' loop): added to A->out, their markers to
 * the insertion at `at` (NULL at: the owner cannot hold them). */
static void read_comment(annot_ctx *A, size_t cs, size_t ce, char owner, size_t at, bool can_insert) {
  const char *t = A->text;
  for (size_t p = cs; p + 7 <= ce; p++) {
    if (strncmp(t + p, "@notice", 7) != 0) continue;
    size_t q = p + 7;
    while (q < ce && (t[q] == ' ' || t[q] == '\t')) q++;
    size_t w = q;
    while (q < ce && (isalpha((unsigned char)t[q]) || t[q] == '-')) q++;
    char word[32];
    snprintf(word, sizeof word, "%.*s", (int)(q - w), t + w);
    if (owner == 'l' && q == w && strncmp(t + q, "{contractInvariants}", 20) == 0) {
      /* the contract's invariants as loop invariants */
      for (uint32_t i = A->inv_from; i < A->inv_to; i++) {
        sol_annots *o = A->out;
        o->v = xrealloc(o->v, (o->n + 1) * sizeof *o->v);
        sol_annot *an = &o->v[o->n];
        *an = o->v[i];
        an->kind = AN_LOOP_INV;
        an->text = xstrdup(o->v[i].text);
        uint32_t n = o->n++;
        if (!can_insert) { if (!an->unsupported) an->unsupported = "a loop body without braces"; continue; }
        insertion *x = insertion_at(A, at);
        if (an->unsupported) marker(x, "__zeta_skip", n, NULL);
        else if ((an->unsupported = expr_marker(x, "__zeta_li", n, an->text))) marker(x, "__zeta_skip", n, NULL);
      }
      continue;
    }
    sol_annot_kind k;
    if (strcmp(word, "invariant") == 0) k = owner == 'l' ? AN_LOOP_INV : AN_INV;
    else if (strcmp(word, "precondition") == 0) k = AN_PRE;
    else if (strcmp(word, "postcondition") == 0) k = AN_POST;
    else if (strcmp(word, "modifies") == 0) k = AN_MODIFIES;
    else if (owner == 'f' && strcmp(word, "specification") == 0) k = AN_POST;
    else if (owner == 'f' && strcmp(word, "emits") == 0) k = AN_EMITS;
    else if (owner == 'e' && strcmp(word, "tracks-changes-in") == 0) k = AN_TRACK;
    else if (owner == 'e' && strcmp(word, "allow-no-change-emit") == 0) k = AN_NOCHANGE;
    else continue;   /* prose */
    if ((k == AN_INV && owner != 'c') || (k == AN_MODIFIES && owner != 'f') || ((k == AN_PRE || k == AN_POST) && owner != 'f' && owner != 'e'))
      continue;
    bool nl = false;
    while (q < ce && isspace((unsigned char)t[q])) nl |= t[q++] == '\n';
    if (nl && q + 3 <= ce && strncmp(t + q, "///", 3) == 0) q += 3;   /* the expression starts on the next line */
    else if (nl && q < ce && t[q] == '*' && (q + 1 >= ce || t[q + 1] != '/')) q++;
    while (q < ce && isspace((unsigned char)t[q])) q++;
    size_t end = q;
    while (end < ce && strncmp(t + end, "@notice", 7) != 0) end++;
    if (end == ce && ce >= 2 && t[ce - 1] == '/' && t[ce - 2] == '*') end -= 2;
    /* the expression: continuation lines without their `///` or `*` */
    buf e = {0};
    for (size_t i = q; i < end; i++) {
      if (t[i] == '\n') {
        put(&e, " ", 1);
        size_t j = i + 1;
        while (j < end && (t[j] == ' ' || t[j] == '\t')) j++;
        if (j + 3 <= end && strncmp(t + j, "///", 3) == 0) j += 3;
        else if (j < end && t[j] == '*' && (j + 1 >= end || t[j + 1] != '/')) j++;
        if (j < end && t[j] == ' ') j++;   /* solc drops the prefix and one space */
        i = j - 1;
        continue;
      }
      put(&e, t + i, 1);
    }
    if (!e.s) puts_(&e, "");
    while (e.n && isspace((unsigned char)e.s[e.n - 1])) e.s[--e.n] = 0;
    sol_annots *o = A->out;
    o->v = xrealloc(o->v, (o->n + 1) * sizeof *o->v);
    sol_annot *an = &o->v[o->n];
    memset(an, 0, sizeof *an);
    an->kind = k;
    an->text = e.s;
    pos_of(t, q, &an->line, &an->col);
    if (!an->unsupported && !A->unmute && o->n < A->nmute && A->mute[o->n]) an->unsupported = "state read in a pure function's annotation";
    if (!can_insert && !an->unsupported) an->unsupported = owner == 'l' ? "a loop body without braces" : "no body";
    uint32_t n = o->n++;
    if (!can_insert) continue;
    insertion *x = insertion_at(A, at);
    if (an->unsupported) { marker(x, "__zeta_skip", n, NULL); continue; }
    if (k == AN_EMITS || k == AN_NOCHANGE) {   /* a name, or nothing */
      char head[160];
      snprintf(head, sizeof head, " __zeta_%s(%u%s", k == AN_EMITS ? "emits" : "nochange", n, k == AN_EMITS ? ", \"" : ");");
      puts_(&x->ins, head);
      if (k == AN_EMITS) {
        for (const char *c = e.s; *c; c++)
          if (isalnum((unsigned char)*c) || *c == '_' || *c == '$') put(&x->ins, c, 1);
        puts_(&x->ins, "\");");
      }
      continue;
    }
    if ((k == AN_MODIFIES && strcmp(e.s, "*") == 0) || k == AN_TRACK) {   /* `modifies *`: no frame */
      if (k == AN_TRACK) {
        marker(x, "__zeta_track", n, NULL);
        puts_(&x->ins, " ");
        puts_(&x->ins, e.s);
        puts_(&x->ins, ";");
        continue;
      }
      marker(x, "__zeta_modall", n, NULL);
      continue;
    }
    if (k == AN_MODIFIES) {
      /* `T if C`: the split at the keyword (C defaults to true) */
      char *cond = strstr(e.s, " if ");
      char *target = xstrdup(e.s);
      if (cond) target[cond - e.s] = 0;
      marker(x, "__zeta_mod", n, cond ? cond + 4 : "true");
      puts_(&x->ins, " ");
      x->ann = xrealloc(x->ann, (x->nann + 1) * sizeof *x->ann);
      x->a = xrealloc(x->a, (x->nann + 1) * sizeof *x->a);
      x->b = xrealloc(x->b, (x->nann + 1) * sizeof *x->b);
      x->ann[x->nann] = n;
      x->a[x->nann] = x->ins.n;
      puts_(&x->ins, target);
      x->b[x->nann++] = x->ins.n;
      puts_(&x->ins, ";");
      free(target);
      continue;
    }
    const char *mk = k == AN_INV ? "__zeta_inv" : k == AN_PRE ? "__zeta_pre" : k == AN_POST ? "__zeta_post" : "__zeta_li";
    char *cases = NULL;
    if (strcmp(word, "specification") == 0 && !sol_quant_cases(e.s, &cases)) an->unsupported = "malformed specification cases";
    else an->unsupported = expr_marker(x, mk, n, cases ? cases : e.s);
    if (an->unsupported) marker(x, "__zeta_skip", n, NULL);
    free(cases);
  }
}

static cJSON *kid(const cJSON *n, const char *k) { return n ? cJSON_GetObjectItemCaseSensitive(n, k) : NULL; }

static size_t src_start(const cJSON *n) { return (size_t)atol(sol_str(n, "src")); }
static size_t src_end(const cJSON *n) {
  const char *s = sol_str(n, "src");
  const char *c = strchr(s, ':');
  return (size_t)atol(s) + (c ? (size_t)atol(c + 1) : 0);
}

/* whether parameter p is of a reference type without a data location (an
 * event's): a function's parameter needs `memory` */
static bool needs_memory(const cJSON *p) {
  const char *t = sol_type_string(p), *loc = cJSON_GetStringValue(kid(p, "storageLocation"));
  return loc && strcmp(loc, "default") == 0 &&
         (strcmp(t, "string") == 0 || strcmp(t, "bytes") == 0 || strncmp(t, "struct ", 7) == 0 || strchr(t, '['));
}

/* The text of parameter list ps (without `indexed`) into x. */
static void params_text(annot_ctx *A, insertion *x, const cJSON *ps) {
  puts_(&x->ins, "(");
  for (const cJSON *p = ps ? ps->child : NULL; p; p = p->next) {
    size_t a = src_start(p), b = src_end(p), tend = needs_memory(p) ? src_end(kid(p, "typeName")) : 0;
    for (size_t i = a; i < b && i < A->len; i++) {   /* the parameter's text without `indexed` */
      if (i == tend) puts_(&x->ins, " memory ");
      if (strncmp(A->text + i, "indexed", 7) == 0 && (i == a || isspace((unsigned char)A->text[i - 1])) && i + 7 <= b &&
          (i + 7 == b || isspace((unsigned char)A->text[i + 7]))) {
        i += 6;
        continue;
      }
      put(&x->ins, A->text[i] == '\n' ? " " : A->text + i, 1);
    }
    if (p->next) puts_(&x->ins, ",");
  }
  puts_(&x->ins, ")");
}

/* The specification of an event, or of a function without a body: a
 * synthetic function after its declaration with the same parameters (and
 * return values), `__zeta_ev_<name>` / `__zeta_spec_<name>` (sol_annot.h). */
static void decl_spec(annot_ctx *A, const cJSON *n, const cJSON *doc, const char *contract, bool event) {
  size_t at = src_end(n);
  insertion *x = A->iface ? NULL : insertion_at(A, at);
  if (x) {
    puts_(&x->ins, event ? " function __zeta_ev_" : " function __zeta_spec_");
    if (!event) {   /* an abstract function may be declared again in a derived contract */
      puts_(&x->ins, contract);
      puts_(&x->ins, "_");
    }
    puts_(&x->ins, sol_str(n, "name"));
    params_text(A, x, kid(kid(n, "parameters"), "parameters"));
    puts_(&x->ins, " internal view");
    const cJSON *rs = kid(kid(n, "returnParameters"), "parameters");
    if (!event && rs && rs->child) {
      puts_(&x->ins, " returns ");
      params_text(A, x, rs);
    }
    puts_(&x->ins, " {");
  }
  read_comment(A, src_start(doc), src_end(doc), event ? 'e' : 'f', at, !A->iface);
  if (x) puts_(&insertion_at(A, at)->ins, " }");
}

/* A function's annotations, as markers at the start of its body. Where
 * solc rejected a state read in them (a pure/view function, an earlier
 * round's mute) they go to a synthetic view function instead, as for a
 * function without a body: callers use them (solc-verify's VerifResults:
 * `use_unsupported` relies on the pure `unsupported`'s postcondition over
 * state); the function itself is skipped. The numbering stays as in the
 * round that muted them. */
static void fn_comment(annot_ctx *A, const cJSON *n, const cJSON *doc, const char *contract, bool has) {
  size_t at = has ? src_start(kid(n, "body")) + 1 : 0;
  uint32_t first = A->out->n, nann = 0;
  size_t len = 0;
  if (has) {
    insertion *x = insertion_at(A, at);
    len = x->ins.n, nann = x->nann;
  }
  read_comment(A, src_start(doc), src_end(doc), 'f', at, has);
  bool muted = false;
  for (uint32_t i = first; i < A->out->n && i < A->nmute; i++) muted |= A->mute[i];
  if (!muted || !has || !contract) return;
  insertion *x = insertion_at(A, at);   /* undone */
  x->ins.n = len, x->nann = nann;
  if (x->ins.s) x->ins.s[len] = 0;
  for (uint32_t i = first; i < A->out->n; i++) free(A->out->v[i].text);
  A->out->n = first;
  A->unmute = true;
  decl_spec(A, n, doc, contract, false);
  A->unmute = false;
  marker(insertion_at(A, at), "__zeta_skip", first, NULL);
}

/* Walks the AST of the source for documented nodes. */
static void walk(annot_ctx *A, const cJSON *n, const char *contract) {
  if (cJSON_IsObject(n)) {
    const char *k = sol_kind(n);
    const cJSON *doc = kid(n, "documentation");
    if (strcmp(k, "ContractDefinition") == 0) {
      contract = sol_str(n, "name");
      A->iface = strcmp(sol_str(n, "contractKind"), "interface") == 0;
      A->inv_from = A->inv_to = 0;
      if (cJSON_IsObject(doc)) {
        bool iface = strcmp(sol_str(n, "contractKind"), "interface") == 0;
        size_t at = src_end(n) - 1;   /* its `}` */
        insertion *x = iface ? NULL : insertion_at(A, at);
        char head[300];
        snprintf(head, sizeof head, " function __zeta_invs_%s() internal view {", contract);
        if (x && x->ins.n == 0) puts_(&x->ins, head);
        A->inv_from = A->out->n;
        read_comment(A, src_start(doc), src_end(doc), 'c', at, !iface);
        A->inv_to = A->out->n;
        if (x) puts_(&insertion_at(A, at)->ins, " }");
      }
    } else if (strcmp(k, "EventDefinition") == 0 && cJSON_IsObject(doc) && contract) {
      decl_spec(A, n, doc, contract, true);
    } else if (strcmp(k, "FunctionDefinition") == 0 && cJSON_IsObject(doc)) {
      const cJSON *body = kid(n, "body");
      bool has = body && cJSON_IsObject(body);
      if (!has && contract) decl_spec(A, n, doc, contract, false);
      else fn_comment(A, n, doc, contract, has);
    } else if ((strcmp(k, "ForStatement") == 0 || strcmp(k, "WhileStatement") == 0 || strcmp(k, "DoWhileStatement") == 0) &&
               cJSON_IsString(doc)) {
      size_t cs, ce;
      const cJSON *body = kid(n, "body");
      bool block = body && strcmp(sol_kind(body), "Block") == 0;
      if (body && comment_before(A->text, src_start(n), &cs, &ce)) {
        /* a body without braces gets them, to hold the markers */
        size_t at = block ? src_start(body) + 1 : src_start(body);
        if (!block) puts_(&insertion_at(A, at)->ins, " {");
        read_comment(A, cs, ce, 'l', at, true);
        size_t e = src_end(body);   /* (an expression statement's src leaves out its `;`) */
        if (!block && e > 0 && A->text[e - 1] != ';' && A->text[e - 1] != '}')
          while (A->text[e] && A->text[e++] != ';') {}
        if (!block) puts_(&insertion_at(A, e)->ins, " }");
      }
    }
  }
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) walk(A, c, contract);
}

static const char stubs[] =
    "\nfunction __zeta_inv(uint, bool) pure {}"
    " function __zeta_pre(uint, bool) pure {}"
    " function __zeta_post(uint, bool) pure {}"
    " function __zeta_li(uint, bool) pure {}"
    " function __zeta_mod(uint, bool) pure {}"
    " function __zeta_skip(uint) pure {}"
    " function __zeta_modall(uint) pure {}"
    " function __zeta_noop(uint) pure returns (bool) { return true; }"
    " function __zeta_emits(uint, string memory) pure {}"
    " function __zeta_track(uint) pure {}"
    " function __zeta_nochange(uint) pure {}"
    " function __zeta_all(uint, bool b) pure returns (bool) { return b; }"
    " function __zeta_ex(uint, bool b) pure returns (bool) { return b; }"
    " function __zeta_eq(uint) pure returns (bool) { return true; }"
    " function __zeta_sum(uint) pure returns (uint256) { return 0; }"
    " function __zeta_sumi(uint) pure returns (int256) { return 0; }"
    " address constant __verifier_idx_address = address(0); uint256 constant __verifier_idx_uint = 0;"
    " int256 constant __verifier_idx_int = 0;"
    " function __verifier_old_uint(uint256 x) pure returns (uint256) { return x; }"
    " function __verifier_old_int(int256 x) pure returns (int256) { return x; }"
    " function __verifier_old_address(address x) pure returns (address) { return x; }"
    " function __verifier_old_bool(bool x) pure returns (bool) { return x; }"
    " function __verifier_old_bytes32(bytes32 x) pure returns (bytes32) { return x; }"
    " function __verifier_before_uint(uint256 x) pure returns (uint256) { return x; }"
    " function __verifier_before_int(int256 x) pure returns (int256) { return x; }"
    " function __verifier_before_address(address x) pure returns (address) { return x; }"
    " function __verifier_before_bool(bool x) pure returns (bool) { return x; }\n";

static int cmp_ins(const void *a, const void *b) {
  size_t x = ((const insertion *)a)->at, y = ((const insertion *)b)->at;
  return x < y ? -1 : x > y;
}

/* Maps solc's messages on the copy ("file:L:C: msg" lines) back: inside an
 * annotation, the annotation's place; elsewhere the source's. */
static char *map_errors(annot_ctx *A, const char *copy, size_t clen, const char *msg) {
  buf o = {0};
  size_t fl = strlen(A->path);
  for (const char *l = msg; *l;) {
    const char *nl = strchr(l, '\n');
    size_t ln = nl ? (size_t)(nl - l) : strlen(l);
    unsigned line, col;
    int used = 0;
    if (strncmp(l, A->path, fl) == 0 && sscanf(l + fl, ":%u:%u:%n", &line, &col, &used) == 2 && used > 0) {
      size_t off = off_of(copy, clen, line, col), shift = 0;
      char where[128] = "";
      for (uint32_t i = 0; i < A->nins && !where[0]; i++) {
        insertion *x = &A->ins[i];
        size_t s = x->at + shift;
        if (off >= s && off < s + x->ins.n) {
          size_t r = off - s;
          uint32_t best = x->nann ? x->ann[0] : 0;
          size_t d = 0;
          for (uint32_t j = 0; j < x->nann; j++)
            if (r >= x->a[j] && r <= x->b[j]) best = x->ann[j], d = r - x->a[j];
          const sol_annot *an = &A->out->v[best];
          snprintf(where, sizeof where, "%u:%u", an->line, an->col + (unsigned)d);
          if (strstr(l, "declared as pure") || strstr(l, "declared as view")) {
            if (best >= A->nmute) {
              A->mute = xrealloc(A->mute, (best + 1) * sizeof(bool));
              memset(A->mute + A->nmute, 0, (best + 1 - A->nmute) * sizeof(bool));
              A->nmute = best + 1;
            }
            A->muted_new |= !A->mute[best];
            A->mute[best] = true;
          }
        } else if (off < s) {
          pos_of(A->text, off - shift, &line, &col);
          snprintf(where, sizeof where, "%u:%u", line, col);
        }
        shift += x->ins.n;
      }
      if (!where[0]) {
        pos_of(A->text, off - shift, &line, &col);
        snprintf(where, sizeof where, "%u:%u", line, col);
      }
      char head[600];
      snprintf(head, sizeof head, "%s:%s:", A->path, where);
      puts_(&o, head);
      put(&o, l + fl + (size_t)used, ln - fl - (size_t)used);
    } else put(&o, l, ln);
    puts_(&o, "\n");
    l = nl ? nl + 1 : l + ln;
  }
  while (o.n && o.s[o.n - 1] == '\n') o.s[--o.n] = 0;
  return o.s ? o.s : xstrdup("");
}

static void insertions_free(annot_ctx *A) {
  for (uint32_t i = 0; i < A->nins; i++) {
    free(A->ins[i].ins.s);
    free(A->ins[i].ann);
    free(A->ins[i].a);
    free(A->ins[i].b);
  }
  free(A->ins);
  A->ins = NULL;
  A->nins = 0;
}

/* The instrumented copy of the source, compiled; NULL with *cd filled. */
static sol_ast *compile_copy(annot_ctx *A, const sol_ast *plain, diag *cd) {
  walk(A, plain->root, NULL);
  if (A->nins > 1) qsort(A->ins, A->nins, sizeof *A->ins, cmp_ins);
  buf copy = {0};
  size_t from = 0;
  for (uint32_t i = 0; i < A->nins; i++) {
    put(&copy, A->text + from, A->ins[i].at - from);
    put(&copy, A->ins[i].ins.s, A->ins[i].ins.n);
    from = A->ins[i].at;
  }
  put(&copy, A->text + from, A->len - from);
  puts_(&copy, stubs);
  sol_ast *a = sol_ast_load_text(A->path, copy.s, copy.n, cd);
  if (!a && cd->code == ZETA_EXIT_INPUT) {
    char *m = map_errors(A, copy.s, copy.n, cd->message);
    char *f = sol_part_remap(A->path, plain->parts, plain->nparts, m);   /* an imported file's lines */
    diag_set(cd, ZETA_EXIT_INPUT, "%s", f);
    free(m);
    free(f);
  }
  free(copy.s);
  return a;
}

sol_ast *sol_annot_load(const char *path, sol_annots *out, diag *d) {
  memset(out, 0, sizeof *out);
  sol_ast *plain = sol_ast_load(path, d);
  if (!plain) return NULL;
  annot_ctx A = {path, plain->text, plain->text_len, out, NULL, 0, 0, 0, false, NULL, 0, false, false};
  diag cd = {0};
  sol_ast *a = compile_copy(&A, plain, &cd);
  for (int round = 0; !a && A.muted_new && round < 4; round++) {   /* again without what solc rejected in place */
    insertions_free(&A);
    sol_annots_free(out);
    A.muted_new = false;
    memset(&cd, 0, sizeof cd);
    a = compile_copy(&A, plain, &cd);
  }
  if (!a) {
    *d = cd;
    sol_annots_free(out);
  } else {   /* the copy keeps the lines of the flattened text */
    a->parts = plain->parts, a->nparts = plain->nparts;
    plain->parts = NULL, plain->nparts = 0;
  }
  insertions_free(&A);
  free(A.mute);
  sol_ast_free(plain);
  return a;
}

void sol_annots_free(sol_annots *s) {
  for (uint32_t i = 0; i < s->n; i++) free(s->v[i].text);
  free(s->v);
  memset(s, 0, sizeof *s);
}

const char *sol_annot_marker(const cJSON *stmt, int *n) {
  if (stmt && strcmp(sol_kind(stmt), "Block") == 0) {   /* a marker with the declarations it needs first */
    const cJSON *l = kid(stmt, "statements");
    stmt = l && l->child ? cJSON_GetArrayItem(l, cJSON_GetArraySize(l) - 1) : NULL;
  }
  if (!stmt || strcmp(sol_kind(stmt), "ExpressionStatement") != 0) return NULL;
  const cJSON *call = kid(stmt, "expression");
  if (strcmp(sol_kind(call), "FunctionCall") != 0) return NULL;
  const cJSON *callee = kid(call, "expression");
  const char *name = sol_str(callee, "name");
  if (strcmp(sol_kind(callee), "Identifier") != 0 || strncmp(name, "__zeta_", 7) != 0) return NULL;
  const cJSON *args = kid(call, "arguments");
  *n = args && args->child ? atoi(sol_str(args->child, "value")) : -1;
  return name + 7;
}
