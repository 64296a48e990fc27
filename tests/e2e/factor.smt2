; Factoring a 64-bit semiprime with nonlinear integer arithmetic: solvers
; take far longer than the tests wait, so the solver child is alive when
; zeta is killed (tests/e2e/no_orphans.sh).
(set-logic QF_NIA)
(declare-const x Int)
(declare-const y Int)
(assert (> x 1))
(assert (> y 1))
(assert (= (* x y) 18446744030759878681))
(check-sat)
