"""The learner's text of a gap against the course's: the edits that turn one into the other, each
a unit that a pointer can name (blame.py tries them, smallest first).

Before the two are diffed (difflib, line by line, trailing spaces aside):

- the course's lines are indented as the learner indents (two spaces a level where they use two),
  its ``a, b = x, y`` put on two lines where the learner's text assigns no such tuple
  (unpacked), and its last ``return EXPR`` as ``out = EXPR`` then ``return out`` where the
  learner's ends so (named_return);
- the names the learner binds where the course binds others, consistently (``for n in …`` where
  the course has ``for neuron in …``), are renamed to the course's in the learner's text, so that
  a line differing only by them is not an edit (renamed); or, the other way, the course's names
  are spelt as the learner's in the course's text (translated). A trial then says whether the
  text means what the learner's does.

An edit is a change (lines replaced, or taken out), an addition, or a move: a line taken out in
one place and put back, the same, in another (two statements in the wrong order). A replaced run
whose two sides differ in length is split at its most alike pair of lines, as difflib.Differ does,
so that a harmless line beside a wrong one is an edit of its own.
"""

import ast
import difflib
import io
import itertools
import keyword
import re
import textwrap
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass

ALIKE = 0.6
"""The least difflib ratio at which two lines of a replaced run are paired as one changed line."""

def lines_of(text: str, ends: bool = False) -> list[str]:
    """text's lines, split at newlines only, as the page and Python's own reader count them
    (str.splitlines also splits at form feeds, U+2028 and the like, which a comment may hold);
    with ends, each keeps its newline."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line + "\n" for line in lines[:-1]] + [lines[-1] + ("\n" if text.endswith("\n") else "")] if ends and lines else lines


Part = tuple[int, int, int, int]
"""difflib's (i1, i2, j1, j2): the learner's lines [i1, i2) stand where the course's [j1, j2) do
(0-based, ends excluded)."""


@dataclass(frozen=True)
class Edit:
    """One place where the learner's text and the course's differ.

    Attributes:
        parts: One Part, or two for a move: the learner's lines taken out, then where they go.
    """

    parts: tuple[Part, ...]

    @property
    def lines(self) -> list[int]:
        """The learner's lines (1-based) this edit changes, takes out or moves."""
        return [line + 1 for i1, i2, _, _ in self.parts for line in range(i1, i2)]

    @property
    def after(self) -> int | None:
        """The learner's line a line is added after (0: before the first), or None."""
        return next((i1 for i1, i2, j1, j2 in self.parts if i1 == i2), None)

    @property
    def moved(self) -> bool:
        return len(self.parts) == 2

    @property
    def place(self) -> frozenset[tuple[str, int]]:
        """Where the edit is in the course's text: ``("line", j)`` for each of its lines (0-based)
        the edit puts in, or that a moved line passes over, and ``("at", j)`` where the edit takes
        out lines of the learner's before the course's line j. Two edits of the same lines, or
        moves across the same lines, are at the same place."""
        if self.moved:
            (_, _, gone, _), (_, _, first, last) = self.parts
            return frozenset(("line", j) for j in range(min(gone, first), max(gone, last)))
        (i1, i2, j1, j2), = self.parts
        return frozenset(("line", j) for j in range(j1, j2)) if j2 > j1 else frozenset({("at", j1)})


