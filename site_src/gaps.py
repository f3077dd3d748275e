"""Gaps: the regions of ember/ that learners write, and ember as it stands at any lesson.

ember/ holds the finished library, as a reader sees it. Each gap is marked by two comment lines,
so the package stays importable::

    # --- gap L07.add ---            a gap of lesson 07, named add: its finished code follows
    other = _as_value(other)
    # --- end ---

What the lessons need besides is kept beside each file, in history/ (``history/scalar.yml`` for
``ember/scalar.py``)::

    from: L12                        the file is in ember from lesson 12 (else: from its
                                     earliest gap or given code)
    given:                           code that no one writes, in ember from a later lesson
      L10: [Value.backward]          a definition (a dotted name: a function, class or method),
                                     with the blank and comment lines just above it
      L08:
        - Value.__add__: out._backward = _backward
                                     the one line of a definition that starts with this text
    gaps:
      L09.add_back:
        stub: |                      what the learner sees while lesson 09 is open
          raise NotImplementedError("...")
        before:                      the gap's older versions, newest first
          - gap: L08.add_back        an older version that was a gap of lesson 08 ...
            code: |
              self.grad = out.grad
            stub: |                  ... and its stub
              raise NotImplementedError("...")
          - given: L07               an older version, given as is from lesson 07
            code: |
              ...

Code and stubs are written without the gap's indentation, which they take from its marker. A
``given Lnn`` version is in ember from the start of lesson nn; a ``gap Lnn.part`` shows its stub
during lesson nn and its solution after it. Before a region's oldest version, the region is
absent, and a file is absent before the earliest version of any of its regions.
"""

import ast
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import yaml

MARKER = re.compile(r"^(?P<indent>[ \t]*)# --- (?P<what>.+?) ---[ \t]*$")
GAP_NAME = re.compile(r"^L(?P<lesson>\d\d)\.[a-z][a-z0-9_]*$")
LESSON = re.compile(r"^L\d\d$")
HISTORY = "history"
"""The folder, beside ember/, of each file's history."""


class GapError(Exception):
    """ember/ or its history is written wrongly; the message starts with ``file:line:`` or, for
    a history file, ``file:``."""


@dataclass(frozen=True)
class Version:
    """One version of a region.

    Attributes:
        lesson: The lesson that brings this version in.
        text: The code, uncommented, each line ending in a newline.
        gap: The gap's name (``L07.add``) if learners write this version, else None.
        stub: What learners see in the gap while its lesson is open.
    """

    lesson: int
    text: str
    gap: str | None = None
    stub: str = ""


@dataclass(frozen=True)
class Region:
    """A marked region: its versions, newest first, and where it is."""

    path: str
    line: int
    indent: str
    versions: tuple[Version, ...]

    def at(self, lesson: int) -> Version | None:
        """The newest version brought in by lesson or before it, or None."""
        return next((version for version in self.versions if version.lesson <= lesson), None)

    @property
    def first_lesson(self) -> int:
        return min(version.lesson for version in self.versions)


@dataclass(frozen=True)
class Slot:
    """A gap in a snapshot: the text there depends on the learner.

    Attributes:
        gap: The gap's name, such as ``L07.add``.
        stub: The text before the learner writes anything.
        solution: The finished text; None for a gap of the snapshot's own lesson, whose
            solution the learner should not be handed.
        marked: True for a gap of the snapshot's own lesson: it is shown between marker lines,
            and only these are editable in a lab.
        indent: The region's indentation, for the marker lines.
    """

    gap: str
    stub: str
    solution: str | None
    marked: bool
    indent: str

    @property
    def lesson(self) -> int:
        return int(self.gap[1:3])


Segment = str | Slot


