"""Run a lab's checks against the learner's ember, each to its own status and a short reason.

A check is a plain-words title and a Python body. The body runs in a fresh namespace holding
:func:`expect`, with ember imported afresh, and passes if it ends without an exception:

- an AssertionError (from ``expect`` or ``assert``) makes it **failed**, with the message as
  the reason;
- any other exception makes it **error**, with the exception and the learner's line as reason.

What the learner's code prints while a check runs is kept with its result, cut as a cell's
output is (cellrun.OutputSink). A check may carry the typical mistakes that fail it, each with
its gap and the status and reason the check then gives (site_src/course.py finds them at build
time). Given the course's text of the gaps, a failing lab is blamed (blame.py): each gap at
fault, its line, and the words of its own mistake, which the first check it fails also says.
Without it, a mistake whose results agree with the learner's on every check of the lab
(diagnosis.py) is said on the first failing result.

The build runs this file under CPython (``python checks.py LIB_ROOT RESULT_FILE``, see
:func:`main`) and the browser's worker calls :func:`run_checks` inside Pyodide.
"""

import contextlib
import json
import linecache
import sys
import time
import traceback
from collections.abc import Callable

import hx
from cellrun import NoInput, OutputSink, Session, Stream, append_chunk
from diagnosis import diagnosis
from interrupts import heeded
from timeouts import PROCESSOR, SLACK, WALL, Clock, TimedOut, limited, within

CHECK_FILENAME = "<check>"
MAX_SHOWN = 300
"""The most characters of a value that a reason shows; a longer repr is cut."""
MAX_REASON = 2000
"""The most characters of a reason; the rest is cut, with a note."""
READING = (AttributeError, IndexError, KeyError, TypeError, ValueError)
"""The errors a check's own code raises when what the learner's code gave is not what it reads."""
MAX_DRAWINGS = 10
"""The most drawings a check hands on, each a "Show the graph" of its result."""
BLAME_TIME = 3.0
"""The most seconds spent finding where a failing lab is wrong, after its checks have run."""
TRIAL_TIME = 1.0
"""The least time limit of one trial of the blame; it is twice the checks' own time if longer. The
build counts it in processor time (timeouts.PROCESSOR), so that its pointers do not depend on how
busy the machine is."""
MIN_CHECK_TIME = 0.5
"""The least time a check is started with: one that would have less is not run, so that it is
not said to be code that never ends."""
UNTIMED_BLAME = 20.0
"""The seconds the blame may take where the checks have no time limit (the build)."""


def describe(value: object) -> str:
    """Name a value and its type in plain words, such as ``the float 3.0`` or ``a tuple (a, b)``."""
    kind = type(value).__name__
    try:
        shown = _repr(value)
    except Exception as exc:  # a learner's __repr__ may raise
        shown = f"<its repr raised {type(exc).__name__}>"
    if len(shown) > MAX_SHOWN:
        shown = f"{shown[:MAX_SHOWN]}… ({len(shown):,} characters)"
    if value is None or isinstance(value, bool):
        return shown
    if isinstance(value, (int, float, str)):
        return f"the {kind} {shown}"
    return f"{'an' if kind[0] in 'AEIOU' else 'a'} {kind} {shown}"


def _repr(value: object) -> str:
    """repr(value); a set's elements in sorted order, as the order a set keeps changes from one
    run to the next (Values hash by id), and a reason must not."""
    if type(value) in (set, frozenset) and value:
        inside = "{" + ", ".join(sorted(map(repr, value))) + "}"
        return inside if type(value) is set else f"frozenset({inside})"
    return repr(value)


def expect(actual: object, expected: object, what: str = "") -> None:
    """Pass if actual has expected's type and equals it; else fail with both described.

    Args:
        actual: What the learner's code gave.
        expected: What it should give.
        what: What actual is, such as ``Value(3).data``; it starts the reason.

    Raises:
        AssertionError: With a reason such as ``Value(3).data: expected the float 3.0, got the
            int 3``.
    """
    if type(actual) is type(expected) and actual == expected:
        return
    prefix = f"{what}: " if what else ""
    if isinstance(expected, (list, tuple)) and isinstance(actual, (list, tuple)) and len(actual) != len(expected):
        raise AssertionError(f"{prefix}expected {len(expected)} {_items(len(expected))}, got {len(actual)}: "
                             f"expected {describe(expected)}, got {describe(actual)}")
    raise AssertionError(f"{prefix}expected {describe(expected)}, got {describe(actual)}")


def _items(count: int) -> str:
    return "item" if count == 1 else "items"