@dataclass(frozen=True)
class Diff:
    """The learner's text and the course's, made comparable, and the edits between them.

    Attributes:
        mine: The learner's text, their bound names renamed as the course names them.
        theirs: The course's text, indented as the learner indents.
        edits: The edits that turn mine into theirs, in the learner's order.
    """

    mine: str
    theirs: str
    edits: tuple[Edit, ...]

    def patched(self, chosen: tuple[Edit, ...], in_place: bool = False) -> tuple[str, list[int | None]]:
        """The learner's text with the chosen edits as the course has them, and the learner's
        line (1-based) that each of its lines is, None for a course's line. in_place: the course's
        lines that replace as many of the learner's take their indentation, line for line, and
        those that replace one line of the learner's are moved as one to its indentation (the
        learner's line sits in a block the course's text does not have)."""
        a, b = lines_of(self.mine, True), lines_of(self.theirs, True)
        out: list[tuple[str, int | None]] = []
        at = 0
        for i1, i2, j1, j2 in sorted(part for edit in chosen for part in edit.parts):
            lines = b[j1:j2]
            if in_place and i2 - i1 == j2 - j1:
                lines = [_indent(a[i]) + line.lstrip(" \t") for i, line in zip(range(i1, i2), lines)]
            elif in_place and i2 - i1 == 1 and lines:
                shift = len(_indent(a[i1])) - len(_indent(lines[0]))
                lines = [" " * shift + line if shift >= 0 else line[min(-shift, len(_indent(line))):] for line in lines]
            out += [(a[i], i + 1) for i in range(at, i1)] + [(line, None) for line in lines]
            at = i2
        out += [(a[i], i + 1) for i in range(at, len(a))]
        text = "".join(line for line, _ in out)
        return (text if text.endswith("\n") else text + "\n"), [origin for _, origin in out]


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]


def _runs(found: Diff) -> list[tuple[list[int], int]]:
    """The runs of the learner's lines that the course's lines replace (edits side by side, moves
    aside): each ``([i1, i2, j1, j2], the number of edits in it)``."""
    runs: list[tuple[list[int], int]] = []
    for edit in found.edits:
        if edit.moved:
            continue
        (i1, i2, j1, j2), = edit.parts
        if runs and runs[-1][0][1] == i1 and runs[-1][0][3] == j1:
            runs[-1][0][1], runs[-1][0][3] = i2, j2
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append(([i1, i2, j1, j2], 1))
    return runs


def one_line_each(found: Diff) -> tuple[Edit, ...]:
    """For each run of several of the learner's lines that the course's lines replace, an edit of
    each line of the run alone into all of the course's lines of the run, at its indentation
    (Diff.patched's in_place): the one wrong line of a run the course writes otherwise, in
    another shape."""
    return tuple(variant for (i1, i2, j1, j2), _ in _runs(found) if i2 - i1 > 1 and j2 > j1
                 for variant in (Edit(((i, i + 1, j1, j2),)) for i in range(i1, i2)) if variant not in found.edits)


def whole_lines(found: Diff) -> tuple[Edit, ...]:
    """Each line of the learner's that the diff splits into edits side by side (a change and a
    line added beside it), as one edit of it into all of the course's lines of its run, where a
    line of these reads a name that another binds and the learner's text never has: the course
    names a value that the learner's line writes in place (``loss = lambda …`` then
    ``f(loss)``, where the learner wrote ``f(lambda …)``)."""
    theirs, mine = lines_of(found.theirs), {t.string for t in _tokens(found.mine) or () if _is_name(t)}
    return tuple(Edit(((i1, i2, j1, j2),)) for (i1, i2, j1, j2), count in _runs(found)
                 if i2 - i1 == 1 and count > 1 and _names_passed("\n".join(theirs[j1:j2]) + "\n") - mine)


def _names_passed(text: str) -> set[str]:
    """The names that a line of text binds and a later line of it reads."""
    tree = parse_block(text)
    names = [node for node in ast.walk(tree) if isinstance(node, ast.Name)] if tree else []
    return {bound.id for bound in names if isinstance(bound.ctx, ast.Store) for read in names
            if isinstance(read.ctx, ast.Load) and read.lineno > bound.lineno and read.id == bound.id}


def one_line_added(found: Diff) -> tuple[Edit, ...]:
    """Additions of one of the course's lines that the diff does not make: each line of an
    addition of several, alone (the learner wrote the others in another shape), and each line
    that replaces one of the learner's, added before it or after it instead (the learner's line
    is right, and a line is missing beside it)."""
    parts = [part for edit in found.edits if not edit.moved for part in edit.parts]
    alone = [(i1, i1, j, j + 1) for i1, i2, j1, j2 in parts if i1 == i2 and j2 - j1 > 1 for j in range(j1, j2)]
    beside = [(at, at, j1, j2) for i1, i2, j1, j2 in parts if i2 - i1 == 1 == j2 - j1 for at in (i1, i2)]
    return tuple(dict.fromkeys(Edit((part,)) for part in alone + beside))


