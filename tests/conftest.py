"""What a test that hangs leaves behind: pytest-timeout's ceiling (pyproject.toml) ends the run with
the stack of every thread, and this hook ends that report with the test's name and the lines of
the project's own code it waits in, where the tail of a CI log shows them.

A Playwright test's own code runs in a greenlet that is not running while it waits for the
browser, so no thread's stack has it: its frames are found among the suspended greenlets."""

import gc
import os
import sys
import threading
import traceback
from pathlib import Path

import greenlet
import pytest
import pytest_timeout

ROOT = Path(__file__).resolve().parents[1]


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item, settings):
    """Time the test on a thread, as pytest-timeout's thread method does, and report as above."""
    if settings.method != "thread":
        return None
    timer = threading.Timer(settings.timeout, report_and_exit, (item, settings))

    def cancel():
        timer.cancel()
        timer.join()

    item.cancel_timeout = cancel
    timer.start()
    return True


def report_and_exit(item, settings) -> None:
    """Write every thread's stack, then the test's name and where its own code waits; end the run."""
    terminal = item.config.get_terminal_writer()
    try:
        item.config.pluginmanager.getplugin("capturemanager").suspend_global_capture(item)
        pytest_timeout.dump_stacks(terminal)
        terminal.sep("+", title=f"Timeout: {item.nodeid} ran over {settings.timeout:.0f} s")
        for line in own_lines_waiting():
            terminal.line(line)
    finally:
        terminal.flush()
        sys.stdout.flush()
        os._exit(1)


def own_lines_waiting() -> list[str]:
    """The project's own frames (not its .venv's) in every suspended greenlet, outermost first."""
    lines = []
    for suspended in [g for g in gc.get_objects() if isinstance(g, greenlet.greenlet) and g.gr_frame]:
        for frame in traceback.extract_stack(suspended.gr_frame):
            path = Path(frame.filename)
            if path.is_relative_to(ROOT) and not path.is_relative_to(ROOT / ".venv"):
                lines.append(f"{path.relative_to(ROOT)}:{frame.lineno} in {frame.name}: {frame.line}")
    return lines
