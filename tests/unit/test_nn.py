"""ember.nn, ember.optim and ember.data: networks of Values, their loss and SGD step, and the
seeded data of Part III, down to a network that learns the moons."""

import gc
import random

import pytest

from ember.data import moons, xor
from ember.nn import MLP, Layer, Neuron
from ember.optim import accuracy, collector_held, hinge_loss, sgd_step, train_step
from ember.scalar import Value


def test_mlp_2_16_16_1_has_337_knobs_and_the_same_seed_makes_the_same_network():
    model = MLP(2, [16, 16, 1])
    assert len(model.parameters()) == 337
    assert [p.data for p in MLP(2, [16, 16, 1], seed=3).parameters()] == \
        [p.data for p in MLP(2, [16, 16, 1], seed=3).parameters()]
    assert [p.data for p in model.parameters()] != [p.data for p in MLP(2, [16, 16, 1], seed=1).parameters()]


def test_a_neuron_is_relu_of_its_weighted_sum_and_an_output_neuron_is_the_sum():
    neuron = Neuron(2, random.Random(0))
    neuron.w[0].data, neuron.w[1].data, neuron.b.data = 2.0, -1.0, 0.5
    assert neuron([1.0, 3.0]).data == 0.0  # relu(2 - 3 + 0.5)
    linear = Neuron(2, random.Random(0), nonlinear=False)
    linear.w[0].data, linear.w[1].data, linear.b.data = 2.0, -1.0, 0.5
    assert linear([1.0, 3.0]).data == -0.5
    with pytest.raises(ValueError, match="reads 2 inputs, not 3"):
        neuron([1.0, 2.0, 3.0])


def test_a_layer_gives_a_list_and_an_mlp_with_one_output_a_value():
    assert len(Layer(3, 4, random.Random(0))([1.0, 2.0, 3.0])) == 4
    assert len(Layer(3, 1, random.Random(0))([1.0, 2.0, 3.0])) == 1
    assert isinstance(MLP(2, [1, 1])([1.0, 2.0]), Value)  # a hidden layer of one neuron passes a list on
    assert len(MLP(2, [3, 2])([1.0, 2.0])) == 2


def test_predict_gives_the_data_of_a_call_without_a_graph():
    model = MLP(2, [16, 16, 1], seed=4)
    for x in ([0.5, -0.2], [1.5, 0.25], [-1.0, 1.0]):
        assert model.predict(x) == pytest.approx(model(x).data, rel=1e-12)
    assert model.predict([0.0, 0.0]) == model([0.0, 0.0]).data
    with pytest.raises(ValueError, match="reads 2 inputs, not 3"):
        model.predict([1.0, 2.0, 3.0])


def test_collector_held_holds_the_collector_off_and_puts_it_back():
    assert gc.isenabled()
    with collector_held():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyboardInterrupt), collector_held():
        raise KeyboardInterrupt  # a learner's Stop
    assert gc.isenabled()


def test_every_knob_gets_a_gradient_and_zero_grad_clears_them():
    model = MLP(2, [4, 1], seed=2)
    score = model([0.5, -1.0])
    loss = hinge_loss([score], [1], model.parameters())
    loss.backward()
    assert any(p.grad != 0.0 for p in model.parameters())
    model.zero_grad()
    assert all(p.grad == 0.0 for p in model.parameters())


def test_the_hinge_loss_the_accuracy_and_the_sgd_step():
    scores, knob = [Value(2.0), Value(0.5), Value(-1.0)], Value(3.0)
    # Margins: relu(1 - 2) = 0, relu(1 - 0.5) = 0.5, relu(1 - 1) = 0 (label -1); plus 0.5 × 9.
    loss = hinge_loss(scores, [1, 1, -1], [knob], alpha=0.5)
    assert loss.data == pytest.approx(0.5 / 3 + 4.5)
    assert accuracy(scores, [1, 1, -1]) == 1.0 and accuracy(scores, [-1, 1, -1]) == pytest.approx(2 / 3)
    loss.backward()
    sgd_step([knob], lr=0.1)
    assert knob.data == pytest.approx(3.0 - 0.1 * 3.0)  # the penalty's slope is 2 × 0.5 × 3
    with pytest.raises(ValueError, match="labels of -1 or 1"):
        hinge_loss(scores, [1, 0, -1], [])
    with pytest.raises(ValueError, match="positive learning rate"):
        sgd_step([knob], lr=0)


def test_the_data_is_made_in_code_the_same_every_time():
    assert [label for _, label in xor()] == [-1, 1, 1, -1]
    points = moons(100, noise=0.1, seed=0)
    assert len(points) == 100 and points == moons(100, noise=0.1, seed=0)
    assert sorted({label for _, label in points}) == [-1, 1] and sum(label == 1 for _, label in points) == 50
    assert moons(3, noise=0.0)[0] == ([1.0, 0.0], -1)
    with pytest.raises(ValueError, match="at least 2 points"):
        moons(1)


def train(model, data, steps, schedule=100):
    """micrograd's demo loop, as lesson 14 runs it: every example each step, the learning rate
    falling from 1.0 by 0.9 over schedule steps, the collector held off during each step."""
    for step in range(steps):
        with collector_held():
            train_step(model, data, lr=1.0 - 0.9 * step / schedule)
    return accuracy([model(x) for x, _ in data], [label for _, label in data])


def test_train_step_returns_the_loss_and_accuracy_before_it_moves_the_knobs():
    model, data = MLP(2, [4, 1], seed=0), xor()
    scores = [model(x) for x, _ in data]
    expected = hinge_loss(scores, [label for _, label in data], model.parameters()).data
    loss, right = train_step(model, data, lr=0.1)
    assert loss == expected and right == accuracy(scores, [label for _, label in data])
    assert train_step(model, data, lr=0.1)[0] < loss
    with pytest.raises(ValueError, match="at least one example"):
        train_step(model, [], lr=0.1)


def test_a_network_learns_xor():
    assert train(MLP(2, [8, 1], seed=0), xor(), steps=50) == 1.0


def test_the_reference_learns_the_moons_to_95_percent():
    # 98 % after 30 steps of the 100-step schedule, 99 % after all 100.
    assert train(MLP(2, [16, 16, 1], seed=0), moons(100, noise=0.1, seed=0), steps=30) >= 0.95


def test_quickest_steps_takes_turns_and_gives_each_model_its_least_seconds():
    from ember.data import moons
    from ember.nn import MLP
    from ember.optim import quickest_steps
    data = moons(10, noise=0.1, seed=0)
    models = {"a": MLP(2, [4, 1]), "b": MLP(2, [4, 1], seed=1)}
    before = {name: [p.data for p in model.parameters()] for name, model in models.items()}
    seconds = quickest_steps(models, data, rounds=2)
    assert set(seconds) == {"a", "b"} and all(s > 0 for s in seconds.values())
    assert all([p.data for p in models[name].parameters()] != before[name] for name in models)  # each was trained
