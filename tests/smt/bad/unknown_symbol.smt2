; expect: 4:14: unknown symbol
(declare-const x Int)
(check-sat)
(assert (> x z))
(check-sat)
