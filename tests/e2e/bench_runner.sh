# bench/runner.py on a fake tool over generated tasks: limits enforced by the
# OS, wrong verdicts detected, CSV / summary / comparison / plots written,
# the GNU parallel and Slurm modes, aag2aig, and the BenchExec tool-info
# module against a stub of the benchexec package.
# Prints PASS/FAIL lines; always exits 0 (tests/run.sh counts the lines).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PY=/usr/bin/python3; [ -x "$PY" ] || PY=python3
RUNNER="$PY $ROOT/bench/runner.py"
FAKE="$ROOT/bench/test/fake-tool.sh"
export PYTHON="$PY"  # for the fake tool's memory eater
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
t() { if eval "$2"; then echo "PASS bench/$1"; else echo "FAIL bench/$1"; fi; }
# col FILE TASK COLUMN: a field of the CSV row of TASK
col() { "$PY" - "$@" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["task"] == sys.argv[2]:
        print(r[sys.argv[3]])
EOF
}
# mk NAME BEHAVIOUR EXPECTED [LANGUAGE]: a task whose model tells the fake tool what to do
mk() {
  echo "$2" > "$T/tasks/$1.m"
  printf "format_version: '2.0'\ninput_files: '%s.m'\noptions:\n  language: %s\nproperties:\n  - property_file: ../properties/unreach.prp\n    expected_verdict: %s\n" \
    "$1" "${4:-cfa}" "$3" > "$T/tasks/$1.yml"
}
mkdir -p "$T/tasks" "$T/slow"
mk ok-safe safe true; mk ok-unsafe unsafe false; mk wrong safe false
mk spin spin true; mk eat eat true; mk crash crash false; mk unk unknown true
mk fail fail true; mk chc-sat sat true smt2; mk chc-unsat unsat false smt2
echo formula-true > "$T/tasks/net.m"
printf '<property-set xmlns="http://mcc.lip6.fr/"><property><id>net</id></property></property-set>\n' > "$T/tasks/net.xml"
printf "format_version: '2.0'\ninput_files: 'net.m'\noptions:\n  language: pnml\nproperties:\n  - property_file: 'net.xml'\n    expected_verdict: true\n" > "$T/tasks/net.yml"
mv "$T/tasks/spin.m" "$T/tasks/spin.yml" "$T/slow/"   # the CPU burner gets its own run
echo sleep > "$T/slow/sleep.m"; sed 's/spin/sleep/' "$T/slow/spin.yml" > "$T/slow/sleep.yml"

# --- 1. one run over all behaviours (none of them a timeout: 5 s of CPU,
# as the memory eater needed 0.94 s to fault in 200 MB on a VM with slow
# page faults and was taken for a timeout at 1 s)
$RUNNER "$T/tasks" --tool "$FAKE {file}" --name fake -t 5 -m 300 -j 2 -o "$T/out" --no-plots >"$T/out.txt" 2>&1
rc=$?
csv="$T/out/fake.csv"
t exit-nonzero-on-wrong '[ $rc -eq 1 ]'
t wrong-loud 'grep -q "WRONG VERDICT.*tasks/wrong" "$T/out.txt"'
t csv-header '[ "$(head -n 1 "$csv")" = "task,expected,verdict,status,cpu_s,wall_s,peak_mem_mb,language,exit,note" ]'
t csv-rows '[ "$(tail -n +2 "$csv" | wc -l)" -eq 10 ]'
t correct-safe '[ "$(col "$csv" tasks/ok-safe status)" = correct ] && [ "$(col "$csv" tasks/ok-safe verdict)" = SAFE ]'
t correct-unsafe '[ "$(col "$csv" tasks/ok-unsafe status)" = correct ] && [ "$(col "$csv" tasks/ok-unsafe expected)" = UNSAFE ]'
t wrong '[ "$(col "$csv" tasks/wrong status)" = wrong ]'
t chc-words '[ "$(col "$csv" tasks/chc-sat verdict)" = sat ] && [ "$(col "$csv" tasks/chc-unsat status)" = correct ]'
t petri-formula '[ "$(col "$csv" tasks/net status)" = correct ] && [ "$(col "$csv" tasks/net verdict)" = TRUE ]'
t memout '[ "$(col "$csv" tasks/eat status)" = memout ]'
t memout-measured '"$PY" -c "import sys; m=float(sys.argv[1]); sys.exit(not 100 < m <= 320)" "$(col "$csv" tasks/eat peak_mem_mb)"'
t crash '[ "$(col "$csv" tasks/crash status)" = error ] && [ "$(col "$csv" tasks/crash exit)" = -11 ]'
t tool-error '[ "$(col "$csv" tasks/fail status)" = error ] && col "$csv" tasks/fail note | grep -q "cannot parse"'
t unknown '[ "$(col "$csv" tasks/unk status)" = unknown ]'
t summary 'grep -E "^fake +all +10 +5 +3 +2 +1 +1 +0 +1 +2 " "$T/out/summary.txt" >/dev/null'
t summary-csv 'grep -q "^fake,all,10,5,3,2,1,1,0,1,2," "$T/out/summary.csv"'
t logs '[ -s "$T/out/logs/fake/tasks__ok-safe.out" ]'

