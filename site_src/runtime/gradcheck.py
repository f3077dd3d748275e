"""Backward passes checked against nudging, for the labs' checks.

:func:`against_nudging` runs the learner's backward pass on a fixed, seeded set of graphs and
compares every leaf's grad with a centred numerical gradient, lesson 05's method (A. Griewank
and A. Walther, Evaluating Derivatives, 2nd ed., SIAM 2008, section 1.2 on checking derivatives
by differences). The set holds what real mistakes get wrong: a Value used twice in one
operation, a Value reached by two paths of different lengths, an operation deep in a chain
(where its output's grad is not 1.0), inputs where the slope is not 1, and a chain 10,000 deep;
once the leaves' grads are right, the grads inside the graph are checked too. On a mismatch it
names the first wrong grad going back from the root, and the operation whose ``_backward`` (or
recorded slope, for a lean Value of lesson 15) made it, and draws the graph with that Value marked (hx.show_graph).

:func:`params_against_nudging` does the same for a model's knobs and its loss, and
:func:`check_order` checks a topological order on random seeded graphs with shared parents and
paths of different lengths.
"""

import random
import sys
from collections.abc import Callable

import hx

H = 1e-6
"""The nudge: each leaf moves by H either way (lesson 05's centred difference)."""
TOLERANCE = 1e-4
"""How far, relative to the slope's size (at least 1), a grad may be from nudging's."""
DEEP = 10_000
"""The length of the deep chain."""
MOST_DRAWN = 60
"""The most Values in a graph drawn with its wrong grad marked."""


def _graphs(ops: str, reuse: bool, deep: bool) -> list[tuple[str, int, Callable]]:
    """The graphs for the operations ops (any of "+", "*", "-", "**", "/", "exp", "tanh",
    "relu"): (what it is, how many leaves, a function of the leaves that builds it). Without
    reuse, each is a tree: every Value is used once. With reuse, also graphs in which a Value is
    used more than once; with deep, the chain DEEP long."""
    def chain(a, b):
        out = a
        for _ in range(DEEP):
            out = out * 1.0001 if "*" in ops else out + b
        return out

    graphs = [
        ("((a * b) * c + 0.5) * 2.5, a * b deep inside a chain", 3, lambda a, b, c: ((a * b) * c + 0.5) * 2.5, "*+"),
        ("(a + b) * c * -1.5, a + b deep inside a chain", 3, lambda a, b, c: ((a + b) * c) * -1.5, "*+"),
        ("(a - b) * c * 1.5", 3, lambda a, b, c: (a - b) * c * 1.5, "-*"),
        ("(a ** 3 + b) * 1.5, a ** 3 deep inside a chain", 2, lambda a, b: (a ** 3 + b) * 1.5, "**+*"),
        ("(a / b) * 2.0", 2, lambda a, b: (a / b) * 2.0, "/*"),
        ("exp(a * 0.7) * b, exp deep inside a chain", 2, lambda a, b: (a * 0.7).exp() * b, "exp*"),
        ("tanh(a * b + 0.2) * 2.0, tanh deep inside a chain", 2, lambda a, b: (a * b + 0.2).tanh() * 2.0, "tanh*+"),
        ("relu(a - b) * 3.0, relu deep inside a chain", 2, lambda a, b: (a - b).relu() * 3.0, "relu-*"),
    ]
    if reuse:
        graphs += [
            ("(a * a) * 1.5, one Value used twice in one operation", 1, lambda a: (a * a) * 1.5, "*"),
            ("x = a + a; (x * 2 + x) * 1.5, a reached by paths of different lengths", 1,
             lambda a: (lambda x: x * 2 + x)(a + a) * 1.5, "+*"),
            ("b = a * c; (b + a) * b, shared Values", 2, lambda a, c: (lambda b: (b + a) * b)(a * c), "*+"),
            ("a ** 3 * a, a used by two operations", 1, lambda a: (a ** 3) * a, "***"),
            ("exp(a) * a, a used by two operations", 1, lambda a: a.exp() * a, "exp*"),
            ("(tanh(a) + a) * 1.5, a used by two operations", 1, lambda a: (a.tanh() + a) * 1.5, "tanh+*"),
            ("relu(a) * a + relu(a * -1.0), a used by two operations", 1, lambda a: a.relu() * a + (a * -1.0).relu(), "relu*+"),
            ("relu(a - b) * 3.0 + relu(b - a) * 2.0, one of the two relus 0", 2, lambda a, b: (a - b).relu() * 3.0 + (b - a).relu() * 2.0,
             "relu-*+"),
            ("x = a + a; (x + x * 2) * 1.5, the longer path named second", 1,
             lambda a: (lambda x: x + x * 2)(a + a) * 1.5, "+*"),
        ]
    if deep:
        graphs.append((f"a chain {DEEP:,} operations deep", 2, chain, "*" if "*" in ops else "+"))
    return [(name, size, build) for name, size, build, needs in graphs
            if all(op in ops for op in _ops(needs))]


