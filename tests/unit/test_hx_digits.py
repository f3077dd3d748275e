"""site_src/runtime/pad.py through hx.show_digits: a network of Tensor layers as the pad reads it,
each neuron's weights a column of W, to 6 significant digits; images of 64 pixels with their
words; what the pad cannot read is refused in words."""

import json
import math

import pytest
from pad import digits

import hx
from ember.tensor import Tensor


def layers(first=(64, 3), last=(3, 10)):
    return [(Tensor([0.123456789] * math.prod(first), first), Tensor([1.0] * first[1])),
            (Tensor([-2.0] * math.prod(last), last), Tensor([0.5] * last[1]))]


def test_each_neurons_weights_are_a_column_of_w_to_six_significant_digits_and_relu_but_last():
    weights = Tensor([float(i) for i in range(64 * 3)], (64, 3))
    shown = digits([(weights, Tensor([0.0, 1.0, 2.0])), layers()[1]], [([0.5] * 64, "a <b>five</b>")])
    first = shown["network"]["layers"][0]
    assert first["relu"] and not shown["network"]["layers"][1]["relu"]
    assert first["neurons"][1]["weights"][:3] == [1.0, 4.0, 7.0] and first["neurons"][2]["bias"] == 2.0
    assert digits(layers(), [])["network"]["layers"][0]["neurons"][0]["weights"][0] == 0.123457
    assert shown["images"] == [{"pixels": [0.5] * 64, "words": "a <b>five</b>"}]


def test_a_cell_hands_the_page_its_json_as_a_digits_drawing():
    shown = []
    hx.new_run(lambda kind, text: shown.append((kind, json.loads(text))))
    hx.show_digits(images=[([0.0] * 64, "blank")], target="pad")
    assert shown == [("digits", {"digits": {"network": None, "images": [{"pixels": [0.0] * 64, "words": "blank"}]},
                                 "target": "pad"})]


@pytest.mark.parametrize("make, error, words", [
    (lambda: digits(None, []), ValueError, "a network, images, or both"),
    (lambda: digits(layers(first=(63, 3), last=(3, 10)), []), ValueError, "W of shape (64, neurons)"),
    (lambda: digits(layers(last=(3, 9)), []), ValueError, "10 scores"),
    (lambda: digits([(1, 2)], []), TypeError, "a pair (W, b) of Tensors"),
    (lambda: digits([(Tensor([math.nan] * 640, (64, 10)), Tensor([0.0] * 10))], []), ValueError, "ran away"),
    (lambda: digits(None, [([0.0] * 63, "short")]), ValueError, "64 pixels"),
    (lambda: digits(None, [([2.0] * 64, "bright")]), ValueError, "from 0.0 to 1.0"),
    (lambda: digits(None, [(["x"] * 64, "text")]), TypeError, "a pixel must be a number"),
    (lambda: digits(None, [([0.0] * 64, "one")] * 61), ValueError, "at most 60"),
])
def test_what_the_pad_cannot_read_is_refused_in_words(make, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        make()
