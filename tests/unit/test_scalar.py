"""ember.scalar's forward half: the record every Value keeps, and the ops, as lesson 07 gives them
(on its snapshot) and as the finished ember computes them. The backward pass: test_backward.py."""

import math
from pathlib import Path

import pytest

from ember.scalar import Value, _as_value
from site_src.gaps import read_ember

ROOT = Path(__file__).resolve().parents[2]


def scalar_at(lesson: int) -> dict:
    """ember/scalar.py as the given lesson ends, run: its names."""
    names: dict = {}
    exec(compile(read_ember(ROOT).snapshot(lesson, end=True)["ember/scalar.py"], "scalar.py", "exec"), names)
    return names


# Lab 1: __init__ and __repr__


def test_data_is_kept_as_a_float():
    v = Value(3)
    assert v.data == 3.0 and type(v.data) is float


def test_a_fresh_value_has_grad_zero():
    assert Value(1.5).grad == 0.0


def test_a_leaf_has_no_parents_and_no_op():
    v = Value(2.0)
    assert v._prev == () and v._op == ""


def test_parents_and_op_are_remembered_in_order():
    a, b = Value(1.0), Value(4.0)
    v = Value(5.0, (a, b), "+")
    assert v._prev == (a, b) and v._prev[0] is a and v._op == "+"


def test_children_given_as_a_list_are_kept_as_a_tuple():
    a = Value(1.0)
    assert Value(1.0, [a], "neg")._prev == (a,)


def test_repr_shows_data_and_grad():
    v = Value(2.0)
    assert repr(v) == "Value(2.0, grad=0.0)"
    v.grad = -1.5
    assert repr(v) == "Value(2.0, grad=-1.5)"


def test_label_can_be_set_and_defaults_to_empty():
    v = Value(0.5)
    assert v.label == ""
    v.label = "w"
    assert v.label == "w"


@pytest.mark.parametrize("bad", ["abc", "2.0", None, [1.0], True, 1 + 2j])
def test_a_value_needs_a_real_number(bad):
    with pytest.raises(TypeError, match="Value needs a number"):
        Value(bad)


def test_a_value_cannot_wrap_a_value():
    with pytest.raises(TypeError, match="not Value"):
        Value(Value(1.0))


# Lab 2: __add__ and __mul__


def test_add_gives_the_sum():
    assert (Value(2) + Value(3)).data == 5.0


def test_add_remembers_both_parents_and_plus():
    a, b = Value(2.0), Value(3.0)
    c = a + b
    assert c._prev == (a, b) and c._op == "+"


def test_mul_gives_the_product_and_remembers():
    a, b = Value(2.0), Value(3.0)
    c = a * b
    assert c.data == 6.0 and c._prev == (a, b) and c._op == "*"


def test_a_plain_number_is_wrapped_and_remembered():
    a = Value(4.0)
    s, p = a + 2, a * 3
    assert s.data == 6.0 and s._prev[0] is a and isinstance(s._prev[1], Value)
    assert s._prev[1].data == 2.0 and s._prev[1]._op == ""
    assert p.data == 12.0 and p._prev[1].data == 3.0


def test_parents_of_parents_reach_the_leaves():
    w, x, b = Value(0.5), Value(2.0), Value(1.0)
    product = w * x
    z = product + b
    assert z._prev == (product, b) and product._prev == (w, x)


def test_a_value_added_to_itself_is_remembered_twice():
    a = Value(3.0)
    c = a + a
    assert c.data == 6.0 and c._prev == (a, a)


def test_as_value_passes_a_value_through_and_wraps_a_number():
    a = Value(1.0)
    assert _as_value(a) is a
    assert _as_value(7).data == 7.0


def test_adding_a_string_is_a_clear_type_error():
    with pytest.raises(TypeError, match="Value needs a number"):
        Value(1.0) + "2"


# The ops lesson 07 gives, forward only; lessons 09 and 11 rebuild them


