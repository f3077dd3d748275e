"""Where a failing lab is wrong: the gaps at fault and, in each, the learner's own lines whose
change makes the failing checks pass. Blame by substitution: the checks run again with the
course's text in place of the learner's, a gap at a time, then an edit of a gap at a time.

- A gap is **at fault** when putting the course's text in it makes a failing check pass, or when
  it fails a check on its own, with the lab's other gaps as the course has them (two gaps wrong at
  once, each hiding the other). The candidates are the lab's gaps whose text is not the course's,
  and the earlier lessons' gaps an error was raised in (their lab passed, yet they are wrong).
- **Down to the line**: within a gap at fault, the learner's text and the course's are diffed into
  edits (edits.py: changed lines, added ones, lines in the wrong place); the smallest set of edits
  whose course side makes the gap's failing checks pass names the learner's lines. The course's
  text itself is never shown: the learner reads a line number, not the fix.
- **Its own mistake**: the results of the gap on its own are matched against the typical mistakes
  declared for that gap only (diagnosis.agrees), so two wrong gaps each get their own words, and a
  mistake's words never come with another gap's fault.

Each trial rewrites the learner's files on disk (Trial), and puts them back after. The work is
bounded by a deadline, and each trial by a time limit of its own (Limit): a trial that never
ends fails, and the search goes on; what is not found by the deadline is not said.
"""

import ast
import difflib
import importlib.util
import itertools
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from diagnosis import agrees
from edits import (Diff, Edit, accumulated, dead_lines, diff, edit_sets, lines_of, masked, off_by_one, parse_block,
                   returns_deeper)
from timeouts import WALL, Clock, TimedOut, within

MAX_TRIALS = 12
"""The most sets of edits tried in a gap, smallest first, before saying only the gap."""
MAX_LINES = 2
"""The most of the learner's lines a pointer names: more is no pointer, only the gap."""
TIMED_OUT = {"status": "error", "reason": "the trial ran out of time"}
"""The result of a check that a trial's time limit ended."""

Run = Callable[..., list[dict]]
"""``run(indices, texts, first_failure=False)``: runs the checks of the given indices with some
gaps' texts in place of the learner's, and gives their results in that order; with
first_failure, it stops at the first that does not pass (the rest are missing)."""


class Trial:
    """The learner's ember on disk, with some gaps' texts put in place of theirs for a trial.

    Args:
        lib_root: The folder that holds ``ember`` (ending with a separator).
        spans: Where each gap lies, ``{path: [(gap, first_line, last_line, indent), ...]}``, as
            cellrun.Session keeps them; lines 1-based.
    """

    def __init__(self, lib_root: str, spans: dict[str, list[tuple]]) -> None:
        self.lib_root = lib_root
        self.spans = spans
        self.original = {path: _read(lib_root + path) for path in spans}
        self.touched: set[str] = set()

    def text(self, gap: str) -> str | None:
        """The learner's text of gap, with its last newline; None for a gap not in the files."""
        for path, spans in self.spans.items():
            for name, first, last, _ in spans:
                if name == gap and self.original[path] is not None:
                    return "".join(lines_of(self.original[path], True)[first - 1:last])
        return None

    def put(self, texts: dict[str, str]) -> dict[str, list[tuple]]:
        """Write the files with texts (by gap, each ending with a newline) in place of the
        learner's; the other files as the learner has them. Returns where the gaps now lie."""
        spans = {}
        for path, path_spans in self.spans.items():
            if self.original[path] is None:
                spans[path] = path_spans
                continue
            lines = lines_of(self.original[path], True)
            moved, shift = [], 0
            for name, first, last, indent in path_spans:  # in the file's order
                if name in texts:
                    new = lines_of(texts[name], True) or ["\n"]
                    lines[first - 1 + shift:last + shift] = new
                    moved.append((name, first + shift, first + shift + len(new) - 1, indent))
                    shift += len(new) - (last - first + 1)
                else:
                    moved.append((name, first + shift, last + shift, indent))
            spans[path] = moved
            if any(name in texts for name, *_ in path_spans) or path in self.touched:
                self._write(path, "".join(lines))
        return spans

    def restore(self) -> None:
        """Put back the learner's files."""
        for path in sorted(self.touched):
            self._write(path, self.original[path])
        self.touched.clear()

    def _write(self, path: str, text: str) -> None:
        full = self.lib_root + path
        with open(full, "w", encoding="utf-8") as file:
            file.write(text)
        # A file rewritten within the same second at the same size would be read from its old
        # bytecode: drop it.
        try:
            os.remove(importlib.util.cache_from_source(full))
        except OSError:
            pass
        self.touched.add(path)


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError:
        return None


