"""The ``yaml quiz`` and ``yaml recap`` fences: the form they make, and the errors that name a line."""

import re

import pytest

from site_src.fences import FenceError, PageContext
from tests.unit.conftest import render_fence

QUIZ = """\
```yaml quiz
question: Is `c` enough?
options:
  - answer: "Yes"
    feedback: Many pairs make 6.0.
  - answer: "No"
    right: true
    feedback: The product forgets its inputs.
explain: A float is only a number.
```
"""


def render(text: str, lesson: int | None = 7) -> str:
    return render_fence(text, PageContext("docs/x.md", text, None, lesson))


def test_a_quiz_is_a_fieldset_of_radios_with_a_legend_and_the_answer_in_closed_details():
    html = render(QUIZ)
    assert '<form class="ember-quiz" data-quiz="07-q1" data-right="1" autocomplete="off">' in html
    assert "<fieldset><legend>Is <code>c</code> enough?</legend>" in html
    assert html.count('type="radio" name="07-q1"') == 2
    assert '<label for="07-q1-1">No</label>' in html
    assert '<div class="ember-quiz__feedback" data-option="0" hidden data-search-exclude><p>Many pairs make 6.0.</p></div>' in html
    answer = re.search(r'<details class="ember-quiz__answer" data-search-exclude>(.*?)</details>', html)[1]
    assert "<strong>No</strong>" in answer and "A float is only a number." in answer
    assert '<div class="ember-quiz__status" role="status">' in html


def test_the_site_search_finds_no_feedback_explanation_or_answer_of_a_quiz():
    html = render(QUIZ)
    assert html.count("data-search-exclude") == 2 + 2  # each option's feedback; the explanation and the answer
    assert '<div class="ember-quiz__explain" hidden data-search-exclude>' in html


def test_quizzes_are_numbered_in_page_order_and_a_page_that_is_not_a_lesson_uses_its_name():
    assert 'data-quiz="07-q2"' in render(QUIZ + "\n" + QUIZ)
    assert 'data-quiz="page-x-q1"' in render(QUIZ, lesson=None)


def test_a_recap_is_a_group_of_questions_numbered_r1_r2():
    body = QUIZ.split("\n", 1)[1].rsplit("```", 1)[0]
    item = "\n".join(("  - " if i == 0 else "    ") + line for i, line in enumerate(body.strip().split("\n")))
    html = render(f"```yaml recap\nquestions:\n{item}\n{item}\n```\n")
    assert '<section class="ember-recap" aria-label="Recap">' in html
    assert 'data-quiz="07-r1"' in html and 'data-quiz="07-r2"' in html


@pytest.mark.parametrize("change, message", [
    (("    right: true\n", ""), r":4: a question needs exactly one right option \(right: true\), not 0"),
    (('  - answer: "Yes"\n', '  - answer: "Yes"\n    right: true\n'), "not 2"),
    (("    feedback: Many pairs make 6.0.\n", ""), r":4: option 'Yes' has no feedback"),
    (("explain: A float is only a number.\n", ""), r":2: question fields missing \['explain'\]"),
    (("explain:", "explained:"), r"missing \['explain'\]"),
    (("    right: true\n", "    right: yes please\n"), r":6: option 'No': right must be true or false"),
    (("question: Is `c` enough?", "question: [unclosed"), r":2: the question is not valid YAML"),
    (("    right: true\n", "    right: 1\n"), r":6: option 'No': right must be true or false"),
])
def test_a_broken_quiz_stops_the_build_naming_the_file_and_line(change, message):
    with pytest.raises(FenceError, match=f"^docs/x.md{message}" if message.startswith(":") else message):
        render(QUIZ.replace(*change))


def test_a_recap_without_questions_stops_the_build():
    with pytest.raises(FenceError, match=r"^docs/x.md:2: a recap is 'questions:'"):
        render("```yaml recap\nquestion: x\n```\n")


def test_an_empty_quiz_or_one_with_too_many_options_stops_the_build():
    with pytest.raises(FenceError, match=r"^docs/x.md:2: the fence is empty"):
        render("```yaml quiz\n\n```\n")
    options = "".join(f"  - answer: a{i}\n    feedback: f\n" + ("    right: true\n" if i == 0 else "") for i in range(21))
    with pytest.raises(FenceError, match="must be a list of 2 to 20"):
        render(f"```yaml quiz\nquestion: q\noptions:\n{options}explain: e\n```\n")
