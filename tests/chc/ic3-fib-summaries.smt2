; fib(25) = 75025: IC3's reach facts are summaries, one per fib(k), so the
; derivation is a DAG of 27 instances; as a tree it has ~240000 (before
; session 20 IC3 gave up: "derivation too large")
(set-logic HORN)
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (and (>= n 0) (<= n 1)) (fib n n))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (>= n 2) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))
(assert (forall ((r Int)) (=> (and (fib 25 r) (= r 75025)) false)))
(check-sat)
