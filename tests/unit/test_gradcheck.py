"""site_src/runtime/gradcheck.py: backward passes against nudging, and topological orders on
random graphs, on the finished ember and on the wrong engines learners write."""

from pathlib import Path

import pytest

from site_src.execute import Lib, run_checks
from site_src.gaps import read_ember

from tests.unit.conftest import RUNTIME

REPO = Path(__file__).resolve().parents[2]
ALL_OPS = "+*-**/exp tanh relu"

REVERSED_PRE_ORDER = '''
def wrong_order(root):
    order, seen, stack = [], set(), [root]
    while stack:
        value = stack.pop()
        if value in seen:
            continue
        seen.add(value)
        order.append(value)
        stack.extend(value._prev)
    return order[::-1]
'''

EXP_WITHOUT_OUT_GRAD = '''
import math
def exp(self):
    out = Value(math.exp(self.data), (self,), "exp")
    def _backward():
        self.grad += out.data  # forgets * out.grad
    out._backward = _backward
    return out
Value.exp = exp
'''


def check(code: str, tmp_path: Path, lesson: int = 14) -> dict:
    """One check run on ember as lesson ends, as a lab's check runs."""
    lib = Lib({**read_ember(REPO).snapshot(lesson, end=True), **RUNTIME}, tmp_path / "lib")
    [result] = run_checks([{"title": "t", "code": code}], lib)
    return result


def nudged(engine: str, tmp_path: Path, ops: str = "+*") -> dict:
    """gradcheck.against_nudging(Value, ops=ops) as a check runs it, on the finished ember with
    engine's code (which changes Value) run first."""
    return check(f"from ember.scalar import Value\nimport gradcheck\n{engine}\n"
                 f"gradcheck.against_nudging(Value, ops={ops!r})", tmp_path)


def test_the_finished_engine_agrees_with_nudging_and_orders_every_random_graph(tmp_path):
    result = check("from ember.scalar import Value, topological_order\nimport gradcheck\n"
                   f"gradcheck.against_nudging(Value, ops={ALL_OPS!r})\n"
                   "gradcheck.check_order(topological_order, Value)", tmp_path)
    assert result == {"status": "passed", "reason": ""}


def test_a_reversed_pre_order_names_a_value_placed_before_its_parent(tmp_path):
    result = check(f"from ember.scalar import Value\nimport gradcheck\n{REVERSED_PRE_ORDER}\n"
                   "gradcheck.check_order(wrong_order, Value)", tmp_path)
    assert result["status"] == "failed"
    assert "comes before its parent" in result["reason"] and "paths of different lengths" in result["reason"]


def test_an_order_turned_round_is_told_its_root_comes_first(tmp_path):
    result = check("from ember.scalar import Value, topological_order\nimport gradcheck\n"
                   "gradcheck.check_order(lambda root: topological_order(root)[::-1], Value)", tmp_path)
    assert result["status"] == "failed"
    assert "the root should come last, after every Value it is made from, but it comes first" in result["reason"]


def test_backward_on_a_reversed_pre_order_is_wrong_where_a_value_is_reached_by_two_paths_and_blames_the_order(tmp_path):
    result = check(f"import ember.scalar\nfrom ember.scalar import Value\nimport gradcheck\n{REVERSED_PRE_ORDER}\n"
                   "ember.scalar.topological_order = wrong_order\ngradcheck.against_nudging(Value)", tmp_path)
    assert result["status"] == "failed"
    assert "reached by paths of different lengths" in result["reason"]
    assert "nudging a gives a slope of" in result["reason"]
    assert "Each _backward is right, and backward() walks the order your topological_order gives, which puts #" in result["reason"]
    assert result["reason"].endswith("mend topological_order first (the graph below marks it)")


def test_an_exp_that_forgets_out_grad_is_caught_deep_in_a_chain_and_its_op_named(tmp_path):
    result = nudged(EXP_WITHOUT_OUT_GRAD, tmp_path, ALL_OPS)
    assert result["status"] == "failed"
    assert "exp(a * 0.7) * b, exp deep inside a chain" in result["reason"]
    assert "the _backward of the 'exp' that uses it" in result["reason"]
    [(kind, drawn)] = result["output"]
    assert kind == "graph" and '"marked": [' in drawn


