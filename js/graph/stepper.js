// Step backward and Run backward under a drawn graph: the backward pass replayed one Value at a
// time, last first (graph/backward.js), each grad updated in place in the drawing. The Value
// whose local gradients are being applied is marked, and so are the parents it just passed to.

import { button, make } from "../dom.js";
import { backwardPass, stepText } from "./backward.js";
import { valueWidth } from "./dot.js";
import { pyFloat, valueLines } from "./values.js";

/**
 * Put the step buttons under figure's canvas, for the graph just drawn in it.
 * @param {HTMLElement} figure
 * @param {{nodes: object[], edges: [number, number][]}} graph its nodes' grads change as it steps
 * @param {{values: Map<number, SVGGElement>}} drawn from graph/svg.js
 * @param {() => void} changed called after grads change, to bring the figure's table up to date
 */
export function mountStepper(figure, graph, drawn, changed) {
  figure.querySelector(".ember-figure__backward")?.remove();
  const { steps, error } = backwardPass(graph);
  if (!steps.length && !error) return; // a leaf alone: nothing to pass back
  const bar = make("div", "ember-figure__backward");
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "The backward pass, step by step");
  const stepButton = button("Step backward", "ember-figure__backward-button");
  const runButton = button("Run backward", "ember-figure__backward-button");
  const status = make("p", "ember-figure__backward-status");
  status.setAttribute("role", "status");
  bar.append(stepButton, runButton, status);
  figure.querySelector(".ember-figure__canvas").after(bar);
  if (error) {
    stepButton.disabled = runButton.disabled = true;
    status.textContent = error;
    return;
  }

  const root = graph.nodes.length - 1;
  let next = -1; // the index of the next step; -1 before the seed
  const setGrad = (id, grad) => {
    const node = graph.nodes[id];
    node.grad = grad;
    const g = drawn.values.get(id);
    const texts = g.querySelectorAll("text");
    if (texts.length === 3) {
      texts[2].textContent = valueLines(node)[2];
      const rect = g.querySelector("rect");
      if (rect && Number(rect.getAttribute("width")) < valueWidth(node)) rect.setAttribute("width", valueWidth(node));
    } else {
      g.setAttribute("aria-label", valueLines(node).join(" ")); // its text is drawn from node later
    }
  };
  const mark = (current, passedTo) => {
    for (const [id, g] of drawn.values) {
      g.classList.toggle("ember-graph__value--stepping", id === current);
      g.classList.toggle("ember-graph__value--changed", passedTo.has(id));
    }
    // On a graph wider than its canvas, bring the marked Value into view.
    drawn.values.get(current)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  const seed = () => {
    for (const node of graph.nodes) setGrad(node.id, 0);
    setGrad(root, 1);
    mark(root, new Set());
    next = 0;
    return `Step 0 of ${steps.length}: every grad starts at 0.0, and ${graph.nodes[root].label}.grad is seeded with 1.0, since ${graph.nodes[root].label} changes one for one with itself.`;
  };
  const apply = (step) => {
    for (const { parent, grad } of step.shares) setGrad(parent, grad);
    next += 1;
  };
  const finished = () => (next === steps.length ? ` Every grad is filled in: ${graph.nodes.filter((n) => !n.op)
    .map((n) => `${n.label}.grad = ${pyFloat(n.grad)}`).join(", ")}.` : "");

  stepButton.addEventListener("click", () => {
    if (next === -1 || next === steps.length) {
      status.textContent = seed();
    } else {
      const step = steps[next];
      apply(step);
      mark(step.id, new Set(step.shares.map((s) => s.parent)));
      status.textContent = `Step ${next} of ${steps.length}: ${stepText(graph, step)}${finished()}`;
    }
    changed();
  });
  runButton.addEventListener("click", () => {
    if (next === -1 || next === steps.length) seed();
    while (next < steps.length) apply(steps[next]);
    mark(-1, new Set());
    status.textContent = `Ran all ${steps.length} steps of the backward pass.${finished()}`;
    changed();
  });
}
