"""Gaps: the regions of ember/ that learners write, and ember as it stands at any lesson.

ember/ holds the finished library. A region of a file is marked with comment lines, so the
package stays importable::

    # --- gap L07.add ---            the region's newest version: a gap of lesson 07
    other = _as_value(other)
    # --- stub ---                   what the learner sees while lesson 07 is open
    # raise NotImplementedError("...")
    # --- given L07 ---              an older version, given as is from lesson 07
    # ...
    # --- gap L08.back ---           an older version that was a gap of lesson 08
    # ...
    # --- end ---

The newest version is live code; every older version (and every stub) is commented out with
``# `` at the region's indentation. Versions are listed newest first. A version ``given Lnn``
is in ember from the start of lesson nn; a ``gap Lnn.part`` shows its stub during lesson nn and
its solution after it. Before a region's oldest version, the region is absent, and a file is
absent before the earliest version of any of its regions.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

MARKER = re.compile(r"^(?P<indent>[ \t]*)# --- (?P<what>.+?) ---[ \t]*$")
GAP_NAME = re.compile(r"^L(?P<lesson>\d\d)\.[a-z][a-z0-9_]*$")


class GapError(Exception):
    """ember/ is marked wrongly; the message starts with ``file:line:``."""


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

    @property
    def gaps(self) -> dict[str, tuple[Region, Version]]:
        """Every gap by name, with its region and version."""
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
                if isinstance(part, str):
                    segments.append(part)
                    continue
                version = part.at(lesson)
                if version is None:
                    continue
                if version.gap is None or end:
                    segments.append(version.text)
                else:
                    own = version.lesson == lesson
                    segments.append(Slot(version.gap, version.stub,
                                         None if own else version.text, own, part.indent))
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
    """Read every .py file under root/ember into an Ember.

    Raises:
        GapError: For a marker that is unknown, out of place or unclosed, a gap name that is
            not ``Lnn.part`` or is used twice, a gap without a stub, or versions not newest first.
    """
    ember = Ember()
    for path in sorted((root / "ember").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        ember.files[name] = _parse(name, path.read_text(encoding="utf-8"))
    seen: dict[str, str] = {}
    for region in ember.regions:
        for version in region.versions:
            if version.gap and version.gap in seen:
                raise GapError(f"{region.path}:{region.line}: gap {version.gap} is also "
                               f"marked at {seen[version.gap]}")
            if version.gap:
                seen[version.gap] = f"{region.path}:{region.line}"
    return ember


def _parse(path: str, text: str) -> list[str | Region]:
    """Split a file into plain text and regions."""
    parts: list[str | Region] = []
    plain: list[str] = []
    region: list | None = None  # [start line, indent, [[header, lines]]]
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        marker = MARKER.match(line.rstrip("\n"))
        if marker is None:
            (plain if region is None else region[2][-1][1]).append(line)
            continue
        what, indent = marker["what"], marker["indent"]
        if region is None:
            if not what.startswith(("gap ", "given ")):
                raise GapError(f"{path}:{number}: '{what}' outside a region; a region starts "
                               "with '# --- gap Lnn.part ---' or '# --- given Lnn ---'")
            parts.append("".join(plain))
            plain = []
            region = [number, indent, [[(what, number), []]]]
        elif indent != region[1]:
            raise GapError(f"{path}:{number}: this marker must be indented like the region's "
                           f"first marker at line {region[0]}")
        elif what == "end":
            parts.append(_region(path, *region))
            region = None
        else:
            region[2].append([(what, number), []])
    if region is not None:
        raise GapError(f"{path}:{region[0]}: region has no '# --- end ---'")
    parts.append("".join(plain))
    return [part for part in parts if part != ""]


def _region(path: str, line: int, indent: str, blocks: list) -> Region:
    """Build a Region from its blocks: [(header, line number), lines], newest first."""
    versions: list[Version] = []
    for index, ((header, number), lines) in enumerate(blocks):
        text = "".join(lines) if index == 0 else _uncomment(path, number, indent, lines)
        kind, _, name = header.partition(" ")
        if kind == "stub":
            if not versions or not versions[-1].gap or versions[-1].stub:
                raise GapError(f"{path}:{number}: a stub must follow the gap it belongs to")
            last = versions.pop()
            versions.append(Version(last.lesson, last.text, last.gap, text))
        elif kind == "gap" and GAP_NAME.match(name):
            versions.append(Version(int(name[1:3]), text, name))
        elif kind == "given" and re.fullmatch(r"L\d\d", name):
            versions.append(Version(int(name[1:]), text))
        else:
            raise GapError(f"{path}:{number}: unknown marker '{header}'; expected 'gap Lnn.part', "
                           "'given Lnn', 'stub' or 'end'")
    for version in versions:
        if version.gap and not version.stub:
            raise GapError(f"{path}:{line}: gap {version.gap} has no '# --- stub ---'")
    lessons = [version.lesson for version in versions]
    if lessons != sorted(lessons, reverse=True) or len(set(lessons)) != len(lessons):
        raise GapError(f"{path}:{line}: versions must be listed newest first, one per lesson")
    return Region(path, line, indent, tuple(versions))


def _uncomment(path: str, number: int, indent: str, lines: list[str]) -> str:
    """Remove ``# `` after the region's indentation from each line of an older version."""
    out = []
    for offset, line in enumerate(lines, start=1):
        body = line.rstrip("\n")
        if body.strip() == "#":
            out.append("\n")
        elif body.startswith(indent + "# "):
            out.append(indent + body[len(indent) + 2:] + "\n")
        else:
            raise GapError(f"{path}:{number + offset}: a line of an older version or stub must "
                           f"start with '{indent}# '; is the region's '# --- end ---' missing?")
    return "".join(out)
