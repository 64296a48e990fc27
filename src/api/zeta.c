/* The public API (include/zeta/zeta.h) over the language table: options by
 * name, loading (by extension, by name, or from a task definition),
 * checking with limits, and reading the report. */
#include "zeta/zeta.h"
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "api/config.h"
#include "api/task.h"
#include "core/alloc.h"
#include "core/emergency.h"
#include "core/progress.h"
#include "core/report.h"
#include "lang/lang.h"
#include "lang/lang_common.h"

struct zeta_model {
  const lang *l;
  void *m;
  char *path, *tmp;      /* tmp: the file a string was written to */
  volatile sig_atomic_t stop;
};

struct zeta_result {
  report *r;
  zeta_error err;
  double seconds, memory_mb;
  char *format, *file, *json;
};

const char *zeta_version(void) { return ZETA_VERSION; }

const char *zeta_option_name(size_t i) { return options_info(i) ? options_info(i)->name : NULL; }
const char *zeta_command_name(size_t i) { return lang_command_at(i) ? lang_command_at(i)->name : NULL; }
const char *zeta_option_kind(size_t i) { return options_info(i) ? options_info(i)->kind : NULL; }
const char *zeta_option_help(size_t i) { return options_info(i) ? options_info(i)->help : NULL; }
const char *zeta_option_default(size_t i) { return options_info(i) ? options_info(i)->dflt : NULL; }
const char *zeta_option_values(size_t i) { return options_info(i) ? options_info(i)->values : NULL; }

/* ---- input ---- */

const char *zeta_format_name(size_t i) {
  if (lang_at(i)) return lang_at(i)->name;
  return lang_at(i - 1) || i == 0 ? "task" : NULL;
}

const char *zeta_format_extensions(size_t i) {
  if (lang_at(i)) return lang_at(i)->extensions;
  return lang_at(i - 1) || i == 0 ? ".yml .yaml" : NULL;
}

static bool is_task(const char *path, const char *format) {
  if (format) return strcmp(format, "task") == 0;
  const char *dot = strrchr(path, '.');
  return dot && (strcmp(dot, ".yml") == 0 || strcmp(dot, ".yaml") == 0);
}

/* What the emergency exits print under --json: an unknown result. */
static const char *json_format, *json_file;
static char *emergency_json(const char *text, const char *reason) {
  report *r = report_new();
  report_set_verdict(r, ZETA_UNKNOWN, reason);
  if (!strncmp(reason, "internal error", 14)) report_set_exit(r, ZETA_EXIT_INTERNAL);   /* a crash */
  FILE *out = report_out(r);
  if (text) fputs(text, out);
  else fprintf(out, "UNKNOWN (%s)\n", reason);
  char *s = report_to_json(r, json_format, json_file, -1, -1);
  report_free(r);
  char *line = NULL;
  if (asprintf(&line, "%s\n", s) < 0) line = NULL;
  free(s);
  return line;
}

zeta_model *zeta_load_file(const char *path, const char *format, zeta_config *cfg, zeta_error *err) {
  char *task_input = NULL;
  const char *task_format = NULL;
  if (!format && cfg->o.input) format = cfg->o.input;
  if (is_task(path, format)) {
    diag d = {0};
    cfg->in_task = true;
    bool ok = task_load(path, cfg, &task_input, &task_format, &d);
    cfg->in_task = false;
    if (!ok) {
      api_error_from(err, &d);
      return NULL;
    }
    path = task_input;
    format = task_format;
  }
  const lang *l = format ? lang_by_name(format) : lang_by_file(path);
  if (!l) {
    char msg[1024];
    if (format) snprintf(msg, sizeof msg, "zeta: input format '%s' is not supported", format);
    else snprintf(msg, sizeof msg, "zeta: %s: cannot tell the input format from the extension; use --input", path);
    api_error_set(err, ZETA_EXIT_INPUT, msg);
    free(task_input);
    return NULL;
  }
  diag d = {0};
  /* the hard stop covers reading too: a reader's subprocess (solc-js) or a
   * parser that hangs ends with an unknown answer, not never. Only the
   * alarm: the memory limit and the signal handlers come with the check
   * (a reader's memory is not the check's; SIGTERM still ends a read). */
  if (cfg->o.hard_limits) {
    lang_keep_freed_memory();   /* the process is the command line's: one check */
    json_format = l->name, json_file = path;
    emergency_set_format(cfg->o.json ? emergency_json : NULL);
    emergency_rearm((double)cfg->o.timeout);
  }
  void *m = l->load(path, &cfg->o, &d);
  if (cfg->o.hard_limits) emergency_disarm();
  if (!m) {
    if (!d.code) diag_set(&d, ZETA_EXIT_INPUT, "zeta: %s: cannot read", path);
    api_error_from(err, &d);
    free(task_input);
    return NULL;
  }
  zeta_model *zm = xcalloc(1, sizeof *zm);
  zm->l = l;
  zm->m = m;
  zm->path = task_input ? task_input : xstrdup(path);
  return zm;
}

