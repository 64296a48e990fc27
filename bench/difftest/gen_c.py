"""Random small C programs for SV-COMP's unreach-call property, with an exact
oracle: the program is compiled (clang -m32, the ILP32 data model zeta
assumes by default) with a harness that enumerates every input sequence
and runs each one, trapping on undefined behaviour.

Every nondeterministic value is bounded by the assumption right after it
(`x = __VERIFIER_nondet_uint(); __VERIFIER_assume(x <= 3);`), and loops run
a bounded number of times (a step budget guards the rest), so the inputs
form a finite tree. The oracle's answer: True when some run calls
reach_error() before any undefined behaviour, "ub" when none does but some
run has undefined behaviour (signed overflow, a shift out of range: zeta
must then not answer SAFE, nor UNSAFE), False otherwise, None when the
enumeration was cut off.

The oracle's copy of the program is the same text with the nondet/assume
pairs replaced by dt_nondet(lo, hi), a dt_tick() in every loop body, and the
globals re-initialized at the start of main.
"""
import os
import shutil
import subprocess
import tempfile

# type name -> (bits, signed)
TYPES = {"unsigned char": (8, False), "signed char": (8, True), "unsigned short": (16, False),
         "short": (16, True), "unsigned int": (32, False), "int": (32, True), "_Bool": (1, False)}
NONDET = {"unsigned char": "uchar", "signed char": "char", "unsigned short": "ushort", "short": "short",
          "unsigned int": "uint", "int": "int", "_Bool": "bool"}
CONSTS = ["0", "1", "2", "3", "7", "100", "127", "128", "255", "256", "65535", "0x7fffffff", "0xffffffffU",
          "-1", "-2", "-128"]

HARNESS = r"""
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#define MAXIN 48
static sigjmp_buf dt_env;
static long long dt_lo[MAXIN], dt_choice[MAXIN], dt_dom[MAXIN];
static int dt_n, dt_pos;
static long dt_steps;
long long dt_nondet(long long lo, long long hi) {
  if (dt_pos == MAXIN) siglongjmp(dt_env, 4);
  if (dt_pos == dt_n) { dt_choice[dt_n] = 0; dt_dom[dt_n] = hi - lo + 1; dt_lo[dt_n] = lo; dt_n++; }
  return dt_lo[dt_pos] + dt_choice[dt_pos++];
}
void dt_tick(void) { if (++dt_steps > 20000) siglongjmp(dt_env, 3); }
void __assert_fail(const char *a, const char *b, unsigned c, const char *d) {
  (void)a; (void)b; (void)c; (void)d; siglongjmp(dt_env, 1);
}
void dt_stop(void) { siglongjmp(dt_env, 5); }
static void dt_trap(int sig) { (void)sig; siglongjmp(dt_env, 2); }
int dt_main(void);
int main(void) {
  struct sigaction sa; memset(&sa, 0, sizeof sa); sa.sa_handler = dt_trap; sa.sa_flags = SA_NODEFER;
  sigaction(SIGILL, &sa, 0); sigaction(SIGTRAP, &sa, 0); sigaction(SIGFPE, &sa, 0);
  long runs = 0; int ub = 0, cut = 0;
  for (;;) {
    dt_pos = 0; dt_steps = 0;
    int r = sigsetjmp(dt_env, 1);
    if (r == 0) { dt_main(); r = 5; }
    if (r == 1) { printf("error\n"); return 0; }
    if (r == 2) ub = 1;
    if (r == 3 || r == 4) cut = 1;
    dt_n = dt_pos;
    while (dt_n > 0 && dt_choice[dt_n - 1] + 1 >= dt_dom[dt_n - 1]) dt_n--;
    if (dt_n == 0) break;
    dt_choice[dt_n - 1]++;
    if (++runs > 200000) { cut = 1; break; }
  }
  printf("%s\n", cut ? "cut" : ub ? "ub" : "safe");
  return 0;
}
"""