def edit_sets(found: Diff, most: int) -> Iterator[tuple[tuple[Edit, ...], bool]]:
    """The sets of edits to try, smallest first: each of the diff's own edits and each line it
    splits in two (whole_lines), then one line of the learner's in place of a run
    (one_line_each), then one course's line added (one_line_added), then the diff's own edits in
    twos, and so on up to most at once. Each with whether it is one of one_line_each's: one line
    of a run as all of the course's, to be tried only where the course's lines would not sit in
    a block of their own."""
    edits = found.edits
    yield from (((edit,), False) for edit in [*edits, *whole_lines(found)])
    yield from (((edit,), True) for edit in one_line_each(found))
    yield from (((edit,), False) for edit in one_line_added(found) if edit not in edits)
    for n in range(2, min(len(edits), most) + 1):
        yield from ((chosen, False) for chosen in itertools.combinations(edits, n))


def diff(mine: str, theirs: str, names: str = "rename") -> Diff:
    """The edits between the learner's text of a gap and the course's (see the module). names:
    "rename" the learner's own names as the course's (renamed), "keep" them, or "translate" the
    course's names into the learner's (translated)."""
    theirs = named_return(unpacked(reindented(theirs, mine), mine), mine)
    if names == "rename":
        mine = renamed(mine, theirs)
    elif names == "translate":
        theirs = translated(theirs, mine)
    a = [line.rstrip() for line in lines_of(mine)]
    b = [line.rstrip() for line in lines_of(theirs)]
    parts: list[Part] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            parts += _split(a, b, i1, i2, j1, j2)
    parts = [p for p in parts if any(line.strip() for line in a[p[0]:p[1]] + b[p[2]:p[3]])]  # blank lines count as none
    return Diff(mine, theirs, tuple(_moves(parts, a, b)))


def _split(a: list[str], b: list[str], i1: int, i2: int, j1: int, j2: int) -> list[Part]:
    """A replaced run as parts: line for line when both sides are as long; else split around its
    most alike pair of lines (at least ALIKE), each side of it split in turn."""
    if i1 == i2 or j1 == j2:
        return [(i1, i2, j1, j2)]
    if i2 - i1 == j2 - j1:
        return [(i, i + 1, j1 + i - i1, j1 + i - i1 + 1) for i in range(i1, i2)]
    best, pair = 0.0, None
    for i in range(i1, i2):
        for j in range(j1, j2):
            ratio = difflib.SequenceMatcher(None, a[i], b[j]).ratio()
            if ratio >= ALIKE and (pair is None or ratio > best):
                best, pair = ratio, (i, j)
    if pair is None:
        return [(i1, i2, j1, j2)]
    i, j = pair
    before = _split(a, b, i1, i, j1, j) if (i > i1 or j > j1) else []
    after = _split(a, b, i + 1, i2, j + 1, j2) if (i + 1 < i2 or j + 1 < j2) else []
    return before + [(i, i + 1, j, j + 1)] + after


def _moves(parts: list[Part], a: list[str], b: list[str]) -> list[Edit]:
    """The parts as edits: a part that only takes out lines and one that only adds the same
    lines elsewhere are one move."""
    edits, used = [], set()
    for n, (i1, i2, j1, j2) in enumerate(parts):
        if n in used:
            continue
        if j1 == j2:  # lines taken out: put back elsewhere?
            back = next((m for m, (k1, k2, l1, l2) in enumerate(parts)
                         if m not in used and m != n and k1 == k2 and b[l1:l2] == a[i1:i2]), None)
            if back is not None:
                used.add(back)
                edits.append(Edit(((i1, i2, j1, j2), parts[back])))
                continue
        if i1 == i2:  # lines added: taken out elsewhere, later?
            gone = next((m for m, (k1, k2, l1, l2) in enumerate(parts)
                         if m > n and m not in used and l1 == l2 and a[k1:k2] == b[j1:j2]), None)
            if gone is not None:
                used.add(gone)
                edits.append(Edit((parts[gone], (i1, i2, j1, j2))))
                continue
        edits.append(Edit(((i1, i2, j1, j2),)))
    return edits


