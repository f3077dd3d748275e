"""Run a cell under CPython at build time, so the page can show its output before any JavaScript.

Each cell runs in a Python process of its own, in a folder that holds exactly the Python files
the browser's worker gets (``ember`` and the runner), through the same runner
(``runtime/cellrun.py``). So a cell sees the same modules, and prints the same paths, in both.
On Linux the process is forked from a fork server (site_src/forkserver.py), which saves each
run the start of a new python; elsewhere it is a new python.

A run's result can be kept in a cache folder, under the digest of everything that decides it:
the runner, its input, the time limit, the Python version and every file it is given (Lib). An
unchanged lesson then rebuilds without starting a process or writing a file.
"""

import atexit
import functools
import hashlib
import json
import math
import os
import queue
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from site_src.kept import keep, recall


@dataclass(frozen=True)
class CellResult:
    """What a cell did at build time.

    Attributes:
        error: The name of the exception the cell raised, or None if it ran to the end.
        output: The printed output, as ("stdout" | "stderr", text) chunks in the order written.
    """

    error: str | None
    output: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        """All the printed output as one string (graphs, plots and networks from hx left out)."""
        return "".join(text for stream, text in self.output if stream not in DRAWINGS)


VALID = {
    "cellrun.py": lambda r: isinstance(r, dict) and {"error", "output"} <= r.keys()
    and isinstance(r["output"], list),
    "checks.py": lambda r: isinstance(r, dict) and isinstance(r.get("results"), list) and isinstance(r.get("blame"), list)
    and all(isinstance(c, dict) and "status" in c for c in r["results"]),
}
"""What each runner's result looks like, to tell a kept result from a damaged one."""


CORES = os.cpu_count() or 1
"""How many runs the build makes at once, one per core, whichever threads ask for them."""
FORKS = hasattr(os, "fork") and hasattr(os, "pidfd_open")
"""Whether runs are forked from a fork server (site_src/forkserver.py, Linux), rather than each
started as a new python."""
FORK_SERVER = Path(__file__).with_name("forkserver.py")


@functools.cache
def _bytecode() -> str:
    """The folder where the fork servers keep their runs' bytecode (forkserver.compiled), one for
    this process, removed as it ends."""
    folder = tempfile.mkdtemp(prefix="ember-bytecode-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


class _ForkServer:
    """A fork server's process, asked for one run at a time.

    Raises:
        OSError: If it cannot start, or this system does not let it wait for a child.
    """

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-X", "utf8", "-E", "-S", "-B", str(FORK_SERVER), _bytecode()],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
        atexit.register(self.end)
        ready = self._answer()
        if not ready.get("ready"):
            self.end()
            raise OSError(f"the fork server cannot wait for a child: {ready.get('why')}")

    def run(self, request: dict) -> dict:
        """Send request; return its answer. Raises OSError when the server has ended."""
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError) as exc:
            raise OSError("the fork server has ended") from exc
        return self._answer()

    def _answer(self) -> dict:
        try:
            answer = self.process.stdout.readline()
        except (OSError, ValueError) as exc:
            raise OSError("the fork server has ended") from exc
        if not answer:
            raise OSError("the fork server has ended")
        return json.loads(answer)

    def end(self) -> None:
        """End the server's process, and wait for it."""
        self.process.kill()
        self.process.wait()


_SLOTS: queue.SimpleQueue = queue.SimpleQueue()
"""CORES slots, each a fork server or None (not started, or forks not used), taken by a run for
as long as its process lives: site_src/ahead.py and course.problems ask for runs from many
threads at once, and the slots keep the processes to CORES."""
for _ in range(CORES):
    _SLOTS.put(None)


DRAWINGS = ("graph", "plot", "network", "digits", "steer")
"""The streams of a run's output that hx draws on the page, not printed text (runtime/hx.py)."""


class CellFailure(Exception):
    """A cell could not be run to a result: it ran past its time limit, or killed its process."""


