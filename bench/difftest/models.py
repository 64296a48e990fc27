"""Random small models for differential testing, each with its own exact
oracle where the state space is finite and small (explicit enumeration).

Every generator takes a random.Random and a size and returns a Model:
the text in its format, the file extension, and `explicit()`, which
returns True (the bad state is reachable), False (unreachable) or None
(the space is too large or infinite to enumerate).
"""
import itertools
import random

import gen_c as gen_c_mod
import gen_horn
import gen_sol
import gen_tla
import gen_vmt
import gen_proc as gen_proc_mod


class Model:
    def __init__(self, fmt, ext, text, explicit=None):
        self.fmt, self.ext, self.text = fmt, ext, text
        self._explicit = explicit

    def explicit(self):
        return self._explicit() if self._explicit else None


# ---- control flow automata over small bit-vectors and Booleans ----

class Cfa:
    """A CFA over bv[W] and bool variables; expressions are tuples
    (op, args...) evaluated here and printed in the CFA language."""

    def __init__(self, rng, size, width=3, ints=False):
        self.w, self.ints = width, ints
        nv = rng.randint(1, 2 + size // 3)
        self.vars = [("x%d" % i, "bool" if rng.random() < 0.25 else "bv") for i in range(nv)]
        nl = rng.randint(3, 3 + size)
        self.locs = ["L%d" % i for i in range(nl)] + ["ERR"]
        self.edges = []
        for i in range(nl):
            for _ in range(rng.choice([1, 1, 2, 2, 3])):
                dst = rng.choice(self.locs[1:]) if rng.random() < 0.85 else self.locs[min(i + 1, nl - 1)]
                if dst == "ERR" and rng.random() < 0.5:
                    dst = self.locs[rng.randrange(nl)]
                self.edges.append((self.locs[i], dst, [self.stmt(rng) for _ in range(rng.randint(0, 2))]))
        if not any(d == "ERR" for _, d, _ in self.edges):
            self.edges.append((rng.choice(self.locs[:-1]), "ERR", [("assume", self.bexp(rng, 2))]))

    def bvlit(self, v):
        return ("lit", v % (1 << self.w))

    def aexp(self, rng, d):
        bvs = [n for n, t in self.vars if t == "bv"]
        if d == 0 or not bvs or rng.random() < 0.3:
            return ("var", rng.choice(bvs)) if bvs and rng.random() < 0.7 else self.bvlit(rng.randrange(1 << self.w))
        op = rng.choice(["+", "-", "*", "&", "|", "ite"])
        if op == "ite":
            return ("ite", self.bexp(rng, d - 1), self.aexp(rng, d - 1), self.aexp(rng, d - 1))
        return (op, self.aexp(rng, d - 1), self.aexp(rng, d - 1))

    def bexp(self, rng, d):
        bools = [n for n, t in self.vars if t == "bool"]
        r = rng.random()
        if d == 0 or r < 0.2:
            if bools and rng.random() < 0.5:
                return ("bvar", rng.choice(bools))
            return ("true",) if rng.random() < 0.5 else ("false",)
        if r < 0.6:
            return (rng.choice(["=", "/=", "<u", "<=u"]), self.aexp(rng, d - 1), self.aexp(rng, d - 1))
        if r < 0.8:
            return ("not", self.bexp(rng, d - 1))
        return (rng.choice(["and", "or"]), self.bexp(rng, d - 1), self.bexp(rng, d - 1))

    def stmt(self, rng):
        n, t = rng.choice(self.vars)
        r = rng.random()
        if r < 0.2:
            return ("havoc", n)
        if r < 0.45:
            return ("assume", self.bexp(rng, 2))
        return ("assign", n, self.bexp(rng, 2) if t == "bool" else self.aexp(rng, 2))

    # -- printing in the CFA language --
    def lit(self, v):
        return "%d'd%d" % (self.w, v)

    def pe(self, e):
        k = e[0]
        if k == "lit":
            return self.lit(e[1])
        if k in ("var", "bvar"):
            return e[1]
        if k in ("true", "false"):
            return k
        if k == "not":
            return "(not %s)" % self.pe(e[1])
        if k == "ite":
            return "(if %s then %s else %s)" % (self.pe(e[1]), self.pe(e[2]), self.pe(e[3]))
        names = {"+": "bvadd", "-": "bvsub", "*": "bvmul", "&": "bvand", "|": "bvor", "<u": "bvult",
                 "<=u": "bvule", "=": "=", "/=": "/=", "and": "and", "or": "or"}
        return "(%s %s %s)" % (self.pe(e[1]), names[k], self.pe(e[2]))

    def ps(self, s):
        if s[0] == "havoc":
            return "havoc %s" % s[1]
        if s[0] == "assume":
            return "assume %s" % self.pe(s[1])
        return "%s := %s" % (s[1], self.pe(s[2]))

    def text(self):
        out = ["main process difftest {"]
        for n, t in self.vars:
            out.append("  var %s : %s" % (n, "bool" if t == "bool" else "bv[%d]" % self.w))
        for i, l in enumerate(self.locs):
            out.append("  %sloc %s" % ("init " if i == 0 else "error " if l == "ERR" else "", l))
        for s, d, st in self.edges:
            out.append("  %s -> %s {%s}" % (s, d, "".join("\n    " + self.ps(x) for x in st) + ("\n  " if st else " ")))
        out.append("}")
        return "\n".join(out) + "\n"

    # -- explicit semantics --
    def ev(self, e, env):
        k, m = e[0], (1 << self.w) - 1
        if k == "lit":
            return e[1]
        if k in ("var", "bvar"):
            return env[e[1]]
        if k == "true":
            return True
        if k == "false":
            return False
        if k == "not":
            return not self.ev(e[1], env)
        if k == "ite":
            return self.ev(e[2], env) if self.ev(e[1], env) else self.ev(e[3], env)
        a, b = self.ev(e[1], env), self.ev(e[2], env)
        return {"+": lambda: (a + b) & m, "-": lambda: (a - b) & m, "*": lambda: (a * b) & m,
                "&": lambda: a & b, "|": lambda: a | b, "<u": lambda: a < b, "<=u": lambda: a <= b,
                "=": lambda: a == b, "/=": lambda: a != b, "and": lambda: a and b, "or": lambda: a or b}[k]()

    def run_stmts(self, stmts, env):
        """All environments after the statements (havoc branches)."""
        envs = [env]
        for s in stmts:
            nxt = []
            for en in envs:
                if s[0] == "havoc":
                    t = dict(self.vars)[s[1]]
                    for v in ([False, True] if t == "bool" else range(1 << self.w)):
                        e2 = dict(en)
                        e2[s[1]] = v
                        nxt.append(e2)
                elif s[0] == "assume":
                    if self.ev(s[1], en):
                        nxt.append(en)
                else:
                    e2 = dict(en)
                    e2[s[1]] = self.ev(s[2], en)
                    nxt.append(e2)
            envs = nxt
        return envs

    def explicit(self):
        names = [n for n, _ in self.vars]
        # the initial values are arbitrary, as in the CFA language
        doms = [[False, True] if t == "bool" else range(1 << self.w) for _, t in self.vars]
        seen, work = set(), []
        for vals in itertools.product(*doms):
            st = ("L0", vals)
            seen.add(st)
            work.append(st)
        while work:
            loc, vals = work.pop()
            if loc == "ERR":
                return True
            env = dict(zip(names, vals))
            for s, d, stmts in self.edges:
                if s != loc:
                    continue
                for e2 in self.run_stmts(stmts, env):
                    st = (d, tuple(e2[n] for n in names))
                    if st not in seen:
                        seen.add(st)
                        work.append(st)
            if len(seen) > 200000:
                return None
        return False


def gen_cfa(rng, size):
    c = Cfa(rng, size)
    return Model("cfa", ".cfa", c.text(), c.explicit)


# ---- Horn clauses (linear and non-linear, LIA), no explicit oracle ----

def gen_chc(rng, size):
    npred = rng.randint(1, 1 + size // 3)
    preds = [("P%d" % i, rng.randint(1, 3)) for i in range(npred)]
    def lin(vs):
        terms = []
        for v in vs:
            c = rng.randint(-2, 2)
            if c:
                terms.append(v if c == 1 else "(* %s %s)" % (c if c > 0 else "(- %d)" % -c, v))
        k = rng.randint(-3, 3)
        terms.append(str(k) if k >= 0 else "(- %d)" % -k)
        return terms[0] if len(terms) == 1 else "(+ %s)" % " ".join(terms)
    def atom(vs):
        op = rng.choice(["<=", ">=", "=", "<"])
        return "(%s %s %s)" % (op, lin(vs), lin(vs))
    def constraint(vs, n):
        if not vs:
            return "true"
        parts = [atom(vs) for _ in range(n)]
        return parts[0] if len(parts) == 1 else "(and %s)" % " ".join(parts)
    out = ["(set-logic HORN)"]
    for p, a in preds:
        out.append("(declare-fun %s (%s) Bool)" % (p, " ".join(["Int"] * a)))
    clauses = []
    def app(p, a, base):
        vs = ["%s%d" % (base, i) for i in range(a)]
        return "(%s %s)" % (p, " ".join(vs)), vs
    # facts
    for p, a in preds[: max(1, npred // 2)]:
        h, vs = app(p, a, "h")
        clauses.append((vs, "(=> %s %s)" % (constraint(vs, rng.randint(1, 2)), h)))
    # rules, some non-linear
    for _ in range(rng.randint(1, 1 + size)):
        hp, ha = rng.choice(preds)
        h, hv = app(hp, ha, "h")
        body, bv = [], []
        for j in range(1 if rng.random() < 0.7 else 2):
            bp, ba = rng.choice(preds)
            b, vs = app(bp, ba, "b%d_" % j)
            body.append(b)
            bv += vs
        allv = hv + bv
        clauses.append((allv, "(=> (and %s %s) %s)" % (" ".join(body), constraint(allv, rng.randint(1, 3)), h)))
    # a query
    qp, qa = rng.choice(preds)
    q, qv = app(qp, qa, "q")
    clauses.append((qv, "(=> (and %s %s) false)" % (q, constraint(qv, rng.randint(1, 2)))))
    for vs, body in clauses:
        if vs:
            out.append("(assert (forall (%s) %s))" % (" ".join("(%s Int)" % v for v in vs), body))
        else:
            out.append("(assert %s)" % body)
    out.append("(check-sat)")
    return Model("chc", ".smt2", "\n".join(out) + "\n")


# ---- AIGER circuits (ASCII), explicit by simulation over all states ----

def gen_aiger(rng, size):
    ni, nl = rng.randint(0, 2 + size // 4), rng.randint(1, 2 + size // 2)
    na = rng.randint(1, 3 + size)
    lits = [2 * (i + 1) for i in range(ni + nl)]
    ands = []
    for k in range(na):
        v = 2 * (ni + nl + k + 1)
        a, b = rng.choice(lits) ^ rng.randint(0, 1), rng.choice(lits) ^ rng.randint(0, 1)
        if rng.random() < 0.1:
            b = rng.randint(0, 1)
        ands.append((v, max(a, b), min(a, b)))
        lits.append(v)
    latches = []
    for j in range(nl):
        cur = 2 * (ni + j + 1)
        nxt = rng.choice(lits) ^ rng.randint(0, 1)
        r = rng.random()
        init = 0 if r < 0.6 else 1 if r < 0.8 else cur   # cur: uninitialised (AIGER 1.9)
        latches.append((cur, nxt, init))
    bad = rng.choice(lits[ni:]) ^ rng.randint(0, 1)
    m = ni + nl + na
    out = ["aag %d %d %d 0 %d 1" % (m, ni, nl, na)]
    out += [str(2 * (i + 1)) for i in range(ni)]
    out += ["%d %d %d" % l if l[2] != 0 else "%d %d" % l[:2] for l in latches]
    out.append(str(bad))
    out += ["%d %d %d" % a for a in ands]
    text = "\n".join(out) + "\n"

    def explicit():
        if nl > 14 or ni > 8:
            return None
        def val(lit, env):
            v = env[lit >> 1] if lit > 1 else 0
            return v ^ (lit & 1)
        def step_env(state, inputs):
            env = {0: 0}
            for i in range(ni):
                env[i + 1] = inputs[i]
            for j in range(nl):
                env[ni + j + 1] = state[j]
            for v, a, b in ands:
                env[v >> 1] = val(a, env) & val(b, env)
            return env
        inits = [[0] if l[2] == 0 else [1] if l[2] == 1 else [0, 1] for l in latches]
        seen = set(itertools.product(*inits))
        work = list(seen)
        allin = list(itertools.product([0, 1], repeat=ni))
        while work:
            s = work.pop()
            for inp in allin:
                env = step_env(s, inp)
                if val(bad, env):
                    return True
                n2 = tuple(val(l[1], env) for l in latches)
                if n2 not in seen:
                    seen.add(n2)
                    work.append(n2)
        return False
    return Model("aiger", ".aag", text, explicit)


# ---- Petri nets with one EF query, explicit by bounded search ----

def gen_petri(rng, size):
    np_, nt = rng.randint(2, 3 + size // 2), rng.randint(1, 2 + size // 2)
    m0 = [rng.choice([0, 0, 1, 1, 2]) for _ in range(np_)]
    trans = []
    for _ in range(nt):
        pre = {p: rng.randint(1, 2) for p in rng.sample(range(np_), rng.randint(1, min(2, np_)))}
        post = {p: rng.randint(1, 2) for p in rng.sample(range(np_), rng.randint(0, min(2, np_)))}
        inhib = {p: rng.randint(1, 2) for p in rng.sample(range(np_), rng.randint(0, 1))} if rng.random() < 0.2 else {}
        trans.append((pre, post, inhib))
    target = {p: rng.randint(0, 3) for p in rng.sample(range(np_), rng.randint(1, min(3, np_)))}
    cmp_ = {p: rng.choice(["le", "ge"]) for p in target}
    ef = rng.random() < 0.5
    out = ['<?xml version="1.0"?>', '<pnml xmlns="http://www.pnml.org/version-2009/grammar/pnml">',
           '<net id="D" type="http://www.pnml.org/version-2009/grammar/ptnet"><page id="g">']
    for p in range(np_):
        out.append('<place id="p%d"><initialMarking><text>%d</text></initialMarking></place>' % (p, m0[p]))
    arc = 0
    for t, (pre, post, inhib) in enumerate(trans):
        out.append('<transition id="t%d"/>' % t)
        for p, w in pre.items():
            arc += 1
            out.append('<arc id="a%d" source="p%d" target="t%d"><inscription><text>%d</text></inscription></arc>' % (arc, p, t, w))
        for p, w in post.items():
            arc += 1
            out.append('<arc id="a%d" source="t%d" target="p%d"><inscription><text>%d</text></inscription></arc>' % (arc, t, p, w))
        for p, w in inhib.items():
            arc += 1
            out.append('<arc id="a%d" source="p%d" target="t%d"><inscription><text>%d</text></inscription>'
                       '<type value="inhibitor"/></arc>' % (arc, p, t, w))
    out.append('</page></net></pnml>')
    atoms = []
    for p, k in target.items():
        tc, c = "<tokens-count><place>p%d</place></tokens-count>" % p, "<integer-constant>%d</integer-constant>" % k
        atoms.append("<integer-le>%s%s</integer-le>" % ((tc, c) if cmp_[p] == "le" else (c, tc)))
    phi = atoms[0] if len(atoms) == 1 else "<conjunction>%s</conjunction>" % "".join(atoms)
    if not ef:
        phi = "<negation>%s</negation>" % phi
    formula = ("<exists-path><finally>%s</finally></exists-path>" if ef else
               "<all-paths><globally>%s</globally></all-paths>") % phi
    query = ('<?xml version="1.0"?>\n<property-set xmlns="http://mcc.lip6.fr/"><property><id>D-0</id>'
             '<formula>%s</formula></property></property-set>\n' % formula)

    def holds(m):
        return all((m[p] <= k) if cmp_[p] == "le" else (m[p] >= k) for p, k in target.items())

    def explicit():
        """The MCC answer: EF phi reachable -> TRUE; AG not phi -> TRUE iff unreachable."""
        seen, work = {tuple(m0)}, [tuple(m0)]
        while work:
            m = work.pop()
            if holds(m):
                return ef
            for pre, post, inhib in trans:
                if all(m[p] >= w for p, w in pre.items()) and all(m[p] < w for p, w in inhib.items()):
                    n = list(m)
                    for p, w in pre.items():
                        n[p] -= w
                    for p, w in post.items():
                        n[p] += w
                    n = tuple(n)
                    if max(n) > 12:
                        return None
                    if n not in seen:
                        seen.add(n)
                        work.append(n)
            if len(seen) > 100000:
                return None
        return not ef
    model = Model("pnml", ".pnml", "\n".join(out) + "\n", explicit)
    model.query = query
    return model


def gen_proc(rng, size):
    p = gen_proc_mod.ProcProgram(rng, size)
    return Model("proc", ".cfa", p.text(), p.explicit)


def gen_c(rng, size):
    p = gen_c_mod.CProgram(rng, max(1, size // 2))
    return Model("c", ".c", p.text(), p.explicit)


def gen_chc_bv(rng, size):
    h = gen_horn.BvHorn(rng, size)
    return Model("chc", ".smt2", h.text(), h.explicit)


def gen_chc_arr(rng, size):
    return Model("chc", ".smt2", gen_horn.array_horn(rng, size))


def gen_ts(rng, size):
    v = gen_vmt.Vmt(rng, size)
    return Model("vmt", ".vmt", v.text(), v.explicit)


def gen_tla_spec(rng, size):
    t = gen_tla.TlaSpec(rng, size)
    m = Model("tla", ".tla", t.text(), t.explicit)
    m.extra = {"model.cfg": t.cfg()}
    return m


def gen_sol_contract(rng, size):
    c = gen_sol.SolContract(rng, size)
    return Model("sol", ".sol", c.text(), c.explicit)


GENERATORS = {"cfa": gen_cfa, "chc": gen_chc, "aiger": gen_aiger, "pnml": gen_petri, "proc": gen_proc,
              "c": gen_c, "chc-bv": gen_chc_bv, "chc-arr": gen_chc_arr,
              "vmt": gen_ts, "tla": gen_tla_spec,
              "sol": gen_sol_contract}