zeta_model *zeta_load_string(const char *text, size_t len, const char *format, const char *name, zeta_config *cfg,
                             zeta_error *err) {
  /* every reader reads files; a string becomes one, with the extension
   * that tells its format */
  const lang *l = format ? lang_by_name(format) : name ? lang_by_file(name) : NULL;
  const char *ext = "";
  if (l) ext = l->extensions;
  else if (format && strcmp(format, "task") == 0) ext = ".yml";
  char suffix[16] = "";
  size_t n = strcspn(ext, " ");
  if (n < sizeof suffix) memcpy(suffix, ext, n), suffix[n] = 0;
  char tmpl[64];
  snprintf(tmpl, sizeof tmpl, "/tmp/zeta-XXXXXX%s", suffix);
  int fd = mkstemps(tmpl, (int)strlen(suffix));
  if (fd < 0) {
    api_error_set(err, ZETA_EXIT_INTERNAL, "zeta: cannot create a temporary file");
    return NULL;
  }
  bool ok = true;
  for (size_t off = 0; off < len && ok;) {
    ssize_t k = write(fd, text + off, len - off);
    ok = k > 0;
    off += k > 0 ? (size_t)k : 0;
  }
  close(fd);
  if (!ok) {
    unlink(tmpl);
    api_error_set(err, ZETA_EXIT_INTERNAL, "zeta: cannot write a temporary file");
    return NULL;
  }
  zeta_model *m = zeta_load_file(tmpl, format, cfg, err);
  if (!m) {
    unlink(tmpl);
    /* messages name the temporary file: say which input it was */
    if (err && name) {
      char *at = strstr(err->message, tmpl);
      if (at) {
        char msg[2048];
        snprintf(msg, sizeof msg, "%.*s%s%s", (int)(at - err->message), err->message, name, at + strlen(tmpl));
        memcpy(err->message, msg, sizeof msg);
        if (strcmp(err->file, tmpl) == 0) snprintf(err->file, sizeof err->file, "%s", name);
      }
    }
    return NULL;
  }
  m->tmp = xstrdup(tmpl);
  return m;
}

const char *zeta_model_format(const zeta_model *m) { return m->l->name; }

void zeta_model_free(zeta_model *m) {
  if (!m) return;
  m->l->free(m->m);
  if (m->tmp) unlink(m->tmp);
  free(m->tmp);
  free(m->path);
  free(m);
}

void zeta_interrupt(zeta_model *m) {
  if (m) m->stop = 1;
}

/* ---- checking ---- */

static double peak_memory_mb(void) {
  struct rusage self, kids;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &kids);
  long kb = self.ru_maxrss > kids.ru_maxrss ? self.ru_maxrss : kids.ru_maxrss;
  return (double)kb / 1024.0;
}

static zeta_result *result_new(const char *format, const char *file) {
  zeta_result *res = xcalloc(1, sizeof *res);
  res->r = report_new();
  res->format = format ? xstrdup(format) : NULL;
  res->file = file ? xstrdup(file) : NULL;
  return res;
}

/* Runs fn within the configured limits and fills res. */
typedef int (*run_fn)(void *ctx, const zeta_options *o, const zeta_limits *lim, report *r, diag *d);
static void run(zeta_result *res, const zeta_config *cfg, volatile sig_atomic_t *stop, run_fn fn, void *ctx) {
  const zeta_options *o = &cfg->o;
  if (cfg->live) report_set_stream(res->r, cfg->live);
  progress_set(cfg->progress, cfg->user, (int)o->verbose);
  if (o->hard_limits) {
    json_format = res->format, json_file = res->file;
    emergency_set_format(o->json ? emergency_json : NULL);
    emergency_install(o->timeout, o->memlimit, stop);
  }
  zeta_limits lim = limits_from_timeout((double)o->timeout);
  lim.stop = stop;
  diag d = {0};
  double t0 = limits_now();
  if (o->hard_limits) emergency_checking(true);
  int code = fn(ctx, o, &lim, res->r, &d);
  if (o->hard_limits) emergency_checking(false);
  res->seconds = limits_now() - t0;
  res->memory_mb = peak_memory_mb();
  if (d.code) {
    api_error_from(&res->err, &d);
    code = d.code;
  }
  if (code == ZETA_EXIT_INPUT || code == ZETA_EXIT_INTERNAL) {
    if (!res->err.code) {
      res->err.code = code;
      snprintf(res->err.message, sizeof res->err.message, "zeta: %s",
               code == ZETA_EXIT_INPUT ? "input error" : "internal error");
    }
  }
  report_set_exit(res->r, code);
  fflush(report_out(res->r));
  /* the verdict is printed (or, for --json, complete in res): a hard stop
   * while the caller frees the model would print a second one */
  if (o->hard_limits && !o->json) emergency_disarm();
  progress_set(NULL, NULL, 0);
}

