/* C variables in the lowering (c_lower_int.h): bindings (scalars, arrays,
 * flattened structs), accesses by field path and index, aggregate copies,
 * and initial values (braced, designated, string literals). */
#include "lang/c/c_lower_int.h"


/* The variable's binding (a header or a plain variable, not a leaf). */
binding *cl_find_binding(lower *L, CXCursor decl, uint32_t inst) {
  CXCursor canon = clang_getCanonicalCursor(decl);
  for (uint32_t i = L->nbinds; i-- > 0;)
    if (L->binds[i].inst == inst && !L->binds[i].path && clang_equalCursors(L->binds[i].decl, canon))
      return &L->binds[i];
  return NULL;
}

/* The leaves of b: itself, or the bindings after its header. */
uint32_t cl_leaves_of(lower *L, const binding *b, binding **first) {
  uint32_t bi = (uint32_t)(b - L->binds);
  if (!b->is_agg) {
    *first = &L->binds[bi];
    return 1;
  }
  uint32_t n = 0;
  while (bi + 1 + n < L->nbinds && L->binds[bi + 1 + n].path && L->binds[bi + 1 + n].inst == b->inst &&
         clang_equalCursors(L->binds[bi + 1 + n].decl, b->decl))
    n++;
  *first = &L->binds[bi + 1];
  return n;
}

bool cl_is_static_storage(CXCursor decl) {
  return clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_TranslationUnit ||
         clang_Cursor_getStorageClass(decl) == CX_SC_Static;
}

bool cl_is_struct_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Record && clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_StructDecl;
}

static uint64_t elements(const binding *b, uint32_t from) {
  uint64_t n = 1;
  for (uint32_t k = from; k < b->ndims; k++) n *= b->dims[k];
  return n;
}

static type_t array_sort(lower *L, c_int elem) {
  return type_array(c_sem_sort(c_int_int, L->math), c_sem_sort(elem, L->math));
}

static void push_binding(lower *L, binding b) {
  if (L->nbinds == L->cap_binds) L->binds = xrealloc(L->binds, (L->cap_binds = L->cap_binds ? 2 * L->cap_binds : 64) * sizeof *L->binds);
  L->binds[L->nbinds++] = b;
}

/* The leaves of a value of type t at path with the dimensions so far:
 * scalars, arrays of them, struct fields in order. */
typedef struct { lower *L; binding proto; const char *prefix, *vname; CXCursor at; char path[256]; } leaf_ctx;

static void add_leaves(leaf_ctx *x, CXType t);

static enum CXVisitorResult leaf_field(CXCursor f, CXClientData data) {
  leaf_ctx *x = data;
  size_t len = strlen(x->path);
  char *fname = cl_spelling(f);
  if (!*fname) {
    cl_fail(x->L, x->at, "anonymous struct fields");
  } else {
    snprintf(x->path + len, sizeof x->path - len, ".%s", fname);
    add_leaves(x, clang_getCursorType(f));
  }
  free(fname);
  x->path[len] = 0;
  return x->L->failed ? CXVisit_Break : CXVisit_Continue;
}

static void add_leaves(leaf_ctx *x, CXType t) {
  lower *L = x->L;
  CXType ct = clang_getCanonicalType(t);
  if (cl_is_struct_type(ct)) {
    clang_Type_visitFields(ct, leaf_field, x);
    return;
  }
  if (ct.kind == CXType_ConstantArray) {
    long long n = clang_getArraySize(ct);
    if (n <= 0 || x->proto.ndims == MAX_DIMS) {
      cl_fail(L, x->at, "array of %lld elements or more than %d dimensions", n, MAX_DIMS);
      return;
    }
    x->proto.dims[x->proto.ndims++] = (uint64_t)n;
    add_leaves(x, clang_getArrayElementType(ct));
    x->proto.ndims--;
    return;
  }
  binding b = x->proto;
  if (!cl_int_type(t, &b.ty)) {
    char tw[128];
    cl_fail(L, x->at, "%s (variable '%s%s' of type %s)", cl_type_feature(t), x->vname, x->path, cl_type_word(t, tw, sizeof tw));
    return;
  }
  uint64_t total = elements(&b, 0);
  if (total > ((uint64_t)1 << 30)) {
    cl_fail(L, x->at, "array of %llu elements", (unsigned long long)total);
    return;
  }
  char name[600], cname[400];
  snprintf(name, sizeof name, "%s%s%s", x->prefix, x->vname, x->path);
  snprintf(cname, sizeof cname, "%s%s", x->vname, x->path);
  b.var = cl_new_var(L, name, b.ndims ? array_sort(L, b.ty) : c_sem_sort(b.ty, L->math), b.ndims ? NULL : cname, b.ty);
  if (x->proto.is_agg) b.is_agg = false, b.path = xstrdup(x->path);
  push_binding(L, b);
}

