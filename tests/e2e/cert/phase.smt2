; Horn clauses for the certificate tests: a counter whose step depends on a
; phase; the model below is disjunctive, so certifying needs case analysis.
(set-logic HORN)
(declare-fun inv (Int Int Bool) Bool)
(assert (forall ((x Int) (y Int) (p Bool)) (=> (and (= x 0) (= y 0) p) (inv x y p))))
(assert (forall ((x Int) (y Int) (p Bool) (x1 Int) (y1 Int) (p1 Bool))
  (=> (and (inv x y p)
           (= p1 (not p))
           (= x1 (ite p (+ x 1) x))
           (= y1 (ite p y (+ y 1))))
      (inv x1 y1 p1))))
(assert (forall ((x Int) (y Int) (p Bool)) (=> (and (inv x y p) (or (> y x) (< y (- x 1)))) false)))
(check-sat)