def off_by_one(text: str) -> list[tuple[int, str]]:
    """The text with one line off by one the other way, for each way found: ``n - 1`` or ``n + 1``
    as ``n``, ``range(1, n)`` as ``range(n)``, and ``<`` as ``<=`` (``>`` as ``>=``) and back.
    Each is (the line, 1-based, the text): the learner's own line that a trial can single out
    where the course writes the code in another shape (``range(len(weights) - 1)`` where the
    course zips). Only expressions on one line; none if the text cannot be parsed."""
    tree = parse_block(text)
    if tree is None:
        return []
    lines, found = lines_of(text, True), []
    dedent = min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip()), default=0)
    shift = 4 - dedent if _wrapped(text) else -dedent
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) != getattr(node, "end_lineno", -1):
            continue
        swaps = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and _is_one(node.right):
            swaps.append((node.col_offset, node.end_col_offset, node.left))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
                and len(node.args) == 2 and _is_one(node.args[0])):
            swaps.append((node.args[0].col_offset, node.args[1].col_offset, ""))
        for left, right in ((ast.Lt, "<="), (ast.LtE, "<"), (ast.Gt, ">="), (ast.GtE, ">")):
            if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], left):
                swaps.append((node.left.end_col_offset, node.comparators[0].col_offset, f" {right} "))
        for start, end, kept in swaps:
            line = lines[node.lineno - 1]
            start, end = start - shift, end - shift
            middle = kept if isinstance(kept, str) else line[kept.col_offset - shift:kept.end_col_offset - shift]
            found.append((node.lineno, "".join(lines[:node.lineno - 1]) + line[:start] + middle + line[end:] + "".join(lines[node.lineno:])))
    return found


def accumulated(text: str) -> list[tuple[int, str]]:
    """The text with one assignment in a loop made to add, for each found: ``total = x`` as
    ``total += x``, where total is assigned before the loop (the learner meant to add up, and
    keeps only the last). Each is (the line, 1-based, the text), as off_by_one gives them; none
    if the text cannot be parsed."""
    tree = parse_block(text)
    if tree is None:
        return []
    lines, found = lines_of(text, True), []
    for loop in (node for node in ast.walk(tree) if isinstance(node, (ast.For, ast.While))):
        before = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and node.lineno < loop.lineno
                  for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(loop):
            if (isinstance(node, ast.Assign) and node.lineno == node.end_lineno and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id in before):
                line = lines[node.lineno - 1]
                added = re.sub(rf"^(\s*{node.targets[0].id})\s*=", r"\1 +=", line, count=1)
                if added != line:
                    found.append((node.lineno, "".join(lines[:node.lineno - 1]) + added + "".join(lines[node.lineno:])))
    return found


def _is_one(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 1


def unpacked(theirs: str, mine: str) -> str:
    """The course's text with each ``a, b = x, y`` on lines of its own, ``a = x`` then ``b = y``,
    where no name assigned is read in the values and the learner's text assigns no such tuple of
    names: as the learner may write it."""
    tree = parse_block(theirs)
    if tree is None:
        return theirs
    ours = parse_block(mine)
    tuples = {tuple(ast.unparse(target) for target in node.targets[0].elts) for node in ast.walk(ours)
              if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple)} if ours else set()
    lines = lines_of(theirs, True)
    for node in sorted(ast.walk(tree), key=lambda node: -getattr(node, "lineno", 0)):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and node.lineno == node.end_lineno
                and isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple)
                and len(node.targets[0].elts) == len(node.value.elts)
                and all(isinstance(target, ast.Name) for target in node.targets[0].elts)):
            continue
        line = lines[node.lineno - 1]
        names = [target.id for target in node.targets[0].elts]
        if tuple(names) in tuples or any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node.value)):
            continue
        indent = line[:len(line) - len(line.lstrip())]
        lines[node.lineno - 1:node.lineno] = [f"{indent}{target.id} = {ast.unparse(value)}\n"
                                              for target, value in zip(node.targets[0].elts, node.value.elts)]
    return "".join(lines)