@dataclass
class Ember:
    """ember/ read into plain text and regions, file by file."""

    files: dict[str, list[str | Region]] = field(default_factory=dict)

    @property
    def regions(self) -> list[Region]:
        return [part for parts in self.files.values() for part in parts if isinstance(part, Region)]

    @cached_property
    def gaps(self) -> dict[str, tuple[Region, Version]]:
        """Every gap by name, with its region and version; made once, when first asked for
        (read_ember has read every file by then): the build asks for it on every run."""
        return {v.gap: (region, v) for region in self.regions for v in region.versions if v.gap}

    def template(self, lesson: int, end: bool = False) -> dict[str, list[Segment]]:
        """ember at the start or end of lesson, as text and slots, file by file.

        At the start, each gap of the lesson is a marked slot holding its stub; earlier gaps are
        unmarked slots that carry their solution. At the end, every gap in force is filled in
        with its solution.
        """
        template: dict[str, list[Segment]] = {}
        for path, parts in self.files.items():
            firsts = [part.first_lesson for part in parts if isinstance(part, Region)]
            if firsts and min(firsts) > lesson:
                continue
            segments: list[Segment] = []
            for part in parts:
                segment = part if isinstance(part, str) else _segment(part, lesson, end)
                if isinstance(segment, str) and segments and isinstance(segments[-1], str):
                    segments[-1] += segment  # text that follows text is one segment
                elif segment:
                    segments.append(segment)
            template[path] = segments
        return template

    def snapshot(self, lesson: int, end: bool = False, answers: dict[str, str] | None = None
                 ) -> dict[str, str]:
        """ember's files as text at the start or end of lesson.

        Args:
            lesson: The lesson number, such as 7.
            end: The end of the lesson (every gap solved) rather than its start.
            answers: Text for some gaps, by name, in place of their stub or solution.

        Returns:
            ``{"ember/scalar.py": text, ...}``; the lesson's own gaps keep their marker lines.
        """
        answers = answers or {}
        return {path: fill(segments, answers) for path, segments in self.template(lesson, end).items()}


    def spans(self, lesson: int, answers: dict[str, str] | None = None) -> dict[str, list[list]]:
        """Where each gap lies in the files of snapshot(lesson, answers=answers), as the page
        tells the worker (js/assemble.js's gapLines): ``{path: [[gap, first_line, last_line,
        indent], ...]}``, lines 1-based, a marked gap's after its start marker."""
        answers = answers or {}
        found: dict[str, list[list]] = {}
        for path, segments in self.template(lesson).items():
            text, found[path] = "", []
            for segment in segments:
                if isinstance(segment, str):
                    text += segment
                    continue
                own = answers.get(segment.gap, segment.solution if segment.solution is not None else segment.stub)
                first = text.count("\n") + (2 if segment.marked else 1)
                found[path].append([segment.gap, first, first + max(own.count("\n"), 1) - 1, segment.indent])
                text += fill([segment], {segment.gap: own})
        return found


def _segment(region: Region, lesson: int, end: bool) -> Segment:
    """What region is at the start (or end) of lesson: its text, a slot, or "" when absent."""
    version = region.at(lesson)
    if version is None:
        return ""
    if version.gap is None or end:
        return version.text
    own = version.lesson == lesson
    return Slot(version.gap, version.stub, None if own else version.text, own, region.indent)


def fill(segments: list[Segment], answers: dict[str, str]) -> str:
    """Join a file's segments, putting an answer, else the stub or solution, in each slot."""
    out = []
    for segment in segments:
        if isinstance(segment, str):
            out.append(segment)
            continue
        text = answers.get(segment.gap, segment.solution if segment.solution is not None
                           else segment.stub)
        if segment.marked:
            out.append(f"{segment.indent}# --- gap {segment.gap} ---\n{text}"
                       f"{segment.indent}# --- end ---\n")
        else:
            out.append(text)
    return "".join(out)


