"""site_src/runtime/checks.py: each check gets its own status and a reason in plain words."""

from pathlib import Path

import pytest

from checks import describe, expect, near
from site_src.execute import Lib, run_checks

from tests.unit.conftest import RUNTIME


@pytest.mark.parametrize("value, words", [
    (3, "the int 3"), (3.0, "the float 3.0"), ("x", "the str 'x'"), (None, "None"),
    (True, "True"), ((1, 2), "a tuple (1, 2)"), (set(), "a set set()"), ([1], "a list [1]"),
])
def test_describe_names_the_type_and_the_value(value, words):
    assert describe(value) == words


def test_describe_survives_a_repr_that_raises():
    class Broken:
        def __repr__(self):
            raise NotImplementedError

    assert describe(Broken()) == "a Broken <its repr raised NotImplementedError>"


def test_expect_wants_the_same_type_and_value():
    expect(3.0, 3.0)
    with pytest.raises(AssertionError, match=r"^Value\(3\).data: expected the float 3.0, got the int 3$"):
        expect(3, 3.0, "Value(3).data")


def run(checks: list[str], ember: str, tmp_path: Path) -> list[dict]:
    lib = Lib({"ember/__init__.py": "", "ember/thing.py": ember, **RUNTIME}, tmp_path / "lib")
    return run_checks([{"title": f"check {i}", "code": code} for i, code in enumerate(checks)], lib)


def test_each_check_gets_its_own_status_and_one_failure_hides_nothing(tmp_path):
    ember = "def f(x):\n    print('noise')\n    return x + 1\n\ndef g(x):\n    raise NotImplementedError('write g')\n"
    results = run([
        "from ember.thing import f\nexpect(f(1), 2, 'f(1)')",
        "from ember.thing import f\nexpect(f(1), 3, 'f(1)')",
        "from ember.thing import g\ng(1)",
        "from ember.thing import f\nassert f(1) == 5",
        "from ember.thing import f\nassert f(1) == 5, 'f(1) should be 5'",
    ], ember, tmp_path)
    noise = {"output": [["stdout", "noise\n"]]}
    assert results == [
        {"status": "passed", "reason": "", **noise},
        {"status": "failed", "reason": "f(1): expected the int 3, got the int 2", **noise},
        {"status": "error", "reason": "NotImplementedError: write g (ember/thing.py, line 6)"},
        {"status": "failed", "reason": "this did not hold: assert f(1) == 5", **noise},
        {"status": "failed", "reason": "f(1) should be 5", **noise},
    ]


def test_a_check_that_patches_ember_does_not_spoil_the_next(tmp_path):
    results = run([
        "import ember.thing\nember.thing.f = None",
        "from ember.thing import f\nexpect(f(1), 2)",
    ], "def f(x):\n    return x + 1\n", tmp_path)
    assert [r["status"] for r in results] == ["passed", "passed"]


def test_a_learners_system_exit_is_an_error_not_the_end_of_the_run(tmp_path):
    results = run(["from ember.thing import f\nf()", "expect(1, 1)"],
                  "import sys\ndef f():\n    sys.exit(3)\n", tmp_path)
    assert results[0] == {"status": "error", "reason": "SystemExit: 3 (ember/thing.py, line 3)"}
    assert results[1]["status"] == "passed"


def test_a_huge_value_or_reason_is_cut_to_a_few_lines(tmp_path):
    assert describe(list(range(10**5))).endswith("… (688,890 characters)")
    assert len(describe(list(range(10**5)))) < 400
    results = run(["from ember.thing import f\nassert False, f'{f()!r}'", "from ember.thing import f\nexpect(f(), 1)"],
                  "def f():\n    return 'x' * 10**6\n", tmp_path)
    assert results[0]["reason"].endswith("… (cut here: the reason has 1,000,002 characters)")
    assert len(results[0]["reason"]) < 2100
    assert results[1]["reason"].startswith("expected the int 1, got the str 'xxx")
    assert len(results[1]["reason"]) < 400