def named_return(theirs: str, mine: str) -> str:
    """The course's text with its last line ``return EXPR`` as ``NAME = EXPR`` then ``return
    NAME``, where the learner's text ends so, naming the value first (``out = Value(…)`` then
    ``return out``), and the course's names no NAME: as the learner writes it."""
    ours, course = _statements(mine), _statements(theirs)
    if len(ours) < 2 or not course:
        return theirs
    named, returned, last = ours[-2], ours[-1], course[-1]
    if not (isinstance(returned, ast.Return) and isinstance(returned.value, ast.Name)
            and isinstance(named, ast.Assign) and len(named.targets) == 1
            and isinstance(named.targets[0], ast.Name) and named.targets[0].id == returned.value.id
            and isinstance(last, ast.Return) and last.value is not None and not isinstance(last.value, ast.Name)
            and last.lineno == last.end_lineno):
        return theirs
    name = returned.value.id
    if any(isinstance(node, ast.Name) and node.id == name for statement in course for node in ast.walk(statement)):
        return theirs
    lines = lines_of(theirs, True)
    line = lines[last.lineno - 1]
    indent = line[:len(line) - len(line.lstrip())]
    lines[last.lineno - 1:last.lineno] = [f"{indent}{name} = {line.strip().removeprefix('return').strip()}\n",
                                          f"{indent}return {name}\n"]
    return "".join(lines)


def _statements(text: str) -> list[ast.stmt]:
    """The top-level statements of a gap's text (parse_block's, inside its wrapper function if it
    has one); none if it cannot be parsed."""
    tree = parse_block(text)
    if tree is None:
        return []
    return tree.body[0].body if _wrapped(text) else tree.body


def reindented(theirs: str, mine: str) -> str:
    """The course's text with each line's leading spaces in the learner's style: their indent
    of the gap's first level, and their width of one more level. Unchanged where the learner
    indents with tabs, or writes one level only and the same first one."""
    def widths(text: str) -> list[int]:
        return [len(line) - len(line.lstrip(" ")) for line in lines_of(text) if line.strip()]
    if any(line[:len(line) - len(line.lstrip())].count("\t") for line in lines_of(mine)):
        return theirs
    ours, course = widths(mine), widths(theirs)
    if not ours or not course:
        return theirs
    base_m, base_c = min(ours), min(course)
    unit_c = min((w - base_c for w in course if w > base_c), default=0)
    unit_m = min((w - base_m for w in ours if w > base_m), default=unit_c)
    if not unit_c or (base_m, unit_m) == (base_c, unit_c):
        return theirs
    lines = []
    for line in lines_of(theirs, True):
        width = len(line) - len(line.lstrip(" "))
        if line.strip():
            levels, rest = divmod(width - base_c, unit_c) if width >= base_c else (0, 0)
            line = " " * (base_m + levels * unit_m + rest) + line[width:]
        lines.append(line)
    return "".join(lines)


def renamed(mine: str, theirs: str) -> str:
    """The learner's text with each name they bind where the course binds another, at the same
    place of the same tokens, renamed to the course's everywhere in it. A name is renamed only
    if, in both texts, the gap binds it before any use (not a parameter or a name from outside,
    nor a loop's own iterable), the course binds no name of that spelling itself, and the learner
    never uses the other name; a keyword argument of the same spelling is left as it is. Code
    after the gap may read the learner's name, which the rename would change: blame.py runs the
    renamed text and keeps it only if the checks say the same of it."""
    ours, course = _tokens(mine), _tokens(theirs)
    if ours is None or course is None:
        return mine
    pairs = _name_pairs(ours, course)
    used = {t.string for t in ours if _is_name(t)}
    bound_m, bound_c = _own_names(mine), _own_names(theirs)
    mapping = {}
    for name, others in pairs.items():
        [other] = others if len(others) == 1 else [None]
        if (other and name in bound_m and other in bound_c and name not in bound_c and other not in used
                and other not in mapping.values()):
            mapping[name] = other
    return _with_names(mine, ours, mapping)


