"""The ``yaml lab`` fence: a lab where the learner fills gaps of ember and runs its checks.

Markdown::

    ```yaml lab
    gaps: [L07.init, L07.repr]
    what: Write `Value.__init__` and `Value.__repr__`.
    why: Going backward reads these four fields.
    hints:
      - a question that points the way
      - a pointer to the tool to use
      - nearly the code
    checks:
      - title: Value(3).data is the float 3.0
        code: |
          from ember.scalar import Value
          expect(Value(3).data, 3.0, "Value(3).data")
    praise: Your ember has a number that can remember.
    mistakes:
      - gap: L07.init
        replace: ["float(data)", "data"]
        says: data was kept as it came, an int for Value(3); keep it as a float
    also_right:
      - gap: L07.repr
        text: |
          return "Value(" + str(self.data) + ", grad=" + str(self.grad) + ")"
    ```

Fields are listed in FIELDS, the optional ones in OPTIONAL. ``what``, ``why``, the hints and
the praise are Markdown; check titles are plain text; a check's code runs with ``expect`` at
hand (runtime/checks.py). A failing check whose reason is the one a declared mistake gives also
shows the mistake's words (site_src/course.py runs the mistakes). Without
JavaScript the page shows the brief, the file as the lab starts, every hint in a closed
``<details>`` and the list of checks. In the browser, ``js/lab.js`` makes the file editable in
its gaps and runs the checks.
"""

import html
import textwrap
from dataclasses import dataclass

from site_src.fences import (Declared, Fence, FenceError, PageContext, code_block, json_template, load_yaml,
                             render_inline)
from site_src.gaps import fill

FIELDS = {
    "gaps": "the names of the gaps the learner writes, all of this lesson and in one file",
    "what": "what to write (Markdown)",
    "why": "why it matters (Markdown)",
    "hints": "hints from a question to nearly the code, shown one at a time (Markdown)",
    "checks": "a list of {title, code}; each check passes if its code raises nothing",
    "praise": "the line shown when every check passes (Markdown)",
}
OPTIONAL = {
    "mistakes": "typical wrong answers: {gap, text or replace: [old, new], says}; each must fail a "
                "check of this lab, and a learner whose check fails the same way reads says",
    "also_right": "correct answers written another way: {gap, text or replace: [old, new]}; each "
                  "must pass every check of this lab",
}


@dataclass(frozen=True)
class Check:
    """A check: a plain-words title, a Python body, and the line of its title in the lesson."""

    title: str
    code: str
    line: int


@dataclass(frozen=True)
class Variant:
    """A version of one gap other than its solution: a typical mistake, with the words a learner
    who makes it should read (says), or a correct answer written another way (says is "").

    Attributes:
        gap: The gap's name.
        text: The gap's whole text, or None when replace gives it.
        replace: (old, new): the solution with old replaced by new, or None.
        says: The words for a mistake; "" for a correct answer.
        line: Its line in the lesson.
    """

    gap: str
    text: str | None
    replace: tuple[str, str] | None
    says: str
    line: int

    def applied(self, solution: str, indent: str) -> str | None:
        """The gap's text in this version: text, written at any indentation, put at the gap's
        indent; or solution with old replaced. None when old is not in the solution."""
        if self.text is None:
            old, new = self.replace
            return solution.replace(old, new) if old in solution else None
        body = textwrap.dedent(self.text).rstrip("\n")
        return "".join(f"{indent}{line}\n" if line.strip() else "\n" for line in body.split("\n"))


@dataclass(frozen=True)
class Lab:
    """A lab as declared in a lesson. See FIELDS; ``line`` is the fence's opening line."""

    src_path: str
    line: int
    gaps: tuple[str, ...]
    what: str
    why: str
    hints: tuple[str, ...]
    checks: tuple[Check, ...]
    praise: str
    mistakes: tuple[Variant, ...] = ()
    also_right: tuple[Variant, ...] = ()

    @property
    def lesson(self) -> int:
        return int(self.gaps[0][1:3])


