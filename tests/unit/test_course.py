"""site_src/course.py on a made-up course: the lab invariants, and the errors that name a line."""

from pathlib import Path

import pytest

from site_src import course
from site_src.fences import FenceError
from site_src.gaps import read_ember

from tests.unit.conftest import RUNTIME

EMBER = '''\
def f(x):
    # --- gap L01.f ---
    return x + 1
    # --- end ---


# --- gap L02.g ---
def g(x):
    return f(x) * 2
# --- end ---
'''

HISTORY = '''\
gaps:
  L01.f:
    stub: |
      raise NotImplementedError("add one")
  L02.g:
    stub: |
      def g(x):
          raise NotImplementedError("use f")
    before:
      - given: L01
        code: |
          def g(x):
              return (x + 1) * 2
'''
H_STUB = '''  L01.h:
    stub: |
      raise NotImplementedError
'''


def lesson(number: int, gaps: str, checks: list[tuple[str, str]]) -> str:
    items = "".join(f"  - title: {title}\n    code: |\n      {code}\n" for title, code in checks)
    return (f'---\nnumber: "{number:02d}"\n---\n\n# Lesson {number}\n\n```yaml lab\n'
            f"gaps: [{gaps}]\nwhat: w\nwhy: y\nhints: [h]\nchecks:\n{items}praise: p\n```\n")


F_CHECK = ("f adds one", "from ember.core import f; expect(f(1), 2)")
G_CHECK = ("g doubles f", "from ember.core import g; expect(g(1), 4)")


def make(tmp_path: Path, lessons: dict[int, str], ember: str = EMBER, history: str = HISTORY) -> list[str]:
    (tmp_path / "ember").mkdir(exist_ok=True)
    (tmp_path / "history").mkdir(exist_ok=True)
    (tmp_path / "ember/__init__.py").write_text("")
    (tmp_path / "ember/core.py").write_text(ember)
    (tmp_path / "history/core.yml").write_text(history)
    docs = tmp_path / "docs" / "lessons"
    docs.mkdir(parents=True)
    for number, text in lessons.items():
        (docs / f"{number:02d}-x.md").write_text(text)
    found = course.read_lessons(tmp_path, tmp_path / "docs")
    return course.problems(read_ember(tmp_path), found, RUNTIME, tmp_path / "scratch")


def test_a_sound_course_has_no_problems(tmp_path):
    assert make(tmp_path, {1: lesson(1, "L01.f", [F_CHECK]), 2: lesson(2, "L02.g", [G_CHECK])}) == []


def test_a_check_that_passes_before_the_learner_writes_anything_is_a_problem(tmp_path):
    found = make(tmp_path, {1: lesson(1, "L01.f", [F_CHECK, ("always", "expect(1, 1)")]),
                            2: lesson(2, "L02.g", [G_CHECK])})
    assert found == ["docs/lessons/01-x.md:16: check 'always' passes on the start snapshot of "
                     "lesson 01, before the learner writes anything"]


def test_a_check_that_fails_on_the_end_snapshot_is_a_problem(tmp_path):
    found = make(tmp_path, {1: lesson(1, "L01.f", [("wrong", "from ember.core import f; expect(f(1), 5)")]),
                            2: lesson(2, "L02.g", [G_CHECK])})
    assert found[0] == ("docs/lessons/01-x.md:13: check 'wrong' fails when labs 1 to 1 of lesson "
                        "01 are solved and later ones are not: expected the int 5, got the int 2")
    assert found[1] == ("docs/lessons/01-x.md:13: check 'wrong' fails on the end snapshot of "
                        "lesson 01: expected the int 5, got the int 2")
    assert len(found) == 3 and "end snapshot of lesson 02" in found[2]


def test_an_earlier_check_broken_by_a_later_lesson_is_a_problem(tmp_path):
    # Lesson 01's check holds on lesson 01's g, which lesson 02 rewrites to triple instead.
    broken = EMBER.replace("return f(x) * 2", "return f(x) * 3")
    old_g = ("old g", "from ember.core import f, g; expect(f(1), 2); expect(g(1), 4)")
    found = make(tmp_path, {1: lesson(1, "L01.f", [F_CHECK, old_g]),
                            2: lesson(2, "L02.g", [("new g", "from ember.core import g; expect(g(1), 6)")])},
                 ember=broken)
    assert found == ["docs/lessons/01-x.md:16: check 'old g' fails on the end snapshot of lesson 02: "
                     "expected the int 4, got the int 6"]


