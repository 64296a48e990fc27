; fib values are never negative: sat
(set-logic HORN)
(declare-fun F (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (F n n))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (> n 1) (F (- n 1) a) (F (- n 2) b)) (F n (+ a b)))))
(assert (forall ((r Int) (n Int)) (=> (F n r) (>= r 0))))
(check-sat)
