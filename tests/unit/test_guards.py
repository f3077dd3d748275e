"""site_src/runtime/guards.py: the browser's Python refuses, in words, a recursion limit its stack
cannot hold."""

import pytest

from guards import _capped


def test_a_limit_above_the_browsers_is_refused_in_words_and_one_below_is_set():
    set_to = []
    capped = _capped(set_to.append, 400)
    with pytest.raises(RecursionError, match=r"^sys.setrecursionlimit\(100,000\): the browser's Python keeps its "
                                             r"recursion limit at 400 at most"):
        capped(100_000)
    capped(300)
    assert set_to == [300]