class Lib:
    """The Python files a run is given, and the folder they are written to, once, when the first
    run that is not kept needs them: a build with every run kept writes and reads none.

    Attributes:
        files: ``{"ember/scalar.py": text, ...}``, each path relative to folder.
        folder: A run's working folder, first on its sys.path. Writing replaces what it held.
        digest: A digest of files, part of the name each run is kept under.
    """

    def __init__(self, files: Mapping[str, str], folder: Path) -> None:
        self.files = dict(files)
        self.folder = folder
        digest = hashlib.sha256()
        for name in sorted(self.files):
            digest.update(name.encode() + b"\0" + hashlib.sha256(self.files[name].encode()).digest())
        self.digest = digest.hexdigest()
        self._lock = threading.Lock()
        self._written = False

    def written(self) -> Path:
        """folder, with files written to it on the first call (runs ask from many threads)."""
        with self._lock:
            if not self._written:
                shutil.rmtree(self.folder, ignore_errors=True)
                for name, text in self.files.items():
                    path = self.folder / name
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, encoding="utf-8")
                self._written = True
        return self.folder


def run_cell(source: str, lib: Lib, timeout: float = 30.0, cache: Path | None = None) -> CellResult:
    """Run source as a cell in a CPython process of its own.

    Args:
        source: The cell's Python code.
        lib: The files the cell runs on, ember's and the runtime's.
        timeout: Seconds before the cell is stopped.
        cache: A folder of earlier results to reuse and add to, or None to always run.

    Returns:
        The cell's result. A cell that raises is a normal result, with its exception's name.

    Raises:
        CellFailure: If the cell runs longer than timeout seconds, or its process dies before
            the runner writes a result (as with ``os._exit``).
    """
    result = _run("cellrun.py", source, lib, timeout, cache)
    return CellResult(result["error"], tuple((stream, text) for stream, text in result["output"]))


def is_kept(source: str, lib: Lib, timeout: float, cache: Path) -> bool:
    """Whether run_cell, given the same arguments, would take its result from cache without
    running the cell."""
    return recall(cache, _digest("cellrun.py", source, lib, timeout), VALID["cellrun.py"]) is not None


def run_checks(checks: list[dict], lib: Lib, gaps: list[str] = (), timeout: float = 30.0,
               cache: Path | None = None) -> list[dict]:
    """Run a lab's checks in a CPython process of its own, as the browser's worker runs them.

    Args:
        checks: ``[{"title": str, "code": str}, ...]``, as runtime/checks.py takes them.
        lib: The files of the ember to check, and the runtime's.
        gaps: The gaps of the lab the checks are of.
        timeout: Seconds before the run is stopped.
        cache: A folder of earlier results to reuse and add to, or None to always run.

    Returns:
        ``[{"status": "passed" | "failed" | "error", "reason": str}, ...]``, one per check.

    Raises:
        CellFailure: If the checks run longer than timeout seconds or kill their process.
    """
    return check_lab(checks, lib, gaps, timeout=timeout, cache=cache)["results"]


def check_lab(checks: list[dict], lib: Lib, gaps: list[str] = (), answers: dict[str, str] | None = None,
              spans: dict | None = None, unwritten: list[str] = (), timeout: float = 30.0,
              cache: Path | None = None, time_limit: float | None = None, beside: tuple[str, ...] = ()) -> dict:
    """run_checks, and with the course's answers, where a failing lab is wrong.

    Args:
        answers: The course's text of gaps (runtime/checks.py's run_lab), or None for no blame.
        spans: Where the gaps lie in lib's files (gaps.Ember.spans).
        unwritten: The gaps of the lab and of the page's earlier labs that still hold their stub.
        beside: The gaps of the page's earlier labs (run_lab's).
        time_limit: The page's time limit of the checks (run_lab's), or None for none: the
            build keeps none, so that its results never depend on how busy the machine is.

    Returns:
        ``{"results": [...], "blame": [...]}``, as runtime/checks.py's run_lab.
    """
    asked = {"checks": checks, "gaps": list(gaps), "answers": answers, "spans": spans, "unwritten": list(unwritten),
             "time_limit": time_limit, "beside": list(beside)}
    return _run("checks.py", json.dumps(asked), lib, timeout, cache)


def _run(runner: str, stdin: str, lib: Lib, timeout: float, cache: Path | None):
    """Run a runtime module as ``python RUNNER LIB_ROOT RESULT_FILE``; return its JSON result,
    from cache when the same run is kept there."""
    name = _digest(runner, stdin, lib, timeout)
    result = recall(cache, name, VALID[runner])
    if result is None:
        result = _run_process(runner, stdin, lib.written(), timeout)
        keep(cache, name, result)
    return result


