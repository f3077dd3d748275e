"""The build's fork server: a Python started with the flags of a build-time run, which imports
the standard library's modules that the runners use once, then forks a process for each run.

A fresh ``python`` for each of a cold build's 557 runs spent about 30 ms starting and importing
json, re and traceback: some 17 s of processor time. A fork takes about 1 ms. The child is what
``python -X utf8 -E -S -B LIB_ROOT/RUNNER LIB_ROOT RESULT`` would be: its working folder,
``sys.path[0]`` and ``sys.argv`` are the run's, its stdin, stdout and stderr are the run's files,
and its processor time is limited. Its calls may go as deep, and it ends as the interpreter
ends (its threads waited for, its atexit functions called). sys.modules also holds the
modules imported here; those that seed themselves, as random does, are not, so that each run
seeds its own. The source files its runs import, and the runners, are compiled once for all
runs, and kept by content (compiled); so are tokenize's patterns, which blame.py's first diff
would compile again in each run (10 ms).

One JSON line each way per run, on stdin and stdout:

- in: ``{"runner": path, "lib_root": path, "result": path, "stdin": path, "stdout": path,
  "stderr": path, "cpu": seconds, "wall": seconds}``
- out: ``{"status": status}``, as os.waitpid gives it, or ``{"timeout": true}`` when the run
  lasted "wall" seconds, and was killed.

Run as ``python -X utf8 -E -S -B forkserver.py BYTECODE_FOLDER`` (site_src/execute.py); it imports
nothing of site_src.
"""

import _imp
import ast  # noqa: F401 (for the runs: see above)
import atexit
import contextlib
import dataclasses  # noqa: F401
import difflib  # noqa: F401
import hashlib
import importlib.machinery
import importlib.util  # noqa: F401
import io
import itertools  # noqa: F401
import json
import keyword  # noqa: F401
import linecache  # noqa: F401
import marshal
import math
import numbers  # noqa: F401
import os
import pathlib  # noqa: F401
import re  # noqa: F401
import resource
import select
import signal
import sys
import textwrap  # noqa: F401
import threading
import time  # noqa: F401
import tokenize
import traceback
import types
import warnings  # noqa: F401
from collections import abc  # noqa: F401


def compiled(source: bytes, path: str, folder: str) -> types.CodeType:
    """source compiled as the module at path, as the import system compiles it; compiled once for
    all runs, and kept in folder under the digest of source. A run that rewrites a file (blame.py
    does) compiles its new text, and the same text at another path is only renamed."""
    kept = os.path.join(folder, hashlib.sha256(source).hexdigest())
    try:
        with open(kept, "rb") as file:
            code = marshal.load(file)
        _imp._fix_co_filename(code, path)  # what importlib does to bytecode compiled elsewhere
        return code
    except (OSError, EOFError, ValueError, TypeError):  # not kept yet, or cut short
        pass
    code = compile(source, path, "exec", dont_inherit=True)
    written = f"{kept}.{os.getpid()}"
    with open(written, "wb") as file:
        marshal.dump(code, file)
    os.replace(written, kept)  # whole, for a run that reads it at the same time
    return code


BYTECODE = sys.argv[1] if __name__ == "__main__" else ""
"""The folder where compiled keeps the runs' bytecode (the server's argument)."""


IMPORTLIB = "<frozen importlib._bootstrap_external>"
"""The file name of importlib's own code: a traceback leaves out a run of its frames that ends in
compiling a module, as a SyntaxError's does (import.c, remove_importlib_frames)."""

SOURCE_TO_CODE = """
def source_to_code(loader, data, path, *, _optimize=-1):
    try:
        return compiled(bytes(data), path, BYTECODE)
    except Exception:
        pass  # importlib's own compile raises it again, outside this handler: no chained error
    return own(loader, data, path, _optimize=_optimize)
"""
"""What the import system calls to compile a module's source: compiled, in BYTECODE. Each run's
folder is new, so the bytecode a python would write there (-B: it writes none) would never be read
again; compiling ember and the runtime took a check's run some 35 ms of 50. A source that does not
compile is compiled by importlib's own source_to_code (own), which raises its error as a new python
does. The function is compiled as importlib's file (IMPORTLIB), so that a traceback leaves its
frame out with importlib's, as a new python's does."""