def read_ember(root: Path) -> Ember:
    """Read every .py file under root/ember, with its history under root/history, into an Ember.

    Raises:
        GapError: For a marker that is unknown, out of place or unclosed, a gap name that is
            not ``Lnn.part`` or is used twice, a gap without a stub, versions not newest first,
            a history file without its ember file or not in the form above, or a given place
            that is not in its file.
    """
    ember = Ember()
    histories = set((root / HISTORY).rglob("*.yml"))
    for path in sorted((root / "ember").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        history = root / HISTORY / path.relative_to(root / "ember").with_suffix(".yml")
        histories.discard(history)
        ember.files[name] = _parse(name, path.read_text(encoding="utf-8"), _read_history(root, history))
    if histories:
        raise GapError(f"{min(histories).relative_to(root).as_posix()}: there is no ember file of this name")
    seen: dict[str, str] = {}
    for region in ember.regions:
        for version in region.versions:
            if version.gap and version.gap in seen:
                raise GapError(f"{region.path}:{region.line}: gap {version.gap} is also "
                               f"marked at {seen[version.gap]}")
            if version.gap:
                seen[version.gap] = f"{region.path}:{region.line}"
    return ember


@dataclass(frozen=True)
class History:
    """A file's history, as read from its .yml (see the module's docstring)."""

    path: str
    first: int | None = None
    given: tuple[tuple[int, str, str | None], ...] = ()
    """(lesson, dotted name, the text its line starts with or None), in the order written."""
    gaps: dict = field(default_factory=dict)


def _read_history(root: Path, path: Path) -> History:
    """The history at path; an empty one when there is no such file."""
    name = path.relative_to(root).as_posix()
    if not path.is_file():
        return History(name)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_UniqueKeys) or {}
    except yaml.YAMLError as exc:
        raise GapError(f"{name}: not YAML: {exc}") from None
    _expect(name, isinstance(data, dict) and set(data) <= {"from", "given", "gaps"},
            "a history holds 'from', 'given' and 'gaps' only")
    given = []
    _expect(name, isinstance(data.get("given") or {}, dict), "'given' maps lessons to what they give")
    for lesson, places in (data.get("given") or {}).items():
        for place in places if isinstance(places, list) else [None]:
            if isinstance(place, dict) and len(place) == 1:
                (where, line), = place.items()
                _expect(name, isinstance(line, str) and line != "", f"given {lesson}: the start of a line of "
                        f"{where} must be text; put it in quotes")
                given.append((_lesson(name, lesson), where, line))
            else:
                _expect(name, isinstance(place, str), f"given {lesson}: a list of dotted names, "
                        "or of 'name: the start of one of its lines'")
                given.append((_lesson(name, lesson), place, None))
    gaps = data.get("gaps") or {}
    _expect(name, isinstance(gaps, dict), "'gaps' maps each gap's name to its stub and older versions")
    first = _lesson(name, data["from"]) if "from" in data else None
    return History(name, first, tuple(given), gaps)


class _UniqueKeys(yaml.SafeLoader):
    """YAML's safe loader, refusing a key that a mapping has twice, which it would drop."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        keys = [self.construct_object(key, deep=True) for key, _ in node.value]
        for key in keys:
            if keys.count(key) > 1:
                raise yaml.constructor.ConstructorError(None, None, f"{key!r} is there twice", node.start_mark)
        return super().construct_mapping(node, deep)


def _lesson(name: str, text: object) -> int:
    _expect(name, isinstance(text, str) and bool(LESSON.match(text)), f"'{text}' is not a lesson such as L07")
    return int(str(text)[1:])


def _expect(name: str, holds: bool, message: str) -> None:
    if not holds:
        raise GapError(f"{name}: {message}")


def _parse(path: str, text: str, history: History) -> list[str | Region]:
    """Split a file into plain text and regions: its gaps, and the code given later than the file."""
    lines = _lines(text)
    spans = _gap_spans(path, lines)
    in_gap = {number for first, last, *_ in spans for number in range(first, last + 1)}
    lesson_of = _given_lessons(path, text, lines, in_gap, history)
    named = {span[3] for span in spans}
    for gap in history.gaps:
        _expect(history.path, gap in named, f"gap {gap} is not marked in {path}")
    starts = {span[0]: span for span in spans}
    parts: list[str | Region] = []
    number = 0
    while number < len(lines):
        if number in starts:
            first, last, indent, gap = starts[number]
            parts.append(_gap_region(path, first + 1, indent, gap, "".join(lines[first + 1:last]), history))
            if lesson_of[first] is not None and parts[-1].first_lesson < lesson_of[first]:
                raise GapError(f"{path}:{first + 1}: gap {gap} has a version of lesson {parts[-1].first_lesson:02d}, "
                               f"but the code around it is in ember from lesson {lesson_of[first]:02d}")
            number = last + 1
            continue
        end = number
        while end < len(lines) and end not in starts and lesson_of[end] == lesson_of[number]:
            end += 1
        piece = "".join(lines[number:end])
        lesson = lesson_of[number]
        parts.append(piece if lesson is None else Region(path, number + 1, "", (Version(lesson, piece),)))
        number = end
    return parts


def _gap_spans(path: str, lines: list[str]) -> list[tuple[int, int, str, str]]:
    """Each gap's (marker line, end line, indentation, name), lines counted from 0."""
    spans = []
    opened = None
    for number, line in enumerate(lines):
        marker = MARKER.match(line.rstrip("\n"))
        if marker is None:
            continue
        what, indent = marker["what"], marker["indent"]
        where = f"{path}:{number + 1}"
        if what == "end":
            if opened is None:
                raise GapError(f"{where}: '# --- end ---' outside a gap")
            if indent != opened[1]:
                raise GapError(f"{where}: this marker must be indented like the gap's first marker "
                               f"at line {opened[0] + 1}")
            spans.append((opened[0], number, indent, opened[2]))
            opened = None
        elif opened is not None:
            raise GapError(f"{where}: '{what}' inside the gap at line {opened[0] + 1}, which has no "
                           "'# --- end ---'")
        elif what.startswith("gap ") and GAP_NAME.match(what[4:]):
            opened = (number, indent, what[4:])
        else:
            raise GapError(f"{where}: unknown marker '{what}'; ember's files mark gaps only, with "
                           f"'# --- gap Lnn.part ---' and '# --- end ---' (stubs, older versions "
                           f"and given code are in {HISTORY}/)")
    if opened is not None:
        raise GapError(f"{path}:{opened[0] + 1}: gap has no '# --- end ---'")
    return spans


