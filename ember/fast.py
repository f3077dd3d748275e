"""A lean Value: the numbers and grads of ember.scalar's, in less time and memory.

Part IV of the course builds this module. Lesson 15 measures where a training step's time goes
and rebuilds the Value around what it found: ``__slots__`` instead of a dict of attributes for
each Value, each operation's local slopes recorded as numbers when it runs forward (``_local``)
instead of a closure that works them out later, and a backward pass that is one loop over the
topological order. Lesson 16 makes a neuron's weighted sum one node (``dot``). The Values of the
two modules do not mix: a graph is all of one or all of the other.

Recording the local slopes at forward time is how tape-based reverse mode keeps its partial
derivatives (A. Griewank and A. Walther, Evaluating Derivatives, 2nd ed., SIAM 2008, section
3.2: the elemental partials are evaluated during the forward sweep).
"""

import math
from collections.abc import Sequence
from numbers import Integral, Real

from ember import nn
from ember.scalar import _check_divisor, _check_number, topological_order


_pending: list[tuple] = []
"""The parents of lean Values being freed, not let go of yet (Value.__del__)."""
_draining = [False]
"""Whether a Value.__del__ is letting go of _pending now."""


def _as_value(x: "Value | float") -> "Value":
    """x when it is a lean Value, else a new leaf holding x.

    Raises:
        TypeError: If x is neither a lean Value nor a real number (an ember.scalar Value
            included: the two kinds do not mix).
    """
    return x if isinstance(x, Value) else Value(x)


class Value:
    """A number with a record of where it came from, and of how it moves with each parent.

    Attributes:
        data: The number itself, a float.
        grad: The slope of the final result (such as a loss) with respect to data, a float.
        _prev: The parents, a tuple of Values, as in ember.scalar.
        _local: The local slope of this Value with respect to each parent, a tuple of floats
            in the order of ``_prev``, recorded when the operation ran: ``(1.0, 1.0)`` for
            ``a + b``, ``(b.data, a.data)`` for ``a * b``; ``()`` for a leaf.
        _op: The symbol of the operation that made it; ``""`` for a leaf.
        label: A name for drawings and messages; ``""`` by default.
    """

    # --- gap L15.slots ---
    __slots__ = ("data", "grad", "_prev", "_local", "_op", "label")
    # --- end ---

    def __init__(self, data: float, _children: tuple["Value", ...] = (), _local: tuple[float, ...] = (),
                 _op: str = "") -> None:
        """Make a Value.

        Args:
            data: A real number, stored as a float.
            _children: The parents; ``()`` for a leaf.
            _local: The local slope with respect to each parent, as many as the parents.
            _op: The symbol of the operation; ``""`` for a leaf.

        Raises:
            TypeError: If data is not a real number, such as ``Value("abc")``.
            OverflowError: If data is an int too large for a float.
        """
        if type(data) is not float:
            _check_number(data, Value)
            data = float(data)
        self.data = data
        self.grad = 0.0
        self._prev = _children
        self._local = _local
        self._op = _op
        self.label = ""

    def __repr__(self) -> str:
        """Show the data and the grad, for example ``Value(2.0, grad=0.0)``."""
        return f"Value({self.data}, grad={self.grad})"

    def __del__(self) -> None:
        """Let go of the parents one Value at a time, not each inside the last. Freed at once, a
        chain thousands deep would nest as deep, past what the browser's stack holds; here the
        first Value freed lets go of every parent in a loop, and each parent freed meanwhile
        only adds its own to the loop's list."""
        try:
            _pending.append(self._prev)
        except AttributeError:  # __init__ raised before it set _prev
            return
        self._prev = ()
        if _draining[0]:
            return
        _draining[0] = True
        try:
            while _pending:
                _pending.pop()  # dropping a tuple may free its parents: their __del__ adds theirs
        finally:
            _draining[0] = False

    def __add__(self, other: "Value | float") -> "Value":
        """Return self + other, with op ``"+"``: the local slope is 1.0 for each parent.

        Raises:
            TypeError: If other is neither a lean Value nor a real number.
        """
        other = _as_value(other)
        # --- gap L15.add ---
        return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")
        # --- end ---

    def __mul__(self, other: "Value | float") -> "Value":
        """Return self * other, with op ``"*"``: each parent's local slope is the other's data.

        Raises:
            TypeError: If other is neither a lean Value nor a real number.
        """
        other = _as_value(other)
        # --- gap L15.mul ---
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")
        # --- end ---

    def __pow__(self, exponent: float) -> "Value":
        """Return self ** exponent for a plain number exponent, with op such as ``"**2"``: the
        local slope is exponent * data ** (exponent - 1), and 0.0 for exponent 0.

        Raises:
            TypeError: If exponent is not a plain int or float.
            ZeroDivisionError: If self.data is 0 and exponent is negative, or between 0 and 1,
                where the slope is infinite: ember.scalar's raises that in backward(), but the
                slope is worked out here, as the power is made.
            ValueError: If the result would be a complex number.
            OverflowError: If the result is too large for a float.
        """
        if isinstance(exponent, Value) or not isinstance(exponent, Real) or isinstance(exponent, bool):
            raise TypeError(f"Value ** needs a plain int or float exponent, not {type(exponent).__name__}")
        exponent = int(exponent) if isinstance(exponent, Integral) else float(exponent)
        if self.data == 0 and exponent < 0:
            raise ZeroDivisionError(f"0.0 ** {exponent}: zero cannot be raised to a negative power")
        if self.data == 0 and 0 < exponent < 1:
            raise ZeroDivisionError(f"0.0 ** {exponent}: its slope at 0 is infinite, and a lean Value "
                                    "works out its slope as the power is made")
        try:
            result = self.data**exponent
        except OverflowError:
            raise OverflowError(f"{self.data} ** {exponent} is too large for a float") from None
        if isinstance(result, complex):
            raise ValueError(f"{self.data} ** {exponent} is not a real number")
        # --- gap L15.pow ---
        local = exponent * self.data ** (exponent - 1) if exponent != 0 else 0.0
        return Value(result, (self,), (local,), f"**{exponent}")
        # --- end ---

    def exp(self) -> "Value":
        """Return e ** self, with op ``"exp"``: the local slope is the result itself.

        Raises:
            OverflowError: If the result is too large for a float (data above about 709.78).
        """
        try:
            result = math.exp(self.data)
        except OverflowError:
            raise OverflowError(f"exp({self.data}) is too large for a float") from None
        return Value(result, (self,), (result,), "exp")

    def tanh(self) -> "Value":
        """Return tanh(self), with op ``"tanh"``: the local slope is 1 - tanh². tanh(1000) is
        1.0, with slope 0.0, and no OverflowError."""
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t * t,), "tanh")

    def relu(self) -> "Value":
        """Return relu(self), with op ``"relu"``: the local slope is 1.0 where data is above 0,
        else 0.0."""
        # --- gap L15.relu ---
        return Value(max(0.0, self.data), (self,), (1.0 if self.data > 0 else 0.0,), "relu")
        # --- end ---

    # Built from + and * (and **), as lesson 09 and lesson 11 rebuilt them: they record no slopes
    # of their own. Written again here, not taken from ember.scalar, where a Value(-1.0) of the
    # learner's would be one of ember.scalar's, which does not mix with these.

    def __neg__(self) -> "Value":
        """Return -self, as self * -1."""
        return self * -1

    def __sub__(self, other: "Value | float") -> "Value":
        """Return self - other, as self + (-other)."""
        return self + (-other)

    def __rsub__(self, other: float) -> "Value":
        """Return other - self, for a plain number on the left."""
        return other + (-self)

    def __radd__(self, other: float) -> "Value":
        """Return other + self, for a plain number on the left."""
        return self + other

    def __rmul__(self, other: float) -> "Value":
        """Return other * self, for a plain number on the left."""
        return self * other

    def __truediv__(self, other: "Value | float") -> "Value":
        """Return self / other, as self * other ** -1.

        Raises:
            ZeroDivisionError: If other is 0.
        """
        other = _as_value(other)
        _check_divisor(self.data, other.data)
        return self * other**-1

    def __rtruediv__(self, other: float) -> "Value":
        """Return other / self, for a plain number on the left.

        Raises:
            ZeroDivisionError: If self.data is 0.
        """
        other = _as_value(other)
        _check_divisor(other.data, self.data)
        return other * self**-1

    def backward(self) -> None:
        """Set the grad of every Value that self was computed from: the backward pass as one loop.

        Walks the topological order from self back to the leaves; each Value passes its grad to
        each parent, times the local slope it recorded: ``parent.grad += local * value.grad``.
        As in ember.scalar, self's grad is seeded with 1.0, every Value with parents starts again
        from 0.0, and leaves keep what they had and add to it.
        """
        # --- gap L15.backward ---
        order = topological_order(self)
        for value in order:
            if value._prev:
                value.grad = 0.0
        self.grad = 1.0
        for value in reversed(order):
            for parent, local in zip(value._prev, value._local):
                parent.grad += local * value.grad
        # --- end ---


