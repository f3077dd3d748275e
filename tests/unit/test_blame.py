"""site_src/runtime/blame.py: a failing lab names the gaps at fault and, in each, the learner's
own line, on small labs made up for the test."""

from pathlib import Path

from blame import same_code
from site_src.execute import Lib, check_lab

from tests.unit.conftest import RUNTIME

# A file of two gaps, as the page lays it out: each gap's text between marker lines.
BEFORE = "def scale(x):\n    # --- gap L01.scale ---\n"
MIDDLE = "    # --- end ---\n\n\ndef shift(x):\n    # --- gap L01.shift ---\n"
AFTER = "    # --- end ---\n"
COURSE = {"L01.scale": "    y = x * 2\n    z = y * 1\n    return z", "L01.shift": "    return x + 1"}
CHECKS = [
    {"title": "scale doubles", "code": "from ember.thing import scale\nexpect(scale(3), 6, 'scale(3)')"},
    {"title": "shift adds one", "code": "from ember.thing import shift\nexpect(shift(3), 4, 'shift(3)')"},
    {"title": "both", "code": "from ember.thing import scale, shift\nexpect(shift(scale(1)), 3, 'shift(scale(1))')"},
]


def check(tmp_path: Path, scale: str, shift: str, checks: list[dict] = CHECKS, time_limit: float | None = None) -> dict:
    """Run CHECKS on the learner's two gaps, with the course's answers at hand, within the page's
    time_limit, if given."""
    text = BEFORE + scale + MIDDLE + shift + AFTER
    first = 3
    spans = {"ember/thing.py": [["L01.scale", first, first + scale.count("\n") - 1, "    "]]}
    second = text.split("\n").index("    # --- gap L01.shift ---") + 2
    spans["ember/thing.py"].append(["L01.shift", second, second + shift.count("\n") - 1, "    "])
    lib = Lib({"ember/__init__.py": "", "ember/thing.py": text, **RUNTIME}, tmp_path / "lib")
    return check_lab(checks, lib, ["L01.scale", "L01.shift"], answers=COURSE, spans=spans, time_limit=time_limit)


def test_a_wrong_line_among_right_ones_is_named_and_the_others_said_right(tmp_path):
    lab = check(tmp_path, "    y = x * 2\n    z = y * 3\n    return z\n", "    return x + 1\n")
    [fault] = lab["blame"]
    assert (fault["gap"], fault["lines"]) == ("L01.scale", [2])
    assert fault["text"] == "Gap L01.scale: the checks pass once its line 2 changes; they find nothing wrong in its lines 1 and 3."


def test_two_wrong_gaps_are_each_named_with_their_own_line(tmp_path):
    lab = check(tmp_path, "    y = x + 2\n    z = y * 1\n    return z\n", "    return x - 1\n")
    assert [(f["gap"], f["lines"]) for f in lab["blame"]] == [("L01.scale", [1]), ("L01.shift", [1])]


def test_the_learners_own_right_text_is_not_blamed_and_their_names_are_theirs(tmp_path):
    # Written otherwise than the course, and right; the other gap wrong.
    lab = check(tmp_path, "    doubled = 2 * x\n    return doubled\n", "    return x + 2\n")
    assert [(f["gap"], f["lines"]) for f in lab["blame"]] == [("L01.shift", [1])]


def test_a_name_read_before_anything_sets_it_is_named_where_no_fix_of_a_line_is_found(tmp_path):
    lab = check(tmp_path, "    y = x\n    return y * z\n", "    return x + 1\n")  # two lines short of the course's
    [fault] = lab["blame"]
    assert (fault["gap"], fault["lines"]) == ("L01.scale", [2])
    assert fault["text"] == "Gap L01.scale: its line 2 reads z before anything has set it."


def test_a_line_python_cannot_read_is_named_where_no_fix_of_a_line_is_found(tmp_path):
    lab = check(tmp_path, "    y = x * 2)\n    w = y - 3\n    q = w * 5\n    return q + 1\n", "    return x + 1\n")
    [fault] = lab["blame"]
    assert (fault["lines"], fault["text"]) == ([1], "Gap L01.scale: Python cannot read its line 1.")


def test_a_missing_line_is_said_as_where_a_line_goes(tmp_path):
    lab = check(tmp_path, "    y = x * 2\n    return z\n", "    return x + 1\n")
    [fault] = lab["blame"]
    assert (fault["lines"], fault["after"]) == ([], 1)
    assert "a line is added after its line 1" in fault["text"]