def same_code(mine: str, theirs: str) -> bool:
    """Whether two texts of a gap are the same code: the same syntax tree and the same first
    indentation (one level too deep puts it inside the code before it), whatever the spacing
    and comments; else the same lines, but for trailing spaces."""
    if _least_indent(mine) != _least_indent(theirs):
        return False
    ours, course = parse_block(mine), parse_block(theirs)
    if ours is not None and course is not None:
        return ast.dump(ours) == ast.dump(course)
    return [line.rstrip() for line in lines_of(mine)] == [line.rstrip() for line in lines_of(theirs)]


def _least_indent(text: str) -> int:
    """The indentation of a text's least indented line, in characters."""
    return min((len(line) - len(line.lstrip()) for line in lines_of(text) if line.strip()), default=0)


def _only_raises(text: str) -> bool:
    """Whether a gap's text is one raise statement, as a stub that says what to write is."""
    tree = parse_block(text)
    return tree is not None and len(tree.body) == 1 and isinstance(tree.body[0], ast.Raise)


def blame(run: Run, trial: Trial, checks: list[dict], results: list[dict], lab: list[str],
          answers: dict[str, str], through: list[str], deadline: float, unwritten: tuple = (),
          checked: tuple = (), on_fault: Callable[[dict], None] = lambda fault: None) -> list[dict]:
    """The gaps at fault for the failing results, each with its lines and its declared mistake.

    Args:
        run: Runs checks with gaps replaced (Run).
        trial: The learner's files.
        checks: The lab's checks, each with its declared ``mistakes`` (``{"gap", "text",
            "status", "reason", "says"}``), as run_checks takes them.
        results: The learner's results, one per check.
        lab: The lab's gaps.
        answers: The course's text of gaps, without its last newline: the lab's, the page's
            earlier labs', and the earlier lessons' that the page has.
        through: The other gaps that a failing check's error passed through, newest last, then
            those of the page's earlier labs (checks.run_lab's beside).
        deadline: time.monotonic() after which no trial starts.
        unwritten: The gaps of the lab and of the page's earlier labs that still hold their stub:
            one that only raises is said to be unwritten, with no line (a stub of older code, to be
            changed, is blamed as any text).
        checked: The earlier gaps whose lab the learner passed: their checks missed the fault.
        on_fault: Called with each gap at fault as soon as it is found, so that a search stopped
            later keeps it.

    Returns:
        ``[{"gap", "lines": [int, ...], "after": int | None, "moves": [[int, int], ...],
        "size": int, "earlier": bool, "says": str | None, "check": int, "text": str}, ...]``,
        one per gap at fault, in the order of the candidates: lines are the learner's lines
        named, 1-based in the gap ([] when none is), after the line a missing line goes after
        (0: before the first), moves each line named that is in the wrong place and the line it
        goes after, size the gap's lines, check the index of the first of the learner's failing
        checks that the gap's fault fails, text the pointer in words.
    """
    failing = [i for i, result in enumerate(results) if result["status"] != "passed"]
    course = {gap: text + "\n" for gap, text in answers.items()}
    mine = {gap: trial.text(gap) for gap in course}
    candidates = [gap for gap in [*lab, *(g for g in through if g not in lab)]
                  if mine.get(gap) is not None and gap in course and not same_code(mine[gap], course[gap])]
    if not failing or not candidates:
        return []
    every = list(range(len(checks)))
    ours = [gap for gap in candidates if gap in lab]
    # With two gaps of the lab or more to blame, what fails with all of them as the course has
    # them fails because of something else (a wrong gap of an earlier lab of the page): not theirs.
    outside = {i for i, r in enumerate(run(every, {g: course[g] for g in ours})) if not _passed(r)} if len(ours) > 1 else set()
    faults = []
    for gap in candidates:
        if time.monotonic() > deadline:
            break
        others = {g: course[g] for g in ours if g != gap}
        alone = run(every, others) if others else results
        # A check a trial's time limit ended says nothing of the gap: it is not counted as failed.
        own = [i for i, r in zip(every, alone) if not _passed(r) and r is not TIMED_OUT and i not in outside] if others else []
        fixed = [i for i, r in zip(failing, run(failing, {gap: course[gap]})) if _passed(r)]
        if not own and not fixed:
            continue  # right, or wrong only with another gap of the learner's
        context, targets = (others, own) if own else ({}, fixed)
        first = next((i for i in failing if i in targets), failing[0])
        earlier = None if gap in lab else gap in checked
        if gap in unwritten and _only_raises(mine[gap]):
            text = ("the stub the lab starts with: write it." if gap in lab else
                    "its stub: it belongs to an earlier lab of this page, to be written first.")
            faults.append({**_pointer(gap, (), 0, earlier, None, first), "text": f"Gap {gap} still holds {text}"})
            on_fault(faults[-1])
            continue
        found = _diffed(run, mine[gap], course[gap], gap, context, targets, alone if own else results)
        chosen = _smallest(run, gap, found, context, targets, deadline)
        if len({line for edit in chosen for line in edit.lines}) != 1:
            # Lines that depend on a name of the learner's own may be named together: the course's
            # lines in the learner's words may single one out.
            worded = diff(mine[gap], course[gap], names="translate")
            other = _smallest(run, gap, worded, context, targets, deadline) if worded.theirs != found.theirs else ()
            if other and (not chosen or len({line for edit in other for line in edit.lines}) < len({line for edit in chosen for line in edit.lines})):
                found, chosen = worded, other
        says = _says(checks, alone, gap, mine[gap], course[gap], chosen or found.edits) if gap in lab and (own or not others) else None
        if len({line for edit in chosen for line in edit.lines}) != 1:
            chosen = _own_fix(run, gap, mine[gap], context, targets, deadline, chosen) or chosen
        here = bool(lab) and gap[:3] == lab[0][:3]  # an earlier lab of this lesson
        stopped = next((r["stopped"][1:] for i, r in zip(every, alone if own else results)
                        if i in targets and r.get("stopped", [None])[0] == gap), None)
        faults.append(_pointer(gap, chosen, mine[gap].count("\n"), earlier, says, first, here, stopped))
        on_fault(faults[-1])
    return faults


