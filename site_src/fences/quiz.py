"""The ``yaml quiz`` and ``yaml recap`` fences: multiple-choice questions with feedback.

Markdown, one question::

    ```yaml quiz
    question: From `c` alone, can you tell which two numbers made it?
    options:
      - answer: "Yes: 2.0 and 3.0"
        feedback: Many pairs have the product 6.0.
      - answer: No
        right: true
        feedback: The product keeps the answer and forgets the question.
    explain: A float holds a number and nothing about where it came from.
    ```

A recap group asks about earlier lessons, at the top of a lesson::

    ```yaml recap
    questions:
      - question: …
        options: […]
        explain: …
    ```

Every field is Markdown (inline). Exactly one option is right, and every option has feedback.
The HTML is a form: a fieldset whose legend is the question, a radio input per option, each
option's feedback, and the answer with its explanation in a closed ``<details>`` that readers
without JavaScript can open. ``js/quiz.js`` shows the chosen option's feedback and, once the
right one is chosen, the explanation; the learner's answers are kept with their progress.
"""

import html
from dataclasses import dataclass
from typing import Any

import yaml

from site_src.fences import Declared, Fence, FenceError, PageContext, load_yaml, render_inline
from site_src.limits import LIMITS

QUESTION_FIELDS = {
    "question": "the question (Markdown)",
    "options": "a list of {answer, feedback}, one of them with right: true",
    "explain": "shown once the right option is chosen (Markdown)",
}
OPTION_FIELDS = {"answer", "feedback", "right"}
MAX_OPTIONS = LIMITS["quiz_options"]
"""The most options a question may have; the learner's saved answers allow no more."""


@dataclass(frozen=True)
class Option:
    answer: str
    feedback: str
    right: bool


@dataclass(frozen=True)
class Question:
    """One multiple-choice question; ``line`` is its first line in the lesson."""

    question: str
    options: tuple[Option, ...]
    explain: str
    line: int

    @property
    def right(self) -> int:
        """The index of the right option."""
        return next(index for index, option in enumerate(self.options) if option.right)


def _load(source: str, src_path: str, line: int, error) -> tuple[Any, yaml.Node]:
    data, node = load_yaml(source, src_path, line, "the question")
    if node is None:
        raise error("the fence is empty; a question has: " + ", ".join(QUESTION_FIELDS))
    return data, node


def _text(value: object) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value).strip() != ""


def _question(data: object, node: yaml.Node, error) -> Question:
    """Read one question from its YAML data and node; error(message, offset) makes a FenceError."""
    at = node.start_mark.line
    if not isinstance(data, dict):
        raise error("a question is a mapping with: " + ", ".join(QUESTION_FIELDS), at)
    missing, unknown = set(QUESTION_FIELDS) - set(data), set(data) - set(QUESTION_FIELDS)
    if missing or unknown:
        what = f"missing {sorted(missing)}" if missing else f"unknown {sorted(unknown)}"
        raise error(f"question fields {what}; a question has: {', '.join(QUESTION_FIELDS)}", at)
    lines = {key.value: value.start_mark.line for key, value in node.value}
    for name in ("question", "explain"):
        if not _text(data[name]):
            raise error(f"'{name}' must be text", lines[name])
    if not isinstance(data["options"], list) or not 2 <= len(data["options"]) <= MAX_OPTIONS:
        raise error(f"'options' must be a list of 2 to {MAX_OPTIONS} {{answer, feedback}}", lines["options"])
    option_nodes = next(value for key, value in node.value if key.value == "options").value
    options = []
    for item, option_node in zip(data["options"], option_nodes):
        line = option_node.start_mark.line
        if not isinstance(item, dict) or not set(item) <= OPTION_FIELDS or "answer" not in item:
            raise error("each option has an answer, its feedback, and right: true if it is the right one", line)
        if not _text(item["answer"]):
            raise error("an option's answer must be text", line)
        if not _text(item.get("feedback")):
            raise error(f"option {str(item['answer'])!r} has no feedback", line)
        if not isinstance(item.get("right", False), bool):
            raise error(f"option {str(item['answer'])!r}: right must be true or false", line)
        options.append(Option(str(item["answer"]), str(item["feedback"]), item.get("right", False)))
    right = sum(option.right for option in options)
    if right != 1:
        raise error(f"a question needs exactly one right option (right: true), not {right}", lines["options"])
    return Question(str(data["question"]), tuple(options), str(data["explain"]), at)


