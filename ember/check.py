"""Checking the backward pass against nudging: the gradient check of lesson 12.

Backward and numerical_gradient measure the same slopes in two unrelated ways, one by the chain
rule and one by nudging, so where they agree, both are very likely right (A. Ng, CS294A lecture
notes "Sparse autoencoder", section 2.3 "Gradient checking", Stanford, 2011).
"""

from collections.abc import Callable, Sequence

from ember.scalar import Value
from ember.train import numerical_gradient


def gradient_check(f: Callable[..., Value], point: Sequence[float],
                   h: float = 1e-5) -> list[tuple[float, float]]:
    """Each knob's slope of f at point, by backward and by numerical_gradient.

    Args:
        f: Takes one Value per knob and returns a Value, such as ``lambda a, b: a * b + a``.
        point: Where to take the slopes, one float per knob; not changed.
        h: The nudge of numerical_gradient.

    Returns:
        One (backward, nudged) pair per knob: the grad that backward gave the knob's Value, and
        the centred difference of f's data. It costs one backward pass and 2N forward passes.
    """
    # --- gap L12.check ---
    knobs = [Value(x) for x in point]
    f(*knobs).backward()
    loss = lambda xs: f(*[Value(x) for x in xs]).data
    nudged = numerical_gradient(loss, point, h)
    return [(knob.grad, slope) for knob, slope in zip(knobs, nudged)]
    # --- end ---


def relative_error(a: float, b: float) -> float:
    """|a - b| / max(|a|, |b|): 0.0 when a and b are equal (both 0 included), 1e-7 when they agree
    to about 7 significant digits."""
    size = max(abs(a), abs(b))
    return abs(a - b) / size if size else 0.0
