"""What a learner most likely did, from their results on a lab's checks: the typical mistakes
declared with the lab whose results agree with theirs on every check.

The build (site_src/course.py) records, for each check, the status and reason each mistake
gives it. A single check often fails the same way for two different faults, so a mistake is
named only when all of the lab's checks agree with it (:func:`agrees`). The worker's runner
(checks.py) asks it of each gap at fault with the rest of the lab as the course has it
(blame.py); without the course's text, of the whole lab (:func:`diagnosis`).
"""

import re


def diagnosis(checks: list[dict], results: list[dict]) -> list[list[str]]:
    """For each of results (of checks, as run_checks takes them), the words of the mistakes
    the learner most likely made: on the first result that did not pass, those of each declared
    mistake that passes the checks these pass and fails each other the same way
    (_same_failure); on every other result, none."""
    words = dict.fromkeys(m["says"] for check in checks for m in check.get("mistakes", ()))
    likely = [says for says in words if all(agrees(says, check, result) for check, result in zip(checks, results))]
    first = next((i for i, result in enumerate(results) if result["status"] != "passed"), None)
    return [likely if i == first else [] for i in range(len(results))]


def agrees(says: str, check: dict, result: dict) -> bool:
    """Whether result is what check gave the mistake with words says: a pass where the mistake
    passed it, else the same failure."""
    made = next((m for m in check.get("mistakes", ()) if m["says"] == says), None)
    return result["status"] == "passed" if made is None else _same_failure(made, result)


WHERE = re.compile(r" \((?:line \d+ of gap|at the end of gap|ember/)[^()]*\)$")
"""Where an error was raised, as a reason ends with it (Session.describe_error)."""


def _same_failure(mistake: dict, result: dict) -> bool:
    """Whether a result fails as a mistake made its check fail: with the same reason, but for
    where an error was raised (a learner's code may lay out its lines otherwise); for an error,
    the same exception, whatever its message (the build's Python words some of them otherwise
    than the browser's), but for the attribute or name it says is missing."""
    if result["status"] == "passed" or result["status"] != mistake["status"]:
        return False
    if result["status"] == "error":
        return _exception(result["reason"]) == _exception(mistake["reason"])
    return _meaning(result["reason"]) == _meaning(mistake["reason"])


NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d*)?(?:e[-+]?\d+)?(?![\w.])")


def _meaning(reason: str) -> str:
    """What a failure's reason says, without where an error was raised, and with each number
    as its value to 6 digits: an earlier gap of the learner's that seeds the int 1 where the
    course seeds 1.0 shows ``grad=1`` in a reason that means the same."""
    return NUMBER.sub(lambda match: f"{float(match[0]):.6g}", WHERE.sub("", reason))


def _exception(reason: str) -> str:
    """The name of the exception an error's reason starts with, and the attribute or name it
    says is missing, if any (an AttributeError for grad is not one for _local)."""
    missing = re.search(r"(?:attribute|name) '(\w+)'", reason)
    return re.match(r"[\w.]*", reason)[0] + (f" {missing[1]}" if missing else "")
