"""site_src/runtime/edits.py: the edits between a learner's text of a gap and the course's."""

from edits import (Edit, accumulated, dead_lines, diff, masked, named_return, off_by_one, one_line_added, one_line_each, reindented,
                   renamed, returns_deeper, unpacked, whole_lines)


def test_a_replaced_run_is_split_into_lines_and_blank_lines_are_no_edit():
    found = diff("a = 1\nf(2)\ng(3)\n", "a = 1\nf(4)\ng(5)\n")
    assert found.edits == (Edit(((1, 2, 1, 2),)), Edit(((2, 3, 2, 3),)))
    assert found.patched(found.edits[1:]) == ("a = 1\nf(2)\ng(5)\n", [1, 2, None])
    assert diff("a = 1\n\nb = 2\n", "a = 1\nb = 2\n").edits == ()


def test_a_run_of_unequal_length_is_split_at_its_most_alike_lines():
    found = diff("w = 5\nz = y * 3\n", "z = y * 1\n")
    assert [edit.lines for edit in found.edits] == [[1], [2]]


def test_a_line_taken_out_and_put_back_elsewhere_is_one_move():
    [edit] = diff("b = 2\na = 1\nc = 3\n", "a = 1\nb = 2\nc = 3\n").edits
    assert edit.moved and edit.lines in ([1], [2])


def test_the_learners_bound_names_are_renamed_as_the_course_names_them():
    assert renamed("for n in xs:\n    t += n.v\n", "for neuron in xs:\n    t += neuron.v\n") == \
        "for neuron in xs:\n    t += neuron.v\n"
    # An attribute is not renamed, nor a name the learner also uses for something else.
    assert renamed("t = x.data\n", "t = x.grad\n") == "t = x.data\n"
    assert renamed("for n in xs:\n    t += neuron\n", "for neuron in xs:\n    t += neuron\n") == \
        "for n in xs:\n    t += neuron\n"
    # Nor a name assigned (it may be a parameter, or read after the gap), nor a loop's own iterable.
    assert renamed("scores = [s.relu() for s in scores]\n", "margins = [s.relu() for s in scores]\n") == \
        "scores = [s.relu() for s in scores]\n"
    assert renamed("for ps in ps:\n    f(ps)\n", "for p in ps:\n    f(p)\n") == "for ps in ps:\n    f(ps)\n"
    assert renamed("[g(n, n=1) for n in xs]\n", "[g(m, n=1) for m in xs]\n") == "[g(m, n=1) for m in xs]\n"


def test_the_course_is_indented_as_the_learner_indents():
    assert reindented("    for v in xs:\n        t += v\n", "    for v in xs:\n      t -= v\n") == "    for v in xs:\n      t += v\n"
    assert diff("    for v in xs:\n      t += v\n", "    for v in xs:\n        t += v\n").edits == ()
    assert reindented("    if a:\n        b\n", "\tif a:\n\t\tc\n") == "    if a:\n        b\n"


def test_dead_lines_are_those_after_a_return_in_the_same_block():
    assert dead_lines("    return 1\n    x = 2\n") == {2}
    assert dead_lines("    for v in xs:\n        if v:\n            break\n        continue\n        y = v\n    return y\n") == {5}
    assert dead_lines("    x = (\n") is None


def test_an_edit_is_placed_in_the_courses_lines_and_a_move_across_those_it_passes():
    course = "a = 1\nb = 2\nc = 3\nd = 4\n"
    [changed] = diff("a = 1\nb = 5\nc = 3\nd = 4\n", course).edits
    assert changed.place == {("line", 1)}
    [swap_bc] = diff("a = 1\nc = 3\nb = 2\nd = 4\n", course).edits
    [swap_cd] = diff("a = 1\nb = 2\nd = 4\nc = 3\n", course).edits
    assert swap_bc.place == {("line", 1), ("line", 2)} and swap_cd.place == {("line", 2), ("line", 3)}


def test_lines_are_split_at_newlines_only_as_the_page_counts_them():
    assert diff("# a\u2028b\nx = 1\n", "# a\u2028b\nx = 2\n").edits[0].lines == [2]


def test_each_line_of_a_run_the_course_writes_otherwise_is_offered_alone_in_place_of_the_run():
    mine = "def f():\n    if x:\n        y += x ** n - 1\nreturn f\n"
    theirs = "def f():\n    d = x ** (n - 1) if x else 0\n    y += d\nreturn f\n"
    found = diff(mine, theirs)
    [second, third] = one_line_each(found)
    assert second.lines == [2] and third.lines == [3]
    text, origin = found.patched((third,), in_place=True)
    assert text == "def f():\n    if x:\n        d = x ** (n - 1) if x else 0\n        y += d\nreturn f\n"
    assert origin == [1, 2, None, None, 4]


