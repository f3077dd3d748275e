"""Build-time runs kept by content: an unchanged run starts no process, and anything that could
change its result runs it again."""

import pytest

from site_src import execute
from site_src.execute import Lib, run_cell, run_checks


@pytest.fixture
def counted(monkeypatch):
    """How many Python processes the runs below start."""
    started = []
    real = execute._run_process

    def run_process(*args):
        started.append(args[0])
        return real(*args)

    monkeypatch.setattr(execute, "_run_process", run_process)
    return started


@pytest.fixture
def own_lib(lib, tmp_path):
    """The finished ember and the runtime, in a folder of the test's own."""
    return Lib(lib.files, tmp_path / "lib")


def test_the_same_cell_on_the_same_files_runs_once(own_lib, tmp_path, counted):
    first = run_cell("print(6 * 7)", own_lib, cache=tmp_path / "cache")
    second = run_cell("print(6 * 7)", own_lib, cache=tmp_path / "cache")
    assert first == second and first.text == "42\n"
    assert counted == ["cellrun.py"]


def test_other_code_another_time_limit_or_an_edited_file_run_again(own_lib, tmp_path, counted):
    cache = tmp_path / "cache"
    run_cell("print(1)", own_lib, cache=cache)
    run_cell("print(2)", own_lib, cache=cache)
    run_cell("print(2)", own_lib, timeout=5, cache=cache)
    edited = Lib({**own_lib.files, "ember/scalar.py": own_lib.files["ember/scalar.py"] + "\nANSWER = 42\n"},
                 own_lib.folder)
    assert run_cell("from ember import scalar\nprint(scalar.ANSWER)", edited, cache=cache).text == "42\n"
    assert len(counted) == 4


def test_a_kept_run_writes_no_file(own_lib, tmp_path, counted):
    run_cell("print(1)", own_lib, cache=tmp_path / "cache")
    again = Lib(own_lib.files, tmp_path / "again")
    assert run_cell("print(1)", again, cache=tmp_path / "cache").text == "1\n"
    assert counted == ["cellrun.py"] and not again.folder.exists()


def test_checks_are_kept_apart_from_cells(own_lib, tmp_path, counted):
    checks = [{"title": "t", "code": "assert True"}]
    assert run_checks(checks, own_lib, cache=tmp_path) == run_checks(checks, own_lib, cache=tmp_path)
    assert counted == ["checks.py"]


def test_a_damaged_entry_is_run_again_and_replaced(own_lib, tmp_path, counted):
    cache = tmp_path / "cache"
    run_cell("print(3)", own_lib, cache=cache)
    [entry] = cache.iterdir()
    for damaged in ("{not json", "{}", "[]", '{"error": null, "output": 3}'):
        entry.write_text(damaged)
        assert run_cell("print(3)", own_lib, cache=cache).text == "3\n"
    assert len(counted) == 5 and run_cell("print(3)", own_lib, cache=cache).text == "3\n"
    assert len(counted) == 5


def test_a_run_that_times_out_is_not_kept(own_lib, tmp_path):
    with pytest.raises(execute.CellFailure):
        run_cell("while True: pass", own_lib, timeout=1, cache=tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def test_without_a_cache_every_run_starts_a_process(own_lib, counted):
    run_cell("print(1)", own_lib)
    run_cell("print(1)", own_lib)
    assert len(counted) == 2


PROBE = """import os, random, sys
def depth(n=0):
    try:
        return depth(n + 1)
    except RecursionError:
        return n
for shown in (os.getcwd(), sys.path[0], sys.argv[1], 'ember.scalar' in sys.modules, sorted(os.listdir('/proc/self/fd')),
              depth(), random.random()):
    print(shown)"""


@pytest.mark.skipif(not execute.FORKS, reason="runs are forked on Linux only")
def test_a_forked_run_is_what_a_new_python_would_be(own_lib, tmp_path):
    folder, path, argument, imported, files, depth, chance = run_cell(PROBE, own_lib).text.splitlines()
    started = execute._started("cellrun.py", PROBE, own_lib.written(), 30.0, tmp_path / "result.json")
    new = "".join(text for _, text in started["output"]).splitlines()
    assert [folder, path, argument, imported] == [str(own_lib.folder)] * 3 + ["False"] == new[:4]
    assert (files, depth) == (new[4], new[5]), "the same open files, and calls as deep"
    assert chance != new[6] != run_cell(PROBE, own_lib).text.splitlines()[6], "each run seeds its own random"


IMPORTS = """import traceback
for name, text in (("typo", "x = (1,\\n"), ("zero", "x = 1\\ny = x / 0\\n")):
    with open(f"{name}.py", "w") as file:
        file.write(text)
    try:
        __import__(name)
    except Exception:
        print(traceback.format_exc())"""
"""A cell that imports a file that does not compile, and one that raises as it runs: each prints
its traceback."""


@pytest.mark.skipif(not execute.FORKS, reason="runs are forked on Linux only")
def test_a_forked_runs_tracebacks_from_an_import_are_a_new_pythons(own_lib, tmp_path):
    forked = run_cell(IMPORTS, own_lib).text
    started = execute._started("cellrun.py", IMPORTS, own_lib.written(), 30.0, tmp_path / "result.json")
    assert forked == "".join(text for _, text in started["output"])
    assert "SyntaxError" in forked and "ZeroDivisionError" in forked and "importlib" not in forked


def test_runs_go_on_when_a_fork_server_has_ended(own_lib):
    run_cell("print(1)", own_lib)
    servers = [execute._SLOTS.get() for _ in range(execute.CORES)]
    for server in servers:
        if server is not None:
            server.process.kill()
            server.process.wait()
        execute._SLOTS.put(server)
    assert [run_cell(f"print({n})", own_lib).text for n in range(execute.CORES + 1)] == [f"{n}\n" for n in range(execute.CORES + 1)]
    servers = [execute._SLOTS.get() for _ in range(execute.CORES)]
    for server in servers:
        execute._SLOTS.put(server)
    assert not execute.FORKS or any(server is not None and server.process.poll() is None for server in servers), \
        "a new fork server takes the place of the one that ended"
