// Replaying a run that trained a network: each state of the network a cell's run drew is kept,
// with the plots as the run had drawn them by then (a loss curve, the regions of the plane), and
// once the run has ended (or was stopped) a slider under the network's diagram draws them again,
// state by state, without running Python again, each plot on the axes of the whole run. While a
// run draws, the slider stays where it is, switched off.

import { make } from "../dom.js";
import { draw as drawPlot, rangeOf, widest } from "../plot.js";

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
        switchOff(sliderOf(figure));
      }
      const states = runs.get(figure);
      const step = network.step ?? null;
      if (step !== null && states.at(-1)?.network.step === step) states.pop(); // the same step, drawn again
      states.push({ network, plots: new Map(plots) });
      if (states.length > MOST) runs.set(figure, states.filter((_, i) => i % 2 === 0 || i === states.length - 1));
    },
    end() {
      for (const [figure, states] of runs) {
        if (states.length > 1) offer(figure, states, drawNetwork);
        else figure.querySelector(".ember-network__replay")?.remove(); // nothing to replay
      }
    },
  };
}

/** The replay slider of figure's diagram, made switched off under its drawing if it has none:
 * its label, and beside the slider, on the same line, the step it shows. */
function sliderOf(figure) {
  let bar = figure.querySelector(".ember-network__replay");
  if (!bar) {
    bar = make("div", "ember-network__replay");
    const slider = make("input", "");
    slider.id = `${figure.id || "network"}-replay`;
    Object.assign(slider, { type: "range", min: "0", max: "0", step: "1", value: "0" });
    const label = make("label", "", "Replay the training");
    label.htmlFor = slider.id;
    const scrub = make("span", "ember-network__scrub");
    scrub.append(slider, make("span", "")); // the step shown: not live, the slider's value text is announced
    bar.append(label, scrub);
    // Under what the diagram says of a neuron, which a tap puts under the drawing
    figure.querySelector(".ember-network__words").after(bar);
  }
  return bar;
}

/** A replay slider switched off while a run draws: it replays that run once it ends. */
function switchOff(bar) {
  const [slider, said] = bar.querySelectorAll("input, .ember-network__scrub > span");
  slider.disabled = true;
  slider.oninput = null;
  said.textContent = "once the run ends";
  slider.setAttribute("aria-valuetext", "once the run ends");
}

/** The slider under figure's diagram that draws states again, the last one first. */
function offer(figure, states, drawNetwork) {
  const bar = sliderOf(figure);
  const [slider, said] = bar.querySelectorAll("input, .ember-network__scrub > span");
  Object.assign(slider, { max: String(states.length - 1), value: String(states.length - 1), disabled: false });
  const axes = new Map(); // plot figure → the range of every state of it: the axes of the whole run
  const blank = new Map(); // plot figure → its plot with no points: a state before it was drawn
  for (const state of states) {
    for (const [plot, data] of state.plots) {
      axes.set(plot, widest(rangeOf(data), axes.get(plot)));
      if (!blank.has(plot)) blank.set(plot, emptied(data));
    }
  }
  const name = (state, i) => (state.network.step ?? null) === null ? `state ${i + 1} of ${states.length}` : `step ${state.network.step}`;
  const show = () => {
    const i = Number(slider.value);
    const state = states[i];
    drawNetwork(figure, state.network);
    for (const [plot, empty] of blank) drawPlot(plot, state.plots.get(plot) ?? empty, { axes: axes.get(plot) });
    said.textContent = name(state, i);
    slider.setAttribute("aria-valuetext", name(state, i));
  };
  slider.oninput = show;
  said.textContent = name(states.at(-1), states.length - 1);
  slider.setAttribute("aria-valuetext", said.textContent);
}

/** plot with every series's points and marks taken out: its axes, legend and title kept. */
function emptied(plot) {
  return { ...plot, series: plot.series.map((series) => ({ ...series, points: [], ...(series.marks && { marks: [] }) })) };
}
