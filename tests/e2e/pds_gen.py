#!/usr/bin/env python3
"""Random small programs with procedures in the CFA language (for
tests/e2e/pds.sh and bench/pds_random.sh): 3-bit globals, procedures with
parameters, results, loops, havoc and (mutual) recursion; errors in main or
in a callee. Usage: pds_gen.py SEED [refine] [int] > prog.cfa
"refine": data flow across locations instead of arbitrary arithmetic
(constants, copies, +1, equalities with constants), and main's error
after its calls, so that the abstraction needs predicates.
"int": unbounded integers instead of 3-bit vectors (linear arithmetic:
+, -, and constants; the pds engine's formulas with the SMT solver)."""
import random
import sys

W = 3
REFINE = "refine" in sys.argv[2:]
INT = "int" in sys.argv[2:]
TY = "int" if INT else "bv[%d]" % W


def lit(k):
    return "%d" % k if INT else "%d'd%d" % (W, k)


def const(r):
    return lit(r.randrange(1 << W))


def expr(r, vs, d=2):
    if REFINE:
        k = r.random()
        if not vs or k < 0.4:
            return lit(r.randrange(3))
        if k < 0.7:
            return r.choice(vs)
        return "(%s %s %s)" % (r.choice(vs), "+" if INT else "bvadd", lit(1))
    if d == 0 or r.random() < 0.3:
        return r.choice(vs) if vs and r.random() < 0.7 else const(r)
    op = r.choice(["+", "-"] if INT else ["bvadd", "bvsub", "bvmul", "bvand", "bvor", "bvxor", "bvudiv", "bvurem"])
    return "(%s %s %s)" % (expr(r, vs, d - 1), op, expr(r, vs, d - 1))


def cond(r, vs):
    if REFINE and vs:
        return "(%s %s %s)" % (r.choice(vs), r.choice(["=", "/=", "<" if INT else "bvult"]), expr(r, vs, 1))
    op = r.choice(["=", "/=", "<", "<=", ">"] if INT else ["=", "/=", "bvult", "bvule", "bvugt"])
    return "(%s %s %s)" % (expr(r, vs, 1), op, expr(r, vs, 1))


def body(r, name, vs, procs, nlocs, ret, error):
    out = []
    locs = ["L%d" % i for i in range(nlocs)]
    out.append("    init loc L0")
    for l in locs[1:]:
        out.append("    loc %s" % l)
    out.append("    final loc X")
    if error:
        out.append("    error loc ERR")
    targets = locs[1:] + ["X"]
    for i, l in enumerate(locs):
        for k in range(r.choice([1, 1, 2])):
            nxt = targets[i] if r.random() < 0.8 or (REFINE and k == 0) else r.choice(locs[: i + 1])  # forward or a loop back
            stmts = []
            for _ in range(r.randrange(3)):
                k = r.random()
                if k < 0.2:
                    stmts.append("assume %s" % cond(r, vs))
                elif k < 0.35 and vs:
                    stmts.append("havoc %s" % r.choice(vs))
                elif k < 0.6 and procs:
                    callee, np_, has_ret = r.choice(procs)
                    args = ", ".join(expr(r, vs, 1) for _ in range(np_))
                    if has_ret and vs and r.random() < 0.7:
                        stmts.append("%s := %s(%s)" % (r.choice(vs), callee, args))
                    else:
                        stmts.append("%s(%s)" % (callee, args))
                elif vs:
                    stmts.append("%s := %s" % (r.choice(vs), expr(r, vs)))
            if nxt == l and not any(s.startswith("assume") for s in stmts):
                stmts.insert(0, "assume %s" % cond(r, vs))  # loops need a guard to be interesting
            out.append("    %s -> %s { %s }" % (l, nxt, "  ".join(stmts)))
        if error and r.random() < (0.15 if REFINE else 0.4):
            out.append("    %s -> ERR { assume %s }" % (l, cond(r, vs)))
    if error and REFINE:
        out.append("    X -> ERR { assume %s }" % cond(r, vs))
    if ret:
        out.append("    X -> X { assume false }")
    return out


def main():
    seed = int(sys.argv[1])
    r = random.Random(seed)
    globs = ["g%d" % i for i in range(r.randrange(1, 3))]
    nprocs = r.randrange(1, 4)
    procs = []
    for i in range(nprocs):
        procs.append(("p%d" % i, r.randrange(0, 3), r.random() < 0.7))
    lines = ["// random program, seed %d" % seed]
    for g in globs:
        lines.append("var %s : %s" % (g, TY))
    err_in = r.randrange(nprocs + 1)  # nprocs: main
    for i, (name, np_, has_ret) in enumerate(procs):
        params = ["a%d" % k for k in range(np_)]
        locs = ["v%d" % k for k in range(r.randrange(0, 2))]
        sig = ", ".join("%s : %s" % (p, TY) for p in params)
        lines.append("process %s(%s)%s {" % (name, sig, " : " + TY if has_ret else ""))
        for v in locs:
            lines.append("    var %s : %s" % (v, TY))
        vs = globs + params + locs
        callees = procs[: i + 1] if r.random() < 0.6 else procs  # recursion allowed
        b = body(r, name, vs, callees, r.randrange(2, 4), False, err_in == i)
        if has_ret:
            # the result is set on the way out
            b = [x.replace(" -> X { ", " -> X { return %s  " % expr(r, vs, 1), 1) for x in b]
        lines += b
        lines.append("}")
    mvars = ["m%d" % k for k in range(r.randrange(1, 3))]
    lines.append("main process main {")
    for v in mvars:
        lines.append("    var %s : %s" % (v, TY))
    mb = body(r, "main", globs + mvars, procs, r.randrange(2, 5), False, True)
    if REFINE:  # every variable of main starts with a constant
        mb[0] = "    init loc I\n    loc L0"
        mb.insert(1, "    I -> L0 { %s }" % "  ".join("%s := %s" % (v, lit(r.randrange(3))) for v in globs + mvars))
    lines += mb
    lines.append("}")
    print("\n".join(lines))


main()
