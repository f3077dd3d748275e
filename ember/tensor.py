"""Many numbers in one node: a Tensor holds a whole vector or matrix of floats, and its grads.

Part IV of the course builds this module (lessons 17 and 18). A scalar engine makes one node and
one Python step for every number; a Tensor makes one node per operation on a whole array, and
does each operation's arithmetic in one pass of Python's C-level builtins (``sum``, ``map``,
``zip``, list comprehensions) over flat lists. That is what numpy then does in C.

A Tensor's numbers are a flat list in row-major order (C order) with a shape: ``()`` for one
number, ``(n,)`` for a vector, ``(rows, columns)`` for a matrix. As in lesson 15's lean Value,
``backward()`` is one loop over the topological order; each node's ``_back`` turns its grad into
its parents' shares, whole lists at a time, and the loop adds each share to the parent's grad.

Broadcasting follows numpy's rules for the shapes here (numpy.org/doc/stable/user/basics.
broadcasting.html): a number, or a Tensor of shape (), goes with any shape, and a vector of shape
(columns,) goes with every row of a matrix. Its backward pass sums a grad back over the rows it
was spread across.
"""

import math
from collections.abc import Callable, Sequence
from numbers import Real
from operator import add, mul, sub

from ember.scalar import topological_order

_dot = getattr(math, "sumprod", lambda a, b: sum(map(mul, a, b)))
"""The dot product of two lists of floats: math.sumprod, one call in C, where Python has it
(3.12 on, Pyodide's 3.14); a sum of the products where it does not (CPython 3.11)."""
Shape = tuple[int, ...]
Back = Callable[[list[float]], tuple[list[float], ...]]
"""A node's backward step: from its grad, each parent's share of it, as long as that parent's
data."""