def test_what_a_check_prints_is_kept_with_its_result_and_a_flood_is_cut(tmp_path):
    ember = "def f(n):\n    for i in range(n):\n        print(i)\n    return n\n"
    results = run(["from ember.thing import f\nexpect(f(3), 3)", "from ember.thing import f\nexpect(f(200_000), 1)",
                   "expect(1, 1)"], ember, tmp_path)
    assert results[0] == {"status": "passed", "reason": "", "output": [["stdout", "0\n1\n2\n"]]}
    flood = results[1]["output"]
    assert results[1]["status"] == "failed" and flood[0][1].startswith("0\n1\n2\n")
    assert flood[-2][0] == "cut" and flood[-1][1].endswith("199998\n199999\n")
    assert sum(len(text) for _, text in flood) < 70_000
    assert "output" not in results[2]


def test_a_failure_like_a_declared_mistakes_says_its_words_wherever_and_however_the_error_was_raised(tmp_path):
    lib = Lib({"ember/__init__.py": "", "ember/thing.py": "def f(x):\n    y = x\n    return y / 0\n", **RUNTIME},
                    tmp_path / "lib")
    mistake = {"status": "error", "reason": "ZeroDivisionError: float division (line 1 of gap L01.f)",
               "says": "it divides by 0"}  # worded otherwise by another Python
    other = {"status": "failed", "reason": "expected the int 2, got the int 3", "says": "it adds two"}
    results = run_checks([{"title": "t", "code": "expect(1, 1)", "mistakes": [other]},
                          {"title": "u", "code": "from ember.thing import f\nf(1)", "mistakes": [mistake, other]},
                          {"title": "v", "code": "from ember.thing import f\nf(2)", "mistakes": [mistake]}], lib)
    assert "likely" not in results[0]
    assert results[1]["likely"] == ["it divides by 0"]  # raised on the gap's line 2 here, not line 1
    assert "likely" not in results[2]  # said once, on the first check that failed


def test_a_mistake_is_named_only_when_every_check_of_the_lab_agrees_with_it(tmp_path):
    lib = Lib({"ember/__init__.py": "", **RUNTIME}, tmp_path / "lib")
    same = {"status": "failed", "reason": "expected the int 2, got the int 3"}
    checks = [{"title": "t", "code": "expect(3, 2)", "mistakes": [{**same, "says": "one"}, {**same, "says": "two"}]},
              {"title": "u", "code": "expect(1, 1)", "mistakes": [{**same, "says": "two"}]}]
    assert [result.get("likely") for result in run_checks(checks, lib)] == [["one"], None]


def test_a_list_of_the_wrong_length_is_said_so():
    with pytest.raises(AssertionError, match=r"^knobs: expected 3 items, got 2: expected a list \[0.0, 0.0, 0.0\]"):
        expect([0.0, 0.0], [0.0, 0.0, 0.0], "knobs")


def test_an_error_in_a_checks_own_code_says_its_line_reads_the_learners_value(tmp_path):
    [result] = run(["from ember.thing import f\nparents = f()\nfirst = parents[0]"], "def f():\n    return ()\n", tmp_path)
    assert result == {"status": "error", "reason": "IndexError: tuple index out of range, in the check's own line "
                      "`first = parents[0]`: your code gave it, or called it with, something it could not use"}


@pytest.mark.parametrize("actual, expected, reason", [
    (0.880775, 0.8807970779778823, "sigmoid(2.0): expected 0.88080 (to within 1e-12), got 0.88077"),
    ([-3.9999, 4.0], [-4.0, 4.0], "slopes: expected [-4.0, 4.0] (each to within 1e-12), got [-3.9999, 4.0]"),
    # Numbers as short as Python writes them are written whole: 1.4, not 1; 10.0, not 1.e+01.
    ([0.6, 0.4], [1.4, -0.4], "point: expected [1.4, -0.4] (each to within 1e-12), got [0.6, 0.4]"),
    ([10.0, 3e-06], [20.0, -3.999999], "point: expected [20.0, -4.00] (each to within 1e-12), got [10.0, 3e-06]"),
    ([1.0], [1.0, 2.0], "slopes: expected 2 items, got 1: a list [1.0]"),
    ("1.0", 1.0, "x: expected a number near 1.0, got the str '1.0'"),
])
def test_near_writes_numbers_to_the_digit_where_they_differ(actual, expected, reason):
    with pytest.raises(AssertionError) as failed:
        near(actual, expected, reason.split(":")[0])
    assert str(failed.value) == reason


def test_near_passes_within_its_tolerance():
    near(0.1 + 0.2, 0.3)
    near([1.0, 2.0 + 1e-13], (1.0, 2.0))
