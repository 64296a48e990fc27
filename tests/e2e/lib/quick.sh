# Sourced by tests/e2e/*.sh. ZETA_TEST_QUICK=1 (set by `make sanitize-check`)
# runs each script on a representative subset with the same checks: loops
# over tasks keep the first and every ZETA_TEST_QUICK_STRIDE-th item
# (default 4). `make check` runs everything.
quick() { [ -n "${ZETA_TEST_QUICK:-}" ] && [ "${ZETA_TEST_QUICK}" != 0 ]; }
# quick_subset ITEM...: prints the items (one per line) to loop over.
quick_subset() {
  if quick; then
    local i=0 s=${ZETA_TEST_QUICK_STRIDE:-4} x
    for x in "$@"; do [ $((i % s)) -eq 0 ] && printf '%s\n' "$x"; i=$((i + 1)); done
  else
    printf '%s\n' "$@"
  fi
}