OPS = pytest.mark.parametrize(
    "make, data, op",
    [
        (lambda a, b: -a, -3.0, "neg"),
        (lambda a, b: a - b, 1.0, "-"),
        (lambda a, b: 10 - a, 7.0, "-"),
        (lambda a, b: 10 + a, 13.0, "+"),
        (lambda a, b: 10 * a, 30.0, "*"),
        (lambda a, b: a / b, 1.5, "/"),
        (lambda a, b: 6 / a, 2.0, "/"),
        (lambda a, b: a**2, 9.0, "**2"),
        (lambda a, b: a**-1, 1 / 3, "**-1"),
        (lambda a, b: a**0.5, math.sqrt(3), "**0.5"),
    ],
)


@OPS
def test_lesson_07_gives_each_op_forward_only_with_its_own_op(make, data, op):
    value = scalar_at(7)["Value"]
    a, b = value(3.0), value(2.0)
    out = make(a, b)
    assert out.data == pytest.approx(data) and out._op == op
    assert any(p is a for p in out._prev)
    assert not hasattr(out, "_backward")


def test_in_lesson_07_a_number_on_the_left_stays_on_the_left():
    value = scalar_at(7)["Value"]
    a = value(3.0)
    assert [p.data for p in (10 - a)._prev] == [10.0, 3.0]
    assert [p.data for p in (6 / a)._prev] == [6.0, 3.0]


@OPS
def test_the_finished_ops_compute_the_same_numbers(make, data, op):
    assert make(Value(3.0), Value(2.0)).data == pytest.approx(data)


def test_lesson_09_rebuilds_the_derived_ops_and_lesson_11_the_quotients():
    eight = scalar_at(8)["Value"](3.0)
    assert [(-eight)._op, (eight - 1)._op, (2 - eight)._op] == ["neg", "-", "-"]  # still forward only
    nine, eleven = scalar_at(9)["Value"], scalar_at(11)["Value"]
    a = nine(3.0)
    assert [(-a)._op, (a - 1)._op, (2 - a)._op, (2 + a)._op, (2 * a)._op] == ["*", "+", "+", "+", "*"]
    assert (a / 2)._op == "/"  # still forward only in lesson 09
    assert (eleven(3.0) / 2)._op == "*" and (2 / eleven(3.0))._op == "*"


def test_pow_refuses_a_value_exponent():
    with pytest.raises(TypeError, match="int or float exponent"):
        Value(2) ** Value(3)


def test_dividing_by_zero_says_so():
    with pytest.raises(ZeroDivisionError, match="cannot be divided by zero"):
        Value(1.0) / Value(0.0)
    with pytest.raises(ZeroDivisionError):
        1 / Value(0.0)


def test_zero_to_a_negative_power_is_a_zero_division():
    with pytest.raises(ZeroDivisionError, match="negative power"):
        Value(0.0) ** -1


def test_a_power_too_large_for_a_float_says_so():
    with pytest.raises(OverflowError, match="too large for a float"):
        Value(1e308) ** 2


def test_an_int_too_large_for_a_float_is_a_clear_overflow():
    with pytest.raises(OverflowError, match="fits in a float"):
        Value(10**400)


def test_any_real_exponent_is_taken_as_a_plain_number():
    from fractions import Fraction

    out = Value(4.0) ** Fraction(1, 2)
    assert out.data == 2.0 and out._op == "**0.5"


def test_a_fractional_power_of_a_negative_number_is_refused():
    with pytest.raises(ValueError, match="not a real number"):
        Value(-8.0) ** 0.5


# The lesson's running example and its questions


def test_the_lessons_loss_has_the_values_the_page_shows():
    w, x, b, y = Value(0.5), Value(2.0), Value(1.0), Value(3.0)
    z = w * x + b
    miss = z - y
    loss = miss**2
    assert (w * x).data == 1.0 and z.data == 2.0 and miss.data == -1.0 and loss.data == 1.0
    assert len(z._prev) == 2 and loss._op == "**2"


def test_a_repeated_expression_makes_new_values_each_time():
    a, b = Value(1.0), Value(2.0)
    d = (a + b) * (a + b)
    first, second = d._prev
    assert first is not second and first.data == second.data