def _ops(needs: str) -> list[str]:
    """The operations named in needs, such as "**+*" → ["**", "+", "*"]."""
    found, rest = [], needs
    for op in ("relu", "tanh", "exp", "**", "+", "-", "*", "/"):
        while op in rest:
            found.append(op)
            rest = rest.replace(op, "", 1)
    return found


def _order(root) -> list:
    """Every Value root was made from, each after its parents (this module's own, iterative)."""
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        value, done = stack.pop()
        if done:
            order.append(value)
        elif id(value) not in seen:
            seen.add(id(value))
            stack.append((value, True))
            stack.extend((parent, False) for parent in value._prev)
    return order


def _by_hand(root) -> None:
    """A backward pass for a lesson before 10: each Value's _backward, root first, in this
    module's own order; for a lean Value (ember.fast, lesson 15), each recorded slope times the
    grad of the Value that recorded it, added to its parent's."""
    root.grad = 1.0
    for value in reversed(_order(root)):
        if _lean(value):
            for parent, local in zip(value._prev, value._local):
                parent.grad += local * value.grad
        else:
            value._backward()


def _lean(value) -> bool:
    """Whether value records its local slopes (``_local``) instead of a ``_backward``."""
    return not hasattr(value, "_backward")


def _step(value) -> str:
    """What passes a Value's grad back in its engine: "_backward" or "recorded slope"."""
    return "recorded slope" if _lean(value) else "_backward"


def _local(value, parent_index: int) -> float | None:
    """The local gradient of value with respect to its parent at parent_index, from its op
    and its parents' data; None for an op this module does not know."""
    op, parents = value._op, value._prev
    wanted = 1 if op.startswith("**") else {"+": 2, "*": 2, "exp": 1, "tanh": 1, "relu": 1}.get(op)
    if wanted is not None and len(parents) != wanted:
        raise AssertionError(f"a Value made by {op!r} should keep {wanted} {'parents' if wanted > 1 else 'parent'}, "
                             f"but {value!r} keeps {len(parents)}: {tuple(parents)!r}")
    if op == "+":
        return 1.0
    if op == "*":
        return parents[1 - parent_index].data
    if op.startswith("**"):
        exponent = float(op[2:])
        return exponent * parents[0].data ** (exponent - 1)
    if op == "exp":
        return value.data
    if op == "tanh":
        return 1 - value.data ** 2
    if op == "relu":
        return 1.0 if value.data > 0 else 0.0
    return None


def _expected(root) -> dict[int, float] | None:
    """Every Value's right grad, by id, from the ops' local gradients; None when an op is unknown."""
    order = _order(root)
    grads = {id(value): 0.0 for value in order}
    grads[id(root)] = 1.0
    for value in reversed(order):
        for index, parent in enumerate(value._prev):
            local = _local(value, index)
            if local is None:
                return None
            grads[id(parent)] += local * grads[id(value)]
    return grads


def _close(got: object, want: float) -> bool:
    return isinstance(got, (int, float)) and abs(got - want) <= TOLERANCE * max(1.0, abs(want))