binding *cl_add_binding_typed(lower *L, CXCursor decl, CXType t, uint32_t inst, const char *prefix, CXCursor at) {
  CXType ct = clang_getCanonicalType(t);
  while (ct.kind == CXType_ConstantArray) ct = clang_getCanonicalType(clang_getArrayElementType(ct));
  leaf_ctx x = {L, {clang_getCanonicalCursor(decl), inst, NULL_TERM, {0}, 0, {0}, cl_is_struct_type(ct), NULL}, prefix,
                NULL, at, ""};
  char *vname = cl_spelling(decl);
  x.vname = vname;
  uint32_t marker = L->nbinds;
  if (x.proto.is_agg) push_binding(L, x.proto);   /* the header */
  add_leaves(&x, t);
  free(vname);
  if (x.proto.is_agg) L->binds[marker].is_agg = true;
  return L->failed ? NULL : &L->binds[marker];
}

binding *cl_add_binding(lower *L, CXCursor decl, uint32_t inst, const char *prefix, CXCursor at) {
  return cl_add_binding_typed(L, decl, clang_getCursorType(decl), inst, prefix, at);
}

/* ---- accesses: a variable, field path and indices ---- */



/* The flattened index arithmetic (no overflow: every index is in bounds
 * and an array has at most 2^30 elements). */
static term_t idx_const(lower *L, uint64_t k) { return c_sem_const_si(c_int_int, (long)k, L->math); }
static term_t idx_add(lower *L, term_t a, term_t b) { return L->math ? term_add2(a, b) : term_bvop2(OP_BVADD, a, b); }
static term_t idx_mul(lower *L, term_t a, uint64_t k) {
  if (k == 1) return a;
  return L->math ? term_mul2(a, idx_const(L, k)) : term_bvop2(OP_BVMUL, a, idx_const(L, k));
}

/* The steps from the variable: .f and [i], innermost (the variable's) first. */
bool cl_resolve(lower *L, CXCursor e, access *a) {
  memset(a, 0, sizeof *a);
  CXCursor steps[64];
  uint32_t n = 0;
  CXCursor s = cl_strip(e);
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr) break;
    if (n == 64) {
      cl_fail(L, e, "access path too long");
      return false;
    }
    steps[n++] = s;
    cursors cs = cl_children(s);
    CXCursor base = cs.n >= 1 ? cl_strip(cs.v[0]) : s;
    free(cs.v);
    if (k == CXCursor_MemberRefExpr && clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer) {
      cl_fail(L, s, "pointers ('->')");
      return false;
    }
    if (k == CXCursor_ArraySubscriptExpr && clang_getCanonicalType(clang_getCursorType(base)).kind != CXType_ConstantArray) {
      cl_fail(L, s, "array access through a pointer");
      return false;
    }
    s = base;
  }
  if (clang_getCursorKind(s) == CXCursor_CallExpr && cl_is_struct_type(clang_getCursorType(s))) {
    /* a function's struct result: the call runs here, its result binding is read */
    L->call_bind = -1;
    cl_lower_expr(L, s);
    if (L->failed) return false;
    if (L->call_bind < 0) {
      cl_fail(L, s, "struct value of this call");
      return false;
    }
    a->b = &L->binds[L->call_bind];
  } else if (clang_getCursorKind(s) != CXCursor_DeclRefExpr) {
    cl_fail(L, s, n ? "member or element of a value that is not a variable" : "assignment to a non-variable");
    return false;
  } else {
    CXCursor ref = clang_getCursorReferenced(s);
    if (clang_getCursorKind(ref) != CXCursor_VarDecl && clang_getCursorKind(ref) != CXCursor_ParmDecl) {
      cl_fail(L, s, "assignment to a non-variable");
      return false;
    }
    a->b = cl_var_of(L, ref, s);
  }
  if (!a->b) return false;
  uint32_t bi = (uint32_t)(a->b - L->binds);
  for (uint32_t q = n; q-- > 0 && !L->failed;) {
    CXCursor st = steps[q];
    cursors cs = cl_children(st);
    if (clang_getCursorKind(st) == CXCursor_MemberRefExpr) {
      char *f = cl_spelling(clang_getCursorReferenced(st));
      size_t len = strlen(a->path);
      snprintf(a->path + len, sizeof a->path - len, ".%s", f);
      free(f);
    } else if (cs.n == 2) {
      CXType at = clang_getCanonicalType(clang_getCursorType(cl_strip(cs.v[0])));
      long long dim = clang_getArraySize(at);
      cval i = cl_lower_expr(L, cs.v[1]);
      if (L->failed || a->nidx == MAX_DIMS) break;
      c_int it = c_promote(i.ty);
      term_t iv = c_sem_convert(i.t, i.ty, it, L->math), ub;
      term_t lo = c_sem_binary(C_LT, iv, c_sem_const_si(it, 0, L->math), it, it, L->math, &ub);
      term_t hi = c_sem_binary(C_GE, iv, c_sem_const_si(it, (long)dim, L->math), it, it, L->math, &ub);
      if (!it.is_signed) lo = term_false();
      if (it.width < 64 && ((uint64_t)dim >> (it.width - (it.is_signed ? 1 : 0))) != 0) hi = term_false();
      cl_check_ub(L, term_or2(lo, hi), st, "array index out of bounds");
      cval ix = cl_val(c_sem_convert(iv, it, c_int_int, L->math), c_int_int);
      /* a later index's side effects must not change this one */
      bool later = false;
      for (uint32_t r = q; r-- > 0 && !later;) {
        cursors cr = cl_children(steps[r]);
        later = clang_getCursorKind(steps[r]) == CXCursor_ArraySubscriptExpr && cr.n == 2 && cl_has_side_effects(cr.v[1]);
        free(cr.v);
      }
      if (later) ix = cl_stable(L, ix);
      a->idx[a->nidx++] = ix.t;
    }
    free(cs.v);
  }
  a->b = &L->binds[bi];
  return !L->failed;
}

