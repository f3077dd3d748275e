"""ember: a small autograd library that a learner builds one lesson at a time.

Modules:
    neuron: a neuron on plain numbers, its activations and the perceptron rule (Part I).
    train: a loss, slopes by nudging, and gradient descent, on plain numbers (Part I).
    scalar: Value, a number that records how it was made (Part II of the course).
"""
