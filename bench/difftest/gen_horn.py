"""Random Horn clauses over bit-vectors (with an exact oracle: the least
model, computed by joining the body relations over the 3-bit domain) and
over integer arrays (no oracle: the engines and z3 are compared).

Clauses are linear or non-linear (two body atoms); one query.
"""
import itertools

W = 3
MASK = (1 << W) - 1
BVOPS = {"bvadd": lambda a, b: (a + b) & MASK, "bvsub": lambda a, b: (a - b) & MASK,
         "bvmul": lambda a, b: (a * b) & MASK, "bvand": lambda a, b: a & b, "bvor": lambda a, b: a | b,
         "bvxor": lambda a, b: a ^ b}
BVCMPS = {"=": lambda a, b: a == b, "bvult": lambda a, b: a < b, "bvule": lambda a, b: a <= b,
          "distinct": lambda a, b: a != b}


class BvHorn:
    def __init__(self, rng, size):
        self.rng = rng
        npred = rng.randint(1, 1 + size // 3)
        self.preds = [("P%d" % i, rng.randint(1, 2)) for i in range(npred)]
        self.clauses = []   # (head (pred, vars) or None, body [(pred, vars)], constraint)
        for p, a in self.preds[:max(1, npred // 2)]:
            hv = ["h%d" % i for i in range(a)]
            self.clauses.append(((p, hv), [], self.constraint(hv, rng.randint(1, 2))))
        for _ in range(rng.randint(1, 1 + size)):
            hp, ha = rng.choice(self.preds)
            hv = ["h%d" % i for i in range(ha)]
            body, bv = [], []
            for j in range(1 if rng.random() < 0.7 else 2):
                bp, ba = rng.choice(self.preds)
                vs = ["b%d_%d" % (j, i) for i in range(ba)]
                body.append((bp, vs))
                bv += vs
            self.clauses.append(((hp, hv), body, self.constraint(hv + bv, rng.randint(1, 3))))
        qp, qa = rng.choice(self.preds)
        qv = ["q%d" % i for i in range(qa)]
        self.clauses.append((None, [(qp, qv)], self.constraint(qv, rng.randint(1, 2))))

    def term(self, vs, d):
        r = self.rng
        if d == 0 or r.random() < 0.4:
            return ("var", r.choice(vs)) if vs and r.random() < 0.7 else ("lit", r.randrange(1 << W))
        return (r.choice(list(BVOPS)), self.term(vs, d - 1), self.term(vs, d - 1))

    def constraint(self, vs, n):
        return [(self.rng.choice(list(BVCMPS)), self.term(vs, 1), self.term(vs, 1)) for _ in range(n)]

    # -- printing --
    def pt(self, t):
        if t[0] == "lit":
            return "(_ bv%d %d)" % (t[1], W)
        if t[0] == "var":
            return t[1]
        return "(%s %s %s)" % (t[0], self.pt(t[1]), self.pt(t[2]))

    def text(self):
        out = ["(set-logic HORN)"]
        for p, a in self.preds:
            out.append("(declare-fun %s (%s) Bool)" % (p, " ".join(["(_ BitVec %d)" % W] * a)))
        for head, body, cons in self.clauses:
            vs = sorted({v for _, xs in ([head] if head else []) + body for v in xs})
            atoms = ["(%s %s)" % (p, " ".join(xs)) for p, xs in body]
            atoms += ["(%s %s %s)" % (c, self.pt(a), self.pt(b)) for c, a, b in cons]
            lhs = atoms[0] if len(atoms) == 1 else "(and %s)" % " ".join(atoms)
            rhs = "(%s %s)" % (head[0], " ".join(head[1])) if head else "false"
            cl = "(=> %s %s)" % (lhs, rhs)
            decl = " ".join("(%s (_ BitVec %d))" % (v, W) for v in vs)
            out.append("(assert (forall (%s) %s))" % (decl, cl) if vs else "(assert %s)" % cl)
        out.append("(check-sat)")
        return "\n".join(out) + "\n"

    # -- the least model --
    def explicit(self):
        def ev(t, env):
            if t[0] == "lit":
                return t[1]
            if t[0] == "var":
                return env[t[1]]
            return BVOPS[t[0]](ev(t[1], env), ev(t[2], env))

        rel = {p: set() for p, _ in self.preds}
        changed = True
        while changed:
            changed = False
            for head, body, cons in self.clauses:
                bound = [v for _, xs in body for v in xs]
                free = sorted({v for v in (head[1] if head else []) if v not in bound} |
                              {v for c in cons for v in self.vars_of(c) if v not in bound})
                for tuples in itertools.product(*[sorted(rel[p]) for p, _ in body]):
                    env = {}
                    ok = True
                    for (p, xs), tup in zip(body, tuples):
                        for v, x in zip(xs, tup):
                            if env.setdefault(v, x) != x:
                                ok = False
                    if not ok:
                        continue
                    for vals in itertools.product(range(1 << W), repeat=len(free)):
                        env.update(zip(free, vals))
                        if all(BVCMPS[c](ev(a, env), ev(b, env)) for c, a, b in cons):
                            if head is None:
                                return True
                            t = tuple(env[v] for v in head[1])
                            if t not in rel[head[0]]:
                                rel[head[0]].add(t)
                                changed = True
        return False

    @staticmethod
    def vars_of(c):
        out, stack = set(), [c[1], c[2]]
        while stack:
            t = stack.pop()
            if t[0] == "var":
                out.add(t[1])
            elif t[0] != "lit":
                stack += [t[1], t[2]]
        return out


def array_horn(rng, size):
    """Clauses over (Array Int Int) and Int: stores, selects, and a query on
    an element; no oracle."""
    npred = rng.randint(1, 1 + size // 4)
    preds = ["A%d" % i for i in range(npred)]
    out = ["(set-logic HORN)"]
    for p in preds:
        out.append("(declare-fun %s ((Array Int Int) Int) Bool)" % p)

    def iexp(vs, d=1):
        if d == 0 or rng.random() < 0.5:
            return rng.choice(vs + [str(rng.randint(0, 3))])
        return "(%s %s %s)" % (rng.choice(["+", "-"]), iexp(vs, d - 1), rng.choice(["1", "2"]))

    def cmp_(a, b):
        return "(%s %s %s)" % (rng.choice(["<=", ">=", "="]), a, b)

    p0 = preds[0]
    init = rng.choice(["(= a ((as const (Array Int Int)) 0))", "(= (select a 0) 0)", "true"])
    out.append("(assert (forall ((a (Array Int Int)) (n Int)) (=> (and %s (= n 0)) (%s a n))))" % (init, p0))
    for _ in range(rng.randint(1, 1 + size // 2)):
        src, dst = rng.choice(preds), rng.choice(preds)
        k = rng.random()
        if k < 0.5:
            upd = "(= a2 (store a %s %s))" % (rng.choice(["n", "(+ n 1)", "0"]), iexp(["n", "(select a n)"]))
        elif k < 0.8:
            upd = "(= a2 a)"
        else:
            upd = "(= (select a2 n) (select a n))"
        guard = cmp_(iexp(["n"]), str(rng.randint(0, 4)))
        nxt = rng.choice(["(+ n 1)", "n", "(- n 1)"])
        out.append("(assert (forall ((a (Array Int Int)) (a2 (Array Int Int)) (n Int) (n2 Int)) "
                   "(=> (and (%s a n) %s %s (= n2 %s)) (%s a2 n2))))" % (src, guard, upd, nxt, dst))
    q = rng.choice(preds)
    bad = cmp_("(select a %s)" % rng.choice(["0", "n", "1"]), rng.choice(["(- 1)", "5", "n"]))
    out.append("(assert (forall ((a (Array Int Int)) (n Int)) (=> (and (%s a n) %s (>= n 0)) false)))" % (q, bad))
    out.append("(check-sat)")
    return "\n".join(out) + "\n"
