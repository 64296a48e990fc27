"""Random small Solidity contracts (0.8: checked arithmetic reverts on
overflow, `unchecked` wraps) with an exact oracle: breadth-first search over
the contract's states through every public function with every argument
the function's first `require` admits (0..3), reverts undoing the call.

The state is a few uint8 variables and a bool; statements are assignments,
if/else, require and assert; an assert that fails in some reachable call is
UNSAFE.
"""
import itertools

MOD = 256


class Revert(Exception):
    pass


class Fail(Exception):
    pass


class SolContract:
    def __init__(self, rng, size):
        self.rng = rng
        self.nums = ["s%d" % i for i in range(rng.randint(1, 2))]
        self.flag = "on" if rng.random() < 0.4 else None
        self.init = {v: rng.choice([0, 0, 1, 5, 250]) for v in self.nums}
        self.funcs = []
        for k in range(rng.randint(1, 1 + size // 3)):
            params = ["a%d" % i for i in range(rng.randint(0, 2))]
            body = self.block(params, 1 + (size > 4))
            self.funcs.append(("f%d" % k, params, body))

    # expressions: (text, fn(env) -> int | bool); arithmetic may overflow
    def iexp(self, vs, d):
        r = self.rng
        if d == 0 or r.random() < 0.35:
            if vs and r.random() < 0.7:
                v = r.choice(vs)
                return v, (lambda e, v=v: e[v])
            # typed: literal-only sums would be rational constants in solc
            c = r.choice([0, 1, 2, 3, 7, 100, 200, 255])
            return "uint8(%d)" % c, (lambda e, c=c: c)
        (ta, fa), (tb, fb) = self.iexp(vs, d - 1), self.iexp(vs, d - 1)
        op = r.choice(["+", "-", "*", "%", "&", "|"])
        if op == "%":
            return "(%s %% ((%s %% 7) + 1))" % (ta, tb), (lambda e: ("mod", fa(e), fb(e)))
        return "(%s %s %s)" % (ta, op, tb), (lambda e, op=op: (op, fa(e), fb(e)))

    def bexp(self, vs, d):
        r = self.rng
        c = r.random()
        if self.flag and c < 0.15:
            return self.flag, (lambda e: ("var", self.flag))
        if d == 0 or c < 0.7:
            (ta, fa), (tb, fb) = self.iexp(vs, 1), self.iexp(vs, 1)
            op = r.choice(["==", "!=", "<", "<=", ">"])
            return "(%s %s %s)" % (ta, op, tb), (lambda e, op=op: (op, fa(e), fb(e)))
        (ta, fa), (tb, fb) = self.bexp(vs, d - 1), self.bexp(vs, d - 1)
        op = r.choice(["&&", "||"])
        return "(%s %s %s)" % (ta, op, tb), (lambda e, op=op: (op, fa, fb))

    def block(self, params, d):
        r = self.rng
        vs = self.nums + params
        out = []
        for _ in range(r.randint(1, 3)):
            c = r.random()
            if c < 0.45:
                v = r.choice(self.nums)
                t, f = self.iexp(vs, 2)
                unchecked = r.random() < 0.2
                out.append(("assign", v, t, f, unchecked))
            elif c < 0.55 and self.flag:
                t, f = self.bexp(vs, 1)
                out.append(("setflag", t, f))
            elif c < 0.7 and d > 0:
                t, f = self.bexp(vs, 1)
                out.append(("if", t, f, self.block(params, d - 1), self.block(params, d - 1) if r.random() < 0.5 else []))
            elif c < 0.8:
                t, f = self.bexp(vs, 1)
                out.append(("require", t, f))
            else:
                t, f = self.bexp(vs, 1)
                if r.random() < 0.6:   # assertions that fail less often: an implication
                    g, fg = self.bexp(vs, 0)
                    t, f = "(!%s || %s)" % (g, t), (lambda e, fg=fg, f=f: ("||", lambda e2: ("not", fg), f))
                out.append(("assert", t, f))
        return out

    # -- text --
    def text(self):
        out = ["// SPDX-License-Identifier: MIT", "pragma solidity ^0.8.0;", "contract C {"]
        for v in self.nums:
            out.append("  uint8 %s = %d;" % (v, self.init[v]))
        if self.flag:
            out.append("  bool %s;" % self.flag)
        for name, params, body in self.funcs:
            out.append("  function %s(%s) public {" % (name, ", ".join("uint8 %s" % p for p in params)))
            for p in params:
                out.append("    require(%s < 4);" % p)
            self.emit(body, out, 2)
            out.append("  }")
        out.append("}")
        return "\n".join(out) + "\n"

    def emit(self, body, out, ind):
        pad = "  " * ind
        for s in body:
            if s[0] == "assign":
                if s[4]:
                    out.append("%sunchecked { %s = %s; }" % (pad, s[1], s[2]))
                else:
                    out.append("%s%s = %s;" % (pad, s[1], s[2]))
            elif s[0] == "setflag":
                out.append("%s%s = %s;" % (pad, self.flag, s[1]))
            elif s[0] == "if":
                out.append("%sif (%s) {" % (pad, s[1]))   # a bare flag needs them too
                self.emit(s[3], out, ind + 1)
                if s[4]:
                    out.append("%s} else {" % pad)
                    self.emit(s[4], out, ind + 1)
                out.append("%s}" % pad)
            else:
                out.append("%s%s(%s);" % (pad, s[0], s[1]))

    # -- semantics: uint8 arithmetic (literals and operands uint8, so the
    #    expression's type is uint8), checked unless `unchecked` --
    def value(self, node, env, checked):
        if not isinstance(node, tuple):
            return node
        op = node[0]
        if op == "var":
            return env[node[1]]
        if op == "not":
            return not self.truth(node[1](env), env, checked)
        if op in ("&&", "||"):
            a = self.truth(node[1](env), env, checked)
            if op == "&&":
                return a and self.truth(node[2](env), env, checked)
            return a or self.truth(node[2](env), env, checked)
        a, b = self.value(node[1], env, checked), self.value(node[2], env, checked)
        if op == "mod":
            b = self.arith("+", self.arith("%", b, 7, checked), 1, checked)
            return self.arith("%", a, b, checked)
        if op in ("==", "!=", "<", "<=", ">"):
            return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b}[op]
        return self.arith(op, a, b, checked)

    @staticmethod
    def arith(op, a, b, checked):
        r = {"+": a + b, "-": a - b, "*": a * b, "%": a % b if b else None, "&": a & b, "|": a | b}[op]
        if r is None:
            raise Revert()          # division by zero: Panic, even in unchecked
        if checked and not 0 <= r < MOD:
            raise Revert()
        return r % MOD

    def truth(self, node, env, checked):
        return bool(self.value(node, env, checked))

    def run(self, body, env):
        for s in body:
            if s[0] == "assign":
                env[s[1]] = self.value(s[3](env), env, not s[4])
            elif s[0] == "setflag":
                env[self.flag] = self.truth(s[2](env), env, True)
            elif s[0] == "if":
                self.run(s[3] if self.truth(s[2](env), env, True) else s[4], env)
            elif s[0] == "require":
                if not self.truth(s[2](env), env, True):
                    raise Revert()
            elif not self.truth(s[2](env), env, True):
                raise Fail()

    def explicit(self, limit=20000):
        keys = self.nums + ([self.flag] if self.flag else [])
        start = tuple(self.init[v] for v in self.nums) + ((False,) if self.flag else ())
        seen, work = {start}, [start]
        while work:
            st = work.pop()
            for name, params, body in self.funcs:
                for args in itertools.product(range(4), repeat=len(params)):
                    env = dict(zip(keys, st))
                    env.update(zip(params, args))
                    try:
                        self.run(body, env)
                    except Revert:
                        continue
                    except Fail:
                        return True
                    nxt = tuple(env[k] for k in keys)
                    if nxt not in seen:
                        seen.add(nxt)
                        work.append(nxt)
            if len(seen) > limit:
                return None
        return False
