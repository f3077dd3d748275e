"""ember/tensor.py: a Tensor's values and grads are the ones the course's scalar Values give for the
same expression, number by number (site_src/runtime/tensorcheck.py, the checks' oracle); shapes that do not go together are refused with both named;
the moons step on Tensors gives lesson 14's losses; cross_entropy does not overflow. ember/digits.py:
the digits load, split the same way every time."""

import math
import re
import random

import pytest
from tensorcheck import tensor_against_values

from ember import digits
from ember.data import moons
from ember.nn import MLP
from ember.optim import train_step
from ember.scalar import Value
from ember.tensor import Tensor, cross_entropy, hinge_step, layers_of


@pytest.mark.parametrize("seed", range(40))
def test_every_number_and_grad_is_what_the_scalar_values_give(seed):
    tensor_against_values(Tensor, Value, random.Random(seed))


@pytest.mark.parametrize("seed", range(10))
def test_without_a_matrix_product_too(seed):
    tensor_against_values(Tensor, Value, random.Random(seed), ops="+ * - relu tanh exp sum")


def test_a_row_broadcast_over_a_matrix_gets_its_grads_summed_over_the_rows():
    matrix, row = Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), Tensor([10.0, 20.0])
    ((matrix + row) * matrix).sum().backward()
    assert row.grad == [9.0, 12.0]
    assert matrix.grad == [12.0, 24.0, 16.0, 28.0, 20.0, 32.0]


def test_matrix_times_vector_and_log_agree_with_nudging():
    a, x = Tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]]), Tensor([0.3, 0.2, 0.1])
    f = lambda: ((a @ x).exp() + 1.0).log().sum()  # noqa: E731
    f().backward()
    for t in (a, x):
        for i in range(len(t.data)):
            kept = t.data[i]
            t.data[i] = kept + 1e-6
            up = f().data[0]
            t.data[i] = kept - 1e-6
            down = f().data[0]
            t.data[i] = kept
            assert t.grad[i] == pytest.approx((up - down) / 2e-6, abs=1e-6)


def test_backward_twice_adds_to_the_leaves_as_lesson_15s_does():
    x = Tensor([1.0, 2.0])
    y = (x * x).sum()
    y.backward()
    y.backward()
    assert x.grad == [4.0, 8.0]


@pytest.mark.parametrize("make, words", [
    (lambda: Tensor([[1.0, 2.0]]) + Tensor([1.0, 2.0, 3.0]), r"shapes \(1, 2\) and \(3,\) do not match for \+"),
    (lambda: Tensor([[1.0, 2.0]]) @ Tensor([[1.0, 2.0]]), r"shapes \(1, 2\) and \(1, 2\) do not match for @"),
    (lambda: Tensor([1.0, 2.0]).sum(axis=1), r"shape \(2,\) has no axis 1"),
    (lambda: Tensor([[1.0], [2.0, 3.0]]), "the rows of a Tensor have one length"),
    (lambda: Tensor([1.0, 2.0, 3.0], (2, 2)), r"shape \(2, 2\) holds 4 numbers, not 3"),
    (lambda: Tensor([1.0, 2.0]).backward(), r"backward\(\) starts from one number"),
    (lambda: Tensor([0.0, 1.0]).log(), "log needs numbers above 0"),
])
def test_shapes_that_do_not_go_together_are_refused_with_both_named(make, words):
    with pytest.raises(ValueError, match=words):
        make()


@pytest.mark.parametrize("data", ["abc", [1.0, "2"], [True, False], [Value(1.0)]])
def test_a_tensor_of_anything_but_numbers_is_refused(data):
    with pytest.raises(TypeError, match="a Tensor holds numbers"):
        Tensor(data)


def test_the_moons_step_on_tensors_gives_lesson_14s_losses():
    data = moons(30, noise=0.1, seed=0)
    model = MLP(2, [8, 8, 1])
    layers = layers_of(model)
    inputs, labels = Tensor([x for x, _ in data]), Tensor([[float(y)] for _, y in data])
    ours = [hinge_step(layers, inputs, labels, 1.0 - 0.9 * step / 10) for step in range(10)]
    theirs = [train_step(model, data, 1.0 - 0.9 * step / 10)[0] for step in range(10)]
    assert ours == pytest.approx(theirs, abs=1e-9)


def test_cross_entropy_is_log_softmax_at_the_label_and_a_score_of_1000_does_not_overflow():
    logits = Tensor([[2.0, 1.0, 0.1], [1000.0, 0.0, -1000.0]])
    loss = cross_entropy(logits, [0, 2])
    first = -math.log(math.exp(2.0) / (math.exp(2.0) + math.exp(1.0) + math.exp(0.1)))
    assert loss.data[0] == pytest.approx((first + 2000.0) / 2)
    loss.backward()
    softmax = [math.exp(z) / sum(math.exp(y) for y in (2.0, 1.0, 0.1)) for z in (2.0, 1.0, 0.1)]
    assert logits.grad == pytest.approx([(softmax[0] - 1) / 2, softmax[1] / 2, softmax[2] / 2, 0.5, 0.0, -0.5])


