"""site_src.gaps on a small made-up course: regions, rewrites by later lessons, and snapshots."""

import textwrap
from pathlib import Path

import pytest

from site_src.gaps import GapError, Slot, read_ember
from site_src.__main__ import main

# Lesson 01 writes f; 02 gives g forward only, and helper; 03 rebuilds g as a gap; 04 assigns a
# grad and gives back's last line; 05 rewrites the grad to accumulate. later.py appears with
# lesson 03.
MADE_UP = {
    "ember/__init__.py": '"""made-up ember"""\n',
    "ember/core.py": '''\
        def f(x):
            # --- gap L01.f ---
            return x + 1
            # --- end ---


        # --- gap L03.g ---
        def g(x):
            return f(x) * 2
        # --- end ---


        # A helper that lesson 02 gives.
        def helper():
            return 2


        class Node:
            def back(self, out):
                # --- gap L05.acc ---
                self.grad += out
                # --- end ---
                return self
        ''',
    "history/core.yml": '''\
        given:
          L02: [helper]
          L04:
            - Node.back: return self
        gaps:
          L01.f:
            stub: |
              raise NotImplementedError("add one")
          L03.g:
            stub: |
              def g(x):
                  raise NotImplementedError("use f")
            before:
              - given: L02
                code: |
                  def g(x):
                      return (x + 1) * 2
          L05.acc:
            stub: |
              raise NotImplementedError("accumulate")
            before:
              - gap: L04.assign
                code: |
                  self.grad = out
                stub: |
                  raise NotImplementedError("assign")
        ''',
    "ember/later.py": "LATER = True\n",
    "history/later.yml": "from: L03\n",
}


@pytest.fixture
def course(tmp_path: Path) -> Path:
    for name, text in MADE_UP.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


def test_the_finished_package_is_importable_and_runs_the_newest_versions(course):
    namespace: dict = {}
    exec((course / "ember/core.py").read_text(), namespace)
    assert namespace["f"](1) == 2 and namespace["g"](1) == 4


def test_a_lessons_start_shows_the_stub_between_markers(course):
    core = read_ember(course).snapshot(1)["ember/core.py"]
    assert '    # --- gap L01.f ---\n    raise NotImplementedError("add one")\n    # --- end ---\n' in core


def test_its_end_shows_the_solution_without_markers(course):
    core = read_ember(course).snapshot(1, end=True)["ember/core.py"]
    assert "    return x + 1\n" in core and "# ---" not in core and "NotImplementedError" not in core


def test_a_region_is_absent_before_its_oldest_version(course):
    core = read_ember(course).snapshot(1, end=True)["ember/core.py"]
    assert "def g" not in core and "self.grad" not in core


def test_a_given_version_is_there_from_the_start_of_its_lesson(course):
    core = read_ember(course).snapshot(2)["ember/core.py"]
    assert "def g(x):\n    return (x + 1) * 2\n" in core


def test_a_later_lesson_rewrites_a_region(course):
    ember = read_ember(course)
    start = ember.snapshot(3)["ember/core.py"]
    assert '# --- gap L03.g ---\ndef g(x):\n    raise NotImplementedError("use f")\n# --- end ---' in start
    assert "return (x + 1) * 2" not in start
    assert "def g(x):\n    return f(x) * 2\n" in ember.snapshot(3, end=True)["ember/core.py"]


def test_snapshots_before_a_rewrite_still_show_the_old_code(course):
    ember = read_ember(course)
    for lesson in (4, 5):
        assert "return (x + 1) * 2" not in ember.snapshot(lesson)["ember/core.py"]
    assert "return (x + 1) * 2" in ember.snapshot(2, end=True)["ember/core.py"]


def test_assign_first_then_accumulate(course):
    ember = read_ember(course)
    assert "        self.grad = out\n" in ember.snapshot(4, end=True)["ember/core.py"]
    assert '# --- gap L05.acc ---\n        raise NotImplementedError("accumulate")' in \
        ember.snapshot(5)["ember/core.py"]
    final = ember.snapshot(9)["ember/core.py"]
    assert "        self.grad += out\n" in final and "self.grad = out" not in final


def test_a_file_appears_with_its_first_region(course):
    ember = read_ember(course)
    assert "ember/later.py" not in ember.snapshot(2, end=True)
    assert ember.snapshot(3)["ember/later.py"] == "LATER = True\n"
    assert "ember/__init__.py" in ember.snapshot(1)


def test_earlier_gaps_are_slots_with_their_solution_and_the_learners_text_wins(course):
    ember = read_ember(course)
    core = ember.template(3)["ember/core.py"]
    slots = {s.gap: s for s in core if isinstance(s, Slot)}
    assert slots["L01.f"].solution == "    return x + 1\n" and not slots["L01.f"].marked
    assert slots["L03.g"].solution is None and slots["L03.g"].marked
    mine = ember.snapshot(3, answers={"L01.f": "    return x + 100\n"})["ember/core.py"]
    assert "return x + 100" in mine


def test_a_given_definition_comes_with_the_lines_above_it_and_a_given_line_alone(course):
    ember = read_ember(course)
    assert "helper" not in ember.snapshot(1, end=True)["ember/core.py"]
    assert "return (x + 1) * 2\n\n\n# A helper that lesson 02 gives.\ndef helper():\n" in ember.snapshot(2)["ember/core.py"]
    assert "return self" not in ember.snapshot(3, end=True)["ember/core.py"]
    assert ember.snapshot(4, end=True)["ember/core.py"].endswith("        self.grad = out\n        return self\n")


