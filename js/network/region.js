// Where on a plane of two inputs a hidden neuron is active, its output above 0: the page's own
// forward pass (forward.js) at the centre of each cell of a grid over the plane, for the view of
// one neuron that TensorFlow Playground's thumbnails gave the idea of.

import { forward } from "./forward.js";

/**
 * The cells of an n × n grid over the plane where neuron j of layer k gives more than 0.
 * @param {object} network as site_src/runtime/network.py gives it, with two inputs
 * @param {number} k layer, from 0
 * @param {number} j neuron, from 0
 * @param {{x: number[], y: number[]}} plane [low, high] of each input first
 * @param {number} n cells a side
 * @returns {{active: [number, number][], size: [number, number]}} the active cells' corners
 *   (left, bottom) and every cell's width and height
 */
export function activeRegion(network, k, j, plane, n = 24) {
  const [[x0, x1], [y0, y1]] = [plane.x, plane.y];
  const size = [(x1 - x0) / n, (y1 - y0) / n];
  const active = [];
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const [x, y] = [x0 + a * size[0], y0 + b * size[1]];
      if (forward(network, [x + size[0] / 2, y + size[1] / 2])[k + 1][j] > 0) active.push([x, y]);
    }
  }
  return { active, size };
}
