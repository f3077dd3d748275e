"""A time limit on a block that runs the learner's code: one trial of the blame (blame.py), so
that a trial that never ends costs its own time, not the checks' whole time limit.

Past the limit, SIGALRM raises TimedOut, inside the learner's code only (interrupts.heeded), so
the runtime's own code that puts things back is never cut in two; the signal comes again every
REPEAT seconds until the block ends, so code that catches TimedOut meets it again.

Who sends SIGALRM: under CPython (the build), the process's own timer (signal.setitimer). In the
browser nothing in the worker can, as Python runs alone there: the block asks the page with an
``{"alarm": seconds}`` message (checks.run_checks_streaming), and the page writes SIGALRM into
Pyodide's interrupt buffer once they are up, then again every REPEAT until ``{"alarm": null}``
(js/runtime/interrupt.js). A SIGALRM that comes before the block's end of time (one the page
meant for an earlier block) is ignored.
"""

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from interrupts import in_learners_code

REPEAT = 0.05
"""Seconds between two SIGALRMs once the time is up."""
SLACK = 0.05
"""How early a SIGALRM may come and still count: the page's clock is not Python's."""

Alarm = Callable[[float | None], None]
"""``alarm(seconds)`` asks for SIGALRM after seconds, then every REPEAT; ``alarm(None)``, for no
more."""


class TimedOut(BaseException):
    """Raised in the learner's code that ran past the time limit of :func:`within`. A
    BaseException, as KeyboardInterrupt is, so that ``except Exception`` lets it through."""


class _Block:
    """The block of within() that runs now. An instance's attribute, not a module's name, as
    the runner puts back the runtime modules' names between two checks (restore.Kept)."""

    def __init__(self) -> None:
        self.ends: float | None = None
        """time.monotonic() when it runs out of time; None outside a block."""


_block = _Block()


def _on_alarm(signum: int, frame: object) -> None:
    ends = _block.ends
    if ends is not None and time.monotonic() >= ends - SLACK and in_learners_code():
        raise TimedOut


def limited() -> bool:
    """Whether a block of within() runs now: a TimedOut raised outside one is the learner's own."""
    return _block.ends is not None


def timer(seconds: float | None) -> None:
    """The Alarm of CPython: the process's real-time timer."""
    signal.setitimer(signal.ITIMER_REAL, seconds or 0.0, REPEAT if seconds else 0.0)


@contextmanager
def within(seconds: float, alarm: Alarm = timer) -> Iterator[None]:
    """Raise TimedOut in the learner's code run within this block once seconds have passed.

    Args:
        seconds: The time limit, above 0.
        alarm: What sends SIGALRM (Alarm): the process's timer by default, the page in the
            browser.

    Under CPython, outside the main thread (where no signal can be handled), there is no limit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGALRM) is not _on_alarm:
        signal.signal(signal.SIGALRM, _on_alarm)
    _block.ends = time.monotonic() + seconds
    alarm(seconds)
    try:
        yield
    finally:
        _block.ends = None
        alarm(None)