/* The leaf at a->path + suffix, and the flat index of the block of its
 * elements that the access's indices select (NULL_TERM: no index). */
static binding *leaf_at(lower *L, const access *a, const char *suffix, term_t *base) {
  binding *first;
  uint32_t n = cl_leaves_of(L, a->b, &first);
  binding *lf = NULL;
  for (uint32_t i = 0; i < n && !lf; i++) {
    const char *p = first[i].path ? first[i].path : "";
    size_t la = strlen(a->path);
    if (strncmp(p, a->path, la) == 0 && strcmp(p + la, suffix) == 0) lf = &first[i];
  }
  if (!lf || a->nidx > lf->ndims) return NULL;
  *base = NULL_TERM;
  for (uint32_t k = 0; k < a->nidx; k++) {
    term_t t = idx_mul(L, a->idx[k], elements(lf, k + 1));
    *base = *base == NULL_TERM ? t : idx_add(L, *base, t);
  }
  if (*base == NULL_TERM && lf->ndims) *base = idx_const(L, 0);
  return lf;
}


/* A scalar lvalue: every field and index given. */
lval cl_lower_lval(lower *L, CXCursor e) {
  lval lv = {NULL, NULL_TERM};
  access a;
  if (!cl_resolve(L, e, &a)) return lv;
  term_t base;
  binding *lf = leaf_at(L, &a, "", &base);
  if (!lf || a.nidx != lf->ndims) {
    cl_fail(L, e, lf && a.nidx < lf->ndims ? "array used as a pointer" : "whole-struct values");
    return lv;
  }
  lv.b = lf, lv.index = base;
  return lv;
}


void cl_agg_free(agg_val *v) { free(v->vals), free(v->n); }

/* The leaves of the aggregate a selects: their suffixes after a->path. */
static uint32_t agg_leaves(lower *L, const access *a, binding **first, uint32_t *from) {
  binding *f;
  uint32_t n = cl_leaves_of(L, a->b, &f), lo = 0, hi = 0;
  size_t la = strlen(a->path);
  bool in = false;
  for (uint32_t i = 0; i < n; i++) {
    const char *p = f[i].path ? f[i].path : "";
    bool m = strncmp(p, a->path, la) == 0 && (p[la] == 0 || p[la] == '.');
    if (m && !in) lo = i, in = true;
    if (m) hi = i + 1;
  }
  *first = f, *from = lo;
  return in ? hi - lo : 0;
}

bool cl_read_agg(lower *L, const access *a, agg_val *out, CXCursor at) {
  binding *f;
  uint32_t lo, n = agg_leaves(L, a, &f, &lo);
  memset(out, 0, sizeof *out);
  out->nleaves = n;
  out->n = xcalloc(n + 1, sizeof *out->n);
  term_vec vals = {0};
  for (uint32_t i = 0; i < n; i++) {
    binding *lf = &f[lo + i];
    term_t base;
    leaf_at(L, a, (lf->path ? lf->path : "") + strlen(a->path), &base);
    if (lf->ndims == 0) {
      term_vec_push(&vals, lf->var);
      out->n[i] = 1;
    } else if (a->nidx == 0) {
      term_vec_push(&vals, lf->var);
      out->n[i] = 0;
    } else {
      uint64_t block = elements(lf, a->nidx);
      if (block > MAX_COPY) {
        cl_fail(L, at, "struct copy of %llu array elements", (unsigned long long)block);
        break;
      }
      for (uint64_t m = 0; m < block; m++) term_vec_push(&vals, term_select(lf->var, idx_add(L, base, idx_const(L, m))));
      out->n[i] = block;
    }
  }
  out->vals = vals.data;
  return !L->failed;
}

