/* TLA+: hash-consed values (equality is identity, tuples are functions,
 * sets are canonical), the grammar's tree (fields, interned names,
 * positioned syntax errors) and every root module of the shared set
 * parsing without ERROR nodes. */
#include <dirent.h>
#include <string.h>
#include <sys/time.h>
#include "check.h"
#include "zeta/zeta.h"
#include "lang/tla/tla_ast.h"
#include "lang/tla/tla_value.h"

static void test_values(void) {
  CHECK(tv_int(3) == tv_int(3));
  CHECK(tv_int(3) != tv_int(4));
  const tla_val *a[3] = {tv_int(2), tv_int(1), tv_int(2)}, *b[2] = {tv_int(1), tv_int(2)};
  const tla_val *s1 = tv_set(a, 3), *s2 = tv_set(b, 2);
  CHECK(s1 == s2 && s1->n == 2);
  const tla_val *t[2] = {tv_str(tla_intern("x", 1)), tv_bool(true)};
  const tla_val *tup = tv_tuple(t, 2);
  const tla_val *d[2] = {tv_int(2), tv_int(1)}, *v[2] = {tv_bool(true), tv_str(tla_intern("x", 1))};
  CHECK(tv_fun(d, v, 2) == tup);   /* <<"x", TRUE>> = (2 :> TRUE @@ 1 :> "x") */
  CHECK(tv_is_seq(tup) && tv_apply(tup, tv_int(2)) == tv_bool(true) && tv_apply(tup, tv_int(3)) == NULL);
  CHECK(tv_model(tla_intern("p", 1)) == tv_model(tla_intern("p", 1)));
  CHECK(tv_cmp(tv_int(1), tv_int(2)) < 0 && tv_cmp(tv_int(2), tv_int(2)) == 0);
  char *str = tv_to_string(tup);
  CHECK(strcmp(str, "<<\"x\", TRUE>>") == 0);
  free(str);
  const tla_val *k[2] = {tv_str(tla_intern("b", 1)), tv_str(tla_intern("a", 1))}, *w[2] = {tv_int(1), tv_int(2)};
  str = tv_to_string(tv_fun(k, w, 2));
  CHECK(strcmp(str, "[a |-> 2, b |-> 1]") == 0);
  free(str);
  str = tv_to_string(s1);
  CHECK(strcmp(str, "{1, 2}") == 0);
  free(str);
  tla_values_reset();
}

/* lo..hi (tv_range, cached): the set tv_set builds, empty when hi < lo,
 * past its stack buffer too, and rebuilt after tla_values_reset. */
static void test_ranges(void) {
  for (int round = 0; round < 2; round++) {
    const tla_val *e[80];
    for (int i = 0; i < 80; i++) e[79 - i] = tv_int(i - 5);
    CHECK(tv_range(-5, 74) == tv_set(e, 80) && tv_range(-5, 74)->n == 80);
    const tla_val *one[3] = {tv_int(3), tv_int(1), tv_int(2)};
    CHECK(tv_range(1, 3) == tv_set(one, 3) && tv_range(1, 3) == tv_range(1, 3));
    CHECK(tv_range(3, 1) == tv_set(NULL, 0) && tv_range(2, 2)->n == 1 && tv_range(2, 2)->e[0] == tv_int(2));
    tla_values_reset();
  }
}

/* The values cut from chunks (tla_value.c value_alloc): many values
 * across chunk boundaries, one larger than a chunk, each found again by
 * content and intact; after tla_values_reset the table starts over; a
 * function built from a sorted domain (tv_fun_sorted: EXCEPT, tuples) is
 * the one tv_fun builds. */
static void test_value_chunks(void) {
  for (int round = 0; round < 2; round++) {
    enum { N = 20000 };
    static const tla_val *pairs[N];
    for (int i = 0; i < N; i++) {
      const tla_val *e[2] = {tv_int(i), tv_int(-i - 5)};
      pairs[i] = tv_tuple(e, 2);
    }
    enum { BIG = 200000 };   /* 1.6 MB of elements: past a chunk */
    const tla_val **el = malloc(BIG * sizeof *el);
    for (int i = 0; i < BIG; i++) el[i] = tv_int(BIG - i);
    const tla_val *big = tv_set(el, BIG);
    CHECK(big->n == BIG && big->e[0] == tv_int(1) && big->e[BIG - 1] == tv_int(BIG));
    for (int i = 0; i < BIG; i++) el[i] = tv_int(i + 1);
    CHECK(tv_set(el, BIG) == big);
    free(el);
    bool ok = true;
    for (int i = 0; i < N && ok; i++) {
      const tla_val *e[2] = {tv_int(i), tv_int(-i - 5)};
      ok = tv_tuple(e, 2) == pairs[i] && pairs[i]->v[0] == tv_int(i) && pairs[i]->v[1] == tv_int(-i - 5);
    }
    CHECK(ok);
    const tla_val *d[3] = {tv_int(1), tv_int(2), tv_int(3)}, *v[3] = {tv_bool(true), tv_int(7), tv_bool(false)};
    const tla_val *f = tv_fun_sorted(d, v, 3), *d2[3] = {tv_int(3), tv_int(1), tv_int(2)},
                  *v2[3] = {tv_bool(false), tv_bool(true), tv_int(7)};
    CHECK(f == tv_fun(d2, v2, 3) && f == tv_tuple(v, 3));
    CHECK(tla_values_bytes() > (size_t)BIG * sizeof(tla_val *));
    tla_values_reset();
    CHECK(tla_values_bytes() == 0);
  }
}

