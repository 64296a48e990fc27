; expect: 3:2: unknown command
(check-sat)
(check-sta)
