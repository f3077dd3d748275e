"""Networks made of Values: a Neuron, a Layer of them, and an MLP of Layers.

Part III of the course builds this module (lesson 13). Every weight and bias is a Value, so one
call to ``loss.backward()`` reaches all of them. The shape follows A. Karpathy's micrograd
(``micrograd/nn.py``); the weights start from a seeded random.Random, so that every page and
every test makes the same network.
"""

# --- given L13 ---
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
        for p in self.parameters():
            p.grad = 0.0


class Neuron(Module):
    """One neuron: relu (or nothing) of the weighted sum of its inputs plus a bias.

    Args:
        inputs: How many inputs it reads, at least 1.
        rng: Where its weights come from: each is uniform in [-1, 1). The bias starts at 0.0.
        nonlinear: relu after the sum when True; the plain sum when False (an output neuron).

    Raises:
        ValueError: If inputs is below 1.
    """

    def __init__(self, inputs: int, rng: random.Random, nonlinear: bool = True) -> None:
        if inputs < 1:
            raise ValueError(f"a Neuron needs at least 1 input, not {inputs}")
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(inputs)]
        self.b = Value(0.0)
        self.nonlinear = nonlinear

    def __call__(self, x: Sequence["Value | float"]) -> Value:
        """The neuron's output for the inputs x, as many as its weights.

        Raises:
            ValueError: If x has the wrong number of inputs.
        """
        if len(x) != len(self.w):
            raise ValueError(f"this Neuron reads {len(self.w)} inputs, not {len(x)}")
        total = sum((w * xi for w, xi in zip(self.w, x)), self.b)
        return total.relu() if self.nonlinear else total

    def parameters(self) -> list[Value]:
        return self.w + [self.b]

    def __repr__(self) -> str:
        return f"{'ReLU' if self.nonlinear else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """Neurons side by side, each reading the same inputs.

    Args:
        inputs: How many inputs each neuron reads.
        outputs: How many neurons, at least 1.
        rng, nonlinear: As Neuron takes them.
    """

    def __init__(self, inputs: int, outputs: int, rng: random.Random, nonlinear: bool = True) -> None:
        if outputs < 1:
            raise ValueError(f"a Layer needs at least 1 neuron, not {outputs}")
        self.neurons = [Neuron(inputs, rng, nonlinear) for _ in range(outputs)]

    def __call__(self, x: Sequence["Value | float"]) -> "list[Value] | Value":
        """Each neuron's output; a Value alone when the layer has one neuron."""
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self) -> list[Value]:
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self) -> str:
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: Layers one after another, relu in all but the last.

    ``MLP(2, [16, 16, 1])`` reads 2 inputs, has two hidden layers of 16 neurons and one output
    neuron: (2 + 1) × 16 + (16 + 1) × 16 + (16 + 1) × 1 = 337 knobs.

    Args:
        inputs: How many inputs it reads.
        outputs: The size of each layer, in order; the last is the output.
        seed: The seed of the random.Random its weights come from.
    """

    def __init__(self, inputs: int, outputs: Sequence[int], seed: int = 0) -> None:
        rng = random.Random(seed)
        sizes = [inputs, *outputs]
        self.layers = [Layer(sizes[i], sizes[i + 1], rng, nonlinear=i != len(outputs) - 1)
                       for i in range(len(outputs))]

    def __call__(self, x: Sequence["Value | float"]) -> "list[Value] | Value":
        for layer in self.layers:
            x = layer(x)
            x = [x] if isinstance(x, Value) and layer is not self.layers[-1] else x
        return x

    def parameters(self) -> list[Value]:
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self) -> str:
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"
# --- end ---