def parse_quiz(source: str, src_path: str, line: int) -> Question:
    """Read a ``yaml quiz`` fence.

    Raises:
        FenceError: ``file:line:`` and what is wrong: YAML that does not parse, a missing or
            unknown field, no right option or more than one, an option without feedback.
    """
    def error(message: str, offset: int = 0) -> FenceError:
        return FenceError(f"{src_path}:{line + 1 + offset}: {message}")

    data, node = _load(source, src_path, line, error)
    question = _question(data, node, error)
    return Question(question.question, question.options, question.explain, line + 1 + question.line)


def parse_recap(source: str, src_path: str, line: int) -> list[Question]:
    """Read a ``yaml recap`` fence: a mapping whose ``questions`` is a list of questions.

    Raises:
        FenceError: As parse_quiz does, for any of its questions, or for a recap that is not
            ``questions:`` with at least one question.
    """
    def error(message: str, offset: int = 0) -> FenceError:
        return FenceError(f"{src_path}:{line + 1 + offset}: {message}")

    data, node = _load(source, src_path, line, error)
    if not isinstance(data, dict) or set(data) != {"questions"} or not isinstance(data["questions"], list) \
            or not data["questions"]:
        raise error("a recap is 'questions:' and a list of questions", 0)
    nodes = node.value[0][1].value
    return [
        Question(q.question, q.options, q.explain, line + 1 + q.line)
        for q in (_question(item, item_node, error) for item, item_node in zip(data["questions"], nodes))
    ]


def question_html(question: Question, quiz_id: str) -> str:
    """One question as a form; see the module's docstring. Its feedback, explanation and answer
    are left out of the site's search (Material's data-search-exclude): a search would give the
    answer away."""
    options = "".join(
        f'<div class="ember-quiz__option">'
        f'<input type="radio" name="{quiz_id}" id="{quiz_id}-{index}" value="{index}">'
        f'<label for="{quiz_id}-{index}">{_inline(option.answer)}</label>'
        f'<div class="ember-quiz__feedback" data-option="{index}" hidden data-search-exclude>{render_inline(option.feedback)}</div>'
        "</div>"
        for index, option in enumerate(question.options)
    )
    right = question.options[question.right]
    explain = render_inline(question.explain)
    return (
        # autocomplete off: a browser restores no choice of the page before a reload (Reset this
        # lesson reloads); the learner's progress is what the question shows.
        f'<form class="ember-quiz" data-quiz="{html.escape(quiz_id)}" data-right="{question.right}" autocomplete="off">'
        f"<fieldset><legend>{_inline(question.question)}</legend>{options}"
        # Check, written here so that the question has its height before js/quiz.js mounts it;
        # shown only on a page whose code runs (js/quiz.css), which answers it.
        '<button type="submit" class="md-button ember-quiz__check">Check</button>'
        '<div class="ember-quiz__status" role="status"></div>'
        f'<div class="ember-quiz__explain" hidden data-search-exclude>{explain}</div>'
        '<details class="ember-quiz__answer" data-search-exclude><summary>Answer</summary>'
        f"<p><strong>{_inline(right.answer)}</strong></p>{explain}</details>"
        "</fieldset></form>"
    )


def _inline(text: str) -> str:
    """Inline Markdown as HTML without the paragraph around it: a legend or a label holds text."""
    out = render_inline(text)
    if out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1:
        return out[3:-4]
    return out


def format_quiz(source: str, options: dict, page: PageContext, line: int) -> str:
    """A ``yaml quiz`` fence as a form, ids q1, q2… in page order (Fence.format)."""
    question = parse_quiz(source, page.src_path, line)
    page.quizzes += 1
    return question_html(question, f"{page.key}-q{page.quizzes}")


def format_recap(source: str, options: dict, page: PageContext, line: int) -> str:
    """A ``yaml recap`` fence as a group of forms, ids r1, r2… (Fence.format)."""
    questions = parse_recap(source, page.src_path, line)
    forms = "".join(question_html(q, f"{page.key}-r{index}") for index, q in enumerate(questions, start=1))
    return (
        '<section class="ember-recap" aria-label="Recap">'
        '<p class="ember-recap__title"><strong>Recap</strong> · from earlier lessons</p>'
        f"{forms}</section>"
    )


def _declares_quiz(source: str, src_path: str, line: int) -> Declared:
    """A ``yaml quiz`` fence's one question (Fence.declares)."""
    parse_quiz(source, src_path, line)
    return Declared(questions={"q": 1})


QUIZ = Fence("yaml", "quiz", format_quiz, declares=_declares_quiz)
RECAP = Fence("yaml", "recap", format_recap,
              declares=lambda source, src_path, line: Declared(questions={"r": len(parse_recap(source, src_path, line))}))
