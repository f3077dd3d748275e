// Steering a run: the sliders of a cell's hx.steer (site_src/runtime/steering.py), one a knob,
// under the cell's Run button or in the plot or network that the call names, under its drawing,
// above its table and caption. A move writes the knob's value where the running Python reads it
// at its next step (runtime/client.js's steer()); a slider at its first stop gives the knob back
// to the cell's own value. Once the run ends, the sliders stay, switched off, at the values they
// had.

import { make, missed, named } from "./dom.js";
import { canSteer, steer } from "./runtime/client.js";

const OWN = "the cell's own";
const shown = new WeakMap(); // cell → the sliders' boxes of its last run

/**
 * The sliders of one run of cell: a box for each hx.steer call of the run.
 * @param {HTMLElement} cell the .ember-cell element
 * @returns {{show: (json: string, run: number|null) => string|undefined, end: () => void}} show
 *   puts up the sliders of a "steer" chunk for the run of that id, and returns a note when its
 *   target is not on the page; end switches them off
 */
export function steerer(cell) {
  for (const box of shown.get(cell) ?? []) box.remove(); // an earlier run's
  const boxes = [];
  shown.set(cell, boxes);
  let underRun = null; // the last box put under the cell's Run, if any: the next goes after it
  return {
    show(json, run) {
      const { steer: { knobs, first }, target } = JSON.parse(json);
      const box = sliders(knobs, first, run);
      box.setAttribute("aria-label", `Steer while it runs, for cell ${cell.dataset.cell}`); // one of several, maybe
      boxes.push(box);
      const drawing = named(target, "ember-plot", "ember-network");
      if (drawing) {
        // In the figure, not beside it: a box put among the article's own children makes the
        // browser restyle the whole article (Material's sibling rules), a task of 40 ms and more.
        // Above its table and caption, which a run lengthens: the sliders stay by the drawing.
        const below = drawing.querySelector(":scope > details, :scope > figcaption");
        drawing.insertBefore(box, below);
      } else {
        (underRun ?? cell.querySelector(".ember-cell__bar")).after(box);
        underRun = box;
      }
      if (!target || drawing) return undefined;
      return `hx.steer: ${missed(target, "plot or network")}; the sliders are under the cell.`;
    },
    end() {
      for (const box of boxes) switchOff(box);
    },
  };
}

/** The sliders of box, switched off at the end of their run. */
function switchOff(box) {
  if (box.contains(document.activeElement)) { // a slider switched off would drop the focus to the page
    box.tabIndex = -1;
    box.focus({ preventScroll: true }); // the learner may be reading the output far below
  }
  const live = [...box.querySelectorAll("input")].some((input) => !input.disabled);
  for (const input of box.querySelectorAll("input")) input.disabled = true;
  if (live) box.querySelector(".ember-steer__note").textContent = "The run has ended: run the cell again to steer it.";
}

/** The fieldset of sliders for knobs ([{name, choices, texts}]), whose values go to the
 * buffer's slots from first on, for the run of that id. */
function sliders(knobs, first, run) {
  const box = make("fieldset", "ember-steer");
  box.append(make("legend", "", "Steer while it runs"));
  const live = canSteer() && run !== null;
  knobs.forEach(({ name, choices, texts }, i) => {
    const row = make("div", "ember-steer__knob");
    const label = make("label", "");
    const input = make("input", "");
    Object.assign(input, { type: "range", min: "0", max: String(choices.length), step: "1", value: "0", disabled: !live });
    const said = make("span", "ember-steer__value", OWN);
    said.setAttribute("aria-hidden", "true"); // the slider's own value text says it
    input.setAttribute("aria-valuetext", OWN);
    input.addEventListener("input", () => {
      const stop = Number(input.value);
      const text = stop === 0 ? OWN : texts[stop - 1];
      steer(run, first + i, stop === 0 ? NaN : choices[stop - 1]);
      said.textContent = text;
      input.setAttribute("aria-valuetext", text);
    });
    label.append(make("span", "ember-steer__name", name), input);
    row.append(label, said);
    box.append(row);
  });
  box.append(make("p", "ember-steer__note", live
    ? "A move takes effect at the next step; a slider at its left end gives the knob back to the cell's own value."
    : "This page cannot reach Python while it runs (it is not cross-origin isolated), so the sliders are off: change the values in the code and run it again."));
  return box;
}