def against_nudging(Value, backward: str = "backward", ops: str = "+*", reuse: bool = True,
                    deep: bool = True, seed: int = 7) -> None:
    """Check the learner's backward pass against nudging on the graphs for ops.

    Args:
        Value: The learner's Value class.
        backward: "backward" to call root.backward(); "by hand" to call each _backward, root
            first, in an order of this module's (lessons 08 and 09, before backward exists).
        ops: The operations the lesson has, as for _graphs.
        reuse: Whether to include graphs where a Value is used more than once (not in lesson
            08, whose _backward sets grads, by design).
        deep: Whether to include the chain DEEP long.
        seed: Seeds the leaves' data: numbers from 0.4 to 1.9 either side of 0, never 1.

    Raises:
        AssertionError: Naming the graph, the leaf whose grad disagrees with nudging, both
            numbers, and the first wrong grad going back from the root with its operation; the
            graph is drawn with that Value marked, if it is small. Or, when every leaf's grad
            is right, naming a Value inside the graph whose grad is not what the root owes it.
    """
    rng = random.Random(seed)
    for name, size, build in _graphs(ops, reuse, deep):
        data = [rng.choice((-1, 1)) * rng.uniform(0.4, 1.9) for _ in range(size)]
        leaves = [Value(x) for x in data]
        for leaf, label in zip(leaves, "abc"):
            leaf.label = label
        root = build(*leaves)
        if backward == "by hand":
            _by_hand(root)
        else:
            root.backward()
        for index, leaf in enumerate(leaves):
            slope = _nudged(Value, build, data, index)
            if not _close(leaf.grad, slope):
                ordered = backward != "by hand" and _right_by_hand(Value, build, data, index, slope)
                raise AssertionError(_wrong(name, root, leaf, slope, ordered, added=reuse))
        _check_inside(name, root)


def _check_inside(name: str, root) -> None:
    """Once every leaf's grad is right: check the grad of each Value between the leaves and the
    root, which a backward pass that changes grads after its walk gets wrong.

    Raises:
        AssertionError: Naming the first wrong one, going back from the root.
    """
    expected = _expected(root)
    if expected is None:
        return
    order = _order(root)
    wrong = next((value for value in reversed(order)
                  if value._prev and not _close(value.grad, expected[id(value)])), None)
    if wrong is None:
        return
    for index, value in enumerate(order):  # names for the reason and the drawing alike
        value.label = value.label or f"#{index}"
    raise AssertionError(_drawn(
        f"in {name}, every leaf's grad is right, but after the backward pass {wrong.label} (made by "
        f"'{wrong._op}') has grad {_number(wrong.grad)} where it should be {expected[id(wrong)]:.6g}: "
        "each Value's grad should keep what the root owes it once the pass is over", root, wrong))


def _right_by_hand(Value, build, data: list[float], index: int, slope: float) -> bool:
    """Whether the learner's _backward functions, called in this module's own order, give the
    leaf at index its right grad: then the order that backward() chose is at fault."""
    leaves = [Value(x) for x in data]
    _by_hand(build(*leaves))
    return _close(leaves[index].grad, slope)


def _nudged(Value, build, data: list[float], index: int) -> float:
    """The centred difference of build's root.data for the leaf at index."""
    def at(shift: float) -> float:
        moved = list(data)
        moved[index] += shift
        return build(*[Value(x) for x in moved]).data
    return (at(H) - at(-H)) / (2 * H)