def test_a_gap_wrong_all_through_is_named_without_a_line(tmp_path):
    lab = check(tmp_path, "    a = x - 5\n    b = a * 7\n    c = b // 3\n    return c + 1\n", "    return x + 1\n")
    [fault] = lab["blame"]
    assert fault["gap"] == "L01.scale" and fault["lines"] == [] and fault["after"] is None


def test_a_declared_mistake_is_said_only_with_its_own_gap_at_fault(tmp_path):
    plus_one = {"gap": "L01.shift", "status": "failed", "reason": "shift(3): expected the int 4, got the int 2",
                "says": "shift subtracts"}
    in_both = {**plus_one, "reason": "shift(scale(1)): expected the int 3, got the int 1"}
    checks = [CHECKS[0], {**CHECKS[1], "mistakes": [plus_one]}, {**CHECKS[2], "mistakes": [in_both]}]
    # shift right, scale wrong: shift's mistake is not said, though a check fails.
    assert all(not r.get("likely") for r in check(tmp_path / "a", "    return x * 3\n", "    return x + 1\n", checks)["results"])
    both = check(tmp_path / "b", "    return x * 3\n", "    return x - 1\n", checks)
    assert [r.get("likely") for r in both["results"]] == [None, ["shift subtracts"], None]
    assert [f["says"] for f in both["blame"]] == [None, "shift subtracts"]


def test_a_passing_lab_blames_nothing_and_the_learners_files_are_put_back(tmp_path):
    assert check(tmp_path / "a", "    return 2 * x\n", "    return 1 + x\n")["blame"] == []
    check(tmp_path / "b", "    return x * 3\n", "    return x + 1\n")
    assert "x * 3" in (tmp_path / "b" / "lib" / "ember" / "thing.py").read_text()


def test_an_error_in_the_checks_own_code_still_blames_the_gap(tmp_path):
    checks = [{"title": "scale gives a number", "code": "from ember.thing import scale\nexpect(scale(2) + 0, 4)"}]
    [fault] = check(tmp_path, "    y = x * 2\n    z = y * 1\n    return None\n", "    return x + 1\n", checks)["blame"]
    assert fault["lines"] == [3]


def test_two_lines_in_the_wrong_order_are_said_as_a_line_that_moves(tmp_path):
    lab = check(tmp_path, "    z = y * 1\n    y = x * 2\n    return z\n", "    return x + 1\n")
    [fault] = lab["blame"]
    assert (fault["lines"], fault["moves"], fault["after"]) == ([2], [[2, 0]], None)
    assert fault["text"].startswith("Gap L01.scale: the checks pass once its line 2 moves before its first line;")


def test_a_changed_line_and_a_missing_one_are_both_said(tmp_path):
    [fault] = check(tmp_path, "    y = x * 3\n    return z\n", "    return x + 1\n")["blame"]
    assert (fault["lines"], fault["after"]) == ([1], 1)
    assert "once its line 1 changes and a line is added after its line 1; they find nothing wrong in its line 2." in fault["text"]


def test_the_learners_own_names_and_a_harmless_extra_line_are_not_named(tmp_path):
    # d for y, throughout: only the wrong line is named.
    [fault] = check(tmp_path / "a", "    d = x * 2\n    z = d * 3\n    return z\n", "    return x + 1\n")["blame"]
    assert fault["lines"] == [2]
    # A line of their own beside the wrong one is an edit of its own.
    [fault] = check(tmp_path / "b", "    y = x * 2\n    w = 5\n    z = y * 3\n    return z\n", "    return x + 1\n")["blame"]
    assert fault["lines"] == [3]


def test_a_right_line_is_never_named_for_a_return_put_before_the_wrong_one(tmp_path):
    # The course's return in place of line 1 would pass, with line 2 never run: not a pointer.
    [fault] = check(tmp_path, "    y = x * 2\n    return y * 3\n", "    return x + 1\n")["blame"]
    assert fault["lines"] in ([2], [])


def test_same_code_ignores_spacing_and_comments_but_not_names():
    assert same_code("    return x+1  # one more\n", "    return x + 1\n")
    assert not same_code("    return y + 1\n", "    return x + 1\n")