class Tensor:
    """A vector or matrix of floats that remembers the operation that made it.

    Attributes:
        data: The numbers, a flat list of floats in row-major order.
        shape: ``()``, ``(n,)`` or ``(rows, columns)``; the product of its sizes is len(data).
        grad: The slope of the final result with respect to each number, as data is laid out.
        _prev: The parents, a tuple of Tensors; ``()`` for a leaf.
        _back: The backward step (Back); None for a leaf.
        _op: The name of the operation that made it; ``""`` for a leaf.
    """

    __slots__ = ("data", "shape", "grad", "_prev", "_back", "_op")

    def __init__(self, data: "Sequence | float", shape: Shape | None = None) -> None:
        """Make a leaf Tensor of numbers (an operation makes its result with _node).

        Args:
            data: A number, a list of numbers, or a list of rows of numbers; or a flat list of
                numbers with its shape.
            shape: The shape of a flat data; None to read it from data's nesting.

        Raises:
            TypeError: If a number is not an int or a float (a str, a bool or a Value), or data
                given with a shape is not a flat list.
            ValueError: If the rows differ in length, data is nested more than twice or holds
                no number, or the shape is not (), (n,) or (rows, columns) of sizes above 0, or
                does not hold len(data) numbers.
        """
        if shape is None:
            flat, found = _flatten(data)
        elif not isinstance(data, (list, tuple)) or any(isinstance(x, (list, tuple)) for x in data):
            raise TypeError("with a shape, data is a flat list of numbers, row after row")
        else:
            flat, found = list(data), tuple(shape) if isinstance(shape, (list, tuple)) else shape
        if (not isinstance(found, tuple) or len(found) > 2
                or any(type(size) is not int or size < 1 for size in found)):
            raise ValueError(f"a Tensor has shape (), (n,) or (rows, columns), each size a whole number "
                             f"above 0, not {found!r}")
        if math.prod(found) != len(flat):
            raise ValueError(f"shape {found} holds {math.prod(found)} numbers, not {len(flat)}")
        self.data = [_number(x) for x in flat]
        self.shape = found
        self.grad = [0.0] * len(flat)
        self._prev = ()
        self._back = None
        self._op = ""

    def __repr__(self) -> str:
        return f"Tensor(shape={self.shape}, data={_short(self.data)})"

    def tolist(self) -> "float | list":
        """The numbers, nested as the shape says: a float, a list, or a list of rows."""
        if not self.shape:
            return self.data[0]
        if len(self.shape) == 1:
            return list(self.data)
        columns = self.shape[1]
        return [self.data[i:i + columns] for i in range(0, len(self.data), columns)]

    # Elementwise operations, with broadcasting.

    def __add__(self, other: "Tensor | float") -> "Tensor":
        """self + other, number by number; shapes broadcast (see the module)."""
        other = _as_tensor(other)
        shape = _broadcast(self.shape, other.shape, "+")
        a, b = _spread(self, shape), _spread(other, shape)

        def back(grad: list[float]) -> tuple:
            return _unbroadcast(grad, shape, self.shape), _unbroadcast(grad, shape, other.shape)
        return _node(list(map(add, a, b)), shape, (self, other), back, "+")

    def __mul__(self, other: "Tensor | float") -> "Tensor":
        """self * other, number by number; shapes broadcast (see the module)."""
        other = _as_tensor(other)
        shape = _broadcast(self.shape, other.shape, "*")
        a, b = _spread(self, shape), _spread(other, shape)

        def back(grad: list[float]) -> tuple:
            # --- gap L17.mul ---
            return (_unbroadcast(list(map(mul, grad, b)), shape, self.shape),
                    _unbroadcast(list(map(mul, grad, a)), shape, other.shape))
            # --- end ---
        return _node(list(map(mul, a, b)), shape, (self, other), back, "*")

    def __neg__(self) -> "Tensor":
        return self._each([-x for x in self.data], [-1.0] * len(self.data), "neg")

    def __sub__(self, other: "Tensor | float") -> "Tensor":
        """self - other, number by number; shapes broadcast (see the module)."""
        return _difference(self, _as_tensor(other))

    def __radd__(self, other: float) -> "Tensor":
        return self + other

    def __rmul__(self, other: float) -> "Tensor":
        return self * other

    def __rsub__(self, other: float) -> "Tensor":
        return _difference(_as_tensor(other), self)

    def __truediv__(self, other: float) -> "Tensor":
        """self divided by a plain number.

        Raises:
            TypeError: If other is not an int or a float.
            ZeroDivisionError: If other is 0.
        """
        if not isinstance(other, Real) or isinstance(other, bool):
            raise TypeError(f"a Tensor divides by a plain number, not {other!r:.40}")
        if other == 0:
            raise ZeroDivisionError("a Tensor cannot be divided by 0")
        return self * (1.0 / other)

    # Matrix product.

    def __matmul__(self, other: "Tensor") -> "Tensor":
        """The matrix product: (rows, k) @ (k, columns) gives (rows, columns); (rows, k) @ (k,)
        gives (rows,).

        Raises:
            ValueError: Naming both shapes, when self is not a matrix, or its columns are not
                other's rows.
        """
        if not isinstance(other, Tensor):
            raise TypeError(f"@ needs a Tensor on each side, not {type(other).__name__}")
        if len(self.shape) != 2 or not other.shape or self.shape[1] != other.shape[0]:
            raise ValueError(f"shapes {self.shape} and {other.shape} do not match for @: a matrix (rows, k) "
                             "takes a matrix (k, columns) or a vector (k,)")
        rows, k = self.shape
        columns = other.shape[1] if len(other.shape) == 2 else 1
        shape = (rows, columns) if len(other.shape) == 2 else (rows,)

        def back(grad: list[float]) -> tuple:
            # --- gap L17.matmul ---
            return (_matmul(grad, _transpose(other.data, k, columns), rows, columns, k),
                    _matmul(_transpose(self.data, rows, k), grad, k, rows, columns))
            # --- end ---
        return _node(_matmul(self.data, other.data, rows, k, columns), shape, (self, other), back, "@")

    # Sums.

    def sum(self, axis: int | None = None) -> "Tensor":
        """The sum of all the numbers (shape ()), or of a matrix's rows (axis 0, shape (columns,))
        or columns (axis 1, shape (rows,)); axis 0 of a vector is all of it.

        Raises:
            ValueError: If axis is not None, 0 or 1, or 1 for a vector.
        """
        if axis is not None and (type(axis) is not int or not 0 <= axis < max(len(self.shape), 1) or not self.shape):
            raise ValueError(f"a Tensor of shape {self.shape} has no axis {axis!r}")
        if axis is None or len(self.shape) == 1:
            size = len(self.data)
            return _node([sum(self.data)], (), (self,), lambda grad: ([grad[0]] * size,), "sum")
        rows, columns = self.shape
        if axis == 0:
            data = [sum(self.data[j::columns]) for j in range(columns)]
            return _node(data, (columns,), (self,), lambda grad: (grad * rows,), "sum0")
        data = [sum(self.data[i:i + columns]) for i in range(0, len(self.data), columns)]
        return _node(data, (rows,), (self,), lambda grad: ([g for g in grad for _ in range(columns)],), "sum1")

    def mean(self, axis: int | None = None) -> "Tensor":
        """The mean of the numbers summed by sum(axis)."""
        total = self.sum(axis)
        return total * (len(total.data) / len(self.data))

    # Functions of each number.

    def relu(self) -> "Tensor":
        """max(0, x) of each number; its slope is 1.0 above 0 and 0.0 elsewhere."""
        slopes = [1.0 if x > 0 else 0.0 for x in self.data]
        return self._each([0.0 if x <= 0 else x for x in self.data], slopes, "relu")  # NaN stays NaN

    def tanh(self) -> "Tensor":
        """tanh of each number; its slope is 1 - tanh²."""
        out = [math.tanh(x) for x in self.data]
        return self._each(out, [1.0 - t * t for t in out], "tanh")

    def exp(self) -> "Tensor":
        """e to each number; its slope is itself.

        Raises:
            OverflowError: If a number is above about 709.
        """
        try:
            out = [math.exp(x) for x in self.data]
        except OverflowError:
            raise OverflowError(f"exp({max(self.data)!r}) is too large for a float") from None
        return self._each(out, out, "exp")

    def log(self) -> "Tensor":
        """The natural log of each number; its slope is 1 / x.

        Raises:
            ValueError: If a number is 0 or below.
        """
        if any(x <= 0 for x in self.data):
            raise ValueError("log needs numbers above 0")
        return self._each([math.log(x) for x in self.data], [1.0 / x for x in self.data], "log")

    def _each(self, out: list[float], slopes: list[float], op: str) -> "Tensor":
        """A Tensor of self's shape, each number a function of self's, with its slope."""
        return _node(out, self.shape, (self,), lambda grad: (list(map(mul, grad, slopes)),), op)

    # The backward pass.

    def backward(self) -> None:
        """Fill in the grad of every Tensor this one was made from, by the chain rule.

        As lesson 15's lean Value: the grads of the Tensors made by operations start from 0.0,
        the leaves' add up across calls, and one loop walks the topological order backwards,
        adding each node's shares (its _back) to its parents' grads.

        Raises:
            ValueError: If self is not one number (shape ()): a loss is.
        """
        if self.shape != ():
            raise ValueError(f"backward() starts from one number, a Tensor of shape (), such as a loss; "
                             f"this one has shape {self.shape}: sum it, or take its mean")
        # --- gap L17.backward ---
        order = topological_order(self)
        for node in order:
            if node._prev:
                node.grad = [0.0] * len(node.data)
        self.grad = [1.0]
        for node in reversed(order):
            if node._prev:
                for parent, share in zip(node._prev, node._back(node.grad)):
                    parent.grad = [g + s for g, s in zip(parent.grad, share)]
        # --- end ---


