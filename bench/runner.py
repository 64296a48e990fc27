#!/usr/bin/python3
"""zeta benchmark runner.

Runs a tool (a named configuration from bench/configs.yml, or a command
template given with --tool) on tasks in the SV-COMP task format, with a CPU
time and a memory limit enforced by the operating system, and writes a CSV
per run, a summary table, a side-by-side comparison of runs, and plots.

  runner.py TASKS... --config NAME [--config NAME ...] [-t SEC] [-m MB] [-j N] [-o DIR]
  runner.py TASKS... --tool 'CMD {file}' [--name NAME] [--parser P] ...
  runner.py TASKS... --config NAME ... --emit parallel [--sshlogin LOGIN] -o DIR
  runner.py TASKS... --config NAME ... --emit slurm -o DIR
  runner.py --collect DIR          merge the rows written by emitted jobs, report
  runner.py --report A.csv B.csv   report (tables, plots) on existing CSVs

TASKS are task definition files (*.yml) or directories holding them.
Exit status: 0 all fine, 1 some verdict was wrong, 2 usage error.
See bench/README.md.
"""
import argparse
import csv
import errno
import json
import math
import os
import re
import resource
import shlex
import shutil
import signal
import sys
import tempfile
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(BENCH_DIR)
STATUSES = ("correct", "wrong", "unknown", "timeout", "memout", "error")
CSV_FIELDS = ["task", "expected", "verdict", "status", "cpu_s", "wall_s",
              "peak_mem_mb", "language", "exit", "note"]
# How each task language names the two answers (true = the bad state is
# unreachable / the formula holds).
WORDS = {"smt2": ("sat", "unsat", "unknown"),
         "chc": ("sat", "unsat", "unknown"),
         "pnml": ("TRUE", "FALSE", "UNKNOWN")}
DEFAULT_WORDS = ("SAFE", "UNSAFE", "UNKNOWN")
MEMOUT_RE = re.compile(r"MemoryError|bad_alloc|out of memory|Cannot allocate memory|"
                       r"memory exhausted|failed to allocate|allocation fail", re.I)


def die(msg):
    sys.stderr.write("runner: %s\n" % msg)
    sys.exit(2)


def load_yaml(path):
    try:
        import yaml
    except ImportError:
        die("python3-yaml is needed (apt-get install python3-yaml)")
    with open(path) as f:
        return yaml.safe_load(f)


# ---------------------------------------------------------------- tasks

class Task:
    def __init__(self, yml, tid, files, language, expected, prop, fid=None):
        self.yml, self.id, self.files = yml, tid, files
        self.language, self.expected, self.property = language, expected, prop
        self.formula_id = fid  # options.formula_id: which formula of the property file

    def word(self, v):
        w = WORDS.get(self.language, DEFAULT_WORDS)
        return {True: w[0], False: w[1]}.get(v, w[2] if v == "unknown" else "")


def load_task(yml):
    yml = os.path.abspath(yml)
    try:
        d = load_yaml(yml)
        base = os.path.dirname(yml)
        files = d["input_files"]
        files = [files] if isinstance(files, str) else list(files)
        files = [os.path.normpath(os.path.join(base, f)) for f in files]
        language = str((d.get("options") or {}).get("language", "")).lower()
        fid = (d.get("options") or {}).get("formula_id")
        fid = str(fid) if fid is not None else None
        props = d.get("properties") or [{}]
        expected = props[0].get("expected_verdict")
        if isinstance(expected, str):
            expected = {"true": True, "false": False}.get(expected.lower())
        prop = props[0].get("property_file")
        prop = os.path.normpath(os.path.join(base, prop)) if prop else ""
    except (OSError, KeyError, TypeError, AttributeError, IndexError) as e:
        die("%s: not a task definition (%s)" % (yml, e))
    except Exception as e:  # yaml errors
        die("%s: %s" % (yml, e))
    tid = "%s/%s" % (os.path.basename(os.path.dirname(yml)),
                     os.path.splitext(os.path.basename(yml))[0])
    return Task(yml, tid, files, language, expected, prop, fid)


def collect_tasks(paths):
    ymls = []
    for p in paths:
        if os.path.isdir(p):
            ymls += sorted(os.path.join(p, f) for f in os.listdir(p)
                           if f.endswith((".yml", ".yaml")))
        elif os.path.isfile(p):
            ymls.append(p)
        else:
            die("no such task file or directory: %s" % p)
    tasks, seen = [], set()
    for y in ymls:
        t = load_task(y)
        if t.id in seen:
            die("two tasks have the id %s" % t.id)
        seen.add(t.id)
        tasks.append(t)
    return tasks


# ---------------------------------------------------------------- runs (tool + how to read it)

class Run:
    def __init__(self, name, cmd, parser="auto", languages=None):
        self.name = name
        self.cmd = cmd if isinstance(cmd, dict) else {"default": cmd}
        self.parser = parser
        self.languages = [l.lower() for l in languages] if languages else None

    def applies(self, task):
        return self.languages is None or task.language in self.languages

    def template(self, language):
        t = self.cmd.get(language, self.cmd.get("default"))
        if t is None:
            die("configuration %s has no command for language %s" % (self.name, language))
        return t


