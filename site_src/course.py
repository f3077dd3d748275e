"""The course as a whole: its lessons, their labs, and the invariants every lab must keep.

Invariants (docs/authoring.md, "The rules every lesson keeps"), for every lesson N:

- every gap of N is written in exactly one lab of N; every lab's gaps exist, are of N and are
  in one file; every gap belongs to a lesson that has a page;
- ember's files compile as N starts and as it ends;
- each check of N fails on the start snapshot of N;
- each check of lab k of N passes once labs 1 to k are solved, the later ones not yet;
- every check of N and of earlier lessons passes on the end snapshot of N;
- each mistake a lab declares, with every other gap of the lab and of the labs before it
  solved, fails a check of that lab, and the reason shown then carries the mistake's words; the
  blame (runtime/blame.py) then names the mistake's gap alone, and a line it names is one the
  mistake changed; each correct answer a lab declares (also_right) passes every check of that lab.
"""

import re
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import yaml

from site_src.execute import CellFailure, Lib, check_lab, run_checks
from site_src.fences import QUOTE, Declared, FenceError, registry
from site_src.fences import lab as lab_fence
from site_src.gaps import Ember
from site_src.runtime.edits import diff

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
FENCE = re.compile(r"^(`{3,}|~{3,})")


@dataclass(frozen=True)
class Lesson:
    """A lesson page: its number, its file, its front matter, its labs and its questions' ids,
    in page order."""

    number: int
    src_path: str
    meta: dict
    labs: tuple[lab_fence.Lab, ...]
    quizzes: tuple[str, ...] = ()

    def lab_id(self, index: int) -> str:
        """The id of the lab at 0-based index, such as ``07-1``."""
        return f"{self.number:02d}-{index + 1}"


