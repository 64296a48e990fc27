# CLI basics: --help, --version, usage errors exit 2.
z=$ZETA
t() { if eval "$2"; then echo "PASS cli/$1"; else echo "FAIL cli/$1"; fi; }
t help      '$z --help | grep -q -- --timeout'
t version   '$z --version | grep -q "^zeta "'
t noinput   '$z >/dev/null 2>&1; [ $? -eq 2 ]'
t badopt    '$z --no-such-option x.cfa >/dev/null 2>&1; [ $? -eq 2 ]'
t badenum   '$z --domain FOO x.cfa 2>&1 | grep -q "expects one of"'
t badint    '$z --timeout -3 x.cfa >/dev/null 2>&1; [ $? -eq 2 ]'
t unknownext '$z foo.xyz 2>&1 | grep -q "cannot tell"'
