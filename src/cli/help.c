#include "cli/help.h"
#include <string.h>
#include "zeta/zeta.h"

static const char *const usage[] = {
  "zeta [OPTIONS] FILE", "verify a model (format from the extension or --input)",
  "zeta [OPTIONS] TASK.yml", "verify an SV-COMP-style task definition (never reads expected_verdict)",
  "zeta smt [OPTIONS] FILE.smt2", "run an SMT-LIB2 script through the solver layer",
  "zeta validate FILE.smt2 MODEL.smt2", "check a Horn-clause model with an independent solver",
  "zeta validate --certify [--cert C] F M", "certify the model clause by clause (docs/CERT.md)",
  "zeta check-cert FILE.smt2 MODEL.smt2 C", "check a certificate with no SMT solver",
};

static const char *const exits =
  "Verdict on the first line of stdout: SAFE, UNSAFE or UNKNOWN (reason); Horn clauses answer sat/unsat/unknown, "
  "Petri nets FORMULA id TRUE/FALSE. Exit codes: 0 verdict, 1 unknown, 2 usage or input error, 3 internal error.";

void help_print(FILE *out) {
  for (size_t i = 0; i < sizeof usage / sizeof usage[0]; i += 2)
    fprintf(out, "%s %-36s %s\n", i ? "      " : "usage:", usage[i], usage[i + 1]);
  fprintf(out, "\n%s\n\ninput formats:", exits);
  for (size_t i = 0; zeta_format_name(i); i++) fprintf(out, " %s (%s)%s", zeta_format_name(i), zeta_format_extensions(i), zeta_format_name(i + 1) ? "," : "\n");
  fprintf(out, "\noptions:\n"
               "  --help                 this text\n"
               "  --version              print the version\n"
               "  -v                     more progress on stderr (repeatable)\n");
  for (size_t i = 0; zeta_option_name(i); i++) {
    const char *n = zeta_option_name(i), *k = zeta_option_kind(i), *h = zeta_option_help(i);
    if (strcmp(k, "flag") == 0) fprintf(out, "  --%-21s %s\n", n, h);
    else if (strcmp(k, "int") == 0) fprintf(out, "  --%-14s <int>  %s (default %s)\n", n, h, zeta_option_default(i));
    else if (strcmp(k, "enum") == 0)
      fprintf(out, "  --%-14s <val>  %s\n  %24s %s (default %s)\n", n, h, "", zeta_option_values(i), zeta_option_default(i));
    else fprintf(out, "  --%-14s <str>  %s\n", n, h);
  }
}

/* troff needs backslashes and leading dots escaped */
static void man_text(FILE *out, const char *s) {
  if (*s == '.' || *s == '\'') fputs("\\&", out);
  for (; *s; s++) {
    if (*s == '\\') fputs("\\e", out);
    else if (*s == '-') fputs("\\-", out);
    else fputc(*s, out);
  }
}

void help_man(FILE *out) {
  fprintf(out, ".TH ZETA 1 \"\" \"zeta %s\" \"User Commands\"\n.SH NAME\nzeta \\- a model checker\n.SH SYNOPSIS\n", ZETA_VERSION);
  for (size_t i = 0; i < sizeof usage / sizeof usage[0]; i += 2) {
    fputs(".B ", out);
    man_text(out, usage[i]);
    fputs("\n.br\n", out);
  }
  fputs(".SH DESCRIPTION\nzeta reads a model, asks whether a bad state is reachable, and answers with evidence: a "
        "counterexample replayed on the concrete model, or an invariant, model or certificate checked independently.\n.PP\n",
        out);
  man_text(out, exits);
  fputs("\n.PP\nInput formats:", out);
  for (size_t i = 0; zeta_format_name(i); i++) {
    fputs(i ? ", " : " ", out);
    man_text(out, zeta_format_name(i));
    fputs(" (", out);
    man_text(out, zeta_format_extensions(i));
    fputs(")", out);
  }
  fputs(".\n.SH OPTIONS\n.TP\n.B \\-v\nmore progress on stderr (repeatable)\n", out);
  for (size_t i = 0; zeta_option_name(i); i++) {
    const char *k = zeta_option_kind(i);
    fputs(".TP\n.B \\-\\-", out);
    man_text(out, zeta_option_name(i));
    if (strcmp(k, "flag") != 0) fprintf(out, " \\fI%s\\fR", strcmp(k, "enum") == 0 ? "value" : strcmp(k, "int") == 0 ? "n" : "text");
    fputc('\n', out);
    man_text(out, zeta_option_help(i));
    if (zeta_option_values(i)) {
      fputs(": ", out);
      man_text(out, zeta_option_values(i));
    }
    if (strcmp(k, "flag") != 0 && zeta_option_default(i)) {
      fputs(" (default ", out);
      man_text(out, zeta_option_default(i));
      fputs(")", out);
    }
    fputc('\n', out);
  }
  fputs(".SH SEE ALSO\nThe library's header zeta/zeta.h; docs/JSON.md for \\-\\-json.\n", out);
}