def test_the_digits_load_split_the_same_way_every_time():
    train, held_out = digits.load()
    assert (len(train), len(held_out)) == (1437, 360)
    assert all(len(pixels) == 64 and all(0.0 <= p <= 1.0 for p in pixels) for pixels, _ in train + held_out)
    assert {digit for _, digit in held_out} == set(range(10))
    assert digits.load() == (train, held_out)


def test_sums_means_and_division_give_their_numbers_and_grads():
    x = Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert x.sum(0).tolist() == [5.0, 7.0, 9.0] and x.sum(1).tolist() == [6.0, 15.0]
    assert x.mean(0).tolist() == [2.5, 3.5, 4.5] and x.mean(1).tolist() == [2.0, 5.0] and x.mean().data == [3.5]
    (x.sum(0) * Tensor([1.0, 2.0, 3.0])).sum().backward()
    assert x.grad == [1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
    y = Tensor([[1.0, 2.0], [3.0, 4.0]])
    (y.sum(1) * Tensor([1.0, -1.0])).sum().backward()
    assert y.grad == [1.0, 1.0, -1.0, -1.0]
    assert (x / 2).tolist() == [[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]
    assert Tensor([[1, 2]]).data == [1.0, 2.0] and all(type(v) is float for v in Tensor([[1, 2]]).data)
    assert Tensor(3).tolist() == 3.0 and Tensor([1, 2]).tolist() == [1.0, 2.0]
    assert x.tolist() is not x.data and x.tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]


def test_a_row_on_the_left_and_a_matrix_times_a_vector_have_their_shapes():
    assert (Tensor([1.0, 2.0]) + Tensor([[1.0, 2.0], [3.0, 4.0]])).shape == (2, 2)
    assert (Tensor([[1.0, 2.0], [3.0, 4.0]]) @ Tensor([1.0, 1.0])).tolist() == [3.0, 7.0]
    assert math.isnan(Tensor([math.nan]).relu().data[0])


@pytest.mark.parametrize("make, error, words", [
    (lambda: Tensor([]), ValueError, "one number or more"),
    (lambda: Tensor([[], []]), ValueError, "one number or more"),
    (lambda: Tensor([1.0], (True,)), ValueError, "each size a whole number above 0"),
    (lambda: Tensor([1.0] * 8, (2, 2, 2)), ValueError, "(rows, columns)"),
    (lambda: Tensor(3.0, ()), TypeError, "flat list"),
    (lambda: Tensor([[1.0, 2.0], [3.0, 4.0]], (2, 2)), TypeError, "flat list"),
    (lambda: Tensor([1.0, 2.0]) / 0, ZeroDivisionError, "by 0"),
    (lambda: Tensor([1.0, 2.0]) / True, TypeError, "plain number"),
    (lambda: Tensor([1.0, 2.0]) @ [1.0, 2.0], TypeError, "a Tensor on each side"),
    (lambda: Tensor([1.0, 2.0]) @ Tensor([1.0, 2.0]), ValueError, "(2,) and (2,)"),
    (lambda: Tensor(3.0).sum(axis=0), ValueError, "no axis 0"),
    (lambda: Tensor([[1.0]]).sum(axis=2), ValueError, "no axis 2"),
    (lambda: Tensor([[1.0]]).sum(axis=True), ValueError, "no axis True"),
    (lambda: Tensor([1.0]).sum(axis=1.0), ValueError, "no axis 1.0"),
    (lambda: Tensor([1.0]).backward(), ValueError, "shape ()"),
    (lambda: Tensor([710.0]).exp(), OverflowError, "exp(710.0) is too large"),
    (lambda: cross_entropy(Tensor([[1.0, 2.0]]), [True]), ValueError, "whole number from 0 to 1"),
    (lambda: cross_entropy(Tensor([[1.0, 2.0]]), [2]), ValueError, "whole number from 0 to 1"),
    (lambda: cross_entropy(Tensor([[1.0, 2.0]]), [0, 1]), ValueError, "one label per row"),
])
def test_what_a_tensor_cannot_be_or_do_is_refused_in_words(make, error, words):
    with pytest.raises(error, match=re.escape(words)):
        make()


def test_layers_of_gives_each_neurons_weights_in_a_column_and_its_bias_in_order():
    model = MLP(2, [3, 1])
    for k, neuron in enumerate(model.layers[0].neurons):
        neuron.b.data = float(k + 1)
    (weights, bias), _ = layers_of(model)
    assert bias.data == [1.0, 2.0, 3.0]
    assert weights.data[1::3] == [w.data for w in model.layers[0].neurons[1].w]
