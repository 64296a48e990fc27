; difftest seed 13100 (chc-bv): Z3 4.8's Spacer segfaults on the tree-interpolation
; query chc_pa's refinement builds from this system; the query now runs in a
; child process (chc_spacer_solve_isolated), so --algorithm cegar answers
; sat or unknown instead of crashing. explicit enumeration and z3: sat.
(set-logic HORN)
(declare-fun P0 ((_ BitVec 3)) Bool)
(declare-fun P1 ((_ BitVec 3) (_ BitVec 3)) Bool)
(assert (forall ((h0 (_ BitVec 3))) (=> (and (bvule (bvsub h0 (_ bv1 3)) (bvmul h0 h0)) (bvult (bvxor (_ bv1 3) h0) h0)) (P0 h0))))
(assert (forall ((b0_0 (_ BitVec 3)) (h0 (_ BitVec 3)) (h1 (_ BitVec 3))) (=> (and (P0 b0_0) (bvult (bvmul h0 b0_0) (_ bv6 3)) (bvult (bvxor (_ bv5 3) h1) (bvsub h1 h1))) (P1 h0 h1))))
(assert (forall ((b0_0 (_ BitVec 3)) (b0_1 (_ BitVec 3)) (h0 (_ BitVec 3)) (h1 (_ BitVec 3))) (=> (and (P1 b0_0 b0_1) (bvule (bvxor b0_1 h1) (bvor h1 (_ bv0 3))) (distinct (bvadd h1 (_ bv7 3)) (bvsub b0_0 (_ bv3 3)))) (P1 h0 h1))))
(assert (forall ((b0_0 (_ BitVec 3)) (b1_0 (_ BitVec 3)) (h0 (_ BitVec 3))) (=> (and (P0 b0_0) (P0 b1_0) (bvult b1_0 (bvadd (_ bv2 3) (_ bv5 3))) (bvult (bvmul (_ bv6 3) b0_0) b0_0)) (P0 h0))))
(assert (forall ((b0_0 (_ BitVec 3)) (b1_0 (_ BitVec 3)) (h0 (_ BitVec 3))) (=> (and (P0 b0_0) (P0 b1_0) (distinct (bvadd (_ bv3 3) h0) h0)) (P0 h0))))
(assert (forall ((b0_0 (_ BitVec 3)) (h0 (_ BitVec 3)) (h1 (_ BitVec 3))) (=> (and (P0 b0_0) (bvult (bvxor (_ bv3 3) h0) (bvmul (_ bv1 3) (_ bv1 3)))) (P1 h0 h1))))
(assert (forall ((q0 (_ BitVec 3))) (=> (and (P0 q0) (distinct q0 (bvor (_ bv1 3) q0))) false)))
(check-sat)
