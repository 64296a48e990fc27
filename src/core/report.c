#include "core/report.h"
#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

typedef struct { char *name, *value; } pair;
typedef struct { char *label; pair *vals; size_t n, cap; } step;
typedef struct { char *id, *answer; zeta_verdict v; } prop;

struct report {
  FILE *mem, *live;
  char *buf;
  size_t len;
  zeta_verdict verdict;
  char *reason, *engine, *ev_kind, *ev_text, *witness;
  pair *stats;
  size_t nstats, cap_stats;
  step *steps;
  size_t nsteps, cap_steps;
  prop *props;
  size_t nprops, cap_props;
  int exit_code;
};

static char *dup_or_null(const char *s) { return s ? xstrdup(s) : NULL; }
static void set_str(char **slot, const char *s) {
  free(*slot);
  *slot = dup_or_null(s);
}

report *report_new(void) {
  report *r = xcalloc(1, sizeof *r);
  r->verdict = ZETA_UNKNOWN;
  r->exit_code = ZETA_EXIT_UNKNOWN;
  return r;
}

static void clear_fields(report *r) {
  free(r->reason), free(r->engine), free(r->ev_kind), free(r->ev_text), free(r->witness);
  r->reason = r->engine = r->ev_kind = r->ev_text = r->witness = NULL;
  for (size_t i = 0; i < r->nstats; i++) free(r->stats[i].name), free(r->stats[i].value);
  for (size_t k = 0; k < r->nsteps; k++) {
    for (size_t i = 0; i < r->steps[k].n; i++) free(r->steps[k].vals[i].name), free(r->steps[k].vals[i].value);
    free(r->steps[k].vals);
    free(r->steps[k].label);
  }
  for (size_t i = 0; i < r->nprops; i++) free(r->props[i].id), free(r->props[i].answer);
  free(r->stats), free(r->steps), free(r->props);
  r->stats = NULL, r->steps = NULL, r->props = NULL;
  r->nstats = r->cap_stats = r->nsteps = r->cap_steps = r->nprops = r->cap_props = 0;
  r->verdict = ZETA_UNKNOWN;
  r->exit_code = ZETA_EXIT_UNKNOWN;
}

void report_clear(report *r) {
  clear_fields(r);
  if (r->mem) fclose(r->mem);
  free(r->buf);
  r->mem = NULL, r->buf = NULL, r->len = 0;
}

void report_free(report *r) {
  if (!r) return;
  report_clear(r);
  free(r);
}

FILE *report_out(report *r) {
  if (r->live) return r->live;
  if (!r->mem) {
    r->mem = open_memstream(&r->buf, &r->len);
    if (!r->mem) alloc_fail(0);
  }
  return r->mem;
}

void report_set_stream(report *r, FILE *live) { r->live = live; }

const char *report_text(report *r) {
  if (!r->mem) return "";
  fflush(r->mem);
  return r->buf ? r->buf : "";
}

void report_set_verdict(report *r, zeta_verdict v, const char *reason) {
  r->verdict = v;
  set_str(&r->reason, v == ZETA_UNKNOWN ? (reason && *reason ? reason : "incomplete") : NULL);
  if (r->exit_code != ZETA_EXIT_INPUT && r->exit_code != ZETA_EXIT_INTERNAL)
    r->exit_code = v == ZETA_UNKNOWN ? ZETA_EXIT_UNKNOWN : ZETA_EXIT_VERDICT;
}
zeta_verdict report_verdict(const report *r) { return r->verdict; }
const char *report_reason(const report *r) { return r->reason ? r->reason : ""; }
void report_set_engine(report *r, const char *engine) { set_str(&r->engine, engine); }
const char *report_engine(const report *r) { return r->engine ? r->engine : ""; }

static void put_stat(report *r, const char *name, const char *value) {
  for (size_t i = 0; i < r->nstats; i++)
    if (strcmp(r->stats[i].name, name) == 0) { set_str(&r->stats[i].value, value); return; }
  XGROW(r->stats, r->cap_stats, r->nstats + 1);
  r->stats[r->nstats++] = (pair){xstrdup(name), xstrdup(value)};
}

void report_stat(report *r, const char *name, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *v = NULL;
  if (vasprintf(&v, fmt, ap) < 0) alloc_fail(0);
  va_end(ap);
  put_stat(r, name, v);
  free(v);
}
size_t report_nstats(const report *r) { return r->nstats; }
const char *report_stat_name(const report *r, size_t i) { return i < r->nstats ? r->stats[i].name : NULL; }
const char *report_stat_value(const report *r, size_t i) { return i < r->nstats ? r->stats[i].value : NULL; }

void report_set_evidence(report *r, const char *kind, const char *text) {
  set_str(&r->ev_kind, kind);
  set_str(&r->ev_text, text);
}
void report_add_evidence_text(report *r, const char *text) {
  if (!text) return;
  size_t a = r->ev_text ? strlen(r->ev_text) : 0, b = strlen(text);
  r->ev_text = xrealloc(r->ev_text, a + b + 1);
  memcpy(r->ev_text + a, text, b + 1);
}
const char *report_evidence_kind(const report *r) { return r->ev_kind ? r->ev_kind : ""; }
const char *report_evidence_text(const report *r) { return r->ev_text ? r->ev_text : ""; }

