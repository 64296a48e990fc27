---- MODULE Bad ----
VARIABLE x
Init == x = (1 +
====
