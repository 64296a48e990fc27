; difftest seed 17100 (chc): the portfolio's first slice (Z3 on this file)
; cancelled by its deadline under load can end zeta inside Z3_solver_check
; ("terminate called after throwing an instance of 'rewriter_exception'",
; Z3 4.8.12; about 1 run in 40 at 8 parallel runs with --timeout 1-3). The
; file runs are now in a child process. Expected: unsat (z3, kind, pdr).
(set-logic HORN)
(declare-fun P0 (Int Int Int) Bool)
(assert (forall ((h0 Int) (h1 Int) (h2 Int)) (=> (< (+ h0 (* 2 h1) (* 2 h2) 0) (+ (* (- 2) h0) (* (- 2) h1) h2 (- 3))) (P0 h0 h1 h2))))
(assert (forall ((h0 Int) (h1 Int) (h2 Int) (b0_0 Int) (b0_1 Int) (b0_2 Int)) (=> (and (P0 b0_0 b0_1 b0_2) (and (< (+ (* 2 h0) (* (- 2) h1) h2 b0_0 (* 2 b0_1) b0_2 1) (+ (* (- 2) h0) h2 (* 2 b0_0) b0_1 (* 2 b0_2) 3)) (>= (+ (* (- 1) h0) (* (- 2) h1) (* (- 1) h2) b0_0 (* 2 b0_1) (* (- 2) b0_2) 1) (+ h0 (* (- 2) h1) (* 2 h2) (* (- 2) b0_0) (* (- 2) b0_1) (* 2 b0_2) 1)))) (P0 h0 h1 h2))))
(assert (forall ((q0 Int) (q1 Int) (q2 Int)) (=> (and (P0 q0 q1 q2) (and (>= (+ (* 2 q0) (* 2 q1) 2) (+ (* (- 2) q1) 1)) (<= (+ q0 q1 (* (- 2) q2) (- 3)) (+ (* (- 1) q1) (* 2 q2) 3)))) false)))
(check-sat)