def test_a_gap_still_holding_its_stub_is_said_unwritten_with_no_line(tmp_path):
    text = BEFORE + "    raise NotImplementedError('write scale')\n" + MIDDLE + "    return x + 1\n" + AFTER
    spans = {"ember/thing.py": [["L01.scale", 3, 3, "    "], ["L01.shift", 8, 8, "    "]]}
    lib = Lib({"ember/__init__.py": "", "ember/thing.py": text, **RUNTIME}, tmp_path / "lib")
    lab = check_lab(CHECKS, lib, ["L01.scale", "L01.shift"], answers=COURSE, spans=spans, unwritten=["L01.scale"])
    assert [fault["text"] for fault in lab["blame"]] == ["Gap L01.scale still holds the stub the lab starts with: write it."]


def test_an_earlier_labs_gap_still_holding_its_stub_is_said_unwritten_not_wrong(tmp_path):
    text = BEFORE + "    raise NotImplementedError('write scale')\n" + MIDDLE + "    return x + 1\n" + AFTER
    spans = {"ember/thing.py": [["L01.scale", 3, 3, "    "], ["L01.shift", 8, 8, "    "]]}
    lib = Lib({"ember/__init__.py": "", "ember/thing.py": text, **RUNTIME}, tmp_path / "lib")
    lab = check_lab(CHECKS, lib, ["L01.shift"], answers=COURSE, spans=spans, unwritten=["L01.scale"])
    assert [fault["text"] for fault in lab["blame"]] == [
        "Gap L01.scale still holds its stub: it belongs to an earlier lab of this page, to be written first."]


def test_a_trial_that_never_ends_fails_on_its_own_time_and_the_search_goes_on(tmp_path):
    # With the course's scale, the learner's shift loops for ever: that trial is ended, the
    # learner's own run is not, and both wrong gaps are still named.
    shift = "    while scale(x) == x * 2:\n        pass\n    return x + 2\n"
    lab = check(tmp_path, "    return x * 3\n", shift, time_limit=10)
    assert [fault["gap"] for fault in lab["blame"]] == ["L01.scale", "L01.shift"]


def test_a_mistake_that_fails_the_checks_alike_elsewhere_in_the_gap_is_not_said(tmp_path):
    # Declared: line 2 multiplies by 3. The learner's line 1 does it instead: same results.
    by_three = {"gap": "L01.scale", "text": "    y = x * 2\n    z = y * 3\n    return z",
                "status": "failed", "reason": "scale(3): expected the int 6, got the int 18", "says": "z triples y"}
    checks = [{**CHECKS[0], "mistakes": [by_three]}, CHECKS[1]]
    declared = check(tmp_path / "a", by_three["text"] + "\n", "    return x + 1\n", checks)
    assert [f["says"] for f in declared["blame"]] == ["z triples y"]
    elsewhere = check(tmp_path / "b", "    y = x * 6\n    z = y * 1\n    return z\n", "    return x + 1\n", checks)
    assert [(f["lines"], f["says"]) for f in elsewhere["blame"]] == [([1], None)]


def test_timedout_raised_by_the_learners_own_code_is_an_error_like_any_other(tmp_path):
    lab = check(tmp_path, "    y = x * 2\n    z = y * 1\n    return z\n", "    import timeouts\n    raise timeouts.TimedOut\n")
    assert [r["status"] for r in lab["results"]] == ["passed", "error", "error"]



def test_a_check_that_never_ends_fails_in_time_for_its_line_to_be_named(tmp_path):
    # Within the page's time limit, a check still running when the blame's time comes fails, the
    # checks after it are not run, and the blame still has its time to name the line.
    scale = "    y = x * 2\n    while y: y = y\n    z = y * 1\n    return z\n"
    lab = check(tmp_path, scale, "    return x + 1\n", time_limit=6)
    assert [r["status"] for r in lab["results"]] == ["error", "error", "error"]
    assert lab["results"][0]["reason"] == ("still running when the checks' time was up: code that never ends, or "
                                           "runs far too long? It was running line 2 of gap L01.scale.")
    assert lab["results"][1]["reason"] == "not run: a check before it used up the checks' time"
    assert [(f["gap"], f["lines"]) for f in lab["blame"]] == [("L01.scale", [2])]


def test_an_extra_line_is_said_as_taken_out(tmp_path):
    lab = check(tmp_path, "    y = x * 2\n    z = y * 1\n    z = z + 1\n    return z\n", "    return x + 1\n")
    [fault] = lab["blame"]
    assert fault["text"] == "Gap L01.scale: the checks pass once its line 3 is taken out; they find nothing wrong in its lines 1–2 and 4."
