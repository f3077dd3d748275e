"""Data made in code, seeded, so that nothing is downloaded and every run sees the same points.

Part III of the course uses it (lesson 14). Each example is ``([x, y], label)`` with a label of
-1 or 1, as ember.optim.hinge_loss takes them.
"""

import math
import random


def xor() -> list[tuple[list[float], int]]:
    """XOR's four corners: 1 where exactly one input is 1, else -1."""
    return [([0.0, 0.0], -1), ([0.0, 1.0], 1), ([1.0, 0.0], 1), ([1.0, 1.0], -1)]


def moons(n: int = 100, noise: float = 0.1, seed: int = 0) -> list[tuple[list[float], int]]:
    """Two interleaving half circles, n points in all, with Gaussian noise.

    The upper moon is the half circle of radius 1 around (0, 0), labelled -1; the lower one is
    the same half circle turned over and moved to (1, 0.5), labelled 1 (the shape of
    scikit-learn's make_moons).

    Args:
        n: How many points, at least 2; the upper moon gets the odd one.
        noise: The standard deviation of the noise added to each coordinate, 0 or more.
        seed: The seed of the random.Random the noise comes from.

    Raises:
        ValueError: If n is below 2 or noise is negative.
    """
    if n < 2:
        raise ValueError(f"moons needs at least 2 points, not {n}")
    if noise < 0:
        raise ValueError(f"moons needs a noise of 0 or more, not {noise}")
    rng = random.Random(seed)
    upper, lower = n - n // 2, n // 2
    points = []
    for i in range(upper):
        t = math.pi * i / max(upper - 1, 1)
        points.append(([math.cos(t), math.sin(t)], -1))
    for i in range(lower):
        t = math.pi * i / max(lower - 1, 1)
        points.append(([1 - math.cos(t), 0.5 - math.sin(t)], 1))
    return [([x + rng.gauss(0, noise), y + rng.gauss(0, noise)], label) for (x, y), label in points]
