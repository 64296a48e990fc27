/* Reading a specification: the root module and the modules of its folder
 * it extends or instantiates, the model configuration, and the entry
 * points the explicit engine calls (with error capture). */
#include "lang/tla/tla_model.h"
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/tla/tla_cfg.h"
#include "lang/tla/tla_eval.h"


struct tla_model {
  struct tla_model_core core;
  char *dir;
  tla_file **files;
  size_t nfiles;
  tla_ctx **ctxs;
  size_t nctxs;
  tla_def **defs;   /* every definition allocated */
  size_t ndefs;
  tla_part *init;   /* Init's conjuncts */
  size_t ninit;
  tla_part next;
  tla_def **inv;
  bool *inv_action;   /* mentions primes (outside ENABLED): checked on steps */
  bool any_action;
  bool *inv_trace;    /* takes the history: checked on paths */
  bool any_trace;
  const char **inv_names;
  size_t ninv;
  tla_def **cons;
  size_t ncons;
  const tla_val *perms;   /* SYMMETRY: a set of permutations, or NULL */
  tla_part *assumes;
  size_t nassumes;
  bool deadlock;
  bool property_named; /* an invariant or a deadlock check the user asked for */
  char unchecked[512];
  char err[1100];
  const tla_val **cur, **nxt;
  const tla_val **step;   /* tla_violated_step's next state */
  tla_ev ev;
};

struct tla_model_core *tla_core(tla_model *m) { return &m->core; }

/* permute's memo (below) */
typedef struct {
  const tla_val *p, *v, *r;
} perm_memo;
#define PERM_MEMO (1u << 18)
static perm_memo *memo_tab;

