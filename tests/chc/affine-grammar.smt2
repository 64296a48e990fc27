; A small unrealizability question in the shape of CHC-COMP's SyGuS
; grammars (LIA-080 .. 105): each predicate holds the outputs of the
; expressions a non-terminal derives, on two example inputs x = 1 and x = 2.
;   E ::= x | 0 | E + E        B ::= E <= E | not B        S ::= ite(B, E, E)
; and S also derives the constant 7 (a fact of S). Is there a term of S
; with outputs 3 on x = 1 and 5 on x = 2 (f(x) = 2x + 1)? No: E's outputs
; (a, b) satisfy b = 2a, so B's two outputs are equal, so S's outputs are
; either (7, 7) or again b = 2a. The model is disjunctive per clause of S
; (the join of (7, 7) with the line is the whole plane): affine hulls per
; clause, disjoined per predicate (chc_affine.c).
(set-logic HORN)
(declare-fun E (Int Int) Bool)
(declare-fun B (Bool Bool) Bool)
(declare-fun S (Int Int) Bool)
(assert (E 1 2))
(assert (E 0 0))
(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (E a b) (E c d)) (E (+ a c) (+ b d)))))
(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (E a b) (E c d)) (B (<= a c) (<= b d)))))
(assert (forall ((p Bool) (q Bool)) (=> (B p q) (B (not p) (not q)))))
(assert (forall ((p Bool) (q Bool) (a Int) (b Int) (c Int) (d Int))
  (=> (and (B p q) (E a b) (E c d)) (S (ite p a c) (ite q b d)))))
(assert (S 7 7))
(assert (forall ((a Int) (b Int)) (=> (and (S a b) (= a 3) (= b 5)) false)))
(check-sat)
