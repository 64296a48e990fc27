/* --help and the man page, generated from the option table the library
 * exposes (zeta_option_*). */
#ifndef ZETA_CLI_HELP_H
#define ZETA_CLI_HELP_H
#include <stdio.h>

void help_print(FILE *out);
/* zeta.1 in troff (man) format: `zeta --help-man > zeta.1`. */
void help_man(FILE *out);
#endif
