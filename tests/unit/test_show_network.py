"""site_src/runtime/network.py: the JSON of a network's diagram, on a tiny MLP with known numbers."""

import json
import re
from html import unescape

import pytest

import hx
import network
from ember.nn import MLP
from ember.scalar import Value
from site_src.fences import FenceError, PageContext
from site_src.fences import network as network_fence
from tests.unit.conftest import render_fence


def tiny() -> MLP:
    """MLP(2, [2, 1]) with weights set by hand: hidden neurons [1, -2] + 0.5 and [0.5, 0.5] - 1,
    then the output 2·h1 - 1·h2 + 0.25."""
    model = MLP(2, [2, 1])
    numbers = [([1.0, -2.0], 0.5), ([0.5, 0.5], -1.0), ([2.0, -1.0], 0.25)]
    for neuron, (weights, bias) in zip([n for layer in model.layers for n in layer.neurons], numbers):
        for w, number in zip(neuron.w, weights):
            w.data = number
        neuron.b.data = bias
    return model


def test_the_json_holds_each_layer_its_neurons_weights_and_biases():
    shown = network.network(tiny())
    assert shown["sizes"] == [2, 2, 1]
    assert [layer["relu"] for layer in shown["layers"]] == [True, False]
    first, second = shown["layers"]
    assert [n["weights"] for n in first["neurons"]] == [[1.0, -2.0], [0.5, 0.5]]
    assert [n["bias"] for n in first["neurons"]] == [0.5, -1.0]
    assert second["neurons"] == [{"weights": [2.0, -1.0], "grads": [0.0, 0.0], "bias": 0.25, "bias_grad": 0.0}]
    assert shown["activations"] is None and shown["step"] is None


def test_grads_are_the_last_backward_pass():
    model = tiny()
    model([3.0, 1.0]).backward()
    # h1 = relu(3 - 2 + 0.5) = 1.5, h2 = relu(1.5 + 0.5 - 1) = 1.0; score = 2·1.5 - 1.0 + 0.25.
    # d score / d w of the output = (h1, h2); of h1's weights = 2·(3, 1); of h2's = -1·(3, 1).
    shown = network.network(model)
    first, second = shown["layers"]
    assert second["neurons"][0]["grads"] == [1.5, 1.0]
    assert second["neurons"][0]["bias_grad"] == 1.0
    assert [n["grads"] for n in first["neurons"]] == [[6.0, 2.0], [-3.0, -1.0]]
    assert [n["bias_grad"] for n in first["neurons"]] == [2.0, -1.0]


def test_activations_are_what_each_layer_gives_for_the_inputs():
    shown = network.network(tiny(), inputs=[3.0, 1.0])
    assert shown["activations"] == [[3.0, 1.0], [1.5, 1.0], [2.25]]
    # relu cuts a negative sum to 0.0: h1 = relu(0 - 2 + 0.5), h2 = relu(0 + 0.5 - 1)
    assert network.network(tiny(), inputs=[0.0, 1.0])["activations"][1] == [0.0, 0.0]


def test_activations_come_from_the_learners_own_layers():
    model = tiny()
    calls = []
    real = type(model.layers[0]).__call__

    class Spy(type(model.layers[0])):
        def __call__(self, x):
            calls.append(list(x))
            return real(self, x)

    for layer in model.layers:
        layer.__class__ = Spy
    network.network(model, inputs=[3.0, 1.0])
    assert len(calls) == 2


def test_numbers_that_are_not_finite_are_strings_and_the_json_is_valid():
    model = tiny()
    model.layers[1].neurons[0].w[0].grad = float("nan")
    model.layers[0].neurons[0].b.data = float("inf")
    shown = network.network(model)
    assert shown["layers"][1]["neurons"][0]["grads"][0] == "nan"
    assert shown["layers"][0]["neurons"][0]["bias"] == "inf"
    json.loads(json.dumps(shown, allow_nan=False))


def test_show_network_hands_the_page_a_network_chunk_for_its_target(monkeypatch):
    shown = []
    monkeypatch.setattr(hx, "_run", hx.Run(lambda kind, text: shown.append((kind, json.loads(text)))))
    hx.show_network(tiny(), [3.0, 1.0], step=5, target="moons-network")
    [(kind, data)] = shown
    assert kind == "network" and data["target"] == "moons-network"
    assert data["network"]["step"] == 5 and data["network"]["activations"][-1] == [2.25]


def test_the_moons_network_has_337_weights_and_biases():
    shown = network.network(MLP(2, [16, 16, 1]))
    assert shown["sizes"] == [2, 16, 16, 1]
    assert sum(len(n["weights"]) + 1 for layer in shown["layers"] for n in layer["neurons"]) == 337


@pytest.mark.parametrize("model, message", [
    (MLP(2, [4, 4, 4, 4, 1]), "this network has 5 layers: a diagram draws 1 to 4"),
    (MLP(2, [33, 1]), r"widths are \[2, 33, 1\]: a diagram draws at most 32"),
    (MLP(40, [4, 1]), r"widths are \[40, 4, 1\]"),
])
def test_a_network_too_large_to_draw_is_refused_with_its_size(model, message):
    with pytest.raises(ValueError, match=message):
        network.network(model)


