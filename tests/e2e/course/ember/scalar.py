"""Value for the test course: a number that keeps the Values it was made from.

Lesson 01 of the test course writes its record and + and *; lesson 02 passes grads back by hand.
The gaps have the shapes of the real course's (ember/scalar.py), so that the e2e tests type what a
learner types there.
"""

from numbers import Real


def _check_number(data: object) -> None:
    """Raise TypeError unless data is a real number (a bool is not one here)."""
    if isinstance(data, bool) or not isinstance(data, Real):
        raise TypeError(f"a Value holds a real number, not {type(data).__name__}")


def _as_value(x: "Value | float") -> "Value":
    """Return x when it is a Value, else a new leaf Value holding x."""
    return x if isinstance(x, Value) else Value(x)


class Value:
    """A number with a record of where it came from: data, grad, _prev (the parents) and _op."""

    def __init__(self, data: float, _children: tuple["Value", ...] = (), _op: str = "") -> None:
        _check_number(data)
        # --- gap L01.init ---
        self.data = float(data)
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        # --- end ---
        self._backward = lambda: None
        self.label = ""

    def __repr__(self) -> str:
        # --- gap L01.repr ---
        return f"Value({self.data}, grad={self.grad})"
        # --- end ---

    def __add__(self, other: "Value | float") -> "Value":
        # --- gap L01.add ---
        other = _as_value(other)
        out = Value(self.data + other.data, (self, other), "+")
        # --- end ---
        # --- gap L02.add_back ---
        def _backward():
            self.grad = out.grad
            other.grad = out.grad
        # --- end ---
        out._backward = _backward
        return out

    def __mul__(self, other: "Value | float") -> "Value":
        # --- gap L01.mul ---
        other = _as_value(other)
        out = Value(self.data * other.data, (self, other), "*")
        # --- end ---
        return out

    def __sub__(self, other: "Value | float") -> "Value":
        other = _as_value(other)
        return Value(self.data - other.data, (self, other), "-")

    def __pow__(self, exponent: float) -> "Value":
        return Value(self.data**exponent, (self,), f"**{exponent:g}")

    def __radd__(self, other: float) -> "Value":
        return self + other

    def __rmul__(self, other: float) -> "Value":
        return self * other


def zero_grad(values: list[Value]) -> None:
    """Set the grad of every Value in values to 0.0."""
    # --- gap L02.zero_grad ---
    for value in values:
        value.grad = 0.0
    # --- end ---


def total(values: list[Value]) -> Value:
    """The sum of values, a Value made by + from Value(0.0) on."""
    # --- gap L02.total ---
    out = Value(0.0)
    for value in values:
        out = out + value
    return out
    # --- end ---
