#include "lang/tla/tla_value.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

/* The hash-consing table (open addressing; values are never removed
 * before tla_values_reset). */
typedef struct {
  uint32_t hash;
  tla_val *v;
} slot_t;
static struct { slot_t *slot; size_t cap, n, bytes; int64_t models; } tab;

/* The values' memory: chunks the values are cut from in turn, freed all
 * at once by tla_values_reset (a malloc and a free per value before:
 * freeing Disruptor_MPMC's values one by one was 2 % of its run). */
#define CHUNK_BYTES ((size_t)1 << 20)
static struct { char **chunk; size_t n, cap, used, size; } mem;

static void *value_alloc(size_t n) {
  n = (n + 7) & ~(size_t)7;
  if (mem.n == 0 || mem.used + n > mem.size) {
    if (mem.n == mem.cap) {
      mem.cap = mem.cap ? 2 * mem.cap : 64;
      mem.chunk = xrealloc(mem.chunk, mem.cap * sizeof *mem.chunk);
    }
    mem.size = n > CHUNK_BYTES ? n : CHUNK_BYTES;   /* a value larger than a chunk gets one of its own */
    mem.chunk[mem.n++] = xmalloc(mem.size);
    mem.used = 0;
  }
  void *p = mem.chunk[mem.n - 1] + mem.used;
  mem.used += n;
  return p;
}

/* Caches of the most frequent atoms (cleared with the table). */
#define SMALL_INTS 1024
#define STR_CACHE 4096
static const tla_val *small_ints[SMALL_INTS + 1], *bools[2];
static struct {
  const char *s;
  const tla_val *v;
} str_cache[STR_CACHE];
/* lo..hi, looked up per evaluation (1..Len(s) in every quantifier over a
 * sequence's positions): each one's interning a probe of the whole table */
#define RANGE_CACHE 1024
static struct {
  int64_t lo, hi;
  const tla_val *v;
} range_cache[RANGE_CACHE];


static uint32_t mix(uint32_t h, uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (h ^ (uint32_t)x ^ (uint32_t)(x >> 32)) * 16777619u;
}

static uint32_t hash_of(const tla_val *v) {
  uint32_t h = mix(2166136261u, v->kind);
  h = mix(h, v->n);
  if (v->kind == TV_INT || v->kind == TV_BOOL || v->kind == TV_FILTER) h = mix(h, (uint64_t)v->i);
  if (v->s && v->kind != TV_FILTER) {
    /* by content, not address: the order of sets must not depend on it */
    uint64_t sh = 1469598103934665603ull;
    for (const char *c = v->s; *c; c++) sh = (sh ^ (unsigned char)*c) * 1099511628211ull;
    h = mix(h, sh);
  } else if (v->s) {
    h = mix(h, (uint64_t)(uintptr_t)v->s);
  }
  for (uint32_t k = 0; k < v->n && v->e; k++) h = mix(h, v->e[k]->hash);
  for (uint32_t k = 0; k < v->n && v->v; k++) h = mix(h, v->v[k]->hash * 31u + k);
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  return h;
}

uint32_t tv_hash(const tla_val *v) { return hash_of(v); }

static bool same(const tla_val *a, const tla_val *b) {
  if (a->hash != b->hash || a->kind != b->kind || a->n != b->n || a->s != b->s) return false;
  if ((a->kind == TV_INT || a->kind == TV_BOOL || a->kind == TV_FILTER) && a->i != b->i) return false;
  /* inline, not memcmp's call: most values have a few elements */
  for (uint32_t k = 0; a->e && k < a->n; k++)
    if (a->e[k] != b->e[k]) return false;
  for (uint32_t k = 0; a->v && k < a->n; k++)
    if (a->v[k] != b->v[k]) return false;
  return true;
}

static void grow(void) {
  size_t cap = tab.cap ? tab.cap * 2 : 4096;
  slot_t *slot = xcalloc(cap, sizeof *slot);
  for (size_t i = 0; i < tab.cap; i++)
    if (tab.slot[i].v) {
      size_t j = tab.slot[i].hash & (cap - 1);
      while (slot[j].v) j = (j + 1) & (cap - 1);
      slot[j] = tab.slot[i];
    }
  free(tab.slot);
  tab.bytes += (cap - tab.cap) * sizeof *slot;
  tab.slot = slot;
  tab.cap = cap;
}