def test_a_lab_naming_a_missing_gap_is_a_problem(tmp_path):
    found = make(tmp_path, {1: lesson(1, "L01.nope", [F_CHECK]), 2: lesson(2, "L02.g", [G_CHECK])})
    assert "docs/lessons/01-x.md:7: no such gap in ember/: L01.nope" in found
    assert "ember/core.py:2: gap L01.f is in no lab of lesson 01" in found


@pytest.mark.parametrize("body, message", [
    ("gaps: [L01.f]\n", r":7: lab fields missing \['checks', 'hints', 'praise', 'what', 'why'\]"),
    ("gaps: [L01.f\n", r":8: the lab is not valid YAML"),
    ("gaps: [L01.f]\nwhat: w\nwhy: y\nhints: [h]\npraise: p\nchecks:\n  - title: t\n    code: 'x ='\n",
     r":15: check 't' is not valid Python"),
    ("gaps: [L01.f]\nwhat: ''\nwhy: y\nhints: [h]\npraise: p\nchecks: [{title: t, code: x}]\n",
     r":9: 'what' must be text"),
])
def test_a_broken_lab_declaration_names_its_line(tmp_path, body, message):
    text = f'---\nnumber: "01"\n---\n\n# One\n\n```yaml lab\n{body}```\n'
    with pytest.raises(FenceError, match=f"^docs/lessons/01-x.md{message}"):
        make(tmp_path, {1: text})


def test_a_check_that_needs_a_later_labs_gap_is_a_problem(tmp_path):
    ember = EMBER + "\n\ndef h(x):\n    # --- gap L01.h ---\n    return x + 2\n    # --- end ---\n"
    early = lesson(1, "L01.f", [F_CHECK, ("f and h", "from ember.core import f, h; expect(h(f(0)), 3)")])
    both = early + lesson(1, "L01.h", [("h", "from ember.core import h; expect(h(1), 3)")]).split("---\n", 2)[2]
    found = make(tmp_path, {1: both, 2: lesson(2, "L02.g", [G_CHECK])}, ember=ember, history=HISTORY + H_STUB)
    assert len(found) == 1 and "check 'f and h' fails when labs 1 to 1 of lesson 01 are solved" in found[0]


def test_a_lab_writing_another_lessons_gap_or_a_gap_twice_is_a_problem(tmp_path):
    found = make(tmp_path, {1: lesson(1, "L01.f", [F_CHECK]),
                            2: lesson(2, "L02.g, L01.f", [G_CHECK])})
    assert found == ["docs/lessons/02-x.md:7: gap L01.f is not of lesson 02; a lab writes only its "
                     "own lesson's gaps"]


def test_a_gap_of_a_lesson_without_a_page_is_a_problem(tmp_path):
    found = make(tmp_path, {1: lesson(1, "L01.f", [F_CHECK])})
    assert found == ["ember/core.py:7: gap L02.g belongs to lesson 02, which has no page"]


def test_a_stub_that_does_not_compile_is_a_problem(tmp_path):
    broken = HISTORY.replace('raise NotImplementedError("add one")', "return (")
    found = make(tmp_path, {1: lesson(1, "L01.f", [F_CHECK]), 2: lesson(2, "L02.g", [G_CHECK])}, history=broken)
    assert found[0].startswith("ember/core.py: as lesson 01 starts, line 3 does not compile")


def test_labs_in_a_blockquote_count_and_examples_inside_other_fences_do_not(tmp_path):
    quoted = "\n".join(f"> {line}" if line and not line.startswith(("---", "number")) else line
                       for line in lesson(1, "L01.f", [F_CHECK]).split("\n"))
    example = "\n````markdown\n```yaml lab\nnot: a real lab\n```\n````\n"
    assert make(tmp_path, {1: quoted + example, 2: lesson(2, "L02.g", [G_CHECK])}) == []


def test_a_lab_whose_gaps_are_in_two_files_is_a_problem(tmp_path):
    (tmp_path / "ember").mkdir()
    (tmp_path / "history").mkdir()
    (tmp_path / "ember/other.py").write_text("def k(x):\n    # --- gap L02.k ---\n    return x\n    # --- end ---\n")
    (tmp_path / "history/other.yml").write_text("gaps:\n  L02.k:\n    stub: |\n      raise NotImplementedError\n")
    found = make(tmp_path, {1: lesson(1, "L01.f", [F_CHECK]), 2: lesson(2, "L02.g, L02.k", [G_CHECK])})
    assert found == ["docs/lessons/02-x.md:7: a lab's gaps must all be in one file, not "
                     "['ember/core.py', 'ember/other.py']"]


