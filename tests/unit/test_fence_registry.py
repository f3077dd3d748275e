"""site_src/fences/registry.py: a fence declared once is a fence everywhere: the page renders it,
``site_src check`` checks its options, and the course counts what it declares."""

import html

import pytest

from site_src import course
from site_src.fences import Declared, Fence, PageContext, registry
from tests.unit.conftest import render_fence
from tests.unit.test_check import LESSON, course as make_course, problems_of


def shout(source: str, options: dict, page: PageContext, line: int) -> str:
    mark = "!" if "loud" in options else "."
    return f'<p class="shout">{html.escape(source.strip().upper())}{mark}</p>'


SHOUT = Fence("yaml", "shout", shout, options={"loud": "a bare word: end with !"},
              declares=lambda source, src_path, line: Declared(questions={"q": 1}))
"""A made-up fence that asks one question, as a quiz does."""


@pytest.fixture
def registered(monkeypatch):
    """SHOUT, registered as a new fence is: one line in FENCES."""
    monkeypatch.setattr(registry, "FENCES", (*registry.FENCES, SHOUT))


def test_a_registered_fence_is_rendered_with_its_options(registered):
    text = "```yaml shout loud\nhello\n```\n\n```yaml shout\nbye\n```\n"
    page_html = render_fence(text, PageContext("docs/x.md", text, None))
    assert '<p class="shout">HELLO!</p>' in page_html and '<p class="shout">BYE.</p>' in page_html


def test_the_check_refuses_an_option_a_registered_fence_does_not_know(registered, tmp_path):
    page = LESSON.format(number="07", part="I") + "\n```yaml shout quiet\nhello\n```\n"
    docs = make_course(tmp_path, {"07-a.md": page})
    assert problems_of(tmp_path, docs) == ["docs/lessons/07-a.md:13: unknown shout option 'quiet'; known: loud"]


def test_what_a_registered_fence_declares_counts_in_its_lesson(registered, tmp_path):
    page = LESSON.format(number="07", part="I") + "\n```yaml shout\nhello\n```\n\n```yaml shout\nbye\n```\n"
    make_course(tmp_path, {"07-a.md": page})
    [lesson] = course.read_lessons(tmp_path, tmp_path / "docs")
    assert lesson.quizzes == ("07-q1", "07-q2")


def test_a_fence_is_the_one_whose_word_comes_first_on_its_line():
    fence, options = registry.fence_of('```python figure id="a" cell')
    assert fence.word == "figure" and options == {"id": "a", "cell": "cell"}
    assert registry.fence_of("```python") is None and registry.fence_of("```python id='a' cell") is None


def test_a_fence_that_is_not_registered_is_not_rendered_as_one():
    text = "```yaml shout\nhello\n```\n"
    assert 'class="shout"' not in render_fence(text, PageContext("docs/x.md", text, None))



def test_the_check_refuses_what_the_build_refuses_in_a_cells_options(tmp_path):
    page = LESSON.format(number="07", part="I") + (
        '\n```python cell build="compiled"\nprint(1)\n```\n'
        '\n```python cell build="compile" raises="TypeError"\nprint(1)\n```\n'
        '\n```python cell raises=""\nprint(1)\n```\n'
        '\n```yaml quiz id="x"\nquestion: q\n```\n')
    docs = make_course(tmp_path, {"07-a.md": page})
    assert problems_of(tmp_path, docs) == [
        "docs/lessons/07-a.md:13: build is \"run\" or \"compile\", not 'compiled'",
        'docs/lessons/07-a.md:17: a cell with build="compile" is not run at build time, so it takes no raises',
        "docs/lessons/07-a.md:21: raises needs the exception's name, as in raises=\"TypeError\"",
        "docs/lessons/07-a.md:25: a quiz takes no options on its line, not 'id'",
    ]