# --- 2. CPU limit (setrlimit) and wall-clock backstop
$RUNNER "$T/slow/spin.yml" --tool "$FAKE {file}" --name spin -t 1 -m 300 --walllimit 60 -o "$T/spin" --no-plots >/dev/null 2>&1
c="$T/spin/spin.csv"
t cpu-limit '[ "$(col "$c" slow/spin status)" = timeout ] && [ "$(col "$c" slow/spin note)" = "CPU limit" ]'
t cpu-limit-time '"$PY" -c "import sys; w=float(sys.argv[1]); sys.exit(not 0.5 < w < 30)" "$(col "$c" slow/spin cpu_s)"'
$RUNNER "$T/slow/sleep.yml" --tool "$FAKE {file}" --name sleep -t 1 --walllimit 1 -o "$T/sleep" --no-plots >/dev/null 2>&1
c="$T/sleep/sleep.csv"
t wall-limit '[ "$(col "$c" slow/sleep status)" = timeout ] && [ "$(col "$c" slow/sleep note)" = "wall-clock limit" ]'
t wall-limit-group-killed '! pgrep -f "$T/slow/sleep.m" >/dev/null'

# ... but a job that computes is not taken for a hung one
echo work > "$T/slow/work.m"; sed 's/spin/work/' "$T/slow/spin.yml" > "$T/slow/work.yml"
$RUNNER "$T/slow/work.yml" --tool "$FAKE {file}" --name work -t 20 --walllimit 3 -o "$T/work" --no-plots >/dev/null 2>&1
t wall-limit-spares-work '[ "$(col "$T/work/work.csv" slow/work status)" = correct ]'

# CPU time of a child the tool did not wait for still counts (subreaper)
echo orphan > "$T/slow/orphan.m"; sed 's/spin/orphan/' "$T/slow/spin.yml" > "$T/slow/orphan.yml"
$RUNNER "$T/slow/orphan.yml" --tool "$FAKE {file}" --name orphan -t 10 -o "$T/orphan" --no-plots >/dev/null 2>&1
c="$T/orphan/orphan.csv"
t orphan-cpu-counted '[ "$(col "$c" slow/orphan status)" = correct ] && "$PY" -c "import sys; sys.exit(not float(sys.argv[1]) >= 0.28)" "$(col "$c" slow/orphan cpu_s)"'

# SIGTERM to the runner: it kills its running jobs' process groups
$RUNNER "$T/slow/sleep.yml" --tool "$FAKE {file}" --name term -t 1 --walllimit 60 -o "$T/term" --no-plots >/dev/null 2>&1 &
rpid=$!
for i in 1 2 3 4 5 6 7 8 9 10; do pgrep -f "$T/slow/sleep.m" >/dev/null && break; sleep 0.5; done
kill -TERM $rpid; wait $rpid; rc=$?
sleep 0.2
t sigterm-cleanup '[ $rc -eq 130 ] && ! pgrep -f "$T/slow/sleep.m" >/dev/null'

# --- 3. named configurations, two runs side by side
cat > "$T/configs.yml" <<EOF
fast:
  languages: [cfa]
  cmd: "$FAKE {file}"
  parser: zeta
slow:
  languages: [cfa]
  cmd: "$PY -c 'sum(range(3000000))' && $FAKE {file}"
  parser: zeta
EOF
$RUNNER "$T/tasks/ok-safe.yml" "$T/tasks/ok-unsafe.yml" "$T/tasks/unk.yml" "$T/tasks/chc-sat.yml" \
  --configs "$T/configs.yml" --config fast,slow -t 5 -o "$T/cmp" >"$T/cmp.txt" 2>&1
