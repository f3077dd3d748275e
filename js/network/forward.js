// A network's forward pass in JavaScript, from the weights and biases its diagram shows: what the
// page fills the neurons with for an input picked on a plot, without asking Python, so that it
// works while Python trains and on a recorded state. It computes what ember's MLP computes
// (ember/nn.py): each neuron the sum of its weights times its inputs plus its bias, relu after
// the sum in a layer that has it.

import { toNumber } from "../graph/values.js";

/**
 * What each layer gives for inputs, the inputs first: activations as site_src/runtime/network.py
 * gives them.
 * @param {{layers: {relu: boolean, neurons: {weights: (number|string)[], bias: number|string}[]}[]}} network
 * @param {number[]} inputs as many as the first layer's neurons have weights
 * @returns {number[][]}
 */
export function forward(network, inputs) {
  const seen = [inputs];
  for (const layer of network.layers) {
    const before = seen.at(-1);
    seen.push(layer.neurons.map((n) => {
      const sum = n.weights.reduce((total, w, i) => total + toNumber(w) * before[i], toNumber(n.bias));
      return layer.relu ? Math.max(sum, 0) : sum;
    }));
  }
  return seen;
}
