; Q is inlined by the normalization and gets an existential definition;
; printed models are quantifier-free after quantifier elimination
(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x 10)) (P (+ x 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (>= x 0) (= y (* 2 x))) (Q y))))
(assert (forall ((y Int)) (=> (and (Q y) (> y 100)) false)))
(check-sat)
