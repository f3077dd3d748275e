"""Knobs the learner moves on the page while a cell runs: hx.steer's sliders.

``hx.steer({"lr": [0.1, 0.3, 1.0], "alpha": [0.0, 1e-4, 1e-2]})`` hands the page this JSON,
which js/steer.js shows as one slider a knob, under the cell's Run button or the figure named by
``target``::

    {"knobs": [{"name": "lr", "choices": [0.1, 0.3, 1.0]}, ...]}

Each slider starts at "the cell's own" and has one stop a choice. The page writes the chosen
value into a SharedArrayBuffer that the worker reads, a float a knob in the order given (NaN
while the slider is at "the cell's own"), so a running cell sees a move at its next ``read``. The
runner sets ``read_slot`` to read that buffer (js/runtime/worker.js); where nothing sets it (the
build, CPython, a page that is not cross-origin isolated), every knob keeps the cell's own value.
"""

import math
from collections.abc import Callable, Sequence
from numbers import Real

from hx import marks

MAX_KNOBS = 4
"""The most knobs one steer() gives, and the most floats the page's buffer holds."""

MAX_CHOICES = 12
"""The most stops a knob's slider has, besides "the cell's own"."""

read_slot: Callable[[int], float] | None = None
"""Set by the worker: the value the page holds for the knob at a slot, NaN for none."""


class Steering:
    """The knobs of one hx.steer(), read at each step, and the steps where their values changed.

    Args:
        choices: Each knob's name to its choices, as steer() takes them (checked there).
    """

    def __init__(self, choices: dict[str, list[float]]) -> None:
        self.choices = choices
        self._given: dict[str, float | None] = dict.fromkeys(choices)  # what the page gave last
        self._marks: list[tuple[float, str]] = []

    def read(self, step: float, **own: float) -> dict[str, float]:
        """Each knob's value for this step: the learner's choice on the page, once they have
        made one, else the cell's own value given here.

        A change of the learner's choice since the last read is marked at step, for marks().

        Args:
            step: Where the values take effect, on the x axis of the plot that marks() joins.
            own: Every knob's own value for this step, by name (a schedule, say).

        Returns:
            {name: value} for every knob, in steer()'s order.

        Raises:
            TypeError: If a knob's own value is missing, not a number, or a name is not a knob.
        """
        if set(own) != set(self.choices):
            raise TypeError(f"read() needs one value for each knob ({', '.join(self.choices)}), "
                            f"not for {', '.join(own) or 'none'}")
        values = {}
        for slot, name in enumerate(self.choices):
            value = own[name]
            if not isinstance(value, Real) or isinstance(value, bool):
                raise TypeError(f"the cell's own {name} must be a number, not {type(value).__name__} {value!r}")
            given = _given(slot)
            if given != self._given[name]:
                self._marks.append((step, f"{name} {given:g}" if given is not None else f"{name}: the cell's own"))
                self._given[name] = given
            values[name] = value if given is None else given
        return values

    def marks(self) -> dict:
        """The steps where the learner's choices took effect, as hx.marks(...), for a plot."""
        return marks([step for step, _ in self._marks], [text for _, text in self._marks])


def steer(choices: dict[str, Sequence[float]]) -> Steering:
    """The knobs to read, checked.

    Args:
        choices: Each knob's name to its choices: 1 to MAX_CHOICES finite numbers, in the order
            the slider gives them. 1 to MAX_KNOBS knobs.

    Raises:
        TypeError: If choices are not a dict of names to lists of numbers.
        ValueError: If there are no knobs or too many, or a knob has no choices, too many, or
            one that is not finite.
    """
    if not isinstance(choices, dict):
        raise TypeError(f"hx.steer needs a dict of knobs, such as {{'lr': [0.1, 1.0]}}, not {type(choices).__name__}")
    if not 1 <= len(choices) <= MAX_KNOBS:
        raise ValueError(f"hx.steer takes 1 to {MAX_KNOBS} knobs, such as {{'lr': [0.1, 1.0]}}, not {len(choices)}")
    checked = {}
    for name, given in choices.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError(f"a knob's name must be a Python name, as read() takes it: not {name!r}")
        if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
            raise TypeError(f"knob {name!r} needs a list of choices, such as [0.1, 1.0], not {given!r}")
        if not 1 <= len(given) <= MAX_CHOICES:
            raise ValueError(f"knob {name!r} needs 1 to {MAX_CHOICES} choices, not {len(given)}")
        for value in given:
            if not isinstance(value, Real) or isinstance(value, bool):
                raise TypeError(f"knob {name!r}'s choices must be numbers, not {type(value).__name__} {value!r}")
            if not math.isfinite(value):
                raise ValueError(f"knob {name!r}'s choices must be finite, not {value!r}")
        checked[name] = [float(value) for value in given]
    return Steering(checked)


def _given(slot: int) -> float | None:
    """What the page holds for the knob at slot: a float, or None for the cell's own."""
    value = read_slot(slot) if read_slot else math.nan
    return None if math.isnan(value) else float(value)
