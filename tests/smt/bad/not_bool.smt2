; expect: 3:9: an assertion
(check-sat)
(assert (+ 1 2))
