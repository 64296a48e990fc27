/* zeta: public definitions shared by the library and its users. */
#ifndef ZETA_ZETA_H
#define ZETA_ZETA_H

#define ZETA_VERSION "0.1.0"

/* Process exit codes (DESIGN.md). */
enum {
  ZETA_EXIT_VERDICT = 0,  /* SAFE or UNSAFE (or sat/unsat) */
  ZETA_EXIT_UNKNOWN = 1,
  ZETA_EXIT_INPUT = 2,    /* usage or input error */
  ZETA_EXIT_INTERNAL = 3,
};

typedef enum { ZETA_SAFE, ZETA_UNSAFE, ZETA_UNKNOWN } zeta_verdict;

#endif
