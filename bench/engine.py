"""Engine figures, in CPython: P5, one forward and backward pass of MLP(2, [16, 16, 1]) on 100
moon points with the reference ember's fastest engine (lesson 16's: ember.fast, a neuron's sum
one node), against micrograd 0.1.0 (PyPI) on the same data, the same weights and the same loss;
P5b, the backward pass of a chain of 100,000 Values.

micrograd's MLP is the same network: relu neurons, a linear output, weights then bias in each
neuron. The loss is lesson 14's hinge loss, written once more with micrograd's Values.
"""

import gc
import statistics
import time

from micrograd import engine as micrograd_engine
from micrograd import nn as micrograd_nn

from bench.table import Row
from ember.data import moons
from ember.fast import Neuron
from ember.nn import MLP
from ember.optim import hinge_loss
from ember.scalar import Value

REPEATS = 5
DEPTH = 100_000
ALPHA = 1e-4
TOLERANCE = 1e-9


def timed(run) -> float:
    """run()'s median seconds over REPEATS, each with the collector off during the run and the
    run's garbage freed inside the timing (as ember.optim.collector_held does)."""
    times = []
    for _ in range(REPEATS):
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        try:
            run()
        finally:
            gc.enable()
        gc.collect()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def micrograd_pass(model, data) -> micrograd_engine.Value:
    """The forward and backward pass of lesson 14's hinge loss, with micrograd."""
    scores = [model(list(x)) for x, _ in data]
    margins = [(1 - label * score).relu() for score, (_, label) in zip(scores, data)]
    loss = sum(margins, micrograd_engine.Value(0.0)) * (1.0 / len(margins))
    loss = loss + ALPHA * sum((p * p for p in model.parameters()), micrograd_engine.Value(0.0))
    model.zero_grad()
    loss.backward()
    return loss


def ember_pass(model, data) -> Value:
    scores = [model(x) for x, _ in data]
    loss = hinge_loss(scores, [label for _, label in data], model.parameters(), ALPHA)
    model.zero_grad()
    loss.backward()
    return loss


def mlp_pass() -> Row:
    """P5: the pass with each engine, and whether their losses and grads agree to TOLERANCE."""
    data = moons(100, noise=0.1, seed=0)
    ours, theirs = MLP(2, [16, 16, 1], neuron=Neuron), micrograd_nn.MLP(2, [16, 16, 1])
    for mine, other in zip(ours.parameters(), theirs.parameters(), strict=True):
        other.data = mine.data
    losses = ember_pass(ours, data).data, micrograd_pass(theirs, data).data  # no graph kept alive
    gap = max(abs(x - y) for x, y in [losses] + [
        (p.grad, q.grad) for p, q in zip(ours.parameters(), theirs.parameters(), strict=True)])
    ember_s, micrograd_s = timed(lambda: ember_pass(ours, data)), timed(lambda: micrograd_pass(theirs, data))
    return Row(f"P5 engine: forward and backward of MLP(2, [16, 16, 1]) on 100 moons with lesson 16's engine "
               f"(one node per neuron), CPython (largest difference from micrograd {gap:.0e})", ember_s * 1000,
               micrograd_s * 1000, "micrograd 0.1.0", "≤ 0.5 × baseline, the same answers to 1e-9",
               ember_s <= micrograd_s / 2 and gap <= TOLERANCE)


def micrograd_depth() -> int:
    """The deepest chain whose backward pass micrograd runs, between 1 and DEPTH."""
    def runs(depth: int) -> bool:
        x = micrograd_engine.Value(1.0)
        for _ in range(depth):
            x = x * 1.0
        try:
            x.backward()
            return True
        except RecursionError:
            return False

    low, high = 1, DEPTH
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if runs(middle) else (low, middle - 1)
    return low


def deep_chain() -> Row:
    """P5b: ember's backward pass of a chain of DEPTH Values; micrograd's deepest, as text."""
    def chain() -> None:
        x = Value(1.0)
        for _ in range(DEPTH):
            x = x * 1.0
        x.backward()

    try:
        seconds, ran = timed(chain), True
    except RecursionError:
        seconds, ran = 0.0, False
    deepest = micrograd_depth()
    return Row(f"P5b a chain of {DEPTH:,} Values, backward, CPython", seconds * 1000, 0.0,
               f"micrograd: RecursionError beyond {deepest:,}", "no RecursionError", ran)


def figures() -> list[Row]:
    return [mlp_pass(), deep_chain()]