/* Returns the table's copy of v (copying v and its arrays when new). */
static const tla_val *intern(tla_val *v) {
  v->hash = hash_of(v);
  if ((tab.n + 1) * 2 >= tab.cap) grow();
  size_t j = v->hash & (tab.cap - 1);
  for (; tab.slot[j].v; j = (j + 1) & (tab.cap - 1))
    if (tab.slot[j].hash == v->hash && same(tab.slot[j].v, v)) return tab.slot[j].v;
  size_t arr = (v->e ? v->n : 0) + (v->v ? v->n : 0);
  tla_val *c = value_alloc(sizeof *c + arr * sizeof(tla_val *));
  tab.bytes += sizeof *c + arr * sizeof(tla_val *);
  *c = *v;
  const tla_val **p = (const tla_val **)(c + 1);
  if (v->e) {
    memcpy(p, v->e, v->n * sizeof *p);
    c->e = p;
    p += v->n;
  }
  if (v->v) {
    memcpy(p, v->v, v->n * sizeof *p);
    c->v = p;
  }
  if (c->kind == TV_MODEL && c->i < 0) c->i = tab.models++;
  c->has_model = c->kind == TV_MODEL;
  for (uint32_t k = 0; k < c->n && c->e && !c->has_model; k++) c->has_model = c->e[k]->has_model;
  for (uint32_t k = 0; k < c->n && c->v && !c->has_model; k++) c->has_model = c->v[k]->has_model;
  tab.slot[j] = (slot_t){c->hash, c};
  tab.n++;
  return c;
}

size_t tla_values_bytes(void) { return tab.bytes; }
size_t tla_values_count(void) { return tab.n; }

void tla_values_reset(void) {
  for (size_t i = 0; i < mem.n; i++) free(mem.chunk[i]);
  free(mem.chunk);
  memset(&mem, 0, sizeof mem);
  free(tab.slot);
  memset(&tab, 0, sizeof tab);
  memset(small_ints, 0, sizeof small_ints);
  memset(bools, 0, sizeof bools);
  memset(str_cache, 0, sizeof str_cache);
  memset(range_cache, 0, sizeof range_cache);
}


const tla_val *tv_bool(bool b) {
  if (bools[b]) return bools[b];
  tla_val v = {.kind = TV_BOOL, .i = b};
  return bools[b] = intern(&v);
}
const tla_val *tv_int(int64_t i) {
  if (i >= -1 && i < SMALL_INTS && small_ints[i + 1]) return small_ints[i + 1];
  tla_val v = {.kind = TV_INT, .i = i};
  const tla_val *r = intern(&v);
  if (i >= -1 && i < SMALL_INTS) small_ints[i + 1] = r;
  return r;
}
const tla_val *tv_str(const char *s) {
  size_t k = ((uintptr_t)s >> 4) & (STR_CACHE - 1);
  if (str_cache[k].s == s) return str_cache[k].v;
  tla_val v = {.kind = TV_STR, .s = s};
  const tla_val *r = intern(&v);
  str_cache[k].s = s, str_cache[k].v = r;
  return r;
}
const tla_val *tv_model(const char *s) {
  /* the declaration index is not part of the identity (neither hash_of nor
   * same looks at it): intern finds the value by name, or numbers a new one */
  tla_val v = {.kind = TV_MODEL, .s = s, .i = -1};
  return intern(&v);
}

const tla_val *tv_range(int64_t lo, int64_t hi) {
  if (hi < lo) return tv_set(NULL, 0);
  size_t k = ((uint64_t)lo * 31u + (uint64_t)hi) & (RANGE_CACHE - 1);
  if (range_cache[k].v && range_cache[k].lo == lo && range_cache[k].hi == hi) return range_cache[k].v;
  const tla_val *buf[64], **e = hi - lo < 64 ? buf : xmalloc((size_t)(hi - lo + 1) * sizeof *e);
  for (int64_t i = lo; i <= hi; i++) e[i - lo] = tv_int(i);
  tla_val v = {.kind = TV_SET, .n = (uint32_t)(hi - lo + 1), .e = e};   /* sorted (tv_cmp on integers) */
  const tla_val *r = intern(&v);
  if (e != buf) free(e);
  range_cache[k].lo = lo, range_cache[k].hi = hi, range_cache[k].v = r;
  return r;
}

static int cmp_ptr(const void *a, const void *b) { return tv_cmp(*(const tla_val *const *)a, *(const tla_val *const *)b); }