def _digest(runner: str, stdin: str, lib: Lib, timeout: float) -> str:
    """A digest of everything that decides a run's result."""
    return hashlib.sha256(json.dumps([runner, stdin, timeout, sys.version, lib.digest]).encode()).hexdigest()


def _run_process(runner: str, stdin: str, lib_root: Path, timeout: float):
    """Run a runtime module in a process of its own, once a slot is free; return its JSON result.

    timeout counts the processor time the process uses, where the system can limit it (Linux):
    a machine busy with other builds slows a run down but does not stop it. A run that waits
    instead of computing is stopped at WALL_CEILING times timeout.
    """
    global FORKS
    server = _SLOTS.get()
    try:
        with tempfile.TemporaryDirectory(prefix="ember-run-") as scratch:
            if FORKS:
                try:
                    server = server or _ForkServer()
                    return _forked(server, runner, stdin, lib_root, timeout, Path(scratch))
                except OSError:
                    if server is None:
                        FORKS = False  # this system cannot: every run is a new python from now on
                    else:
                        server.end()  # it ended under this run: the next run starts another
                        server = None
            return _started(runner, stdin, lib_root, timeout, Path(scratch) / "started.json")
    finally:
        _SLOTS.put(server)


def _forked(server: _ForkServer, runner: str, stdin: str, lib_root: Path, timeout: float, scratch: Path):
    """Run a runtime module in a process forked by server.

    Raises:
        OSError: If server has ended (or its scratch files cannot be written or read).
    """
    files = {name: scratch / name for name in ("stdin", "stdout", "stderr", "result.json")}
    files["stdin"].write_text(stdin, encoding="utf-8")
    answer = server.run({"runner": str(lib_root / runner), "lib_root": str(lib_root), "result": str(files["result.json"]),
                         "stdin": str(files["stdin"]), "stdout": str(files["stdout"]), "stderr": str(files["stderr"]),
                         "cpu": timeout, "wall": timeout * WALL_CEILING})
    status = answer.get("status", 0)
    if answer.get("timeout") or os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        raise CellFailure(f"the code ran for more than {timeout:g} s")
    printed = "".join(files[name].read_text(encoding="utf-8", errors="replace") for name in ("stdout", "stderr")
                      if files[name].is_file())
    return _result(files["result.json"], os.waitstatus_to_exitcode(status), printed)


def _started(runner: str, stdin: str, lib_root: Path, timeout: float, result_file: Path):
    """Run a runtime module as a new python process."""
    # -E -S: no PYTHON* variables and no site-packages, as in the browser; the runner's
    # folder (lib_root) is first on sys.path. -B: no bytecode written into it, as a forked run.
    process = subprocess.Popen(
        [sys.executable, "-X", "utf8", "-E", "-S", "-B", str(lib_root / runner), str(lib_root), str(result_file)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        encoding="utf-8", cwd=lib_root)
    counted = _limit_processor_time(process.pid, timeout)
    try:
        stdout, stderr = process.communicate(stdin, timeout=timeout * WALL_CEILING if counted else timeout)
    except subprocess.TimeoutExpired as exc:
        process.kill()
        process.communicate()
        raise CellFailure(f"the code ran for more than {timeout:g} s") from exc
    if process.returncode in (-signal.SIGXCPU, -signal.SIGKILL) and counted:
        raise CellFailure(f"the code ran for more than {timeout:g} s")
    return _result(result_file, process.returncode, stdout + stderr)


def _result(result_file: Path, exit_code: int, printed: str):
    """The JSON result a run wrote; CellFailure when it wrote none."""
    if not result_file.is_file():
        raise CellFailure(f"the Python process ended without a result (exit code {exit_code}):\n{printed}")
    return json.loads(result_file.read_text(encoding="utf-8"))


WALL_CEILING = 10
"""How many times its time limit a run may last on the clock, when the limit counts processor time."""


def _limit_processor_time(pid: int, seconds: float) -> bool:
    """Let process pid use at most seconds of processor time (SIGXCPU, then SIGKILL a second
    later); say whether the system could set the limit (resource.prlimit is Linux's)."""
    if not hasattr(resource, "prlimit"):
        return False
    limit = math.ceil(seconds)
    try:
        resource.prlimit(pid, resource.RLIMIT_CPU, (limit, limit + 1))
    except (OSError, ValueError):  # the process has already ended
        return False
    return True
