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
        # --- stub ---
        # raise NotImplementedError("Keep data as a float, grad as 0.0, the parents in _prev as a tuple, and _op as given.")
        # --- end ---
        self._backward = lambda: None
        self.label = ""

    def __repr__(self) -> str:
        # --- gap L01.repr ---
        return f"Value({self.data}, grad={self.grad})"
        # --- stub ---
        # raise NotImplementedError("Return text such as Value(2.0, grad=0.0), built from data and grad.")
        # --- end ---

    def __add__(self, other: "Value | float") -> "Value":
        # --- gap L01.add ---
        other = _as_value(other)
        out = Value(self.data + other.data, (self, other), "+")
        # --- stub ---
        # raise NotImplementedError("Wrap other with _as_value, then make out: a Value holding the sum, with parents (self, other) and op '+'.")
        # --- end ---
        # --- gap L02.add_back ---
        def _backward():
            self.grad = out.grad
            other.grad = out.grad
        # --- stub ---
        # def _backward():
        #     raise NotImplementedError("Set self.grad and other.grad from out.grad.")
        # --- end ---
        # --- given L02 ---
        out._backward = _backward
        # --- end ---
        return out

    def __mul__(self, other: "Value | float") -> "Value":
        # --- gap L01.mul ---
        other = _as_value(other)
        out = Value(self.data * other.data, (self, other), "*")
        # --- stub ---
        # raise NotImplementedError("Wrap other with _as_value, then make out: a Value holding the product, with parents (self, other) and op '*'.")
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


# --- given L02 ---
def zero_grad(values: list[Value]) -> None:
    """Set the grad of every Value in values to 0.0."""
# --- end ---
    # --- gap L02.zero_grad ---
    for value in values:
        value.grad = 0.0
    # --- stub ---
    # raise NotImplementedError("Make each grad 0.0, one Value at a time.")
    # --- end ---


# --- given L02 ---
def total(values: list[Value]) -> Value:
    """The sum of values, a Value made by + from Value(0.0) on."""
# --- end ---
    # --- gap L02.total ---
    out = Value(0.0)
    for value in values:
        out = out + value
    return out
    # --- stub ---
    # raise NotImplementedError("Add up the values, starting from out = Value(0.0), and return out.")
    # --- end ---