@pytest.mark.parametrize("reuse, status", [(False, "passed"), (True, "failed")])
def test_lesson_08s_assigning_backward_is_right_on_trees_and_wrong_where_a_value_is_used_twice(tmp_path, reuse, status):
    result = check("from ember.scalar import Value\nimport gradcheck\n"
                   f"gradcheck.against_nudging(Value, backward='by hand', reuse={reuse}, deep=False)", tmp_path, lesson=8)
    assert result["status"] == status


def test_an_mlps_knobs_agree_with_nudging_and_a_relu_that_forgets_out_grad_does_not(tmp_path):
    model = "from ember.nn import MLP\nimport gradcheck\nmodel = MLP(2, [4, 1])\n"
    nudge = "gradcheck.params_against_nudging(lambda: (model([0.5, -1.2]) - 0.3) ** 2 * 3.0, model.parameters())"
    assert check(model + nudge, tmp_path) == {"status": "passed", "reason": ""}
    relu = ("from ember.scalar import Value\ndef relu(self):\n    out = Value(max(0.0, self.data), (self,), 'relu')\n"
            "    def _backward():\n        self.grad += float(out.data > 0)  # forgets * out.grad\n"
            "    out._backward = _backward\n    return out\nValue.relu = relu\n")
    result = check(relu + model + nudge, tmp_path / "b")
    assert result["status"] == "failed" and "but nudging it gives a slope of" in result["reason"]


BACKWARD_BY_QUEUE = '''
from ember.scalar import topological_order
def backward(self):
    for value in topological_order(self):
        if value._prev:
            value.grad = 0.0
    self.grad = 1.0
    queue, seen = [self], {self}
    while queue:  # the root's parents, then theirs: not a topological order
        value = queue.pop(0)
        value._backward()
        for parent in value._prev:
            if parent not in seen:
                seen.add(parent)
                queue.append(parent)
Value.backward = backward
'''


def test_a_walk_by_levels_is_caught_where_the_longer_path_is_named_second(tmp_path):
    result = nudged(BACKWARD_BY_QUEUE, tmp_path)
    assert result["status"] == "failed"
    assert result["reason"].startswith("in x = a + a; (x + x * 2) * 1.5, the longer path named second")
    assert result["reason"].endswith("check the order it walks in (the graph below marks it)")
    [(kind, drawn)] = result["output"]
    assert kind == "graph" and "\"marked\": [" in drawn


def test_grads_inside_the_graph_cleared_after_the_walk_are_named(tmp_path):
    wipe = ("from ember.scalar import topological_order\nright = Value.backward\n"
            "def backward(self):\n    right(self)\n    for value in topological_order(self)[:-1]:\n"
            "        if value._prev:\n            value.grad = 0.0\nValue.backward = backward\n")
    result = nudged(wipe, tmp_path)
    assert result["status"] == "failed"
    assert "every leaf's grad is right, but after the backward pass #" in result["reason"]


def test_a_backward_that_seeds_before_it_clears_is_told_its_seed(tmp_path):
    early = ("from ember.scalar import topological_order\ndef backward(self):\n    self.grad = 1.0\n"
             "    order = topological_order(self)\n    for value in order:\n        if value._prev:\n"
             "            value.grad = 0.0\n    for value in reversed(order):\n        value._backward()\n"
             "Value.backward = backward\n")
    result = nudged(early, tmp_path)
    assert result["status"] == "failed"
    assert "after backward() the root's grad is 0: backward() should seed it with 1.0" in result["reason"]


def test_an_operation_that_never_sets_its_backward_is_named(tmp_path):
    idle = ("import math\ndef exp(self):\n    out = Value(math.exp(self.data), (self,), 'exp')\n"
            "    def _backward():\n        self.grad += out.data * out.grad\n    return out  # out._backward never set\n"
            "Value.exp = exp\n")
    result = nudged(idle, tmp_path, ALL_OPS)
    assert result["status"] == "failed"
    assert "that 'exp' still has the _backward every new Value starts with" in result["reason"]
