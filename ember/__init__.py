"""ember: a small autograd library that a learner builds one lesson at a time.

Modules:
    scalar: Value, a number that records how it was made (Part II of the course).
"""