const tla_val *tv_set(const tla_val **e, uint32_t n) {
  bool sorted = true;
  for (uint32_t k = 1; k < n && sorted; k++) sorted = tv_cmp(e[k - 1], e[k]) < 0;
  if (!sorted) qsort(e, n, sizeof *e, cmp_ptr);
  uint32_t m = 0;
  for (uint32_t k = 0; k < n; k++)
    if (m == 0 || e[m - 1] != e[k]) e[m++] = e[k];
  tla_val v = {.kind = TV_SET, .n = m, .e = e};
  if (m == 0) v.e = NULL;
  return intern(&v);
}

typedef struct { const tla_val *d, *v; } pair;
static int cmp_pair(const void *a, const void *b) { return tv_cmp(((const pair *)a)->d, ((const pair *)b)->d); }

const tla_val *tv_fun_sorted(const tla_val **dom, const tla_val **val, uint32_t n) {
  tla_val v = {.kind = TV_FUN, .n = n, .e = n ? dom : NULL, .v = n ? val : NULL};
  return intern(&v);
}

const tla_val *tv_fun(const tla_val **dom, const tla_val **val, uint32_t n) {
  bool sorted = true;
  for (uint32_t k = 1; k < n && sorted; k++) sorted = tv_cmp(dom[k - 1], dom[k]) < 0;
  if (!sorted) {
    pair *p = xmalloc(n * sizeof *p);
    for (uint32_t k = 0; k < n; k++) p[k] = (pair){dom[k], val[k]};
    qsort(p, n, sizeof *p, cmp_pair);
    uint32_t m = 0;
    for (uint32_t k = 0; k < n; k++) {
      if (m && p[m - 1].d == p[k].d) continue;   /* first definition wins */
      p[m++] = p[k];
    }
    for (uint32_t k = 0; k < m; k++) dom[k] = p[k].d, val[k] = p[k].v;
    n = m;
    free(p);
  }
  return tv_fun_sorted(dom, val, n);
}

const tla_val *tv_tuple(const tla_val **e, uint32_t n) {
  const tla_val *dbuf[64], **dom = n <= 64 ? dbuf : xmalloc(n * sizeof *dom);
  for (uint32_t k = 0; k < n; k++) dom[k] = tv_int(k + 1);
  const tla_val *r = tv_fun_sorted(dom, e, n);   /* 1..n: sorted (tv_cmp on integers) */
  if (dom != dbuf) free(dom);
  return r;
}

const tla_val *tv_lazy(tla_vkind k, const tla_val **ops, uint32_t n) {
  tla_val v = {.kind = (uint8_t)k, .n = n, .e = n ? ops : NULL};
  return intern(&v);
}

const tla_val *tv_filter(const tla_val *base, const tla_val *env, const void *node, const void *ctx) {
  const tla_val *ops[2] = {base, env};
  tla_val v = {.kind = TV_FILTER, .n = 2, .e = ops, .s = node, .i = (int64_t)(intptr_t)ctx};
  return intern(&v);
}

int tv_cmp(const tla_val *a, const tla_val *b) {
  if (a == b) return 0;
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  switch (a->kind) {
    case TV_BOOL:
    case TV_INT:
    case TV_MODEL: return a->i < b->i ? -1 : a->i > b->i ? 1 : 0;
    case TV_STR: return strcmp(a->s, b->s);
    default: break;
  }
  if (a->n != b->n) return a->n < b->n ? -1 : 1;
  /* composite values: any fixed total order will do (TLC's CHOOSE order on
   * them is its own), and hashes decide most comparisons at once */
  if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
  if (a->kind == TV_FILTER && (a->s != b->s || a->i != b->i))
    return a->s != b->s ? ((uintptr_t)a->s < (uintptr_t)b->s ? -1 : 1) : (a->i < b->i ? -1 : 1);
  if (a->s != b->s && a->kind != TV_FILTER) return strcmp(a->s ? a->s : "", b->s ? b->s : "");
  for (uint32_t k = 0; k < a->n && a->e; k++) {
    int c = tv_cmp(a->e[k], b->e[k]);
    if (c) return c;
  }
  for (uint32_t k = 0; k < a->n && a->v; k++) {
    int c = tv_cmp(a->v[k], b->v[k]);
    if (c) return c;
  }
  return 0;
}

bool tv_is_set(const tla_val *a) { return a->kind == TV_SET || a->kind >= TV_NAT; }

bool tv_is_seq(const tla_val *f) {
  if (f->kind != TV_FUN) return false;
  for (uint32_t k = 0; k < f->n; k++)
    if (f->e[k]->kind != TV_INT || f->e[k]->i != (int64_t)k + 1) return false;
  return true;
}

