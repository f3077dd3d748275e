"""Knobs the learner moves on the page while a cell runs: hx.steer's sliders.

``hx.steer({"lr": [0.1, 0.3, 1.0], "alpha": [0.0, 1e-4, 1e-2]})`` hands the page this JSON,
which js/steer.js shows as one slider a knob, under the cell's Run button or the figure named by
``target``::

    {"knobs": [{"name": "lr", "choices": [0.1, 0.3, 1.0], "texts": ["0.1", "0.3", "1"]}, ...],
     "first": 0}

Each slider starts at "the cell's own" and has one stop a choice, shown as its text. The page
writes the chosen value into a SharedArrayBuffer that the worker reads, a float a knob (NaN while
the slider is at "the cell's own"), so a running cell sees a move at its next ``read``. A run's
knobs take the buffer's slots in order, from ``first``: a second hx.steer in the same run takes
the slots after the first one's, so neither reads the other's sliders. The runner sets
``read_slot`` to read that buffer (js/runtime/worker.js); where nothing sets it (the build,
CPython, a page that is not cross-origin isolated), every knob keeps the cell's own value.
"""

import keyword
import math
import unicodedata
from collections.abc import Callable, Sequence
from numbers import Real

import hx

MAX_KNOBS = 4
"""The most knobs one run may steer, in all its hx.steer calls: the floats of the page's buffer."""

MAX_CHOICES = 12
"""The most stops a knob's slider has, besides "the cell's own"."""

MAX_NAME = 24
"""The most characters of a knob's name, which the slider shows beside it."""

read_slot: Callable[[int], float] | None = None
"""Set by the worker: the value the page holds for the knob at a slot, NaN for none."""


class Steering:
    """The knobs of one hx.steer(), read at each step, and the steps where their values changed.

    Args:
        choices: Each knob's name to its choices, as steer() takes them (checked there).
        first: The buffer's slot of the first knob; the others follow it.
    """

    def __init__(self, choices: dict[str, list[float]], first: int = 0) -> None:
        self.choices = choices
        self._first = first
        self._run = hx._run  # the run this belongs to: its sliders are of no later run
        self._given: dict[str, float | None] = dict.fromkeys(choices)  # what the page gave last
        self._marks: list[tuple[float, str]] = []

    def read(self, step: float, /, **own: float) -> dict[str, float]:
        """Each knob's value for this step: the learner's choice on the page, once they have
        made one in this run, else the cell's own value given here.

        A change of the learner's choice since the last read is marked at step, for marks().

        Args:
            step: Where the values take effect, on the x axis of the plot that marks() joins.
            own: Every knob's own value for this step, by name (a schedule, say).

        Returns:
            {name: value} for every knob, in steer()'s order.

        Raises:
            TypeError: If step is not a number, or a knob's own value is missing or not a
                number, or a name is not a knob.
        """
        if not isinstance(step, Real) or isinstance(step, bool) or not math.isfinite(step):
            raise TypeError(f"read() needs the step as a finite number, not {type(step).__name__} {step!r}")
        if set(own) != set(self.choices):
            raise TypeError(f"read() needs one value for each knob ({', '.join(self.choices)}), "
                            f"not for {', '.join(own) or 'none'}")
        values = {}
        for slot, name in enumerate(self.choices, start=self._first):
            value = own[name]
            if not isinstance(value, Real) or isinstance(value, bool):
                raise TypeError(f"the cell's own {name} must be a number, not {type(value).__name__} {value!r}")
            given = _given(slot) if self._run is not None and hx._run is self._run else None
            if given != self._given[name]:
                self._mark(step, f"{name} {_text(given)}" if given is not None else f"{name}: the cell's own")
                self._given[name] = given
            values[name] = value if given is None else given
        return values

    def _mark(self, step: float, text: str) -> None:
        """Keep a change at step, up to the most points a plot's series holds."""
        if len(self._marks) < hx.MAX_POINTS:
            self._marks.append((step, text))

    def marks(self) -> dict:
        """The steps where the learner's choices took effect, as hx.marks(...), for a plot."""
        return hx.marks([step for step, _ in self._marks], [text for _, text in self._marks])

    def knobs(self) -> dict:
        """The page's JSON for these knobs (this module's docstring)."""
        return {"knobs": [{"name": name, "choices": values, "texts": [_text(v) for v in values]}
                          for name, values in self.choices.items()], "first": self._first}


def steer(choices: dict[str, Sequence[float]], first: int = 0) -> Steering:
    """The knobs to read, checked.

    Args:
        choices: Each knob's name to its choices: 1 to MAX_CHOICES finite numbers, in the order
            the slider gives them. 1 to MAX_KNOBS - first knobs.
        first: The slots the run's earlier knobs hold.

    Raises:
        TypeError: If choices are not a dict of names to lists of numbers, or a name is not
            one that read() can take.
        ValueError: If there are no knobs or more than the run has left, a name is longer than
            MAX_NAME, or a knob has no choices, too many, or one that is not finite.
    """
    if not isinstance(choices, dict):
        raise TypeError(f"hx.steer needs a dict of knobs, such as {{'lr': [0.1, 1.0]}}, not {type(choices).__name__}")
    if not 1 <= len(choices) <= MAX_KNOBS - first:
        raise ValueError(f"a run steers 1 to {MAX_KNOBS} knobs in all, such as {{'lr': [0.1, 1.0]}}: "
                         f"{first} before, and {len(choices)} here")
    checked = {}
    for name, given in choices.items():
        _check_name(name)
        if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
            raise TypeError(f"knob {name!r} needs a list of choices, such as [0.1, 1.0], not {given!r}")
        if not 1 <= len(given) <= MAX_CHOICES:
            raise ValueError(f"knob {name!r} needs 1 to {MAX_CHOICES} choices, not {len(given)}")
        checked[name] = [_choice(name, value) for value in given]
    return Steering(checked, first)


def _check_name(name: object) -> None:
    """Refuse a name that read() cannot take as a keyword, with the reason."""
    if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
        raise TypeError(f"a knob's name must be a Python name, as read() takes it: not {name!r}")
    if unicodedata.normalize("NFKC", name) != name:
        raise TypeError(f"a knob's name must be written as Python reads it: {unicodedata.normalize('NFKC', name)!r}, not {name!r}")
    if len(name) > MAX_NAME:
        raise ValueError(f"a knob's name must be at most {MAX_NAME} characters, not {len(name)}: {name[:MAX_NAME]}…")


def _choice(name: str, value: object) -> float:
    """One of a knob's choices as a finite float, or the reason it is not one."""
    if not isinstance(value, Real) or isinstance(value, bool):
        raise TypeError(f"knob {name!r}'s choices must be numbers, not {type(value).__name__} {value!r}")
    try:
        number = float(value)
    except OverflowError:
        raise ValueError(f"knob {name!r}'s choices must be finite floats, not a number so large") from None
    if not math.isfinite(number):
        raise ValueError(f"knob {name!r}'s choices must be finite, not {value!r}")
    return number


def _text(value: float) -> str:
    """A choice as the slider and the marks write it: 6 significant digits, no -0."""
    return f"{value + 0.0:g}"


def _given(slot: int) -> float | None:
    """What the page holds for the knob at slot: a float, or None for the cell's own."""
    value = read_slot(slot) if read_slot else math.nan
    return None if math.isnan(value) else float(value)
