"""Whether a run changed what the runtime relies on, so that the next run would start from state the
learner's code has reached: then the worker starts Python afresh before the next run, and says why.

The runtime puts back around each run what a cell may change by name (``restore.py``). A cell can
go further: replace a method of a standard class the runtime uses
(``json.encoder.JSONEncoder.encode``, ``traceback.TracebackException.format``), a function's code
(``checks._outcome.__code__``), or, found through ``gc.get_objects()`` or a frame, the runner's
own saved state (the builtins it puts back). :func:`watch` keeps, as the worker starts, the
identity of everything the runtime relies on one step away from its modules (each name of the
runtime's and its standard modules, each attribute of their classes, the contents of their
functions' closures, and the runner's saved state), and gives the worker a check that compares
them after each run. An audit hook (PEP 578, which cannot be removed) reports at once each search
of Python's objects, each replaced ``__code__`` or defaults, a first import of the worker's
JavaScript, and a frame reached from the learner's code.

The check and the hook are closures held by the worker's JavaScript and by the interpreter, and
reach nothing through a module's names, so a cell cannot find them but by the very searches that
the hook reports. Under CPython (the build) nothing calls watch.
"""

import builtins
import os
import sys
import types
from collections.abc import Callable
from itertools import repeat
from operator import is_

from restore import RUNTIME, STANDARD

SEARCHES = {"gc.get_objects": "searched Python's objects (gc.get_objects)",
            "gc.get_referrers": "searched Python's objects (gc.get_referrers)",
            "gc.get_referents": "searched Python's objects (gc.get_referents)",
            "sys._current_frames": "reached the frames of Python's threads (sys._current_frames)"}
"""Audit events that reach any object of the runtime, and what the report says of each."""
REPLACED = {"__code__", "__defaults__", "__kwdefaults__", "__class__"}
"""Attributes whose change the audit event object.__setattr__ (or __delattr__) reports."""
FRAMES = {"tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back"}
"""Attributes that lead to frames, and through them to the runtime's own variables: reported
(object.__getattr__) when the learner's code, or what it called, reads one."""
JAVASCRIPT = {"js", "pyodide_js", "pyodide.code"}
"""Modules that reach the worker's JavaScript: a first import of one is reported."""
ALL, MODULE, SOME = "all", "module", "some"
"""What check() asks of a holder beyond its kept contents: nothing more, for ALL; for MODULE, no
name added that hides a builtin (a module may cache a name of its own as it is used: ast does);
for SOME, nothing (the runner's other attributes change from run to run)."""
SAVED = ("_builtins", "_set_recursion_limit", "_recursion_limit", "_warnings", "_kept")
"""The attributes of the runner (cellrun.Session) that hold what it puts back after each run."""


def watch(session: object, report: Callable[[str], None]) -> Callable[[], str | None]:
    """Start watching the runtime; report(why) is called as soon as the audit hook sees a search of
    Python's objects, a replaced ``__code__``, a first import of the worker's JavaScript, or, from
    the learner's code (or what it called), a frame reached.

    Args:
        session: The cellrun.Session whose saved state (its builtins, recursion limit setter,
            warnings filters and restore.Kept) is kept.
        report: Called with what the code did, in words ("searched Python's objects
            (gc.get_objects)").

    Returns:
        check(): what a run changed of the kept state, in words ("changed
        json.encoder.JSONEncoder.encode"), or None when it changed nothing.
    """
    checks = sys.modules.get("checks")
    entries = {type(session).run.__code__, *([checks._outcome.__code__] if checks else [])}
    _hook(report, _runtime_files(session), entries)
    return _checker(_kept(session))


def _runtime_files(session: object) -> tuple[str, ...]:
    """The starts of the file names of code that is not the learner's: the standard library's
    (and Pyodide's own, beside it), the runtime's files, frozen modules and Pyodide's runPython."""
    standard = os.path.dirname(os.__file__) + os.sep
    return (standard, "<frozen ", "<exec>", *(f"{session.lib_root}{name}.py" for name in RUNTIME))


def _hook(report: Callable[[str], None], runtime: tuple[str, ...], entries: set) -> None:
    """Add the audit hook that calls report. Events raised while it works are not heard. runtime:
    as _runtime_files gives; entries: the code of the runtime's functions that run the learner's
    code (a cell, a check), below which no frame is the learner's."""
    busy = [False]

    def learners_code_runs(getframe=sys._getframe) -> bool:
        frame = getframe(2)  # the event's caller
        while frame is not None and frame.f_code not in entries:
            if not frame.f_code.co_filename.startswith(runtime):
                return True
            frame = frame.f_back
        return False

    def said(event: str, args: tuple, searches=SEARCHES, replaced=REPLACED, frames=FRAMES, javascript=JAVASCRIPT,
             len=len, type=type, getattr=getattr) -> str | None:
        if event in searches:
            return searches[event]
        if event in ("object.__setattr__", "object.__delattr__") and len(args) > 1 and args[1] in replaced:
            return f"replaced the {args[1]} of {getattr(args[0], '__qualname__', type(args[0]).__name__)}"
        if event == "import" and args and args[0] in javascript:
            return f"reached the worker's JavaScript (import {args[0]})"
        if event in ("sys._getframe", "code.__new__") or (event == "object.__getattr__" and len(args) > 1
                                                            and args[1] in frames):
            return "reached Python's frames" if event != "code.__new__" else "made code objects"
        return None

    def hook(event: str, args: tuple, str=str) -> None:
        if busy[0]:
            return
        busy[0] = True
        try:
            why = said(event, args)
            if why and (event not in ("sys._getframe", "code.__new__", "object.__getattr__") or learners_code_runs()):
                report(str(why))
        finally:
            busy[0] = False

    sys.addaudithook(hook)


