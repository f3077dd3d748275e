// Step backward, Run backward and Reset under a drawn graph: the backward pass replayed one Value
// at a time, last first (graph/backward.js), each grad updated in place in the drawing. The Value
// whose local gradients are being applied is marked, and so are the parents it just passed to.
// It is the backward pass the learner's ember has at the page's lesson: grads set (=) as lesson
// 08 writes them, added (+=) from lesson 09, and run by Value.backward() from lesson 10.

import { button, make } from "../dom.js";
import { lessonData } from "../learner.js";
import { backwardPass, stepText } from "./backward.js";
import { valueWidth } from "./dot.js";
import { drawnLines, pyFloat, valueLines } from "./values.js";

const LISTED = 8; // leaves whose grads the last step names; more are left to the table

/** How the backward pass starts, in the words of the lesson the page is on. */
function startWords(lesson) {
  if (lesson < 8) return "the backward pass starts, as lesson 08 will build it; here the grads are only drawn.";
  if (lesson < 10) return "the backward pass starts, each Value's _backward called by hand, last first.";
  return "the backward pass starts, as Value.backward() runs it.";
}

/**
 * Put the step buttons under figure's canvas, for the graph just drawn in it.
 * @param {HTMLElement} figure
 * @param {{nodes: object[], edges: [number, number][]}} graph the drawing's own copy: its nodes'
 *   grads change as it steps
 * @param {{values: Map<number, SVGGElement>}} drawn from graph/svg.js
 * @param {{changed: () => void, reveal: (id: number) => void}} view changed brings the figure's
 *   table up to date; reveal scrolls a value node into view
 */
export function mountStepper(figure, graph, drawn, { changed, reveal }) {
  figure.querySelector(".ember-figure__backward")?.remove();
  const lesson = lessonData()?.lesson ?? Infinity; // a page that is not a lesson: the finished ember
  const adds = lesson >= 9;
  const { steps, error } = backwardPass(graph, adds);
  if (!steps.length && !error) return; // a leaf alone: nothing to pass back
  const { stepButton, runButton, resetButton, status } = stepBar(figure, error);
  if (error) return;

  const drawnGrads = graph.nodes.map((node) => node.grad); // what the figure showed, for Reset
  const root = graph.nodes.length - 1;
  let next = -1; // the index of the next step; -1 before the seed
  const setGrad = (id, grad) => showGrad(graph.nodes[id], drawn.values.get(id), grad);
  const mark = (current, passedTo) => {
    for (const [id, g] of drawn.values) {
      g.classList.toggle("ember-graph__value--stepping", id === current);
      g.classList.toggle("ember-graph__value--changed", passedTo.has(id));
    }
    reveal(current);
  };
  const seed = () => {
    for (const node of graph.nodes) setGrad(node.id, 0);
    setGrad(root, 1);
    mark(root, new Set());
    next = 0;
    const { label } = graph.nodes[root];
    return `Step 0 of ${steps.length}: ${startWords(lesson)} Every grad starts at 0.0, and ${label}.grad is seeded with 1.0, since ${label} changes one for one with itself.`;
  };
  const apply = (step) => {
    for (const { parent, grad } of step.shares) setGrad(parent, grad);
    next += 1;
  };
  const finished = () => (next === steps.length ? filledIn(graph) : "");

  stepButton.addEventListener("click", () => {
    if (next === -1 || next === steps.length) {
      status.textContent = seed();
    } else {
      const step = steps[next];
      apply(step);
      mark(step.id, new Set(step.shares.map((s) => s.parent)));
      status.textContent = `Step ${next} of ${steps.length}: ${stepText(graph, step, adds)}${finished()}`;
    }
    changed();
  });
  runButton.addEventListener("click", () => {
    if (next === -1 || next === steps.length) seed();
    while (next < steps.length) apply(steps[next]);
    mark(-1, new Set());
    status.textContent = `Ran ${steps.length === 1 ? "the one step" : `all ${steps.length} steps`} of the backward pass.${finished()}`;
    changed();
  });
  resetButton.addEventListener("click", () => {
    drawnGrads.forEach((grad, id) => setGrad(id, grad));
    mark(-1, new Set());
    next = -1;
    status.textContent = "The grads are back as the figure first showed them.";
    changed();
  });
}

/**
 * The step buttons and their status, in a group under figure's canvas; with an error, which says
 * why the backward pass cannot be replayed, the buttons are disabled and the status says it.
 */
function stepBar(figure, error) {
  const bar = make("div", "ember-figure__backward");
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "The backward pass, step by step");
  const stepButton = button("Step backward", "ember-figure__backward-button");
  const runButton = button("Run backward", "ember-figure__backward-button");
  const resetButton = button("Reset", "ember-figure__backward-button");
  const status = make("p", "ember-figure__backward-status");
  status.setAttribute("role", "status");
  bar.append(stepButton, runButton, resetButton, status);
  figure.querySelector(".ember-figure__canvas").after(bar);
  if (error) {
    stepButton.disabled = runButton.disabled = true;
    status.textContent = error;
  }
  return { stepButton, runButton, resetButton, status };
}

/** Set node's grad, and show it in its drawn value node g, in place. */
function showGrad(node, g, grad) {
  node.grad = grad;
  const texts = g.querySelectorAll("text");
  if (texts.length === 3) {
    texts[2].textContent = drawnLines(node)[2];
    const rect = g.querySelector("rect");
    if (rect && Number(rect.getAttribute("width")) < valueWidth(node)) rect.setAttribute("width", valueWidth(node));
  } else {
    g.setAttribute("aria-label", valueLines(node).join(" ")); // its text is drawn from node later
  }
}

/** What the status adds once the last step is done: the leaves' grads, or where to read them. */
function filledIn(graph) {
  const leaves = graph.nodes.filter((n) => !n.op);
  if (leaves.length > LISTED) return ` Every grad is filled in: the table lists the grads of all ${leaves.length} leaves.`;
  return ` Every grad is filled in: ${leaves.map((n) => `${n.label}.grad = ${pyFloat(n.grad)}`).join(", ")}.`;
}
