"""The state of a network made of Values, for the page's diagram of it (js/network.js).

``network(model)`` reads an ``MLP`` of ember's ``nn`` module, or any object shaped like one: a
list ``layers``, each with a list ``neurons``, each with weights ``w`` (Values), a bias ``b`` (a
Value) and ``nonlinear`` (relu after the sum when true). It gives this JSON::

    {"sizes": [inputs, neurons of layer 1, ...],
     "layers": [{"relu": bool, "neurons": [{"weights": [...], "grads": [...],
                                            "bias": float, "bias_grad": float}, ...]}, ...],
     "activations": None | [[input, ...], [output of each neuron of layer 1, ...], ...],
     "step": None | int}

``grads`` are each weight's grad, as the last backward pass left it. ``activations`` are what the
model's own layers give for the inputs, layer by layer: the last list holds the scores. Numbers
that are not finite are given as the strings "nan", "inf" and "-inf", as in hx's graphs.
"""

from collections.abc import Sequence
from numbers import Real

from hx import _number

MAX_LAYERS = 4
"""The most layers a diagram draws."""

MAX_WIDTH = 32
"""The most neurons a layer may have, and the most inputs, for the diagram to stay readable."""


def network(model: object, inputs: Sequence[float] | None = None, step: int | None = None) -> dict:
    """The diagram's JSON for model (this module's docstring).

    Args:
        model: An MLP: ``model.layers[k].neurons[j]`` has ``w``, ``b`` and ``nonlinear``.
        inputs: One input for the model, as many numbers as it reads, or None for no
            activations. The model's layers are called on it, so the activations are the
            learner's engine's.
        step: The training step the state is after, for the page to name it; None if none.

    Raises:
        TypeError: If model is not shaped like an MLP, an input is not a number, or a layer
            gives something other than a list of Values or numbers, or a weight or bias is not
            a Value holding a number.
        ValueError: If the model has no layer or more than MAX_LAYERS, a layer (or the
            inputs) has more than MAX_WIDTH, the model reads no input, a neuron's weights do not
            match the layer before it, inputs has the wrong length or a number too large for a
            float, or step is below 0.
    """
    layers = _layers(model)
    sizes = [len(layers[0].neurons[0].w), *(len(layer.neurons) for layer in layers)]
    if sizes[0] < 1:
        raise ValueError("this network reads no input: a diagram needs 1 to 32 inputs")
    if max(sizes) > MAX_WIDTH:
        raise ValueError(f"this network's widths are {sizes}: a diagram draws at most {MAX_WIDTH} "
                         "inputs and neurons a layer; draw a smaller network")
    drawn = [{"relu": bool(getattr(layer.neurons[0], "nonlinear", k < len(layers) - 1)),
              "neurons": [_neuron(neuron, sizes[k], k, j) for j, neuron in enumerate(layer.neurons)]}
             for k, layer in enumerate(layers)]
    if step is not None and (not isinstance(step, int) or isinstance(step, bool)):
        raise TypeError(f"step must be a whole number, not {step!r}")
    if step is not None and not 0 <= step <= 10**9:
        raise ValueError(f"step must be from 0 to 1,000,000,000, not {step}")
    return {"sizes": sizes, "layers": drawn,
            "activations": None if inputs is None else activations(layers, inputs, sizes[0]),
            "step": step}


def _layers(model: object) -> list:
    """model's layers, each checked to hold a list of neurons with weights and a bias."""
    layers = getattr(model, "layers", None)
    if not isinstance(layers, (list, tuple)) or not all(
            isinstance(getattr(layer, "neurons", None), (list, tuple)) and layer.neurons
            and all(hasattr(n, "w") and hasattr(n, "b") for n in layer.neurons) for layer in layers):
        raise TypeError(f"show_network needs an MLP, whose layers hold neurons with weights w and a "
                        f"bias b, not {type(model).__name__}")
    if not 1 <= len(layers) <= MAX_LAYERS:
        raise ValueError(f"this network has {len(layers)} layers: a diagram draws 1 to {MAX_LAYERS}")
    return list(layers)


def _neuron(neuron: object, inputs: int, layer: int, index: int) -> dict:
    """One neuron's weights, their grads, its bias and the bias's grad."""
    if len(neuron.w) != inputs:
        raise ValueError(f"neuron {index + 1} of layer {layer + 1} has {len(neuron.w)} weights, but "
                         f"the layer before it gives {inputs} numbers")
    return {"weights": [_knob(w, "a weight") for w in neuron.w], "grads": [_knob(w, "a weight", "grad") for w in neuron.w],
            "bias": _knob(neuron.b, "a bias"), "bias_grad": _knob(neuron.b, "a bias", "grad")}


def _knob(value: object, what: str, part: str = "data") -> float | str:
    """value.data (or .grad) as hx writes numbers; a TypeError naming what when it is not a Value
    holding a number."""
    number = getattr(value, part, None)
    if not isinstance(number, Real) or isinstance(number, bool):
        raise TypeError(f"{what} must be a Value holding a number in its {part}, not {type(value).__name__} {value!r}")
    try:
        return _number(number)
    except OverflowError:
        raise ValueError(f"{what}'s {part} is too large for a float: {value!r}") from None


def activations(layers: list, inputs: Sequence[float], size: int) -> list[list[float | str]]:
    """What each of layers gives for inputs, the inputs first, calling the layers themselves.

    Raises:
        TypeError, ValueError: As network() says of inputs and of what a layer gives.
    """
    inputs = list(inputs)
    if len(inputs) != size:
        raise ValueError(f"this network reads {size} inputs, not {len(inputs)}")
    for x in inputs:
        if not isinstance(x, Real) or isinstance(x, bool):
            raise TypeError(f"an input must be a number, not {type(x).__name__} {x!r}")
        try:
            float(x)
        except OverflowError:
            raise ValueError(f"an input must fit in a float, not {x!r}") from None
    seen = [[_number(x) for x in inputs]]
    x = inputs
    for k, layer in enumerate(layers):
        x = layer(x)
        if not isinstance(x, (list, tuple)) or len(x) != len(layer.neurons):
            raise TypeError(f"layer {k + 1} gave {type(x).__name__}, not a list of one Value a neuron")
        numbers = [getattr(v, "data", v) for v in x]
        if not all(isinstance(v, Real) and not isinstance(v, bool) for v in numbers):
            raise TypeError(f"layer {k + 1} gave something that is not a Value or a number")
        seen.append([_number(v) for v in numbers])
    return seen
