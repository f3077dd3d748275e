"""A time limit on a block that runs the learner's code: one check, or one trial of the blame
(blame.py), so that code that never ends costs its own time, not the checks' whole time limit.

Past the limit, a signal (SIGALRM; SIGPROF for processor time) raises TimedOut, inside the learner's code only (interrupts.heeded), so
the runtime's own code that puts things back is never cut in two; the signal comes again every
REPEAT seconds until the block ends, so code that catches TimedOut meets it again.

What the limit counts, and who sends the signal, is a Clock. Under CPython (the build), the
process's own timer (signal.setitimer): WALL counts seconds on the clock, PROCESSOR the processor
time the process uses, which does not grow when the machine is busy. In the browser nothing in the
worker can, as Python runs alone there: the block asks the page with an ``{"alarm": seconds}``
message (checks.run_checks_streaming), and the page writes SIGALRM into Pyodide's interrupt buffer
once they are up, then again every REPEAT until ``{"alarm": null}`` (js/runtime/interrupt.js). A
signal that comes before the block's end of time (one the page meant for an earlier block) is
ignored.
"""

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from interrupts import in_learners_code

REPEAT = 0.05
"""Seconds between two SIGALRMs once the time is up."""
SLACK = 0.05
"""How early the signal may come and still count: the page's clock is not Python's."""

Alarm = Callable[[float | None], None]
"""``alarm(seconds)`` asks for the Clock's signal after seconds, then every REPEAT;
``alarm(None)``, for no more."""


@dataclass(frozen=True)
class Clock:
    """What a block of within() counts, and what ends it."""

    alarm: Alarm
    now: Callable[[], float] = time.monotonic
    """The time the block's seconds are counted on."""
    signal: str = "SIGALRM"
    """The name of the signal alarm sends (looked up when a block starts: Pyodide's signal module
    has fewer)."""


def _itimer(which: str) -> Alarm:
    """The Alarm of one of the process's interval timers (``signal.ITIMER_*``)."""
    return lambda seconds: signal.setitimer(getattr(signal, which), seconds or 0.0, REPEAT if seconds else 0.0)


WALL = Clock(_itimer("ITIMER_REAL"))
"""CPython's clock on the wall: the process's real-time timer."""
PROCESSOR = Clock(_itimer("ITIMER_PROF"), time.process_time, "SIGPROF")
"""CPython's processor time: the process's profiling timer, which counts the time it computes."""


class TimedOut(BaseException):
    """Raised in the learner's code that ran past the time limit of :func:`within`. A
    BaseException, as KeyboardInterrupt is, so that ``except Exception`` lets it through."""


class _Block:
    """The block of within() that runs now. An instance's attribute, not a module's name, as
    the runner puts back the runtime modules' names between two checks (restore.Kept)."""

    def __init__(self) -> None:
        self.ends: float | None = None
        """The Clock's now() when it runs out of time; None outside a block."""
        self.now: Callable[[], float] = time.monotonic


_block = _Block()


def _on_alarm(signum: int, frame: object) -> None:
    ends = _block.ends
    if ends is not None and _block.now() >= ends - SLACK and in_learners_code():
        raise TimedOut


def limited() -> bool:
    """Whether a block of within() runs now: a TimedOut raised outside one is the learner's own."""
    return _block.ends is not None


@contextmanager
def within(seconds: float, clock: Clock = WALL) -> Iterator[None]:
    """Raise TimedOut in the learner's code run within this block once seconds have passed.

    Args:
        seconds: The time limit, above 0.
        clock: What counts them and sends the signal that ends the block: the process's
            real-time timer by default, the page in the browser.

    Under CPython, outside the main thread (where no signal can be handled), there is no limit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signum = getattr(signal, clock.signal)
    if signal.getsignal(signum) is not _on_alarm:
        signal.signal(signum, _on_alarm)
    _block.now = clock.now
    _block.ends = clock.now() + seconds
    clock.alarm(seconds)
    try:
        yield
    finally:
        _block.ends = None
        clock.alarm(None)
