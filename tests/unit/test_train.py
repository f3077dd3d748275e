"""ember.train: the loss, the nudged slopes and gradient descent, with values worked out by hand."""

import math

import pytest

from ember.neuron import sigmoid, step, weighted_sum
from ember.train import (Counted, gradient_descent, mean_loss, numerical_gradient, one_sided_gradient,
                         squared_error)


def bowl(knobs):
    """(a − 3)² + 2(b + 1)²: its lowest point, 0, is at a = 3, b = −1."""
    a, b = knobs
    return (a - 3) ** 2 + 2 * (b + 1) ** 2


def test_the_squared_error_and_the_mean_loss():
    assert (squared_error(1.0, 1.0), squared_error(0.0, 1.0), squared_error(3, 1)) == (0.0, 1.0, 4)
    data = [([0.0], 0.0), ([1.0], 1.0), ([2.0], 0.0)]
    assert mean_loss(lambda inputs: inputs[0], data) == pytest.approx(4 / 3)
    with pytest.raises(ValueError, match="at least one example"):
        mean_loss(lambda inputs: 0.0, [])


def test_the_centred_difference_finds_each_slope_with_two_passes_a_knob():
    loss = Counted(bowl)
    knobs = [1.0, 0.0]
    slopes = numerical_gradient(loss, knobs, h=1e-4)
    assert slopes == pytest.approx([-4.0, 4.0], abs=1e-6)  # 2(a − 3) and 4(b + 1)
    assert loss.calls == 4 and knobs == [1.0, 0.0]


def test_the_one_sided_difference_takes_one_pass_where_you_stand_and_one_a_knob():
    loss = Counted(bowl)
    knobs = [1.0, 0.0]
    slopes = one_sided_gradient(loss, knobs, h=1e-6)
    assert slopes == pytest.approx([-4.0, 4.0], abs=1e-4)
    assert loss.calls == 3 and knobs == [1.0, 0.0]
    # Its error is about h/2 times the second derivative: 2 for a, 4 for b.
    assert one_sided_gradient(bowl, knobs, h=1e-2) == pytest.approx([-4.0 + 0.01, 4.0 + 0.02])
    with pytest.raises(ValueError, match="positive nudge"):
        one_sided_gradient(bowl, knobs, h=0)


def test_the_centred_difference_errs_as_h_squared():
    # d/dx e^x at 0 is 1; the error of (e^h − e^−h) / 2h is about h²/6.
    for h in (1e-1, 1e-2):
        [slope] = numerical_gradient(lambda k: math.exp(k[0]), [0.0], h)
        assert slope - 1 == pytest.approx(h * h / 6, rel=0.01)


def test_a_step_output_gives_a_slope_of_zero():
    loss = lambda k: squared_error(step(weighted_sum([k[0]], [1.0], k[1])), 0.0)  # noqa: E731
    assert loss([0.5, 0.3]) == 1.0 and numerical_gradient(loss, [0.5, 0.3]) == [0.0, 0.0]


def test_gradient_descent_walks_down_the_bowl():
    knobs, history = gradient_descent(bowl, [0.0, 0.0], lr=0.1, steps=50)
    assert knobs == pytest.approx([3.0, -1.0], abs=1e-3)
    assert len(history) == 51 and history[0] == bowl([0.0, 0.0])
    assert all(later < earlier for earlier, later in zip(history, history[1:]))


def test_gradient_descent_fits_a_sigmoid_neuron_to_or():
    data = [([0, 0], 0), ([0, 1], 1), ([1, 0], 1), ([1, 1], 1)]
    loss = lambda k: mean_loss(lambda x: sigmoid(weighted_sum(k[:2], x, k[2])), data)  # noqa: E731
    knobs, history = gradient_descent(loss, [0.0, 0.0, 0.0], lr=2.0, steps=200)
    assert history[-1] < 0.05 < history[0]


def test_bad_settings_get_a_clear_error():
    with pytest.raises(ValueError, match="positive nudge h, not 0"):
        numerical_gradient(bowl, [1.0, 1.0], h=0)
    with pytest.raises(ValueError, match="positive learning rate"):
        gradient_descent(bowl, [1.0, 1.0], lr=-0.1, steps=1)
    with pytest.raises(ValueError, match="0 or more steps"):
        gradient_descent(bowl, [1.0, 1.0], lr=0.1, steps=-1)
    assert gradient_descent(bowl, [1.0, 1.0], lr=0.1, steps=0) == ([1.0, 1.0], [bowl([1.0, 1.0])])
