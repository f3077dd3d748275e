// Replaying a run that trained a network: each state of the network a cell's run drew is kept,
// with the plots as the run had drawn them by then (a loss curve, the regions of the plane), and
// once the run has ended (or was stopped) a slider under the network's diagram draws them again,
// state by state, without running Python again.

import { make } from "../dom.js";
import { draw as drawPlot } from "../plot.js";

const MOST = 240; // states kept of a run: past this, every second one is let go

/**
 * What a cell's run records, as its drawings come (js/cell.js).
 * @param {(figure: HTMLElement, network: object) => void} drawNetwork
 * @returns {{plot: Function, network: Function, end: () => void}}
 */
export function recorder(drawNetwork) {
  const plots = new Map(); // plot figure → its newest plot
  const runs = new Map(); // network figure → its states: [{network, plots}]
  return {
    plot(figure, plot) {
      plots.set(figure, plot);
    },
    network(figure, network) {
      if (!runs.has(figure)) {
        runs.set(figure, []);
        figure.querySelector(".ember-network__replay")?.remove(); // a replay of an earlier run
      }
      const states = runs.get(figure);
      const step = network.step ?? null;
      if (step !== null && states.at(-1)?.network.step === step) states.pop(); // the same step, drawn again
      states.push({ network, plots: new Map(plots) });
      if (states.length > MOST) runs.set(figure, states.filter((_, i) => i % 2 === 0 || i === states.length - 1));
    },
    end() {
      for (const [figure, states] of runs) if (states.length > 1) offer(figure, states, drawNetwork);
    },
  };
}

/** The slider under figure's diagram that draws states again, the last one first. */
function offer(figure, states, drawNetwork) {
  const bar = make("div", "ember-network__replay");
  const label = make("label", "", "Replay the training ");
  const slider = make("input", "");
  Object.assign(slider, { type: "range", min: "0", max: String(states.length - 1), step: "1", value: String(states.length - 1) });
  const said = make("span", ""); // not live: the slider's own value text is what is announced
  const name = (state, i) => (state.network.step ?? null) === null ? `state ${i + 1} of ${states.length}` : `step ${state.network.step}`;
  const show = () => {
    const i = Number(slider.value);
    const state = states[i];
    drawNetwork(figure, state.network);
    for (const [plot, data] of state.plots) drawPlot(plot, data);
    said.textContent = name(state, i);
    slider.setAttribute("aria-valuetext", name(state, i));
  };
  slider.addEventListener("input", show);
  label.append(slider);
  bar.append(label, said);
  said.textContent = name(states.at(-1), states.length - 1);
  slider.setAttribute("aria-valuetext", said.textContent);
  figure.querySelector(".ember-network__canvas").after(bar);
}
