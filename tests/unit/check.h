/* Minimal unit-test harness: CHECK records a failure and goes on; each
 * TEST function prints PASS or FAIL, which tests/run.sh counts. */
#ifndef ZETA_TEST_CHECK_H
#define ZETA_TEST_CHECK_H
#include <stdio.h>
#include <stdlib.h>

static int check_failures_;
static int check_total_failures_;

#define CHECK(cond) do { if (!(cond)) { \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    check_failures_++; } } while (0)

#define RUN(test) do { check_failures_ = 0; test(); \
    printf("%s %s\n", check_failures_ ? "FAIL" : "PASS", #test); \
    check_total_failures_ += check_failures_ != 0; } while (0)

#define CHECK_DONE() (check_total_failures_ ? 1 : 0)
#endif