rc=$?
t configs-exit0 '[ $rc -eq 0 ]'
t configs-languages '[ "$(tail -n +2 "$T/cmp/fast.csv" | wc -l)" -eq 3 ]'
t compare-table 'grep -q "slow/fast" "$T/cmp/compare-cfa.txt" && grep -q "slow vs fast: 2 commonly solved, geometric mean CPU ratio" "$T/cmp.txt"'
t compare-ratio '"$PY" -c "
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
r = [x for x in rows if x[\"task\"] == \"tasks/ok-safe\"][0]
sys.exit(not float(r[\"slow/fast\"]) > 1.5)" "$T/cmp/compare-cfa.csv"'
if "$PY" -c 'import matplotlib' 2>/dev/null; then  # plots only here: matplotlib is slow to load
  t quantile-png '[ "$(head -c 4 "$T/cmp/quantile-cfa.png" | tail -c 3)" = PNG ]'
  t scatter-png '[ -s "$T/cmp/scatter-cfa-slow-vs-fast.png" ]'
fi
$RUNNER --report "$T/cmp/fast.csv" "$T/out/fake.csv" -o "$T/rep" --no-plots >/dev/null 2>&1
rc=$?
t report-mode '[ $rc -eq 1 ] && grep -q "^fake " "$T/rep/summary.txt" && [ -s "$T/rep/compare-cfa.txt" ]'

# --- 4. cluster modes, run locally
sel="$T/tasks/ok-safe.yml $T/tasks/wrong.yml $T/tasks/chc-sat.yml"
$RUNNER $sel --tool "$FAKE {file}" --name fake -t 2 -j 2 -o "$T/par" --emit parallel --sshlogin : --no-plots >"$T/par.txt" 2>&1
t emit-parallel '[ "$(wc -l < "$T/par/jobs.txt")" -eq 3 ] && grep -q "^parallel --sshlogin : --jobs 2" "$T/par.txt"'
if command -v parallel >/dev/null; then
  sh "$T/par/run-parallel.sh" >"$T/par.out" 2>&1; rc=$?
else  # the same job lines, without GNU parallel
  sh "$T/par/jobs.txt" >/dev/null 2>&1; $RUNNER --collect "$T/par" --no-plots >"$T/par.out" 2>&1; rc=$?
fi
t parallel-collect '[ $rc -eq 1 ] && [ "$(col "$T/par/fake.csv" tasks/ok-safe status)" = correct ] && [ "$(col "$T/par/fake.csv" tasks/wrong status)" = wrong ]'
$RUNNER $sel --tool "$FAKE {file}" --name fake -t 2 -o "$T/slurm" --emit slurm --slurm-chunk 2 --no-plots >/dev/null 2>&1
t emit-slurm 'grep -q "^#SBATCH --array=0-1" "$T/slurm/slurm.sbatch"'
for i in 0 1; do SLURM_ARRAY_TASK_ID=$i bash "$T/slurm/slurm.sbatch" >/dev/null 2>&1; done
$RUNNER --collect "$T/slurm" --no-plots >/dev/null 2>&1
t slurm-collect '[ "$(tail -n +2 "$T/slurm/fake.csv" | wc -l)" -eq 3 ] && [ "$(col "$T/slurm/fake.csv" tasks/chc-sat status)" = correct ]'

# --- 5. usage errors
$RUNNER "$T/tasks" --config no-such-config >/dev/null 2>&1; rc=$?
t bad-config '[ $rc -eq 2 ]'

# --- 6. aag2aig (ABC reads binary AIGER only) and ABC's answers
printf 'aag 3 1 1 1 1\n2\n4 6 4\n6\n6 4 2\n' > "$T/c.aag"   # latch uninitialised; bad = latch & input
"$PY" "$ROOT/bench/aag2aig.py" "$T/c.aag" "$T/c.aig"
t aag2aig '[ "$(head -n 1 "$T/c.aig")" = "aig 3 1 1 1 1" ] && [ "$(sed -n 2p "$T/c.aig")" = "6 4" ]'
if command -v berkeley-abc >/dev/null; then
  cat > "$T/abc.yml" <<EOF
abc:
  cmd: "{python} {bench}/aag2aig.py {file} {tmpdir}/m.aig && berkeley-abc -c 'read {tmpdir}/m.aig; logic; undc; strash; zero; pdr'"
  parser: abc
EOF
  mkdir -p "$T/aig"; cp "$T/c.aag" "$T/aig/u.aag"
  printf 'aag 3 1 1 1 1\n2\n4 6 0\n6\n6 4 2\n' > "$T/aig/s.aag"  # latch stays 0: safe
  for n in u s; do
    v=false; [ $n = s ] && v=true
    printf "format_version: '2.0'\ninput_files: '%s.aag'\noptions:\n  language: aiger\nproperties:\n  - property_file: x\n    expected_verdict: %s\n" $n $v > "$T/aig/$n.yml"
  done
  $RUNNER "$T/aig" --configs "$T/abc.yml" --config abc -t 10 -o "$T/abc" --no-plots >/dev/null 2>&1; rc=$?
  t abc-verdicts '[ $rc -eq 0 ] && [ "$(col "$T/abc/abc.csv" aig/u status)" = correct ] && [ "$(col "$T/abc/abc.csv" aig/s status)" = correct ]'
fi

# --- 7. BenchExec tool-info module against a stub benchexec package
if [ -f "$ROOT/contrib/benchexec/test_zeta_toolinfo.py" ]; then
  if "$PY" "$ROOT/contrib/benchexec/test_zeta_toolinfo.py" >"$T/bx.txt" 2>&1; then
    echo "PASS bench/benchexec-toolinfo"
  else
    echo "FAIL bench/benchexec-toolinfo"; cat "$T/bx.txt"
  fi
fi
exit 0