def near(actual: object, expected: float | list[float], what: str = "", within: float = 1e-12) -> None:
    """Pass if actual is a number within ``within`` of expected, or a list or tuple of as many
    numbers, each within ``within`` of its own; else fail, each number written to the digit
    where it differs from the one expected (0.88078 against 0.8807970779778823 reads 0.88078
    against 0.88080).

    Raises:
        AssertionError: With a reason such as ``sigmoid(2.0): expected 0.88080 (to within
            1e-12), got 0.88078`` or ``knobs: expected 2 items, got 1: a list [1.0]``.
    """
    prefix = f"{what}: " if what else ""
    many = isinstance(expected, (list, tuple))
    pairs = list(zip(actual, expected)) if many and isinstance(actual, (list, tuple)) else [(actual, expected)]
    if many and not isinstance(actual, (list, tuple)):
        raise AssertionError(f"{prefix}expected {len(expected)} numbers, got {describe(actual)}")
    if many and len(actual) != len(expected):
        raise AssertionError(f"{prefix}expected {len(expected)} {_items(len(expected))}, got {len(actual)}: {describe(actual)}")
    for got, want in pairs:
        if not _is_number(got):
            raise AssertionError(f"{prefix}expected a number near {want!r}, got {describe(got)}")
    if all(abs(got - want) <= within for got, want in pairs):
        return
    shown = [_to_difference(got, want) for got, want in pairs]
    if many:
        wants, gots = (", ".join(side[i] for side in shown) for i in (1, 0))
        raise AssertionError(f"{prefix}expected [{wants}] (each to within {within:g}), got [{gots}]")
    raise AssertionError(f"{prefix}expected {shown[0][1]} (to within {within:g}), got {shown[0][0]}")


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _to_difference(got: float, want: float) -> tuple[str, str]:
    """got and want written with as few significant digits as show them differ, 3 at least and 17
    at most; a number those digits hold exactly is written as Python writes it (1.4, not 1.40)."""
    if got == want:
        return repr(got), repr(want)
    for digits in range(3, 18):
        if float(f"{got:.{digits}g}") != float(f"{want:.{digits}g}"):
            return _written(got, digits), _written(want, digits)
    return repr(got), repr(want)


def _written(number: float, digits: int) -> str:
    """number to digits significant digits, its zeros kept (0.88080), or its repr if it has no more."""
    rounded = f"{number:.{digits}g}"
    return repr(number) if float(rounded) == number else f"{number:#.{digits}g}"


def run_checks(session: Session, checks: list[dict], gaps: list[str] = (),
               on_result: Callable[[dict], None] = lambda result: None) -> list[dict]:
    """The results of :func:`run_lab`, without the blame."""
    return run_lab(session, checks, gaps, on_result)["results"]