def parse(source: str, src_path: str, line: int) -> Lab:
    """Read a lab declaration.

    Args:
        source: The fence's YAML.
        src_path: The lesson's file, for messages.
        line: The fence's opening line in that file.

    Raises:
        FenceError: For YAML that does not parse, a missing or unknown field, or a field of the
            wrong shape.
    """
    def error(message: str, offset: int = 0) -> FenceError:
        return FenceError(f"{src_path}:{line + offset}: {message}")

    data, nodes = load_yaml(source, src_path, line, "the lab")
    if not isinstance(data, dict):
        raise error("a lab is a YAML mapping with the fields: " + ", ".join(FIELDS))
    missing, unknown = set(FIELDS) - set(data), set(data) - set(FIELDS) - set(OPTIONAL)
    if missing or unknown:
        what = f"missing {sorted(missing)}" if missing else f"unknown {sorted(unknown)}"
        raise error(f"lab fields {what}; a lab has: {', '.join(FIELDS)}, and may have: {', '.join(OPTIONAL)}")
    lines = {key.value: value for key, value in nodes.value}
    for name in ("what", "why", "praise"):
        if not isinstance(data[name], str) or not data[name].strip():
            raise error(f"'{name}' must be text", lines[name].start_mark.line + 1)
    for name in ("gaps", "hints"):
        items = data[name]
        if not isinstance(items, list) or not items or not all(isinstance(i, str) and i.strip() for i in items):
            raise error(f"'{name}' must be a list of text", lines[name].start_mark.line + 1)
    if len(set(data["gaps"])) != len(data["gaps"]):
        raise error("'gaps' names a gap twice", lines["gaps"].start_mark.line + 1)
    checks = []
    if not isinstance(data["checks"], list) or not data["checks"]:
        raise error("'checks' must be a list of {title, code}", lines["checks"].start_mark.line + 1)
    for item, node in zip(data["checks"], lines["checks"].value):
        at = node.start_mark.line + 1
        if not isinstance(item, dict) or set(item) != {"title", "code"}:
            raise error("each check has exactly a title and a code", at)
        if not isinstance(item["title"], str) or not item["title"].strip():
            raise error("a check's title must be text", at)
        if not isinstance(item["code"], str):
            raise error(f"check '{item['title']}' needs its code as text", at)
        try:
            compile(item["code"], "<check>", "exec")
        except SyntaxError as exc:
            code = next(value for key, value in node.value if key.value == "code")
            # A block scalar (code: |) starts on the line after its key.
            first = code.start_mark.line + (1 if code.style in ("|", ">") else 0)
            raise error(f"check '{item['title']}' is not valid Python: {exc.msg}",
                        first + (exc.lineno or 1)) from exc
        checks.append(Check(str(item["title"]), item["code"], line + at))
    mistakes = _variants(data.get("mistakes"), lines.get("mistakes"), data["gaps"], True, error, line)
    also_right = _variants(data.get("also_right"), lines.get("also_right"), data["gaps"], False, error, line)
    return Lab(src_path, line, tuple(data["gaps"]), data["what"], data["why"],
               tuple(data["hints"]), tuple(checks), data["praise"], mistakes, also_right)


def _variants(items: object, node, gaps: list[str], mistakes: bool, error, line: int) -> tuple[Variant, ...]:
    """The mistakes (or correct answers) of a lab, as parse reads them.

    Raises:
        FenceError: For a list that is not one, an entry whose gap is not the lab's, that has not
            exactly one of text and replace, a replace that is not [old, new], or a mistake
            without says or with the says of another (the page tells mistakes by their words).
    """
    if items is None:
        return ()
    field = "mistakes" if mistakes else "also_right"
    if not isinstance(items, list) or not items:
        raise error(f"'{field}' must be a list", node.start_mark.line + 1)
    found = []
    for item, item_node in zip(items, node.value):
        at = item_node.start_mark.line + 1
        keys = {"gap", "says"} if mistakes else {"gap"}
        if (not isinstance(item, dict) or not keys <= set(item) or len(set(item) & {"text", "replace"}) != 1
                or set(item) - keys - {"text", "replace"}):
            shape = "{gap, text or replace, says}" if mistakes else "{gap, text or replace}"
            raise error(f"each entry of '{field}' is {shape}", at)
        if item["gap"] not in gaps:
            raise error(f"'{field}' names gap {item['gap']!r}, which is not one of this lab's: {', '.join(gaps)}", at)
        replace = item.get("replace")
        if replace is not None and not (isinstance(replace, list) and len(replace) == 2
                                        and all(isinstance(part, str) for part in replace) and replace[0]):
            raise error("replace is [old, new]: two pieces of text, old not empty", at)
        if "text" in item and not isinstance(item["text"], str):
            raise error("text is the gap's whole text", at)
        says = item.get("says", "")
        if mistakes and not (isinstance(says, str) and says.strip()):
            raise error("a mistake's says is the words a learner who makes it should read", at)
        if mistakes and any(says.strip() == other.says for other in found):
            raise error("two mistakes of a lab say the same words: tell them apart, or keep one", at)
        found.append(Variant(item["gap"], item.get("text"), tuple(replace) if replace else None, says.strip(), line + at))
    return tuple(found)


