"""Networks made of Values: a Neuron, a Layer of them, and an MLP of Layers.

Part III of the course builds this module (lesson 13). Every weight and bias is a Value, so one
call to ``loss.backward()`` reaches all of them. The shape follows A. Karpathy's micrograd
(``micrograd/nn.py``); the weights start from a seeded random.Random, so that every page and
every test makes the same network.
"""

import random
from collections.abc import Sequence

from ember.scalar import Value


class Module:
    """Anything with knobs: parameters() lists them, zero_grad() sets their grads to 0.0."""

    def parameters(self) -> list[Value]:
        """The knobs, as Values, in a fixed order; none for a bare Module."""
        return []

    def zero_grad(self) -> None:
        """Set every knob's grad to 0.0, before the next backward pass adds to them."""
        # --- gap L13.zero_grad ---
        for p in self.parameters():
            p.grad = 0.0
        # --- end ---


class Neuron(Module):
    """One neuron: relu (or nothing) of the weighted sum of its inputs plus a bias.

    Its knobs are made by the class ``knob``, ember.scalar's Value; a subclass may make them of
    another engine's (ember.fast.Neuron, from lesson 15).

    Args:
        inputs: How many inputs it reads, at least 1.
        rng: Where its weights come from: each is uniform in [-1, 1). The bias starts at 0.0.
        nonlinear: relu after the sum when True; the plain sum when False (an output neuron).

    Raises:
        ValueError: If inputs is below 1.
    """

    knob = Value

    def __init__(self, inputs: int, rng: random.Random, nonlinear: bool = True) -> None:
        if inputs < 1:
            raise ValueError(f"a Neuron needs at least 1 input, not {inputs}")
        self.w = [self.knob(rng.uniform(-1, 1)) for _ in range(inputs)]
        self.b = self.knob(0.0)
        self.nonlinear = nonlinear

    def __call__(self, x: Sequence["Value | float"]) -> Value:
        """The neuron's output for the inputs x, as many as its weights: relu(w·x + b), or
        w·x + b when it is not nonlinear.

        Raises:
            ValueError: If x has the wrong number of inputs.
        """
        if len(x) != len(self.w):
            raise ValueError(f"this Neuron reads {len(self.w)} inputs, not {len(x)}")
        # --- gap L13.neuron ---
        total = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return total.relu() if self.nonlinear else total
        # --- end ---

    def parameters(self) -> list[Value]:
        """The weights, in order, then the bias."""
        # --- gap L13.neuron_parameters ---
        return self.w + [self.b]
        # --- end ---

    def __repr__(self) -> str:
        return f"{'ReLU' if self.nonlinear else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """Neurons side by side, each reading the same inputs.

    Args:
        inputs: How many inputs each neuron reads.
        outputs: How many neurons, at least 1.
        rng, nonlinear: As Neuron takes them.
        neuron: The class of each neuron: Neuron, or a subclass of it.

    Raises:
        ValueError: If inputs or outputs is below 1.
    """

    def __init__(self, inputs: int, outputs: int, rng: random.Random, nonlinear: bool = True,
                 neuron: type[Neuron] = Neuron) -> None:
        if outputs < 1:
            raise ValueError(f"a Layer needs at least 1 neuron, not {outputs}")
        self.neurons = [neuron(inputs, rng, nonlinear) for _ in range(outputs)]

    def __call__(self, x: Sequence["Value | float"]) -> list[Value]:
        """Each neuron's output for the inputs x, in order: a list of Values, one per neuron."""
        # --- gap L13.layer ---
        return [neuron(x) for neuron in self.neurons]
        # --- end ---

    def parameters(self) -> list[Value]:
        """Every neuron's knobs, neuron by neuron."""
        # --- gap L13.layer_parameters ---
        return [p for neuron in self.neurons for p in neuron.parameters()]
        # --- end ---

    def __repr__(self) -> str:
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: Layers one after another, relu in all but the last.

    ``MLP(2, [16, 16, 1])`` reads 2 inputs, has two hidden layers of 16 neurons and one output
    neuron: (2 + 1) × 16 + (16 + 1) × 16 + (16 + 1) × 1 = 337 knobs.

    Args:
        inputs: How many inputs it reads, at least 1.
        outputs: The size of each layer, in order, each at least 1; the last is the output.
        seed: The seed of the random.Random its weights come from.
        neuron: The class of each neuron, as Layer takes it: the same seed gives the same
            weights whatever it is.

    Raises:
        ValueError: If there is no layer, or a size is below 1.
    """

    def __init__(self, inputs: int, outputs: Sequence[int], seed: int = 0, neuron: type[Neuron] = Neuron) -> None:
        if not outputs:
            raise ValueError("an MLP needs at least one layer")
        rng = random.Random(seed)
        sizes = [inputs, *outputs]
        self.layers = [Layer(sizes[i], sizes[i + 1], rng, nonlinear=i != len(outputs) - 1, neuron=neuron)
                       for i in range(len(outputs))]

    def __call__(self, x: Sequence["Value | float"]) -> "Value | list[Value]":
        """The output for the inputs x: each layer reads what the one before it gave. A Value
        alone when the last layer has one neuron, else a list of them."""
        # --- gap L13.mlp ---
        for layer in self.layers:
            x = layer(x)
        return x[0] if len(x) == 1 else x
        # --- end ---

    def parameters(self) -> list[Value]:
        """Every layer's knobs, layer by layer."""
        # --- gap L13.mlp_parameters ---
        return [p for layer in self.layers for p in layer.parameters()]
        # --- end ---

    def predict(self, x: Sequence[float]) -> "float | list[float]":
        """What self(x).data would be, computed on plain floats: no Values, no graph, so many
        times quicker. For drawing what a model says all over a plane, not for training.

        Args:
            x: As many numbers as the model reads.

        Returns:
            A float when the last layer has one neuron, else a list of floats.

        Raises:
            ValueError: If x has the wrong number of inputs.
        """
        for layer in self.layers:
            if len(x) != len(layer.neurons[0].w):
                raise ValueError(f"this layer reads {len(layer.neurons[0].w)} inputs, not {len(x)}")
            x = [sum((w.data * xi for w, xi in zip(n.w, x)), n.b.data) for n in layer.neurons]
            x = [max(s, 0.0) for s in x] if layer.neurons[0].nonlinear else x
        return x[0] if len(x) == 1 else x

    def __repr__(self) -> str:
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"