def run_lab(session: Session, checks: list[dict], gaps: list[str] = (),
            on_result: Callable[[dict], None] = lambda result: None, answers: dict[str, str] | None = None,
            time_limit: float = float("inf"), unwritten: tuple = (), checked: tuple = (), beside: tuple = (),
            clock: Clock = WALL, on_fault: Callable[[dict], None] = lambda fault: None) -> dict:
    """Run each check; one failing never stops the others. Then, if some failed, say where.

    Args:
        session: The Session whose lib_root holds the learner's ember.
        checks: ``[{"title": str, "code": str, "mistakes": [{"gap": str, "status": str,
            "reason": str, "says": str}]}, ...]``: for each typical mistake that fails the check,
            how (site_src/course.py); mistakes may be left out.
        gaps: The gaps of the lab the checks are of: an error raised in another gap points to
            them (Session.describe_error).
        on_result: Called with each result as soon as its check has run.
        answers: The course's text of the lab's gaps and of the earlier gaps the page has,
            ``{gap: text}`` without the last newline; None: no blame, and the mistakes are matched
            on the whole lab (diagnosis.diagnosis).
        time_limit: Seconds from the start that the checks and the blame may take, as the page
            gives them; the blame stops one second before it, and after BLAME_TIME. A check
            still running BLAME_TIME before that is ended (timeouts.within) and fails, and the
            checks after it are not run, so that code that never ends is still pointed at.
            Without one (the build), the blame has UNTIMED_BLAME, and each trial's time is
            processor time.
        unwritten: The gaps of the lab and of the page's earlier labs that the learner has not
            written yet, which hold their stub.
        beside: The gaps of the page's earlier labs, blamed after those an error passed through:
            a wrong answer there may fail this lab's checks with no error at all.
        checked: The earlier gaps whose lab the learner passed.
        clock: What ends a check or a trial of the blame that runs too long (timeouts.within),
            where there is a time limit.
        on_fault: Called with each gap at fault as soon as the blame finds it.

    Returns:
        ``{"results": [...], "blame": [...]}``. results: ``[{"status": "passed" | "failed" |
        "error", "reason": str}, ...]``, one per check, each with ``"output"``, a list of
        ``[stream, text]`` chunks as a cell's, when the check printed anything, ``"stopped"``
        for a line of a gap that Python could not read or that read a name nothing had set
        (Session.stopped_at), and ``"likely"``, the words of the mistakes the learner most likely
        made, on the first check their fault fails. blame: blame.blame's pointers, [] without answers. on_result gets each result
        before it is diagnosed.

    Raises:
        KeyboardInterrupt: When the page stopped the checks; the results so far went to
            on_result.
    """
    started = time.monotonic()
    session.lab_gaps = tuple(gaps)
    results, through, took = [], [], 0.0
    # The checks may take the time limit but what the blame keeps for itself: past it, code that
    # never ends fails its check, and the blame still has its time to say where.
    ends = started + time_limit - 1.0 - BLAME_TIME
    for check in checks:
        began = time.monotonic()
        if any(result.get("timed_out") for result in results) or ends - began < MIN_CHECK_TIME:
            result, passed = {"status": "error", "timed_out": True,
                              "reason": "not run: a check before it used up the checks' time"}, []
        else:
            result, passed = _run_one(session, check["code"], ends - began if ends < float("inf") else None, clock)
        results.append(result)
        through += passed
        took += 0.0 if result.get("timed_out") else time.monotonic() - began
        on_result(result)
    if answers is None:
        likely = diagnosis(checks, results)
        return {"results": [{**r, "likely": words} if words else r for r, words in zip(results, likely)], "blame": []}
    # Only a lab that is blamed needs blame.py and what it imports (the build's other runs do not;
    # the worker imported it as it started, js/runtime/setup.js).
    from blame import Limit, Trial, blame, pointers_run

    timed = time_limit < float("inf")
    deadline = min(started + time_limit - 1.0, time.monotonic() + BLAME_TIME) if timed else time.monotonic() + UNTIMED_BLAME
    trial = Trial(session.lib_root, session.spans)
    run = pointers_run(session, trial, lambda code: _run_one(session, code)[0], checks,
                       Limit(deadline, max(TRIAL_TIME, 2 * took), clock if timed else PROCESSOR))
    faults = blame(run, trial, checks, results, list(gaps), answers, list(dict.fromkeys([*through, *beside])), deadline,
                   tuple(unwritten), tuple(checked), on_fault)
    likely = {}
    for fault in faults:
        if fault["says"]:
            likely.setdefault(fault["check"], []).append(fault["says"])
    return {"results": [{**r, "likely": likely[i]} if i in likely else r for i, r in enumerate(results)],
            "blame": faults}


def run_checks_streaming(session: Session, request: str, post: Callable[[str], None]) -> bool:
    """Worker entry: run_lab with ``{"checks": [...], "gaps": [...], "answers": {...},
    "time_limit": seconds, "unwritten": [...], "checked": [...], "beside": [...]}`` as JSON text, posting each
    result as JSON as soon as its check has run, then, once all have, ``{"diagnosis": [[words,
    ...], ...], "blame": [...]}``: the ``likely`` of each result (empty lists where none), and
    run_lab's blame. While the blame runs, ``{"alarm": seconds | null}`` asks the page for the
    SIGALRM that ends a trial running too long (timeouts.py), and ``{"fault": {...}}`` gives
    each gap at fault as it is found, which the page keeps if the search is stopped.

    Returns:
        True when every check ran; False when the page interrupted them (KeyboardInterrupt,
        from its Stop or time limit).
    """
    try:
        asked = json.loads(request)
        lab = run_lab(session, asked["checks"], asked["gaps"], lambda result: post(json.dumps(result)),
                      asked.get("answers"), asked.get("time_limit") or float("inf"), asked.get("unwritten", ()),
                      asked.get("checked", ()), asked.get("beside", ()),
                      clock=Clock(lambda seconds: post(json.dumps({"alarm": seconds}))),
                      on_fault=lambda fault: post(json.dumps({"fault": fault})))
        post(json.dumps({"diagnosis": [result.get("likely", []) for result in lab["results"]], "blame": lab["blame"]}))
        return True
    except KeyboardInterrupt:
        return False


