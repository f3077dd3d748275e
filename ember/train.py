"""Training on plain numbers: how wrong a model is, as one number (its loss), and how to lower it
by nudging each knob and watching the loss.

Part I of the course builds this module (lessons 04 to 06): the learner writes the loss, both
nudged gradients, gradient descent, and the counter that prices them. A "knob" is a parameter, a
weight or a bias; a "forward pass" is one evaluation of the loss. Numbers are plain floats and
lists, with no numpy, so that it runs the same in CPython and in Pyodide.
"""

from collections.abc import Callable, Sequence

Loss = Callable[[list[float]], float]
"""A loss: the knobs, as a list of floats, in; how wrong the model is with them, a float, out."""


def squared_error(prediction: float, target: float) -> float:
    """(prediction − target)²: 0.0 for a hit, and four times the penalty for twice the miss."""
    # --- gap L04.squared_error ---
    return (prediction - target) ** 2
    # --- end ---


def mean_loss(model: Callable[[Sequence[float]], float],
              data: Sequence[tuple[Sequence[float], float]]) -> float:
    """The mean squared error of model over data.

    Args:
        model: Inputs in, a prediction (a float) out.
        data: Examples as (inputs, target) pairs.

    Returns:
        The mean of squared_error(model(inputs), target) over the examples.

    Raises:
        ValueError: If data is empty.
    """
    if not data:
        raise ValueError("mean_loss needs at least one example")
    # --- gap L04.mean_loss ---
    return sum(squared_error(model(inputs), target) for inputs, target in data) / len(data)
    # --- end ---


class Counted:
    """A loss that counts its forward passes: calling it calls the loss and adds 1 to calls.

    Attributes:
        loss: The loss it wraps.
        calls: How many times it has been called, from 0.
    """

    def __init__(self, loss: Loss) -> None:
        # --- gap L06.counted_init ---
        self.loss = loss
        self.calls = 0
        # --- end ---

    def __call__(self, knobs: list[float]) -> float:
        # --- gap L06.counted_call ---
        self.calls += 1
        return self.loss(knobs)
        # --- end ---


def numerical_gradient(loss: Loss, knobs: Sequence[float], h: float = 1e-5) -> list[float]:
    """Each knob's slope of the loss, by the centred difference (L(k + h) − L(k − h)) / 2h.

    It makes 2 forward passes per knob, 2N for N knobs: the bill that lesson 06 measures. The
    error of the centred difference shrinks as h² (for a loss with a smooth third derivative),
    until h is so small that rounding takes over. Source: R. L. Burden and J. D. Faires,
    Numerical Analysis, section 4.1, "Numerical differentiation".

    Args:
        loss: The loss, called with a list of knobs.
        knobs: Where to take the slopes; not changed.
        h: The nudge, a positive number.

    Returns:
        One slope per knob: how much the loss changes per unit of that knob.

    Raises:
        ValueError: If h is not a positive number.
    """
    if not h > 0:
        raise ValueError(f"numerical_gradient needs a positive nudge h, not {h}")
    # --- gap L05.numerical_gradient ---
    slopes = []
    for i in range(len(knobs)):
        up, down = list(knobs), list(knobs)
        up[i] += h
        down[i] -= h
        slopes.append((loss(up) - loss(down)) / (2 * h))
    return slopes
    # --- end ---


def one_sided_gradient(loss: Loss, knobs: Sequence[float], h: float = 1e-5) -> list[float]:
    """Each knob's slope of the loss, by the one-sided difference (L(k + h) − L(k)) / h.

    It makes N + 1 forward passes for N knobs: one where the knobs stand, then one per nudged
    knob, about half the bill of numerical_gradient. Its error shrinks only as h, not as h²
    (Burden and Faires, Numerical Analysis, section 4.1).

    Args:
        loss: The loss, called with a list of knobs.
        knobs: Where to take the slopes; not changed.
        h: The nudge, a positive number.

    Returns:
        One slope per knob.

    Raises:
        ValueError: If h is not a positive number.
    """
    if not h > 0:
        raise ValueError(f"one_sided_gradient needs a positive nudge h, not {h}")
    # --- gap L06.one_sided ---
    here = loss(list(knobs))
    slopes = []
    for i in range(len(knobs)):
        nudged = list(knobs)
        nudged[i] += h
        slopes.append((loss(nudged) - here) / h)
    return slopes
    # --- end ---


def gradient_descent(loss: Loss, knobs: Sequence[float], lr: float, steps: int,
                     h: float = 1e-5) -> tuple[list[float], list[float]]:
    """Lower the loss by moving every knob against its slope, steps times.

    Each step takes numerical_gradient (2N forward passes for N knobs) and moves each knob by
    −lr × its slope.

    Args:
        loss: The loss, called with a list of knobs.
        knobs: Where to start; not changed.
        lr: The learning rate, a positive number.
        steps: How many steps to take, 0 or more.
        h: The nudge of numerical_gradient.

    Returns:
        (knobs, history): the knobs after the last step, and the loss before each step and after
        the last, steps + 1 values.

    Raises:
        ValueError: If lr is not positive, steps is negative, or h is not positive.
    """
    if not lr > 0:
        raise ValueError(f"gradient_descent needs a positive learning rate, not {lr}")
    if steps < 0:
        raise ValueError(f"gradient_descent needs 0 or more steps, not {steps}")
    knobs = list(knobs)
    # --- gap L05.descent ---
    history = [loss(knobs)]
    for _ in range(steps):
        slopes = numerical_gradient(loss, knobs, h)
        knobs = [k - lr * slope for k, slope in zip(knobs, slopes)]
        history.append(loss(knobs))
    return knobs, history
    # --- end ---