GAP = "# --- gap L01.f ---\nx = 1\n# --- end ---\n"
STUB = "gaps:\n  L01.f:\n    stub: |\n      x = 0\n"


@pytest.mark.parametrize("text, history, message", [
    ("# --- gap L01.f ---\nx = 1\n", STUB, "^ember/bad.py:1: gap has no '# --- end ---'"),
    (GAP, None, "^history/bad.yml: gap L01.f of ember/bad.py has no stub"),
    ("# --- gap f ---\nx = 1\n# --- end ---\n", None, "^ember/bad.py:1: unknown marker 'gap f'"),
    (GAP + "# --- stub ---\n", STUB, "^ember/bad.py:4: unknown marker 'stub'.*are in history/"),
    ("# --- end ---\n", None, "^ember/bad.py:1: '# --- end ---' outside a gap"),
    ("# --- gap L01.f ---\nx = 1\n    # --- end ---\n", STUB, "indented like the gap's first marker at line 1"),
    (GAP, STUB + "    before:\n      - given: L02\n        code: |\n          x = 2\n", "^ember/bad.py:1: .*newest first"),
    (GAP, STUB + "  L01.g:\n    stub: |\n      y = 0\n", "^history/bad.yml: gap L01.g is not marked in ember/bad.py"),
    (GAP, STUB + "given:\n  L02: [nowhere]\n", "^history/bad.yml: ember/bad.py defines no nowhere"),
    (GAP + "def h():\n    return 1\n", STUB + "given:\n  L02:\n    - h: return 2\n",
     "^history/bad.yml: given L02: 0 lines of h in ember/bad.py start with 'return 2'"),
    (GAP, "gaps: [L01.f]\n", "^history/bad.yml: 'gaps' maps each gap's name"),
    (GAP, STUB + "from: 7\n", "^history/bad.yml: '7' is not a lesson such as L07"),
    (GAP, STUB + "from: L02\n", "^ember/bad.py:1: gap L01.f has a version of lesson 01, but the code around it is in "
     "ember from lesson 02"),
    ("def h():\n    " + GAP.replace("\n#", "\n    #").replace("\nx", "\n    x"), STUB + "given:\n  L02: [h]\n",
     "^ember/bad.py:2: gap L01.f has a version of lesson 01, but the code around it is in ember from lesson 02"),
    (GAP, STUB + "given:\n  L02: [h]\n  L02: [h]\n", "^history/bad.yml: not YAML: .*'L02' is there twice"),
    (GAP + "def h():\n    return True\n", STUB + "given:\n  L02:\n    - h: yes\n",
     "^history/bad.yml: given L02: the start of a line of h must be text; put it in quotes"),
    (GAP + "class C:\n    @property\n    def p(self):\n        return 1\n    @p.setter\n    def p(self, v):\n        pass\n",
     STUB + "given:\n  L02: [C.p]\n", "^history/bad.yml: ember/bad.py defines C.p 2 times"),
    (GAP, STUB + "given: [h]\n", "^history/bad.yml: 'given' maps lessons to what they give"),
])
def test_bad_markers_and_histories_name_the_file_and_line(tmp_path, text, history, message):
    (tmp_path / "ember").mkdir()
    (tmp_path / "history").mkdir()
    (tmp_path / "ember/bad.py").write_text(text)
    if history is not None:
        (tmp_path / "history/bad.yml").write_text(history)
    with pytest.raises(GapError, match=message):
        read_ember(tmp_path)


def test_a_stub_written_without_its_last_newline_gets_one(tmp_path):
    (tmp_path / "ember").mkdir()
    (tmp_path / "history").mkdir()
    (tmp_path / "ember/core.py").write_text("def f():\n    " + GAP.replace("\n#", "\n    #").replace("\nx", "\n    x"))
    (tmp_path / "history/core.yml").write_text("gaps:\n  L01.f:\n    stub: raise NotImplementedError\n")
    assert read_ember(tmp_path).snapshot(1)["ember/core.py"].endswith("    raise NotImplementedError\n    # --- end ---\n")


def test_a_history_without_its_file_is_refused(tmp_path):
    (tmp_path / "ember").mkdir()
    (tmp_path / "history").mkdir()
    (tmp_path / "history/gone.yml").write_text("from: L01\n")
    with pytest.raises(GapError, match="^history/gone.yml: there is no ember file of this name"):
        read_ember(tmp_path)


def test_a_gap_name_used_twice_is_refused(tmp_path):
    (tmp_path / "ember").mkdir()
    (tmp_path / "history").mkdir()
    for name in ("a", "b"):
        (tmp_path / f"ember/{name}.py").write_text(GAP)
        (tmp_path / f"history/{name}.yml").write_text(STUB)
    with pytest.raises(GapError, match="also marked at ember/a.py:1"):
        read_ember(tmp_path)


def test_the_command_prints_lesson_07_as_it_starts_and_ends(capsys):
    assert main(["snapshot", "07", "--start"]) == 0
    start = capsys.readouterr().out
    assert "# === ember/scalar.py ===" in start and "# --- gap L07.init ---" in start
    assert main(["snapshot", "07", "--end"]) == 0
    end = capsys.readouterr().out
    assert "self.data = float(data)" in end and "NotImplementedError(\"Keep" not in end