def translated(theirs: str, mine: str) -> str:
    """The course's text with each name it has where the learner's text has another, at the same
    place of the same tokens, spelt as the learner's, everywhere in it: the course's lines in
    the learner's words, to try in place of theirs (a trial says if they mean the same)."""
    ours, course = _tokens(mine), _tokens(theirs)
    if ours is None or course is None:
        return theirs
    pairs = _name_pairs(course, ours)
    mapping = {name: next(iter(others)) for name, others in pairs.items() if len(others) == 1}
    if len(set(mapping.values())) < len(mapping):
        return theirs
    return _with_names(theirs, course, mapping)


def _name_pairs(ours: list, theirs: list) -> dict[str, set[str]]:
    """For each name of ours, the names of theirs at the same place of the same tokens."""
    pairs: dict[str, set[str]] = {}
    matcher = difflib.SequenceMatcher(None, [t.string for t in ours], [t.string for t in theirs], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:
            for one, other in zip(ours[i1:i2], theirs[j1:j2]):
                if _is_name(one) and _is_name(other):
                    pairs.setdefault(one.string, set()).add(other.string)
    return pairs


def _with_names(text: str, tokens: list, mapping: dict[str, str]) -> str:
    """text, whose tokens are these, with the names in mapping spelt as it says; attributes and
    keyword arguments left as they are."""
    if not mapping:
        return text
    lines, depth, places = lines_of(text, True), 0, []
    ours = tokens
    for n, token in enumerate(ours):
        depth += (token.string in "([{") - (token.string in ")]}") if token.type == tokenize.OP else 0
        after = ours[n + 1].string if n + 1 < len(ours) else ""
        keyword_argument = depth > 0 and after == "=" and n and ours[n - 1].string in "(,"
        if token.string in mapping and not (n and ours[n - 1].string == ".") and not keyword_argument:
            places.append(token)
    for token in reversed(places):
        row, col = token.start
        lines[row - 1] = lines[row - 1][:col] + mapping[token.string] + lines[row - 1][token.end[1]:]
    return "".join(lines)


def _tokens(text: str) -> list[tokenize.TokenInfo] | None:
    """The tokens of text that carry meaning (no layout, no comments), or None if it cannot be
    read."""
    skip = {tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER}
    try:
        return [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in skip]
    except (tokenize.TokenError, SyntaxError):
        return None


def _is_name(token: tokenize.TokenInfo) -> bool:
    return token.type == tokenize.NAME and not keyword.iskeyword(token.string) and not keyword.issoftkeyword(token.string)


def _own_names(text: str) -> set[str]:
    """The names a gap's text binds (assigned, looped over, caught) before it reads them: in
    the order the code runs, a loop's iterable and an assignment's value before its target, a
    comprehension's first iterable before the rest."""
    tree = parse_block(text)
    if tree is None:
        return set()
    first: dict[str, bool] = {}  # name: whether its first use binds it
    for node in _in_running_order(tree):
        if isinstance(node, ast.Name):
            first.setdefault(node.id, isinstance(node.ctx, ast.Store))
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            first.setdefault(node.target.id, False)  # += reads it first
        elif isinstance(node, ast.ExceptHandler) and node.name:
            first.setdefault(node.name, True)
    return {name for name, binds in first.items() if binds}


def _in_running_order(node: ast.AST):
    """node and the nodes under it, each statement's parts in the order they run (near enough
    for names): a value before the target it is assigned to, an iterable before its loop."""
    yield node
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        parts = [node.value] + (node.targets if isinstance(node, ast.Assign) else [node.target])
    elif isinstance(node, (ast.For, ast.AsyncFor)):
        parts = [node.iter, node.target, *node.body, *node.orelse]
    elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        result = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        parts = [part for g in node.generators for part in (g.iter, g.target, *g.ifs)] + result
    else:
        parts = list(ast.iter_child_nodes(node))
    for part in parts:
        if part is not None:
            yield from _in_running_order(part)


def parse_block(text: str) -> ast.Module | None:
    """A gap's text as a module (dedented, inside a function if it returns or yields), or None
    if it cannot be parsed. Its statements' line numbers are the text's own."""
    code = textwrap.dedent(text)
    wrapped = _wrapped(code)
    try:
        tree = ast.parse("def _():\n" + textwrap.indent(code, "    ") if wrapped else code)
    except SyntaxError:
        return None
    if wrapped:
        ast.increment_lineno(tree, -1)
    return tree


def _wrapped(text: str) -> bool:
    """Whether parse_block puts text inside a function, to parse it: it returns or yields."""
    return "return" in text or "yield" in text


def masked(text: str, origin: list[int | None], unread: bool = True) -> set[int]:
    """The learner's lines (1-based, as origin names them: Diff.patched) whose assignment nothing
    reads: assigned anew by a later line without being read (``self.calls = 1`` then
    ``self.calls = 0``), or, with unread, a name that no line reads (a loop's too, but ``_``).
    The checks passing says nothing of such a line. Empty if the text cannot be parsed."""
    tree = parse_block(text)
    if tree is None:
        return set()
    assigned = [(node.lineno, ast.unparse(target), _reads(node.value), target)
                for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value
                for targets in (node.targets if isinstance(node, ast.Assign) else [node.target])
                for target in (targets.elts if isinstance(targets, ast.Tuple) else [targets])]
    read = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store)}
    looped = [(node.lineno, node.target) for node in ast.walk(tree) if isinstance(node, (ast.For, ast.AsyncFor))]
    never = {line for line, *_, target in assigned if isinstance(target, ast.Name) and target.id not in read}
    never |= {line for line, target in looped if isinstance(target, ast.Name) and target.id not in read and target.id != "_"}
    anew = {mine for line, name, reads, _ in assigned for mine, earlier, _, _ in assigned
            if earlier == name and name not in reads and mine < line}
    return {origin[line - 1] for line in (never if unread else set()) | anew
            if line <= len(origin) and origin[line - 1] is not None}


