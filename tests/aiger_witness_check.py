#!/usr/bin/env python3
"""Independent checker of AIGER witnesses (HWMCC format), separate from
zeta's own simulator: reads an ASCII AIGER file (aag) and a witness
("1", "bN", initial latch values, one input vector per step, ".") and
checks that bad-state property N (or output N when there are no B entries)
is 1 at the last step while every invariant constraint holds at every step.
Exit 0 when the witness is valid, 1 otherwise (reason on stdout)."""
import sys


def main(model, witness):
    lines = open(model).read().split('\n')
    h = list(map(int, lines[0].split()[1:]))
    M, I, L, O, A = h[:5]
    B = h[5] if len(h) > 5 else 0
    C = h[6] if len(h) > 6 else 0
    pos = 1
    inputs = [int(lines[pos + k]) for k in range(I)]; pos += I
    latches = [list(map(int, lines[pos + k].split())) for k in range(L)]; pos += L
    outs = [int(lines[pos + k]) for k in range(O)]; pos += O
    bads = [int(lines[pos + k]) for k in range(B)]; pos += B
    cons = [int(lines[pos + k]) for k in range(C)]; pos += C
    ands = {}
    for k in range(A):
        l, a, b = map(int, lines[pos + k].split())
        ands[l >> 1] = (a, b)
    # input vectors are empty lines when the circuit has no inputs: keep
    # empty lines, drop only those after the final '.'
    w = [x.strip() for x in open(witness).read().split('\n')]
    while w and not w[-1]:
        w.pop()
    if not w or w[0] != '1':
        return 'witness does not start with 1'
    if not w[1].startswith('b'):
        return 'second line is not bN'
    prop = int(w[1][1:])
    props = bads if B else outs
    if prop >= len(props):
        return 'no such property'
    bad = props[prop]
    if w[-1] != '.':
        return 'witness does not end with .'
    init, vecs = w[2], w[3:-1]
    if len(init) != L or any(len(v) != I for v in vecs) or not vecs:
        return 'wrong line lengths'
    val = {0: 0}
    for k, la in enumerate(latches):
        reset = la[2] if len(la) > 2 else 0
        if reset in (0, 1):
            if init[k] not in 'x' + str(reset):
                return f'latch {k} initialised to {init[k]}, reset is {reset}'
            val[la[0] >> 1] = reset
        else:
            val[la[0] >> 1] = 1 if init[k] == '1' else 0

    def lit(x, memo):
        v = x >> 1
        if v not in memo:
            # iterative evaluation of and-gates (deep circuits)
            stack = [v]
            while stack:
                u = stack[-1]
                if u in memo:
                    stack.pop()
                    continue
                a, b = ands[u]
                pend = [c >> 1 for c in (a, b) if (c >> 1) not in memo]
                if pend:
                    stack.extend(pend)
                    continue
                memo[u] = (memo[a >> 1] ^ (a & 1)) & (memo[b >> 1] ^ (b & 1))
                stack.pop()
        return memo[v] ^ (x & 1)

    for step, vec in enumerate(vecs):
        memo = dict(val)
        for k, il in enumerate(inputs):
            memo[il >> 1] = int(vec[k])
        if not all(lit(c, memo) for c in cons):
            return f'constraint violated at step {step}'
        if lit(bad, memo):
            return None if step == len(vecs) - 1 else f'bad already at step {step}'
        for la in latches:
            val[la[0] >> 1] = lit(la[1], memo)
        val[0] = 0
    return 'bad state not reached'


if __name__ == '__main__':
    err = main(sys.argv[1], sys.argv[2])
    print(err or 'valid')
    sys.exit(1 if err else 0)
