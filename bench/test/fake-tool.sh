#!/bin/sh
# A fake verifier for the runner's tests. What it does is named by the
# first line of the model file:
#   safe / unsafe         print SAFE / UNSAFE
#   sat / unsat           print sat / unsat (CHC words)
#   formula-true          print a Petri-net FORMULA line
#   unknown               print UNKNOWN (incomplete) and exit 1
#   spin                  burn CPU forever (the CPU limit must stop it)
#   work                  compute for a while (~1 s CPU), then print SAFE
#   sleep                 sleep forever in a child process, no CPU (the wall-clock
#                         backstop must stop it and its process group)
#   eat                   allocate memory until it fails (the memory limit)
#   orphan                leave a child that computes ~0.3 s CPU, print SAFE and exit
#                         without waiting for it (its CPU time must still count)
#   crash                 kill itself with SIGSEGV
#   fail                  print a message on stderr and exit 2
# usage: fake-tool.sh FILE
what=$(head -n 1 "$1")
case $what in
  safe) echo SAFE ;;
  unsafe) echo UNSAFE ;;
  sat) echo sat ;;
  unsat) echo unsat ;;
  formula-true) echo "FORMULA $(basename "$1" .net) TRUE TECHNIQUES FAKE" ;;
  unknown) echo "UNKNOWN (incomplete)"; exit 1 ;;
  spin) while :; do :; done ;;
  work) i=0; while [ $i -lt 400000 ]; do i=$((i + 1)); done; echo SAFE ;;
  sleep) sh -c 'sleep 1000; :' "$1" ;;
  eat) exec "${PYTHON:-python3}" -c '
chunks = []
while True:
    chunks.append(bytearray(16 << 20))
' ;;
  orphan) exec "${PYTHON:-python3}" -c '
import os, sys, time
r, w = os.pipe()
if os.fork() == 0:
    t = time.process_time()
    while time.process_time() - t < 0.3:
        pass
    os.write(w, b"x")
    os._exit(0)
os.read(r, 1)  # the child has done its work; do not wait for it
print("SAFE")
sys.stdout.flush()
os._exit(0)
' ;;
  crash) kill -SEGV $$ ;;
  fail) echo "fake: cannot parse $1" >&2; exit 2 ;;
  *) echo "fake: unknown behaviour '$what'" >&2; exit 3 ;;
esac
