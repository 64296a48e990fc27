; get-interpolant over names of :named assertions and over plain formulas
; formulas: 3
(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(assert (! (> x 5) :named P))
(assert (! (= y (- x 1)) :named Q))
(get-interpolant P Q (< y 0))