def read_lessons(repo: Path, docs_dir: Path) -> list[Lesson]:
    """Every page under docs_dir whose front matter has a ``number``, in lesson order.

    Raises:
        site_src.fences.FenceError: For a lab or quiz declaration that does not parse.
    """
    lessons = []
    for path in sorted(docs_dir.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        src = path.relative_to(repo).as_posix()
        data = front_matter(text, src)
        number = lesson_number(data, src, in_lessons=path.parent.name == "lessons")
        if number is not None:
            declared = _declared(text, src)
            lessons.append(Lesson(number, src, data, declared.labs, quiz_ids(number, declared.questions)))
    return sorted(lessons, key=lambda lesson: lesson.number)


def page_files(ember: Ember, ember_root: Path, lesson: int | None, runtime: dict[str, str]) -> dict[str, str]:
    """The Python files a page's code runs on, ``{"ember/scalar.py": text, ...}``: ember as
    lesson ends, or on a page that is not a lesson (lesson None) ember/ as written; and the
    runtime's files (site_src/runtime)."""
    if lesson is None:
        ember_files = {path.relative_to(ember_root).as_posix(): path.read_text(encoding="utf-8")
                       for path in sorted((ember_root / "ember").rglob("*.py"))}
    else:
        ember_files = ember.snapshot(lesson, end=True)
    return {**ember_files, **runtime}


def lesson_number(meta: dict, src_path: str, in_lessons: bool) -> int | None:
    """The lesson number in a page's front matter; None for a page that is not a lesson.

    Args:
        in_lessons: Whether the page is in docs/lessons/, where every page is a lesson.

    Raises:
        FenceError: For a page in lessons/ without a number, or a number that is not two digits
            in quotes.
    """
    if meta.get("number") is None:
        if in_lessons:
            raise FenceError(f"{src_path}:1: a page in lessons/ is a lesson: its front matter needs "
                             'number: "NN" and the other fields of site_src/frame.py')
        return None
    if not (isinstance(meta["number"], str) and re.fullmatch(r"\d\d", meta["number"])):
        raise FenceError(f"{src_path}:2: number must be two digits in quotes, such as \"07\", "
                         f"not {meta['number']!r}")
    return int(meta["number"])


def quiz_ids(number: int, questions: Mapping[str, int]) -> tuple[str, ...]:
    """The ids of a lesson's questions, recap first: ``07-r1``, …, ``07-q1``, …, from how many
    recap (r) and quiz (q) questions it has (Declared.questions)."""
    return tuple(f"{number:02d}-{kind}{index}" for kind in "rq" for index in range(1, questions.get(kind, 0) + 1))


def front_matter(text: str, src_path: str) -> dict:
    """A page's front matter as a dict; {} when it has none.

    Raises:
        FenceError: If the front matter is not a YAML mapping, naming the line.
    """
    meta = FRONT_MATTER.match(text)
    if not meta:
        return {}
    try:
        data = yaml.safe_load(meta[1])
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        raise FenceError(f"{src_path}:{mark.line + 2 if mark else 1}: the front matter is not "
                         f"valid YAML: {getattr(exc, 'problem', exc)}") from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise FenceError(f"{src_path}:2: the front matter must be a mapping of names to values")
    return data


def _declared(text: str, src_path: str) -> Declared:
    """What the fences of a page declare: its labs, and how many questions of each kind.

    Raises:
        FenceError: For a declaration that does not parse, or as fences() raises.
    """
    declared = Declared()
    for opener, source, start in fences(text, src_path):
        fence, _ = registry.fence_of(opener) or (None, None)
        if fence and fence.declares:
            declared += fence.declares(source, src_path, start)
    return declared


def fences(text: str, src_path: str) -> Iterator[tuple[str, str, int]]:
    """Each fence of a page as the Markdown renderer finds them, inside a blockquote too, but
    not inside another fence (an example in a ````markdown block): its opening line without
    ``>`` markers, its body, and the number of its opening line.

    Raises:
        FenceError: For a lab or question inside an HTML comment (the page would still count it).
    """
    lines = text.split("\n")
    number = 0
    in_comment = False
    while number < len(lines):
        line = lines[number]
        if in_comment:
            if any(fence.declares and fence.opener.match(QUOTE.sub("", line)) for fence in registry.FENCES):
                raise FenceError(f"{src_path}:{number + 1}: a lab or question inside an HTML "
                                 "comment still counts on the page; delete it, or move it out")
            in_comment = "-->" not in line
            number += 1
            continue
        if "<!--" in line and "-->" not in line.split("<!--", 1)[1]:
            in_comment = True
            number += 1
            continue
        fence = FENCE.match(QUOTE.sub("", lines[number]))
        prefix = QUOTE.match(lines[number])[0]  # the opener's indentation and > markers
        number += 1
        if not fence:
            continue
        start = number
        body = [line[len(prefix):] if line.startswith(prefix) else line.lstrip(" >")
                for line in lines[start:]]
        while number - start < len(body) and not _closes(body[number - start], fence[1]):
            number += 1
        yield QUOTE.sub("", lines[start - 1]), "\n".join(body[:number - start]) + "\n", start
        number += 1


def _closes(line: str, opener: str) -> bool:
    """Whether line closes a fence opened with the backticks or tildes of opener."""
    stripped = line.strip()
    return len(stripped) >= len(opener) and set(stripped) == {opener[0]}


def problems(ember: Ember, lessons: list[Lesson], runtime: dict[str, str], scratch: Path,
             cache: Path | None = None) -> list[str]:
    """Check the invariants; return each problem as ``file:line: what is wrong``.

    Every run of every lesson is asked for at once, from threads; execute.CORES of them run at a
    time (execute._SLOTS), so the cores stay busy to the end rather than one lesson's runs, one
    after another, coming last.

    Args:
        ember: ember/ as read by gaps.read_ember.
        lessons: From read_lessons.
        runtime: The runtime's Python files (``{"cellrun.py": text, ...}``), to run checks.
        scratch: A folder for the snapshots under test, each run in a folder of its own.
        cache: A folder where the checks' runs are kept by content (execute.run_checks), or None.
    """
    found = _gap_problems(ember, lessons)
    if found:
        return found  # the snapshots below would only repeat these
    before, earlier = [], []  # for each lesson, the checks of the lessons before it
    for lesson in lessons:
        before.append(earlier)
        earlier = [*earlier, *(check for lab in lesson.labs for check in lab.checks)]
    with ThreadPoolExecutor(max_workers=max(len(lessons), 1)) as pool:
        each = [pool.submit(_lesson_problems, ember, lessons, lesson, checks, runtime,
                            scratch / f"lesson-{lesson.number:02d}", cache)
                for lesson, checks in zip(lessons, before)]
        return [problem for future in each for problem in future.result()]


def _gap_problems(ember: Ember, lessons: list[Lesson]) -> list[str]:
    """Problems with the gaps that labs write: of another lesson, missing, written twice, in two
    files, or written by no lab."""
    found: list[str] = []
    gaps = ember.gaps
    numbers = {lesson.number for lesson in lessons}
    written: dict[str, str] = {}
    for lesson in lessons:
        for lab in lesson.labs:
            for gap in lab.gaps:
                if not gap.startswith(f"L{lesson.number:02d}."):
                    found.append(f"{lab.src_path}:{lab.line}: gap {gap} is not of lesson "
                                 f"{lesson.number:02d}; a lab writes only its own lesson's gaps")
                elif gap not in gaps:
                    found.append(f"{lab.src_path}:{lab.line}: no such gap in ember/: {gap}")
                elif gap in written:
                    found.append(f"{lab.src_path}:{lab.line}: gap {gap} is also written in the "
                                 f"lab at {written[gap]}")
                written.setdefault(gap, f"{lab.src_path}:{lab.line}")
            paths = {gaps[gap][0].path for gap in lab.gaps if gap in gaps}
            if len(paths) > 1:
                found.append(f"{lab.src_path}:{lab.line}: a lab's gaps must all be in one file, "
                             f"not {sorted(paths)}")
    for name, (region, version) in gaps.items():
        if version.lesson not in numbers:
            found.append(f"{region.path}:{region.line}: gap {name} belongs to lesson "
                         f"{version.lesson:02d}, which has no page")
        elif name not in written:
            found.append(f"{region.path}:{region.line}: gap {name} is in no lab of lesson "
                         f"{version.lesson:02d}")
    return found


def _lesson_problems(ember: Ember, lessons: list[Lesson], lesson: Lesson, earlier: list[lab_fence.Check],
                     runtime: dict[str, str], scratch: Path, cache: Path | None) -> list[str]:
    """Problems with lesson's labs: its snapshots that do not compile; its checks that pass before
    the learner writes anything, or fail once its labs are solved in order, with its mistakes and
    correct answers (_variant_problems); and earlier, the checks of the lessons before it, with
    its own, that fail as it ends."""
    found = _compiles(ember, lesson.number)
    own = [check for lab in lesson.labs for check in lab.checks]
    if not own:
        return found
    with ThreadPoolExecutor(max_workers=len(lesson.labs) + 2) as pool:
        start = pool.submit(_start_problems, ember, lesson, own, runtime, scratch / "start", cache)
        labs = [pool.submit(_lab_problems, ember, lesson, index, runtime, scratch / f"lab-{index + 1}", cache)
                for index in range(len(lesson.labs))]
        end = pool.submit(_end_problems, ember, lessons, lesson, earlier + own, runtime, scratch / "end", cache)
        return found + start.result() + [problem for lab in labs for problem in lab.result()] + end.result()


def _start_problems(ember: Ember, lesson: Lesson, own: list[lab_fence.Check], runtime: dict[str, str],
                    scratch: Path, cache: Path | None) -> list[str]:
    """The checks of lesson that pass on its start snapshot, before the learner writes anything."""
    start = _run(ember.snapshot(lesson.number), own, runtime, scratch, cache,
                 [gap for lab in lesson.labs for gap in lab.gaps])
    return [f"{lesson.src_path}:{check.line}: check '{check.title}' passes on the start snapshot of "
            f"lesson {lesson.number:02d}, before the learner writes anything"
            for check, result in zip(own, start) if result["status"] == "passed"]


def _lab_problems(ember: Ember, lesson: Lesson, index: int, runtime: dict[str, str], scratch: Path,
                  cache: Path | None) -> list[str]:
    """The checks of lab index (0-based) that fail once labs 1 to index + 1 are solved, and the
    problems with its mistakes and correct answers."""
    lab = lesson.labs[index]
    results = _run(ember.snapshot(lesson.number, answers=_answers(ember, lesson, index)), list(lab.checks),
                   runtime, scratch / "solved", cache, lab.gaps)
    found = [f"{lesson.src_path}:{check.line}: check '{check.title}' fails when labs 1 to {index + 1} of "
             f"lesson {lesson.number:02d} are solved and later ones are not: {result['reason']}"
             for check, result in zip(lab.checks, results) if result["status"] != "passed"]
    return found + _variant_problems(ember, lesson, index, runtime, scratch, cache)


def _end_problems(ember: Ember, lessons: list[Lesson], lesson: Lesson, every: list[lab_fence.Check],
                  runtime: dict[str, str], scratch: Path, cache: Path | None) -> list[str]:
    """The checks of lesson and of the lessons before it that fail on its end snapshot."""
    end = _run(ember.snapshot(lesson.number, end=True), every, runtime, scratch, cache)
    return [f"{check_file(lessons, check)}:{check.line}: check '{check.title}' fails on the end snapshot "
            f"of lesson {lesson.number:02d}: {result['reason']}"
            for check, result in zip(every, end) if result["status"] != "passed"]


def _answers(ember: Ember, lesson: Lesson, index: int) -> dict[str, str]:
    """The solutions of the gaps of lab index (0-based) of lesson, and of the labs before it."""
    return {gap: ember.gaps[gap][1].text for lab in lesson.labs[:index + 1] for gap in lab.gaps}


def _variant_runs(ember: Ember, lesson: Lesson, index: int, variants: tuple, checks: list[dict],
                  runtime: dict[str, str], scratch: Path, cache: Path | None, blamed: bool = False) -> list:
    """For each variant (a mistake, or a correct answer) of lab index of lesson, with every other
    gap of the lab and of the labs before it solved: the results of checks; None for a variant
    whose replace finds nothing to replace. blamed: with the course's answers at hand, as the page
    runs them, check_lab's ``{"results", "blame"}`` instead. The variants run at once, each in a
    folder of scratch of its own."""
    lab = lesson.labs[index]

    def run(number: int, variant: lab_fence.Variant) -> list[dict] | dict | None:
        region, version = ember.gaps[variant.gap]
        text = variant.applied(version.text, region.indent)
        if text is None:
            return None
        answers = {**_answers(ember, lesson, index), variant.gap: text}
        files = ember.snapshot(lesson.number, answers=answers)
        if not blamed:
            return _run_dicts(files, checks, runtime, scratch / f"variant-{number}", cache, lab.gaps)
        return blamed_run(ember, lesson.number, lab.gaps, answers, checks, runtime, scratch / f"variant-{number}", cache,
                          beside=tuple(gap for earlier in lesson.labs[:index] for gap in earlier.gaps))

    with ThreadPoolExecutor(max_workers=max(len(variants), 1)) as pool:
        return list(pool.map(run, range(len(variants)), variants))


def blamed_run(ember: Ember, number: int, gaps: tuple[str, ...], answers: dict[str, str], checks: list[dict],
               runtime: dict[str, str], folder: Path, cache: Path | None = None, time_limit: float | None = None,
               beside: tuple[str, ...] = ()) -> dict:
    """The checks of a lab with gaps run on ember as lesson number starts, with answers (by gap) in
    place of stubs, as the page runs them: with the course's text of the lab's gaps, of beside
    (the gaps of the page's earlier labs) and of the earlier lessons' at hand, so that a failing
    lab is blamed (execute.check_lab's ``{"results", "blame"}``); within the page's time_limit,
    if given."""
    earlier = {segment.gap: segment.solution for segments in ember.template(number).values() for segment in segments
               if not isinstance(segment, str) and segment.solution is not None}
    course = {gap: text.removesuffix("\n") for gap, text in earlier.items()}
    course.update({gap: ember.gaps[gap][1].text.removesuffix("\n") for gap in (*beside, *gaps)})
    lib = Lib({**ember.snapshot(number, answers=answers), **runtime}, folder)
    try:
        return check_lab(checks, lib, list(gaps), course, ember.spans(number, answers), cache=cache,
                         time_limit=time_limit, beside=beside)
    except CellFailure as exc:
        return {"results": [{"status": "error", "reason": str(exc)} for _ in checks], "blame": []}


def _diagnosed(ember: Ember, lab: lab_fence.Lab, runs: list[list[dict] | None]) -> list[dict]:
    """lab's checks, each with the gap, text, status, reason and words of every mistake that fails
    it, from runs, the results of the checks on each mistake."""
    checks = [{"title": check.title, "code": check.code, "mistakes": []} for check in lab.checks]
    for mistake, results in zip(lab.mistakes, runs):
        region, version = ember.gaps[mistake.gap]
        text = mistake.applied(version.text, region.indent)
        for check, result in zip(checks, results or []):
            if result["status"] != "passed":
                check["mistakes"].append({"gap": mistake.gap, "text": text, "status": result["status"],
                                          "reason": result["reason"], "says": mistake.says})
    return checks


def diagnosed_checks(ember: Ember, lesson: Lesson, index: int, runtime: dict[str, str], scratch: Path,
                     cache: Path | None = None) -> list[dict]:
    """The checks of lab index of lesson as the page runs them (runtime/checks.py): each with,
    for every mistake the lab declares that fails it, the mistake's gap and text, the status and
    reason it then gives and the mistake's words, ``{"title", "code", "mistakes": [{"gap",
    "text", "status", "reason", "says"}, ...]}``."""
    lab = lesson.labs[index]
    return _diagnosed(ember, lab, _variant_runs(ember, lesson, index, lab.mistakes, _plain(lab.checks), runtime, scratch, cache))


def lab_data(ember: Ember, lessons: list[Lesson], runtime: dict[str, str], scratch: Path,
             cache: Path | None = None) -> dict[str, dict]:
    """What each lab's page needs beyond its declaration, by lab id (``07-1``): ``checks``, as
    diagnosed_checks gives them, and ``answers``, the solutions of its gaps, without their
    last newline."""
    return {lesson.lab_id(index): {
        "checks": diagnosed_checks(ember, lesson, index, runtime, scratch, cache),
        "answers": {gap: ember.gaps[gap][1].text.removesuffix("\n") for gap in lab.gaps},
    } for lesson in lessons for index, lab in enumerate(lesson.labs)}


def _variant_problems(ember: Ember, lesson: Lesson, index: int, runtime: dict[str, str], scratch: Path,
                      cache: Path | None) -> list[str]:
    """Problems with the mistakes and correct answers that lab index of lesson declares."""
    lab = lesson.labs[index]
    found = []
    runs = _variant_runs(ember, lesson, index, (*lab.mistakes, *lab.also_right), _plain(lab.checks),
                         runtime, scratch / "variants", cache)
    plain, right = runs[:len(lab.mistakes)], runs[len(lab.mistakes):]
    # Run again as the page runs them, diagnosed and blamed: a mistake's checks must fail the same
    # way twice, and point at its gap and a line it changed.
    shown = _variant_runs(ember, lesson, index, lab.mistakes, _diagnosed(ember, lab, plain), runtime,
                          scratch / "diagnosed", cache, blamed=True)
    for variant, results in [*zip(lab.mistakes, plain), *zip(lab.also_right, right)]:
        if results is None:
            found.append(f"{lesson.src_path}:{variant.line}: {variant.replace[0]!r} is not in the solution of "
                         f"gap {variant.gap}, so nothing is replaced")
    for mistake, results, said in zip(lab.mistakes, plain, shown):
        if results is not None and all(result["status"] == "passed" for result in results):
            found.append(f"{lesson.src_path}:{mistake.line}: the mistake in gap {mistake.gap} passes every "
                         f"check of lab {index + 1}: a check should catch it")
        elif results is not None and any(_unreadable(result) for result in results):
            found.append(f"{lesson.src_path}:{mistake.line}: the mistake in gap {mistake.gap} is not Python "
                         f"that runs ({next(r['reason'] for r in results if _unreadable(r))}): a replace that "
                         "takes out a line must take its indentation with it")
        elif said is not None:
            found += _said_problems(ember, lesson, mistake, said)
    for variant, results in zip(lab.also_right, right):
        failing = [(check, result) for check, result in zip(lab.checks, results or []) if result["status"] != "passed"]
        if failing:
            check, result = failing[0]
            found.append(f"{lesson.src_path}:{variant.line}: the correct answer in gap {variant.gap} fails "
                         f"check '{check.title}': {result['reason']}")
    return found


def _unreadable(result: dict) -> bool:
    """Whether a check's result says Python could not read the code (a declared mistake made
    wrong: its words would be matched on an IndentationError that any learner may make)."""
    return result["status"] == "error" and result.get("reason", "").startswith(("IndentationError", "SyntaxError"))


def _said_problems(ember: Ember, lesson: Lesson, mistake: lab_fence.Variant, said: dict) -> list[str]:
    """Problems with what a learner who makes mistake reads (said, the blamed run): its words
    not shown, another gap blamed, or a line named that the mistake did not change."""
    where = f"{lesson.src_path}:{mistake.line}: a learner who makes the mistake in gap {mistake.gap}"
    if not any(mistake.says in result.get("likely", ()) for result in said["results"]):
        return [f"{where} does not read its words: its checks failed differently when run again"]
    blamed = [fault["gap"] for fault in said["blame"]]
    if blamed != [mistake.gap]:
        return [f"{where} is pointed at gaps {blamed}, not at {mistake.gap} alone"]
    region, version = ember.gaps[mistake.gap]
    changed = _changed_lines(mistake.applied(version.text, region.indent), version.text)
    fault = said["blame"][0]
    named = set(fault["lines"]) or ({fault["after"], fault["after"] + 1} if fault["after"] is not None else set())
    if not named <= changed and not (fault["after"] is not None and named & changed):
        return [f"{where} reads '{fault['text']}', but the mistake changed only its lines {sorted(changed)}"]
    return []


def _changed_lines(mine: str, theirs: str) -> set[int]:
    """The lines of mine (1-based) that its edits from theirs change or move (runtime/edits.py, as
    the page's pointer finds them), with the line before and after a place where a line goes."""
    edits = diff(mine, theirs).edits
    return {line for edit in edits for line in edit.lines} | {
        line for edit in edits if edit.after is not None for line in (edit.after, edit.after + 1)}


def _plain(checks: tuple) -> list[dict]:
    """Checks as the runner takes them: ``[{"title", "code"}, ...]``."""
    return [{"title": check.title, "code": check.code} for check in checks]


def _compiles(ember: Ember, lesson: int) -> list[str]:
    """Problems with ember's files that do not compile as lesson starts or ends."""
    found = []
    for end in (False, True):
        for path, text in ember.snapshot(lesson, end=end).items():
            try:
                compile(text, path, "exec")
            except SyntaxError as exc:
                when = "ends" if end else "starts"
                found.append(f"{path}: as lesson {lesson:02d} {when}, line {exc.lineno} does not "
                             f"compile ({exc.msg}): {(exc.text or '').strip()}")
    return found


def check_file(lessons: list[Lesson], check: lab_fence.Check) -> str:
    """The lesson file a check is declared in."""
    return next(lab.src_path for lesson in lessons for lab in lesson.labs if check in lab.checks)


def _run(files: dict[str, str], checks: list, runtime: dict[str, str], folder: Path,
         cache: Path | None, gaps=()) -> list[dict]:
    """Run checks (lab_fence.Check) of a lab with gaps on a snapshot and the runtime, written
    into folder if the run is not kept."""
    return _run_dicts(files, _plain(checks), runtime, folder, cache, gaps)


def _run_dicts(files: dict[str, str], checks: list[dict], runtime: dict[str, str], folder: Path,
               cache: Path | None, gaps=()) -> list[dict]:
    """Run checks as the runner takes them on a snapshot and the runtime, written into folder if
    the run is not kept."""
    lib = Lib({**files, **runtime}, folder)
    try:
        return run_checks(checks, lib, list(gaps), cache=cache)
    except CellFailure as exc:
        return [{"status": "error", "reason": str(exc)} for _ in checks]
