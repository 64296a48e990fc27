# BenchExec tool-info module for zeta (https://github.com/sosy-lab/benchexec,
# API: benchexec.tools.template.BaseTool2).
#
# Install: copy this file to benchexec/tools/zeta.py in a BenchExec
# installation (or put this directory on PYTHONPATH and use
# tool="zeta" with --tool-directory pointing at the directory that holds
# the zeta binary). See bench/README.md.
#
# zeta prints its verdict on the first line of stdout: SAFE, UNSAFE or
# UNKNOWN (reason); for Horn clauses the CHC-COMP words sat / unsat /
# unknown; for Petri nets one line "FORMULA <id> TRUE|FALSE|CANNOT_COMPUTE".
# Exit codes: 0 verdict, 1 unknown, 2 usage or input error, 3 internal error.

import re

import benchexec.result as result
import benchexec.tools.template

_FORMULA = re.compile(r"^FORMULA\s+(\S+)\s+(TRUE|FALSE|CANNOT_COMPUTE)\b")


class Tool(benchexec.tools.template.BaseTool2):
    """Tool info for zeta, a model checker for control flow automata,
    Horn clauses, AIGER circuits and Petri nets."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("zeta", subdir="build")

    def version(self, executable):
        # `zeta --version` prints "zeta VERSION"
        return self._version_from_tool(executable, line_prefix="zeta")

    def name(self):
        return "zeta"

    def cmdline(self, executable, options, task, rlimits):
        options = list(options)
        # zeta answers UNKNOWN (timeout) / UNKNOWN (memory) by itself when it
        # knows the limits, instead of being killed.
        if rlimits.cputime and "--timeout" not in options:
            options += ["--timeout", str(rlimits.cputime)]
        if rlimits.memory and "--memlimit" not in options:
            options += ["--memlimit", str(max(1, rlimits.memory // 1000000))]
        prop = task.property_file
        if prop and prop.endswith(".xml") and "--formula" not in options:
            options += ["--formula", prop]  # MCC property file of a Petri net
        return [executable, *options, *task.input_files_or_identifier]

    def determine_result(self, run):
        lines = [line.strip() for line in run.output]
        # The MCC answer of a Petri-net query.
        for line in lines:
            m = _FORMULA.match(line)
            if m:
                if m.group(2) == "TRUE":
                    return result.RESULT_TRUE_PROP
                if m.group(2) == "FALSE":
                    return result.RESULT_FALSE_PROP
                return result.RESULT_UNKNOWN
        # BenchExec merges stderr into the output: the verdict is the first
        # line that starts with a verdict word (progress lines may precede it).
        for line in lines:
            word = line.split(" ", 1)[0] if line else ""
            if word in ("SAFE", "sat"):
                return result.RESULT_TRUE_PROP
            if word in ("UNSAFE", "unsat"):
                return result.RESULT_FALSE_REACH
            if word in ("UNKNOWN", "unknown"):
                reason = line[len(word):].strip(" ()").lower()
                if "memory" in reason:
                    return "OUT OF MEMORY"
                if "timeout" in reason or "time limit" in reason:
                    return "TIMEOUT"
                return result.RESULT_UNKNOWN
        code = run.exit_code
        if code.signal:
            return "%s (signal %d)" % (result.RESULT_ERROR, code.signal)
        if code.value == 2:
            return "%s (input)" % result.RESULT_ERROR
        if code.value == 3:
            return "%s (internal)" % result.RESULT_ERROR
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        # With --stats zeta prints "name: value" lines; report the one asked for.
        for line in output:
            if line.strip().startswith(identifier + ":"):
                return line.split(":", 1)[1].strip()
        return None
