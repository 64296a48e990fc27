; expect: 3:7: unterminated string
(check-sat)
(echo "abc)
