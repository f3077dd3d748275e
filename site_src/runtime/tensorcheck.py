"""The checks' oracle for lesson 17's Tensor: the same random expression built twice, once on the
learner's Tensors and once on their scalar Values, one Value per number, laid out as a Tensor's
data is. Every number and every grad must agree.

The scalar engine is the oracle because the learner proved it in lessons 07 to 12, against
nudging; a Tensor is the same arithmetic on many numbers at once.
"""

import math
import random

TOLERANCE = 1e-9
"""How far a Tensor's grad may be from the scalar Values': only the order of the sums differs."""
OPS = "+ * - @ relu tanh exp sum"


class Mirror:
    """An expression's numbers as scalar Values, one per number, with a Tensor's shape."""

    def __init__(self, values: list, shape: tuple) -> None:
        self.values, self.shape = values, shape

    def spread(self, shape: tuple) -> list:
        return self.values * (math.prod(shape) // len(self.values))

    def zipped(self, other: "Mirror", op) -> "Mirror":
        shape = self.shape if len(self.shape) >= len(other.shape) else other.shape
        return Mirror([op(a, b) for a, b in zip(self.spread(shape), other.spread(shape))], shape)

    def matmul(self, other: "Mirror", zero) -> "Mirror":
        rows, k = self.shape
        columns = other.shape[1] if len(other.shape) == 2 else 1
        out = [sum((self.values[i * k + m] * other.values[m * columns + j] for m in range(k)), zero())
               for i in range(rows) for j in range(columns)]
        return Mirror(out, (rows, columns) if len(other.shape) == 2 else (rows,))

    def sum(self, zero, axis=None) -> "Mirror":
        if axis is None or len(self.shape) == 1:
            return Mirror([sum(self.values, zero())], ())
        rows, columns = self.shape
        if axis == 0:
            return Mirror([sum(self.values[j::columns], zero()) for j in range(columns)], (columns,))
        return Mirror([sum(self.values[i:i + columns], zero()) for i in range(0, rows * columns, columns)], (rows,))


def tensor_against_values(Tensor, Value, rng: random.Random, ops: str = OPS, spread: bool = True) -> None:
    """Build a random expression of ops on the learner's Tensors and, number by number, on their
    Values; check that its numbers and every leaf's grads agree, to TOLERANCE.

    The expression may use a node it made twice (``h + h.tanh()``), so that a backward pass
    right only for trees is caught; @ may take a vector; a row or a number may stand on either
    side of + * and -; and a sum over an axis is weighed by a leaf (or, without *, bent by tanh)
    before the last sum, so its grad is not all ones.

    Args:
        Tensor: The learner's Tensor class (ember.tensor).
        Value: The learner's scalar Value class (ember.scalar).
        rng: Where the shapes, the numbers and the operations come from.
        ops: The operations to use, separated by spaces, from OPS.
        spread: Whether + * and - may take a row or a number, spread over a matrix.

    Raises:
        AssertionError: Naming the expression, the leaf and the place whose grad differs.
    """
    allowed = ops.split()
    leaves: list[tuple] = []  # (Tensor, Mirror, name)

    def zero():
        return Value(0.0)

    def leaf(shape: tuple) -> tuple:
        data = [rng.uniform(-1.5, 1.5) for _ in range(math.prod(shape))]
        name = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[len(leaves)]
        made = (Tensor(data, shape), Mirror([Value(x) for x in data], shape), name)
        leaves.append(made)
        return made

    rows, columns = rng.randint(1, 3), rng.randint(1, 3)
    if "@" in allowed:
        k = rng.randint(1, 3)
        (a, ma, na), (b, mb, nb) = leaf((rows, k)), leaf(rng.choice([(k, columns), (k,)]))
        t, m, text = a @ b, ma.matmul(mb, zero), f"{na} @ {nb}"
    else:
        t, m, text = leaf((rows, columns))
    steps: list[str] = []
    choices = [op for op in allowed if op not in ("@", "sum")] or ["+"]
    for _ in range(rng.randint(2, 4)):
        op = rng.choice(choices + ["twice"] if rng.random() < 0.3 else choices)
        if op == "exp":
            choices = [op for op in choices if op != "exp"] or ["+"]  # once: exp of exp overflows
        if op == "twice":  # the node just made, used by two later ones
            steps.append(f"h{len(steps) + 1} = {text}")
            text = f"h{len(steps)}"
            tanh = Mirror([v.tanh() for v in m.values], m.shape)
            if rng.random() < 0.5:
                t, m, text = t + t.tanh(), m.zipped(tanh, _OPS["+"]), f"({text} + {text}.tanh())"
            else:  # the other order of parents, which a walk in the wrong order may get right by luck
                t, m, text = t.tanh() + t, tanh.zipped(m, _OPS["+"]), f"({text}.tanh() + {text})"
        elif op in _OPS:
            shape = rng.choice([t.shape, t.shape[1:], ()] if spread and t.shape else [t.shape])
            other, mirror, name = leaf(shape)
            if rng.random() < 0.5:
                t, m, text = _OPS[op](t, other), m.zipped(mirror, _OPS[op]), f"({text} {op} {name})"
            else:
                t, m, text = _OPS[op](other, t), mirror.zipped(m, _OPS[op]), f"({name} {op} {text})"
        else:
            t, m, text = getattr(t, op)(), Mirror([getattr(v, op)() for v in m.values], m.shape), f"{text}.{op}()"
    axis = rng.choice([None, 0, 1]) if "sum" in allowed and len(t.shape) == 2 else None
    t, m = t.sum(axis), m.sum(zero, axis)
    text += f".sum({'' if axis is None else f'axis={axis}'})"
    if t.shape and "*" in allowed:  # weighed, so that the axis sum's grad is not all ones
        weights, mirror, name = leaf(t.shape)
        t, m, text = (t * weights).sum(), m.zipped(mirror, _OPS["*"]).sum(zero), f"({text} * {name}).sum()"
    elif t.shape:  # bent, to the same end
        t, m, text = t.tanh().sum(), Mirror([v.tanh() for v in m.values], t.shape).sum(zero), f"{text}.tanh().sum()"
    what = "; ".join(steps + [text]) + ", where " + ", ".join(f"{name} has shape {tensor.shape}" for tensor, _, name in leaves)
    got, want = t.data[0], m.values[0].data
    if abs(got - want) > TOLERANCE * max(1.0, abs(want)):
        raise AssertionError(f"for {what}: the Tensor gives {got:.10g}, the Values give {want:.10g}")
    t.backward()
    m.values[0].backward()
    for tensor, mirror, name in leaves:
        if len(tensor.grad) != len(mirror.values):
            raise AssertionError(f"for {what}: {name}.grad holds {len(tensor.grad)} numbers, not {len(mirror.values)}, "
                                 "one for each of its numbers")
        for index, (g, v) in enumerate(zip(tensor.grad, mirror.values)):
            if abs(g - v.grad) > TOLERANCE * max(1.0, abs(v.grad)):
                raise AssertionError(f"for {what}: {name}.grad[{index}] is {g:.10g} on Tensors, {v.grad:.10g} on Values")


_OPS = {"+": lambda x, y: x + y, "*": lambda x, y: x * y, "-": lambda x, y: x - y}
"""The operations of two parents, on Tensors and on Values alike."""