def format_lab(source: str, options: dict, page: PageContext, line: int) -> str:
    """The lab's HTML, with its file as the lab starts (Fence.format).

    Raises:
        FenceError: For a declaration parse() refuses, or a lab on a page that is not a lesson.
    """
    lab = parse(source, page.src_path, line)
    if page.lesson is None:
        raise page.error_at(line, "a lab must be on a lesson page (front matter: number)")
    # The build has already refused gaps that are missing, of another lesson or in two files.
    path = next(path for path, segments in page.template.items()
                for segment in segments if getattr(segment, "gap", None) in lab.gaps)
    page.labs += 1
    return lab_html(lab, f"{page.lesson:02d}-{page.labs}", path, page)


def lab_html(lab: Lab, lab_id: str, path: str, page: PageContext) -> str:
    """The lab's HTML: brief, file as it starts (code_block), hints, checks and praise, with the
    data that js/lab.js needs in a json_template."""
    start = fill(page.template[path], {})
    code = code_block(start)
    hints = "".join(f"<li>{render_inline(hint)}</li>" for hint in lab.hints)
    checks = "".join(
        f'<li class="ember-lab__check" data-check="{index}"><span class="ember-lab__check-title">'
        f"{html.escape(check.title)}</span></li>"
        for index, check in enumerate(lab.checks)
    )
    known = page.lab_data.get(lab_id, {})
    data = {"id": lab_id, "path": path, "gaps": list(lab.gaps), "hints": len(lab.hints),
            "checks": known.get("checks") or [{"title": check.title, "code": check.code} for check in lab.checks],
            "answers": known.get("answers", {})}
    return (
        f'<div class="ember-lab" data-lab="{lab_id}" role="region" aria-label="Lab {lab_id.split("-")[1]}">'
        f'<div class="ember-lab__brief"><div class="ember-lab__what"><strong>What</strong>'
        f"{render_inline(lab.what)}</div>"
        f'<div class="ember-lab__why"><strong>Why</strong>{render_inline(lab.why)}</div></div>'
        # The file as the lab starts, and the hints, are for reading here, not for the site's
        # search (Material's data-search-exclude): the file would put a whole file of ember in
        # the index for each lab, and a hint found by a search gives a lab away.
        f'<div class="ember-lab__file" data-search-exclude><p class="ember-lab__path">{html.escape(path)} '
        f'<span class="ember-lab__when">as this lab starts</span></p>{code}</div>'
        '<p class="ember-lab__nojs" data-search-exclude>Running code needs JavaScript. Above is '
        f"{html.escape(path)} as this lab starts.</p>"
        f'<details class="ember-lab__hints" data-search-exclude><summary>Hints</summary><ol>{hints}</ol></details>'
        f'<div class="ember-lab__checks"><p class="ember-lab__checks-title">Checks</p>'
        f"<ul>{checks}</ul></div>"
        f'<div class="ember-lab__praise" hidden>{render_inline(lab.praise)}</div>'
        + json_template(data, 'class="ember-lab__data"')
        + "</div>"
    )


FENCE = Fence("yaml", "lab", format_lab,
              declares=lambda source, src_path, line: Declared(labs=(parse(source, src_path, line),)))
