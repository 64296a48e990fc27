#!/usr/bin/env bash
# The public API and what is built on it: --json on every input format and
# verdict kind (checked by tests/json_check.py with a JSON parser), task
# definitions (.yml), --witness-file, and the installed library: `make
# install` into a temporary prefix, then examples/api/check.c built through
# pkg-config against it and run.
set -u
cd "$(dirname "$0")/../.."
t() { if eval "$2"; then echo "PASS api/$1"; else echo "FAIL api/$1"; fi; }
J=tests/json_check.py
json() { "$ZETA" --json --timeout 20 "$@" 2>/dev/null; }

# --json per format, per verdict kind
t json-cfa-safe       'json examples/mutex.cfa --invariant | $J safe invariant'
t json-cfa-unsafe     'json examples/overflow.cfa | $J unsafe trace'
t json-cfa-cegar      'json --algorithm cegar examples/overflow.cfa | $J unsafe trace'
t json-cfa-unknown    'json --algorithm cegar --maxiter 1 examples/overflow.cfa --domain EXPL --maxenum -1 | $J'
t json-chc-sat        'json examples/sum.smt2 | $J safe model'
t json-chc-unsat      'printf "(set-logic HORN)\n(declare-fun p (Int) Bool)\n(assert (forall ((x Int)) (=> (= x 0) (p x))))\n(assert (forall ((x Int)) (=> (p x) false)))\n" > /tmp/zeta-api-$$.smt2 && json /tmp/zeta-api-$$.smt2 | $J unsafe derivation'
t json-vmt-safe       'json tests/vmt/counter-safe.vmt | $J safe'
t json-vmt-unsafe     'json tests/vmt/counter-unsafe.vmt | $J unsafe trace'
t json-aiger-unsafe   'json tests/aiger/toggle-unsafe.aag | $J unsafe trace'
t json-aiger-safe     'json tests/aiger/stuck-safe.aag | $J safe'
t json-btor2          'json tests/btor2/counter.btor2 | $J'
t json-petri          'json $SHARED/benchmarks/petri/seed-fig110-inhibitor.pnml --formula $SHARED/benchmarks/petri/seed-fig110-inhibitor-00.xml | $J'
t json-petri-props    'json $SHARED/benchmarks/petri/seed-fig110-inhibitor.pnml --formula $SHARED/benchmarks/petri/seed-fig110-inhibitor-00.xml | python3 -c "import json,sys; o=json.load(sys.stdin); assert o[\"properties\"] and all(p[\"id\"] for p in o[\"properties\"])"'
t json-timeout        'json --algorithm bmc --timeout 1 tests/vmt/counter-safe.vmt | $J unknown'
t json-command        '"$ZETA" --json smt examples/interpolants.smt2 | $J'
t json-one-line       '[ "$(json examples/overflow.cfa | wc -l)" = 1 ]'
t json-input-error    'out=$("$ZETA" --json tests/tasks/bad-yaml.yml 2>/dev/null); rc=$?; [ $rc = 2 ] && [ -z "$out" ]'

# task definitions: the input, its language and options; expected_verdict unread
t task-run            '[ "$("$ZETA" --timeout 20 tests/tasks/mutex.yml | head -n 1)" = SAFE ]'
t task-json           'json tests/tasks/mutex.yml | $J safe'
t task-bad-language   '"$ZETA" tests/tasks/bad-language.yml 2>&1 >/dev/null | grep -q "bad-language.yml:5:13: language .cobol. is not supported"; [ ${PIPESTATUS[0]} = 2 ]'
t task-bad-option     '"$ZETA" tests/tasks/bad-option.yml >/dev/null 2>&1; [ $? = 2 ]'
t task-bad-yaml       'out=$("$ZETA" tests/tasks/bad-yaml.yml 2>&1 >/dev/null); [ $? = 2 ] && printf "%s" "$out" | grep -q "bad-yaml.yml:[0-9]*:[0-9]*:"'
t task-user-wins      '"$ZETA" --encoding LBE --algorithm cegar --stats tests/tasks/mutex.yml | grep -q "^engine: cegar"'

# --witness-file: the community format next to the verdict
w=/tmp/zeta-api-wit-$$
t witness-aiger       '"$ZETA" --witness-file $w tests/aiger/toggle-unsafe.aag >/dev/null && [ "$(head -n 2 $w | tr "\n" " ")" = "1 b0 " ] && tail -n 1 $w | grep -qx "\."'
t witness-chc         '"$ZETA" --witness-file $w examples/sum.smt2 >/dev/null && grep -q define-fun $w && "$ZETA" validate examples/sum.smt2 $w | grep -q ^valid'
rm -f $w /tmp/zeta-api-$$.smt2

# the installed library and the example program, through pkg-config
prefix=$(mktemp -d)
extra=""; case "$BUILD" in *san*) extra="-fsanitize=address,undefined";; esac
if make -s install BUILD="$BUILD" PREFIX="$prefix" >/dev/null 2>&1; then
  export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
  t install-files     '[ -x $prefix/bin/zeta ] && [ -f $prefix/lib/libzeta.a ] && [ -f $prefix/include/zeta/zeta.h ] && [ -f $prefix/share/man/man1/zeta.1 ]'
  t man-page          'man -l $prefix/share/man/man1/zeta.1 2>/dev/null | grep -q -- "--witness-file" || grep -q "witness\\\\-file" $prefix/share/man/man1/zeta.1'
  t example-shared    'cc $extra examples/api/check.c $(pkg-config --cflags --libs zeta) -Wl,-rpath,$prefix/lib -o $prefix/check && $prefix/check examples/overflow.cfa | head -n 1 | grep -q "^UNSAFE by" && $prefix/check examples/overflow.cfa | grep -q "c=#xff"'
  t example-static    'cc $extra examples/api/check.c $(pkg-config --cflags zeta) $prefix/lib/libzeta.a $(pkg-config --static --libs zeta | sed "s/-lzeta//") -o $prefix/check-static && $prefix/check-static examples/mutex.cfa | grep -q "^SAFE"'
  # the installed binary reads Solidity without the source tree (solc-js under share/zeta)
  t installed-solidity 'env -u ZETA_SOLC_AST -u ZETA_DEPS $prefix/bin/zeta --timeout 60 examples/Vault.sol 2>&1 | head -n 1 | grep -q "^\(SAFE\|UNSAFE\)"'
  t example-bad-input '$prefix/check tests/tasks/bad-yaml.yml 2>&1 | grep -q "line 1"; [ ${PIPESTATUS[0]} = 2 ]'
else
  echo "FAIL api/install (make install failed)"
fi
rm -rf "$prefix"
