"""Value: a single number that remembers the Values it was made from.

Part II of the course builds this module. Lesson 07 gives every Value its record
(``data``, ``grad``, ``_prev``, ``_op``) and the forward half of each operation;
later lessons add the backward pass.
"""

from numbers import Integral, Real


def _as_value(x: "Value | float") -> "Value":
    """Return x when it is a Value, else a new leaf Value holding x.

    Args:
        x: A Value, or a plain number such as 3 or 0.25.

    Returns:
        A Value. A plain number becomes a leaf: no parents and an empty op.

    Raises:
        TypeError: If x is neither a Value nor a real number (for example a str).
    """
    return x if isinstance(x, Value) else Value(x)


class Value:
    """A number with a record of where it came from.

    Attributes:
        data: The number itself, a float.
        grad: How much a final result (such as a loss) changes per unit change of
            ``data``. It is 0.0 until a backward pass (lesson 08) sets it.
        _prev: The parents: the Values this one was computed from, as a tuple, in
            the order the operation received them. ``()`` for a leaf. A Value used
            twice, as in ``a + a``, appears twice.
        _op: The symbol of the operation that made this Value, such as ``"+"`` or
            ``"**2"``; ``""`` for a leaf.
        label: A name for drawings and messages, such as ``"w"``; ``""`` by default.
    """

    def __init__(self, data: float, _children: tuple["Value", ...] = (), _op: str = "") -> None:
        """Make a Value.

        Args:
            data: A real number (int or float). It is stored as a float.
            _children: The parents this Value was computed from; ``()`` for a leaf.
            _op: The symbol of the operation that made it; ``""`` for a leaf.

        Raises:
            TypeError: If data is not a real number, for example ``Value("abc")``
                or ``Value(Value(1.0))``.
            OverflowError: If data is an int too large for a float, such as ``10**400``.
        """
        _check_number(data)
        # --- gap L07.init ---
        self.data = float(data)
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        # --- stub ---
        # raise NotImplementedError("Keep data as a float, grad as 0.0, the parents in _prev as a tuple, and _op as given.")
        # --- end ---
        self.label = ""

    def __repr__(self) -> str:
        """Show the data and the grad, for example ``Value(2.0, grad=0.0)``."""
        # --- gap L07.repr ---
        return f"Value({self.data}, grad={self.grad})"
        # --- stub ---
        # raise NotImplementedError("Return text such as Value(2.0, grad=0.0), built from data and grad.")
        # --- end ---

    def __add__(self, other: "Value | float") -> "Value":
        """Return self + other as a new Value with parents (self, other) and op ``"+"``.

        Args:
            other: A Value or a plain number; a number is wrapped with ``_as_value``.

        Raises:
            TypeError: If other is neither a Value nor a real number.
        """
        # --- gap L07.add ---
        other = _as_value(other)
        out = Value(self.data + other.data, (self, other), "+")
        # --- stub ---
        # raise NotImplementedError("Wrap other with _as_value, then make out: a Value holding the sum, with parents (self, other) and op '+'.")
        # --- end ---
        return out

    def __mul__(self, other: "Value | float") -> "Value":
        """Return self * other as a new Value with parents (self, other) and op ``"*"``.

        Args:
            other: A Value or a plain number; a number is wrapped with ``_as_value``.

        Raises:
            TypeError: If other is neither a Value nor a real number.
        """
        # --- gap L07.mul ---
        other = _as_value(other)
        out = Value(self.data * other.data, (self, other), "*")
        # --- stub ---
        # raise NotImplementedError("Wrap other with _as_value, then make out: a Value holding the product, with parents (self, other) and op '*'.")
        # --- end ---
        return out

    # The operations below are given in lesson 07, forward only. Lessons 09 and 11
    # rebuild them from +, * and ** so that they get a backward pass.

    def __neg__(self) -> "Value":
        """Return -self as a new Value with parent (self,) and op ``"neg"``."""
        return Value(-self.data, (self,), "neg")

    def __sub__(self, other: "Value | float") -> "Value":
        """Return self - other as a new Value with parents (self, other) and op ``"-"``."""
        other = _as_value(other)
        return Value(self.data - other.data, (self, other), "-")

    def __rsub__(self, other: float) -> "Value":
        """Return other - self, for a plain number on the left, as in ``2 - a``."""
        other = _as_value(other)
        return Value(other.data - self.data, (other, self), "-")

    def __radd__(self, other: float) -> "Value":
        """Return other + self, for a plain number on the left, as in ``2 + a``."""
        other = _as_value(other)
        return Value(other.data + self.data, (other, self), "+")

    def __rmul__(self, other: float) -> "Value":
        """Return other * self, for a plain number on the left, as in ``2 * a``."""
        other = _as_value(other)
        return Value(other.data * self.data, (other, self), "*")

    def __truediv__(self, other: "Value | float") -> "Value":
        """Return self / other as a new Value with parents (self, other) and op ``"/"``.

        Raises:
            ZeroDivisionError: If other is 0.
        """
        other = _as_value(other)
        return Value(_divide(self.data, other.data), (self, other), "/")

    def __rtruediv__(self, other: float) -> "Value":
        """Return other / self, for a plain number on the left, as in ``2 / a``.

        Raises:
            ZeroDivisionError: If self.data is 0.
        """
        other = _as_value(other)
        return Value(_divide(other.data, self.data), (other, self), "/")

    def __pow__(self, exponent: float) -> "Value":
        """Return self ** exponent as a new Value with parent (self,).

        The op records the exponent, so ``a ** 2`` has op ``"**2"``.

        Args:
            exponent: A plain real number (int or float), never a Value.

        Raises:
            TypeError: If exponent is not a real number, for example a Value.
            ZeroDivisionError: If self.data is 0 and exponent is negative.
            ValueError: If self.data is negative and exponent is not whole, so the
                result would be a complex number.
            OverflowError: If the result is too large for a float.
        """
        if isinstance(exponent, Value) or not isinstance(exponent, Real) or isinstance(exponent, bool):
            raise TypeError(
                f"Value ** needs a plain int or float exponent, not {type(exponent).__name__}"
            )
        exponent = int(exponent) if isinstance(exponent, Integral) else float(exponent)
        if self.data == 0 and exponent < 0:
            raise ZeroDivisionError(f"0.0 ** {exponent}: zero cannot be raised to a negative power")
        try:
            result = self.data**exponent
        except OverflowError:
            raise OverflowError(f"{self.data} ** {exponent} is too large for a float") from None
        if isinstance(result, complex):
            raise ValueError(f"{self.data} ** {exponent} is not a real number")
        return Value(result, (self,), f"**{exponent}")


def _check_number(data: object) -> None:
    """Raise a clear error unless data can be a Value's data.

    Raises:
        TypeError: If data is not a real number (a bool, a str or a Value included).
        OverflowError: If data is an int too large for a float.
    """
    if not isinstance(data, Real) or isinstance(data, bool):
        raise TypeError(
            f"Value needs a number (an int or a float), not {type(data).__name__} {data!r}"
        )
    try:
        float(data)
    except OverflowError:
        raise OverflowError("Value needs a number that fits in a float; this int is too "
                            "large") from None


def _divide(numerator: float, denominator: float) -> float:
    """numerator / denominator, with an error that names both numbers on division by zero."""
    if denominator == 0:
        raise ZeroDivisionError(f"{numerator} / {denominator}: a Value cannot be divided by zero")
    return numerator / denominator
