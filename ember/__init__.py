"""ember: a small autograd library that a learner builds one lesson at a time.

Modules:
    neuron: a neuron on plain numbers, its activations and the perceptron rule (Part I).
    train: a loss, slopes by nudging, and gradient descent, on plain numbers (Part I).
    scalar: Value, a number that records how it was made (Part II of the course).
    check: backward's gradients checked against nudging (Part II).
    nn: Neuron, Layer and MLP, networks whose knobs are Values (Part III).
    optim: the hinge loss and the SGD step that trains them (Part III).
    data: XOR and the two moons, made in code and seeded (Part III).
"""
