#!/usr/bin/env python3
"""Tests the BenchExec tool-info module zeta.py without BenchExec: a stub of
the few parts of the `benchexec` package it uses (result constants, the
BaseTool2 base class with its Task / ResourceLimits / Run helpers) is
written to a temporary directory and put first on sys.path."""
import collections
import os
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))

STUB = {
    "benchexec/__init__.py": "class BenchExecException(Exception):\n    pass\n",
    "benchexec/result.py": textwrap.dedent("""\
        RESULT_DONE = "done"
        RESULT_UNKNOWN = "unknown"
        RESULT_ERROR = "ERROR"
        RESULT_TRUE_PROP = "true"
        RESULT_FALSE_PROP = "false"
        RESULT_FALSE_REACH = "false(unreach-call)"
        """),
    "benchexec/tools/__init__.py": "",
    "benchexec/tools/template.py": textwrap.dedent("""\
        import collections, subprocess

        class BaseTool2:
            REQUIRED_PATHS = []

            @staticmethod
            def _version_from_tool(executable, arg="--version", use_stderr=False,
                                   ignore_stderr=False, line_prefix=None):
                out = subprocess.run([executable, arg], stdout=subprocess.PIPE,
                                     universal_newlines=True).stdout.strip()
                if line_prefix:
                    out = next((l[len(line_prefix):].strip() for l in out.splitlines()
                                if l.startswith(line_prefix)), "")
                return out

            class Task(collections.namedtuple(
                    "Task", ["input_files_or_empty", "identifier", "property_file", "options"])):
                @property
                def input_files_or_identifier(self):
                    return self.input_files_or_empty or (self.identifier,)

            class ResourceLimits(collections.namedtuple(
                    "ResourceLimits", ["cputime", "cputime_hard", "walltime", "memory", "cpu_cores"])):
                pass

            class Run(collections.namedtuple(
                    "Run", ["cmdline", "exit_code", "output", "termination_reason"])):
                pass
        """),
}

ExitCode = collections.namedtuple("ExitCode", ["value", "signal"])


class ZetaToolInfo(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        for path, text in STUB.items():
            full = os.path.join(cls.tmp.name, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        sys.path[:0] = [cls.tmp.name, HERE]
        import zeta
        import benchexec.tools.template as template
        cls.template = template.BaseTool2
        cls.tool = zeta.Tool()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def result(self, text, code=0, sig=0):
        run = self.template.Run(["zeta", "x"], ExitCode(code, sig),
                                [l + "\n" for l in text.split("\n")] if text else [], None)
        return self.tool.determine_result(run)

    def test_verdicts(self):
        self.assertEqual(self.result("SAFE"), "true")
        self.assertEqual(self.result("UNSAFE\ncounterexample: ..."), "false(unreach-call)")
        self.assertEqual(self.result("sat"), "true")
        self.assertEqual(self.result("unsat", 0), "false(unreach-call)")
        self.assertEqual(self.result("UNKNOWN (incomplete)", 1), "unknown")
        self.assertEqual(self.result("unknown", 1), "unknown")

    def test_progress_before_verdict(self):
        # stderr is merged into the output; the verdict may come later
        self.assertEqual(self.result("zeta: cegar: iteration 1\nSAFE"), "true")

    def test_limits(self):
        self.assertEqual(self.result("UNKNOWN (timeout)", 1), "TIMEOUT")
        self.assertEqual(self.result("UNKNOWN (memory)", 1), "OUT OF MEMORY")

    def test_petri(self):
        self.assertEqual(self.result("FORMULA net-00 TRUE TECHNIQUES EXPLICIT"), "true")
        self.assertEqual(self.result("FORMULA net-00 FALSE TECHNIQUES SE"), "false")
        self.assertEqual(self.result("FORMULA net-00 CANNOT_COMPUTE", 1), "unknown")

    def test_errors(self):
        self.assertEqual(self.result("zeta: x.cfa:3:4: expected ';'", 2), "ERROR (input)")
        self.assertEqual(self.result("", 3), "ERROR (internal)")
        self.assertEqual(self.result("", 0, 11), "ERROR (signal 11)")
        self.assertEqual(self.result("garbage", 0), "ERROR")
        # a word that merely starts like a verdict is not one
        self.assertEqual(self.result("SAFETY check", 0), "ERROR")

    def test_cmdline(self):
        T, R = self.template.Task, self.template.ResourceLimits
        task = T(("m.cfa",), None, "unreach.prp", {"language": "cfa"})
        cmd = self.tool.cmdline("zeta", ["--algorithm", "cegar"], task, R(20, 30, None, 2000000000, 1))
        self.assertEqual(cmd, ["zeta", "--algorithm", "cegar", "--timeout", "20",
                               "--memlimit", "2000", "m.cfa"])
        task = T(("net.pnml",), None, "net-00.xml", {"language": "pnml"})
        cmd = self.tool.cmdline("zeta", [], task, R(None, None, None, None, None))
        self.assertEqual(cmd, ["zeta", "--formula", "net-00.xml", "net.pnml"])
        cmd = self.tool.cmdline("zeta", ["--timeout", "5"], task, R(20, 20, None, None, None))
        self.assertEqual(cmd.count("--timeout"), 1)

    def test_name_version(self):
        self.assertEqual(self.tool.name(), "zeta")
        fake = os.path.join(self.tmp.name, "fakezeta")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\necho 'zeta 1.2.3'\n")
        os.chmod(fake, 0o755)
        self.assertEqual(self.tool.version(fake), "1.2.3")

    def test_benchmark_definitions(self):
        import glob
        import xml.etree.ElementTree as ET
        defs = sorted(glob.glob(os.path.join(HERE, "zeta-*.xml")))
        self.assertEqual([os.path.basename(d) for d in defs],
                         ["zeta-c.xml", "zeta-cfa.xml", "zeta-chc.xml", "zeta-hwmcc.xml", "zeta-petri.xml"])
        for d in defs:
            root = ET.parse(d).getroot()
            self.assertEqual(root.tag, "benchmark")
            self.assertEqual(root.get("tool"), "zeta")
            self.assertTrue(root.findall("rundefinition"))
            for tasks in root.findall("tasks"):
                inc = os.path.join(HERE, tasks.find("include").text)
                prop = os.path.join(HERE, tasks.find("propertyfile").text)
                if os.path.isdir(os.path.join(HERE, "../../../shared/benchmarks")):
                    self.assertTrue(glob.glob(inc), inc)
                    self.assertTrue(os.path.isfile(prop), prop)


if __name__ == "__main__":
    unittest.main(verbosity=1)
