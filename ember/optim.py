"""Training a network of Values: the max-margin loss of lesson 14, the step of stochastic
gradient descent (SGD) that lowers it, and one training step made of both.

Part III of the course builds this module (lesson 14). The loss follows the demo of A. Karpathy's
micrograd: a hinge loss on scores against labels of -1 and 1, plus an L2 penalty on the weights
(C. Cortes and V. Vapnik, "Support-vector networks", Machine Learning 20, 1995).
"""

import gc
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ember.nn import Module
from ember.scalar import Value


def hinge_loss(scores: Sequence[Value], labels: Sequence[int], parameters: Sequence[Value],
               alpha: float = 1e-4) -> Value:
    """The mean of relu(1 - label × score) over the examples, plus alpha × the sum of the
    squared parameters.

    A score on the right side of 0 by a margin of 1 or more costs nothing; a wrong or timid one
    costs its distance from that margin. The penalty keeps the weights small.

    Args:
        scores: The model's score for each example, Values.
        labels: -1 or 1 for each example.
        parameters: The knobs to penalise.
        alpha: The weight of the penalty, 0 or more.

    Raises:
        ValueError: If scores and labels differ in length, there are none, or a label is not
            -1 or 1.
    """
    if len(scores) != len(labels) or not scores:
        raise ValueError(f"hinge_loss needs one label per score: {len(scores)} scores, {len(labels)} labels")
    if any(label not in (-1, 1) for label in labels):
        raise ValueError("hinge_loss needs labels of -1 or 1")
    Value = type(scores[0])  # the scores' engine: ember.scalar's, or ember.fast's (lesson 15)
    # --- gap L14.hinge ---
    margins = [(1 - label * score).relu() for score, label in zip(scores, labels)]
    data_loss = sum(margins, Value(0.0)) * (1.0 / len(margins))
    return data_loss + alpha * sum((p * p for p in parameters), Value(0.0))
    # --- end ---


def accuracy(scores: Sequence[Value], labels: Sequence[int]) -> float:
    """The share of examples whose score has the sign of their label, from 0.0 to 1.0."""
    return sum((score.data > 0) == (label > 0) for score, label in zip(scores, labels)) / len(labels)


def sgd_step(parameters: Sequence[Value], lr: float) -> None:
    """Move every knob against its grad: data -= lr × grad.

    Raises:
        ValueError: If lr is not positive.
    """
    if not lr > 0:
        raise ValueError(f"sgd_step needs a positive learning rate, not {lr}")
    # --- gap L14.sgd ---
    for p in parameters:
        p.data -= lr * p.grad
    # --- end ---


def train_step(model: Module, data: Sequence[tuple[Sequence[float], int]], lr: float,
               alpha: float = 1e-4) -> tuple[float, float]:
    """One step of training on every example: score them, take the hinge loss, run the
    backward pass from fresh grads, and move every knob with sgd_step.

    Args:
        model: A model whose call gives one score, a Value, for an example's inputs.
        data: The examples, each (inputs, label) with a label of -1 or 1.
        lr: The learning rate, above 0.
        alpha: The weight of hinge_loss's penalty.

    Returns:
        The loss and the accuracy, both floats, as they were before the step moved the knobs.

    Raises:
        ValueError: As hinge_loss and sgd_step raise them.
    """
    if not data:
        raise ValueError("train_step needs at least one example")
    # --- gap L14.step ---
    scores = [model(inputs) for inputs, _ in data]
    labels = [label for _, label in data]
    loss = hinge_loss(scores, labels, model.parameters(), alpha)
    model.zero_grad()
    loss.backward()
    sgd_step(model.parameters(), lr)
    return loss.data, accuracy(scores, labels)
    # --- end ---


@contextmanager
def collector_held() -> Iterator[None]:
    """Hold Python's cyclic garbage collector off inside the block, and run it once after.

    Each ``_backward`` closure refers to its own output, so every Value of a graph sits in a
    reference cycle, and only the collector frees it. While a training step builds its graph of
    tens of thousands of Values, the collector would trace them again and again; held off, it
    traces them once, when the step is over. A step of ``MLP(2, [16, 16, 1])`` on 100 points
    gets about 4 times quicker in CPython 3.11, and about 1.5 times in Pyodide's Python 3.14,
    whose collector works in increments (``make bench``).
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
        gc.collect()


def quickest_steps(models: dict, data: Sequence[tuple[Sequence[float], int]], rounds: int = 3,
                   lr: float = 0.1) -> dict[str, float]:
    """The seconds of each model's quickest training step (train_step), the models taking turns
    so that a busy moment of the machine slows one step, not one model; the collector held off
    in each step and its work counted (collector_held). Lessons 15 to 17 race their engines with
    it.

    Args:
        models: The models by name; each takes one untimed step first, and rounds timed ones.
        data: The examples, as train_step takes them.
        rounds: How many steps of each model are timed.
        lr: The learning rate of the steps.

    Returns:
        ``{name: seconds}``, the least of each model's timed steps.
    """
    for model in models.values():
        train_step(model, data, lr)
    best = {}
    for _ in range(rounds):
        for name, model in models.items():
            gc.collect()
            start = time.perf_counter()
            with collector_held():
                train_step(model, data, lr)
            gc.collect()
            best[name] = min(best.get(name, float("inf")), time.perf_counter() - start)
    return best