def _kept(session: object) -> list[tuple[str, object, dict, str]]:
    """What check() compares: (name, holder, {key: value}, which) for each module's names, each
    class's attributes, each closure's contents, and the session's saved state;
    the holder is the live dict, list or function, the values its contents now, which says what
    else must hold (ALL, MODULE or SOME)."""
    kept = []
    modules = {name: sys.modules[name] for name in ("builtins", *STANDARD, *RUNTIME) if sys.modules.get(name)}
    for name, module in modules.items():
        kept.append((name, vars(module), dict(vars(module)), MODULE))
        for key, value in vars(module).items():
            if isinstance(value, type) and value.__module__ == name:
                kept.append(_entry(f"{name}.{value.__qualname__}", vars(value)))
                kept += [_entry(f"{name}.{value.__qualname__}.{attr}", item)
                         for attr, item in vars(value).items() if _closed(item)]
            elif _closed(value):
                kept.append(_entry(f"{name}.{key}", value))
    restore = session._kept
    saved = vars(session)
    kept += [("the runner", saved, {key: saved[key] for key in SAVED}, SOME),
             _entry("the runner's saved builtins", session._builtins),
             _entry("the runner's saved warnings filters", session._warnings),
             _entry("the runner's kept state", vars(restore)), _entry("the runner's kept modules", restore.modules),
             _entry("the runner's kept sys.path", restore.path)]
    if _closed(session._set_recursion_limit):  # guards.py's, which holds the real one and the most
        kept.append(_entry("the runner's guarded sys.setrecursionlimit", session._set_recursion_limit))
    kept += [_entry(f"the runner's kept names of {name}", names) for name, names in restore.names.items()]
    kept += [_entry(f"the runner's kept attributes of {cls.__qualname__}", attributes)
             for cls, attributes in restore.classes.items()]
    return kept


def _closed(value: object) -> bool:
    """Whether value is a function with a closure, whose cells' contents check() compares."""
    return isinstance(value, types.FunctionType) and bool(value.__closure__)


def _entry(name: str, holder: object) -> tuple[str, object, dict, str]:
    """(name, holder, a copy of its contents now, ALL) for _kept."""
    return name, holder, dict(_contents(holder)), ALL


def _inside(function: types.FunctionType) -> dict:
    """The contents of a function's closure's cells, by place: what may change unseen, for the
    audit hook reports a replaced code or defaults (reading __closure__ raises no event)."""
    parts = {}
    for index, cell in enumerate(function.__closure__ or ()):
        try:
            parts[index] = cell.cell_contents
        except ValueError:  # an empty cell
            parts[index] = cell
    return parts


def _contents(holder: object, inside=_inside, function_type=types.FunctionType, isinstance=isinstance, list=list,
              dict=dict, enumerate=enumerate) -> object:
    """What holder holds, by key: a function's closure's contents, a list's items by place, a
    mapping itself."""
    if isinstance(holder, function_type):
        return inside(holder)
    if isinstance(holder, list):
        return dict(enumerate(holder))
    return holder


def _same(now, values: dict, is_=is_, map=map, all=all, repeat=repeat, missing=object()) -> bool:
    """Whether now holds each key of values bound to the same object: compared in C (map, is_),
    for check() compares some 8,600 of them after each run (1.4 ms in CPython)."""
    return all(map(is_, map(now.get, values, repeat(missing)), values.values()))


def _checker(kept: list[tuple[str, object, dict, str]]) -> Callable[[], str | None]:
    """The check that watch returns, comparing kept by identity only: no code of a cell runs in it."""

    def check(kept=kept, contents=_contents, builtin_names=frozenset(vars(builtins)), every=ALL, module=MODULE,
              same=_same, isinstance=isinstance, len=len, str=str) -> str | None:
        for name, holder, values, which in kept:
            now = contents(holder)
            if (which != every or len(now) == len(values)) and same(now, values):
                if which == module and len(now) != len(values):
                    added = [key for key in now if key not in values and key in builtin_names]
                    if added:
                        return f"changed {name}.{added[0]}"
                continue
            for key, value in values.items():
                if key not in now or now[key] is not value:
                    return f"changed {name}.{key}" if isinstance(key, str) else f"changed {name}"
            return f"changed {name}"
        return None

    return check
