; facts (3,3), (0,6), (0,0), closed under sums and under choosing each
; component from either of two elements (LIA-083's shape): every reachable
; x, y is 0 mod 3, so (0,7) is not reachable. No linear invariant excludes
; it; pa's congruence seeds (x mod 3 = 0, y mod 3 = 0) do.
(set-logic HORN)
(declare-fun P (Int Int) Bool)
(declare-fun B (Bool) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 3) (= y 3)) (P x y))))
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 6)) (P x y))))
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (P x y))))
(assert (forall ((a Int) (b Int) (c Int) (d Int) (x Int) (y Int))
  (=> (and (P a b) (P c d) (= x (+ a c)) (= y (+ b d))) (P x y))))
(assert (forall ((a Int) (b Int) (c Int) (d Int) (x Int) (y Int) (p Bool) (q Bool))
  (=> (and (P a b) (P c d) (B p) (B q) (= x (ite p a c)) (= y (ite q b d))) (P x y))))
(assert (forall ((p Bool)) (B p)))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (= x 0) (= y 7)) false)))
(check-sat)
