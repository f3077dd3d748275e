"""ember.neuron: the weighted sum, the activations and the perceptron rule, with values worked out
by hand."""

import pytest

from ember.neuron import (AND_BIAS, AND_WEIGHTS, OR_BIAS, OR_WEIGHTS, predict, relu, sigmoid, step,
                          train_perceptron, weighted_sum, xor_net)

AND = [([0, 0], 0), ([0, 1], 0), ([1, 0], 0), ([1, 1], 1)]
OR = [([0, 0], 0), ([0, 1], 1), ([1, 0], 1), ([1, 1], 1)]
XOR = [([0, 0], 0), ([0, 1], 1), ([1, 0], 1), ([1, 1], 0)]


def test_the_weighted_sum_is_each_input_times_its_weight_plus_the_bias():
    assert weighted_sum([0.5, -2], [4, 1.5], 1) == 0.0  # 2 - 3 + 1
    assert weighted_sum([], [], 2.5) == 2.5
    assert isinstance(weighted_sum([1], [1], 0), float)


def test_hand_set_weights_decide_and_and_or():
    for data, weights, bias in ((AND, AND_WEIGHTS, AND_BIAS), (OR, OR_WEIGHTS, OR_BIAS)):
        assert [predict(weights, bias, inputs) for inputs, _ in data] == [target for _, target in data]


def test_two_layers_with_a_kink_compute_xor():
    assert [xor_net(inputs) for inputs, _ in XOR] == [target for _, target in XOR]


def test_the_activations():
    assert (step(0), step(-1e-9), step(3)) == (1.0, 0.0, 1.0)
    assert (relu(-2), relu(0), relu(2.5)) == (0.0, 0.0, 2.5)
    assert sigmoid(0) == 0.5 and sigmoid(2) == pytest.approx(1 - sigmoid(-2))
    assert (sigmoid(1000), sigmoid(-1000)) == (1.0, 0.0)  # no OverflowError


@pytest.mark.parametrize("data", [AND, OR])
def test_the_perceptron_learns_and_and_or(data):
    weights, bias, mistakes = train_perceptron(data, epochs=20, lr=0.1)
    assert mistakes[-1] == 0 and mistakes[0] > 0
    assert [predict(weights, bias, inputs) for inputs, _ in data] == [target for _, target in data]


def test_the_perceptron_never_settles_on_xor():
    _, _, mistakes = train_perceptron(XOR, epochs=100, lr=0.1)
    assert min(mistakes) > 0


def test_bad_input_gets_a_clear_error():
    with pytest.raises(ValueError, match="one weight per input: 2 weights, 3 inputs"):
        weighted_sum([1, 2], [1, 2, 3], 0)
    with pytest.raises(TypeError, match="an input must be a number .* not str '1'"):
        weighted_sum([1], ["1"], 0)
    with pytest.raises(TypeError, match="the bias must be a number"):
        weighted_sum([1], [1], True)
    for data, epochs, lr, message in (([], 1, 0.1, "at least one example"),
                                      ([([0], 0), ([0, 1], 1)], 1, 0.1, "same length"),
                                      ([([0], 2)], 1, 0.1, "targets of 0 or 1"),
                                      (AND, 0, 0.1, "at least 1 epoch"),
                                      (AND, 1, 0, "positive learning rate")):
        with pytest.raises(ValueError, match=message):
            train_perceptron(data, epochs, lr)
