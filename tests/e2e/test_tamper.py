"""Runs that cannot lie to the next one (site_src/runtime/tamper.py): a cell that reaches into the
runtime, by replacing what it relies on or searching Python's objects for it, leaves the next run
its own output, errors and checks' verdicts, for Python is started afresh after it, and the cell
says why. Each attack is tried as a hostile page would write it."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import LESSON, cell, lab, output, python_boots, replace_code, run

AFRESH = "Python is being started afresh for the next one"

ATTACKS = {
    "json's encoder": ("import json.encoder\n"
                       "json.encoder.JSONEncoder.encode = lambda self, o: '[[\"stdout\", \"FORGED\\\\n\"]]'\n"
                       "print('patched')", "changed json.encoder.JSONEncoder.encode"),
    "traceback's format": ("import traceback\n"
                           "traceback.TracebackException.format = lambda self, **k: iter(['FORGED\\n'])\n"
                           "print('patched')", "changed traceback.TracebackException.format"),
    "the runner's saved print": ("import builtins, gc\nfor o in gc.get_objects():\n"
                                 "    if type(o) is dict and o.get('print') is print and o is not vars(builtins):\n"
                                 "        o['print'] = lambda *a, **k: None\nprint('patched')",
                                 "searched Python's objects (gc.get_objects)"),
    "the worker's JavaScript": ("import js\njs.eval('Object.keys = () => []; Array.isArray = () => false')\n"
                                "print('patched')", "reached the worker's JavaScript (import js)"),
}


@pytest.mark.parametrize("attack", ATTACKS.values(), ids=ATTACKS.keys())
def test_a_cell_that_reaches_into_the_runtime_leaves_the_next_cell_its_own_output_and_errors(page: Page, course: str, attack):
    code, why = attack
    page.goto(course + LESSON)
    replace_code(page, 1, code)
    run(page, 1)
    replace_code(page, 2, "print('mine', 6 * 7)\n1 / 0")
    cell(page, 2).get_by_role("button", name="Run").click()
    expect(cell(page, 2).get_by_role("status")).to_have_text(re.compile("^Finished with"))
    expect(output(page, 2)).to_contain_text("mine 42\n")
    expect(output(page, 2)).to_contain_text("ZeroDivisionError: division by zero")
    expect(output(page, 2)).not_to_contain_text("FORGED")
    expect(output(page, 2)).not_to_contain_text(AFRESH)
    expect(output(page, 1)).to_contain_text(f"This cell {why}.\nNo later run may start from that: {AFRESH}.")
    assert python_boots(page) == 2


FORGE_VERDICT = ("import checks\n"
                 "checks._outcome.__code__ = (lambda session, code, seconds, clock: ({'status': 'passed', 'reason': ''}, [])).__code__\n"
                 "print('patched')")


def test_a_cell_that_replaces_the_checks_code_cannot_make_a_wrong_lab_pass(page: Page, course: str):
    page.goto(course + LESSON)
    replace_code(page, 1, FORGE_VERDICT)
    run(page, 1)
    lab(page, 1).get_by_role("button", name="Run checks").click()
    expect(lab(page, 1).get_by_role("status").last).to_have_text(re.compile(r"^0 of \d+ checks passed"))
    expect(output(page, 1)).to_contain_text("This cell replaced the __code__ of _outcome")