/* Writes v (read from an aggregate of the same type) into the leaves a
 * selects. Each leaf's new value is built from its old one alone, so
 * overlapping source and target blocks read the old values. */
void cl_write_agg(lower *L, const access *a, const agg_val *v, CXCursor at) {
  binding *f;
  uint32_t lo, n = agg_leaves(L, a, &f, &lo);
  uint64_t k = 0;
  for (uint32_t i = 0; i < n && i < v->nleaves && !L->failed; i++) {
    binding *lf = &f[lo + i];
    term_t base;
    leaf_at(L, a, (lf->path ? lf->path : "") + strlen(a->path), &base);
    if (lf->ndims == 0 || (v->n[i] == 0 && a->nidx == 0)) {   /* a scalar, or a whole array */
      cl_emit_assign(L, lf->var, v->vals[k++]);
      continue;
    }
    term_t arr = lf->var, whole = v->n[i] == 0 ? v->vals[k++] : NULL_TERM;
    uint64_t block = elements(lf, a->nidx);
    if (block > MAX_COPY) {
      cl_fail(L, at, "struct copy of %llu array elements", (unsigned long long)block);
      return;
    }
    for (uint64_t m = 0; m < block; m++)
      arr = term_store(arr, idx_add(L, base, idx_const(L, m)),
                       whole != NULL_TERM ? term_select(whole, idx_const(L, m)) : v->vals[k++]);
    cl_emit_assign(L, lf->var, arr);
  }
}

/* dst = src for struct-typed expressions (dst null: the whole variable
 * whose binding is bi): every leaf copied. */
void cl_copy_struct(lower *L, CXCursor dst, uint32_t bi, CXCursor src, CXCursor at) {
  access ad = {0}, as;
  agg_val v;
  if (!clang_Cursor_isNull(dst) && cl_has_side_effects(dst)) {   /* could change the source's values read below */
    cl_fail(L, at, "struct copy into a target with side effects");
    return;
  }
  if (!cl_resolve(L, src, &as) || !cl_read_agg(L, &as, &v, at)) return;
  ad.b = &L->binds[bi];
  if (clang_Cursor_isNull(dst) || cl_resolve(L, dst, &ad)) cl_write_agg(L, &ad, &v, at);
  cl_agg_free(&v);
}

/* ---- initial values ---- */

static term_t zero_value(lower *L, const binding *b) {
  term_t z = c_sem_const_si(b->ty, 0, L->math);
  return b->ndims ? term_const_array(array_sort(L, b->ty), z) : z;
}

/* A string literal (in parentheses or an implicit conversion). */
static bool is_string_literal(CXCursor e) {
  return clang_getCursorKind(cl_strip(e)) == CXCursor_StringLiteral;
}

/* The initializer of a variable declaration, or a null cursor (an
 * array's other expression children are its sizes; a size is never a
 * string literal). */
CXCursor cl_initializer(CXCursor decl) {
  cursors cs = cl_children(decl);
  CXCursor init = clang_getNullCursor();
  bool array = clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_ConstantArray;
  if (cs.n > 0 && clang_isExpression(clang_getCursorKind(cs.v[cs.n - 1])) &&
      (!array || clang_getCursorKind(cs.v[cs.n - 1]) == CXCursor_InitListExpr || is_string_literal(cs.v[cs.n - 1])))
    init = cs.v[cs.n - 1];
  free(cs.v);
  return init;
}

/* The bytes of a string literal's tokens (adjacent literals joined, C's
 * escapes decoded), without the final NUL; false for wide or UTF
 * literals and malformed escapes. */