def _source_to_code() -> types.FunctionType:
    """SOURCE_TO_CODE's function, its names bound to this module's."""
    names = {"compiled": compiled, "BYTECODE": BYTECODE, "own": importlib.machinery.SourceFileLoader.source_to_code}
    exec(compile(SOURCE_TO_CODE, IMPORTLIB, "exec"), names)
    return names["source_to_code"]


def serve() -> None:
    """Say whether this system lets the server wait for a child (pidfd_open), then answer each
    request on stdin until it closes."""
    commands = io.open(0, "rb", buffering=0, closefd=False)
    answers = io.open(1, "w", encoding="utf-8", closefd=False)
    try:
        os.close(os.pidfd_open(os.getpid()))
    except OSError as exc:  # an old kernel, or a sandbox that refuses it
        answers.write(json.dumps({"ready": False, "why": str(exc)}) + "\n")
        return
    answers.write(json.dumps({"ready": True}) + "\n")
    answers.flush()
    for line in iter(commands.readline, b""):
        answers.write(json.dumps(run(json.loads(line))) + "\n")
        answers.flush()


def run(request: dict) -> dict:
    """Fork a child for request, and wait for it, at most request["wall"] seconds."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(request)
    waiting = os.pidfd_open(pid)
    try:
        ended, _, _ = select.select([waiting], [], [], request["wall"])
        if not ended:
            os.kill(pid, signal.SIGKILL)
        status = os.waitpid(pid, 0)[1]
    finally:
        os.close(waiting)
    return {"status": status} if ended else {"timeout": True}


def _child(request: dict) -> None:
    """Become the run, as a new python would run it: never returns."""
    code = 1
    try:
        written = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        for fd, name, mode in ((0, "stdin", os.O_RDONLY), (1, "stdout", written), (2, "stderr", written)):
            opened = os.open(request[name], mode, 0o600)
            os.dup2(opened, fd)  # in place of the server's own pipes
            os.close(opened)
        # As -X utf8 sets them up.
        sys.stdin = sys.__stdin__ = io.open(0, "r", encoding="utf-8", errors="surrogateescape", closefd=False)
        sys.stdout = sys.__stdout__ = io.open(1, "w", encoding="utf-8", errors="surrogateescape", closefd=False)
        sys.stderr = sys.__stderr__ = io.open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        limit = math.ceil(request["cpu"])
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
        os.chdir(request["lib_root"])
        sys.argv = [request["runner"], request["lib_root"], request["result"]]
        sys.path[0] = os.path.dirname(request["runner"])
        code = _main(request["runner"])
    except BaseException:
        traceback.print_exc()
    finally:
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _main(runner: str) -> int:
    """Run the file runner as __main__, then end as the interpreter would: wait for its threads
    and call its atexit functions. Returns the exit code."""
    main = types.ModuleType("__main__")
    main.__file__ = runner
    sys.modules["__main__"] = main
    with open(runner, "rb") as file:
        program = compiled(file.read(), runner, BYTECODE)
    # Under the runner's frame are these and exec's call: a new python has none, and goes as deep.
    sys.setrecursionlimit(sys.getrecursionlimit() + len(traceback.extract_stack()) + 1)
    try:
        exec(program, main.__dict__)
        code = 0
    except SystemExit as exc:
        code = 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 1
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        code = 1
    threading._shutdown()  # what the interpreter does at its end
    atexit._run_exitfuncs()
    return code


if __name__ == "__main__":
    importlib.machinery.SourceFileLoader.source_to_code = _source_to_code()
    list(tokenize.generate_tokens(io.StringIO("x\n").readline))  # compiles its patterns once for all runs
    serve()