def dot(ws: Sequence[Value], xs: Sequence["Value | float"], b: Value) -> Value:
    """b + w₁·x₁ + … + wₙ·xₙ as one Value with op ``"dot"``: a neuron's weighted sum in one node.

    Its parents are the weights, then the inputs (each plain number made a leaf), then the bias,
    2n + 1 in all; the local slope of each weight is its input's data, of each input its
    weight's data, and of the bias 1.0. One node instead of n products and n sums: the backward
    pass makes the same 2n + 1 steps, without 2n Values in between.

    Args:
        ws: The weights, n lean Values.
        xs: The inputs, n lean Values or plain numbers.
        b: The bias, a lean Value.

    Raises:
        ValueError: If ws and xs differ in length.
        TypeError: If an input is neither a lean Value nor a real number.
    """
    if len(ws) != len(xs):
        raise ValueError(f"dot needs one input per weight: {len(ws)} weights, {len(xs)} inputs")
    # --- gap L16.dot ---
    xs = [_as_value(x) for x in xs]
    data = b.data + sum(w.data * x.data for w, x in zip(ws, xs))
    slopes = [x.data for x in xs] + [w.data for w in ws] + [1.0]
    return Value(data, (*ws, *xs, b), tuple(slopes), "dot")
    # --- end ---


class Neuron(nn.Neuron):
    """A Neuron whose knobs are lean Values: ``MLP(2, [16, 16, 1], neuron=Neuron)`` is lesson
    14's network on the lean engine, with the same weights for the same seed. From lesson 16 its
    weighted sum is one node (dot)."""

    knob = Value

    def __call__(self, x: Sequence["Value | float"]) -> Value:
        """relu(dot(w, x, b)), or dot(w, x, b) when the neuron is not nonlinear.

        Raises:
            ValueError: If x has the wrong number of inputs.
        """
        if len(x) != len(self.w):
            raise ValueError(f"this Neuron reads {len(self.w)} inputs, not {len(x)}")
        # --- gap L16.neuron ---
        total = dot(self.w, x, self.b)
        return total.relu() if self.nonlinear else total
        # --- end ---