def _run_one(session: Session, code: str, seconds: float | None = None, clock: Clock = WALL) -> tuple[dict, list[str]]:
    """A check's result, and the gaps an error it raised passed through. seconds: the time the
    check may take (none inside a trial of the blame, which has its own limit); past it, the
    result is an error with ``"timed_out": True``."""
    session.reset()
    linecache.cache[CHECK_FILENAME] = (len(code), None, code.splitlines(True), CHECK_FILENAME)
    saved = sys.stdout, sys.stderr, sys.stdin
    output: list = []
    sink = OutputSink(output.extend, interval=float("inf"), drawings=MAX_DRAWINGS)
    hx.new_run(sink.show)  # a graph a check draws, such as gradcheck's, goes with its result
    sys.stdout, sys.stderr, sys.stdin = Stream("stdout", sink), Stream("stderr", sink), NoInput()
    try:
        result, passed = _outcome(session, code, seconds, clock)
    finally:
        session.restore()  # before the runner's own code, which the check may have broken
        sys.stdout, sys.stderr, sys.stdin = saved
        sink.close()
    merged: list = []
    for stream, text in output:  # printed text in one piece per stream; a graph stays whole
        if stream in ("stdout", "stderr"):
            append_chunk(merged, stream, text)
        else:
            merged.append([stream, text])
    return ({**result, "output": merged} if merged else result), passed


def _outcome(session: Session, code: str, seconds: float | None, clock: Clock) -> tuple[dict, list[str]]:
    """Run a check's code, within seconds if given: its status and reason, and the gaps an error
    passed through."""
    began = time.monotonic()
    try:
        compiled = compile(code, CHECK_FILENAME, "exec")
        with heeded(), (within(max(seconds, 0.01), clock) if seconds is not None else contextlib.nullcontext()):
            exec(compiled, {"__name__": "__check__", "expect": expect, "near": near})
        return {"status": "passed", "reason": ""}, []
    except AssertionError as exc:
        return {"status": "failed", "reason": _short(str(exc) or _failed_line(exc))}, []
    except KeyboardInterrupt:
        raise  # the page stopped the checks: this one has no result
    except BaseException as exc:  # the learner's code may raise anything, SystemExit included
        if isinstance(exc, TimedOut) and limited():
            raise  # a trial of the blame ran out of time: no result
        if isinstance(exc, TimedOut) and seconds is not None and time.monotonic() - began >= seconds - SLACK:
            where = session.describe_error(exc).removeprefix("TimedOut").strip(" ()")
            return {"status": "error", "timed_out": True,
                    "reason": "still running when the checks' time was up: code that never ends, or runs far too long?"
                              f"{f' It was running {where}.' if where else ''}"}, session.gaps_passed(exc)
        return ({"status": "error", "reason": _short(_in_check(exc) or session.describe_error(exc)), **session.stopped_at(exc)},
                session.gaps_passed(exc))


def _in_check(exc: BaseException) -> str | None:
    """The reason for an error raised by the check's own code, not by ember's, reading what the
    learner's code gave it (an IndexError on a Value with no parents): the line that could not
    read it; None for an error raised in ember."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames or frames[-1].filename != CHECK_FILENAME or not isinstance(exc, READING):
        return None
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return (f"{text}, in the check's own line `{frames[-1].line}`: your code gave it, or called it with, "
            "something it could not use")


def _short(reason: str) -> str:
    """reason, cut to MAX_REASON characters: a check's f-string may hold a huge value."""
    if len(reason) <= MAX_REASON:
        return reason
    return f"{reason[:MAX_REASON]}… (cut here: the reason has {len(reason):,} characters)"


def _failed_line(exc: AssertionError) -> str:
    """The reason for a bare ``assert``: the line of the check that did not hold."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == CHECK_FILENAME]
    return f"this did not hold: {frames[-1].line}" if frames else "a check did not hold"


def main() -> None:
    """Build-time entry: ``checks.py LIB_ROOT RESULT_FILE``, with ``{"checks": [...], "gaps":
    [...], "answers": {...} or null, "spans": {...}, "unwritten": [...], "time_limit": seconds or
    null, "beside": [...]}`` as JSON on stdin; spans say where the gaps lie (Session.set_gaps).

    Writes what :func:`run_lab` returns as JSON to RESULT_FILE.
    """
    lib_root, result_file = sys.argv[1:3]
    asked = json.load(sys.stdin)
    session = Session(lib_root)
    session.set_gaps(json.dumps(asked.get("spans") or {}))
    lab = run_lab(session, asked["checks"], asked["gaps"], answers=asked.get("answers"),
                  time_limit=asked.get("time_limit") or float("inf"), unwritten=asked.get("unwritten", ()),
                  beside=tuple(asked.get("beside", ())))
    with open(result_file, "w", encoding="utf-8") as file:
        json.dump(lab, file)


if __name__ == "__main__":
    main()
