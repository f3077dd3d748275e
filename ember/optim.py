"""Training a network of Values: the max-margin loss of lesson 14 and the step of stochastic
gradient descent (SGD) that lowers it.

Part III of the course builds this module (lesson 14). The loss follows the demo of A. Karpathy's
micrograd: a hinge loss on scores against labels of -1 and 1, plus an L2 penalty on the weights
(C. Cortes and V. Vapnik, "Support-vector networks", Machine Learning 20, 1995).
"""

# --- given L14 ---
from collections.abc import Sequence

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
    margins = [(1 - label * score).relu() for score, label in zip(scores, labels)]
    data_loss = sum(margins, Value(0.0)) * (1.0 / len(margins))
    return data_loss + alpha * sum((p * p for p in parameters), Value(0.0))


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
    for p in parameters:
        p.data -= lr * p.grad
# --- end ---