def load_configs(path):
    d = load_yaml(path) or {}
    if not isinstance(d, dict):
        die("%s: expected a mapping name -> configuration" % path)
    runs = {}
    for name, c in d.items():
        if not isinstance(c, dict) or "cmd" not in c:
            die("%s: configuration %s needs a cmd" % (path, name))
        runs[name] = Run(name, c["cmd"], c.get("parser", "auto"), c.get("languages"))
    return runs


def command_line(run, task, opts, tmpdir):
    q = shlex.quote
    values = {
        "file": q(task.files[0]), "files": " ".join(q(f) for f in task.files),
        "property": q(task.property), "tmpdir": q(tmpdir),
        "zeta": q(opts.zeta), "bench": q(BENCH_DIR), "python": q(sys.executable),
        "timelimit": str(int(math.ceil(opts.timelimit))), "memlimit": str(int(opts.memlimit)),
        "walllimit": str(int(math.ceil(opts.walllimit))),
        "language": q(task.language), "task": q(task.id),
        "formula_id": q(task.formula_id or ""),
    }
    template = run.template(task.language)
    try:
        cmd = template.format_map(values)
    except (KeyError, ValueError, IndexError) as e:
        die("configuration %s: bad placeholder in command template (%s)" % (run.name, e))
    # A simple command replaces the shell, so that its exit status, signal
    # and resource usage are the tool's own.
    if not re.search(r"[|&;<>()`$\n]", template) and not template.lstrip().startswith("exec "):
        cmd = "exec " + cmd
    return cmd


# ---------------------------------------------------------------- verdicts