static int check_model(void *ctx, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  zeta_model *m = ctx;
  /* a format the language does not write is refused, not ignored (the
   * check would run instead) */
  if (!option_is(o->export_fmt, "none") && !lang_exports(m->l, o->export_fmt)) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: --export %s is not available for %s input (%s%s)", m->path, o->export_fmt,
             m->l->name, *m->l->exports ? "available: " : "it has no export", m->l->exports);
    return ZETA_EXIT_INPUT;
  }
  return m->l->check(m->m, o, lim, r, d);
}

zeta_result *zeta_check(zeta_model *m, const zeta_config *cfg) {
  zeta_result *res = result_new(m->l->name, m->path);
  m->stop = 0;
  run(res, cfg, &m->stop, check_model, m);
  return res;
}

typedef struct { const lang_command *c; const char *const *files; } command_run;
static int run_command(void *ctx, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  command_run *cr = ctx;
  return cr->c->run(cr->files, o, lim, r, d);
}

zeta_result *zeta_run_command(const char *command, const char *const *files, size_t nfiles, zeta_config *cfg) {
  zeta_result *res = result_new(command, nfiles ? files[0] : NULL);
  const lang_command *c = lang_command_by_name(command);
  if (!c || nfiles != c->nfiles) {
    char msg[512];
    if (!c) snprintf(msg, sizeof msg, "zeta: unknown command '%s'", command);
    else snprintf(msg, sizeof msg, "zeta %s: expected %zu file%s (%s)", command, c->nfiles, c->nfiles == 1 ? "" : "s",
                  c->usage);
    api_error_set(&res->err, ZETA_EXIT_INPUT, msg);
    report_set_exit(res->r, ZETA_EXIT_INPUT);
    return res;
  }
  static volatile sig_atomic_t stop;
  stop = 0;
  command_run cr = {c, files};
  run(res, cfg, &stop, run_command, &cr);
  return res;
}

/* ---- results ---- */

zeta_verdict zeta_result_verdict(const zeta_result *r) { return report_verdict(r->r); }
const char *zeta_result_text(const zeta_result *r) { return report_text(r->r); }
const char *zeta_result_reason(const zeta_result *r) { return report_reason(r->r); }
const char *zeta_result_engine(const zeta_result *r) { return report_engine(r->r); }
int zeta_result_exit(const zeta_result *r) { return report_exit(r->r); }
const zeta_error *zeta_result_error(const zeta_result *r) { return r->err.code ? &r->err : NULL; }
double zeta_result_seconds(const zeta_result *r) { return r->seconds; }
double zeta_result_memory_mb(const zeta_result *r) { return r->memory_mb; }
size_t zeta_result_nstats(const zeta_result *r) { return report_nstats(r->r); }
const char *zeta_result_stat_name(const zeta_result *r, size_t i) { return report_stat_name(r->r, i); }
const char *zeta_result_stat_value(const zeta_result *r, size_t i) { return report_stat_value(r->r, i); }
const char *zeta_result_evidence_kind(const zeta_result *r) { return report_evidence_kind(r->r); }
const char *zeta_result_evidence_text(const zeta_result *r) { return report_evidence_text(r->r); }
size_t zeta_result_nsteps(const zeta_result *r) { return report_nsteps(r->r); }
const char *zeta_result_step_label(const zeta_result *r, size_t k) { return report_step_label(r->r, k); }
size_t zeta_result_step_nvalues(const zeta_result *r, size_t k) { return report_step_nvalues(r->r, k); }
const char *zeta_result_step_name(const zeta_result *r, size_t k, size_t i) { return report_step_name(r->r, k, i); }
const char *zeta_result_step_value(const zeta_result *r, size_t k, size_t i) { return report_step_value(r->r, k, i); }
size_t zeta_result_nproperties(const zeta_result *r) { return report_nproperties(r->r); }
const char *zeta_result_property_id(const zeta_result *r, size_t i) { return report_property_id(r->r, i); }
zeta_verdict zeta_result_property_verdict(const zeta_result *r, size_t i) { return report_property_verdict(r->r, i); }
const char *zeta_result_property_answer(const zeta_result *r, size_t i) { return report_property_answer(r->r, i); }

const char *zeta_result_witness(const zeta_result *r) {
  const char *w = report_witness(r->r);
  if (w) return w;
  const char *ev = report_evidence_text(r->r);
  return *ev ? ev : NULL;
}

int zeta_result_write_witness(const zeta_result *r, const char *path) {
  const char *w = zeta_result_witness(r);
  if (!w) return ZETA_EXIT_INPUT;
  FILE *f = fopen(path, "w");
  if (!f) return ZETA_EXIT_INPUT;
  bool ok = fputs(w, f) >= 0;
  ok &= fclose(f) == 0;
  return ok ? 0 : ZETA_EXIT_INPUT;
}

char *zeta_result_json(const zeta_result *r) {
  return report_to_json(r->r, r->format, r->file, r->seconds, r->memory_mb);
}

void zeta_result_free(zeta_result *r) {
  if (!r) return;
  report_free(r->r);
  free(r->format);
  free(r->file);
  free(r->json);
  free(r);
}