void report_step(report *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *label = NULL;
  if (vasprintf(&label, fmt, ap) < 0) alloc_fail(0);
  va_end(ap);
  XGROW(r->steps, r->cap_steps, r->nsteps + 1);
  r->steps[r->nsteps++] = (step){label, NULL, 0, 0};
}

void report_value(report *r, const char *name, const char *value) {
  if (r->nsteps == 0) report_step(r, "step 0");
  step *s = &r->steps[r->nsteps - 1];
  XGROW(s->vals, s->cap, s->n + 1);
  s->vals[s->n++] = (pair){xstrdup(name), xstrdup(value ? value : "?")};
}

void report_value_term(report *r, const char *name, term_t value) {
  if (value == NULL_TERM) { report_value(r, name, "?"); return; }
  char *text = term_to_string(value);
  report_value(r, name, text);
  free(text);
}

size_t report_nsteps(const report *r) { return r->nsteps; }
const char *report_step_label(const report *r, size_t k) { return k < r->nsteps ? r->steps[k].label : NULL; }
size_t report_step_nvalues(const report *r, size_t k) { return k < r->nsteps ? r->steps[k].n : 0; }
const char *report_step_name(const report *r, size_t k, size_t i) {
  return k < r->nsteps && i < r->steps[k].n ? r->steps[k].vals[i].name : NULL;
}
const char *report_step_value(const report *r, size_t k, size_t i) {
  return k < r->nsteps && i < r->steps[k].n ? r->steps[k].vals[i].value : NULL;
}

void report_property(report *r, const char *id, zeta_verdict v, const char *answer) {
  XGROW(r->props, r->cap_props, r->nprops + 1);
  r->props[r->nprops++] = (prop){xstrdup(id), dup_or_null(answer), v};
}
size_t report_nproperties(const report *r) { return r->nprops; }
const char *report_property_id(const report *r, size_t i) { return i < r->nprops ? r->props[i].id : NULL; }
zeta_verdict report_property_verdict(const report *r, size_t i) { return i < r->nprops ? r->props[i].v : ZETA_UNKNOWN; }
const char *report_property_answer(const report *r, size_t i) {
  return i < r->nprops && r->props[i].answer ? r->props[i].answer : "";
}

void report_set_witness(report *r, const char *text) { set_str(&r->witness, text); }
const char *report_witness(const report *r) { return r->witness; }
void report_set_exit(report *r, int code) { r->exit_code = code; }
int report_exit(const report *r) { return r->exit_code; }

const char *report_verdict_word(zeta_verdict v) {
  return v == ZETA_SAFE ? "safe" : v == ZETA_UNSAFE ? "unsafe" : "unknown";
}

static zeta_verdict verdict_of_word(const char *w) {
  return w && strcmp(w, "safe") == 0 ? ZETA_SAFE : w && strcmp(w, "unsafe") == 0 ? ZETA_UNSAFE : ZETA_UNKNOWN;
}

/* ---- JSON ---- */

static cJSON *must(cJSON *j) {
  if (!j) alloc_fail(0);
  return j;
}

static void add_str(cJSON *o, const char *k, const char *v) {
  if (v) must(cJSON_AddStringToObject(o, k, v));
  else must(cJSON_AddNullToObject(o, k));
}

/* A statistic that reads as a number is a JSON number. */
static void add_stat(cJSON *o, const char *k, const char *v) {
  char *end;
  double d = strtod(v, &end);
  if (*v && *end == '\0' && end != v && strspn(v, "0123456789.-+eE") == strlen(v)) must(cJSON_AddNumberToObject(o, k, d));
  else must(cJSON_AddStringToObject(o, k, v));
}