def test_front_matter_that_is_not_yaml_or_a_lesson_page_without_a_number_is_named(tmp_path):
    docs = tmp_path / "docs" / "lessons"
    docs.mkdir(parents=True)
    (docs / "07-x.md").write_text('---\nnumber: "07\ntitle: x\n---\n')
    with pytest.raises(FenceError, match=r"^docs/lessons/07-x.md:\d+: the front matter is not valid YAML"):
        course.read_lessons(tmp_path, tmp_path / "docs")
    (docs / "07-x.md").write_text("---\ntitle: x\n---\n")
    with pytest.raises(FenceError, match=r"^docs/lessons/07-x.md:1: a page in lessons/ is a lesson"):
        course.read_lessons(tmp_path, tmp_path / "docs")
    (docs / "07-x.md").write_text('---\nnumber: "ab"\n---\n')
    with pytest.raises(FenceError, match=r"^docs/lessons/07-x.md:2: number must be two digits"):
        course.read_lessons(tmp_path, tmp_path / "docs")


def test_a_question_inside_an_html_comment_is_refused(tmp_path):
    docs = tmp_path / "docs" / "lessons"
    docs.mkdir(parents=True)
    (docs / "07-x.md").write_text('---\nnumber: "07"\n---\n\n<!--\n```yaml quiz\nquestion: q\n```\n-->\n')
    with pytest.raises(FenceError, match=r"^docs/lessons/07-x.md:6: a lab or question inside an HTML comment"):
        course.read_lessons(tmp_path, tmp_path / "docs")


def with_variants(number: int, gaps: str, checks: list[tuple[str, str]], variants: str) -> str:
    """lesson(), with mistakes or also_right (YAML, indented as fields) in its lab."""
    return lesson(number, gaps, checks).replace("praise: p\n", f"praise: p\n{variants}")


MISTAKE = ("mistakes:\n  - gap: L01.f\n    replace: ['x + 1', 'x + 2']\n"
           "    says: it adds two, not one\n")


def test_a_declared_mistake_that_a_check_catches_is_no_problem_and_its_words_go_with_its_reason(tmp_path):
    assert make(tmp_path, {1: with_variants(1, "L01.f", [F_CHECK], MISTAKE), 2: lesson(2, "L02.g", [G_CHECK])}) == []
    lessons = course.read_lessons(tmp_path, tmp_path / "docs")
    [check] = course.diagnosed_checks(read_ember(tmp_path), lessons[0], 0, RUNTIME, tmp_path / "scratch")
    assert check["mistakes"] == [{"gap": "L01.f", "text": "    return x + 2\n", "status": "failed",
                                  "reason": "expected the int 2, got the int 3", "says": "it adds two, not one"}]


def test_a_declared_mistake_that_passes_every_check_is_a_problem_at_its_line(tmp_path):
    weak = ("weak", "from ember.core import f; assert f(1) > 1")
    found = make(tmp_path, {1: with_variants(1, "L01.f", [weak], MISTAKE), 2: lesson(2, "L02.g", [G_CHECK])})
    assert found == ["docs/lessons/01-x.md:18: the mistake in gap L01.f passes every check of lab 1: a check "
                     "should catch it"]


def test_a_mistake_whose_old_text_is_not_in_the_solution_is_a_problem(tmp_path):
    typo = MISTAKE.replace("'x + 1'", "'x+1'")
    found = make(tmp_path, {1: with_variants(1, "L01.f", [F_CHECK], typo), 2: lesson(2, "L02.g", [G_CHECK])})
    assert found == ["docs/lessons/01-x.md:18: 'x+1' is not in the solution of gap L01.f, so nothing is replaced"]


def test_a_correct_answer_written_another_way_must_pass_every_check(tmp_path):
    right = "also_right:\n  - gap: L01.f\n    text: |\n      return 1 + x\n"
    assert make(tmp_path, {1: with_variants(1, "L01.f", [F_CHECK], right), 2: lesson(2, "L02.g", [G_CHECK])}) == []
    wrong = "also_right:\n  - gap: L01.f\n    text: |\n      return float(x + 1)\n"
    (tmp_path / "b").mkdir()
    found = make(tmp_path / "b", {1: with_variants(1, "L01.f", [F_CHECK], wrong), 2: lesson(2, "L02.g", [G_CHECK])})
    assert found == ["docs/lessons/01-x.md:18: the correct answer in gap L01.f fails check 'f adds one': "
                     "expected the int 2, got the float 2.0"]
