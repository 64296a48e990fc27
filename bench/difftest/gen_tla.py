"""Random small TLA+ specifications with a TLC configuration, and an exact
oracle: breadth-first search in Python over the states (TLC's semantics for
this fragment: integer variables kept in 0..K-1 by `% K`, Booleans, one
function variable over 0..1 updated with EXCEPT; Next a disjunction of
guarded actions with `x' = e`, `x' \\in S` and UNCHANGED; invariants TypeOK
and Inv; deadlock checked when the configuration says so).
"""
import itertools


class TlaSpec:
    def __init__(self, rng, size):
        self.rng = rng
        self.k = rng.randint(2, 4)
        n = rng.randint(1, min(3, 1 + size // 3))
        self.ints = ["x%d" % i for i in range(n)]
        self.bools = ["b0"] if rng.random() < 0.4 else []
        self.fun = "f" if rng.random() < 0.35 else None
        self.deadlock = rng.random() < 0.3
        self.init = {v: self.init_choice() for v in self.ints}
        self.init.update({b: rng.choice([["FALSE"], ["TRUE"], ["FALSE", "TRUE"]]) for b in self.bools})
        self.actions = [self.action() for _ in range(rng.randint(1, 1 + size // 3))]
        self.inv = self.bexp(2)

    def init_choice(self):
        r = self.rng
        return [r.randrange(self.k)] if r.random() < 0.6 else sorted(r.sample(range(self.k), 2))

    # expressions are TLA+ text plus a Python evaluator: (text, fn(state) -> value)
    def iexp(self, d):
        r, k = self.rng, self.k
        c = r.random()
        if d == 0 or c < 0.3:
            if r.random() < 0.6:
                v = r.choice(self.ints)
                return v, (lambda s, v=v: s[v])
            if self.fun and r.random() < 0.5:
                i = r.randrange(2)
                return "%s[%d]" % (self.fun, i), (lambda s, i=i: s[self.fun][i])
            c0 = r.randrange(k)
            return str(c0), (lambda s, c0=c0: c0)
        (ta, fa), (tb, fb) = self.iexp(d - 1), self.iexp(d - 1)
        if c < 0.75:
            op = r.choice(["+", "-", "*"])
            f = {"+": lambda s: fa(s) + fb(s), "-": lambda s: fa(s) - fb(s), "*": lambda s: fa(s) * fb(s)}[op]
            return "(%s %s %s)" % (ta, op, tb), f
        tc, fc = self.bexp(d - 1)
        return "(IF %s THEN %s ELSE %s)" % (tc, ta, tb), (lambda s: fa(s) if fc(s) else fb(s))

    def bexp(self, d):
        r = self.rng
        c = r.random()
        if d == 0 or c < 0.15:
            if self.bools and r.random() < 0.5:
                b = r.choice(self.bools)
                return b, (lambda s, b=b: s[b])
            t = r.random() < 0.5
            return ("TRUE" if t else "FALSE"), (lambda s, t=t: t)
        if c < 0.6:
            (ta, fa), (tb, fb) = self.iexp(d - 1), self.iexp(d - 1)
            op = r.choice(["=", "#", "<", "<=", ">="])
            f = {"=": lambda s: fa(s) == fb(s), "#": lambda s: fa(s) != fb(s), "<": lambda s: fa(s) < fb(s),
                 "<=": lambda s: fa(s) <= fb(s), ">=": lambda s: fa(s) >= fb(s)}[op]
            return "(%s %s %s)" % (ta, op, tb), f
        if c < 0.7:
            ta, fa = self.iexp(d - 1)
            sset = sorted(r.sample(range(self.k), min(2, self.k)))
            return "(%s \\in {%s})" % (ta, ", ".join(map(str, sset))), (lambda s: fa(s) in sset)
        if c < 0.8:
            ta, fa = self.bexp(d - 1)
            return "(~%s)" % ta, (lambda s: not fa(s))
        (ta, fa), (tb, fb) = self.bexp(d - 1), self.bexp(d - 1)
        if r.random() < 0.5:
            return "(%s /\\ %s)" % (ta, tb), (lambda s: fa(s) and fb(s))
        return "(%s \\/ %s)" % (ta, tb), (lambda s: fa(s) or fb(s))

    def action(self):
        r, k = self.rng, self.k
        guard = self.bexp(1) if r.random() < 0.7 else ("TRUE", lambda s: True)
        upd = {}   # var -> ("eq", text, fn) | ("in", [consts]) | None (unchanged)
        for v in self.ints:
            c = r.random()
            if c < 0.5:
                t, f = self.iexp(2)
                upd[v] = ("eq", "(%s) %% %d" % (t, k), (lambda s, f=f: f(s) % k))
            elif c < 0.65:
                upd[v] = ("in", sorted(r.sample(range(k), 2)))
            else:
                upd[v] = None
        for b in self.bools:
            c = r.random()
            if c < 0.5:
                t, f = self.bexp(1)
                upd[b] = ("eq", t, f)
            else:
                upd[b] = None
        if self.fun:
            if r.random() < 0.5:
                (ti, fi), (te, fe) = self.iexp(1), self.iexp(1)
                upd[self.fun] = ("except", "[%s EXCEPT ![(%s) %% 2] = (%s) %% %d]" % (self.fun, ti, te, k),
                                 (lambda s, fi=fi, fe=fe: tuple((fe(s) % k) if j == fi(s) % 2 else s[self.fun][j]
                                                                for j in range(2))))
            else:
                upd[self.fun] = None
        return guard, upd

    # -- text --
    def text(self):
        vs = self.ints + self.bools + ([self.fun] if self.fun else [])
        out = ["---- MODULE model ----", "EXTENDS Integers", "VARIABLES %s" % ", ".join(vs),
               "vars == <<%s>>" % ", ".join(vs)]
        ini = []
        for v in self.ints + self.bools:
            vals = self.init[v]
            ini.append("%s = %s" % (v, vals[0]) if len(vals) == 1 else "%s \\in {%s}" % (v, ", ".join(map(str, vals))))
        if self.fun:
            ini.append("%s = [i \\in 0..1 |-> 0]" % self.fun)
        out.append("Init == %s" % " /\\ ".join(ini))
        for i, (g, upd) in enumerate(self.actions):
            parts = [g[0]]
            unch = []
            for v in vs:
                u = upd[v]
                if u is None:
                    unch.append(v)
                elif u[0] == "eq" or u[0] == "except":
                    parts.append("%s' = %s" % (v, u[1]))
                else:
                    parts.append("%s' \\in {%s}" % (v, ", ".join(map(str, u[1]))))
            if unch:
                parts.append("UNCHANGED <<%s>>" % ", ".join(unch))
            out.append("A%d == %s" % (i, " /\\ ".join(parts)))
        out.append("Next == %s" % " \\/ ".join("A%d" % i for i in range(len(self.actions))))
        ty = ["%s \\in 0..%d" % (v, self.k - 1) for v in self.ints] + ["%s \\in BOOLEAN" % b for b in self.bools]
        if self.fun:
            ty.append("%s \\in [0..1 -> 0..%d]" % (self.fun, self.k - 1))
        out.append("TypeOK == %s" % " /\\ ".join(ty))
        out.append("Inv == %s" % self.inv[0])
        out.append("====")
        return "\n".join(out) + "\n"

    def cfg(self):
        return "INIT Init\nNEXT Next\nINVARIANT TypeOK\nINVARIANT Inv\nCHECK_DEADLOCK %s\n" % (
            "TRUE" if self.deadlock else "FALSE")

    # -- oracle --
    def explicit(self, limit=50000):
        vs = self.ints + self.bools + ([self.fun] if self.fun else [])
        doms = [[{"TRUE": True, "FALSE": False}.get(x, x) for x in self.init[v]] for v in self.ints + self.bools]
        if self.fun:
            doms.append([(0, 0)])
        seen, work = set(), []
        for vals in itertools.product(*doms):
            seen.add(vals)
            work.append(vals)
        while work:
            vals = work.pop()
            s = dict(zip(vs, vals))
            if not self.inv[1](s):
                return True
            succ = 0
            for g, upd in self.actions:
                if not g[1](s):
                    continue
                choices = []
                for v in vs:
                    u = upd[v]
                    if u is None:
                        choices.append([s[v]])
                    elif u[0] in ("eq", "except"):
                        choices.append([u[2](s)])
                    else:
                        choices.append(u[1])
                for nxt in itertools.product(*choices):
                    succ += 1
                    if nxt not in seen:
                        seen.add(nxt)
                        work.append(nxt)
            if succ == 0 and self.deadlock:
                return True
            if len(seen) > limit:
                return None
        return False
