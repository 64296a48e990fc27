; An SMT-LIB script for `zeta smt`: a satisfiability check with a model,
; then interpolants for a path x0 = 0, x1 = x0 + 1, x2 = x1 + 1, x2 < 0.
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(declare-const x2 Int)
(push 1)
(assert (and (= x0 0) (= x1 (+ x0 1))))
(check-sat)
(get-value (x0 x1))
(pop 1)
(get-interpolant (= x0 0) (= x1 (+ x0 1)) (= x2 (+ x1 1)) (< x2 0))