def _wrong(name: str, root, leaf, slope: float, ordered: bool, added: bool = True) -> str:
    """The reason for a leaf whose grad disagrees with nudging; draws the graph, marked. With
    ordered, the _backward functions are right and backward() is at fault: its seed, or else
    its order. added: the lesson's _backward adds its share with += (from lesson 09 on; lesson
    08's sets it with =)."""
    reason = (f"in {name}, with {leaf.label} = {leaf.data:.4g}: {leaf.label}.grad is "
              f"{_number(leaf.grad)}, but nudging {leaf.label} gives a slope of {slope:.6g}")
    if ordered:
        return _drawn(reason + _backward_fault(root), root, leaf)
    expected = _expected(root)
    if expected is None:
        return reason
    order = _order(root)
    first = next((value for value in reversed(order) if not _close(value.grad, expected[id(value)])), None)
    if first is None:
        return reason
    for index, value in enumerate(order):  # names for the reason and the drawing alike
        value.label = value.label or f"#{index}"
    users = [value for value in order if any(parent is first for parent in value._prev)]
    ops = " and ".join(repr(op) for op in sorted({user._op for user in users}))
    uses = f"the {ops} that uses it" if len(users) == 1 else f"each of the {len(users)} Values that use it, made by {ops}"
    what = f"{first.label} (data {first.data:.4g}" + (f", made by '{first._op}')" if first._op else ")")
    reason += (f". Going back from the root, the first wrong grad is {what}: {_number(first.grad)} "
               f"where it should be {expected[id(first)]:.6g}. It gets its grad from the {_step(first)} "
               f"of {uses}")
    idle = [user for user in users if _never_set(user)]
    if idle:
        reason += (f", and that {idle[0]._op!r} still has the _backward every new Value starts with, "
                   "which passes nothing back: set out._backward = _backward once it is defined")
    else:
        reason += (": the slope it recorded for it, times its own grad, added with +=" if _lean(first) else
                   ": its local gradient, times out.grad" + (", added with +=" if added else ""))
    return _drawn(reason, root, first)


def _never_set(value) -> bool:
    """Whether value, made by an operation, still has the _backward a leaf has (never, for a
    lean Value)."""
    if _lean(value):
        return False
    leaf = type(value)(0.0)._backward
    return getattr(value._backward, "__code__", None) is getattr(leaf, "__code__", False)


def _backward_fault(root) -> str:
    """The end of the reason when each _backward is right and backward() is not: the order the
    learner's topological_order gives, else backward()'s seed, else the order it walks in."""
    each = "Each recorded slope is" if _lean(root) else "Each _backward is"
    misplaced = _misplaced(root)
    if misplaced:
        value, parent = misplaced
        return (f". {each} right, and backward() walks the order your topological_order "
                f"gives, which puts {value.label} before its parent {parent.label} here: mend "
                "topological_order first")
    if not _close(root.grad, 1.0):
        return (f". {each} right, but after backward() the root's grad is {_number(root.grad)}: "
                "backward() should seed it with 1.0, after clearing the grads")
    if _lean(root):
        return (f". {each} right, so the fault is in backward()'s loop: the order it walks in (root "
                "first, reversed(order)), or the share it adds to each parent (the slope times the grad of "
                "the Value that recorded it, value.grad, added with +=)")
    return (f". {each} right when they are called root first, in a topological order turned "
            "round, so backward() called the _backward of some Value before every Value made from it "
            "had passed its share back: check the order it walks in")


def _misplaced(root) -> tuple | None:
    """A Value and a parent of it that the learner's topological_order (from the module of
    root's class, if it has one) puts the wrong way round, each labelled; else None."""
    topological_order = getattr(sys.modules.get(type(root).__module__), "topological_order", None)
    if topological_order is None:
        return None
    try:
        place = {id(value): index for index, value in enumerate(topological_order(root))}
    except Exception:  # the lab of topological_order reports its own errors
        return None
    order = _order(root)
    for index, value in enumerate(order):
        value.label = value.label or f"#{index}"
    for value in order:
        for parent in value._prev:
            if place.get(id(parent), -1) > place.get(id(value), -1):
                return value, parent
    return None


def _drawn(reason: str, root, marked) -> str:
    """reason, and the graph of root drawn with the Value marked, if the graph is small."""
    if len(_order(root)) > MOST_DRAWN:
        return reason
    hx.show_graph(root, marked=[marked])
    return reason + " (the graph below marks it)"


