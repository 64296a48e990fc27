#!/usr/bin/env python3
"""Convert an ASCII AIGER file (.aag) to binary AIGER (.aig).

berkeley-abc's readers reject the ASCII format of these tasks, so the
abc-* configurations convert first. Variables are renumbered (inputs,
latches, then AND gates in topological order) as the binary format demands.
Latch reset values (AIGER 1.9: 0, 1, or the latch itself = uninitialised)
are kept. With no outputs but bad-state properties, the bad states are
written as outputs (ABC checks outputs).

usage: aag2aig.py IN.aag OUT.aig
"""
import sys


def read_aag(path):
    with open(path, "rb") as f:
        lines = f.read().decode("ascii", "replace").split("\n")
    head = lines[0].split()
    if not head or head[0] != "aag":
        raise ValueError("%s: not an ASCII AIGER file" % path)
    nums = [int(x) for x in head[1:]] + [0] * (9 - len(head[1:]))
    m, ni, nl, no, na, nb, nc, nj, nf = nums[:9]
    pos = 1

    def take(n):
        nonlocal pos
        out = [lines[pos + k].split() for k in range(n)]
        pos += n
        return out
    inputs = [int(x[0]) for x in take(ni)]
    latches = [[int(v) for v in x] for x in take(nl)]
    outputs = [int(x[0]) for x in take(no)]
    bads = [int(x[0]) for x in take(nb)]
    constraints = [int(x[0]) for x in take(nc)]
    if nj or nf:
        raise ValueError("justice/fairness properties are not supported")
    ands = [tuple(int(v) for v in x) for x in take(na)]
    return m, inputs, latches, outputs, bads, constraints, ands


def varint(x):
    out = bytearray()
    while x & ~0x7F:
        out.append((x & 0x7F) | 0x80)
        x >>= 7
    out.append(x)
    return bytes(out)


def convert(src, dst):
    m, inputs, latches, outputs, bads, constraints, ands = read_aag(src)
    if not outputs and bads:
        outputs, bads = bads, []
    newvar = {0: 0}
    for k, lit in enumerate(inputs):
        newvar[lit >> 1] = k + 1
    for k, l in enumerate(latches):
        newvar[l[0] >> 1] = len(inputs) + k + 1
    gate = {a[0] >> 1: a for a in ands}
    order = []
    nxt = len(inputs) + len(latches) + 1
    for root in gate:  # iterative DFS: children before parents
        if root in newvar:
            continue
        stack = [(root, False)]
        while stack:
            v, done = stack.pop()
            if v in newvar:
                continue
            if done:
                newvar[v] = nxt
                nxt += 1
                order.append(gate[v])
                continue
            stack.append((v, True))
            for c in gate[v][1:]:
                if (c >> 1) not in newvar:
                    if (c >> 1) not in gate:
                        raise ValueError("undefined literal %d" % c)
                    stack.append((c >> 1, False))

    def lit(x):
        return 2 * newvar[x >> 1] + (x & 1)
    ni, nl, na = len(inputs), len(latches), len(order)
    head = "aig %d %d %d %d %d" % (ni + nl + na, ni, nl, len(outputs), na)
    if bads or constraints:
        head += " %d %d" % (len(bads), len(constraints))
    out = bytearray((head + "\n").encode())
    for l in latches:
        line = str(lit(l[1]))
        if len(l) > 2:
            init = l[2]
            line += " " + str(init if init in (0, 1) else 2 * newvar[l[0] >> 1])
        out += (line + "\n").encode()
    for o in outputs + bads + constraints:
        out += (str(lit(o)) + "\n").encode()
    for a in order:
        lhs, r0, r1 = lit(a[0]), lit(a[1]), lit(a[2])
        if r0 < r1:
            r0, r1 = r1, r0
        out += varint(lhs - r0) + varint(r0 - r1)
    with open(dst, "wb") as f:
        f.write(out)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    try:
        convert(sys.argv[1], sys.argv[2])
    except (OSError, ValueError, IndexError, KeyError) as e:
        sys.exit("aag2aig: %s" % e)