static void test_tree(void) {
  const char *src = "---- MODULE M ----\nVARIABLE x\nInit == x = 1 + 2\n====\n";
  diag d = {0};
  tla_file *f = tla_parse_text("m.tla", src, strlen(src), &d);
  CHECK(f != NULL);
  if (!f) return;
  tla_node *root = tla_file_root(f);
  CHECK(root->kind == TK_source_file && root->n == 1 && root->kid[0]->kind == TK_module);
  tla_node *m = root->kid[0], *def = NULL;
  for (uint32_t i = 0; i < m->n; i++)
    if (m->kid[i]->kind == TK_operator_definition) def = m->kid[i];
  CHECK(def != NULL);
  if (def) {
    tla_node *name = tla_field_kid(def, TF_NAME), *body = tla_field_kid(def, TF_DEFINITION);
    CHECK(name && name->text == tla_intern("Init", 4));
    CHECK(body && body->kind == TK_bound_infix_op && tla_field_kid(body, TF_SYMBOL)->kind == TK_eq);
    CHECK(body && body->line == 3 && body->col == 9);
  }
  tla_file_free(f);
  const char *bad = "---- MODULE M ----\nInit == x = \n====\n";
  memset(&d, 0, sizeof d);
  CHECK(tla_parse_text("bad.tla", bad, strlen(bad), &d) == NULL);
  CHECK(d.code == 2 && strncmp(d.message, "bad.tla:", 8) == 0 && d.line >= 2);
}

/* Every root module of the shared TLA+ set parses. */
static void test_shared_parse(void) {
  const char *sh = getenv("SHARED");
  char dir[512];
  snprintf(dir, sizeof dir, "%s/benchmarks/tla", sh ? sh : "../shared");
  DIR *top = opendir(dir);
  if (!top) return;   /* the shared set is optional */
  struct dirent *e;
  int n = 0, bad = 0;
  while ((e = readdir(top))) {
    if (e->d_name[0] == '.') continue;
    char sub[1024];
    snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
    DIR *dd = opendir(sub);
    if (!dd) continue;
    struct dirent *g;
    while ((g = readdir(dd))) {
      size_t l = strlen(g->d_name);
      if (l < 5 || strcmp(g->d_name + l - 4, ".tla")) continue;
      char path[2048];
      snprintf(path, sizeof path, "%s/%s", sub, g->d_name);
      diag d = {0};
      tla_file *f = tla_parse_file(path, &d);
      n++;
      if (!f) {
        bad++;
        fprintf(stderr, "%s\n", d.message);
      }
      tla_file_free(f);
    }
    closedir(dd);
  }
  closedir(top);
  CHECK(n > 100 && bad == 0);
}

/* After the verdict the hard stop is cancelled: freeing a large model
 * (factorization's value table) outlasted it and printed a second answer. */
static void test_hard_stop_disarmed(void) {
  zeta_config *cfg = zeta_config_new();
  zeta_error err;
  CHECK(zeta_config_set(cfg, "timeout", "30", &err) == 0);
  CHECK(zeta_config_set(cfg, "hard-limits", "true", &err) == 0);
  FILE *sink = fopen("/dev/null", "w");
  zeta_config_set_output(cfg, sink);
  zeta_model *m = zeta_load_file("tests/tla/Counter.tla", NULL, cfg, &err);
  CHECK(m != NULL);
  if (m) {
    zeta_result *r = zeta_check(m, cfg);
    struct itimerval it;
    getitimer(ITIMER_REAL, &it);
    CHECK(it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0);
    zeta_result_free(r);
    zeta_model_free(m);
  }
  zeta_config_free(cfg);
  if (sink) fclose(sink);
}

int main(void) {
  RUN(test_values);
  RUN(test_ranges);
  RUN(test_value_chunks);
  RUN(test_hard_stop_disarmed);
  RUN(test_tree);
  RUN(test_shared_parse);
  return CHECK_DONE();
}