def _reads(value: ast.AST) -> set[str]:
    """What an expression reads, as written: each name, attribute and item it uses."""
    return {ast.unparse(node) for node in ast.walk(value) if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript))}


def returns_deeper(text: str, origin: list[int | None], theirs: str) -> bool:
    """Whether a return of the course's, put in the learner's text (origin: Diff.patched), sits
    in more blocks there than in the course's own text: the course's answer returned from inside
    a loop or a branch of the learner's, which then never reaches the lines after it. Such a set
    of edits makes the checks pass without saying which line of the learner's is wrong."""
    tree, course = parse_block(text), parse_block(theirs)
    if tree is None or course is None:
        return False
    own = lines_of(textwrap.dedent(theirs))
    depth_in_course: dict[str, int] = {}
    for node, depth in _returns(course):
        key = own[node.lineno - 1].strip()
        depth_in_course[key] = min(depth, depth_in_course.get(key, depth))
    lines = lines_of(textwrap.dedent(text))
    return any(origin[node.lineno - 1] is None and depth > depth_in_course.get(lines[node.lineno - 1].strip(), depth)
               for node, depth in _returns(tree) if node.lineno <= len(origin))


def _returns(tree: ast.Module) -> Iterator[tuple[ast.Return, int]]:
    """Each return statement of tree, with the number of blocks (loops, branches, with, try) it
    sits in."""
    blocks = (ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.AsyncWith, ast.Try)
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, ast.Return):
            yield node, depth
        inner = depth + isinstance(node, blocks)
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))


def dead_lines(text: str) -> set[int] | None:
    """The lines (1-based) of statements that can never run: after a return, raise, break or
    continue in the same block. None if the text cannot be parsed."""
    tree = parse_block(text)
    if tree is None:
        return None
    dead: set[int] = set()
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            ends = [n for n, statement in enumerate(block)
                    if isinstance(statement, (ast.Return, ast.Raise, ast.Break, ast.Continue))]
            for statement in block[ends[0] + 1:] if ends else ():
                dead |= set(range(statement.lineno, statement.end_lineno + 1))
    return dead