char *report_to_json(const report *r, const char *format, const char *file, double seconds, double memory_mb) {
  if (r->mem) fflush(r->mem);
  cJSON *o = must(cJSON_CreateObject());
  add_str(o, "zeta", ZETA_VERSION);
  if (format) add_str(o, "format", format);
  if (file) add_str(o, "file", file);
  add_str(o, "verdict", report_verdict_word(r->verdict));
  add_str(o, "reason", r->verdict == ZETA_UNKNOWN ? report_reason(r) : NULL);
  add_str(o, "engine", r->engine);
  must(cJSON_AddNumberToObject(o, "exit", r->exit_code));
  if (seconds >= 0) must(cJSON_AddNumberToObject(o, "time", round(seconds * 1000) / 1000));
  if (memory_mb >= 0) must(cJSON_AddNumberToObject(o, "memory_mb", round(memory_mb * 10) / 10));
  cJSON *st = must(cJSON_AddObjectToObject(o, "stats"));
  for (size_t i = 0; i < r->nstats; i++) add_stat(st, r->stats[i].name, r->stats[i].value);
  cJSON *ev = must(cJSON_AddObjectToObject(o, "evidence"));
  add_str(ev, "kind", r->ev_kind ? r->ev_kind : (r->nsteps ? "trace" : "none"));
  add_str(ev, "text", r->ev_text);
  cJSON *steps = must(cJSON_AddArrayToObject(ev, "steps"));
  for (size_t k = 0; k < r->nsteps; k++) {
    cJSON *s = must(cJSON_CreateObject());
    cJSON_AddItemToArray(steps, s);
    add_str(s, "label", r->steps[k].label);
    cJSON *vals = must(cJSON_AddArrayToObject(s, "values"));
    for (size_t i = 0; i < r->steps[k].n; i++) {
      cJSON *p = must(cJSON_CreateObject());
      cJSON_AddItemToArray(vals, p);
      add_str(p, "name", r->steps[k].vals[i].name);
      add_str(p, "value", r->steps[k].vals[i].value);
    }
  }
  cJSON *props = must(cJSON_AddArrayToObject(o, "properties"));
  for (size_t i = 0; i < r->nprops; i++) {
    cJSON *p = must(cJSON_CreateObject());
    cJSON_AddItemToArray(props, p);
    add_str(p, "id", r->props[i].id);
    add_str(p, "verdict", report_verdict_word(r->props[i].v));
    add_str(p, "answer", r->props[i].answer);
  }
  add_str(o, "witness", r->witness);
  add_str(o, "output", r->mem && r->buf ? r->buf : "");
  char *s = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  if (!s) alloc_fail(0);
  return s;
}

static const char *str_of(const cJSON *o, const char *k) {
  const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, k);
  return cJSON_IsString(j) ? j->valuestring : NULL;
}

bool report_from_json(report *r, const char *json) {
  cJSON *o = cJSON_Parse(json);
  if (!cJSON_IsObject(o) || !str_of(o, "verdict")) {
    cJSON_Delete(o);
    return false;
  }
  report_set_verdict(r, verdict_of_word(str_of(o, "verdict")), str_of(o, "reason"));
  const cJSON *ex = cJSON_GetObjectItemCaseSensitive(o, "exit");
  if (cJSON_IsNumber(ex)) r->exit_code = ex->valueint;
  if (str_of(o, "engine")) report_set_engine(r, str_of(o, "engine"));
  const cJSON *it;
  cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o, "stats")) {
    if (cJSON_IsString(it)) put_stat(r, it->string, it->valuestring);
    else if (cJSON_IsNumber(it)) {
      char num[64];
      double d = it->valuedouble;
      if (d == (double)(long long)d && d < 9e15 && d > -9e15) snprintf(num, sizeof num, "%lld", (long long)d);
      else snprintf(num, sizeof num, "%.15g", d);
      put_stat(r, it->string, num);
    }
  }
  const cJSON *ev = cJSON_GetObjectItemCaseSensitive(o, "evidence");
  if (cJSON_IsObject(ev)) {
    const char *kind = str_of(ev, "kind");
    if (kind && strcmp(kind, "none") != 0) report_set_evidence(r, kind, str_of(ev, "text"));
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(ev, "steps")) {
      report_step(r, "%s", str_of(s, "label") ? str_of(s, "label") : "");
      const cJSON *p;
      cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(s, "values")) report_value(r, str_of(p, "name") ? str_of(p, "name") : "", str_of(p, "value"));
    }
  }
  cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o, "properties"))
    report_property(r, str_of(it, "id") ? str_of(it, "id") : "", verdict_of_word(str_of(it, "verdict")), str_of(it, "answer"));
  if (str_of(o, "witness")) report_set_witness(r, str_of(o, "witness"));
  const char *out = str_of(o, "output");
  if (out && *out) fputs(out, report_out(r));
  cJSON_Delete(o);
  return true;
}

void report_copy(report *dst, const report *src) {
  report_set_verdict(dst, src->verdict, src->reason);
  dst->exit_code = src->exit_code;
  if (src->engine) report_set_engine(dst, src->engine);
  for (size_t i = 0; i < src->nstats; i++) put_stat(dst, src->stats[i].name, src->stats[i].value);
  if (src->ev_kind || src->ev_text) report_set_evidence(dst, src->ev_kind, src->ev_text);
  for (size_t k = 0; k < src->nsteps; k++) {
    report_step(dst, "%s", src->steps[k].label);
    for (size_t i = 0; i < src->steps[k].n; i++) report_value(dst, src->steps[k].vals[i].name, src->steps[k].vals[i].value);
  }
  for (size_t i = 0; i < src->nprops; i++) report_property(dst, src->props[i].id, src->props[i].v, src->props[i].answer);
  if (src->witness) report_set_witness(dst, src->witness);
  if (src->mem) {
    fflush(src->mem);
    if (src->buf) fwrite(src->buf, 1, src->len, report_out(dst));
  }
}
