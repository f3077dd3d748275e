"""The test course's ember: a Value that keeps its parents, and grads passed back by hand.

Modules:
    scalar: Value, with the gaps of the test course's two lessons.
"""