def _difference(a: Tensor, b: Tensor) -> Tensor:
    """a - b, one node: its share for a is the grad, and for b the grad turned over."""
    shape = _broadcast(a.shape, b.shape, "-")

    def back(grad: list[float]) -> tuple:
        return _unbroadcast(grad, shape, a.shape), _unbroadcast([-g for g in grad], shape, b.shape)
    return _node(list(map(sub, _spread(a, shape), _spread(b, shape))), shape, (a, b), back, "-")


def _node(data: list[float], shape: Shape, parents: tuple, back: Back, op: str) -> Tensor:
    """The Tensor an operation makes: data, a new list of floats that fills shape, taken as it
    is, without the checks a leaf's numbers get."""
    out = object.__new__(Tensor)
    out.data, out.shape, out.grad = data, shape, [0.0] * len(data)
    out._prev, out._back, out._op = parents, back, op
    return out


def _flatten(data: "Sequence | float") -> tuple[list, Shape]:
    """data's numbers in row-major order, and its shape read from its nesting."""
    if not isinstance(data, (list, tuple)):
        return [data], ()
    if not data or any(isinstance(row, (list, tuple)) and not row for row in data):
        raise ValueError("a Tensor holds one number or more: its data, and each of its rows, may not be empty")
    if not all(isinstance(row, (list, tuple)) for row in data):
        return list(data), (len(data),)
    columns = {len(row) for row in data}
    if len(columns) > 1:
        raise ValueError(f"the rows of a Tensor have one length, not {sorted(columns)}")
    if any(isinstance(x, (list, tuple)) for row in data for x in row):
        raise ValueError("a Tensor has shape (), (n,) or (rows, columns): it nests lists at most twice")
    return [x for row in data for x in row], (len(data), columns.pop() if columns else 0)


