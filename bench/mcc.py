#!/usr/bin/python3
"""MCC reachability benchmark: one zeta run per examination file, scored per
formula against the instance's expected.txt.

  mcc.py [-t SEC] [-m MB] [-o OUT.csv] [--zeta PATH] [--] INSTANCE_DIR... [-- ZETA_ARGS...]

Each run: `zeta --timeout SEC --memlimit MB --formula EXAM.xml model.pnml`
(plus ZETA_ARGS), wall time and peak RSS measured by the OS (wait4). Per
instance it prints formulas answered / correct / wrong, the slowest run's wall
time, its overrun of the limit, and the peak memory; at the end the totals and
the share of the answers decided by each technique (the TECHNIQUES field).
Exit 1 if some answer was wrong or some run exceeded its limit by more than
one second.
"""
import argparse
import collections
import os
import re
import resource
import subprocess
import sys
import time

EXAMS = ("ReachabilityCardinality", "ReachabilityFireability")
LINE = re.compile(r"^FORMULA\s+(\S+)\s+(TRUE|FALSE|CANNOT_COMPUTE)(?:\s+TECHNIQUES\s+(.*))?$", re.M)


def expected(inst):
    exp = {}
    with open(os.path.join(inst, "expected.txt")) as f:
        for line in f:
            w = line.split()
            if len(w) >= 3 and w[0] == "FORMULA":
                exp[w[1]] = w[2]
    return exp


def run(zeta, inst, exam, args):
    cmd = [zeta, "--timeout", str(args.timeout), "--memlimit", str(args.memlimit),
           "--formula", os.path.join(inst, exam + ".xml")] + args.extra + [os.path.join(inst, "model.pnml")]
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # backstop far beyond the limit: the measurement is how far zeta overruns
    try:
        out, err = p.communicate(timeout=args.timeout * 2 + 30)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    wall = time.monotonic() - t0
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    return out, err, p.returncode, wall, peak_mb


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-t", "--timeout", type=int, default=60)
    ap.add_argument("-m", "--memlimit", type=int, default=16000)
    ap.add_argument("-o", "--csv", default=None, help="per-formula CSV")
    ap.add_argument("--zeta", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                                   "build", "zeta"))
    ap.add_argument("--exam", choices=EXAMS, action="append", help="only this examination (repeatable)")
    ap.add_argument("instances", nargs="+")
    argv = sys.argv[1:]
    extra = []
    if "--" in argv[1:]:
        k = len(argv) - 1 - argv[::-1].index("--")
        argv, extra = argv[:k], argv[k + 1:]
    args = ap.parse_args(argv)
    args.extra = extra
    rows = []
    tech = collections.Counter()
    tot = collections.Counter()
    bad_runs = 0
    print("%-32s %5s %5s %5s %5s %8s %8s %9s" % ("instance", "total", "ans", "ok", "wrong", "max_s", "over_s", "peak_MB"))
    for inst in args.instances:
        inst = inst.rstrip("/")
        name = os.path.basename(inst)
        exp = expected(inst)
        c = collections.Counter()
        maxwall, peak = 0.0, 0.0
        for exam in args.exam or EXAMS:
            # peak RSS per run: RUSAGE_CHILDREN is a maximum over all children
            # so far, so each run is measured in a fresh helper process
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(r)
                out, err, rc, wall, _ = run(args.zeta, inst, exam, args)
                peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
                with os.fdopen(w, "w") as f:
                    f.write(repr((out, err[-2000:], rc, wall, peak_mb)))
                os._exit(0)
            os.close(w)
            with os.fdopen(r) as f:
                data = f.read()
            os.waitpid(pid, 0)
            out, err, rc, wall, peak_mb = eval(data)
            maxwall, peak = max(maxwall, wall), max(peak, peak_mb)
            if wall > args.timeout + 1:
                bad_runs += 1
                sys.stderr.write("mcc: %s %s: %.1f s for a %d s limit\n" % (name, exam, wall, args.timeout))
            got = {m.group(1): (m.group(2), (m.group(3) or "").strip()) for m in LINE.finditer(out)}
            for fid, want in exp.items():
                if exam not in fid:
                    continue
                ans, techs = got.get(fid, ("MISSING", ""))
                status = "unknown"
                if ans in ("TRUE", "FALSE"):
                    status = "correct" if ans == want else "wrong"
                    tech[techs or "?"] += 1
                    if status == "wrong":
                        sys.stderr.write("mcc: WRONG %s: %s, expected %s (%s)\n" % (fid, ans, want, techs))
                c["total"] += 1
                c[status] += 1
                rows.append((name, fid, want, ans, status, techs, "%.2f" % wall, "%.0f" % peak_mb))
        ans = c["correct"] + c["wrong"]
        print("%-32s %5d %5d %5d %5d %8.1f %8.1f %9.0f" % (name, c["total"], ans, c["correct"], c["wrong"], maxwall,
                                                       max(0.0, maxwall - args.timeout), peak), flush=True)
        tot.update(c)
    ans = tot["correct"] + tot["wrong"]
    print("TOTAL: %d formulas, %d answered (%.1f %%), %d correct, %d wrong, %d runs over the limit by > 1 s"
          % (tot["total"], ans, 100.0 * ans / max(1, tot["total"]), tot["correct"], tot["wrong"], bad_runs))
    print("decided by (TECHNIQUES): " +
          ", ".join("%s %d (%.0f %%)" % (k, v, 100.0 * v / max(1, ans)) for k, v in tech.most_common()))
    if args.csv:
        with open(args.csv, "w") as f:
            f.write("instance,formula,expected,answer,status,techniques,run_wall_s,run_peak_mb\n")
            for r in rows:
                f.write(",".join(r) + "\n")
    return 1 if tot["wrong"] or bad_runs else 0


if __name__ == "__main__":
    sys.exit(main())
