"""Training for real (lesson 14): seconds a step of MLP(2, [16, 16, 1]) on 100 moon points with
the reference ember, in Pyodide in Chromium against CPython running the same code in this run;
what the cyclic garbage collector costs a step when collector_held does not hold it off; and the
same step on lesson 16's engine (ember.fast, a neuron's sum one node) and on lesson 17's Tensors
(a layer one node) against lesson 14's."""

import json
import subprocess
import sys

from bench.browser import ROOT, Bench
from bench.table import Row

STEPS = 100
RUNNING = 10
"""Steps timed with the collector left running: each is several times slower."""

TRAIN = f"""\
import gc, json, time
from ember.data import moons
from ember import fast
from ember.tensor import Tensor, hinge_step, layers_of
from ember.nn import MLP, Neuron
from ember.optim import accuracy, collector_held, hinge_loss, train_step
from ember.scalar import topological_order

def seconds_a_step(steps, held, neuron=Neuron):
    model, data = MLP(2, [16, 16, 1], neuron=neuron), moons(100, noise=0.1, seed=0)
    gc.collect()  # no garbage from before; the garbage of these steps is freed inside the timing
    start = time.perf_counter()
    for step in range(steps):
        lr = 1.0 - 0.9 * step / {STEPS}
        if held:
            with collector_held():
                train_step(model, data, lr)
        else:
            train_step(model, data, lr)
    gc.collect()
    seconds = (time.perf_counter() - start) / steps
    return seconds, accuracy([model(x) for x, _ in data], [label for _, label in data])

def seconds_a_tensor_step(steps):
    model, data = MLP(2, [16, 16, 1]), moons(100, noise=0.1, seed=0)
    layers = layers_of(model)
    inputs, labels = Tensor([x for x, _ in data]), Tensor([[float(label)] for _, label in data])
    gc.collect()
    start = time.perf_counter()
    for step in range(steps):  # a step makes some forty nodes: the collector is left running
        hinge_step(layers, inputs, labels, 1.0 - 0.9 * step / {STEPS})
    gc.collect()
    return (time.perf_counter() - start) / steps

held, right = seconds_a_step({STEPS}, held=True)
running, _ = seconds_a_step({RUNNING}, held=False)
lean, lean_right = seconds_a_step({STEPS}, held=True, neuron=fast.Neuron)
model, data = MLP(2, [16, 16, 1]), moons(100, noise=0.1, seed=0)
loss = hinge_loss([model(x) for x, _ in data], [label for _, label in data], model.parameters())
print(json.dumps({{"held": held, "running": running, "accuracy": right,
                  "values": len(topological_order(loss)), "lean": lean, "lean_accuracy": lean_right,
                  "tensor": seconds_a_tensor_step({STEPS})}}))
"""
"""Prints one line of JSON: seconds a step with the collector held and left running, the
accuracy after STEPS steps, and how many Values one step's graph holds; then the seconds a step
and the accuracy with lesson 16's engine, and the seconds a step on lesson 17's Tensors."""


def cpython() -> dict:
    """TRAIN's result in CPython, from the repository's ember."""
    done = subprocess.run([sys.executable, "-c", TRAIN], cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=900)
    return json.loads(done.stdout)


def pyodide(bench: Bench) -> dict:
    """TRAIN's result in Pyodide, in a worker of bench/pages/training.html."""
    page = bench.page()
    try:
        page.goto(bench.repo + "bench/pages/training.html")
        result = page.evaluate("(code) => window.runPython(code)", TRAIN)
    finally:
        page.context.close()
    if "error" in result:
        raise SystemExit(f"training in Pyodide failed: {result['error']}")
    return json.loads(result["out"])


def figures(bench: Bench) -> list[Row]:
    """Five rows: a training step in Pyodide against CPython, in each a step with the collector
    left running against one with it held, and a step in Pyodide on lesson 16's engine and on
    lesson 17's Tensors against lesson 14's."""
    native, browser = cpython(), pyodide(bench)
    if min(browser["accuracy"], browser["lean_accuracy"]) < 0.95:
        raise SystemExit(f"training in Pyodide reached only {browser['accuracy']:.0%} of the moons "
                         f"({browser['lean_accuracy']:.0%} with lesson 16's engine)")
    return [
        Row(f"Training: a step of MLP(2, [16, 16, 1]) on 100 moons ({browser['values']:,} Values), "
            f"Pyodide, {STEPS} steps, collector held", browser["held"] * 1000, native["held"] * 1000,
            "CPython, the same code", "≤ 500 ms, to watch it learn", browser["held"] <= 0.5),
        Row(f"Training: the same step with the collector left running ({RUNNING} steps, Pyodide)",
            browser["running"] * 1000, browser["held"] * 1000, "collector held",
            "held is quicker", browser["running"] > browser["held"]),
        Row(f"Training: the same step with the collector left running ({RUNNING} steps, CPython)",
            native["running"] * 1000, native["held"] * 1000, "collector held",
            "held is quicker", native["running"] > native["held"]),
        Row(f"Training: the same step on lesson 16's engine, a neuron's sum one node (Pyodide, {STEPS} steps, "
            "collector held)", browser["lean"] * 1000, browser["held"] * 1000, "lesson 14's engine",
            "≤ 0.5 × baseline", browser["lean"] <= 0.5 * browser["held"]),
        Row(f"Training: the same step on lesson 17's Tensors, a layer one node (Pyodide, {STEPS} steps)", browser["tensor"] * 1000, browser["held"] * 1000, "lesson 14's engine",
            "≤ 0.05 × baseline", browser["tensor"] <= 0.05 * browser["held"]),
    ]
