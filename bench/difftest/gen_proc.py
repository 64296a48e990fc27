"""Random programs with procedures (and recursion) in the CFA language, with
an exact oracle: procedure summaries tabulated over every calling context
(the values are 3-bit, so each procedure has finitely many entries and
exits; see docs/CEGAR.md, "Procedures", for the semantics reproduced here).

Edges are plain statement lists (assign, havoc, assume), a single call
(`x := f(args)` or `f(args)`), or, into a procedure's final location, a
statement list ending with `return e`.
"""
import itertools

W = 3
MASK = (1 << W) - 1
OPS = {"bvadd": lambda a, b: (a + b) & MASK, "bvsub": lambda a, b: (a - b) & MASK,
       "bvmul": lambda a, b: (a * b) & MASK, "bvand": lambda a, b: a & b, "bvor": lambda a, b: a | b,
       "bvxor": lambda a, b: a ^ b}
CMPS = {"=": lambda a, b: a == b, "/=": lambda a, b: a != b, "bvult": lambda a, b: a < b,
        "bvule": lambda a, b: a <= b}


class ProcProgram:
    def __init__(self, rng, size):
        self.rng = rng
        self.globals = ["g%d" % i for i in range(rng.randint(0, 2))]
        nproc = rng.randint(1, 1 + min(2, size // 3))
        self.procs = {}   # name -> dict(params, locals, ret, locs, final, edges)
        names = ["p%d" % i for i in range(nproc)]
        for name in names:
            self.procs[name] = {"params": ["a%d" % i for i in range(rng.randint(0, 2))],
                                "locals": ["l%d" % i for i in range(rng.randint(0, 1))],
                                "ret": rng.random() < 0.7}
        self.procs["main"] = {"params": [], "locals": ["m%d" % i for i in range(rng.randint(1, 2))], "ret": False}
        self.order = names + ["main"]
        for name in self.order:
            self.body(name, size)

    # -- generation --
    def expr(self, vs, d):
        r = self.rng
        if d == 0 or r.random() < 0.35:
            return ("var", r.choice(vs)) if vs and r.random() < 0.7 else ("lit", r.randrange(1 << W))
        return (r.choice(list(OPS)), self.expr(vs, d - 1), self.expr(vs, d - 1))

    def cond(self, vs):
        return (self.rng.choice(list(CMPS)), self.expr(vs, 1), self.expr(vs, 1))

    def stmts(self, vs):
        out = []
        for _ in range(self.rng.randint(0, 2) if vs else 0):
            k = self.rng.random()
            if k < 0.15:
                out.append(("havoc", self.rng.choice(vs)))
            elif k < 0.45:
                out.append(("assume", self.cond(vs)))
            else:
                out.append(("assign", self.rng.choice(vs), self.expr(vs, 2)))
        return out

    def body(self, name, size):
        r, p = self.rng, self.procs[name]
        vs = self.globals + p["params"] + p["locals"]
        writable = self.globals + p["locals"] + p["params"]
        n = r.randint(2, 2 + size // 2)
        p["locs"] = ["L%d" % i for i in range(n)]
        p["final"] = "X" if name != "main" or r.random() < 0.3 else None
        p["err"] = name == "main" or r.random() < 0.5
        edges = []
        targets = p["locs"][1:] + ([p["final"]] if p["final"] else [])
        for i, src in enumerate(p["locs"]):
            for _ in range(r.choice([1, 1, 2])):
                dst = r.choice(targets) if r.random() < 0.7 else p["locs"][min(i + 1, n - 1)]
                if r.random() < 0.3 and dst != p["final"]:
                    callee = r.choice(self.order[:-1])
                    q = self.procs[callee]
                    args = [self.expr(vs, 1) for _ in q["params"]]
                    target = r.choice(writable) if q["ret"] and writable and r.random() < 0.8 else None
                    edges.append((src, dst, [("call", target, callee, args)]))
                    continue
                st = self.stmts(writable)
                if dst == p["final"] and p["ret"]:
                    st.append(("return", self.expr(vs, 2)))
                edges.append((src, dst, st))
        if p["err"]:
            for _ in range(r.choice([1, 1, 2])):
                guard = [("assume", self.cond(vs))]
                if vs and r.random() < 0.9:  # errors rarer: a second guard, an equality
                    guard.append(("assume", ("=", ("var", r.choice(vs)), ("lit", r.randrange(1 << W)))))
                edges.append((r.choice(p["locs"]), "ERR", guard))
        if p["final"] and not any(d == p["final"] for _, d, _ in edges):
            st = [("return", self.expr(vs, 1))] if p["ret"] else []
            edges.append((p["locs"][-1], p["final"], st))
        p["edges"] = edges

    # -- printing --
    def pe(self, e):
        if e[0] == "lit":
            return "%d'd%d" % (W, e[1])
        if e[0] == "var":
            return e[1]
        return "(%s %s %s)" % (self.pe(e[1]), e[0], self.pe(e[2]))

    def ps(self, s):
        if s[0] == "havoc":
            return "havoc %s" % s[1]
        if s[0] == "assume":
            return "assume %s" % self.pe(s[1])
        if s[0] == "assign":
            return "%s := %s" % (s[1], self.pe(s[2]))
        if s[0] == "return":
            return "return %s" % self.pe(s[1])
        call = "%s(%s)" % (s[2], ", ".join(self.pe(a) for a in s[3]))
        return "%s := %s" % (s[1], call) if s[1] else call

    def text(self):
        out = ["var %s : bv[%d]" % (g, W) for g in self.globals]
        for name in self.order:
            p = self.procs[name]
            if name == "main":
                out.append("main process main {")
            else:
                params = ", ".join("%s : bv[%d]" % (a, W) for a in p["params"])
                out.append("process %s(%s)%s {" % (name, params, " : bv[%d]" % W if p["ret"] else ""))
            out += ["    var %s : bv[%d]" % (v, W) for v in p["locals"]]
            for i, l in enumerate(p["locs"]):
                out.append("    %sloc %s" % ("init " if i == 0 else "", l))
            if p["final"]:
                out.append("    final loc %s" % p["final"])
            if p["err"]:
                out.append("    error loc ERR")
            for s, d, st in p["edges"]:
                out.append("    %s -> %s { %s }" % (s, d, "  ".join(self.ps(x) for x in st)))
            out.append("}")
        return "\n".join(out) + "\n"

    # -- the oracle: tabulated summaries --
    def explicit(self, limit=100000):
        G = self.globals

        def ev(e, env):
            if e[0] == "lit":
                return e[1]
            if e[0] == "var":
                return env[e[1]]
            return OPS[e[0]](ev(e[1], env), ev(e[2], env))

        def cond(c, env):
            return CMPS[c[0]](ev(c[1], env), ev(c[2], env))

        def run(stmts, env):
            envs = [env]
            for s in stmts:
                nxt = []
                for en in envs:
                    if s[0] == "havoc":
                        for v in range(1 << W):
                            e2 = dict(en)
                            e2[s[1]] = v
                            nxt.append(e2)
                    elif s[0] == "assume":
                        if cond(s[1], en):
                            nxt.append(en)
                    else:  # assign, return
                        e2 = dict(en)
                        e2["$ret" if s[0] == "return" else s[1]] = ev(s[2] if s[0] == "assign" else s[1], en)
                        nxt.append(e2)
                envs = nxt
            return envs

        def frame_vars(f):
            return G + self.procs[f]["params"] + self.procs[f]["locals"] + ["$ret"]

        seen = set()          # (f, entry, loc, values)
        work = []
        summaries = {}        # (f, entry) -> set of (globals, ret)
        waiting = {}          # (f, entry) -> list of (caller f, caller entry, dst, env, target)
        started = set()

        def add(f, entry, loc, env):
            key = (f, entry, loc, tuple(env[v] for v in frame_vars(f)))
            if key not in seen:
                seen.add(key)
                work.append((f, entry, loc, env))

        def start(f, gvals, args):
            entry = (gvals, args)
            if (f, entry) in started:
                return
            started.add((f, entry))
            p = self.procs[f]
            for lvals in itertools.product(range(1 << W), repeat=len(p["locals"])):
                env = dict(zip(G, gvals))
                env.update(zip(p["params"], args))
                env.update(zip(p["locals"], lvals))
                env["$ret"] = 0
                add(f, entry, p["locs"][0], env)

        def resume(caller, centry, dst, env, target, exit_):
            gvals, ret = exit_
            e2 = dict(env)
            e2.update(zip(G, gvals))
            if target:
                e2[target] = ret
            add(caller, centry, dst, e2)

        for gvals in itertools.product(range(1 << W), repeat=len(G)):
            start("main", gvals, ())
        while work:
            if len(seen) > limit:
                return None
            f, entry, loc, env = work.pop()
            p = self.procs[f]
            if loc == "ERR":
                return True
            if loc == p["final"]:
                ex = (tuple(env[g] for g in G), env["$ret"])
                s = summaries.setdefault((f, entry), set())
                if ex not in s:
                    s.add(ex)
                    for w in waiting.get((f, entry), []):
                        resume(*w, ex)
                continue
            for src, dst, st in p["edges"]:
                if src != loc:
                    continue
                if st and st[0][0] == "call":
                    _, target, callee, args = st[0]
                    centry = (tuple(env[g] for g in G), tuple(ev(a, env) for a in args))
                    w = (f, entry, dst, env, target)
                    waiting.setdefault((callee, centry), []).append(w)
                    start(callee, *centry)
                    for ex in list(summaries.get((callee, centry), ())):
                        resume(*w, ex)
                    continue
                for e2 in run(st, env):
                    add(f, entry, dst, e2)
        return False
