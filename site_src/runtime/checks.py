"""Run a lab's checks against the learner's ember, each to its own status and a short reason.

A check is a plain-words title and a Python body. The body runs in a fresh namespace holding
:func:`expect`, with ember imported afresh, and passes if it ends without an exception:

- an AssertionError (from ``expect`` or ``assert``) makes it **failed**, with the message as
  the reason;
- any other exception makes it **error**, with the exception and the learner's line as reason.

What the learner's code prints while a check runs is kept with its result, cut as a cell's
output is (cellrun.OutputSink). A check may carry the typical mistakes that fail it, each with
the status and reason the check then gives (site_src/course.py finds them at build time). When
the learner's results agree with a mistake's on every check of the lab (diagnosis.py), the
first failing result also says the mistake's words.

The build runs this file under CPython (``python checks.py LIB_ROOT RESULT_FILE``, see
:func:`main`) and the browser's worker calls :func:`run_checks` inside Pyodide.
"""

import json
import linecache
import sys
import traceback
from collections.abc import Callable

import hx
from cellrun import NoInput, OutputSink, Session, Stream, append_chunk
from diagnosis import diagnosis
from interrupts import heeded

CHECK_FILENAME = "<check>"
MAX_SHOWN = 300
"""The most characters of a value that a reason shows; a longer repr is cut."""
MAX_REASON = 2000
"""The most characters of a reason; the rest is cut, with a note."""


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
    raise AssertionError(f"{prefix}expected {describe(expected)}, got {describe(actual)}")


def run_checks(session: Session, checks: list[dict], gaps: list[str] = (),
               on_result: Callable[[dict], None] = lambda result: None) -> list[dict]:
    """Run each check; one failing never stops the others.

    Args:
        session: The Session whose lib_root holds the learner's ember.
        gaps: The gaps of the lab the checks are of: an error raised in another gap points to
            them (Session.describe_error).
        checks: ``[{"title": str, "code": str, "mistakes": [{"status": str, "reason": str, "says":
            str}]}, ...]``: for each typical mistake that fails the check, how (site_src/course.py);
            mistakes may be left out.
        on_result: Called with each result as soon as its check has run.

    Returns:
        ``[{"status": "passed" | "failed" | "error", "reason": str}, ...]``, one per check, each
        with ``"output"``, a list of ``[stream, text]`` chunks as a cell's, when the check
        printed anything; the first that did not pass has ``"likely"``, the words of each
        mistake whose results agree with these on every check (:func:`diagnosis`), when one
        does. on_result gets each result before it is diagnosed.

    Raises:
        KeyboardInterrupt: When the page stopped the checks; the results so far went to
            on_result.
    """
    session.lab_gaps = tuple(gaps)
    results = []
    for check in checks:
        results.append(_run_one(session, check["code"]))
        on_result(results[-1])
    likely = diagnosis(checks, results)
    return [{**result, "likely": words} if words else result for result, words in zip(results, likely)]


def run_checks_streaming(session: Session, request: str, post: Callable[[str], None]) -> bool:
    """Worker entry: run_checks with ``{"checks": [...], "gaps": [...]}`` as JSON text, posting
    each result as JSON as soon as its check has run, then, once all have, ``{"diagnosis":
    [[words, ...], ...]}``, the ``likely`` of each result (empty lists where none).

    Returns:
        True when every check ran; False when the page interrupted them (KeyboardInterrupt,
        from its Stop or time limit).
    """
    try:
        asked = json.loads(request)
        results = run_checks(session, asked["checks"], asked["gaps"], lambda result: post(json.dumps(result)))
        post(json.dumps({"diagnosis": [result.get("likely", []) for result in results]}))
        return True
    except KeyboardInterrupt:
        return False


def _run_one(session: Session, code: str) -> dict:
    session.reset()
    linecache.cache[CHECK_FILENAME] = (len(code), None, code.splitlines(True), CHECK_FILENAME)
    saved = sys.stdout, sys.stderr, sys.stdin
    output: list = []
    sink = OutputSink(output.extend, interval=float("inf"))
    hx.new_run(sink.show)  # a graph a check draws, such as gradcheck's, goes with its result
    sys.stdout, sys.stderr, sys.stdin = Stream("stdout", sink), Stream("stderr", sink), NoInput()
    try:
        result = _outcome(session, code)
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
        sink.close()
    merged: list = []
    for stream, text in output:  # printed text in one piece per stream; a graph stays whole
        if stream in ("stdout", "stderr"):
            append_chunk(merged, stream, text)
        else:
            merged.append([stream, text])
    return {**result, "output": merged} if merged else result


def _outcome(session: Session, code: str) -> dict:
    """Run a check's code: its status and reason."""
    try:
        compiled = compile(code, CHECK_FILENAME, "exec")
        with heeded():
            exec(compiled, {"__name__": "__check__", "expect": expect})
        return {"status": "passed", "reason": ""}
    except AssertionError as exc:
        return {"status": "failed", "reason": _short(str(exc) or _failed_line(exc))}
    except KeyboardInterrupt:
        raise  # the page stopped the checks: this one has no result
    except BaseException as exc:  # the learner's code may raise anything, SystemExit included
        return {"status": "error", "reason": _short(session.describe_error(exc))}


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
    [...]}`` as JSON on stdin.

    Writes the results of :func:`run_checks` as JSON to RESULT_FILE.
    """
    lib_root, result_file = sys.argv[1:3]
    asked = json.load(sys.stdin)
    results = run_checks(Session(lib_root), asked["checks"], asked["gaps"])
    with open(result_file, "w", encoding="utf-8") as file:
        json.dump(results, file)


if __name__ == "__main__":
    main()