/* ---- contexts ---- */
static size_t hash_ptr(const void *p) { return (size_t)((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull; }

tla_def *tla_ctx_find(const tla_ctx *c, const char *name) {
  if (!c->caphash) return NULL;
  for (size_t j = hash_ptr(name) & (c->caphash - 1); c->hash[j]; j = (j + 1) & (c->caphash - 1))
    if (c->defs[c->hash[j] - 1]->name == name) return c->defs[c->hash[j] - 1];
  return NULL;
}

static void rehash(tla_ctx *c) {
  free(c->hash);
  c->caphash = 16;
  while (c->caphash < 2 * (c->ndefs + 1)) c->caphash *= 2;
  c->hash = xcalloc(c->caphash, sizeof *c->hash);
  for (size_t i = 0; i < c->ndefs; i++) {
    size_t j = hash_ptr(c->defs[i]->name) & (c->caphash - 1);
    while (c->hash[j] && c->defs[c->hash[j] - 1]->name != c->defs[i]->name) j = (j + 1) & (c->caphash - 1);
    c->hash[j] = i + 1;   /* a later definition of the same name wins */
  }
}

uint32_t tla_ctx_generation = 1;

void tla_ctx_add(tla_ctx *c, tla_def *d) {
  tla_ctx_generation++;
  XGROW(c->defs, c->capdefs, c->ndefs + 1);
  c->defs[c->ndefs++] = d;
  if (2 * (c->ndefs + 1) > c->caphash) {
    rehash(c);
    return;
  }
  size_t j = hash_ptr(d->name) & (c->caphash - 1);
  while (c->hash[j] && c->defs[c->hash[j] - 1]->name != d->name) j = (j + 1) & (c->caphash - 1);
  c->hash[j] = c->ndefs;
}

static tla_ctx *new_ctx(tla_model *m, tla_ctx *parent) {
  tla_ctx *c = xcalloc(1, sizeof *c);
  tla_ctx_generation++;
  c->parent = parent;
  m->ctxs = xrealloc(m->ctxs, (m->nctxs + 1) * sizeof *m->ctxs);
  m->ctxs[m->nctxs++] = c;
  return c;
}

static tla_def *new_def(tla_model *m) {
  tla_def *d = xcalloc(1, sizeof *d);
  d->level = -1;
  m->defs = xrealloc(m->defs, (m->ndefs + 1) * sizeof *m->defs);
  m->defs[m->ndefs++] = d;
  return d;
}

static bool standard_module(const char *name) {
  static const char *const std[] = {"Naturals", "Integers", "Sequences", "FiniteSets", "TLC", "Bags", "Reals",
                                    "Apalache", "Variants"};
  for (size_t i = 0; i < sizeof std / sizeof std[0]; i++)
    if (strcmp(name, std[i]) == 0) return true;
  return false;
}

/* A module by name: one already read (also nested ones), else <dir>/<name>.tla. */
static tla_node *find_module_in(tla_node *n, const char *name) {
  if (n->kind == TK_module) {
    tla_node *nm = tla_field_kid(n, TF_NAME);
    if (nm && strcmp(nm->text, name) == 0) return n;
  }
  for (uint32_t i = 0; i < n->n; i++)
    if (n->kid[i]->kind == TK_module || n->kid[i]->kind == TK_source_file) {
      tla_node *r = find_module_in(n->kid[i], name);
      if (r) return r;
    }
  return NULL;
}

static tla_node *find_module(tla_model *m, const char *name, const tla_node *at, diag *d) {
  for (size_t i = 0; i < m->nfiles; i++) {
    tla_node *r = find_module_in(tla_file_root(m->files[i]), name);
    if (r) return r;
  }
  char *path = NULL;
  if (asprintf(&path, "%s/%s.tla", m->dir, name) < 0) alloc_fail(0);
  FILE *probe = fopen(path, "rb");
  if (!probe) {
    diag_set(d, 2, "%s:%u:%u: module %s not found (looked for %s)", at->file, at->line, at->col, name, path);
    free(path);
    return NULL;
  }
  fclose(probe);
  tla_file *f = tla_parse_file(path, d);
  free(path);
  if (!f) return NULL;
  m->files = xrealloc(m->files, (m->nfiles + 1) * sizeof *m->files);
  m->files[m->nfiles++] = f;
  tla_node *r = find_module_in(tla_file_root(f), name);
  if (!r) diag_set(d, 2, "%s:1:1: no module %s in this file", tla_file_name(f), name);
  return r;
}

/* A definition's name; an operator symbol (a \\prec b == ...) also tells the
 * evaluator to look built-in operators up among the definitions. */
static const char *def_name(tla_model *m, tla_node *nm) {
  if (nm->kind == TK_identifier || nm->kind == TK_identifier_ref) return nm->text;
  m->core.user_symbols = true;
  tla_kind k = nm->n ? nm->kid[0]->kind : nm->kind;
  return tla_intern(tla_kind_name(k), strlen(tla_kind_name(k)));
}

static bool load_units(tla_model *m, tla_ctx *c, tla_node *mod, diag *d, unsigned depth);

static void add_decl(tla_model *m, tla_ctx *c, const char *name, bool variable) {
  tla_ctx_generation++;
  XGROW(c->decls, c->capdecls, c->ndecls + 1);
  c->decls[c->ndecls++] = name;
  if (c->parent) return;
  struct tla_model_core *mc = &m->core;
  if (variable) {
    mc->vars = xrealloc(mc->vars, (mc->nvars + 1) * sizeof *mc->vars);
    mc->vars[mc->nvars++] = name;
  } else {
    mc->cnames = xrealloc(mc->cnames, (mc->nconsts + 1) * sizeof *mc->cnames);
    mc->cvals = xrealloc(mc->cvals, (mc->nconsts + 1) * sizeof *mc->cvals);
    mc->csubst = xrealloc(mc->csubst, (mc->nconsts + 1) * sizeof *mc->csubst);
    mc->cnames[mc->nconsts] = name;
    mc->cvals[mc->nconsts] = NULL;
    mc->csubst[mc->nconsts++] = NULL;
  }
}

/* INSTANCE M WITH a <- e, ...: a context for M inside c. */
static tla_ctx *instantiate(tla_model *m, tla_ctx *c, tla_node *inst, diag *d, unsigned depth) {
  tla_node *mn = NULL;
  for (uint32_t i = 0; i < inst->n && !mn; i++)
    if (inst->kid[i]->kind == TK_identifier_ref) mn = inst->kid[i];
  if (!mn) {
    diag_set(d, 2, "%s:%u:%u: INSTANCE without a module name", inst->file, inst->line, inst->col);
    return NULL;
  }
  if (standard_module(mn->text)) return NULL;
  tla_node *mod = find_module(m, mn->text, mn, d);
  if (!mod) return NULL;
  tla_ctx *ic = new_ctx(m, c);
  for (uint32_t i = 0; i < inst->n; i++) {
    tla_node *s = inst->kid[i];
    if (s->kind != TK_substitution || s->n < 2) continue;
    tla_ctx_generation++;
    XGROW(ic->sub_name, ic->capsubs, ic->nsubs + 1);
    ic->sub_expr = xrealloc(ic->sub_expr, ic->capsubs * sizeof *ic->sub_expr);
    ic->sub_name[ic->nsubs] = def_name(m, s->kid[0]);
    ic->sub_expr[ic->nsubs++] = s->kid[s->n - 1];
  }
  if (!load_units(m, ic, mod, d, depth + 1)) return NULL;
  return ic;
}

static bool add_definition(tla_model *m, tla_ctx *c, tla_node *u, bool local, diag *d, unsigned depth) {
  if (u->kind == TK_local_definition) return u->n ? add_definition(m, c, u->kid[0], true, d, depth) : true;
  if (u->kind == TK_instance) {
    tla_ctx *ic = instantiate(m, c, u, d, depth);
    if (d->code) return false;
    if (!ic) return true;
    /* the instance's public definitions become ours */
    for (size_t i = 0; i < ic->ndefs; i++)
      if (!ic->defs[i]->local && !tla_ctx_find(c, ic->defs[i]->name)) tla_ctx_add(c, ic->defs[i]);
    return true;
  }
  tla_def *df = new_def(m);
  df->local = local;
  df->ctx = c;
  tla_node *nm = tla_field_kid(u, TF_NAME);
  df->name = def_name(m, nm);
  if (u->kind == TK_module_definition) {
    df->kind = DEF_INSTANCE;
    tla_node *inst = tla_field_kid(u, TF_DEFINITION);
    df->inst = inst ? instantiate(m, c, inst, d, depth) : NULL;
    if (d->code) return false;
    if (!df->inst) {
      /* I == INSTANCE Naturals: the standard operators through I! */
      df->inst = new_ctx(m, c);
    }
  } else {
    /* f[x \in S] == ...: the bounds; Op(x, F(_)) == ...: the parameters */
    bool fun = u->kind == TK_function_definition;
    df->kind = fun ? DEF_FUN : DEF_OP;
    df->body = tla_field_kid(u, TF_DEFINITION);
    for (uint32_t i = 0; i < u->n; i++)
      if (fun ? u->kid[i]->kind == TK_quantifier_bound : u->kid[i]->field == TF_PARAMETER) {
        df->params = xrealloc(df->params, (df->nparams + 1) * sizeof *df->params);
        df->params[df->nparams++] = u->kid[i];
      }
  }
  tla_ctx_add(c, df);
  return true;
}

static bool load_units(tla_model *m, tla_ctx *c, tla_node *mod, diag *d, unsigned depth) {
  if (depth > 50) {
    diag_set(d, 2, "%s:%u:%u: modules extend or instantiate each other too deeply", mod->file, mod->line, mod->col);
    return false;
  }
  for (uint32_t i = 0; i < mod->n; i++) {
    tla_node *u = mod->kid[i];
    switch (u->kind) {
      case TK_extends:
        for (uint32_t j = 0; j < u->n; j++) {
          const char *name = u->kid[j]->text;
          if (standard_module(name)) continue;
          bool seen = false;
          for (size_t k = 0; k < c->nincluded; k++) seen |= c->included[k] == name;
          if (seen) continue;
          XGROW(c->included, c->capincluded, c->nincluded + 1);
          c->included[c->nincluded++] = name;
          tla_node *em = find_module(m, name, u->kid[j], d);
          if (!em || !load_units(m, c, em, d, depth + 1)) return false;
        }
        break;
      case TK_constant_declaration:
      case TK_variable_declaration:
        for (uint32_t j = 0; j < u->n; j++) {
          tla_node *k = u->kid[j];
          if (k->kind == TK_identifier) add_decl(m, c, k->text, u->kind == TK_variable_declaration);
          else if (k->kind == TK_operator_declaration) add_decl(m, c, def_name(m, tla_field_kid(k, TF_NAME)), false);
        }
        break;
      case TK_operator_definition:
      case TK_function_definition:
      case TK_module_definition:
      case TK_local_definition:
      case TK_instance:
        if (!add_definition(m, c, u, false, d, depth)) return false;
        break;
      case TK_assumption: {
        tla_node *an = tla_field_kid(u, TF_NAME);
        if (an) {
          tla_def *df = new_def(m);
          df->ctx = c;
          df->name = an->text;
          df->kind = DEF_OP;
          df->body = u->kid[u->n - 1];
          tla_ctx_add(c, df);
        }
        m->assumes = xrealloc(m->assumes, (m->nassumes + 1) * sizeof *m->assumes);
        m->assumes[m->nassumes++] = (tla_part){u->kid[u->n - 1], c};
        break;
      }
      default: break;   /* theorems, proofs, recursive declarations, nested modules */
    }
  }
  return true;
}

/* ---- evaluation entry points with error capture: calls nest (the engine
 * checks invariants of a state while Next is being enumerated), so each
 * saves and restores the evaluation state around its own error target ---- */
typedef struct {
  jmp_buf *jb;
  const tla_val **cur, **nxt, *state;
  bool primed, init_mode;
  unsigned depth;
  const tla_val *at;
} ev_saved;

static void ev_save(tla_model *m, ev_saved *s) {
  *s = (ev_saved){m->ev.jb, m->ev.cur, m->ev.nxt, m->ev.state, m->ev.primed, m->ev.init_mode, m->ev.depth, m->ev.at};
  if (!s->jb) m->ev.stack_base = (char *)s;   /* the outermost evaluation */
  m->ev.primed = false;
  m->ev.at = NULL;
}
static void ev_restore(tla_model *m, const ev_saved *s) {
  m->ev.jb = s->jb, m->ev.cur = s->cur, m->ev.nxt = s->nxt, m->ev.state = s->state, m->ev.primed = s->primed;
  m->ev.init_mode = s->init_mode, m->ev.depth = s->depth, m->ev.at = s->at;
}

/* Runs `call` (an expression assigned to `result`) with its own error target. */
#define PROTECT(m, result, fail_value, call)        \
  do {                                              \
    ev_saved sv_;                                   \
    ev_save(m, &sv_);                               \
    jmp_buf jb_;                                    \
    (m)->ev.jb = &jb_;                              \
    if (setjmp(jb_)) {                              \
      snprintf((m)->err, sizeof(m)->err, "%s", (m)->ev.msg); \
      tla_eval_reset_after_error();                 \
      result = fail_value;                          \
    } else {                                        \
      result = call;                                \
    }                                               \
    ev_restore(m, &sv_);                            \
  } while (0)

static const tla_val *eval_const(tla_model *m, tla_node *n, tla_ctx *c) {
  m->ev.cur = NULL, m->ev.state = NULL;
  m->ev.nxt = NULL;
  const tla_val *v;
  PROTECT(m, v, NULL, tla_eval(&m->ev, n, c, NULL));
  return v;
}

/* Spec == Init /\ [][Next]_v /\ fairness: the parts. */
static bool contains_temporal(tla_node *n, tla_ctx *c, int depth) {
  if (depth > 30) return false;
  if (n->kind == TK_always || n->kind == TK_eventually || n->kind == TK_fairness || n->kind == TK_leads_to) return true;
  if (n->kind == TK_identifier_ref) {
    tla_def *d = tla_ctx_find(c, n->text);
    if (d && d->kind == DEF_OP && d->nparams == 0 && d->body) {
      /* memoised per definition: 0 unknown, 1 no, 2 yes, 3 computing */
      if (d->temporal == 0) {
        d->temporal = 3;
        d->temporal = contains_temporal(d->body, d->ctx, depth + 1) ? 2 : 1;
      }
      return d->temporal == 2;
    }
  }
  for (uint32_t i = 0; i < n->n; i++)
    if (contains_temporal(n->kid[i], c, depth)) return true;
  return false;
}

static void split_spec(tla_model *m, tla_node *n, tla_ctx *c, int depth) {
  while (n->kind == TK_parentheses && n->n == 1) n = n->kid[0];
  if (depth > 30) return;
  if (n->kind == TK_conj_list) {
    for (uint32_t i = 0; i < n->n; i++) split_spec(m, n->kid[i]->kid[n->kid[i]->n - 1], c, depth + 1);
    return;
  }
  if (n->kind == TK_bound_infix_op && tla_field_kid(n, TF_SYMBOL)->kind == TK_land) {
    split_spec(m, tla_field_kid(n, TF_LHS), c, depth + 1);
    split_spec(m, tla_field_kid(n, TF_RHS), c, depth + 1);
    return;
  }
  if (n->kind == TK_identifier_ref && contains_temporal(n, c, 0)) {
    tla_def *df = tla_ctx_find(c, n->text);
    split_spec(m, df->body, df->ctx, depth + 1);
    return;
  }
  if (n->kind == TK_bound_prefix_op && tla_field_kid(n, TF_SYMBOL)->kind == TK_always) {
    tla_node *r = tla_field_kid(n, TF_RHS);
    while (r->kind == TK_parentheses && r->n == 1) r = r->kid[0];
    if (r->kind == TK_step_expr_or_stutter) m->next = (tla_part){r->kid[0], c};
    return;   /* other [] formulas: properties, not part of the transition relation */
  }
  if (contains_temporal(n, c, 0)) return;   /* fairness */
  m->init = xrealloc(m->init, (m->ninit + 1) * sizeof *m->init);
  m->init[m->ninit++] = (tla_part){n, c};
}

static tla_def *root_def(tla_model *m, const char *name, const char *what, const char *file, diag *d) {
  tla_def *df = tla_ctx_find(m->core.root, tla_intern(name, strlen(name)));
  if (!df) diag_set(d, 2, "%s:1:1: the %s %s is not defined in the specification", file, what, name);
  return df;
}

static char *default_cfg(const char *path) {
  size_t n = strlen(path);
  if (n < 4 || strcmp(path + n - 4, ".tla") != 0) return NULL;
  char *c = xstrdup(path);
  strcpy(c + n - 4, ".cfg");
  FILE *f = fopen(c, "rb");
  if (!f) {
    free(c);
    return NULL;
  }
  fclose(f);
  return c;
}

/* Replacements of built-in operators (Seq <- BoundedSeq), seen from every module. */
static const tla_val *perm_group(const tla_val *gens);

static tla_ctx *overrides(tla_model *m) {
  if (!m->core.overrides) m->core.overrides = new_ctx(m, NULL);
  return m->core.overrides;
}

/* A new definition of name that the cfg puts in place of the root module's
 * (or, when the root does not define name, of a built-in operator); the
 * caller fills it. */
static tla_def *cfg_def(tla_model *m, const char *name) {
  tla_def *d = new_def(m);
  d->name = name;
  tla_ctx_add(tla_ctx_find(m->core.root, name) ? m->core.root : overrides(m), d);
  return d;
}

static bool apply_cfg(tla_model *m, tla_cfg *cfg, const char *cfgpath, const tla_load_opts *o, diag *d) {
  struct tla_model_core *mc = &m->core;
  tla_ctx *root = mc->root;
  /* constants: values are TLA+ expressions in which unknown names are model values */
  for (size_t i = 0; i < cfg->nconsts; i++) {
    tla_cfg_const *k = &cfg->consts[i];
    const char *name = tla_intern(k->name, strlen(k->name));
    int idx = -1;
    for (size_t j = 0; j < mc->nconsts; j++)
      if (mc->cnames[j] == name) idx = (int)j;
    if (k->subst) {
      tla_def *repl = tla_ctx_find(root, tla_intern(k->subst, strlen(k->subst)));
      if (!repl) {
        diag_set(d, 2, "%s: %s <- %s: %s is not defined", cfgpath, k->name, k->subst, k->subst);
        return false;
      }
      if (idx >= 0) {
        mc->csubst[idx] = repl;
      } else {
        /* a definition overridden by another */
        tla_def alias = *repl;
        alias.name = name;
        alias.memo = NULL;
        alias.level = -1;
        alias.params = NULL;
        if (repl->nparams) {
          alias.params = xmalloc(repl->nparams * sizeof *alias.params);
          memcpy(alias.params, repl->params, repl->nparams * sizeof *alias.params);
        }
        *cfg_def(m, name) = alias;
      }
      continue;
    }
    /* parse the value as the body of a definition in a one-line module */
    size_t vl = strlen(k->value);
    char *text = xmalloc(vl + k->line + 64);
    size_t p = (size_t)sprintf(text, "---- MODULE cfg ----");   /* the value on its cfg line */
    for (unsigned l = 1; l < k->line; l++) text[p++] = '\n';
    p += (size_t)sprintf(text + p, " V == %s\n====\n", k->value);
    tla_file *f = tla_parse_text(cfgpath, text, p, d);
    free(text);
    if (!f) return false;
    m->files = xrealloc(m->files, (m->nfiles + 1) * sizeof *m->files);
    m->files[m->nfiles++] = f;
    tla_node *mod = find_module_in(tla_file_root(f), "cfg");
    tla_node *def = NULL;
    for (uint32_t j = 0; mod && j < mod->n && !def; j++)
      if (mod->kid[j]->kind == TK_operator_definition) def = mod->kid[j];
    if (!def) {
      diag_set(d, 2, "%s:%u:%u: expected a value", cfgpath, k->line, k->col);
      return false;
    }
    tla_ctx *empty = new_ctx(m, NULL);
    size_t nv = mc->nvars, nc = mc->nconsts;
    mc->nvars = 0, mc->nconsts = 0, mc->cfg_mode = true;
    const tla_val *v = eval_const(m, tla_field_kid(def, TF_DEFINITION), empty);
    mc->nvars = nv, mc->nconsts = nc, mc->cfg_mode = false;
    if (!v) {
      diag_set(d, 2, "%s", m->err);
      return false;
    }
    if (idx >= 0) {
      mc->cvals[idx] = v;
    } else {
      /* a definition replaced by a value (TLC: NoVal = NoVal for CHOOSE v : v \notin S) */
      *cfg_def(m, name) = (tla_def){.name = name, .kind = DEF_OP, .ctx = root, .memo = v, .level = 0,
                                    .body = tla_field_kid(def, TF_DEFINITION)};
    }
  }
  /* constants without a value are an error where they are used */
  /* Init and Next */
  const char *file = cfgpath ? cfgpath : "task";
  const char *iname = o->init ? o->init : cfg->init, *nname = o->next ? o->next : cfg->next;
  tla_def *sd = NULL;
  if (cfg->spec && !(o->init && o->next)) {
    sd = root_def(m, cfg->spec, "specification", file, d);
    if (!sd) return false;
    split_spec(m, sd->body, sd->ctx, 0);
  }
  if (!cfg->spec && !iname) iname = "Init";
  if (!cfg->spec && !nname) nname = "Next";
  if (iname) {
    tla_def *df = root_def(m, iname, "initial predicate", file, d);
    if (!df) return false;
    free(m->init);
    m->init = xmalloc(sizeof *m->init);
    m->init[0] = (tla_part){df->body, df->ctx};
    m->ninit = 1;
  }
  if (nname) {
    tla_def *df = root_def(m, nname, "next-state relation", file, d);
    if (!df) return false;
    m->next = (tla_part){df->body, df->ctx};
  }
  if (!m->ninit || !m->next.node) {
    const char *what = m->ninit ? "next-state relation ([][Next]_vars)" : "initial predicate";
    if (sd && sd->body) /* the SPECIFICATION formula lacks a part: its definition's place */
      diag_set(d, 2, "%s:%u:%u: the specification %s has no %s", sd->body->file, sd->body->line, sd->body->col, sd->name, what);
    else
      diag_set(d, 2, "%s: the specification has no %s", file, what);
    return false;
  }
  /* invariants and constraints */
  size_t ninv = o->inv ? 1 : cfg->ninvariants;
  m->inv = xcalloc(ninv + 1, sizeof *m->inv);
  m->inv_names = xcalloc(ninv + 1, sizeof *m->inv_names);
  m->inv_action = xcalloc(ninv + 1, sizeof *m->inv_action);
  m->inv_trace = xcalloc(ninv + 1, sizeof *m->inv_trace);
  for (size_t i = 0; i < ninv; i++) {
    const char *nm = o->inv ? o->inv : cfg->invariants[i];
    tla_def *df = root_def(m, nm, "invariant", file, d);
    if (!df) return false;
    m->inv[m->ninv] = df;
    m->inv_names[m->ninv++] = df->name;
    m->inv_trace[i] = df->kind == DEF_OP && df->nparams == 1 && df->params[0]->kind == TK_identifier;
    m->inv_action[i] = !m->inv_trace[i] && tla_def_primed(&m->ev, df);
    m->any_action |= m->inv_action[i];
    m->any_trace |= m->inv_trace[i];
  }
  m->cons = xcalloc(cfg->nconstraints + 1, sizeof *m->cons);
  for (size_t i = 0; i < cfg->nconstraints; i++) {
    tla_def *df = root_def(m, cfg->constraints[i], "constraint", file, d);
    if (!df) return false;
    m->cons[m->ncons++] = df;
  }
  /* CHECK_DEADLOCK FALSE in the cfg wins over the option: Apalache, too,
   * honours it (the Examples' symbolic models with it pass at --length=5
   * although they stop earlier) */
  m->deadlock = cfg->check_deadlock == 0 ? false : o->check_deadlock >= 0 ? o->check_deadlock : true;
  /* Without a configuration file, Init and Next are guessed by name; unless an
   * invariant or the deadlock check is named, no property was asked for and
   * nothing may be claimed SAFE (a task's invariant given elsewhere would be
   * silently skipped) */
  m->property_named = m->ninv > 0 || cfgpath != NULL || o->check_deadlock == 1;
  /* reports */
  size_t p = 0;
  for (size_t i = 0; i < cfg->nproperties && p + 64 < sizeof m->unchecked; i++)
    p += (size_t)snprintf(m->unchecked + p, sizeof m->unchecked - p, "%sPROPERTY %s", p ? ", " : "", cfg->properties[i]);
  if (cfg->unsupported && p + 64 < sizeof m->unchecked)
    snprintf(m->unchecked + p, sizeof m->unchecked - p, "%s%s", p ? ", " : "", cfg->unsupported);
  return true;
}

tla_model *tla_model_load(const char *path, const tla_load_opts *o, diag *d) {
  tla_file *f = tla_parse_file(path, d);
  if (!f) return NULL;
  tla_model *m = xcalloc(1, sizeof *m);
  char *pc = xstrdup(path);
  m->dir = xstrdup(dirname(pc));
  free(pc);
  m->files = xmalloc(sizeof *m->files);
  m->files[m->nfiles++] = f;
  m->ev.m = m;
  m->core.root = new_ctx(m, NULL);
  tla_node *root = tla_file_root(f), *mod = NULL;
  for (uint32_t i = 0; i < root->n && !mod; i++)
    if (root->kid[i]->kind == TK_module) mod = root->kid[i];
  if (!mod) {
    diag_set(d, 2, "%s:1:1: expected a module (---- MODULE Name ----)", path);
    tla_model_free(m);
    return NULL;
  }
  tla_cfg cfg = {0};
  cfg.check_deadlock = -1;
  char *cfgpath = o->config ? xstrdup(o->config) : default_cfg(path);
  bool ok = load_units(m, m->core.root, mod, d, 0);
  if (ok && cfgpath) ok = tla_cfg_read(cfgpath, &cfg, d);
  if (ok) ok = apply_cfg(m, &cfg, cfgpath, o, d);
  /* ASSUME */
  for (size_t i = 0; ok && i < m->nassumes; i++) {
    const tla_val *v = eval_const(m, m->assumes[i].node, m->assumes[i].ctx);
    if (!v) {
      diag_set(d, 2, "%s", m->err);
      ok = false;
    } else if (v->kind != TV_BOOL || !v->i) {
      diag_set(d, 2, "%s:%u:%u: assumption is false", m->assumes[i].node->file, m->assumes[i].node->line,
               m->assumes[i].node->col);
      ok = false;
    }
  }
  /* SYMMETRY */
  if (ok && cfg.symmetry) {
    tla_def *sd = root_def(m, cfg.symmetry, "symmetry", cfgpath, d);
    ok = sd != NULL;
    if (ok) {
      const tla_val *v = eval_const(m, sd->body, sd->ctx);
      if (v && v->kind == TV_SET) m->perms = perm_group(v);
      if (!m->perms) {
        if (v)
          diag_set(d, 2, "%s:%u:%u: SYMMETRY %s: expected a set of permutations (functions from a set onto itself)",
                   sd->body->file, sd->body->line, sd->body->col, sd->name);
        else
          diag_set(d, 2, "%s", m->err);
        ok = false;
      }
    }
  }
  tla_cfg_free(&cfg);
  free(cfgpath);
  if (!ok) {
    tla_model_free(m);
    return NULL;
  }
  m->cur = xcalloc(m->core.nvars + 1, sizeof *m->cur);
  m->nxt = xcalloc(m->core.nvars + 1, sizeof *m->nxt);
  m->step = xcalloc(m->core.nvars + 1, sizeof *m->step);
  return m;
}

void tla_model_free(tla_model *m) {
  if (!m) return;
  for (size_t i = 0; i < m->nfiles; i++) tla_file_free(m->files[i]);
  for (size_t i = 0; i < m->nctxs; i++) {
    tla_ctx *c = m->ctxs[i];
    free(c->defs), free(c->hash), free(c->decls), free(c->sub_name), free(c->sub_expr), free(c->included), free(c);
  }
  for (size_t i = 0; i < m->ndefs; i++) free(m->defs[i]->params), free(m->defs[i]);
  free(m->files), free(m->ctxs), free(m->defs), free(m->dir);
  free(m->core.vars), free(m->core.cnames), free(m->core.cvals), free(m->core.csubst);
  free(m->init), free(m->inv), free(m->inv_action), free(m->inv_trace), free(m->inv_names), free(m->cons), free(m->assumes);
  free(m->cur), free(m->nxt), free(m->step), free(m->ev.smemo);
  free(m);
  free(memo_tab);   /* its entries point into the value table */
  memo_tab = NULL;
  tla_values_reset();   /* one model at a time owns the value table */
  tla_eval_free_scratch();
}

size_t tla_nvars(const tla_model *m) { return m->core.nvars; }
const char *tla_var_name(const tla_model *m, size_t i) { return m->core.vars[i]; }
const char *tla_invariant_name(const tla_model *m, size_t i) { return m->inv_names[i]; }
bool tla_check_deadlock(const tla_model *m) { return m->deadlock; }
bool tla_has_constraints(const tla_model *m) { return m->ncons > 0; }
bool tla_has_symmetry(const tla_model *m) { return m->perms != NULL; }
bool tla_property_named(const tla_model *m) { return m->property_named; }
const char *tla_unchecked(const tla_model *m) { return m->unchecked; }
const char *tla_error(const tla_model *m) { return m->err; }
void tla_clear_error(tla_model *m) { m->err[0] = 0; }
void tla_set_limits(tla_model *m, const zeta_limits *lim) { m->ev.lim = lim; }
void tla_set_hints(tla_model *m, const tla_hint *h, size_t n) {
  m->ev.hints = n ? h : NULL;
  m->ev.nhints = n;
}

/* ---- states ---- */
typedef struct {
  tla_model *m;
  tla_state_fn fn;
  void *data;
} emit_data;

static bool emit(tla_ev *e, const tla_cont *k) {
  emit_data *ed = k->data;
  tla_model *m = ed->m;
  const tla_val **slot = e->init_mode ? m->cur : m->nxt;
  for (size_t i = 0; i < m->core.nvars; i++)
    if (!slot[i])
      tla_fail(e, NULL, "%s: variable %s is not assigned a value", e->init_mode ? "Init" : "Next", m->core.vars[i]);
  const tla_val *s = tv_tuple(slot, (uint32_t)m->core.nvars);
  return ed->fn(ed->data, s);
}

/* Init's parts in turn, each in its own context. */
typedef struct {
  tla_model *m;
  const tla_cont *last;
} init_chain;

static bool init_step(tla_ev *e, const tla_cont *k) {
  init_chain *ic = k->data;
  if (k->i == k->n) return ic->last->fn(e, ic->last);
  tla_cont k2 = *k;
  k2.i = k->i + 1;
  return tla_enum(e, ic->m->init[k->i].node, ic->m->init[k->i].ctx, NULL, &k2);
}

static bool initial_states(tla_model *m, tla_state_fn fn, void *data) {
  for (size_t i = 0; i < m->core.nvars; i++) m->cur[i] = NULL;
  m->ev.cur = m->cur, m->ev.state = NULL;
  m->ev.nxt = NULL;
  m->ev.init_mode = true;
  emit_data ed = {m, fn, data};
  tla_cont last = {.fn = emit, .data = &ed};
  init_chain ic = {m, &last};
  tla_cont first = {.fn = init_step, .data = &ic, .i = 0, .n = (uint32_t)m->ninit};
  init_step(&m->ev, &first);
  return true;
}

bool tla_initial_states(tla_model *m, tla_state_fn fn, void *data) {
  bool r;
  PROTECT(m, r, false, initial_states(m, fn, data));
  return r;
}

static bool successors(tla_model *m, const tla_val *state, tla_state_fn fn, void *data) {
  for (size_t i = 0; i < m->core.nvars; i++) m->nxt[i] = NULL;
  m->ev.cur = state->v, m->ev.state = state;
  m->ev.nxt = m->nxt;
  m->ev.init_mode = false;
  emit_data ed = {m, fn, data};
  tla_cont last = {.fn = emit, .data = &ed};
  tla_enum(&m->ev, m->next.node, m->next.ctx, NULL, &last);
  return true;
}

bool tla_successors(tla_model *m, const tla_val *state, tla_state_fn fn, void *data) {
  bool r;
  PROTECT(m, r, false, successors(m, state, fn, data));
  return r;
}

static int violated(tla_model *m, const tla_val *state) {
  m->ev.cur = state->v, m->ev.state = state;
  m->ev.nxt = NULL;
  m->ev.init_mode = false;
  for (size_t i = 0; i < m->ninv; i++) {
    tla_def *d = m->inv[i];
    if (m->inv_action[i] || m->inv_trace[i]) continue;
    if (d->kind != DEF_OP || d->nparams) tla_fail(&m->ev, d->body, "invariant %s takes arguments", d->name);
    if (!tla_eval_bool(&m->ev, d->body, d->ctx, NULL)) return (int)i;
  }
  return -1;
}

static int violated_step(tla_model *m, const tla_val *from, const tla_val *to) {
  for (size_t i = 0; i < m->core.nvars; i++) m->nxt[i] = to->v[i];
  m->ev.cur = from->v, m->ev.state = from;
  m->ev.nxt = m->nxt;
  m->ev.init_mode = false;
  for (size_t i = 0; i < m->ninv; i++)
    if (m->inv_action[i] && !tla_eval_bool(&m->ev, m->inv[i]->body, m->inv[i]->ctx, NULL)) return (int)i;
  return -1;
}

int tla_violated_step(tla_model *m, const tla_val *from, const tla_val *to) {
  /* the step's next state goes into a buffer of its own: the caller may be
   * enumerating successors into m->nxt */
  const tla_val **saved = m->nxt;
  m->nxt = m->step;
  int r;
  PROTECT(m, r, -2, violated_step(m, from, to));
  m->nxt = saved;
  return r;
}

bool tla_has_action_invariants(const tla_model *m) { return m->any_action; }
bool tla_has_trace_invariants(const tla_model *m) { return m->any_trace; }

static int violated_trace(tla_model *m, const tla_val **path, size_t n) {
  const tla_val **recs = xmalloc((n + 1) * sizeof *recs);
  const tla_val **names = xmalloc((m->core.nvars + 1) * sizeof *names);
  const tla_val **d = xmalloc((m->core.nvars + 1) * sizeof *d), **v = xmalloc((m->core.nvars + 1) * sizeof *v);
  for (size_t k = 0; k < m->core.nvars; k++) names[k] = tv_str(m->core.vars[k]);
  for (size_t i = 0; i < n; i++) {
    /* refilled for each record: tv_fun sorts d and v in place */
    for (size_t k = 0; k < m->core.nvars; k++) d[k] = names[k], v[k] = path[i]->v[k];
    recs[i] = tv_fun(d, v, (uint32_t)m->core.nvars);
  }
  const tla_val *hist = tv_tuple(recs, (uint32_t)n);
  free(recs), free(names), free(d), free(v);
  m->ev.cur = path[n - 1]->v, m->ev.state = path[n - 1];
  m->ev.nxt = NULL;
  m->ev.init_mode = false;
  for (size_t i = 0; i < m->ninv; i++)
    if (m->inv_trace[i]) {
      const tla_val *r = tla_apply_def(&m->ev, m->inv[i], &hist, 1, m->inv[i]->body);
      if (r->kind != TV_BOOL) tla_fail(&m->ev, m->inv[i]->body, "trace invariant %s is not a Boolean", m->inv[i]->name);
      if (!r->i) return (int)i;
    }
  return -1;
}

int tla_violated_trace(tla_model *m, const tla_val **path, size_t n) {
  int r;
  if (n == 0) return -1;
  PROTECT(m, r, -2, violated_trace(m, path, n));
  return r;
}

void tla_model_view_get(tla_model *m, tla_model_view *v) {
  *v = (tla_model_view){&m->ev, m->init, m->ninit, m->next, m->inv, m->inv_action, m->inv_trace, m->ninv, m->cons,
                        m->ncons};
}

static bool protected_call(void (*fn)(void *), void *data) {
  fn(data);
  return true;
}

bool tla_protect(tla_model *m, void (*fn)(void *data), void *data) {
  bool r;
  m->ev.cur = NULL, m->ev.state = NULL;   /* constant-level evaluations only: reading a variable fails */
  m->ev.nxt = NULL;
  m->ev.init_mode = false;
  PROTECT(m, r, false, protected_call(fn, data));
  return r;
}

int tla_violated(tla_model *m, const tla_val *state) {
  int r;
  PROTECT(m, r, -2, violated(m, state));
  return r;
}

static int constraints_hold(tla_model *m, const tla_val *state) {
  m->ev.cur = state->v, m->ev.state = state;
  m->ev.nxt = NULL;
  m->ev.init_mode = false;
  for (size_t i = 0; i < m->ncons; i++)
    if (!tla_eval_bool(&m->ev, m->cons[i]->body, m->cons[i]->ctx, NULL)) return 0;
  return 1;
}

int tla_constraints_hold(tla_model *m, const tla_val *state) {
  int r;
  PROTECT(m, r, -1, constraints_hold(m, state));
  return r;
}

/* Is g a function from a set onto itself? */
static bool is_permutation(const tla_val *g) {
  if (g->kind != TV_FUN) return false;
  if (!g->n) return true;
  const tla_val **buf = xmalloc(g->n * sizeof *buf);   /* tv_set reorders it */
  memcpy(buf, g->e, g->n * sizeof *buf);
  const tla_val *domain = tv_set(buf, g->n);
  memcpy(buf, g->v, g->n * sizeof *buf);
  bool onto = tv_set(buf, g->n) == domain;
  free(buf);
  return onto;
}

/* The group the given permutations generate (TLC's symmetry set is the
 * subgroup they generate): permutations as total functions over the
 * model values any of them moves, composed until closed (a subset of the
 * group past 50000 elements: fewer states merged, none wrongly). NULL if
 * an element of gens is not a permutation. */
static const tla_val *perm_group(const tla_val *gens) {
  size_t most = 1;
  for (uint32_t i = 0; i < gens->n; i++) {
    if (!is_permutation(gens->e[i])) return NULL;
    most += gens->e[i]->n;
  }
  const tla_val **u = xmalloc(most * sizeof *u), **dom = xmalloc(most * sizeof *dom), **val = xmalloc(most * sizeof *val);
  uint32_t nu = 0;
  for (uint32_t i = 0; i < gens->n; i++) {
    const tla_val *g = gens->e[i];
    for (uint32_t k = 0; k < g->n; k++) {
      bool seen = false;
      for (uint32_t j = 0; j < nu && !seen; j++) seen = u[j] == g->e[k];
      if (!seen) u[nu++] = g->e[k];
    }
  }
  size_t cap = 64 + gens->n, n = 0;   /* the generators first (Permutations of 5 elements: 120) */
  const tla_val **all = xmalloc(cap * sizeof *all), **gn = xmalloc((gens->n + 1) * sizeof *gn);
  /* dom and val are refilled for every function: tv_fun sorts them in place */
  for (uint32_t i = 0; i < gens->n; i++) {
    for (uint32_t k = 0; k < nu; k++) {
      const tla_val *y = tv_apply(gens->e[i], u[k]);
      dom[k] = u[k], val[k] = y ? y : u[k];
    }
    gn[i] = tv_fun(dom, val, nu);
  }
  for (uint32_t i = 0; i < gens->n; i++) all[n++] = gn[i];
  for (size_t i = 0; i < n && n < 50000; i++)
    for (uint32_t g = 0; g < gens->n; g++) {
      for (uint32_t k = 0; k < nu; k++) dom[k] = u[k], val[k] = tv_apply(all[i], tv_apply(gn[g], u[k]));
      const tla_val *p = tv_fun(dom, val, nu);
      bool seen = false;
      for (size_t j = 0; j < n && !seen; j++) seen = all[j] == p;
      if (seen) continue;
      if (n == cap) all = xrealloc(all, (cap *= 2) * sizeof *all);
      all[n++] = p;
    }
  const tla_val *r = tv_set(all, (uint32_t)n);
  free(all), free(gn), free(u), free(dom), free(val);
  return r;
}

/* Applies a permutation of model values to a value (memoised in a
 * direct-mapped cache: states share most of their parts). */

static const tla_val *permute(const tla_val *p, const tla_val *v);

static const tla_val *permute_memo(const tla_val *p, const tla_val *v) {
  if (!v->has_model) return v;
  if (v->kind != TV_SET && v->kind != TV_FUN) return permute(p, v);
  if (!memo_tab) memo_tab = xcalloc(PERM_MEMO, sizeof *memo_tab);
  perm_memo *slot = &memo_tab[(v->hash * 31u + p->hash) & (PERM_MEMO - 1)];
  if (slot->p == p && slot->v == v) return slot->r;
  const tla_val *r = permute(p, v);
  *slot = (perm_memo){p, v, r};
  return r;
}

/* Any total order serves to pick orbit representatives: hashes first. */
static int cheap_cmp(const tla_val *a, const tla_val *b) {
  if (a == b) return 0;
  if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
  return tv_cmp(a, b);
}

static const tla_val *permute(const tla_val *p, const tla_val *v) {
  switch (v->kind) {
    case TV_MODEL: {
      const tla_val *r = tv_apply(p, v);
      return r ? r : v;
    }
    case TV_SET: {
      if (!v->n) return v;
      const tla_val **e = xmalloc(v->n * sizeof *e);
      for (uint32_t k = 0; k < v->n; k++) e[k] = permute_memo(p, v->e[k]);
      const tla_val *r = tv_set(e, v->n);
      free(e);
      return r;
    }
    case TV_FUN: {
      if (!v->n) return v;
      const tla_val **d = xmalloc(v->n * sizeof *d), **w = xmalloc(v->n * sizeof *w);
      for (uint32_t k = 0; k < v->n; k++) d[k] = permute_memo(p, v->e[k]), w[k] = permute_memo(p, v->v[k]);
      const tla_val *r = tv_fun(d, w, v->n);
      free(d);
      free(w);
      return r;
    }
    default: return v;
  }
}

/* The identity (Permutations(S) holds it) maps a state to itself: rebuilt
 * and looked up again, it was a sixth of the work with S of 3. */
static bool is_identity(const tla_val *p) {
  bool identity = p->kind == TV_FUN;
  for (uint32_t k = 0; k < p->n && identity; k++) identity = p->v[k] == p->e[k];
  return identity;
}

/* True when v is a tuple whose domain no permutation moves (a state: its
 * variables' indices). */
static bool fixed_domain(const tla_val *v) {
  if (v->kind != TV_FUN) return false;
  for (uint32_t k = 0; k < v->n; k++)
    if (v->e[k]->has_model) return false;
  return true;
}

/* The least of the state's images under the group, the images ordered
 * variable by variable (each value by cheap_cmp): a total order on states,
 * so the least image is the same for every member of the orbit. An image
 * is built one variable at a time and dropped at the first variable where
 * it is greater than the least so far (MultiPaxos_MC_small: most images
 * differ at the first variable a permutation moves; its orbit sample
 * permuted every variable of all five images, 9 % of its run), and only
 * the least one is interned (interning all of them was a fifth of
 * MultiPaxos_MC_small's explicit run: five new states a state, kept in the
 * value table for good). */
static const tla_val *least_image(const tla_val *perms, const tla_val *state) {
  uint32_t n = state->n;
  const tla_val *buf[2][64], **w = n <= 64 ? buf[0] : xmalloc(n * sizeof *w),
                            **best = n <= 64 ? buf[1] : xmalloc(n * sizeof *best);
  const tla_val *const *least = state->v;
  for (uint32_t i = 0; i < perms->n; i++) {
    const tla_val *p = perms->e[i];
    if (is_identity(p)) continue;
    int c = 0;
    uint32_t k = 0;
    for (; k < n && c == 0; k++) {
      w[k] = permute_memo(p, state->v[k]);
      c = cheap_cmp(w[k], least[k]);
    }
    if (c >= 0) continue;   /* greater at its first difference, or the same state */
    for (; k < n; k++) w[k] = permute_memo(p, state->v[k]);
    memcpy(best, w, n * sizeof *w);
    least = best;
  }
  const tla_val *r = least != state->v ? tv_fun_sorted(state->e, best, n) : state;
  if (w != buf[0]) free(w), free(best);
  return r;
}

const tla_val *tla_canonical(tla_model *m, const tla_val *state) {
  if (!m->perms) return state;
  /* states are generated many times over: remember their representatives
   * (in the permutation memo, under the whole group as key) */
  if (!memo_tab) memo_tab = xcalloc(PERM_MEMO, sizeof *memo_tab);
  perm_memo *slot = &memo_tab[(state->hash * 17u + m->perms->hash) & (PERM_MEMO - 1)];
  if (slot->p == m->perms && slot->v == state) return slot->r;
  const tla_val *best = state;
  if (fixed_domain(state)) {
    best = least_image(m->perms, state);
  } else {
    for (uint32_t i = 0; i < m->perms->n; i++) {
      if (is_identity(m->perms->e[i])) continue;
      const tla_val *s = permute(m->perms->e[i], state);
      if (cheap_cmp(s, best) < 0) best = s;
    }
  }
  *slot = (perm_memo){m->perms, state, best};
  return best;
}
