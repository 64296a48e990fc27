#!/bin/sh
# TLA+ benchmark: runs zeta on every task of the shared TLA+ set (or the
# tasks given), one at a time, and compares the verdict with the task's
# expected_verdict and the printed distinct-state count with the task's
# distinct_states (TLC's count; zeta itself never reads it).
# Usage: bench/tla_bench.sh [-t SECONDS] [-a ALGORITHM] [task.yml ...]
#        bench/tla_bench.sh -c [-n] [-o DIR] [-t SECONDS] [-l SECONDS] [task.yml ...]
# -c compares the engines per task: explicit (time, distinct states, depth),
# bmc (bound: the task's length, else 10; time, depth) and inductive (IC3,
# then k-induction: proofs for all depths), whether BMC agrees with the
# explicit engine (a definite answer of both differing, or a BMC UNSAFE
# where explicit says SAFE, is a disagreement), and how many `success`
# (expected true) models are proved for all depths, then lists the `success`
# models the explicit engine finishes but `inductive` does not prove
# ("unproved:" lines, with inductive's first output line).
# -n (with -c) skips BMC (the proofs' count alone, about a third of the time).
# -o DIR (with -c) keeps every run's output in DIR/<folder>_<task>.<algorithm>.txt
# (with --stats: read there why a proof failed).
# -l SECONDS (with -c) is the long-timeout agreement run instead: explicit and
# bmc at -t (no inductive); where explicit answers and bmc answers nothing
# (neither SAFE/UNSAFE nor "SAFE up to depth N"), bmc again with --timeout
# SECONDS; each row gives the long run's answer, depth reached, CPU seconds
# (user+sys of the child) and whether it agrees with the explicit engine.
# Env: ZETA (default build/zeta), SHARED (default /work/shared).
set -u
ZETA=${ZETA:-$(dirname "$0")/../build/zeta}
SHARED=${SHARED:-/work/shared}
T=10
ALGO=explicit
COMPARE=0
NOBMC=0
OUT=
LONG=0
while getopts t:a:cno:l: o; do
  case $o in t) T=$OPTARG ;; a) ALGO=$OPTARG ;; c) COMPARE=1 ;; n) NOBMC=1 ;; o) OUT=$OPTARG ;; l) LONG=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- "$SHARED"/benchmarks/tla/*/*.yml
[ $COMPARE = 1 ] && exec python3 - "$ZETA" "$T" "$NOBMC" "$OUT" "$LONG" "$@" <<'PY'
import os, re, resource, subprocess, sys, time, yaml
zeta, t, nobmc, outdir, long_t, tasks = sys.argv[1], float(sys.argv[2]), sys.argv[3] == "1", sys.argv[4], float(sys.argv[5]), sys.argv[6:]
if outdir: os.makedirs(outdir, exist_ok=True)
def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
def run(algo, task, secs=t):
    if algo == "bmc" and nobmc:
        return "-", 0.0, "-", "-", "UNKNOWN (not run: -n)"
    start, cpu0 = time.time(), cpu_children()
    try:
        p = subprocess.run([zeta, "--timeout", str(int(secs)), "--algorithm", algo, "--stats", task],
                           capture_output=True, text=True, timeout=secs + 10)
        out = p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        out = "UNKNOWN (hard timeout)"
    run.cpu = cpu_children() - cpu0
    if outdir:
        base = "_".join(task.split("/")[-2:])[:-4]   # folder_task: MC.yml is in two folders
        with open(os.path.join(outdir, "%s.%s.txt" % (base, algo)), "w") as f:
            f.write(out)
    first = (out.splitlines() or [""])[0]
    word = first.split(" ")[0] if first.split(" ")[0] in ("SAFE", "UNSAFE") else "-"
    m = re.search(r"(\d+) distinct states found, \d+ states generated, depth (\d+)", out)
    d = re.search(r"depth\W+(\d+)", out)
    return word, time.time() - start, (m.group(1) if m else "-"), (m.group(2) if m else (d.group(1) if d else "-")), first
def bounded_safe(word, first):
    return word == "-" and first.startswith("UNKNOWN (SAFE up to depth")
def agreement(e, ed, b, bfirst):
    # a definite answer of both differing, or BMC safe up to a depth where explicit has a violation
    if (b != "-" and e != "-" and b != e) or (bounded_safe(b, bfirst) and e == "UNSAFE" and ed != "-" and int(ed) <= 10):
        return "DISAGREE"
    if b != "-" and b == e:
        return "yes"
    return "yes<=" if bounded_safe(b, bfirst) and e != "-" else "-"
if long_t > 0:
    print("%-44s %-22s %-16s %-34s %s" % ("task", "explicit (s, depth)", "bmc -t (s, d)", "bmc long (answer, depth, cpu, wall)", "agree"))
    n = dict(tasks=0, long=0, agree=0, disagree=0)
    for task in tasks:
        e, et, _, ed, _ = run("explicit", task)
        b, bt, _, bd, bfirst = run("bmc", task)
        n["tasks"] += 1
        name = "/".join(task.split("/")[-2:])
        short = "SAFE<=" if bounded_safe(b, bfirst) else b
        lng = ""
        if e != "-" and b == "-" and not bounded_safe(b, bfirst):
            n["long"] += 1
            b, lt, _, ld, bfirst = run("bmc", task, long_t)
            ans = "SAFE<=" if bounded_safe(b, bfirst) else (b if b != "-" else bfirst[:18])
            lng = "%-18s %3s %7.1f %7.1f" % (ans, ld, run.cpu, lt)
        agree = agreement(e, ed, b, bfirst)
        n["agree"] += agree.startswith("yes")
        n["disagree"] += agree == "DISAGREE"
        print("%-44s %-6s %6.2f %5s  %-6s %6.2f %3s  %-34s %s" % (name[:44], e, et, ed, short, bt, bd, lng, agree), flush=True)
    print("tasks %d: bmc rerun with %.0f s on %d; agree %d (yes<=: SAFE up to the depth reached), disagree %d" % (n["tasks"], long_t, n["long"], n["agree"], n["disagree"]))
    sys.exit(0)
tot = dict(tasks=0, agree=0, disagree=0, bmc_definite=0, success=0, proved=0, proved_explicit_done=0, success_explicit_done=0)
t0 = time.time()
unproved = []
print("%-52s %-26s %-20s %-20s %s" % ("task", "explicit (s, states, depth)", "bmc (s, depth)", "inductive (s)", "agree"))
for task in tasks:
    y = yaml.safe_load(open(task))
    exp = y["properties"][0]["expected_verdict"]
    e, et, es, ed, _ = run("explicit", task)
    b, bt, _, bd, bfirst = run("bmc", task)
    i, it, _, _, ifirst = run("inductive", task)
    tot["tasks"] += 1
    bmc_safe_bounded = bounded_safe(b, bfirst)
    if b != "-": tot["bmc_definite"] += 1
    agree = agreement(e, ed, b, bfirst)
    if agree == "DISAGREE": tot["disagree"] += 1
    if agree == "yes": tot["agree"] += 1
    if exp:
        tot["success"] += 1
        if e == "SAFE": tot["success_explicit_done"] += 1
        if i == "SAFE":
            tot["proved"] += 1
            if e == "SAFE": tot["proved_explicit_done"] += 1
    name = "/".join(task.split("/")[-2:])
    if exp and e == "SAFE" and i != "SAFE": unproved.append((name, ifirst[:100]))
    note = "" if i != "-" else ifirst[:70]
    print("%-52s %-6s %6.2f %8s %4s  %-6s %6.2f %4s  %-6s %6.2f  %-8s %s" % (
        name[:52], e, et, es, ed, b if not bmc_safe_bounded else "SAFE<=", bt, bd, i, it, agree, note), flush=True)
print("tasks %d: BMC definite %d, agrees with explicit %d, disagrees %d; success models %d (explicit finishes %d), "
      "proved for all depths %d (of those explicit finishes: %d); %.0f s" % (
      tot["tasks"], tot["bmc_definite"], tot["agree"], tot["disagree"], tot["success"], tot["success_explicit_done"],
      tot["proved"], tot["proved_explicit_done"], time.time() - t0))
for name, why in unproved:
    print("unproved: %-52s %s" % (name, why))
PY
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
