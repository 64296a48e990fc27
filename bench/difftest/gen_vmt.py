"""Random transition systems in VMT (SMT-LIB with :next, :init, :trans and
:invar-property annotations) over 3-bit bit-vectors and Booleans, with an
exact oracle: breadth-first search over the states, successors by
enumerating the next-state values the transition formula allows (so the
relation may be nondeterministic, and inputs are plain unprimed variables).
"""
import itertools

W = 3
MASK = (1 << W) - 1
OPS = {"bvadd": lambda a, b: (a + b) & MASK, "bvsub": lambda a, b: (a - b) & MASK,
       "bvmul": lambda a, b: (a * b) & MASK, "bvand": lambda a, b: a & b, "bvor": lambda a, b: a | b,
       "bvxor": lambda a, b: a ^ b}
CMPS = {"=": lambda a, b: a == b, "bvult": lambda a, b: a < b, "bvule": lambda a, b: a <= b}


class Vmt:
    def __init__(self, rng, size):
        self.rng = rng
        n = rng.randint(1, min(3, 1 + size // 3))
        self.vars = [("x%d" % i, "bool" if rng.random() < 0.3 else "bv") for i in range(n)]
        self.inputs = [("i0", "bv")] if rng.random() < 0.4 else []
        cur = [v for v, _ in self.vars] + [v for v, _ in self.inputs]
        self.init = [self.bexp(cur[:len(self.vars)], 1) for _ in range(rng.randint(0, 2))]
        # per variable: next = one of a few expressions, chosen by guards
        self.trans = []
        for v, t in self.vars:
            cases = []
            for _ in range(rng.randint(1, 2)):
                rhs = self.bexp(cur, 2) if t == "bool" else self.aexp(cur, 2)
                cases.append((self.bexp(cur, 1) if rng.random() < 0.6 else ("true",), rhs))
            self.trans.append((v, t, cases))
        self.prop = self.bexp([v for v, _ in self.vars], 2)

    def aexp(self, vs, d):
        r = self.rng
        bvs = [v for v in vs if self.type_of(v) == "bv"]
        if d == 0 or not bvs or r.random() < 0.35:
            return ("var", r.choice(bvs)) if bvs and r.random() < 0.7 else ("lit", r.randrange(1 << W))
        if r.random() < 0.15:
            return ("ite", self.bexp(vs, d - 1), self.aexp(vs, d - 1), self.aexp(vs, d - 1))
        return (r.choice(list(OPS)), self.aexp(vs, d - 1), self.aexp(vs, d - 1))

    def bexp(self, vs, d):
        r = self.rng
        bools = [v for v in vs if self.type_of(v) == "bool"]
        k = r.random()
        if d == 0 or k < 0.2:
            return ("bvar", r.choice(bools)) if bools and r.random() < 0.6 else (r.choice(["true", "false"]),)
        if k < 0.65:
            return (r.choice(list(CMPS)), self.aexp(vs, d - 1), self.aexp(vs, d - 1))
        if k < 0.8:
            return ("not", self.bexp(vs, d - 1))
        return (r.choice(["and", "or"]), self.bexp(vs, d - 1), self.bexp(vs, d - 1))

    def type_of(self, v):
        return dict(self.vars + self.inputs)[v]

    # -- printing --
    def pe(self, e, nxt=False):
        k = e[0]
        if k == "lit":
            return "(_ bv%d %d)" % (e[1], W)
        if k in ("var", "bvar"):
            return e[1]
        if k in ("true", "false"):
            return k
        if k == "not":
            return "(not %s)" % self.pe(e[1])
        if k == "ite":
            return "(ite %s %s %s)" % (self.pe(e[1]), self.pe(e[2]), self.pe(e[3]))
        return "(%s %s %s)" % (k, self.pe(e[1]), self.pe(e[2]))

    def sort(self, t):
        return "Bool" if t == "bool" else "(_ BitVec %d)" % W

    def text(self):
        out = []
        for v, t in self.vars:
            out.append("(declare-fun %s () %s)" % (v, self.sort(t)))
            out.append("(declare-fun %s.next () %s)" % (v, self.sort(t)))
            out.append("(define-fun .%s () %s (! %s :next %s.next))" % (v, self.sort(t), v, v))
        for v, t in self.inputs:
            out.append("(declare-fun %s () %s)" % (v, self.sort(t)))
        init = ["true"] + [self.pe(e) for e in self.init]
        out.append("(define-fun .init () Bool (! (and %s) :init true))" % " ".join(init))
        parts = []
        for v, t, cases in self.trans:
            alts = ["(and %s (= %s.next %s))" % (self.pe(g), v, self.pe(rhs)) for g, rhs in cases]
            parts.append("(or %s)" % " ".join(alts) if len(alts) > 1 else alts[0])
        out.append("(define-fun .trans () Bool (! (and true %s) :trans true))" % " ".join(parts))
        out.append("(define-fun .prop () Bool (! %s :invar-property 0))" % self.pe(self.prop))
        return "\n".join(out) + "\n"

    # -- oracle --
    def ev(self, e, env):
        k = e[0]
        if k == "lit":
            return e[1]
        if k in ("var", "bvar"):
            return env[e[1]]
        if k in ("true", "false"):
            return k == "true"
        if k == "not":
            return not self.ev(e[1], env)
        if k == "ite":
            return self.ev(e[2], env) if self.ev(e[1], env) else self.ev(e[3], env)
        a, b = self.ev(e[1], env), self.ev(e[2], env)
        if k == "and":
            return a and b
        if k == "or":
            return a or b
        return (OPS.get(k) or CMPS[k])(a, b)

    def dom(self, t):
        return [False, True] if t == "bool" else range(1 << W)

    def explicit(self):
        names = [v for v, _ in self.vars]
        seen, work = set(), []
        for vals in itertools.product(*[self.dom(t) for _, t in self.vars]):
            env = dict(zip(names, vals))
            if all(self.ev(e, env) for e in self.init):
                seen.add(vals)
                work.append(vals)
        while work:
            vals = work.pop()
            env = dict(zip(names, vals))
            if not self.ev(self.prop, env):
                return True
            for ins in itertools.product(*[self.dom(t) for _, t in self.inputs]):
                env.update(zip([v for v, _ in self.inputs], ins))
                # each variable independently: the union of its enabled cases
                choices = []
                for v, t, cases in self.trans:
                    choices.append(sorted({self.ev(rhs, env) for g, rhs in cases if self.ev(g, env)}))
                for nxt in itertools.product(*choices):
                    if nxt not in seen:
                        seen.add(nxt)
                        work.append(nxt)
        return False
