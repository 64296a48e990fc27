#!/bin/sh
# TLA+ benchmark: runs zeta on every task of the shared TLA+ set (or the
# tasks given), one at a time, and compares the verdict with the task's
# expected_verdict and the printed distinct-state count with the task's
# distinct_states (TLC's count; zeta itself never reads it).
# Usage: bench/tla_bench.sh [-t SECONDS] [-a ALGORITHM] [task.yml ...]
# Env: ZETA (default build/zeta), SHARED (default /work/shared).
set -u
ZETA=${ZETA:-$(dirname "$0")/../build/zeta}
SHARED=${SHARED:-/work/shared}
T=10
ALGO=explicit
while getopts t:a: o; do
  case $o in t) T=$OPTARG ;; a) ALGO=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- "$SHARED"/benchmarks/tla/*/*.yml
exec python3 - "$ZETA" "$T" "$ALGO" "$@" <<'PY'
import re, subprocess, sys, time, yaml
zeta, t, algo, tasks = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4:]
tot = {"correct": 0, "wrong": 0, "unknown": 0, "states_ok": 0, "states_bad": 0, "states_known": 0}
t0 = time.time()
for task in tasks:
    y = yaml.safe_load(open(task))
    exp = y["properties"][0]["expected_verdict"]
    ds = y.get("options", {}).get("distinct_states")
    start = time.time()
    try:
        p = subprocess.run([zeta, "--timeout", str(int(t)), "--algorithm", algo, task], capture_output=True,
                           text=True, timeout=t + 10)
        out, err = p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        out, err = "UNKNOWN (hard timeout)", ""
    secs = time.time() - start
    first = (out.splitlines() or [""])[0]
    word = first.split(" ")[0]
    got = {"SAFE": True, "UNSAFE": False}.get(word)
    status = "unknown" if got is None else ("correct" if got == exp else "wrong")
    tot[status] += 1
    m = re.search(r"(\d+) distinct states found", out)
    cnt = int(m.group(1)) if m else None
    sflag = ""
    if ds is not None:
        tot["states_known"] += 1
        if status == "correct" and cnt == ds:
            tot["states_ok"] += 1
            sflag = "states=ok"
        else:
            tot["states_bad"] += 1
            sflag = "states=%s/%s" % (cnt, ds)
    reason = first if got is None else ""
    if got is None and not first:
        reason = (err.strip().splitlines() or ["?"])[-1][:150]
    name = "/".join(task.split("/")[-2:])
    print("%-8s %-60s %6.2fs %s %s" % (status, name, secs, sflag, reason[:160]), flush=True)
print("total %d: correct %d, wrong %d, unknown %d; distinct states matched %d of %d; %.0f s" % (
    len(tasks), tot["correct"], tot["wrong"], tot["unknown"], tot["states_ok"], tot["states_known"], time.time() - t0))
PY
