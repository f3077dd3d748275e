"""Value: a single number that remembers the Values it was made from.

Part II of the course builds this module. Lesson 07 gives every Value its record
(``data``, ``grad``, ``_prev``, ``_op``) and the forward half of each operation. Lesson 08 gives
+ and * a ``_backward``, the chain rule for one operation; lesson 09 makes gradients add up, and
rebuilds -, negation and the reflected operations from + and *; lesson 10 puts the whole graph in
topological order and runs the backward pass with one call; lesson 11 adds powers, quotients,
exp, tanh and relu. The method is reverse-mode automatic differentiation (A. Griewank and
A. Walther, Evaluating Derivatives, 2nd ed., SIAM 2008, chapter 3), in the shape of A. Karpathy's
micrograd.
"""

import math
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
        # --- end ---
        self._backward = lambda: None  # a leaf passes nothing back
        self.label = ""

    def __repr__(self) -> str:
        """Show the data and the grad, for example ``Value(2.0, grad=0.0)``."""
        # --- gap L07.repr ---
        return f"Value({self.data}, grad={self.grad})"
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
        # --- end ---
        # --- gap L09.add_back ---
        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        # --- end ---
        out._backward = _backward
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
        # --- end ---
        # --- gap L09.mul_back ---
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        # --- end ---
        out._backward = _backward
        return out

    # Lesson 07 gives these forward only, each with an op of its own and no backward; lesson 09
    # rebuilds each from + and *, so that the backward passes of + and * serve them too.

    def __neg__(self) -> "Value":
        """Return -self: op ``"neg"`` in lesson 07, then self * -1 from lesson 09."""
        # --- gap L09.neg ---
        return self * -1
        # --- end ---

    def __sub__(self, other: "Value | float") -> "Value":
        """Return self - other: op ``"-"`` in lesson 07, then self + (-other) from lesson 09."""
        # --- gap L09.sub ---
        return self + (-other)
        # --- end ---

    def __rsub__(self, other: float) -> "Value":
        """Return other - self, for a plain number on the left, as in ``2 - a``."""
        # --- gap L09.rsub ---
        return other + (-self)
        # --- end ---

    def __radd__(self, other: float) -> "Value":
        """Return other + self, for a plain number on the left, as in ``2 + a``."""
        # --- gap L09.radd ---
        return self + other
        # --- end ---

    def __rmul__(self, other: float) -> "Value":
        """Return other * self, for a plain number on the left, as in ``2 * a``."""
        # --- gap L09.rmul ---
        return self * other
        # --- end ---

    def __truediv__(self, other: "Value | float") -> "Value":
        """Return self / other: forward only with op ``"/"`` until lesson 11 rebuilds it as
        self * other ** -1.

        Raises:
            ZeroDivisionError: If other is 0.
        """
        other = _as_value(other)
        _check_divisor(self.data, other.data)
        # --- gap L11.div ---
        return self * other**-1
        # --- end ---

    def __rtruediv__(self, other: float) -> "Value":
        """Return other / self, for a plain number on the left, as in ``2 / a``.

        Raises:
            ZeroDivisionError: If self.data is 0.
        """
        other = _as_value(other)
        _check_divisor(other.data, self.data)
        # --- gap L11.rdiv ---
        return other * self**-1
        # --- end ---

    def __pow__(self, exponent: float) -> "Value":
        """Return self ** exponent as a new Value with parent (self,).

        The op records the exponent, so ``a ** 2`` has op ``"**2"``. From lesson 11 its backward
        adds exponent * data ** (exponent - 1) times the grad; for exponent 0 the power is a
        constant, so its local gradient is 0, even at data 0.

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
        out = Value(result, (self,), f"**{exponent}")
        # --- gap L11.pow ---
        def _backward():
            local = exponent * self.data ** (exponent - 1) if exponent != 0 else 0.0
            self.grad += local * out.grad
        out._backward = _backward
        # --- end ---
        return out

    def exp(self) -> "Value":
        """Return e ** self as a new Value with parent (self,) and op ``"exp"``.

        Its local gradient is its own data: the slope of e ** x is e ** x.

        Raises:
            OverflowError: If the result is too large for a float (data above about 709.78).
        """
        try:
            result = math.exp(self.data)
        except OverflowError:
            raise OverflowError(f"exp({self.data}) is too large for a float") from None
        # --- gap L11.exp ---
        out = Value(result, (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out
        # --- end ---

    def tanh(self) -> "Value":
        """Return tanh(self) as a new Value with parent (self,) and op ``"tanh"``.

        tanh squashes any number into -1 to 1; its local gradient is 1 - tanh². It never
        overflows: tanh(1000) is 1.0, with local gradient 0.0.
        """
        t = math.tanh(self.data)
        # --- gap L11.tanh ---
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad
        out._backward = _backward
        return out
        # --- end ---

    def relu(self) -> "Value":
        """Return relu(self), self when it is positive and else 0.0, with op ``"relu"``.

        Its local gradient is 1 where data is positive and 0 elsewhere, 0 included.
        """
        # --- gap L11.relu ---
        out = Value(max(0.0, self.data), (self,), "relu")

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out
        # --- end ---

    def backward(self) -> None:
        """The backward pass: fill in the grad of every Value that self was computed from.

        Visits the graph in reverse topological order, so that each Value has its whole grad
        before it passes it on to its parents. self's grad is seeded with 1.0, and every Value
        computed on the way (every one with parents) starts again from 0.0; leaves keep what
        they had and add to it. So a second call on the same graph adds a second set of
        gradients to the leaves, as PyTorch does: x * x * x at x = 3 gives x.grad 27.0, then
        54.0. Set the leaves' grads to 0.0 between calls to start over.

        Works on graphs of any depth: no recursion.
        """
        # --- gap L10.backward ---
        order = topological_order(self)
        for value in order:
            if value._prev:
                value.grad = 0.0
        self.grad = 1.0
        for value in reversed(order):
            value._backward()
        # --- end ---


def topological_order(root: Value) -> list[Value]:
    """Every Value that root was computed from, root included, each after all of its parents.

    A depth-first search that keeps its own stack instead of recursing, so it works on a chain
    100,000 Values deep (a recursive one stops near Python's recursion limit, 1,000). Each Value
    appears once, however many times it was used. Source: R. E. Tarjan, "Edge-disjoint spanning
    trees and depth-first search", Acta Informatica 6, 1976 (topological order by DFS).

    Args:
        root: The Value to start from, such as a loss.

    Returns:
        A list of Values, leaves and parents before the Values made from them, root last.
    """
    # --- gap L10.topo ---
    order, seen = [], set()
    stack = [(root, False)]
    while stack:
        value, parents_done = stack.pop()
        if parents_done:
            order.append(value)
        elif value not in seen:
            seen.add(value)
            stack.append((value, True))
            stack.extend((parent, False) for parent in value._prev if parent not in seen)
    return order
    # --- end ---


def _check_number(data: object, kind: type | None = None) -> None:
    """Raise a clear error unless data can be the data of a Value of kind (this module's Value
    when None).

    Raises:
        TypeError: If data is not a real number (a bool, a str or a Value included; a Value of
            another engine, such as ember.fast's, is said to be one).
        OverflowError: If data is an int too large for a float.
    """
    if type(data) is float:  # most Values: checked first, as the check of Real is slow
        return
    if hasattr(data, "_prev") and hasattr(data, "grad") and not isinstance(data, kind or Value):
        raise TypeError(f"{data!r:.40} is a Value of {type(data).__module__}, and Values of two engines "
                        "do not mix: build the whole graph with one kind of Value")
    if not isinstance(data, Real) or isinstance(data, bool):
        raise TypeError(
            f"Value needs a number (an int or a float), not {type(data).__name__} {data!r}"
        )
    try:
        float(data)
    except OverflowError:
        raise OverflowError("Value needs a number that fits in a float; this int is too "
                            "large") from None


def _check_divisor(numerator: float, denominator: float) -> None:
    """Raise ZeroDivisionError, naming both numbers, when denominator is 0."""
    if denominator == 0:
        raise ZeroDivisionError(f"{numerator} / {denominator}: a Value cannot be divided by zero")