def _passed(result: dict) -> bool:
    return result["status"] == "passed"


def _diffed(run: Run, mine: str, theirs: str, gap: str, context: dict[str, str], targets: list[int],
            results: list[dict]) -> Diff:
    """The edits from the learner's text to the course's, their names renamed as the course's
    only if the renamed text gets the same results on targets (results: the learner's, with
    context): code after the gap may read a name the rename changed."""
    found = diff(mine, theirs)
    if found.mine == mine:
        return found
    again = run(targets, {**context, gap: found.mine})
    same = len(again) == len(targets) and all(
        (r["status"], r["reason"]) == (results[i]["status"], results[i]["reason"]) for i, r in zip(targets, again))
    return found if same else diff(mine, theirs, names="keep")


def _smallest(run: Run, gap: str, found: Diff, context: dict[str, str], targets: list[int],
              deadline: float) -> tuple[Edit, ...]:
    """The smallest set of edits whose course side makes targets pass, naming at most MAX_LINES
    of the learner's lines and adding at most one; () when none is found among the first
    MAX_TRIALS sets. A set is not tried when it names every line of a gap of more than one (it
    points at the gap, not a line), when it would leave a line of the learner's that could run
    unable to (a return put before it), or would return the course's answer from inside a loop
    or a branch of the learner's (edits.returns_deeper), or when it would leave a line of the
    learner's whose assignment nothing then reads (edits.masked): those lines are not right,
    only skipped or masked; nor one that only adds a line where a line of the learner's is
    assigned anew before it is read. The sets are tried in edits.edit_sets's order."""
    size = len([line for line in lines_of(found.mine) if line.strip()])
    dead_before = dead_lines(found.mine) or set()
    every_line = list(range(1, len(lines_of(found.mine)) + 1))
    masked_before = masked(found.mine, every_line)
    overwritten = masked(found.mine, every_line, unread=False)
    tried = 0
    for chosen, one_of_a_run in edit_sets(found, MAX_LINES + 1):
        if tried == MAX_TRIALS or time.monotonic() > deadline:
            break
        named = {line for edit in chosen for line in edit.lines}
        added = [edit for edit in chosen if not edit.moved and edit.after is not None]
        if len(named) > MAX_LINES or len(added) > 1 or (size > 1 and len(named) >= size):
            continue
        text, origin = found.patched(chosen)
        dead = dead_lines(text)
        if dead is None:  # the course's lines do not fit where the learner's stand: at their indentation
            text, origin = found.patched(chosen, in_place=True)
            dead = dead_lines(text)
        elif one_of_a_run:
            continue  # one line of a run as all of the course's, where they would not sit in a block of their own
        if dead is None or any(origin[line - 1] not in (None, *dead_before) for line in dead if line <= len(origin)):
            continue
        if returns_deeper(text, origin, found.theirs):
            continue  # the course's answer returned from inside a loop or branch of the learner's
        if masked(text, origin) - masked_before:
            continue  # a line of the learner's left that nothing reads
        if not named and overwritten:
            continue  # a line only added, where a line of the learner's is assigned anew unread: that line is wrong
        tried += 1
        results = run(targets, {**context, gap: text}, first_failure=True)
        if len(results) == len(targets) and all(_passed(r) for r in results):
            return chosen
    return ()


