; Three numbers in increasing order, rotated (x, y, z) -> (y, z, x) and
; shifted together: every reachable triple is a rotation of an increasing
; one, so of two of its mirror images (b, a, c) and (a, c, b) neither is
; reachable together with (a, b, c). The invariant is disjunctive, clauses
; of two order literals, as in CHC-COMP's lturn family (LIA-183):
;   (x < y or y < z) and (y < z or z < x) and (z < x or x < y).
; Houdini over order clauses between the arguments the query permutes
; finds it (chc_houdini.c). The query goes through a nullary predicate, as
; CHC-COMP's tasks do (CHC_COMP_FALSE): Houdini needs the candidate false for
; it, or its query's body is true.
(set-logic HORN)
(declare-fun R (Int Int Int) Bool)
(declare-fun CHC_COMP_FALSE () Bool)
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (< x y) (< y z)) (R x y z))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (R x y z) (R y z x))))
(assert (forall ((x Int) (y Int) (z Int) (k Int)) (=> (R x y z) (R (+ x k) (+ y k) (+ z k)))))
(assert (forall ((a Int) (b Int) (c Int)) (=> (and (R a b c) (R b a c) (R a c b)) CHC_COMP_FALSE)))
(assert (=> CHC_COMP_FALSE false))
(check-sat)