def _number(x: object) -> float:
    """x as a float, if it is an int or a float."""
    if type(x) is float:
        return x
    if not isinstance(x, Real) or isinstance(x, bool):
        raise TypeError(f"a Tensor holds numbers (ints or floats), not {type(x).__name__} {x!r:.40}")
    return float(x)


def _short(data: list[float]) -> str:
    """The first numbers of data, for a repr."""
    shown = ", ".join(f"{x:.4g}" for x in data[:6])
    return f"[{shown}{', …' if len(data) > 6 else ''}]"


def _as_tensor(x: "Tensor | float") -> Tensor:
    """x when it is a Tensor, else a constant of shape () holding x (its grad is not used)."""
    return x if isinstance(x, Tensor) else Tensor(x)


def _broadcast(a: Shape, b: Shape, op: str) -> Shape:
    """The shape of a op b, when the two broadcast (see the module).

    Raises:
        ValueError: Naming both shapes, when they do not.
    """
    if a == b or not b:
        return a
    if not a:
        return b
    if len(a) == 2 and b == a[1:]:
        return a
    if len(b) == 2 and a == b[1:]:
        return b
    raise ValueError(f"shapes {a} and {b} do not match for {op}: they must be equal, or one a number, "
                     "or one a row (columns,) of a matrix (rows, columns)")