def _own_fix(run: Run, gap: str, mine: str, context: dict[str, str], targets: list[int], deadline: float,
             chosen: tuple[Edit, ...]) -> tuple[Edit, ...]:
    """One line of the learner's, among the lines chosen names (all, if none), that makes targets
    pass once it is off by one the other way (edits.off_by_one), or adds where it assigns in a
    loop (edits.accumulated), as an edit of that line; () when none does within MAX_TRIALS
    trials. The learner's own fix, where the course's lines are written in another shape."""
    named = {line for edit in chosen for line in edit.lines}
    fixes = [*off_by_one(mine), *accumulated(mine)]
    for line, text in [(line, text) for line, text in fixes if not named or line in named][:MAX_TRIALS]:
        if time.monotonic() > deadline:
            break
        results = run(targets, {**context, gap: text}, first_failure=True)
        if len(results) == len(targets) and all(_passed(r) for r in results):
            return (Edit(((line - 1, line, 0, 1),)),)  # a change: the course's side is not read
    return ()


def _says(checks: list[dict], alone: list[dict], gap: str, mine: str, theirs: str, edits: tuple[Edit, ...]) -> str | None:
    """The words of the mistake declared for gap whose results agree with alone's, the gap's
    own, on every check, and whose text differs from the course's where the learner's edits
    are (Edit.place): a mistake that fails the checks alike elsewhere in the gap (two lines
    swapped, not the same two) is not said. Of several, the one whose text is nearest the
    learner's (two ways to reverse an order fail the checks alike), the first declared on a tie."""
    texts = {m["says"]: m.get("text", "") for check in checks for m in check.get("mistakes", ()) if m.get("gap") == gap}
    where = frozenset().union(*(edit.place for edit in edits))
    agreeing = [says for says in texts if all(agrees(says, check, result) for check, result in zip(checks, alone))
                and where <= frozenset().union(*(edit.place for edit in diff(texts[says], theirs).edits))]
    return max(agreeing, key=lambda says: _likeness(mine, texts[says]), default=None)