def test_what_is_not_an_mlp_is_refused_by_name():
    with pytest.raises(TypeError, match="show_network needs an MLP.*not Value"):
        network.network(Value(1.0))
    with pytest.raises(TypeError, match="not list"):
        network.network([1, 2])


def test_a_neuron_whose_weights_do_not_match_the_layer_before_is_refused():
    model = tiny()
    model.layers[1].neurons[0].w.append(Value(1.0))
    with pytest.raises(ValueError, match="neuron 1 of layer 2 has 3 weights, but the layer before it gives 2"):
        network.network(model)


@pytest.mark.parametrize("inputs, error, message", [
    ([1.0], ValueError, "reads 2 inputs, not 1"),
    (["1", 2.0], TypeError, "an input must be a number, not str"),
    ([True, 2.0], TypeError, "not bool"),
])
def test_bad_inputs_are_refused(inputs, error, message):
    with pytest.raises(error, match=message):
        network.network(tiny(), inputs)


@pytest.mark.parametrize("change, error, message", [
    (lambda m: m.layers[0].neurons[0].w.__setitem__(0, 0.5), TypeError, "a weight must be a Value holding a number in its data, not float 0.5"),
    (lambda m: setattr(m.layers[0].neurons[0].b, "data", "abc"), TypeError, "a bias must be a Value holding a number"),
    (lambda m: setattr(m.layers[0].neurons[0].b, "grad", 10**400), ValueError, "a bias's grad is too large for a float"),
])
def test_a_knob_that_is_not_a_value_holding_a_number_is_named(change, error, message):
    model = tiny()
    change(model)
    with pytest.raises(error, match=message):
        network.network(model)


def test_an_input_too_large_for_a_float_and_a_network_of_no_input_are_refused():
    with pytest.raises(ValueError, match="an input must fit in a float"):
        network.network(tiny(), [10**400, 1.0])
    model = tiny()
    for neuron in model.layers[0].neurons:
        neuron.w = []
    with pytest.raises(ValueError, match="reads no input"):
        network.network(model)


def test_a_layer_that_gives_no_list_is_named():
    model = tiny()

    class Broken(type(model.layers[0])):
        def __call__(self, x):
            return None

    model.layers[1].__class__ = Broken
    with pytest.raises(TypeError, match="layer 2 gave NoneType, not a list of one Value a neuron"):
        network.network(model, [1.0, 2.0])


def test_step_must_be_a_whole_number():
    with pytest.raises(TypeError, match="step must be a whole number"):
        network.network(tiny(), step=1.5)
    with pytest.raises(ValueError, match="step must be from 0"):
        network.network(tiny(), step=-10**30)
    assert network.network(tiny(), step=0)["step"] == 0


SHORT = [(0.0, "0"), (1.0, "1"), (-0.525, "-0.525"), (2.25, "2.25"), (1.23456, "1.23"), (12345.0, "12300"),
         (0.001, "0.001"), (0.000999, "1.0e-3"), (-3.2e-7, "-3.2e-7"), ("nan", "nan"), ("-inf", "-inf")]
"""Numbers in short, as js/network/drawing.js writes them in the page's table (tests/js/network-drawing.test.mjs)."""


@pytest.mark.parametrize("x, text", SHORT)
def test_the_builds_table_writes_numbers_as_the_pages_does(x, text):
    assert network_fence._short(x) == text


def test_the_fence_keeps_the_network_and_a_table_per_layer(lib):
    code = ("import hx\nfrom ember.nn import MLP\nmodel = MLP(2, [2, 1])\n"
            "model([3.0, 1.0]).backward()\nhx.show_network(model, inputs=[3.0, 1.0])\n")
    html = render_fence(f'```python network id="n" caption="A *tiny* one."\n{code}```\n',
                        PageContext("docs/x.md", "", lib))
    data = json.loads(unescape(re.search(r'class="ember-network__data" data-search-exclude>(.*?)</template>', html)[1]))
    assert data["sizes"] == [2, 2, 1] and data["activations"][0] == [3.0, 1.0]
    assert '<figure class="ember-network" id="n">' in html and "<em>tiny</em>" in html
    assert "<caption>Layer 1: 2 neurons, relu; each number with its grad</caption>" in html
    assert "<caption>Output layer: 1 neuron; each number with its grad</caption>" in html
    assert "<th>w from x1</th><th>w from x2</th>" in html and "<th>w from 1</th><th>w from 2</th>" in html


@pytest.mark.parametrize("head, code, message", [
    ('```python network', "hx.show_network(None)", r":1: a network needs an id"),
    ('```python network id="n"', "print(1)", r"must call hx.show_network once, not 0 times"),
    ('```python network id="n"', "hx.show_network(1)", r"the network's code raised TypeError"),
])
def test_a_broken_network_fence_stops_the_build_with_its_line(lib, head, code, message):
    with pytest.raises(FenceError, match=message):
        render_fence(f"{head}\nimport hx\n{code}\n```\n", PageContext("docs/x.md", "", lib))