def _given_lessons(path: str, text: str, lines: list[str], in_gap: set[int], history: History
                   ) -> list[int | None]:
    """For each line, the lesson from which it is in ember, None for the file's own; for a
    line of a gap, the lesson of the code around it."""
    lesson_of: list[int | None] = [history.first] * len(lines)
    if not history.given:
        return lesson_of
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        raise GapError(f"{path}:{exc.lineno}: {exc.msg}") from None
    for lesson, where, start in history.given:
        numbers = _definition(path, tree, lines, in_gap, where, history)
        if start is not None:
            numbers = [n for n in numbers if n not in in_gap and lines[n].strip().startswith(start)]
            _expect(history.path, len(numbers) == 1, f"given L{lesson:02}: {len(numbers)} lines of "
                    f"{where} in {path} start with '{start}'; there must be one")
        for number in numbers:
            lesson_of[number] = max(lesson_of[number] or 0, lesson)
    return lesson_of


def _definition(path: str, tree: ast.Module, lines: list[str], in_gap: set[int], where: str,
                history: History) -> list[int]:
    """The lines of the definition named where (``Value.exp``), counted from 0, with the blank
    and comment lines just above it."""
    node: ast.AST = tree
    for name in where.split("."):
        found = [child for child in getattr(node, "body", [])
                 if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and child.name == name]
        _expect(history.path, bool(found), f"{path} defines no {where}")
        _expect(history.path, len(found) == 1, f"{path} defines {where} {len(found)} times (a property and its "
                "setter?); give the lines of each with 'name: the start of a line'")
        node = found[0]
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
    while first > 0 and first - 1 not in in_gap and (not lines[first - 1].strip()
                                                      or lines[first - 1].lstrip().startswith("#")):
        first -= 1
    return list(range(first, node.end_lineno))


def _gap_region(path: str, line: int, indent: str, gap: str, code: str, history: History) -> Region:
    """A gap's region: its finished code, then its older versions from the history."""
    entry = history.gaps.get(gap)
    _expect(history.path, isinstance(entry, dict) and isinstance(entry.get("stub"), str),
            f"gap {gap} of {path} has no stub")
    _expect(history.path, set(entry) <= {"stub", "before"}, f"gap {gap}: only 'stub' and 'before'")
    versions = [Version(int(gap[1:3]), code, gap, _indented(entry["stub"], indent))]
    for older in entry.get("before") or []:
        _expect(history.path, isinstance(older, dict) and isinstance(older.get("code"), str)
                and (set(older) in ({"gap", "code", "stub"}, {"given", "code"})),
                f"gap {gap}: each older version has 'gap', 'code' and 'stub', or 'given' and 'code'")
        if "gap" in older:
            _expect(history.path, bool(GAP_NAME.match(str(older["gap"]))), f"'{older['gap']}' is not a gap name such as L07.add")
            versions.append(Version(int(older["gap"][1:3]), _indented(older["code"], indent), older["gap"],
                                    _indented(older["stub"], indent)))
        else:
            versions.append(Version(_lesson(history.path, older["given"]), _indented(older["code"], indent)))
    lessons = [version.lesson for version in versions]
    if lessons != sorted(lessons, reverse=True) or len(set(lessons)) != len(lessons):
        raise GapError(f"{path}:{line}: gap {gap}'s versions must be listed newest first, one per lesson")
    return Region(path, line, indent, tuple(versions))


def _indented(text: str, indent: str) -> str:
    """text with indent before each line that is not blank, and a newline at its end."""
    return "".join(indent + line if line.strip() else "\n" for line in _lines(text.removesuffix("\n") + "\n"))


def _lines(text: str) -> list[str]:
    """text's lines, each with its newline: split at \\n alone, as Python's parser does, not at
    the other line breaks of str.splitlines (a form feed, U+2028)."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