class CProgram:
    def __init__(self, rng, size):
        self.rng, self.size = rng, size
        self.globals = []     # (name, type, init)
        self.funcs = []       # text of helper functions
        self.ntmp = 0
        for i in range(rng.randint(0, 2)):
            t = rng.choice(list(TYPES))
            self.globals.append(("g%d" % i, t, rng.choice(["0", "1", "3", "200"])))
        self.has_arr = rng.random() < 0.3
        self.has_struct = rng.random() < 0.3
        # initializers: braced, designated, string literals (bytes, escapes, the NUL where there is room)
        self.arr_init = rng.choice([None, None, "{1, 2}", "{[2] = 5, [0] = 9}", '"abc"', '"\\x07\\377"', '"ab" "cd"'])
        self.struct_init = rng.choice([None, None, "{.b = 7}", "{3, 4}", "{.a = -2, 9}"])
        self.nfunc = 0          # helpers f0..f(nfunc-1) callable so far
        self.recursive = set()  # the helpers that call themselves (depth from their first argument)
        for k in range(rng.randint(0, 1 + size // 4)):
            if rng.random() < 0.2:
                self.funcs.append(self.rec_helper(k))
                self.recursive.add(k)
            else:
                self.funcs.append(self.helper(k))
            self.nfunc = k + 1
        self.main_body = self.gen_main()

    # -- names in scope --
    def fresh(self, p):
        self.ntmp += 1
        return "%s%d" % (p, self.ntmp)

    def lvalues(self, scope):
        out = [(n, t) for n, t in scope] + [(n, t) for n, t, _ in self.globals]
        if self.has_arr:
            out.append(("arr[%s & 3]" % self.rng.choice(["0", "1", "2", "3"] + [n for n, _ in out] or ["0"]),
                        "unsigned char"))
        if self.has_struct:
            out += [("s.a", "int"), ("s.b", "unsigned char")]
        return out

    # -- expressions (no side effects) --
    def expr(self, scope, d):
        r = self.rng
        vs = self.lvalues(scope)
        if d == 0 or r.random() < 0.3:
            if vs and r.random() < 0.65:
                return r.choice(vs)[0]
            return r.choice(CONSTS)
        k = r.random()
        a, b = self.expr(scope, d - 1), self.expr(scope, d - 1)
        if k < 0.45:
            op = r.choice(["+", "-", "*", "&", "|", "^"])
            return "(%s %s %s)" % (a, op, b)
        if k < 0.55:
            return "(%s %s (%s & 7))" % (a, r.choice(["<<", ">>"]), b)
        if k < 0.62:
            return "(%s %s ((%s & 7) + 1))" % (a, r.choice(["/", "%"]), b)
        if k < 0.75:
            return "(%s %s %s)" % (a, r.choice(["<", "<=", "==", "!=", ">", ">="]), b)
        if k < 0.82:
            return "(%s %s %s)" % (a, r.choice(["&&", "||"]), b)
        if k < 0.87:
            return "(!%s)" % a
        if k < 0.93:
            return "((%s) %s)" % (r.choice(list(TYPES)), a)
        return "(%s ? %s : %s)" % (self.expr(scope, d - 1), a, b)

    def cond(self, scope):
        r = self.rng
        vs = self.lvalues(scope)
        if vs and r.random() < 0.5:
            return "(%s %s %s)" % (r.choice(vs)[0], r.choice(["==", "!=", "<", ">"]), r.choice(CONSTS[:8]))
        return self.expr(scope, 2)

    # -- statements --
    def stmt(self, scope, d, out, ind, loop_vars):
        r = self.rng
        k = r.random()
        vs = [v for v in self.lvalues(scope) if v[0] not in loop_vars]
        pad = "  " * ind
        if k < 0.12 or not vs:
            t = r.choice(list(TYPES))
            n = self.fresh("v")
            init = self.expr(scope, 1)
            out.append("%s%s %s = %s;" % (pad, t, n, init))
            scope.append((n, t))
        elif k < 0.22:
            n, t = r.choice(vs)
            lo, hi = (-3, 3) if TYPES[t][1] else (0, r.choice([1, 3, 5]))
            if t == "_Bool":
                lo, hi = 0, 1
            out.append("%s%s = __VERIFIER_nondet_%s();" % (pad, n, NONDET[t]))
            if TYPES[t][1]:
                out.append("%s__VERIFIER_assume(%s >= %d && %s <= %d);" % (pad, n, lo, n, hi))
            elif t != "_Bool":
                out.append("%s__VERIFIER_assume(%s <= %d);" % (pad, n, hi))
            out.append(("NONDET", n, lo, hi, len(out) - (1 if t == "_Bool" else 2)))
        elif k < 0.45:
            n, _ = r.choice(vs)
            op = r.choice(["=", "=", "=", "+=", "-=", "*=", "|=", "&=", "^="])
            out.append("%s%s %s %s;" % (pad, n, op, self.expr(scope, 2)))
        elif k < 0.52:
            n, _ = r.choice(vs)
            out.append("%s%s;" % (pad, r.choice(["%s++", "%s--", "++%s", "--%s"]) % n))
        elif k < 0.65 and d > 0:
            out.append("%sif (%s) {" % (pad, self.side_cond(scope, vs)))
            self.block(list(scope), d - 1, out, ind + 1, loop_vars)
            if r.random() < 0.5:
                out.append("%s} else {" % pad)
                self.block(list(scope), d - 1, out, ind + 1, loop_vars)
            out.append("%s}" % pad)
        elif k < 0.75 and d > 0:
            i = self.fresh("i")
            out.append("%sfor (int %s = 0; %s < %d; %s++) {" % (pad, i, i, r.randint(1, 3), i))
            out.append("%s  DT_TICK" % pad)
            self.block(list(scope) + [(i, "int")], d - 1, out, ind + 1, loop_vars | {i})
            out.append("%s}" % pad)
        elif k < 0.80 and d > 0:
            w = self.fresh("w")
            out.append("%sunsigned char %s = 0;" % (pad, w))
            out.append("%swhile (%s < %d) {" % (pad, w, r.randint(1, 3)))
            out.append("%s  DT_TICK" % pad)
            self.block(list(scope), d - 1, out, ind + 1, loop_vars | {w})
            if r.random() < 0.3:
                out.append("%s  if (%s) break;" % (pad, self.cond(scope)))
            out.append("%s  %s++;" % (pad, w))
            out.append("%s}" % pad)
        elif k < 0.86 and d > 0:
            out.append("%sswitch (%s & 3) {" % (pad, self.expr(scope, 1)))
            for c in ["case 0:", "case 2:", "default:"]:
                out.append("%s%s {" % (pad, c))
                self.block(list(scope), d - 1, out, ind + 1, loop_vars)
                out.append("%s  %s" % (pad, "break;" if r.random() < 0.7 else "/* fall through */"))
                out.append("%s}" % pad)
            out.append("%s}" % pad)
        elif k < 0.90 and self.nfunc:
            n, _ = r.choice(vs)
            f = r.randrange(self.nfunc)
            depth = "(%s & 3)" % self.expr(scope, 1) if f in self.recursive else self.expr(scope, 1)
            out.append("%s%s = f%d(%s, %s);" % (pad, n, f, depth, self.expr(scope, 1)))
        elif k < 0.94:
            lbl = self.fresh("skip")
            out.append("%sif (%s) goto %s;" % (pad, self.cond(scope), lbl))
            n, _ = r.choice(vs)
            out.append("%s%s = %s;" % (pad, n, self.expr(scope, 1)))
            out.append("%s%s: ;" % (pad, lbl))
        else:
            out.append("%sif (%s) reach_error();" % (pad, self.error_cond(scope)))

    def side_cond(self, scope, vs):
        """A condition, sometimes with one side effect on a variable it does
        not otherwise read (sequenced: no unsequenced access)."""
        r = self.rng
        if r.random() < 0.2 and vs:
            n, _ = r.choice(vs)
            rhs = self.expr([v for v in scope if v[0] != n], 1)
            if n in rhs or "arr" in n:
                return self.cond(scope)
            return "((%s = %s) %s %s)" % (n, rhs, r.choice(["==", "!=", "<"]), r.choice(CONSTS[:6]))
        return self.cond(scope)

    def error_cond(self, scope):
        vs = self.lvalues(scope)
        if not vs:
            return self.cond(scope)
        a = "(%s == %s)" % (self.rng.choice(vs)[0], self.rng.choice(CONSTS[:6]))
        return "(%s && %s)" % (a, self.cond(scope)) if self.rng.random() < 0.7 else a

    def block(self, scope, d, out, ind, loop_vars):
        for _ in range(self.rng.randint(1, 2 + self.size // 3)):
            self.stmt(scope, d, out, ind, loop_vars)

    def helper(self, k):
        r = self.rng
        t = r.choice(["unsigned int", "int", "unsigned char"])
        scope = [("a", "unsigned int"), ("b", "int")]
        out = []
        self.block(scope, 1, out, 1, set())
        body = [x for x in out if isinstance(x, str) and "__VERIFIER" not in x and "reach_error" not in x]
        # helpers stay deterministic: nondet pairs and errors only in main
        text = ["%s f%d(unsigned int a, int b) {" % (t, k)] + self.balanced(body)
        text.append("  return %s;" % self.expr(scope, 2))
        text.append("}")
        return text

    def rec_helper(self, k):
        """A recursive helper: n (never assigned) counts down to the base
        case, so its callers' `& 3` bound the depth; it may reach the error
        (an error location inside a procedure, at some depth) and write a
        global (state shared across the frames)."""
        r = self.rng
        t = r.choice(["unsigned int", "int"])
        scope = [("n", "unsigned int"), ("b", "int")]
        base = self.expr(scope, 1)   # before the body declares more
        out = []
        self.block(scope, 0, out, 1, {"n"})   # straight-line: the summaries stay within reach
        body = [x for x in out if isinstance(x, str) and "__VERIFIER" not in x and "reach_error" not in x]
        text = ["%s f%d(unsigned int n, int b) {" % (t, k), "  if (n == 0) return %s;" % base] + self.balanced(body)
        if r.random() < 0.3:
            text.append("  if (%s) reach_error();" % self.error_cond(scope))
        call = "f%d(n - 1, %s)" % (k, self.expr(scope, 1))
        text.append("  return %s;" % r.choice([call, "(%s %s %s)" % (call, r.choice(["+", "-", "^", "|"]),
                                                                     self.expr(scope, 1))]))
        text.append("}")
        return text

    @staticmethod
    def balanced(lines):
        """Drops lines so that braces stay balanced after filtering (a
        filtered nondet line never opens a block, so this only guards)."""
        depth = 0
        for x in lines:
            depth += x.count("{") - x.count("}")
        return lines if depth == 0 else []

    def gen_main(self):
        scope = []
        out = []
        for _ in range(self.rng.randint(1, 2)):
            t = self.rng.choice(list(TYPES))
            n = self.fresh("x")
            out.append("  %s %s;" % (t, n))
            scope.append((n, t))
            out.append("  %s = __VERIFIER_nondet_%s();" % (n, NONDET[t]))
            lo, hi = (-3, 3) if TYPES[t][1] else (0, 3)
            if t == "_Bool":
                lo, hi = 0, 1
            elif TYPES[t][1]:
                out.append("  __VERIFIER_assume(%s >= %d && %s <= %d);" % (n, lo, n, hi))
            else:
                out.append("  __VERIFIER_assume(%s <= %d);" % (n, hi))
            out.append(("NONDET", n, lo, hi, len(out) - (1 if t == "_Bool" else 2)))
        for f in sorted(self.recursive):   # each recursive helper called at least once
            n = self.rng.choice(scope)[0]
            out.append("  %s = f%d((%s & 3), %s);" % (n, f, self.expr(scope, 1), self.expr(scope, 1)))
        self.block(scope, 2, out, 1, set())
        out.append("  if (%s) reach_error();" % self.error_cond(scope))
        out.append("  return 0;")
        return out

    # -- the two texts --
    def render(self, oracle):
        lines = []
        if oracle:
            lines += ["long long dt_nondet(long long lo, long long hi);", "void dt_tick(void);",
                      "#define DT_TICK dt_tick();"]
        else:
            lines += ["#define DT_TICK"]
        lines += ["extern void __assert_fail(const char *, const char *, unsigned int, const char *);",
                  'void reach_error() { __assert_fail("0", "difftest.c", 3, "reach_error"); }',
                  "extern void __VERIFIER_assume(int);"]
        if not oracle:
            for t in sorted(set(NONDET.values())):
                ct = {"uchar": "unsigned char", "char": "char", "ushort": "unsigned short", "short": "short",
                      "uint": "unsigned int", "int": "int", "bool": "_Bool"}[t]
                lines.append("extern %s __VERIFIER_nondet_%s(void);" % (ct, t))
        for n, t, init in self.globals:
            lines.append("%s %s = %s;" % (t, n, init))
        if self.has_arr:
            init = " = %s" % self.arr_init if self.arr_init else ""
            lines.append("unsigned char arr[4]%s;" % init)
            if oracle:
                lines.append("unsigned char arr0[4]%s;" % init)
        if self.has_struct:
            init = " = %s" % self.struct_init if self.struct_init else ""
            lines.append("struct S { int a; unsigned char b; } s%s;" % init)
            if oracle:
                lines.append("struct S s0%s;" % init)
        for f in self.funcs:
            lines += [x for x in f if isinstance(x, str)]
        lines.append("int %s(void) {" % ("dt_main" if oracle else "main"))
        if oracle:   # the harness runs main many times: C's initial values each time
            for n, t, init in self.globals:
                lines.append("  %s = %s;" % (n, init))
            if self.has_arr:
                lines.append("  for (int k = 0; k < 4; k++) arr[k] = arr0[k];")
            if self.has_struct:
                lines.append("  s = s0;")
        body = list(self.main_body)
        if oracle:
            # nondet + assume -> one bounded choice
            drop = set()
            for x in body:
                if isinstance(x, tuple):
                    _, n, lo, hi, at = x
                    pad = body[at][:len(body[at]) - len(body[at].lstrip())]
                    body[at] = "%s%s = dt_nondet(%d, %d);" % (pad, n, lo, hi)
                    if isinstance(body[at + 1], str) and "__VERIFIER_assume" in body[at + 1]:
                        drop.add(at + 1)
            body = [x for i, x in enumerate(body) if i not in drop]
        lines += [x for x in body if isinstance(x, str)]
        lines.append("}")
        return "\n".join(lines) + "\n"

    def text(self):
        return self.render(False)

    def explicit(self):
        if not shutil.which("clang"):
            return None
        tmp = tempfile.mkdtemp(prefix="difftest-c-")
        try:
            src, har, exe = (os.path.join(tmp, n) for n in ("p.c", "h.c", "p"))
            open(src, "w").write(self.render(True))
            open(har, "w").write(HARNESS)
            cc = ["clang", "-m32", "-O0", "-w",
                  "-fsanitize=signed-integer-overflow,shift,integer-divide-by-zero,bounds",
                  "-fsanitize-trap=all", "-o", exe, src, har]
            if subprocess.run(cc, capture_output=True, timeout=60).returncode != 0:
                return None
            p = subprocess.run([exe], capture_output=True, text=True, timeout=60)
            out = p.stdout.strip()
            return {"error": True, "safe": False, "ub": "ub"}.get(out)
        except (subprocess.TimeoutExpired, OSError):
            # OSError: a kernel without 32-bit support runs no -m32 program
            # (Exec format error): no oracle on this machine
            return None
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
