; expect: 3:6: cannot pop
(push 1)
(pop 2)
(check-sat)