static bool string_bytes(lower *L, CXCursor lit, char **out, size_t *n) {
  CXToken *toks = NULL;
  unsigned nt = 0;
  cl_file_tokens(L, cl_strip(lit), &toks, &nt);
  size_t cap = 16, len = 0;
  char *b = xmalloc(cap);
  bool ok = nt > 0;
  for (unsigned i = 0; i < nt && ok; i++) {
    CXString sp = clang_getTokenSpelling(L->tu, toks[i]);
    const char *t = clang_getCString(sp);
    size_t tl = strlen(t);
    if (tl < 2 || t[0] != '"' || t[tl - 1] != '"') ok = false;   /* L"", u8"", a macro's other tokens */
    for (size_t k = 1; ok && k + 1 < tl; k++) {
      int c = (unsigned char)t[k];
      if (c == '\\') {
        c = (unsigned char)t[++k];
        switch (c) {
        case 'n': c = '\n'; break;
        case 't': c = '\t'; break;
        case 'r': c = '\r'; break;
        case 'a': c = '\a'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'v': c = '\v'; break;
        case '\\': case '\'': case '"': case '?': break;
        case 'x': {
          int v = 0, d = 0;
          while (k + 2 < tl && isxdigit((unsigned char)t[k + 1])) {
            char h = t[++k];
            v = v * 16 + (isdigit((unsigned char)h) ? h - '0' : tolower((unsigned char)h) - 'a' + 10);
            if (v > 255) ok = false;
            d++;
          }
          if (!d) ok = false;
          c = v;
          break;
        }
        default:
          if (c >= '0' && c <= '7') {
            int v = c - '0';
            for (int d = 1; d < 3 && k + 2 < tl && t[k + 1] >= '0' && t[k + 1] <= '7'; d++) v = v * 8 + (t[++k] - '0');
            if (v > 255) ok = false;
            c = v;
          } else {
            ok = false;
          }
        }
      }
      if (len + 1 >= cap) b = xrealloc(b, cap *= 2);
      b[len++] = (char)c;
    }
    clang_disposeString(sp);
  }
  clang_disposeTokens(L->tu, toks, nt);
  if (!ok) {
    free(b);
    return false;
  }
  *out = b, *n = len;
  return true;
}

/* The bytes of string literal lit as the chars of an array of type t
 * (elements of type ety), stored into *val from flat index base on (C11
 * 6.7.9p14: the NUL only where there is room, the rest stays as it is:
 * zeros). False (failed) when t is not an array of chars or too short. */
static bool store_string(lower *L, c_int ety, CXType t, CXCursor lit, uint64_t base, term_t *val) {
  CXType ct = clang_getCanonicalType(t);
  CXType et = clang_getCanonicalType(clang_getArrayElementType(ct));
  bool chars = et.kind == CXType_Char_S || et.kind == CXType_Char_U || et.kind == CXType_SChar || et.kind == CXType_UChar;
  char *bytes;
  size_t n;
  long long size = clang_getArraySize(ct);
  if (!chars || !string_bytes(L, lit, &bytes, &n)) {
    cl_fail(L, lit, "string initializer of this array");
    return false;
  }
  if (size < 0 || (size_t)size < n) {
    free(bytes);
    cl_fail(L, lit, "string longer than its array");
    return false;
  }
  for (size_t k = 0; k < n; k++) {
    long v = ety.is_signed ? (long)(signed char)bytes[k] : (long)(unsigned char)bytes[k];
    *val = term_store(*val, idx_const(L, base + k), c_sem_const_si(ety, v, L->math));
  }
  free(bytes);
  return true;
}

/* A char array variable initialized by a string literal. */
static void init_string(lower *L, binding *b, CXType t, CXCursor lit, term_t *val) {
  if (b->ndims != 1) {
    cl_fail(L, lit, "string initializer of this array");
    return;
  }
  store_string(L, b->ty, t, lit, 0, val);
}

/* An initializer list for an object of type t at path / indices: the
 * elements of the list in order, a nested list for a nested aggregate or
 * (brace elision) the list's next elements. vals[i]: leaf i's value. */
typedef struct { lower *L; binding *first; uint32_t n; term_t *vals; char path[256]; uint64_t idx[MAX_DIMS]; uint32_t nidx; } init_ctx;

static void init_object(init_ctx *x, CXType t, const cursors *items, uint32_t *pos);

/* The leaf at x's path (its index in x->first), or x->n after a failure. */
static uint32_t leaf_here(init_ctx *x, CXCursor item) {
  uint32_t li = 0;
  while (li < x->n && strcmp(x->first[li].path ? x->first[li].path : "", x->path) != 0) li++;
  if (li == x->n) cl_fail(x->L, item, "initializer");
  return li;
}

/* The flat index of x's indices in leaf lf (row-major over its first
 * x->nidx dimensions). */
static uint64_t flat_here(const init_ctx *x, const binding *lf) {
  uint64_t flat = 0;
  for (uint32_t k = 0; k < x->nidx; k++) flat = flat * lf->dims[k] + x->idx[k];
  return flat;
}

