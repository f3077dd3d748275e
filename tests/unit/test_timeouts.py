"""site_src/runtime/timeouts.py under CPython: a block's time limit on the clock, and the build's
on the processor time the process uses, which a busy machine does not use up."""

import time

import pytest
from interrupts import heeded
from timeouts import PROCESSOR, WALL, TimedOut, within


@pytest.mark.parametrize("clock", [WALL, PROCESSOR], ids=["wall", "processor"])
def test_code_that_computes_for_ever_is_ended(clock):
    with pytest.raises(TimedOut), heeded(), within(0.1, clock):
        while True:
            pass


def test_time_the_process_spends_waiting_is_not_counted_on_the_processor_clock():
    with heeded(), within(0.05, PROCESSOR):
        time.sleep(0.3)  # as if the machine were busy with others: no processor time used