int64_t tv_domain_index(const tla_val *f, const tla_val *x) {
  if (f->kind != TV_FUN && f->kind != TV_SET) return -1;
  if (f->n && f->kind == TV_FUN && x->kind == TV_INT && f->e[0]->kind == TV_INT && f->e[0]->i == 1 &&
      f->e[f->n - 1]->kind == TV_INT && f->e[f->n - 1]->i == (int64_t)f->n) {
    /* a sequence: direct index */
    return x->i >= 1 && x->i <= (int64_t)f->n ? x->i - 1 : -1;
  }
  if (f->n <= 16) {
    /* values are hash-consed: identity is equality */
    for (uint32_t k = 0; k < f->n; k++)
      if (f->e[k] == x) return k;
    return -1;
  }
  int64_t lo = 0, hi = (int64_t)f->n - 1;
  while (lo <= hi) {
    int64_t mid = (lo + hi) / 2;
    int c = tv_cmp(f->e[mid], x);
    if (c == 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const tla_val *tv_apply(const tla_val *f, const tla_val *x) {
  int64_t k = tv_domain_index(f, x);
  return k < 0 ? NULL : f->v[k];
}

bool tv_set_has(const tla_val *s, const tla_val *x) { return s->kind == TV_SET && tv_domain_index(s, x) >= 0; }

static bool is_record(const tla_val *f) {
  if (f->kind != TV_FUN || f->n == 0) return false;
  for (uint32_t k = 0; k < f->n; k++)
    if (f->e[k]->kind != TV_STR) return false;
  return true;
}

void tv_print(FILE *out, const tla_val *v) {
  switch ((tla_vkind)v->kind) {
    case TV_BOOL: fputs(v->i ? "TRUE" : "FALSE", out); return;
    case TV_INT: fprintf(out, "%lld", (long long)v->i); return;
    case TV_STR:
      fputc('"', out);
      for (const char *c = v->s; *c; c++) {
        if (*c == '"' || *c == '\\') fputc('\\', out);
        if (*c == '\n') fputs("\\n", out);
        else fputc(*c, out);
      }
      fputc('"', out);
      return;
    case TV_MODEL: fputs(v->s, out); return;
    case TV_SET:
      fputc('{', out);
      for (uint32_t k = 0; k < v->n; k++) {
        if (k) fputs(", ", out);
        tv_print(out, v->e[k]);
      }
      fputc('}', out);
      return;
    case TV_FUN:
      if (tv_is_seq(v)) {
        fputs("<<", out);
        for (uint32_t k = 0; k < v->n; k++) {
          if (k) fputs(", ", out);
          tv_print(out, v->v[k]);
        }
        fputs(">>", out);
      } else if (is_record(v)) {
        fputc('[', out);
        for (uint32_t k = 0; k < v->n; k++) fprintf(out, "%s%s |-> ", k ? ", " : "", v->e[k]->s), tv_print(out, v->v[k]);
        fputc(']', out);
      } else {
        fputc('(', out);
        for (uint32_t k = 0; k < v->n; k++) {
          if (k) fputs(" @@ ", out);
          tv_print(out, v->e[k]);
          fputs(" :> ", out);
          tv_print(out, v->v[k]);
        }
        fputc(')', out);
      }
      return;
    case TV_NAT: fputs("Nat", out); return;
    case TV_INTS: fputs("Int", out); return;
    case TV_STRING: fputs("STRING", out); return;
    case TV_SUBSET: fputs("SUBSET ", out), tv_print(out, v->e[0]); return;
    case TV_FUNSET: fputc('[', out), tv_print(out, v->e[0]), fputs(" -> ", out), tv_print(out, v->e[1]), fputc(']', out); return;
    case TV_SEQSET: fputs("Seq(", out), tv_print(out, v->e[0]), fputc(')', out); return;
    case TV_RECSET:
      fputc('[', out);
      for (uint32_t k = 0; k + 1 < v->n; k += 2) fprintf(out, "%s%s : ", k ? ", " : "", v->e[k]->s), tv_print(out, v->e[k + 1]);
      fputc(']', out);
      return;
    case TV_CUP: tv_print(out, v->e[0]), fputs(" \\cup ", out), tv_print(out, v->e[1]); return;
    case TV_DIFF: tv_print(out, v->e[0]), fputs(" \\ ", out), tv_print(out, v->e[1]); return;
    case TV_FILTER: fputs("{x \\in ", out), tv_print(out, v->e[0]), fputs(" : ...}", out); return;
  }
}

char *tv_to_string(const tla_val *v) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  tv_print(f, v);
  fclose(f);
  return buf;
}
