"""What ``hx.show_digits`` hands the page: a network of Tensor layers, which the pad of
js/digits.js reads a drawing with as it is drawn, and 8 × 8 images of digits, each with its
words. The JSON::

    {"network": None | {"layers": [{"relu": bool,
                                    "neurons": [{"weights": [64 or more numbers], "bias": float}, ...]}, ...]},
     "images": [{"pixels": [64 numbers from 0.0 to 1.0, row by row], "words": str}, ...]}

The layers are read as ember/digits.py's scores() runs them: X @ W + b, relu after each layer
but the last. Each neuron's weights are a column of W, as js/network/forward.js takes them.
Numbers are given to 6 significant digits, which keeps a lesson's page small and moves no score
by more than a millionth of its size.
"""

import itertools
import math
from collections.abc import Iterable, Sequence
from numbers import Real

from hx import _text

PIXELS = 64
"""The pixels of an image, 8 × 8, which the network's first layer reads."""
DIGITS = 10
"""The scores the network's last layer gives, one for each digit."""
MAX_IMAGES = 60
"""The most images one call shows."""
MAX_LAYERS = 4
"""The most layers the pad's network may have."""
MAX_WIDTH = 256
"""The most neurons a layer may have."""


def digits(layers: Sequence | None, images: Iterable) -> dict:
    """The JSON of this module's docstring.

    Args:
        layers: (W, b) for each layer: Tensors (anything with ``data`` and ``shape``), W of shape
            (inputs, neurons), b of shape (neurons,); 64 inputs first and 10 neurons last. None
            for no network: the page then shows the images alone.
        images: Each (pixels, words): 64 numbers from 0.0 to 1.0, row by row, and a str under
            the image, such as "read 3, was 8"; at most MAX_IMAGES.

    Raises:
        TypeError: If layers is not a list of pairs of Tensors, images not an iterable of
            pairs, or a pixel or number is not a number.
        ValueError: If the shapes do not chain from 64 inputs to 10 scores, a number is not
            finite (training that ran away), an image is not 64 pixels from 0 to 1, or there
            are more than MAX_IMAGES images.
    """
    if images is None or isinstance(images, (str, bytes)) or not isinstance(images, Iterable):
        raise TypeError(f"images must be a list of (pixels, words) pairs, not {type(images).__name__}")
    shown = list(itertools.islice(images, MAX_IMAGES + 1))
    if layers is None and not shown:
        raise ValueError("hx.show_digits needs a network, images, or both")
    if len(shown) > MAX_IMAGES:
        raise ValueError(f"hx.show_digits shows at most {MAX_IMAGES} images, not {len(shown)}")
    return {"network": None if layers is None else _network(layers), "images": [_image(one) for one in shown]}


def _network(layers: Sequence) -> dict:
    """The network part of the JSON, read from (W, b) Tensors."""
    if not isinstance(layers, (list, tuple)):
        raise TypeError("the network must be a list of (W, b) pairs of Tensors, one a layer, "
                        f"not {type(layers).__name__}")
    layers = list(layers)
    if not 1 <= len(layers) <= MAX_LAYERS:
        raise ValueError(f"the pad reads a network of 1 to {MAX_LAYERS} layers, not {len(layers)}")
    drawn, inputs = [], PIXELS
    for k, layer in enumerate(layers):
        weights, bias = _pair(layer, k)
        if weights.shape[0] != inputs or bias.shape != (weights.shape[1],) or weights.shape[1] > MAX_WIDTH:
            raise ValueError(f"layer {k + 1} has W of shape {weights.shape} and b of shape {bias.shape}: it needs "
                             f"W of shape ({inputs}, neurons), at most {MAX_WIDTH} neurons, and b of shape (neurons,)")
        neurons = weights.shape[1]
        drawn.append({"relu": k < len(layers) - 1,
                      "neurons": [{"weights": [_six(x) for x in weights.data[j::neurons]], "bias": _six(bias.data[j])}
                                  for j in range(neurons)]})
        inputs = neurons
    if inputs != DIGITS:
        raise ValueError(f"the pad needs a network that gives {DIGITS} scores, one a digit, not {inputs}")
    return {"layers": drawn}


def _pair(layer: object, k: int) -> tuple:
    """A layer's W and b, if it is a pair of Tensors."""
    if not (isinstance(layer, (tuple, list)) and len(layer) == 2
            and all(hasattr(t, "data") and hasattr(t, "shape") for t in layer)):
        raise TypeError(f"layer {k + 1} must be a pair (W, b) of Tensors, not {type(layer).__name__}")
    weights, bias = layer
    if len(weights.shape) != 2:
        raise ValueError(f"layer {k + 1}'s W must be a matrix (inputs, neurons), not of shape {weights.shape}")
    return weights, bias


def _image(one: object) -> dict:
    """An image's part of the JSON, from (pixels, words)."""
    if not (isinstance(one, (tuple, list)) and len(one) == 2):
        raise TypeError(f"each image must be a pair (pixels, words), not {type(one).__name__}")
    pixels, words = one
    pixels = list(pixels)
    if len(pixels) != PIXELS:
        raise ValueError(f"an image has {PIXELS} pixels, 8 rows of 8, not {len(pixels)}")
    for x in pixels:
        if not isinstance(x, Real) or isinstance(x, bool):
            raise TypeError(f"a pixel must be a number, not {type(x).__name__} {x!r:.40}")
        if not 0.0 <= x <= 1.0:
            raise ValueError(f"a pixel is a number from 0.0 to 1.0, not {x!r}")
    return {"pixels": [round(float(x), 4) for x in pixels], "words": _text(words)}


def _six(x: object) -> float:
    """x to 6 significant digits, if it is a finite number."""
    if not isinstance(x, Real) or isinstance(x, bool):
        raise TypeError(f"a network's numbers must be numbers, not {type(x).__name__} {x!r:.40}")
    if not math.isfinite(x):
        raise ValueError(f"the network holds {x!r}: its training ran away; try a smaller learning rate")
    return float(f"{x:.6g}")