def params_against_nudging(loss: Callable, params: list, what: str = "the loss", names: list[str] | None = None) -> None:
    """Check the grads that the learner's backward pass gives a model's knobs against nudging
    each knob: loss() builds the loss from the knobs (Values) anew each call.

    Args:
        loss: A function of no arguments returning the loss, a Value.
        params: The knobs, such as model.parameters().
        what: What the loss is, for the reason.
        names: What the reason calls each knob, one per param; by default "knob 2 of 5", counted
            from 1.

    Raises:
        AssertionError: Naming the first knob whose grad disagrees with nudging, and both
            numbers.
    """
    for param in params:
        param.grad = 0.0
    loss().backward()
    for index, param in enumerate(params):
        kept = param.data
        param.data = kept + H
        up = loss().data
        param.data = kept - H
        down = loss().data
        param.data = kept
        slope = (up - down) / (2 * H)
        if not _close(param.grad, slope):
            name = names[index] if names else f"knob {index + 1} of {len(params)}"
            raise AssertionError(f"for {what}, {name} (data {kept:.4g}) has grad "
                                 f"{_number(param.grad)}, but nudging it gives a slope of {slope:.6g}")


def _number(x: object) -> str:
    """A grad as the reason shows it: a number to 6 digits, else its repr."""
    return f"{x:.6g}" if isinstance(x, (int, float)) else repr(x)


def _why_misplaced(parent, root) -> str:
    """Why a walk may have written parent down too early: it is used by several Values, and so
    reached by paths of different lengths."""
    users = sum(any(p is parent for p in value._prev) for value in _order(root))
    if users < 2:
        return ": each Value comes after all of its parents"
    return (f": {users} Values use it, so the walk reached it by paths of different lengths, and it "
            "was written down when the shorter one got there")


def random_graphs(Value, count: int = 20, seed: int = 10) -> list:
    """count random graphs of + and *, each from 3 to 5 leaves, with Values shared between
    operations and paths of different lengths to the root; each graph's root, seeded."""
    rng = random.Random(seed)
    roots = []
    for _ in range(count):
        values = [Value(rng.uniform(-2, 2)) for _ in range(rng.randint(3, 5))]
        for _ in range(rng.randint(4, 9)):
            a, b = rng.choice(values), rng.choice(values[-3:])
            values.append(a + b if rng.random() < 0.5 else a * b)
        root = values[-1]
        for value in values[:-1]:  # every Value reaches the root, some by a short path
            if rng.random() < 0.3:
                root = root + value
        roots.append(root)
    return roots


def check_order(topological_order, Value, count: int = 20, seed: int = 10) -> None:
    """Check topological_order on random_graphs: each Value of a graph once, each after all of
    its parents, the root last.

    Raises:
        AssertionError: Naming the graph, and a Value missing, repeated, or placed before one of
            its parents.
    """
    for number, root in enumerate(random_graphs(Value, count, seed), start=1):
        names = {id(value): f"#{index}" for index, value in enumerate(_order(root))}
        order = topological_order(root)
        if not isinstance(order, list):
            raise AssertionError(f"topological_order should return a list, not {order!r:.80}")
        place = {}
        for position, value in enumerate(order):
            if id(value) in place:
                raise AssertionError(f"in random graph {number}, {names.get(id(value), 'a Value')} "
                                     "is in the order twice; keep a set of the Values already seen")
            place[id(value)] = position
        missing = [name for key, name in names.items() if key not in place]
        if missing:
            raise AssertionError(f"in random graph {number} of {len(names)} Values, {len(missing)} are "
                                 f"missing from the order, such as {missing[0]}")
        if order[-1] is not root:
            first = ", but it comes first" if order[0] is root else ""
            raise AssertionError(f"in random graph {number}, the root should come last, after every Value it "
                                 f"is made from{first}: each Value comes after its parents")
        for value in order:
            for parent in value._prev:
                if place[id(parent)] > place[id(value)]:
                    raise AssertionError(f"in random graph {number}, {names[id(value)]} (made by '{value._op}') "
                                         f"comes before its parent {names[id(parent)]}{_why_misplaced(parent, root)}")
