"""A lesson's frame: the header and footer that place it in the course, and the course map.

The course is its written lessons, each described by its front matter (FIELDS), and the
planned ones of ``docs/course.yml``, which also names the parts. ``read_course`` checks the rules
below and refuses a course that breaks one, naming the file and the line:

- a lesson's front matter has every field of FIELDS, of the right type, and no unknown one
  (MkDocs' and Material's own keys, such as ``hide``, are allowed);
- its number has two digits and starts its file's name; no two lessons share a number;
- its part is one of the parts; minutes is a whole number from 1 to 240;
- builds_on names earlier lessons of the course;
- a lesson is written or planned, not both.
"""

import html
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urlencode

import yaml

from site_src.course import Lesson
from site_src.fences import FenceError

FIELDS = {
    "number": "two digits, as a string: \"07\"",
    "part": "the part's numeral, as in docs/course.yml: II",
    "title": "the lesson's title",
    "question": "the one question the lesson answers",
    "minutes": "about how long it takes, a whole number",
    "builds_on": "the lessons it builds on, as a list of numbers: [\"06\"]",
    "can_now": "what the learner's ember can do after it, as a capability, not a function name",
}
OTHERS = {"hide", "search", "description", "template", "icon", "status", "tags", "subtitle"}
"""Front-matter keys of MkDocs and Material that a lesson may also use."""


@dataclass(frozen=True)
class Entry:
    """A lesson of the course, written (src_path set) or planned."""

    number: int
    part: str
    title: str
    question: str
    minutes: int
    builds_on: tuple[int, ...]
    can_now: str
    src_path: str | None = None
    labs: tuple[str, ...] = ()
    quizzes: tuple[str, ...] = ()
    where: str = field(default="", compare=False)
    """The file that describes it, for messages."""
    lines: dict = field(default_factory=dict, compare=False, hash=False)
    """The line of each of its fields in that file."""

    @property
    def nn(self) -> str:
        return f"{self.number:02d}"


@dataclass(frozen=True)
class Course:
    parts: dict[str, str]
    lessons: tuple[Entry, ...]

    def lesson(self, number: int) -> Entry | None:
        return next((entry for entry in self.lessons if entry.number == number), None)

    def neighbours(self, entry: Entry) -> tuple[Entry | None, Entry | None]:
        """The lessons before and after entry."""
        index = self.lessons.index(entry)
        return (self.lessons[index - 1] if index else None,
                self.lessons[index + 1] if index + 1 < len(self.lessons) else None)