def read_head_tail(path, limit=1 << 20):
    """Text of a log file; of a big one only the first and last part."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            if size <= 2 * limit:
                data = f.read()
            else:
                data = f.read(limit) + b"\n...\n"
                f.seek(size - limit)
                data += f.read()
    except OSError:
        return ""
    return data.decode("utf-8", "replace")


def formula_id(prop_file):
    try:
        with open(prop_file, errors="replace") as f:
            m = re.search(r"<id>\s*([^<\s]+)\s*</id>", f.read(1 << 16))
            return m.group(1) if m else None
    except OSError:
        return None


def parse_zeta(out, task):
    """zeta: first stdout line SAFE/UNSAFE/UNKNOWN (reason) or sat/unsat/unknown;
    Petri nets: FORMULA <id> TRUE|FALSE|CANNOT_COMPUTE lines."""
    formulas = re.findall(r"^FORMULA\s+(\S+)\s+(TRUE|FALSE|CANNOT_COMPUTE)\b", out, re.M)
    if formulas:
        # the task's own formula (options.formula_id): that line or nothing;
        # without one, the property file's first formula, else the first line
        if task.formula_id:
            pick = [f for f in formulas if f[0] == task.formula_id]
            if not pick:
                return None, "no FORMULA line for %s" % task.formula_id
        else:
            want = formula_id(task.property) if task.property else None
            pick = [f for f in formulas if f[0] == want] or formulas
        v = pick[0][1]
        return {"TRUE": True, "FALSE": False}.get(v, "unknown"), "FORMULA %s %s" % pick[0]
    first = next((l.strip() for l in out.splitlines() if l.strip()), "")
    word = first.split()[0] if first else ""
    if word in ("SAFE", "sat"):
        return True, first
    if word in ("UNSAFE", "unsat"):
        return False, first
    if word in ("UNKNOWN", "unknown"):
        return "unknown", first
    return None, first


def parse_smtlib(out, task):
    """An SMT-LIB solver on Horn clauses (z3 FILE.smt2): sat = safe."""
    for l in out.splitlines():
        l = l.strip()
        if l == "sat":
            return True, l
        if l == "unsat":
            return False, l
        if l in ("unknown", "timeout"):
            return "unknown", l
        if l:
            return None, l[:100]
    return None, ""


def parse_abc(out, task):
    """berkeley-abc with pdr/bmc3/int: 'Property proved' or 'was asserted in frame'."""
    if re.search(r"Property proved|Networks are equivalent", out):
        return True, "Property proved"
    m = re.search(r"^.*(was asserted in frame|Counter-example is found|"
                  r"(?i:Networks are not equivalent)).*$", out, re.M)
    if m:
        return False, m.group(0).strip()[:100]
    m = re.search(r"^.*(Property UNDECIDED|No output asserted|Reached limit|"
                  r"Reached timeout|UNDECIDED).*$", out, re.M)
    if m:
        return "unknown", m.group(0).strip()[:100]
    return None, ""


PARSERS = {"zeta": parse_zeta, "smtlib": parse_smtlib, "z3": parse_smtlib,
           "abc": parse_abc}


def parse_auto(out, task):
    for p in (parse_zeta, parse_abc):
        v, note = p(out, task)
        if v is not None:
            return v, note
    return None, ""


PARSERS["auto"] = parse_auto


def classify(run, task, opts, out, err, exitcode, sig, cpu, mem_mb, wall_killed):
    """-> (verdict in the task's words, status, note)"""
    v, note = PARSERS.get(run.parser, parse_auto)(out, task)
    verdict = task.word(v) if v is not None else ""
    if wall_killed:
        return verdict, "timeout", "wall-clock limit"
    if sig == signal.SIGXCPU or cpu > opts.timelimit:
        return verdict, "timeout", "CPU limit"
    if v is True or v is False:
        if task.expected is None:
            return verdict, "unknown", "no expected verdict"
        return verdict, "correct" if v == task.expected else "wrong", note
    tail = (err[-4000:] + "\n" + out[-4000:])
    if v == "unknown" and re.search(r"time ?out|time limit", note, re.I):
        return verdict, "timeout", note
    if (v == "unknown" and re.search(r"mem", note, re.I)) or \
            (opts.memlimit and (MEMOUT_RE.search(tail) or mem_mb >= 0.95 * opts.memlimit)):
        return verdict, "memout", note or "memory limit"
    if v == "unknown":
        return verdict, "unknown", note
    if sig:
        return verdict, "error", "signal %d" % sig
    msg = next((l.strip() for l in err.splitlines() if l.strip()), "") or note
    return verdict, "error", ("exit %d: %s" % (exitcode, msg))[:160]


# ---------------------------------------------------------------- execution

class Job:
    def __init__(self, run, task, logdir):
        self.run, self.task = run, task
        safe = task.id.replace("/", "__")
        self.out = os.path.join(logdir, safe + ".out")
        self.err = os.path.join(logdir, safe + ".err")
        self.pid = None
        self.start = 0.0
        self.tmpdir = None
        self.wall_killed = 0.0  # when the wall-clock backstop fired
        self.samples = []  # (time, CPU seconds of the job's process group)
        self.extra_cpu = 0.0  # CPU seconds of reaped orphans of the job
        self.extra_rss = 0  # their peak RSS (KiB)


def start(job, opts, scratch):
    job.tmpdir = tempfile.mkdtemp(prefix="job", dir=scratch)
    cmd = command_line(job.run, job.task, opts, job.tmpdir)
    cpu = int(math.ceil(opts.timelimit))
    mem = int(opts.memlimit) * 1024 * 1024
    job.cmd = cmd
    job.start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # child: own process group, OS limits, then the shell
        try:
            os.setpgid(0, 0)
            # soft limit: SIGXCPU; hard limit one second later: SIGKILL
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            if mem:
                resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            fin = os.open(os.devnull, os.O_RDONLY)
            fout = os.open(job.out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            ferr = os.open(job.err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(fin, 0)
            os.dup2(fout, 1)
            os.dup2(ferr, 2)
            os.chdir(job.tmpdir)
            for s in (signal.SIGINT, signal.SIGTERM, signal.SIGPIPE, signal.SIGXCPU):
                signal.signal(s, signal.SIG_DFL)
            os.execv("/bin/sh", ["/bin/sh", "-c", cmd])
        except BaseException:
            pass
        os._exit(127)
    try:
        os.setpgid(pid, pid)  # also from the parent: no race with killpg
    except OSError:
        pass
    job.pid = pid


def group_members(pgid):
    """Processes of a process group other than its leader (from /proc)."""
    pids = []
    for d in os.listdir("/proc"):
        if d.isdigit() and int(d) != pgid:
            try:
                with open("/proc/%s/stat" % d) as f:
                    st = f.read()
                if int(st[st.rindex(")") + 2:].split()[2]) == pgid:
                    pids.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return pids


def group_cpu(pgids):
    """CPU seconds used so far by the processes of each process group
    (their own time and that of the children they reaped), from /proc."""
    want = set(pgids)
    total = dict.fromkeys(want, 0.0)
    tick = os.sysconf("SC_CLK_TCK")
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                st = f.read()
            fields = st[st.rindex(")") + 2:].split()
            g = int(fields[2])
            if g in want:
                total[g] += sum(int(x) for x in fields[11:15]) / tick
        except (OSError, ValueError, IndexError):
            pass
    return total


def hung(job, now, cpu, opts):
    """The wall-clock backstop. CPU time is the limit; wall time only catches
    jobs that wait forever. Past --walllimit a job is killed when it used
    (almost) no CPU during the last min(10 s, --walllimit) (a starved job on
    a crowded machine still gets some CPU over such a window); any job is
    killed past 6 x --walllimit."""
    wall = now - job.start
    if cpu is not None:
        job.samples.append((now, cpu))
    if wall <= opts.walllimit:
        return False
    if wall > 6 * opts.walllimit:
        return True
    window = min(10.0, max(1.0, opts.walllimit))
    old = [s for s in job.samples if now - s[0] >= window]
    if not old or cpu is None:
        return False
    t0, c0 = old[-1]
    job.samples = [s for s in job.samples if s[0] >= t0]
    return (cpu - c0) / (now - t0) < 0.02


def killpg(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def become_subreaper():
    """Orphans of a job (children its tool did not wait for, e.g. the killed
    losers of a portfolio) are re-parented to the runner instead of init, so
    that the runner can reap them and count their CPU time for the job."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def charge(job, ru):
    job.extra_cpu += ru.ru_utime + ru.ru_stime
    job.extra_rss = max(job.extra_rss, ru.ru_maxrss)


def reap_any(running):
    """Reaps one child without blocking. A job's leader: returns (pid, status,
    rusage). An orphan of a job (we are its subreaper): its rusage is charged
    to the job of its process group; returns pid 0 as when nothing ended."""
    try:
        info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return 0, 0, None
    if info is None or info.si_pid == 0:
        return 0, 0, None
    pid = info.si_pid
    if pid in running:
        _, status, ru = os.wait4(pid, 0)
        return pid, status, ru
    try:
        pg = os.getpgid(pid)  # a zombie still has its process group
    except OSError:
        pg = None
    try:
        _, _, ru = os.wait4(pid, 0)
    except ChildProcessError:
        return 0, 0, None
    if pg in running:
        charge(running[pg], ru)
    return 0, 0, None


def finish(job, opts, status, ru):
    wall = time.monotonic() - job.start
    killpg(job.pid)  # leftovers of a pipeline or of a crashed tool
    # Reap the group's leftovers that were re-parented to us (see
    # become_subreaper) and count their CPU time too.
    deadline = time.monotonic() + 1.0
    members = group_members(job.pid)
    while members and time.monotonic() < deadline:
        for p in members:
            try:
                done, _, r = os.wait4(p, os.WNOHANG)
                if done:
                    charge(job, r)
            except ChildProcessError:
                pass
        members = group_members(job.pid)  # SIGKILLed: gone in a moment
        if members:
            time.sleep(0.01)
    cpu = ru.ru_utime + ru.ru_stime + job.extra_cpu
    mem_mb = max(ru.ru_maxrss, job.extra_rss) / 1024.0  # Linux: KiB
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
    exitcode = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -sig
    out, err = read_head_tail(job.out), read_head_tail(job.err)
    verdict, st, note = classify(job.run, job.task, opts, out, err, exitcode, sig,
                                 cpu, mem_mb, bool(job.wall_killed))
    shutil.rmtree(job.tmpdir, ignore_errors=True)
    return {"run": job.run.name, "task": job.task.id,
            "expected": job.task.word(job.task.expected) if job.task.expected is not None else "",
            "verdict": verdict, "status": st, "cpu_s": round(cpu, 3), "wall_s": round(wall, 3),
            "peak_mem_mb": round(mem_mb, 1), "language": job.task.language,
            "exit": exitcode, "note": note.replace("\n", " ")}


def execute(jobs, opts, progress=True):
    """Runs the jobs, at most opts.jobs at a time; returns the result rows.
    Single-threaded: fork/exec, then wait4(-1) so that every child's rusage
    (CPU time, peak memory of it and its reaped descendants) comes from the OS."""
    become_subreaper()
    scratch = tempfile.mkdtemp(prefix="zeta-bench-")
    pending, running, rows = list(jobs), {}, []
    last_sample, cpu_now = 0.0, {}
    total, done = len(jobs), 0
    try:
        while pending or running:
            while pending and len(running) < opts.jobs:
                j = pending.pop(0)
                start(j, opts, scratch)
                running[j.pid] = j
            pid, status, ru = reap_any(running)
            if pid == 0 or pid not in running:
                now = time.monotonic()
                if now - last_sample >= 1.0:  # once a second: the backstop
                    last_sample = now
                    cpu_now = group_cpu([j.pid for j in running.values()])
                    for j in running.values():
                        if not j.wall_killed and hung(j, now, cpu_now.get(j.pid), opts):
                            # Kill the leader's descendants first, so that the
                            # leader reaps them and their CPU time is counted;
                            # the leader itself a moment later.
                            j.wall_killed = now
                            for p in group_members(j.pid):
                                try:
                                    os.kill(p, signal.SIGKILL)
                                except OSError:
                                    pass
                for j in running.values():
                    if j.wall_killed and now - j.wall_killed > 0.3:
                        killpg(j.pid)
                if pid == 0:
                    time.sleep(0.01)
                continue
            j = running.pop(pid)
            row = finish(j, opts, status, ru)
            rows.append(row)
            done += 1
            if progress:
                sys.stderr.write("[%d/%d] %-14s %-50s %-8s %7.2fs %s\n" % (
                    done, total, row["run"][:14], row["task"][:50], row["status"],
                    row["cpu_s"], row["verdict"]))
            if row["status"] == "wrong":
                loud_wrong(row)
    except KeyboardInterrupt:
        for j in running.values():
            killpg(j.pid)
        raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return rows


def loud_wrong(row):
    sys.stderr.write("\n" + "!" * 72 + "\n!!! WRONG VERDICT: %s on %s: expected %s, got %s\n"
                     % (row["run"], row["task"], row["expected"], row["verdict"]) + "!" * 72 + "\n\n")


# ---------------------------------------------------------------- results

def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for r in sorted(rows, key=lambda r: r["task"]):
            w.writerow(r)


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        for k in ("cpu_s", "wall_s", "peak_mem_mb"):
            r[k] = float(r.get(k) or 0)
    return rows


def summarize(name, rows, lang=""):
    s = {"run": name, "language": lang, "tasks": len(rows)}
    for st in STATUSES:
        s[st] = sum(1 for r in rows if r["status"] == st)
    s["solved"] = s["correct"]
    s["safe"] = sum(1 for r in rows if r["status"] == "correct" and r["expected"] in ("SAFE", "sat", "TRUE"))
    s["unsafe"] = s["correct"] - s["safe"]
    s["cpu_s"] = round(sum(float(r["cpu_s"]) for r in rows), 2)
    s["cpu_solved_s"] = round(sum(float(r["cpu_s"]) for r in rows if r["status"] == "correct"), 2)
    return s


SUMMARY_COLS = ["run", "language", "tasks", "solved", "safe", "unsafe", "wrong", "unknown",
                "timeout", "memout", "error", "cpu_s", "cpu_solved_s"]


def table(header, lines):
    cells = [[str(h) for h in header]] + [[str(c) for c in l] for l in lines]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    fmt = lambda r: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                              for i, (c, w) in enumerate(zip(r, widths))).rstrip()
    out = [fmt(cells[0]), "  ".join("-" * w for w in widths)]
    return "\n".join(out + [fmt(r) for r in cells[1:]]) + "\n"


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


FLOOR = 0.01  # seconds; ratios of near-zero times would be noise


def compare(runs, lang):
    """Side-by-side table of runs (list of (name, rows)) on their common tasks.
    Returns (text, csv rows, footer lines)."""
    names = [n for n, _ in runs]
    by = [{r["task"]: r for r in rows} for _, rows in runs]
    common = sorted(set.intersection(*(set(b) for b in by)))
    header = ["task", "expected"]
    for n in names:
        header += [n, n + " cpu"]
    for n in names[1:]:
        header.append("%s/%s" % (n, names[0]))
    lines, csvrows = [], []
    ratios = {n: [] for n in names[1:]}
    for t in common:
        rs = [b[t] for b in by]
        line = [t, rs[0]["expected"]]
        for r in rs:
            line += [r["status"], "%.2f" % float(r["cpu_s"])]
        for k, n in enumerate(names[1:], 1):
            if rs[0]["status"] == "correct" and rs[k]["status"] == "correct":
                q = max(float(rs[k]["cpu_s"]), FLOOR) / max(float(rs[0]["cpu_s"]), FLOOR)
                ratios[n].append(q)
                line.append("%.2f" % q)
            else:
                line.append("-")
        lines.append(line)
        csvrows.append(dict(zip(header, line)))
    foot = ["%s: %d common tasks (%s)" % (lang, len(common), ", ".join(
        "%s solved %d" % (n, sum(1 for t in common if b[t]["status"] == "correct"))
        for n, b in zip(names, by)))]
    for n in names[1:]:
        foot.append("  %s vs %s: %d commonly solved, geometric mean CPU ratio %s" % (
            n, names[0], len(ratios[n]),
            "%.3f" % geomean(ratios[n]) if ratios[n] else "n/a"))
    return table(header, lines), header, csvrows, foot


def plots(runs, lang, outdir, timelimit):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("runner: matplotlib missing (apt-get install python3-matplotlib): no plots\n")
        return []
    made = []
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, rows in runs:
        ts = sorted(max(float(r["cpu_s"]), FLOOR) for r in rows if r["status"] == "correct")
        if ts:
            ax.step(ts, range(1, len(ts) + 1), where="post", label="%s (%d)" % (name, len(ts)))
        else:
            ax.plot([], [], label="%s (0)" % name)
    ax.set_xscale("log")
    top = max((float(r["cpu_s"]) for _, rs in runs for r in rs), default=1.0)
    ax.set_xlim(FLOOR * 0.8, max(timelimit or 0, top, 1.0) * 1.3)
    ax.set_ylim(0, max(len(rs) for _, rs in runs) + 0.5)
    ax.yaxis.get_major_locator().set_params(integer=True)
    if timelimit:
        ax.axvline(timelimit, color="grey", ls=":", lw=0.8)
    ax.set_xlabel("CPU time per task (s)")
    ax.set_ylabel("tasks solved correctly")
    ax.set_title("quantile plot: %s" % lang)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small", loc="best")
    p = os.path.join(outdir, "quantile-%s.png" % lang)
    fig.tight_layout()
    fig.savefig(p, dpi=100)
    plt.close(fig)
    made.append(p)
    base_name, base_rows = runs[0]
    base = {r["task"]: r for r in base_rows}
    lim = max(timelimit or 0, max((float(r["cpu_s"]) for _, rs in runs for r in rs), default=1), 1)
    for name, rows in runs[1:]:
        other = {r["task"]: r for r in rows}
        common = sorted(set(base) & set(other))
        if not common:
            continue
        val = lambda r: max(float(r["cpu_s"]), FLOOR) if r["status"] == "correct" else lim * 1.5
        fig, ax = plt.subplots(figsize=(5.5, 5.5))
        xs = [val(base[t]) for t in common]
        ys = [val(other[t]) for t in common]
        wrong = [i for i, t in enumerate(common) if "wrong" in (base[t]["status"], other[t]["status"])]
        ax.scatter(xs, ys, s=14, alpha=0.7, label="tasks")
        if wrong:
            ax.scatter([xs[i] for i in wrong], [ys[i] for i in wrong], s=40, marker="x",
                       color="red", label="wrong verdict")
        ax.plot([FLOOR, lim * 2], [FLOOR, lim * 2], color="grey", lw=0.8)
        ax.axvline(lim, color="grey", ls=":", lw=0.8)
        ax.axhline(lim, color="grey", ls=":", lw=0.8)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(FLOOR * 0.8, lim * 2)
        ax.set_ylim(FLOOR * 0.8, lim * 2)
        ax.set_xlabel("%s CPU (s)" % base_name)
        ax.set_ylabel("%s CPU (s)" % name)
        ax.set_title("%s: %s vs %s (unsolved: beyond the dotted line)" % (lang, name, base_name),
                     fontsize="small")
        ax.legend(fontsize="small", loc="lower right")
        fig.tight_layout()
        p = os.path.join(outdir, "scatter-%s-%s-vs-%s.png" % (lang, name, base_name))
        fig.savefig(p, dpi=100)
        plt.close(fig)
        made.append(p)
    return made


def report(runs, outdir, timelimit=None, make_plots=True):
    """runs: list of (name, rows). Prints and writes summary, comparisons, plots.
    Returns the number of wrong verdicts."""
    os.makedirs(outdir, exist_ok=True)
    sums = []
    for n, rows in runs:  # one line per run and task language, plus a total
        langs = sorted({r["language"] for r in rows})
        sums += [summarize(n, [r for r in rows if r["language"] == l], l) for l in langs]
        if len(langs) != 1:
            sums.append(summarize(n, rows, "all"))
    text = table(SUMMARY_COLS, [[s[c] for c in SUMMARY_COLS] for s in sums])
    # Why tasks were not solved: the most frequent notes (paths shortened).
    why = []
    for n, rows in runs:
        notes = {}
        for r in rows:
            if r["status"] in ("correct", "wrong"):
                continue
            k = "%s: %s" % (r["status"], re.sub(r"(/[^\s:/]+)+/?", "FILE", str(r.get("note", "")))[:120])
            notes[k] = notes.get(k, 0) + 1
        for k, c in sorted(notes.items(), key=lambda kv: -kv[1])[:3]:
            why.append("  %-20s %4dx %s" % (n, c, k))
    if why:
        text += "\nmost frequent reasons for unsolved tasks:\n" + "\n".join(why) + "\n"
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=SUMMARY_COLS, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        w.writerows(sums)
    print("\nSummary (solved = correct verdicts; safe/unsafe = correct ones of each kind)\n")
    print(text)
    # Side by side: per task language, the runs that cover tasks of it.
    langs = sorted({r["language"] for _, rows in runs for r in rows})
    compared = []
    for lang in langs:
        group = [(n, [r for r in rows if r["language"] == lang]) for n, rows in runs]
        group = [(n, rs) for n, rs in group if rs]
        if len(group) < 2 and not make_plots:
            continue
        if len(group) >= 2:
            txt, header, csvrows, foot = compare(group, lang)
            with open(os.path.join(outdir, "compare-%s.txt" % lang), "w") as f:
                f.write(txt + "\n" + "\n".join(foot) + "\n")
            with open(os.path.join(outdir, "compare-%s.csv" % lang), "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
                w.writeheader()
                w.writerows(csvrows)
            print("\n".join(foot))
            compared.append(lang)
        if make_plots:
            for p in plots(group, lang, outdir, timelimit):
                print("plot: %s" % p)
    if compared:
        print("\nside-by-side tables: %s" % ", ".join(
            os.path.join(outdir, "compare-%s.txt" % l) for l in compared))
    wrong = [(n, r) for n, rows in runs for r in rows if r["status"] == "wrong"]
    if wrong:
        print("\n" + "!" * 72)
        print("!!! %d WRONG VERDICT(S):" % len(wrong))
        for n, r in wrong:
            print("!!!   %s on %s: expected %s, got %s" % (n, r["task"], r["expected"], r["verdict"]))
        print("!" * 72)
    return len(wrong)


# ---------------------------------------------------------------- cluster modes

def job_command(run, task, opts, rowdir):
    args = [sys.executable, os.path.abspath(__file__), "--one", task.yml,
            "--name", run.name, "--tool", json.dumps(run.cmd), "--parser", run.parser,
            "-t", str(opts.timelimit), "-m", str(opts.memlimit),
            "--walllimit", str(opts.walllimit), "--zeta", opts.zeta, "--rows", rowdir]
    return " ".join(shlex.quote(a) for a in args)


def emit(pairs, opts):
    out = os.path.abspath(opts.output)
    rowdir = os.path.join(out, "rows")
    os.makedirs(rowdir, exist_ok=True)
    jobs_file = os.path.join(out, "jobs.txt")
    with open(jobs_file, "w") as f:
        for run, task in pairs:
            f.write(job_command(run, task, opts, rowdir) + "\n")
    n = len(pairs)
    collect = "%s %s --collect %s -t %s" % (shlex.quote(sys.executable),
                                             shlex.quote(os.path.abspath(__file__)),
                                             shlex.quote(out), opts.timelimit)
    if opts.no_plots:
        collect += " --no-plots"
    if opts.emit == "parallel":
        login = " ".join("--sshlogin %s" % shlex.quote(s) for s in (opts.sshlogin or [":"]))
        script = os.path.join(out, "run-parallel.sh")
        body = ("#!/bin/sh\n# %d jobs; GNU parallel spreads them over the ssh logins.\n"
                "# Every host needs the same paths (shared file system).\n"
                "parallel %s --jobs %d --joblog %s < %s\n%s\n"
                % (n, login, opts.jobs, shlex.quote(os.path.join(out, "parallel.joblog")),
                   shlex.quote(jobs_file), collect))
    else:
        chunk = opts.slurm_chunk or max(1, math.ceil(n / 1000.0))
        arrays = max(1, math.ceil(n / chunk))
        per_job = opts.walllimit * chunk + 60
        script = os.path.join(out, "slurm.sbatch")
        body = ("#!/bin/bash\n"
                "#SBATCH --job-name=zeta-bench\n"
                "#SBATCH --array=0-%d%%%d\n"
                "#SBATCH --cpus-per-task=1\n"
                "#SBATCH --mem=%dM\n"
                "#SBATCH --time=%d:%02d:%02d\n"
                "#SBATCH --output=%s/slurm-%%A_%%a.out\n"
                "# %d jobs, %d per array element. Submit: sbatch %s\n"
                "# When all are done: %s\n"
                "set -u\n"
                "first=$(( ${SLURM_ARRAY_TASK_ID:-0} * %d + 1 ))\n"
                "last=$(( first + %d - 1 ))\n"
                "sed -n \"${first},${last}p\" %s | while IFS= read -r cmd; do\n"
                "  sh -c \"$cmd\"\n"
                "done\n"
                % (arrays - 1, opts.jobs, int(opts.memlimit) + 512,
                   per_job // 3600, per_job % 3600 // 60, per_job % 60,
                   shlex.quote(out), n, chunk, shlex.quote(script), collect, chunk, chunk,
                   shlex.quote(jobs_file)))
    with open(script, "w") as f:
        f.write(body)
    os.chmod(script, 0o755)
    print(body, end="")
    sys.stderr.write("runner: %d jobs in %s; script %s\n" % (n, jobs_file, script))


def run_one(opts):
    task = load_task(opts.one)
    try:
        cmd = json.loads(opts.tool)
    except ValueError:
        cmd = opts.tool
    run = Run(opts.name or "tool", cmd, opts.parser)
    logdir = os.path.join(os.path.abspath(opts.rows), run.name)
    os.makedirs(logdir, exist_ok=True)
    row = execute([Job(run, task, logdir)], opts, progress=False)[0]
    path = os.path.join(logdir, task.id.replace("/", "__") + ".json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(row, f)
    os.replace(tmp, path)
    print("%s %s %s %.2fs" % (run.name, task.id, row["status"], row["cpu_s"]))
    if row["status"] == "wrong":
        loud_wrong(row)
    return 0  # --collect reports wrong verdicts; a failing job means the runner failed


def collect_rows(out):
    rowdir = os.path.join(out, "rows")
    if not os.path.isdir(rowdir):
        die("%s: no rows/ directory (written by emitted jobs)" % out)
    runs = []
    for name in sorted(os.listdir(rowdir)):
        d = os.path.join(rowdir, name)
        rows = []
        for f in sorted(os.listdir(d)):
            if f.endswith(".json"):
                with open(os.path.join(d, f)) as fh:
                    rows.append(json.load(fh))
        if rows:
            runs.append((name, rows))
    return runs


# ---------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="runner.py", description="Run a tool on SV-COMP-format tasks with OS-enforced limits.",
        epilog="Command templates may use {file} {files} {property} {formula_id} {tmpdir} {zeta} "
               "{bench} {python} {timelimit} {memlimit} {walllimit} {language} {task}.")
    ap.add_argument("tasks", nargs="*", help="task .yml files or directories of them")
    ap.add_argument("-c", "--config", action="append", default=[],
                    help="named configuration from the configs file (repeatable; comma lists too)")
    ap.add_argument("--configs", default=os.path.join(BENCH_DIR, "configs.yml"),
                    help="configurations file (default bench/configs.yml)")
    ap.add_argument("--tool", help="command template instead of a configuration, e.g. 'z3 {file}'")
    ap.add_argument("--name", help="run name for --tool (default: tool)")
    ap.add_argument("--parser", default="auto", choices=sorted(PARSERS),
                    help="how to read --tool's output (default auto)")
    ap.add_argument("--languages", help="comma list: only tasks of these languages")
    ap.add_argument("-t", "--timelimit", type=float, default=20.0, help="CPU seconds per task (default 20)")
    ap.add_argument("-m", "--memlimit", type=int, default=2048,
                    help="memory (address space) MB per task, 0 = none (default 2048)")
    ap.add_argument("--walllimit", type=float, help="wall-clock backstop: after this many seconds a job that uses no CPU is killed, "
                         "after 6 times as many any job (default 2*t+10)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="parallel jobs (default 1)")
    ap.add_argument("-o", "--output", default=os.path.join(BENCH_DIR, "results", "latest"),
                    help="results directory (default bench/results/latest)")
    ap.add_argument("--zeta", default=os.environ.get("ZETA", os.path.join(REPO_DIR, "build", "zeta")),
                    help="zeta binary for {zeta} (default $ZETA or build/zeta)")
    ap.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    ap.add_argument("--list-configs", action="store_true", help="print the configurations and stop")
    ap.add_argument("--emit", choices=["parallel", "slurm"],
                    help="do not run: write the job list and a GNU parallel / Slurm script to -o")
    ap.add_argument("--sshlogin", action="append",
                    help="for --emit parallel: GNU parallel --sshlogin value (repeatable; default ':' = local)")
    ap.add_argument("--slurm-chunk", type=int, default=0,
                    help="for --emit slurm: jobs per array element (default: enough to stay within 1000 elements)")
    ap.add_argument("--report", nargs="+", metavar="CSV", help="only report on these run CSVs")
    ap.add_argument("--collect", metavar="DIR", help="merge the rows of emitted jobs in DIR and report")
    ap.add_argument("--one", metavar="TASK", help=argparse.SUPPRESS)
    ap.add_argument("--rows", help=argparse.SUPPRESS)
    opts = ap.parse_args(argv)
    if opts.walllimit is None:  # CPU time is the limit; this only catches hangs
        opts.walllimit = 2 * opts.timelimit + 10
    if opts.timelimit <= 0 or opts.jobs < 1 or opts.memlimit < 0:
        die("need -t > 0, -j >= 1, -m >= 0")
    opts.zeta = os.path.abspath(opts.zeta)
    return opts


def on_term(signum, frame):
    raise KeyboardInterrupt  # execute() kills the running jobs' process groups


def main(argv=None):
    signal.signal(signal.SIGTERM, on_term)
    if signal.getsignal(signal.SIGHUP) != signal.SIG_IGN:  # respect nohup
        signal.signal(signal.SIGHUP, on_term)
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    if opts.one:
        if not opts.tool or not opts.rows:
            die("--one needs --tool and --rows")
        return run_one(opts)
    if opts.report:
        runs = []
        for p in opts.report:
            rows = read_csv(p)
            if rows and not all(k in rows[0] for k in ("task", "status", "cpu_s", "language")):
                sys.stderr.write("runner: %s is not a run CSV, skipped\n" % p)
                continue
            runs.append((os.path.splitext(os.path.basename(p))[0], rows))
        if not runs:
            die("no run CSVs given")
        return 1 if report(runs, os.path.abspath(opts.output), opts.timelimit, not opts.no_plots) else 0
    if opts.collect:
        out = os.path.abspath(opts.collect)
        runs = collect_rows(out)
        for n, rows in runs:
            write_csv(os.path.join(out, n + ".csv"), rows)
        return 1 if report(runs, out, opts.timelimit, not opts.no_plots) else 0
    configs = load_configs(opts.configs) if (opts.config or opts.list_configs) else {}
    if opts.list_configs:
        for n, r in configs.items():
            print("%-22s %-24s %s" % (n, ",".join(r.languages or ["all"]), r.template("default")
                                      if "default" in r.cmd else json.dumps(r.cmd)))
        return 0
    runs = []
    for c in opts.config:
        for n in c.split(","):
            n = n.strip()
            if n not in configs:
                die("no configuration %s in %s (try --list-configs)" % (n, opts.configs))
            runs.append(configs[n])
    if opts.tool:
        runs.append(Run(opts.name or "tool", opts.tool, opts.parser,
                        opts.languages.split(",") if opts.languages else None))
    if not runs:
        die("give --config NAME or --tool CMD (see --help)")
    if len({r.name for r in runs}) != len(runs):
        die("two runs have the same name")
    if not opts.tasks:
        die("no tasks given")
    tasks = collect_tasks(opts.tasks)
    if opts.languages:
        keep = opts.languages.lower().split(",")
        tasks = [t for t in tasks if t.language in keep]
    pairs = [(r, t) for r in runs for t in tasks if r.applies(t)]
    if not pairs:
        die("no task matches the configurations' languages")
    for t in tasks:
        if not os.path.isfile(t.files[0]):
            die("%s: input file %s missing" % (t.yml, t.files[0]))
    if opts.emit:
        emit(pairs, opts)
        return 0
    out = os.path.abspath(opts.output)
    os.makedirs(out, exist_ok=True)
    jobs = []
    for r, t in pairs:
        logdir = os.path.join(out, "logs", r.name)
        os.makedirs(logdir, exist_ok=True)
        jobs.append(Job(r, t, logdir))
    # Interleave runs so that a slow configuration does not come last.
    order = {id(j): k for k, j in enumerate(jobs)}
    jobs.sort(key=lambda j: (j.task.id, order[id(j)]))
    sys.stderr.write("runner: %d jobs (%d runs), CPU limit %gs, memory %d MB, %d parallel\n"
                     % (len(jobs), len(runs), opts.timelimit, opts.memlimit, opts.jobs))
    rows = execute(jobs, opts)
    results = []
    for r in runs:
        rr = [x for x in rows if x["run"] == r.name]
        write_csv(os.path.join(out, r.name + ".csv"), rr)
        results.append((r.name, rr))
    print("results: %s" % out)
    wrong = report(results, out, opts.timelimit, not opts.no_plots)
    return 1 if wrong else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.stderr.write("runner: interrupted\n")
        sys.exit(130)
