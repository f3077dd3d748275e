"""What a run does to the runtime that the next run must not start from (site_src/runtime/tamper.py),
tried on the runtime under CPython: ordinary cells leave nothing to report, and each way of
reaching into the runtime is named. An audit hook cannot be removed, so each case runs in a Python
of its own."""

import ast
import subprocess
import sys

import pytest

from tests.unit.conftest import REPO

SCRIPT = """
import sys
sys.path.insert(0, {lib!r})
import blame, cellrun, checks, guards, interrupts, tamper  # as the worker's SETUP does (js/runtime/setup.js)
guards.install()
session = cellrun.Session({lib!r})
reported = []
check = tamper.watch(session, reported.append)
sink = cellrun.OutputSink(lambda chunks: None, interval=float("inf"))
session.run({code!r}, sink)
exec({afterwards!r})
print(repr({{"reported": reported, "check": check()}}))
"""


def after(code: str, lib, afterwards: str = "") -> dict:
    """What the hook reported while a cell ran code, and what the check found after it and the
    runtime's own code afterwards."""
    script = SCRIPT.format(lib=str(lib.written()), code=code, afterwards=afterwards)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO)
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


ORDINARY = {
    "prints and raises": "print('hello')\n1 / 0",
    "uses ember": "from ember.scalar import Value\nv = Value(2.0) * Value(3.0)\nv.backward()\nprint(v)",
    "defines and patches its own class": "class Mine:\n    pass\nMine.x = 1\nprint(Mine.x)",
    "sorts and formats": "print(sorted({3: 'c', 1: 'a'}.items()), f'{2 / 3:.3f}')",
    "replaces a module's name": "import json\njson.dumps = None",
}


@pytest.mark.parametrize("code", ORDINARY.values(), ids=ORDINARY.keys())
def test_an_ordinary_cell_leaves_nothing_to_report(code, lib):
    assert after(code, lib) == {"reported": [], "check": None}


REACHING = {
    "json's encoder": ("import json.encoder\njson.encoder.JSONEncoder.encode = lambda self, o: 'x'",
                       None, "changed json.encoder.JSONEncoder.encode"),
    "traceback's format": ("import traceback\ntraceback.TracebackException.format = lambda self, **k: iter([])",
                           None, "changed traceback.TracebackException.format"),
    "a search of Python's objects": ("import gc\ngc.get_objects()", "searched Python's objects (gc.get_objects)", None),
    "the checks' code": ("import checks\nchecks._outcome.__code__ = (lambda s, c, t, k: None).__code__",
                         "replaced the __code__ of _outcome", None),
    "a function's defaults": ("import guards\nguards._capped.__defaults__ = (1, 2)", "replaced the __defaults__ of _capped", None),
    "the runner's frame": ("import sys\nsys._getframe(1).f_locals", "reached Python's frames", None),
    "a frame through a traceback": ("try:\n    1 / 0\nexcept Exception as e:\n    e.__traceback__.tb_frame",
                                    "reached Python's frames", None),
    "a closure's contents": ("import sys\nsys.setrecursionlimit.__closure__[0].cell_contents = 10 ** 6", None,
                             "changed the runner's guarded sys.setrecursionlimit"),
}


@pytest.mark.parametrize("case", REACHING.values(), ids=REACHING.keys())
def test_each_way_into_the_runtime_is_named(case, lib):
    code, reported, changed = case
    found = after(code, lib)
    assert (found["reported"][:1] or [None])[0] == reported
    assert found["check"] == changed


def test_a_name_a_module_caches_as_it_is_used_is_not_a_change_but_one_that_hides_a_builtin_is(lib):
    assert after("print(1)", lib, afterwards="import ast\nast._cached_as_used = 1")["check"] is None
    hidden = after("print(1)", lib, afterwards="import json.encoder\njson.encoder.isinstance = lambda *a: False")
    assert hidden["check"] == "changed json.encoder.isinstance"