def _spread(t: Tensor, shape: Shape) -> list[float]:
    """t's numbers laid out over shape, repeated where t was broadcast."""
    if t.shape == shape:
        return t.data
    return t.data * (math.prod(shape) // len(t.data))


def _unbroadcast(grad: list[float], shape: Shape, target: Shape) -> list[float]:
    """A grad of shape summed back to target, the shape of a parent broadcast to shape: over
    everything for a number, over the rows for a row."""
    if target == shape:
        return grad
    # --- gap L17.unbroadcast ---
    if not target:
        return [sum(grad)]
    columns = target[0]
    return [sum(grad[j::columns]) for j in range(columns)]
    # --- end ---


def _matmul(a: list[float], b: list[float], rows: int, k: int, columns: int) -> list[float]:
    """The flat product of a (rows, k) and b (k, columns), both flat and row-major.

    Raises:
        ValueError: If a does not hold rows × k numbers, or b k × columns.
    """
    if len(a) != rows * k or len(b) != k * columns:
        raise ValueError(f"_matmul(a, b, {rows}, {k}, {columns}) needs a of {rows} × {k} numbers and b of {k} × "
                         f"{columns}, not {len(a)} and {len(b)}: are rows, k and columns in that order?")
    across = [b[j::columns] for j in range(columns)]
    return [_dot(row, column) for row in [a[i:i + k] for i in range(0, rows * k, k)] for column in across]


def _transpose(a: list[float], rows: int, columns: int) -> list[float]:
    """The flat transpose of a (rows, columns): (columns, rows)."""
    return [x for j in range(columns) for x in a[j::columns]]


def cross_entropy(logits: Tensor, labels: Sequence[int]) -> Tensor:
    """The mean, over the rows, of -log softmax(row)[label]: softmax and its log as one node.

    Each row's log-sum-exp is taken after subtracting the row's largest score, so that a score
    of 1,000 does not overflow exp (log Σ exp(zᵢ) = m + log Σ exp(zᵢ - m)). Its grad is, row by
    row, softmax(row) minus 1 at the label, divided by the rows (C. M. Bishop, Pattern
    Recognition and Machine Learning, Springer 2006, section 4.3.4).

    Args:
        logits: The scores, shape (rows, classes).
        labels: One class, 0 to classes - 1, per row.

    Returns:
        A Tensor of shape (): the mean loss of the rows.

    Raises:
        TypeError: If logits is not a Tensor.
        ValueError: If logits is not a matrix, or the labels are not one valid class per row.
    """
    if not isinstance(logits, Tensor):
        raise TypeError(f"cross_entropy needs the scores as a Tensor, not {type(logits).__name__}")
    labels = list(labels)
    if len(logits.shape) != 2 or len(labels) != logits.shape[0]:
        raise ValueError(f"cross_entropy needs scores of shape (rows, classes) and one label per row, "
                         f"not shape {logits.shape} and {len(labels)} labels")
    rows, classes = logits.shape
    if any(type(label) is not int or not 0 <= label < classes for label in labels):
        raise ValueError(f"cross_entropy needs each label a whole number from 0 to {classes - 1}")
    # --- gap L18.cross_entropy ---
    total, shares = 0.0, []
    for start, label in zip(range(0, rows * classes, classes), labels):
        row = logits.data[start:start + classes]
        top = max(row)
        exps = [math.exp(z - top) for z in row]
        whole = sum(exps)
        total += top + math.log(whole) - row[label]
        probs = [e / whole / rows for e in exps]
        probs[label] -= 1.0 / rows
        shares += probs
    loss = total / rows
    # --- end ---
    return _node([loss], (), (logits,), lambda grad: ([share * grad[0] for share in shares],), "cross_entropy")


def layers_of(model) -> list[tuple[Tensor, Tensor]]:
    """An ember.nn MLP's knobs as leaf Tensors, layer by layer: W of shape (inputs, neurons), a
    neuron's weights in each column, and b of shape (neurons,). The same numbers, so the same
    seed trains the same way on either engine."""
    layers = []
    for layer in model.layers:
        inputs = len(layer.neurons[0].w)
        weights = [neuron.w[i].data for i in range(inputs) for neuron in layer.neurons]
        layers.append((Tensor(weights, (inputs, len(layer.neurons))), Tensor([n.b.data for n in layer.neurons])))
    return layers


def hinge_step(layers: list[tuple[Tensor, Tensor]], inputs: Tensor, labels: Tensor, lr: float,
               alpha: float = 1e-4) -> float:
    """Lesson 14's train_step on Tensors: relu layers but the last, the hinge loss with its L2
    penalty on every knob, a backward pass from fresh grads, and a step of SGD.

    Args:
        layers: (W, b) for each layer, as layers_of gives them; moved in place.
        inputs: The examples, shape (examples, inputs).
        labels: -1.0 or 1.0 for each, shape (examples, 1).
        lr: The learning rate, above 0.
        alpha: The weight of the penalty.

    Returns:
        The loss before the step, a float.
    """
    scores = inputs
    for index, (weights, bias) in enumerate(layers):
        scores = scores @ weights + bias
        scores = scores.relu() if index < len(layers) - 1 else scores
    penalty = sum(((w * w).sum() + (b * b).sum() for w, b in layers), Tensor(0.0))
    loss = (1.0 - labels * scores).relu().mean() + alpha * penalty
    knobs = [knob for layer in layers for knob in layer]
    for knob in knobs:
        knob.grad = [0.0] * len(knob.data)
    loss.backward()
    for knob in knobs:
        knob.data = [x - lr * g for x, g in zip(knob.data, knob.grad)]
    return loss.data[0]
