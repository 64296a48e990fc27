; (sat: 7 is never stored) records scalarised: a nested record, an array indexed by a record (store
; then select), a constant array of records, equality and ite of records
(set-logic HORN)
(declare-datatypes ((Pair 0)) (((mk (fst Int) (snd Int)))))
(declare-datatypes ((St 0)) (((st (p Pair) (m (Array Pair Int)) (c (Array Int Pair))))))
(declare-fun Inv (St Int) Bool)
(assert (forall ((s St))
  (=> (and (= (p s) (mk 0 0)) (= (m s) ((as const (Array Pair Int)) 0)) (= (c s) ((as const (Array Int Pair)) (mk 1 2))))
      (Inv s 0))))
(assert (forall ((s St) (t St) (n Int) (k Pair))
  (=> (and (Inv s n) (= k (mk n (+ n 1)))
           (= t (st (ite (> n 1) k (p s)) (store (m s) k (snd (select (c s) n))) (store (c s) (+ n 1) k))))
      (Inv t (+ n 1)))))
; m[(2,3)] is 0 or 2, never 7
(assert (forall ((s St) (n Int))
  (=> (and (Inv s n) (= (select (m s) (mk 2 3)) 7) (= (fst (p s)) 2)) false)))
(check-sat)
