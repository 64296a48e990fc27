#!/usr/bin/env python3
"""Checks that stdin is one JSON object of zeta's --json schema (docs/JSON.md).
Usage: json_check.py [EXPECTED_VERDICT [EXPECTED_EVIDENCE_KIND]]; exit 0 when valid."""
import json
import sys


def fail(msg):
    print("json_check: " + msg, file=sys.stderr)
    sys.exit(1)


text = sys.stdin.read()
lines = [l for l in text.splitlines() if l.strip()]
if len(lines) != 1:
    fail("expected exactly one line of output, got %d" % len(lines))
try:
    o = json.loads(lines[0])
except ValueError as e:
    fail("not JSON: %s" % e)
if not isinstance(o, dict):
    fail("not an object")
want = {"zeta": str, "verdict": str, "exit": int, "stats": dict, "evidence": dict, "properties": list, "output": str}
for k, t in want.items():
    if k not in o or not isinstance(o[k], t):
        fail("field %s missing or not %s" % (k, t.__name__))
for k in ("reason", "engine", "witness"):
    if k in o and o[k] is not None and not isinstance(o[k], str):
        fail("field %s is neither a string nor null" % k)
if o["verdict"] not in ("safe", "unsafe", "unknown"):
    fail("verdict %r" % o["verdict"])
if (o["verdict"] == "unknown") != isinstance(o.get("reason"), str):
    fail("reason must be a string exactly when the verdict is unknown")
if o["exit"] not in (0, 1, 3):
    fail("exit %r" % o["exit"])
for k in ("time", "memory_mb"):
    if k in o and not (isinstance(o[k], (int, float)) and o[k] >= 0):
        fail("%s is not a non-negative number" % k)
for k, v in o["stats"].items():
    if not isinstance(v, (int, float, str)):
        fail("stat %s is %r" % (k, v))
ev = o["evidence"]
if not isinstance(ev.get("kind"), str) or not isinstance(ev.get("steps"), list):
    fail("evidence needs kind and steps")
for s in ev["steps"]:
    if not isinstance(s.get("label"), str) or not isinstance(s.get("values"), list):
        fail("a step needs a label and values")
    for v in s["values"]:
        if not (isinstance(v.get("name"), str) and isinstance(v.get("value"), str)):
            fail("a value needs a name and a value")
for p in o["properties"]:
    if not (isinstance(p.get("id"), str) and p.get("verdict") in ("safe", "unsafe", "unknown")):
        fail("a property needs an id and a verdict")
if len(sys.argv) > 1 and o["verdict"] != sys.argv[1]:
    fail("verdict %s, expected %s" % (o["verdict"], sys.argv[1]))
if len(sys.argv) > 2 and ev["kind"] != sys.argv[2]:
    fail("evidence kind %s, expected %s" % (ev["kind"], sys.argv[2]))
if o["verdict"] == "unsafe" and ev["kind"] == "trace" and not ev["steps"]:
    fail("an unsafe trace without steps")