static void init_scalar(init_ctx *x, CXCursor item) {
  lower *L = x->L;
  uint32_t li = leaf_here(x, item);
  if (li == x->n) return;
  cval v = cl_lower_expr(L, item);
  if (L->failed) return;
  if (v.is_void) {
    cl_fail(L, item, "void initializer");
    return;
  }
  binding *lf = &x->first[li];
  term_t c = c_sem_convert(v.t, v.ty, lf->ty, L->math);
  if (!lf->ndims) {
    x->vals[li] = c;
    return;
  }
  x->vals[li] = term_store(x->vals[li], idx_const(L, flat_here(x, lf)), c);
}

/* A char array inside an aggregate initialized by a string literal: the
 * array is the leaf's dimension after x's indices. */
static void init_string_here(init_ctx *x, CXType t, CXCursor lit) {
  uint32_t li = leaf_here(x, lit);
  if (li == x->n) return;
  binding *lf = &x->first[li];
  if (lf->ndims != x->nidx + 1) {
    cl_fail(x->L, lit, "string initializer of this array");
    return;
  }
  store_string(x->L, lf->ty, t, lit, flat_here(x, lf) * lf->dims[x->nidx], &x->vals[li]);
}

typedef struct { init_ctx *x; const cursors *items; uint32_t *pos; } field_init;

static enum CXVisitorResult init_field(CXCursor f, CXClientData data) {
  field_init *fi = data;
  init_ctx *x = fi->x;
  if (*fi->pos >= fi->items->n || x->L->failed) return CXVisit_Break;
  size_t len = strlen(x->path);
  char *fname = cl_spelling(f);
  snprintf(x->path + len, sizeof x->path - len, ".%s", fname);
  free(fname);
  init_object(x, clang_getCursorType(f), fi->items, fi->pos);
  x->path[len] = 0;
  return x->L->failed ? CXVisit_Break : CXVisit_Continue;
}

/* ---- designated initializers ---- */


/* libclang 14 shows `.f = v` and `[k] = v` as unexposed expressions whose
 * children are the designators (a member reference per field, the index
 * expression per element) and then the value. */
static bool designated(lower *L, CXCursor item) {
  char tok[8] = "";
  return clang_getCursorKind(item) == CXCursor_UnexposedExpr && cl_token_at(L, item, 0, true, tok, sizeof tok) &&
         (strcmp(tok, ".") == 0 || strcmp(tok, "[") == 0);
}

static bool has_designator(lower *L, const cursors *items) {
  for (uint32_t i = 0; i < items->n; i++)
    if (designated(L, items->v[i])) return true;
  return false;
}

static enum CXVisitorResult push_field(CXCursor f, CXClientData data) {
  cursors *cs = data;
  cl_collect(f, clang_getNullCursor(), cs);
  return CXVisit_Continue;
}

/* The index of the field named like member reference d among fs (fs->n:
 * none). */
static uint32_t field_named(const cursors *fs, CXCursor d) {
  char *name = cl_spelling(d);
  uint32_t at = fs->n;
  for (uint32_t f = 0; f < fs->n && at == fs->n; f++) {
    char *fname = cl_spelling(fs->v[f]);
    if (strcmp(fname, name) == 0) at = f;
    free(fname);
  }
  free(name);
  return at;
}

/* The member or element that designator d of an object of type t names:
 * its type in *sub, with x's path or indices extended (the caller takes
 * them back). */
static bool designate(init_ctx *x, CXType t, CXCursor d, CXType *sub) {
  lower *L = x->L;
  size_t plen = strlen(x->path);
  if (clang_getCursorKind(d) == CXCursor_MemberRef) {
    if (!cl_is_struct_type(t)) return cl_fail(L, d, "a member designator for a non-struct"), false;
    cursors fs = {0};
    clang_Type_visitFields(t, push_field, &fs);
    uint32_t f = field_named(&fs, d);
    bool found = f < fs.n;
    if (found) {
      char *name = cl_spelling(fs.v[f]);
      *sub = clang_getCursorType(fs.v[f]);
      snprintf(x->path + plen, sizeof x->path - plen, ".%s", name);
      free(name);
    }
    free(fs.v);
    return found || (cl_fail(L, d, "designator of an unknown member"), false);
  }
  long long k;
  bool u;
  if (t.kind != CXType_ConstantArray || !cl_evaluate(d, &k, &u) || k < 0 || k >= clang_getArraySize(t) ||
      x->nidx >= MAX_DIMS)
    return cl_fail(L, d, "array designator"), false;
  x->idx[x->nidx++] = (uint64_t)k;
  *sub = clang_getCanonicalType(clang_getArrayElementType(t));
  return true;
}