def test_a_line_whose_assignment_a_later_line_makes_anew_is_masked_unless_that_line_reads_it():
    assert masked("self.calls = 1\nself.loss = loss\nself.calls = 0\n", [1, 2, None]) == {1}
    assert masked("x = 1\nx = x + 1\n", [1, None]) == set()
    assert masked("a, b = 1, 2\nb = 3\nf(a, b)\n", [1, None, 2]) == {1}


def test_a_name_or_loop_variable_that_no_line_reads_is_masked():
    assert masked("loss = g\nd = f(x)\nreturn d\n", [1, None, 2]) == {1}
    assert masked("for i in range(3):\n    t += 1\nfor _ in r:\n    t += 1\n", [1, 2, 3, 4]) == {1}


def test_a_line_off_by_one_is_offered_the_other_way():
    found = dict(off_by_one("    t = 0\n    for i in range(len(w) - 1):\n        if i < n: t += w[i]\n    return t\n"))
    assert found[2] == "    t = 0\n    for i in range(len(w)):\n        if i < n: t += w[i]\n    return t\n"
    assert found[3] == "    t = 0\n    for i in range(len(w) - 1):\n        if i <= n: t += w[i]\n    return t\n"


def test_the_courses_tuple_assignment_is_unpacked_unless_the_learner_assigns_the_same_tuple():
    course = "    for i in k:\n        up, down = list(k), list(k)\n"
    assert unpacked(course, "    up = k\n") == "    for i in k:\n        up = list(k)\n        down = list(k)\n"
    assert unpacked(course, "    up, down = k, k\n") == course
    assert unpacked("a, b = b, a\n", "") == "a, b = b, a\n"


def test_a_course_line_is_offered_added_alone_and_beside_the_learners_line():
    found = diff("f = g()\nreturn h(f)\n", "f = g()\nf.go()\nf.stop()\nreturn h(f)\n")
    assert {edit.parts for edit in one_line_added(found)} >= {((1, 1, 1, 2),), ((1, 1, 2, 3),)}
    changed = diff("a = 1\nb = a\n", "a = 1\nc(a)\n")
    assert {edit.parts for edit in one_line_added(changed)} == {((1, 1, 1, 2),), ((2, 2, 1, 2),)}


def test_a_line_the_diff_splits_in_two_is_offered_whole():
    found = diff("x = 1\nn = f(lambda v: v, p)\n", "x = 1\nloss = lambda v: v\nn = f(loss, p, h)\n")
    assert len(found.edits) == 2
    assert [edit.parts for edit in whole_lines(found)] == [((1, 2, 1, 3),)]


def test_the_courses_return_is_named_as_the_learner_names_it():
    mine = "    x = f(2)\n    out = g(x, 1)\n    return out\n"
    assert named_return("    x = f(2)\n    return g(x)\n", mine) == "    x = f(2)\n    out = g(x)\n    return out\n"
    assert [edit.lines for edit in diff(mine, "    x = f(2)\n    return g(x)\n").edits] == [[2]]
    assert named_return("    return out + 1\n", mine) == "    return out + 1\n"  # the course has a name out


def test_a_line_off_by_one_includes_a_range_that_starts_at_1():
    found = dict(off_by_one("    t = b\n    for i in range(1, len(w)):\n        t += w[i] * x[i]\n    return t\n"))
    assert found[2] == "    t = b\n    for i in range(len(w)):\n        t += w[i] * x[i]\n    return t\n"


def test_a_course_return_put_deeper_in_the_learners_blocks_than_in_its_own_is_found():
    theirs = "    return sum(f(x) for x in data) / len(data)\n"
    mine = "    total = 0.0\n    for x in data:\n        total += f(x)\n    return total\n"
    found = diff(mine, theirs)
    inside = found.patched((Edit(((2, 3, 0, 1),)),), in_place=True)
    assert returns_deeper(*inside, found.theirs)
    last = found.patched((Edit(((3, 4, 0, 1),)),))
    assert not returns_deeper(*last, found.theirs)
    looped = "    for x in xs:\n        if x:\n            return x\n    return None\n"
    assert not returns_deeper(looped, [1, 2, None, 4], looped)


def test_an_assignment_in_a_loop_to_a_name_set_before_it_is_offered_as_adding():
    text = "    total = 0.0\n    for x in data:\n        total = f(x)\n        last = x\n    return total\n"
    assert accumulated(text) == [(3, "    total = 0.0\n    for x in data:\n        total += f(x)\n        last = x\n    return total\n")]
