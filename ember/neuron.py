"""A neuron on plain numbers: a weighted sum of its inputs, and an activation that turns the sum
into its output.

Part I of the course builds this module (lessons 01 to 04): the learner writes the sum, the
activations, the perceptron rule, and hand-set neurons for AND, OR and XOR. Numbers are plain
floats and lists, with no numpy, so that it runs the same in CPython and in Pyodide.
"""

import math
from collections.abc import Sequence
from numbers import Real


def weighted_sum(weights: Sequence[float], inputs: Sequence[float], bias: float) -> float:
    """The neuron's sum, w·x + b: each input times its weight, added up, plus the bias.

    Args:
        weights: One weight per input.
        inputs: The inputs, as many as weights.
        bias: A number added to the sum.

    Returns:
        The sum, a float.

    Raises:
        ValueError: If weights and inputs differ in length.
        TypeError: If a weight, an input or the bias is not a real number.
    """
    if len(weights) != len(inputs):
        raise ValueError(f"weighted_sum needs one weight per input: {len(weights)} weights, "
                         f"{len(inputs)} inputs")
    weights = [_number(weight, "a weight") for weight in weights]
    inputs = [_number(x, "an input") for x in inputs]
    bias = _number(bias, "the bias")
    # --- gap L01.weighted_sum ---
    total = bias
    for weight, x in zip(weights, inputs):
        total += weight * x
    return total
    # --- end ---


def step(z: float) -> float:
    """The step activation: 1.0 when z is at least 0, else 0.0 (Rosenblatt's threshold unit).

    Its slope is 0 everywhere but at 0, where it jumps: nudging a knob a little almost never
    changes the output, which is why lesson 04 trades it for the sigmoid.
    """
    z = _number(z, "z")
    # --- gap L01.step ---
    return 1.0 if z >= 0 else 0.0
    # --- end ---


def relu(z: float) -> float:
    """The rectified linear unit: z when it is positive, else 0.0."""
    z = _number(z, "z")
    # --- gap L03.relu ---
    return max(0.0, z)
    # --- end ---


def sigmoid(z: float) -> float:
    """The logistic sigmoid, 1 / (1 + e^(-z)): a smooth step from 0.0 to 1.0, 0.5 at z = 0.

    Computed so that no z overflows: sigmoid(1000) is 1.0 and sigmoid(-1000) is 0.0.
    """
    z = _number(z, "z")
    # --- gap L04.sigmoid ---
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)
    # --- end ---


def predict(weights: Sequence[float], bias: float, inputs: Sequence[float]) -> float:
    """A perceptron's decision for inputs: step(w·x + b), 1.0 or 0.0.

    Raises:
        ValueError, TypeError: As weighted_sum does.
    """
    return step(weighted_sum(weights, inputs, bias))


def train_perceptron(data: Sequence[tuple[Sequence[float], float]], epochs: int,
                     lr: float) -> tuple[list[float], float, list[int]]:
    """Learn a perceptron's weights and bias with the perceptron rule, starting from zeros.

    For each example in turn, the miss is target − prediction (−1, 0 or 1), and each knob moves by
    lr × miss × its input (the bias's input is 1). Source: F. Rosenblatt, "The perceptron: a
    probabilistic model for information storage and organization in the brain", Psychological
    Review 65(6), 1958.

    Args:
        data: Examples as (inputs, target) pairs, each target 0 or 1; all inputs of one length.
        epochs: How many times to go through data, at least 1.
        lr: The learning rate, a positive number.

    Returns:
        (weights, bias, mistakes): mistakes holds, for each epoch, how many examples it got wrong
        before moving the knobs. It reaches 0 when the perceptron has learned the data; on data
        no straight line separates, such as XOR, it never does.

    Raises:
        ValueError: If data is empty, its inputs differ in length, a target is not 0 or 1, epochs
            is below 1, or lr is not positive.
    """
    if not data:
        raise ValueError("train_perceptron needs at least one example")
    if len({len(inputs) for inputs, _ in data}) != 1:
        raise ValueError("train_perceptron needs examples whose inputs all have the same length")
    if any(target not in (0, 1) for _, target in data):
        raise ValueError("train_perceptron needs targets of 0 or 1")
    if epochs < 1:
        raise ValueError(f"train_perceptron needs at least 1 epoch, not {epochs}")
    if not _number(lr, "lr") > 0:
        raise ValueError(f"train_perceptron needs a positive learning rate, not {lr}")
    weights, bias, mistakes = [0.0] * len(data[0][0]), 0.0, []
    # --- gap L02.perceptron ---
    for _ in range(epochs):
        wrong = 0
        for inputs, target in data:
            miss = target - predict(weights, bias, inputs)
            if miss:
                wrong += 1
                weights = [w + lr * miss * x for w, x in zip(weights, inputs)]
                bias += lr * miss
        mistakes.append(wrong)
    return weights, bias, mistakes
    # --- end ---


# Lesson 01's hand-set neurons: the weights and bias of a perceptron that decides AND, and of
# one that decides OR, for inputs of 0 and 1.
# --- gap L01.gates ---
AND_WEIGHTS, AND_BIAS = [1.0, 1.0], -1.5
OR_WEIGHTS, OR_BIAS = [1.0, 1.0], -0.5
# --- end ---


def xor_net(inputs: Sequence[float]) -> float:
    """XOR of two inputs of 0 or 1, by two layers of hand-set neurons: 1.0 when exactly one is 1.

    The first layer has two relu neurons, one that counts the inputs that are on and one that
    fires only when both are; the output neuron is a step that fires for one but not for two.
    No single neuron can do this: no straight line puts (0, 1) and (1, 0) on one side and (0, 0)
    and (1, 1) on the other (M. Minsky and S. Papert, Perceptrons, MIT Press, 1969).

    Args:
        inputs: Two numbers, each 0 or 1.

    Returns:
        1.0 or 0.0.

    Raises:
        ValueError, TypeError: As weighted_sum does, for inputs of the wrong length or type.
    """
    # --- gap L03.xor ---
    hidden = [relu(weighted_sum([1.0, 1.0], inputs, 0.0)),
              relu(weighted_sum([1.0, 1.0], inputs, -1.0))]
    return step(weighted_sum([1.0, -2.0], hidden, -0.5))
    # --- end ---


def _number(x: object, what: str) -> float:
    """x as a float; TypeError, naming what x is, unless it is a real number (bool excluded)."""
    if not isinstance(x, Real) or isinstance(x, bool):
        raise TypeError(f"{what} must be a number (an int or a float), not {type(x).__name__} {x!r}")
    return float(x)