/* A braced list with designators for an object of type t: each item
 * designates its member or element (a chain such as .a[1].x) or takes the
 * one after the previous item's (C11 6.7.9). Supported when no two items
 * start at the same member or element: then no initializer overrides
 * another, whose implicit zeros C would also apply. Positional items
 * initialize their member whole (no brace elision among designators). */
static void init_designated(init_ctx *x, CXType t, const cursors *items) {
  lower *L = x->L;
  bool is_struct = cl_is_struct_type(t);
  cursors fs = {0};
  if (is_struct) clang_Type_visitFields(t, push_field, &fs);
  uint64_t n = is_struct ? fs.n : (uint64_t)clang_getArraySize(t);
  bool *done = xcalloc(n + 1, sizeof *done);
  uint64_t next = 0;
  for (uint32_t i = 0; i < items->n && !L->failed; i++) {
    CXCursor item = items->v[i], value = item;
    cursors parts = {0};
    uint32_t first_part = 0;
    uint64_t at = next;
    if (designated(L, item)) {
      parts = cl_children(item);
      if (parts.n < 2) {
        cl_fail(L, item, "designated initializer");
        free(parts.v);
        break;
      }
      value = parts.v[parts.n - 1];
      /* the first designator picks the member or element of this list */
      if (is_struct) {
        at = field_named(&fs, parts.v[0]);
      } else {
        long long k;
        bool u;
        at = cl_evaluate(parts.v[0], &k, &u) && k >= 0 ? (uint64_t)k : n;
      }
      first_part = 1;
    }
    if (at >= n) {
      cl_fail(L, item, "excess or unknown designated initializer");
      free(parts.v);
      break;
    }
    if (done[at]) {
      cl_fail(L, item, "an initializer for a member or element already initialized");
      free(parts.v);
      break;
    }
    done[at] = true;
    next = at + 1;
    /* descend: this list's member or element, then the rest of the chain */
    size_t len0 = strlen(x->path);
    uint32_t nidx0 = x->nidx;
    CXType sub;
    if (is_struct) {
      char *fname = cl_spelling(fs.v[at]);
      snprintf(x->path + len0, sizeof x->path - len0, ".%s", fname);
      free(fname);
      sub = clang_getCursorType(fs.v[at]);
    } else {
      x->idx[x->nidx++] = at;
      sub = clang_getCanonicalType(clang_getArrayElementType(t));
    }
    for (uint32_t d = first_part; d + 1 < parts.n && !L->failed; d++) {
      CXType deeper;
      if (designate(x, clang_getCanonicalType(sub), parts.v[d], &deeper)) sub = deeper;
    }
    if (!L->failed) {
      CXType cs = clang_getCanonicalType(sub);
      bool agg = cl_is_struct_type(cs) || cs.kind == CXType_ConstantArray;
      bool string = cs.kind == CXType_ConstantArray && is_string_literal(value);
      if (agg && clang_getCursorKind(value) != CXCursor_InitListExpr && !string)
        cl_fail(L, value, "brace elision among designated initializers");
      else {
        cursors one = {&value, 1, 1};
        uint32_t pos = 0;
        init_object(x, sub, &one, &pos);
      }
    }
    x->path[len0] = 0;
    x->nidx = nidx0;
    free(parts.v);
  }
  free(done);
  free(fs.v);
}

static void init_object(init_ctx *x, CXType t, const cursors *items, uint32_t *pos) {
  CXType ct = clang_getCanonicalType(t);
  bool agg = cl_is_struct_type(ct) || ct.kind == CXType_ConstantArray;
  CXCursor item = items->v[*pos];
  if (!agg) {
    init_scalar(x, item);
    (*pos)++;
    return;
  }
  if (ct.kind == CXType_ConstantArray && is_string_literal(item)) {
    init_string_here(x, ct, item);
    (*pos)++;
    return;
  }
  cursors sub = {0};
  uint32_t sp = 0;
  const cursors *list = items;
  uint32_t *lp = pos;
  if (clang_getCursorKind(item) == CXCursor_InitListExpr) {   /* braced: its own list */
    sub = cl_children(item);
    list = &sub, lp = &sp;
    (*pos)++;
  } else if (cl_is_struct_type(ct) && cl_is_struct_type(clang_getCursorType(item))) {
    cl_fail(x->L, item, "struct copy in an initializer list");
    return;
  }
  if (list == &sub && has_designator(x->L, &sub)) {
    init_designated(x, ct, &sub);
    free(sub.v);
    return;
  }
  if (cl_is_struct_type(ct)) {
    field_init fi = {x, list, lp};
    clang_Type_visitFields(ct, init_field, &fi);
  } else {
    long long n = clang_getArraySize(ct);
    for (long long e = 0; e < n && *lp < list->n && !x->L->failed; e++) {
      x->idx[x->nidx++] = (uint64_t)e;
      init_object(x, clang_getArrayElementType(ct), list, lp);
      x->nidx--;
    }
  }
  if (list == &sub && sp < sub.n && !x->L->failed) cl_fail(x->L, sub.v[sp], "excess or designated initializers");
  free(sub.v);
}

