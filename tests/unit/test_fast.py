"""ember/fast.py: the lean Value of lesson 15 gives the grads of ember.scalar's on the course's
hard cases (../shared/COURSE.md), records its slopes as numbers, and keeps no __dict__; lesson
16's dot makes a neuron's sum one node and trains as lesson 14's network does."""

import math
import random

import pytest

from ember import nn
from ember import scalar
from ember.data import moons
from ember.fast import Neuron, Value, dot
from ember.optim import hinge_loss, train_step


def test_a_lean_value_keeps_its_fields_in_slots():
    value = Value(2)
    assert not hasattr(value, "__dict__")
    assert (value.data, value.grad, value._prev, value._local, value._op, value.label) == (2.0, 0.0, (), (), "", "")
    assert type(value.data) is float


def test_each_operation_records_its_local_slopes_as_numbers():
    a, b = Value(2.0), Value(-3.0)
    assert (a + b)._local == (1.0, 1.0) and (a * b)._local == (-3.0, 2.0)
    assert (a ** 3)._local == (12.0,) and (a ** 0)._local == (0.0,)
    assert Value(-1.0).relu()._local == (0.0,) and Value(0.0).relu()._local == (0.0,) and a.relu()._local == (1.0,)
    assert Value(1000.0).tanh().data == 1.0 and Value(1000.0).tanh()._local == (0.0,)


@pytest.mark.parametrize("build, leaves", [
    (lambda a: a + a, [3.0]),
    (lambda a: a * a, [-3.0]),
    (lambda a: a - a, [5.0]),
    (lambda a: (lambda b: b + b)(a + a), [1.0]),
    (lambda a, b, c, f: (a * b + c) * f, [2.0, -3.0, 10.0, -2.0]),
    (lambda x: x ** 0, [0.0]),
    (lambda a, b: a / b - (1 - a) * 2 + (-b).relu(), [1.5, -0.5]),
    (lambda x: x.exp(), [math.log(2.0)]),
    (lambda x: x.tanh(), [1000.0]),
])
def test_the_hard_cases_get_the_grads_of_lesson_14s_engine(build, leaves):
    lean, old = [Value(x) for x in leaves], [scalar.Value(x) for x in leaves]
    build(*lean).backward()
    build(*old).backward()
    assert [v.grad for v in lean] == pytest.approx([v.grad for v in old], abs=1e-12)


def test_a_chain_100000_deep_runs_back_without_recursion():
    x = Value(1.0)
    y = x
    for _ in range(100_000):
        y = y + 1.0
    y.backward()
    assert x.grad == 1.0


def test_backward_twice_adds_to_the_leaves_as_scalar_does():
    x = Value(3.0)
    y = x * x * x
    y.backward()
    y.backward()
    assert x.grad == 54.0


def test_bad_input_gets_the_same_clear_errors():
    with pytest.raises(TypeError, match="needs a number"):
        Value("abc")
    with pytest.raises(TypeError, match="plain int or float exponent"):
        Value(2.0) ** Value(3.0)
    with pytest.raises(ZeroDivisionError, match="divided by zero"):
        Value(1.0) / Value(0.0)
    with pytest.raises(ZeroDivisionError, match="slope at 0 is infinite"):
        Value(0.0) ** 0.5  # scalar's says so in backward(); the lean Value needs its slope now
    with pytest.raises(TypeError, match="is a Value of ember.scalar, and Values of two engines do not mix"):
        Value(1.0) + scalar.Value(1.0)
    with pytest.raises(TypeError, match="is a Value of ember.fast, and Values of two engines do not mix"):
        scalar.Value(1.0) * Value(1.0)


def test_lesson_14s_network_on_the_lean_engine_has_the_same_loss_and_grads():
    data = moons(40, noise=0.1, seed=0)
    slow, lean = nn.MLP(2, [16, 16, 1]), nn.MLP(2, [16, 16, 1], neuron=Neuron)
    losses = []
    for model in (slow, lean):
        scores = [model(inputs) for inputs, _ in data]
        loss = hinge_loss(scores, [label for _, label in data], model.parameters())
        model.zero_grad()
        loss.backward()
        losses.append(loss.data)
    assert losses[0] == pytest.approx(losses[1], abs=1e-12)
    assert max(abs(p.grad - q.grad) for p, q in zip(slow.parameters(), lean.parameters(), strict=True)) <= 1e-12
    assert all(type(p) is Value for p in lean.parameters())
    assert train_step(lean, data, 0.1) == pytest.approx(train_step(slow, data, 0.1), abs=1e-12)


def test_dot_is_one_node_with_a_slope_for_each_weight_input_and_the_bias():
    ws, b = [Value(2.0), Value(-1.0)], Value(0.5)
    out = dot(ws, [3, Value(4.0)], b)
    assert (out.data, out._op, len(out._prev)) == (2.5, "dot", 5)
    assert out._local == (3.0, 4.0, 2.0, -1.0, 1.0)
    out.backward()
    assert [w.grad for w in ws] + [b.grad] == [3.0, 4.0, 1.0]
    with pytest.raises(ValueError, match="one input per weight"):
        dot(ws, [1.0], b)


def test_one_node_per_neuron_trains_as_lesson_14s_network_does():
    data = moons(30, noise=0.1, seed=0)

    class SummedNeuron(nn.Neuron):
        knob = Value

    curves = []
    for neuron in (nn.Neuron, SummedNeuron, Neuron):
        model = nn.MLP(2, [16, 16, 1], neuron=neuron)
        curves.append([train_step(model, data, 0.5)[0] for _ in range(5)])
    assert curves[1] == pytest.approx(curves[0], abs=1e-9) and curves[2] == pytest.approx(curves[0], abs=1e-9)
    assert Neuron(3, random.Random(0))([1.0, 2.0, 3.0])._prev[0]._op == "dot"
