; expect: 2:20: expected #x
(assert (= #x0 #x0 #y0))