/* The initial value of every leaf of binding bi from the declaration's
 * cl_initializer (missing elements: 0), or NULL when there is none and the
 * variable is automatic (its leaves are havocked). A struct initialized
 * from another struct: *copy is that expression, vals NULL. */
term_t *cl_initial_values(lower *L, uint32_t bi, CXCursor decl, bool is_static, CXCursor *copy) {
  binding *first;
  uint32_t n = cl_leaves_of(L, &L->binds[bi], &first);
  uint32_t f0 = (uint32_t)(first - L->binds);
  CXCursor init = cl_initializer(decl);
  *copy = clang_getNullCursor();
  if (clang_Cursor_isNull(init) && !is_static) return NULL;
  term_t *vals = xcalloc(n + 1, sizeof *vals);
  for (uint32_t i = 0; i < n; i++) vals[i] = zero_value(L, &L->binds[f0 + i]);
  if (clang_Cursor_isNull(init)) return vals;
  CXType t = clang_getCursorType(decl);
  bool agg = L->binds[bi].is_agg || L->binds[bi].ndims;
  if (L->binds[bi].ndims && is_string_literal(init)) {
    init_string(L, &L->binds[bi], t, init, &vals[0]);
    if (L->failed) {
      free(vals);
      return NULL;
    }
    return vals;
  }
  if (agg && clang_getCursorKind(init) != CXCursor_InitListExpr) {
    if (cl_is_struct_type(t) && !is_static) {
      *copy = init;
      free(vals);
      return NULL;
    }
    cl_fail(L, init, cl_is_struct_type(t) ? "struct copy in a global initializer" : "array initializer");
    free(vals);
    return NULL;
  }
  bool saved = L->const_ctx;
  CXCursor saved_at = L->in_init;
  if (is_static) L->const_ctx = true, L->in_init = init;
  init_ctx x = {L, &L->binds[f0], n, vals, "", {0}, 0};
  cursors one = {&init, 1, 1};
  uint32_t pos = 0;
  if (agg) init_object(&x, t, &one, &pos);
  else init_scalar(&x, init);
  L->const_ctx = saved, L->in_init = saved_at;
  if (L->failed) {
    free(vals);
    return NULL;
  }
  return vals;
}

/* A global or static variable: created on first use, initialized at the
 * program's start (its initializer is a constant expression). */
binding *cl_global(lower *L, CXCursor decl, CXCursor at) {
  binding *b = cl_find_binding(L, decl, 0);
  if (b) return b;
  CXCursor def = clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(def)) def = decl;
  char prefix[256] = "";
  if (clang_getCursorKind(clang_getCursorSemanticParent(decl)) != CXCursor_TranslationUnit) {
    char *f = cl_spelling(clang_getCursorSemanticParent(decl));
    snprintf(prefix, sizeof prefix, "%s::static::", f);
    free(f);
  }
  b = cl_add_binding(L, decl, 0, prefix, at);
  if (!b) return NULL;
  uint32_t bi = (uint32_t)(b - L->binds);
  CXCursor copy;
  term_t *vals = cl_initial_values(L, bi, def, true, &copy);
  binding *first;
  uint32_t n = cl_leaves_of(L, &L->binds[bi], &first), f0 = (uint32_t)(first - L->binds);
  for (uint32_t i = 0; vals && i < n; i++) {
    L->ginits = xrealloc(L->ginits, (L->nginits + 1) * sizeof *L->ginits);
    L->ginits[L->nginits++] = (global_init){f0 + i, vals[i]};
  }
  free(vals);
  return L->failed ? NULL : &L->binds[bi];
}

binding *cl_var_of(lower *L, CXCursor ref, CXCursor at) {
  if (cl_is_static_storage(ref)) return cl_global(L, ref, at);
  binding *b = L->nframes ? cl_find_binding(L, ref, L->frames[L->nframes - 1].inst) : NULL;
  if (!b && clang_getCursorKind(ref) == CXCursor_ParmDecl) {
    char *n = cl_spelling(ref);
    char tw[128];
    cl_fail(L, at, "%s (parameter '%s' of type %s)", cl_type_feature(clang_getCursorType(ref)), n,
         cl_type_word(clang_getCursorType(ref), tw, sizeof tw));
    free(n);
    return NULL;
  }
  if (!b) cl_fail(L, at, "reference to an unknown local variable");
  return b;
}

