; needs divisibility: y even on one side, odd on the other
(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(declare-const z Int)
(define-fun A1 () Bool (= y (* 2 x)))
(define-fun A2 () Bool (= y (+ (* 2 z) 1)))
(get-interpolant A1 A2)