def _key_lines(node: yaml.Node | None, offset: int) -> dict[str, int]:
    """The 1-based line of each key of a YAML mapping node, offset lines into its file."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {key.value: key.start_mark.line + 1 + offset for key, _ in node.value}


def _entry(data: dict, where: str, lines: dict[str, int], first: int, extra: set[str]) -> Entry:
    """An Entry from front matter or a planned item; FenceError with where:line if it is wrong.

    Args:
        lines: The line of each key in where; first: the mapping's first line, for a missing key.
    """
    def error(key: str, message: str) -> FenceError:
        return FenceError(f"{where}:{lines.get(key, first)}: {message}")

    missing = sorted(set(FIELDS) - set(data))
    unknown = sorted(set(data) - set(FIELDS) - extra)
    if missing:
        raise error("", f"lesson fields missing: {', '.join(missing)}; "
                    + "; ".join(f"{k}: {v}" for k, v in FIELDS.items() if k in missing))
    if unknown:
        raise error(unknown[0], f"unknown lesson field {unknown[0]!r}; a lesson has: {', '.join(FIELDS)}")
    if not (isinstance(data["number"], str) and re.fullmatch(r"\d\d", data["number"])):
        raise error("number", f"number must be two digits in quotes, such as \"07\", not {data['number']!r}")
    for key in ("part", "title", "question", "can_now"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise error(key, f"{key} must be text: {FIELDS[key]}")
    if not (isinstance(data["minutes"], int) and not isinstance(data["minutes"], bool)
            and 1 <= data["minutes"] <= 240):
        raise error("minutes", f"minutes must be a whole number from 1 to 240, not {data['minutes']!r}")
    builds_on = data["builds_on"]
    if not (isinstance(builds_on, list) and all(isinstance(n, str) and re.fullmatch(r"\d\d", n) for n in builds_on)):
        raise error("builds_on", f"builds_on must be a list of lesson numbers in quotes, such as [\"06\"], not {builds_on!r}")
    if len(set(builds_on)) != len(builds_on):
        raise error("builds_on", f"builds_on names a lesson twice: {builds_on}")
    return Entry(int(data["number"]), data["part"], data["title"].strip(), data["question"].strip(),
                 data["minutes"], tuple(int(n) for n in builds_on), data["can_now"].strip(),
                 where=where, lines=lines)


def read_course(course_file: Path, lessons: list[Lesson], repo: Path) -> Course:
    """The whole course: the written lessons and the planned ones, in order.

    Args:
        course_file: ``docs/course.yml``: ``parts`` (numeral → name) and ``planned`` lessons.
        lessons: The written lessons, from course.read_lessons.
        repo: The repository, to read the lessons' files for line numbers.

    Raises:
        FenceError: ``file:line: what is wrong`` for the first rule broken (module docstring).
    """
    parts, planned = _read_course_file(course_file, repo)
    entries = planned + [_written(lesson, repo) for lesson in lessons]
    _check_course(parts, entries, course_file.relative_to(repo).as_posix())
    return Course(parts, tuple(sorted(entries, key=lambda e: e.number)))


def _read_course_file(course_file: Path, repo: Path) -> tuple[dict[str, str], list[Entry]]:
    """The parts and the planned lessons that course_file names; FenceError if it is wrong."""
    where = course_file.relative_to(repo).as_posix()
    if not course_file.is_file():
        raise FenceError(f"{where}: missing; it names the course's parts and its planned lessons")
    text = course_file.read_text(encoding="utf-8")
    try:
        data, root = yaml.safe_load(text) or {}, yaml.compose(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        raise FenceError(f"{where}:{mark.line + 1 if mark else 1}: not valid YAML: "
                         f"{getattr(exc, 'problem', exc)}") from exc
    if not isinstance(data, dict):
        raise FenceError(f"{where}:1: the course is a mapping with parts and planned")
    top = _key_lines(root, 0)
    parts = data.get("parts")
    if not isinstance(parts, dict) or not parts or not all(isinstance(v, str) for v in parts.values()):
        raise FenceError(f"{where}:{top.get('parts', 1)}: parts must map each numeral to its name")
    planned = data.get("planned") or []
    if not isinstance(planned, list):
        raise FenceError(f"{where}:{top.get('planned', 1)}: planned must be a list of lessons")
    nodes = next((value.value for key, value in root.value if key.value == "planned"), [])
    entries: list[Entry] = []
    for item, node in zip(planned, nodes):
        line = node.start_mark.line + 1
        if not isinstance(item, dict):
            raise FenceError(f"{where}:{line}: each planned lesson is a mapping of: {', '.join(FIELDS)}")
        entries.append(_entry(item, where, _key_lines(node, 0), line, set()))
    return {str(key): value for key, value in parts.items()}, entries


def _written(lesson: Lesson, repo: Path) -> Entry:
    """The Entry of a written lesson, from its front matter; FenceError if its file is misnamed."""
    source = (repo / lesson.src_path).read_text(encoding="utf-8")
    front = yaml.compose(source.split("---\n", 2)[1]) if source.startswith("---\n") else None
    lines = _key_lines(front, 1)  # the front matter starts on the line after ---
    entry = _entry(lesson.meta, lesson.src_path, lines, 2, OTHERS)
    name = Path(lesson.src_path).name
    if not name.startswith(f"{entry.nn}-"):
        raise FenceError(f"{lesson.src_path}:{lines.get('number', 2)}: lesson {entry.nn}'s file "
                         f"name must start with {entry.nn}-, not {name}")
    return replace(entry, src_path=lesson.src_path, labs=tuple(lesson.lab_id(i) for i in range(len(lesson.labs))),
                   quizzes=lesson.quizzes)


def _check_course(parts: dict[str, str], entries: list[Entry], where: str) -> None:
    """Refuse two lessons with one number, a part the course does not name, and builds_on that
    names no earlier lesson; where is the course file, for messages."""
    seen: dict[int, Entry] = {}
    for entry in entries:
        if entry.number in seen:
            other = seen[entry.number].src_path or f"{where} (planned)"
            raise FenceError(f"{entry.where}:{entry.lines.get('number', 1)}: lesson {entry.nn} is "
                             f"also {other}; a lesson is either written or planned in docs/course.yml, once")
        seen[entry.number] = entry
        if entry.part not in parts:
            raise FenceError(f"{entry.where}:{entry.lines.get('part', 1)}: lesson {entry.nn}: part "
                             f"{entry.part!r} is not one of {', '.join(parts)} (docs/course.yml)")
    for entry in entries:
        for number in entry.builds_on:
            if number not in seen or number >= entry.number:
                raise FenceError(f"{entry.where}:{entry.lines.get('builds_on', 1)}: lesson {entry.nn} "
                                 f"builds on {number:02d}, which is not an earlier lesson of the course")


def _name(entry: Entry, href: str | None) -> str:
    """ "07 A number that remembers", a link when the lesson has a page, else marked as coming."""
    text = f"{entry.nn} {html.escape(entry.title)}"
    return f'<a href="{html.escape(href)}">{text}</a>' if href else f'{text} <span class="ember-coming">(coming)</span>'



def header_html(course: Course, entry: Entry, href) -> str:
    """The lesson's header: where it is in the course, its title (the page's h1), its question,
    and its minutes, labs and what it builds on.

    Args:
        href: A function from an Entry to its page's URL relative to this page, or None when
            it has no page yet.
    """
    labs = len(entry.labs)
    facts = [f"~{entry.minutes} min", f"{labs} lab{'' if labs == 1 else 's'}"]
    if entry.builds_on:
        facts.append("builds on " + ", ".join(_name(course.lesson(n), href(course.lesson(n))) for n in entry.builds_on))
    return (
        '<header class="ember-lesson-header">'
        f'<p class="ember-lesson-header__where">Lesson {entry.nn} · Part {html.escape(entry.part)} · '
        f"{html.escape(course.parts[entry.part])}</p>"
        f"<h1>{html.escape(entry.title)}</h1>"
        f'<p class="ember-lesson-header__question">{html.escape(entry.question)}</p>'
        f'<p class="ember-lesson-header__facts">{" · ".join(facts)}</p>'
        "</header>"
    )


def catch_up_html(course: Course, entry: Entry, href) -> str:
    """The line under the header of a lesson after the first: start at the first lesson, or load
    the finished pieces of the earlier ones, with a button that js/catchup.js enables."""
    first = course.lessons[0]
    if entry.number == first.number:
        return ""
    before = course.neighbours(entry)[0]
    earlier = f"lessons {first.nn}–{before.nn}" if before != first else f"lesson {first.nn}"
    if not href(first):
        are = "are" if before != first else "is"
        return (f'<div class="ember-catchup" data-lesson="{entry.nn}"><p>{earlier.capitalize()} {are} still '
                "to be written. Start here: this lesson's labs need nothing from them.</p></div>")
    start = f"New here? Start at lesson {_name(first, href(first))}"
    load = ""
    if any(e.labs for e in course.lessons if e.number < entry.number):
        start += ", or load the finished pieces of the earlier lessons and carry on"
        # Its place kept as the page shows, so that nothing below moves when it works.
        load = ('<button type="button" class="md-button ember-lab__button" disabled>Load the finished pieces</button>'
                '<span role="status"></span>')
    return (f'<div class="ember-catchup" data-lesson="{entry.nn}"><p>This lesson builds on '
            f"{earlier}. {start}.</p>{load}</div>")


def footer_html(course: Course, entry: Entry, href, repo_url: str | None) -> str:
    """The lesson's footer: what the learner's ember can now do, what it already could (newest
    first), the next and previous lessons, and a link to report a problem with the lesson."""
    before, after = course.neighbours(entry)
    could = "".join(f"<li>{html.escape(e.can_now)}</li>" for e in reversed(course.lessons)
                    if e.number < entry.number and e.src_path)  # a planned lesson built nothing yet
    parts = [
        '<section class="ember-lesson-footer" aria-labelledby="ember-finish">',
        '<h2 id="ember-finish">When you finish this lesson</h2>',
        f'<p class="ember-lesson-footer__now"><strong>Your ember can now:</strong> {html.escape(entry.can_now)}</p>',
    ]
    if could:
        parts.append(f'<p><strong>It already could:</strong></p><ul class="ember-lesson-footer__could">{could}</ul>')
    links = []
    if after:
        links.append(f'<p class="ember-lesson-footer__next"><span>Next</span> <span>{_name(after, href(after))} · '
                     f"{html.escape(after.question)} · ~{after.minutes} min</span></p>")
        if href(after):
            links.append(f'<p class="ember-lesson-footer__continue"><a class="md-button md-button--primary" '
                         f'href="{html.escape(href(after))}" aria-label="Continue to lesson {after.nn}">Continue</a></p>')
    if before:
        links.append(f'<p class="ember-lesson-footer__previous"><span>Previous</span> <span>{_name(before, href(before))}</span></p>')
    parts.append(f'<nav class="ember-lesson-footer__lessons" aria-label="Next and previous lessons">{"".join(links)}</nav>')
    parts.append('<div class="ember-progress-tools" data-lesson="' + entry.nn + '"></div>')
    if repo_url:
        query = urlencode({"title": f"Lesson {entry.nn}: {entry.title}",
                           "body": f"Lesson {entry.nn}, {entry.title} ({entry.src_path})\n\nWhat went wrong:\n"})
        parts.append(f'<p class="ember-lesson-footer__report"><a href="{html.escape(repo_url.rstrip("/"))}'
                     f'/issues/new?{html.escape(query)}">Report a problem with this lesson</a> '
                     "(on GitHub, which asks you to sign in)</p>")
    parts.append("</section>")
    return "".join(parts)


def map_html(course: Course, href) -> str:
    """The course map: each part's lessons with their question and minutes, and each written
    lesson's labs and questions, whose progress js/coursemap.js fills in from the learner's."""
    out = []
    for numeral, name in course.parts.items():
        rows = []
        for entry in (e for e in course.lessons if e.part == numeral):
            link = href(entry)
            progress = (f'<td class="ember-map__progress" data-labs="{" ".join(entry.labs)}" '
                        f'data-quizzes="{" ".join(entry.quizzes)}">{_counts(entry)}</td>'
                        if link else '<td class="ember-map__progress">coming</td>')
            title = f'<a href="{html.escape(link)}">{html.escape(entry.title)}</a>' if link else html.escape(entry.title)
            rows.append(f"<tr><td>{entry.nn}</td><td>{title}</td><td>{html.escape(entry.question)}</td>"
                        f'<td class="ember-map__time">~{entry.minutes} min</td>{progress}</tr>')
        out.append(
            f'<h2 id="part-{numeral.lower()}">Part {html.escape(numeral)} · {html.escape(name)}</h2>'
            '<div class="ember-map"><table><thead><tr><th>no.</th><th>lesson</th><th>the question</th>'
            f'<th>time</th><th>your progress</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
        )
    return "".join(out)


def _counts(entry: Entry) -> str:
    """What a lesson holds, shown until the learner's progress is read."""
    labs, quizzes = len(entry.labs), len(entry.quizzes)
    return f"{labs} lab{'' if labs == 1 else 's'}, {quizzes} question{'' if quizzes == 1 else 's'}"
