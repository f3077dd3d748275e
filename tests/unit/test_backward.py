"""ember.scalar's backward pass, on the hard cases of COURSE.md with values worked out by hand,
and on random expressions against the centred difference of ember.train."""

import math
import random

import pytest

from ember.check import gradient_check, relative_error
from ember.scalar import Value, topological_order
from ember.train import numerical_gradient


def grads(*values):
    return [v.grad for v in values]


def test_a_value_used_twice_gets_both_shares():
    a = Value(5.0)
    (a + a).backward()
    assert a.grad == 2.0
    a = Value(-3.0)
    (a * a).backward()
    assert a.grad == -6.0
    x = Value(4.0)
    (x - x).backward()
    assert x.grad == 0.0


def test_shares_add_up_through_two_levels():
    # b = a + a, c = b + b: dc/db = 2 and db/da = 2, so a.grad is 4 (a naive recursive walk
    # that visits b twice gives 8).
    a = Value(1.0)
    b = a + a
    c = b + b
    c.backward()
    assert (c.data, b.grad, a.grad) == (4.0, 2.0, 4.0)


def test_the_worked_example():
    a, b, c, f = Value(2.0), Value(-3.0), Value(10.0), Value(-2.0)
    L = (a * b + c) * f
    L.backward()
    assert L.data == -8.0
    assert grads(a, b, c, f) == [6.0, -4.0, -2.0, 4.0]


def test_powers_quotients_and_the_zero_exponent():
    x = Value(0.0)
    y = x**0
    y.backward()
    assert (y.data, x.grad) == (1.0, 0.0)
    x = Value(3.0)
    (x**2).backward()
    assert x.grad == 6.0
    a, b = Value(6.0), Value(4.0)
    (a / b).backward()
    assert grads(a, b) == [0.25, -6.0 / 16]
    a = Value(4.0)
    (2 / a).backward()
    assert a.grad == -2.0 / 16
    with pytest.raises(ZeroDivisionError, match="1.0 / 0.0: a Value cannot be divided by zero"):
        Value(1.0) / Value(0.0)
    with pytest.raises(ZeroDivisionError, match="cannot be divided by zero"):
        2 / Value(0.0)


def test_exp_tanh_and_relu():
    t = Value(1000.0)
    out = t.tanh()
    out.backward()
    assert (out.data, t.grad) == (1.0, 0.0)  # no OverflowError
    x = Value(math.log(2))
    e = x.exp()
    e.backward()
    assert e.data == pytest.approx(2.0) and x.grad == pytest.approx(2.0)
    for data, grad in ((2.5, 1.0), (0.0, 0.0), (-1.0, 0.0)):
        r = Value(data)
        r.relu().backward()
        assert r.grad == grad
    with pytest.raises(OverflowError, match=r"exp\(1000.0\) is too large for a float"):
        Value(1000.0).exp()


def test_a_chain_of_100_000_additions_has_no_recursion_error():
    x = Value(1.0)
    y = x
    for _ in range(100_000):
        y = y + 1
    y.backward()
    assert (y.data, x.grad) == (100_001.0, 1.0)


def test_backward_twice_adds_one_more_set_of_gradients_to_the_leaves():
    x = Value(3.0)
    y = x * x * x
    y.backward()
    assert x.grad == 27.0
    y.backward()
    assert x.grad == 54.0  # never 72: the Values between x and y start again from 0
    x.grad = 0.0
    y.backward()
    assert x.grad == 27.0


def test_the_derived_ops_pass_gradients_back():
    a, b = Value(3.0), Value(2.0)
    (a - b).backward()
    assert grads(a, b) == [1.0, -1.0]
    a = Value(3.0)
    (-a).backward()
    assert a.grad == -1.0
    a = Value(3.0)
    (10 - a).backward()
    assert a.grad == -1.0
    a = Value(3.0)
    (10 * a + 1).backward()
    assert a.grad == 10.0


def test_topological_order_puts_parents_first_and_each_value_once():
    a, b = Value(1.0), Value(2.0)
    s = a + b
    out = s * s + a
    order = topological_order(out)
    assert order[-1] is out and len(order) == len({id(v) for v in order}) == 5
    position = {id(v): i for i, v in enumerate(order)}
    for value in order:
        assert all(position[id(p)] < position[id(value)] for p in value._prev)
    assert topological_order(a) == [a]


def random_expression(rng: random.Random, leaves: list[Value], size: int) -> Value:
    """A random expression over leaves with every op ember has, kept away from 0 where it divides."""
    pool = list(leaves)
    for _ in range(size):
        x, y = rng.choice(pool), rng.choice(pool)
        op = rng.choice(["+", "*", "-", "/", "**", "exp", "tanh", "relu", "neg", "number"])
        if op == "/":
            value = x / (y * y + 1)
        elif op == "**":
            value = (x * x + 0.5) ** rng.choice([2, 3, 0.5, -1])
        elif op == "exp":
            value = x.tanh().exp()
        elif op in ("tanh", "relu"):
            value = getattr(x, op)()
        elif op == "neg":
            value = -x
        elif op == "number":
            value = rng.uniform(-2, 2) - x
        else:
            value = {"+": x + y, "*": x * y, "-": x - y}[op]
        pool.append(value)
    return pool[-1]


@pytest.mark.parametrize("seed", range(20))
def test_backward_agrees_with_nudging_on_random_expressions(seed):
    point = [random.Random(seed).uniform(-1.5, 1.5) for _ in range(3)]

    def build(knobs):
        return random_expression(random.Random(seed), [Value(k) for k in knobs], size=12)

    leaves = [Value(k) for k in point]
    out = random_expression(random.Random(seed), leaves, size=12)
    out.backward()
    nudged = numerical_gradient(lambda knobs: build(knobs).data, point, h=1e-6)
    assert grads(*leaves) == pytest.approx(nudged, rel=1e-4, abs=1e-6)


def test_the_gradient_check_pairs_backward_with_nudging():
    pairs = gradient_check(lambda a, b: (a * b + a) ** 2, [2.0, -3.0])
    # (ab + a)² with a = 2, b = -3 is 16; its slopes are 2(ab + a)(b + 1) = 16 and 2(ab + a)a = -16.
    assert [backward for backward, _ in pairs] == [16.0, -16.0]
    assert all(relative_error(backward, nudged) < 1e-8 for backward, nudged in pairs)
    assert relative_error(0.0, 0.0) == 0.0 and relative_error(1.0, 1.1) == pytest.approx(0.1 / 1.1)