def _likeness(mine: str, theirs: str) -> float:
    """How alike two texts are, line by line, from 0 to 1 (difflib's ratio)."""
    a, b = ([line.strip() for line in lines_of(text)] for text in (mine, theirs))
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _pointer(gap: str, chosen: tuple[Edit, ...], size: int, earlier: bool | None, says: str | None,
             check: int, here: bool = False, stopped: tuple[int, str | None] | None = None) -> dict:
    """A gap at fault, and the words that say where: the edits chosen (_smallest), if any. earlier:
    None for a gap of the lab; for another, whether its lab passed; here: whether that is an
    earlier lab of the lab's own lesson; stopped: the line of the gap that an error stopped at,
    and the name it read before anything set it, or None where Python could not read the line
    (Session.stopped_at), said where no edits are chosen."""
    kept = [edit for edit in chosen if not edit.moved]
    changed = sorted(line for edit in kept if edit.parts[0][3] > edit.parts[0][2] for line in edit.lines)
    gone = sorted(line for edit in kept if edit.parts[0][3] == edit.parts[0][2] for line in edit.lines)
    moves = [(edit.lines, edit.after) for edit in chosen if edit.moved]
    added, count = next(((edit.after, edit.parts[0][3] - edit.parts[0][2]) for edit in kept if edit.after is not None),
                        (None, 0))
    named = sorted(changed + gone + [line for lines, _ in moves for line in lines])
    clauses = [f"its {_named(changed)} {'changes' if len(changed) == 1 else 'change'}"] if changed else []
    clauses += [f"its {_named(gone)} {'is' if len(gone) == 1 else 'are'} taken out"] if gone else []
    clauses += [f"its {_named(lines)} {'moves' if len(lines) == 1 else 'move'} {_place(after)}" for lines, after in moves]
    clauses += [f"{'a line is' if count == 1 else f'{count} lines are'} added {_place(added)}"] if added is not None else []
    if clauses:
        rest = [line for line in range(1, size + 1) if line not in named]
        text = f"Gap {gap}: the checks pass once {' and '.join(clauses)}"
        text += (f"; they find nothing wrong in its {_named(rest)}." if named and rest else
                 "; they find nothing wrong in the lines it has." if not named else ".")
    elif stopped:
        named = [stopped[0]]
        text = (f"Gap {gap}: its line {stopped[0]} reads {stopped[1]} before anything has set it." if stopped[1] else
                f"Gap {gap}: Python cannot read its line {stopped[0]}.")
    else:
        text = f"Gap {gap}: the checks fail because of what this gap does; they single out none of its lines."
    if earlier is not None:
        whose = "an earlier lab of this lesson" if here else f"a lab of lesson {gap[1:3]}"
        text += f" It belongs to {whose}, whose checks {'passed, but missed this' if earlier else 'have not passed yet'}."
    return {"gap": gap, "lines": named, "after": added, "moves": [[lines[0], after] for lines, after in moves],
            "size": size, "earlier": earlier is not None, "says": says, "check": check, "text": text}


def _place(after: int) -> str:
    return f"after its line {after}" if after else "before its first line"


def _named(lines: list[int]) -> str:
    """``line 3``, ``lines 1–2 and 4``: numbers in runs."""
    runs = []
    for _, group in itertools.groupby(enumerate(lines), key=lambda pair: pair[1] - pair[0]):
        numbers = [line for _, line in group]
        runs.append(str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}")
    word = "line" if len(lines) == 1 else "lines"
    return f"{word} {runs[0]}" if len(runs) == 1 else f"{word} {', '.join(runs[:-1])} and {runs[-1]}"


@dataclass(frozen=True)
class Limit:
    """The time a trial may take: until deadline (time.monotonic()), and seconds at most, counted
    on clock, which ends a trial that runs past it (timeouts.within)."""

    deadline: float
    seconds: float
    clock: Clock = WALL


def pointers_run(session, trial: Trial, run_check: Callable[[str], dict], checks: list[dict],
                 limit: Limit = Limit(float("inf"), float("inf"))) -> Run:
    """A Run over the session's ember, whose files trial holds as the learner has them: each
    trial's files written, the gaps' places told to the session (so a reason names the lines),
    and the learner's put back after. A trial that runs past limit fails its checks not yet run."""
    def run(indices: list[int], texts: dict[str, str], first_failure: bool = False) -> list[dict]:
        saved, bytecode = session.spans, sys.dont_write_bytecode
        sys.dont_write_bytecode = True
        results: list[dict] = []
        try:
            session.spans = trial.put(texts)
            with within(max(min(limit.seconds, limit.deadline - time.monotonic()), 0.01), limit.clock):
                for index in indices:
                    results.append(run_check(checks[index]["code"]))
                    if first_failure and not _passed(results[-1]):
                        break
            return results
        except TimedOut:
            return results + [TIMED_OUT] * (1 if first_failure else len(indices) - len(results))
        finally:
            trial.restore()
            session.spans, sys.dont_write_bytecode = saved, bytecode
    return run
