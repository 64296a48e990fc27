#!/usr/bin/env python3
"""Differential testing of zeta's engines (issue 20).

Generates random small models (bench/difftest/models.py: CFA, Horn clauses,
AIGER circuits, Petri nets), runs every engine and configuration of zeta on
each, plus the peers (z3's Spacer on Horn clauses and on zeta's Horn export
of CFAs, ABC's pdr with AIGER 1.9 semantics when berkeley-abc is installed)
and an explicit enumeration of the model's states where they are few, and
flags:
  - two definite answers that disagree,
  - an internal error (exit 3: a counterexample that did not replay, an
    invariant the checker rejected, a crash),
  - a reader that rejects a generated model (exit 2).
A disagreement between runs on the text is shrunk automatically (delta
debugging over the model's lines) and saved with the commands that show it.

  bench/difftest/difftest.py --zeta build/zeta --models 1000 --seed 1 -j 2
  bench/difftest/difftest.py --formats cfa,chc --seconds 3600 --out DIR

Prints a summary per format (models, runs, definite answers, findings) and
exits 1 when anything was found.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models  # noqa: E402

ZETA = "build/zeta"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
T = 5
BMC_BOUND = 40

# Configurations per format: name -> zeta arguments (before the file).
CONFIGS = {
    "cfa": {
        "cegar": ["--algorithm", "cegar"],
        "cegar-expl": ["--algorithm", "cegar", "--domain", "EXPL", "--maxenum", "16"],
        "cegar-seq-dfs": ["--algorithm", "cegar", "--refinement", "SEQ_ITP", "--search", "DFS", "--predsplit", "ATOMS"],
        "cegar-bool-local": ["--algorithm", "cegar", "--domain", "PRED_BOOL", "--precgranularity", "LOCAL",
                             "--refinement", "FW_BIN_ITP"],
        "cegar-split-core": ["--algorithm", "cegar", "--domain", "PRED_SPLIT", "--refinement", "UNSAT_CORE",
                             "--encoding", "SBE"],
        "bmc": ["--algorithm", "bmc"],
        "kind": ["--algorithm", "kind"],
        "pdr": ["--algorithm", "pdr", "--validate"],
        "imc": ["--algorithm", "imc"],
        "portfolio": ["--validate"],
    },
    "chc": {
        "own": ["--algorithm", "own"],
        "own-mbp": ["--algorithm", "own", "--itp", "mbp"],
        "spacer": ["--algorithm", "spacer"],
        "bmc": ["--algorithm", "bmc"],
        "cegar": ["--algorithm", "cegar"],
        "pdr": ["--algorithm", "pdr"],
        "kind": ["--algorithm", "kind"],
        "portfolio": ["--validate"],
    },
    "proc": {
        "pds": ["--algorithm", "pds"],
        "pds-concrete": ["--algorithm", "pds", "--pds-refine", "concrete"],
        "pds-strongest": ["--algorithm", "pds", "--pds-refine", "strongest"],
        "pds-weakest": ["--algorithm", "pds", "--pds-refine", "weakest"],
        "pds-conciliated": ["--algorithm", "pds", "--pds-refine", "conciliated"],
        "pds-skip-conciliated": ["--algorithm", "pds", "--pds-refine", "skip-conciliated"],
        "spacer": ["--algorithm", "spacer"],
        "own": ["--algorithm", "own"],
        "bmc": ["--algorithm", "bmc"],
        "cegar": ["--algorithm", "cegar"],
        "portfolio": ["--validate"],
    },
    "c": {
        "portfolio": [],
        "cegar": ["--algorithm", "cegar"],
        "bmc": ["--algorithm", "bmc"],
        "kind": ["--algorithm", "kind"],
        "pdr": ["--algorithm", "pdr"],
        "imc": ["--algorithm", "imc"],
        "math": ["--c-int", "math"],
        "bv": ["--c-int", "bv"],
    },
    "vmt": {
        "bmc": ["--algorithm", "bmc"],
        "kind": ["--algorithm", "kind"],
        "pdr": ["--algorithm", "pdr", "--validate"],
        "imc": ["--algorithm", "imc"],
        "portfolio": ["--validate"],
    },
    "tla": {
        "explicit": ["--algorithm", "explicit"],
        "bmc": ["--algorithm", "bmc"],
        "inductive": ["--algorithm", "inductive"],
        "pdr": ["--algorithm", "pdr"],
        "kind": ["--algorithm", "kind"],
        "portfolio": [],
    },
    "sol": {
        "portfolio": [],
        "own": ["--algorithm", "own"],
        "spacer": ["--algorithm", "spacer"],
        "bmc": ["--algorithm", "bmc"],
    },
    "aiger": {
        "ic3": ["--algorithm", "ic3"],
        "bmc": ["--algorithm", "bmc"],
        "kind": ["--algorithm", "kind"],
        "pdr": ["--algorithm", "pdr"],
        "portfolio": [],
    },
    "pnml": {
        "explicit": ["--algorithm", "explicit"],
        "se-cegar": ["--algorithm", "se-cegar"],
        "bmc": ["--algorithm", "bmc"],
        "kind": ["--algorithm", "kind"],
        "pdr": ["--algorithm", "pdr"],
        "portfolio": [],
    },
}


def answer(fmt, out):
    """True: the bad state is reachable (UNSAFE, unsat, AG false / EF true
    for Petri nets: see models.gen_petri); False: unreachable; None: no
    definite answer."""
    first = out.split("\n", 1)[0].strip()
    if fmt == "pnml":
        parts = first.split()
        if len(parts) >= 3 and parts[0] == "FORMULA" and parts[2] in ("TRUE", "FALSE"):
            return parts[2] == "TRUE"
        return None
    return {"SAFE": False, "UNSAFE": True, "sat": False, "unsat": True}.get(first)


# seconds spent per run name in this process (where a batch's time goes)
SPENT = {}


def run(cmd, timeout, name=None):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -9, "", "timeout"
    except OSError as e:  # the binary vanished (a rebuild mid-run): no answer, not a crash of the run
        return -1, "", "cannot run %s: %s" % (cmd[0], e)
    finally:
        if name:
            SPENT[name] = SPENT.get(name, 0.0) + time.time() - t0


def zeta_runs(m, path, qpath, only=None, rng=None, k=0):
    """The configurations on the file (all, those in only, or k of them
    drawn with rng): name -> (answer, exit, output)."""
    res = {}
    names = list(CONFIGS[m.fmt])
    if rng and k and k < len(names):
        names = rng.sample(names, k)
    for name in names:
        args = CONFIGS[m.fmt][name]
        if only and name not in only:
            continue
        if BMC_BOUND and "bmc" in args:   # a SAFE model keeps BMC busy to the time limit: bound it
            args = args + ["--bound", str(BMC_BOUND)]
        cmd = [ZETA, "--timeout", str(T)] + args + [path] + (["--formula", qpath] if qpath else [])
        rc, out, err = run(cmd, T + 10, m.fmt + "/zeta-" + name)
        res["zeta-" + name] = (answer(m.fmt, out) if rc in (0, 1) else None, rc, out + err)
    return res


def peer_runs(m, path, tmp, only=None):
    res = {}
    want = lambda n: not only or n in only
    if m.fmt == "chc" and want("z3") and shutil.which("z3"):
        rc, out, err = run(["z3", "-T:%d" % T, path], T + 5, "chc/z3")
        res["z3"] = (answer("chc", out), 0 if rc in (0, 1) else rc, out + err)
    if m.fmt == "proc" and want("z3-export") and shutil.which("z3"):
        rc, out, _ = run([ZETA, "--export", "chc", path], T, "proc/export")
        if rc == 0:
            chc = os.path.join(tmp, "export.smt2")
            open(chc, "w").write(out)
            rc2, o2, e2 = run(["z3", "-T:%d" % T, chc], T + 5, "proc/z3-export")
            res["z3-export"] = (answer("chc", o2), 0, o2 + e2)
    if m.fmt == "cfa" and shutil.which("z3") and (want("z3-export") or want("zeta-vmt-kind")):
        rc, out, _ = run([ZETA, "--export", "chc", path], T, "cfa/export")
        if rc == 0:
            chc = os.path.join(tmp, "export.smt2")
            open(chc, "w").write(out)
            if want("z3-export"):
                rc2, o2, e2 = run(["z3", "-T:%d" % T, chc], T + 5, "cfa/z3-export")
                res["z3-export"] = (answer("chc", o2), 0, o2 + e2)
        rc, out, _ = run([ZETA, "--export", "vmt", path], T, "cfa/export")
        if rc == 0 and want("zeta-vmt-kind"):
            vmt = os.path.join(tmp, "export.vmt")
            open(vmt, "w").write(out)
            rc2, o2, e2 = run([ZETA, "--timeout", str(T), "--algorithm", "kind", vmt], T + 10, "cfa/zeta-vmt-kind")
            res["zeta-vmt-kind"] = (answer("cfa", o2) if rc2 in (0, 1) else None, rc2, o2 + e2)
    solcmc = os.path.join(SHARED, "tools", "solcmc")
    if m.fmt == "sol" and want("solcmc") and os.path.exists(solcmc) and random.random() < 0.3:
        env = dict(os.environ, SOLC_JS_DIR=os.environ.get("SOLC_JS_DIR", os.path.join(ROOT, "deps")))
        try:
            p = subprocess.run([solcmc, "--timeout", str(T), path], capture_output=True, text=True, timeout=T + 20,
                               env=env)
            res["solcmc"] = (answer("sol", p.stdout), 0, p.stdout + p.stderr)
        except subprocess.TimeoutExpired:
            pass
    abc = shutil.which("berkeley-abc") or shutil.which("abc")
    if m.fmt == "aiger" and abc and want("abc"):
        rc, out, err = run([abc, "-c", "&r %s; &put; pdr" % path], T + 5, "aiger/abc")
        a = None
        if "Property proved" in out:
            a = False
        elif "was asserted in frame" in out or "Counter-example" in out or "failed" in out.lower() and "Output 0" in out:
            a = True
        res["abc"] = (a, 0, out + err)
    return res


def write_model(m, tmp, text=None):
    path = os.path.join(tmp, "model" + m.ext)
    open(path, "w").write(text if text is not None else m.text)
    for name, extra in getattr(m, "extra", {}).items():   # files beside the model (a TLC configuration)
        open(os.path.join(tmp, name), "w").write(extra)
    qpath = None
    if m.fmt == "pnml":
        qpath = os.path.join(tmp, "query.xml")
        open(qpath, "w").write(m.query)
    return path, qpath


# zeta checks its evidence before it answers; an UNKNOWN that says the check
# failed is a bug of the engine (or of the solver under it), not an answer.
SELFCHECK = ("internal", "did not replay", "does not replay", "failed the", "failed certification",
             "not confirmed", "execution check")


def selfcheck_failed(out):
    first = out.split("\n", 1)[0]
    return first.startswith("UNKNOWN") and any(w in first for w in SELFCHECK)


def disagreement(results):
    yes = sorted(n for n, (a, _, _) in results.items() if a is True)
    no = sorted(n for n, (a, _, _) in results.items() if a is False)
    return (yes[0], no[0]) if yes and no else None


def shrink(m, tmp, a, b):
    """Delta debugging over the model's lines: the smallest text on which
    sources a and b (runs on the text) still give opposite definite answers."""
    lines = m.text.split("\n")

    def fails(ls):
        path, qpath = write_model(m, tmp, "\n".join(ls))
        only = {a, b}
        r = zeta_runs(m, path, qpath, {n[5:] for n in only if n.startswith("zeta-")})
        r.update(peer_runs(m, path, tmp, only))
        return a in r and b in r and r[a][0] is not None and r[b][0] is not None and r[a][0] != r[b][0]

    n = 2
    while len(lines) >= 2:
        chunk = max(1, len(lines) // n)
        reduced = False
        for i in range(0, len(lines), chunk):
            cand = lines[:i] + lines[i + chunk:]
            if cand and fails(cand):
                lines, n, reduced = cand, max(n - 1, 2), True
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(len(lines), 2 * n)
    return "\n".join(lines)


def check_one(job):
    fmt, seed, size, outdir, per_model = job
    rng = random.Random(seed)
    SPENT.clear()
    t0 = time.time()
    m = models.GENERATORS[fmt](rng, size)
    SPENT[fmt + "/generator"] = time.time() - t0
    tmp = tempfile.mkdtemp(prefix="difftest-")
    try:
        path, qpath = write_model(m, tmp)
        results = zeta_runs(m, path, qpath, rng=rng, k=per_model)
        # the peers on every model without an explicit oracle, else on some
        if m.fmt == "chc" or not per_model or rng.random() < 0.2:
            results.update(peer_runs(m, path, tmp))
        t1 = time.time()
        ex = m.explicit()
        SPENT[fmt + "/oracle"] = time.time() - t1
        findings = []
        if ex == "ub":   # reachable undefined behaviour and no error before it: no verdict is right
            for name, (a, _, out) in results.items():
                if a is not None and name.startswith("zeta-"):
                    findings.append(("verdict-on-ub", name, out.split("\n", 1)[0][:200]))
        elif ex is not None:
            results["explicit"] = (ex, 0, "")
        for name, (a, rc, out) in results.items():
            if rc == 2:
                findings.append(("rejected", name, out[-300:]))
            elif rc not in (0, 1, -9):
                findings.append(("internal", name, "exit %d: %s" % (rc, out[-300:])))
            elif name.startswith("zeta-") and selfcheck_failed(out):
                findings.append(("selfcheck", name, out.split("\n", 1)[0][:300]))
        d = disagreement(results)
        if d:
            findings.append(("disagreement", "%s vs %s" % d, "%s says %s, %s says %s" %
                             (d[0], "reachable", d[1], "unreachable")))
        saved = None
        if findings:
            saved = os.path.join(outdir, "%s-%d" % (fmt, seed))
            os.makedirs(saved, exist_ok=True)
            open(os.path.join(saved, "model" + m.ext), "w").write(m.text)
            if qpath:
                shutil.copy(qpath, os.path.join(saved, "query.xml"))
            with open(os.path.join(saved, "findings.txt"), "w") as f:
                for k, who, what in findings:
                    f.write("%s: %s: %s\n" % (k, who, what))
                for name, (a, rc, out) in sorted(results.items()):
                    f.write("%-22s answer %-5s exit %d\n" % (name, a, rc))
            if d and "explicit" not in d:
                small = shrink(m, tmp, d[0], d[1])
                open(os.path.join(saved, "shrunk" + m.ext), "w").write(small)
        definite = sum(1 for a, _, _ in results.values() if a is not None)
        # each zeta run's outcome where the answer is known: its weak spots
        known = ex if ex in (True, False) else None
        tally = {}
        for name, (a, _, out) in results.items():
            if name.startswith("zeta-"):
                why = "definite" if a is not None else unknown_reason(out)
                tally[(fmt + "/" + name, why if known is not None or a is not None else "(answer not known) " + why)] = 1
        return fmt, len(results), definite, findings, saved, dict(SPENT), tally
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    global ZETA, T, BMC_BOUND
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--zeta", default=ZETA)
    ap.add_argument("--formats", default=",".join(models.GENERATORS))
    ap.add_argument("--models", type=int, default=100, help="models in all (default 100)")
    ap.add_argument("--seconds", type=float, default=0, help="stop after this long instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=6, help="model size parameter")
    ap.add_argument("--timeout", type=int, default=T, help="seconds per run")
    ap.add_argument("-j", type=int, default=1, help="models checked in parallel")
    ap.add_argument("--per-model", type=int, default=0,
                    help="run this many configurations of zeta per model, drawn at random (0 = all)")
    ap.add_argument("--bmc-bound", type=int, default=BMC_BOUND,
                    help="depth at which BMC runs stop (default %d; 0 = the time limit)" % BMC_BOUND)
    ap.add_argument("--out", default="bench/results/difftest")
    ap.add_argument("--times", action="store_true", help="print the seconds spent per format and run")
    ap.add_argument("--unknowns", action="store_true",
                    help="print per format and run how often it was definite and the reasons of its unknowns")
    args = ap.parse_args()
    ZETA, T, BMC_BOUND = os.path.abspath(args.zeta), args.timeout, args.bmc_bound
    # a copy of the binary outside the tree (long runs) still finds the Solidity reader here
    os.environ.setdefault("ZETA_SOLC_AST", os.path.join(ROOT, "src", "lang", "sol", "solc-ast.js"))
    # every configuration of a Solidity model reads the same AST: solc once per model
    cache = tempfile.mkdtemp(prefix="difftest-solc-")
    os.environ.setdefault("ZETA_SOLC_CACHE", cache)
    os.makedirs(args.out, exist_ok=True)
    fmts = args.formats.split(",")
    start = time.time()
    stats = {f: [0, 0, 0, 0] for f in fmts}   # models, runs, definite answers, findings
    found = []

    def jobs():
        i = 0
        while (args.seconds and time.time() - start < args.seconds) or (not args.seconds and i < args.models):
            f = fmts[i % len(fmts)]
            yield (f, args.seed * 1000003 + i, 1 + (i // len(fmts)) % args.size, args.out, args.per_model)
            i += 1

    with ProcessPoolExecutor(max_workers=args.j) as ex:
        pending = set()
        it = jobs()
        for job in it:
            pending.add(ex.submit(check_one, job))
            if len(pending) >= 2 * args.j:
                done = next(iter(pending))
                for fut in list(pending):
                    if fut.done():
                        done = fut
                        break
                r = done.result()
                pending.discard(done)
                account(r, stats, found)
        for fut in pending:
            account(fut.result(), stats, found)
    for f in fmts:
        m, r, d, k = stats[f]
        print("difftest %-6s models %6d  runs %7d  definite %7d  findings %d" % (f, m, r, d, k))
    for fmt, saved, findings in found:
        print("FINDING %s: %s" % (saved, "; ".join("%s %s" % (k, w) for k, w, _ in findings)))
    if args.times:   # where the time went: seconds per format and run, largest first
        for name, sec in sorted(TOTAL.items(), key=lambda kv: -kv[1]):
            print("time %-32s %9.1f s" % (name, sec))
    if args.unknowns:   # per run: how often definite, and why not
        runs = {}
        for (name, why), n in OUTCOMES.items():
            runs.setdefault(name, {})[why] = n
        for name in sorted(runs):
            total = sum(runs[name].values())
            print("outcome %-32s runs %6d  definite %5.1f %%" % (name, total, 100.0 * runs[name].get("definite", 0) / total))
            for why, n in sorted(runs[name].items(), key=lambda kv: -kv[1]):
                if why != "definite":
                    print("outcome %-32s   %6d  %s" % ("", n, why))
    shutil.rmtree(cache, ignore_errors=True)
    print("difftest: %d models in %.0f s, %d findings" % (sum(s[0] for s in stats.values()), time.time() - start,
                                                           len(found)))
    return 1 if found else 0


def unknown_reason(out):
    """An UNKNOWN's reason, without the details that differ per model
    (numbers, file names, positions)."""
    first = out.split("\n", 1)[0].strip()
    m = re.match(r"^(UNKNOWN|unknown) ?\((.*)\)$", first)
    why = m.group(2) if m else (first or "no output")
    why = re.sub(r"\S+\.(c|cfa|smt2|tla|sol|vmt|aag|pnml):\d+(:\d+)?", "FILE", why)
    return re.sub(r"\d+", "N", why)[:120]


def account(r, stats, found):
    fmt, runs, definite, findings, saved, spent, tally = r
    for k, v in tally.items():
        OUTCOMES[k] = OUTCOMES.get(k, 0) + v
    for k, v in spent.items():
        TOTAL[k] = TOTAL.get(k, 0.0) + v
    s = stats[fmt]
    s[0] += 1
    s[1] += runs
    s[2] += definite
    s[3] += len(findings)
    if findings:
        found.append((fmt, saved, findings))
        print("FINDING %s: %s" % (saved, "; ".join("%s %s" % (k, w) for k, w, _ in findings)), flush=True)
    global last_progress
    if time.time() - last_progress >= PROGRESS_EVERY:   # long runs: one line a minute on stderr
        last_progress = time.time()
        print("progress: %d models (%s), %d findings" % (
            sum(v[0] for v in stats.values()), " ".join("%s %d" % (f, v[0]) for f, v in stats.items()),
            len(found)), file=sys.stderr, flush=True)


TOTAL = {}   # seconds per run name over the whole batch
OUTCOMES = {}   # (format/run, "definite" or the unknown's reason) -> runs
PROGRESS_EVERY = 60
last_progress = time.time()


if __name__ == "__main__":
    sys.exit(main())
