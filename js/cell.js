// A code cell: the build's highlighted code becomes an editor with a Run button; the output
// recorded at build time stays until the reader runs the cell. The learner's edits are kept in
// their progress, and Reset brings back the page's code.

import { button, make } from "./dom.js";
import { createEditor, replaceText } from "./editor/python.js";
import { figureFor, show } from "./graph.js";
import { draw as drawPlot, plotFor } from "./plot.js";
import { appendOutput } from "./output.js";
import { emberText, learnerEmber, lessonData } from "./learner.js";
import * as progress from "./progress/store.js";
import { isBusy, onState, run as runCell, stop as stopRun } from "./runtime/client.js";
import LIMITS from "../site_src/limits.json" with { type: "json" };

/**
 * Mount one cell rendered by site_src/fences/cell.py.
 * @param {HTMLElement} el the .ember-cell element
 * @param {AbortSignal} left aborted when the learner leaves the page
 */
export function mount(el, left) {
  const number = el.dataset.cell;
  const code = el.querySelector(".ember-cell__code");
  const output = el.querySelector(".ember-cell__output");
  const origin = el.querySelector(".ember-cell__origin");
  const source = code.querySelector("code").textContent.replace(/\n$/, "");

  const timeLimit = Number(el.dataset.timeLimit) || LIMITS.cell_time_limit;

  const bar = make("div", "ember-cell__bar");
  const run = button("Run", "md-button--primary ember-cell__run");
  const stopButton = button("Stop", "ember-cell__stop");
  stopButton.hidden = true;
  const reset = button("Reset", "ember-cell__reset");
  reset.title = "Bring back this cell's code as the page gives it";
  const status = make("span", "ember-cell__status");
  status.setAttribute("role", "status");
  bar.append(run, stopButton, reset, status);

  const host = make("div", "ember-cell__editor");
  code.replaceWith(host, bar);

  let running = null; // the run's id, once queued
  // A run may show plots faster than they can be drawn: each plot's newest version is drawn,
  // once a frame.
  const plots = new Map(); // figure → its newest plot, not drawn yet
  let frame = 0;
  function drawPlots() {
    frame = 0;
    for (const [figure, plot] of plots) {
      try {
        drawPlot(figure, plot);
      } catch (error) {
        appendOutput(output, [["stderr", `This plot could not be drawn: ${error.message ?? error}\n`]]);
      }
    }
    plots.clear();
  }
  const id = el.dataset.id;
  const saved = progress.cellCode(id);
  const lesson = lessonData();
  const ember = lesson ? [emberText(lesson)] : [];
  const view = createEditor(host, {
    doc: saved?.original === source ? saved.code : source,
    label: `Code of cell ${number}`,
    texts: () => ember,
    onRun: () => start(),
    onChange: (code, before) => {
      progress.setCellCode(id, source, code, { source: view, base: before });
      reset.hidden = code === source;
    },
  });
  reset.hidden = view.state.doc.toString() === source;
  // The output the build recorded, if it ran the cell (site_src/fences/cell.py, build="compile").
  if (!reset.hidden && el.dataset.build !== "compile") {
    origin.textContent = "recorded when this page was built, from its code, not yours: Run shows yours";
  }
  reset.addEventListener("click", () => {
    replaceText(view, source);
    status.textContent = "This cell has the page's code again; Ctrl+Z (⌘Z) in it brings yours back.";
  });
  if (saved && saved.original !== source) keepEarlier(bar, view, saved.code);
  // Another tab changed this cell, or a progress file was imported: show what is saved.
  progress.subscribe(({ cell, all, source: from }) => {
    if (cell !== id && !all) return;
    queueMicrotask(() => {
      const saved = progress.cellCode(id)?.original === source ? progress.cellCode(id).code : source;
      if (saved === view.state.doc.toString()) return;
      replaceText(view, saved);
      if (from === "tab") status.textContent = "Changed in another tab of this site; Ctrl+Z (⌘Z) in the cell takes it back.";
    });
  }, left);

  async function start() {
    if (running !== null) return;
    running = 0;
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    run.setAttribute("aria-disabled", "true");
    stopButton.hidden = false;
    el.setAttribute("aria-busy", "true");
    const waiting = onState((state, step) => {
      if (state === "booting") status.textContent = `Python is starting (${step || "loading"})… your code runs as soon as it is ready.`;
      if (state === "ready") status.textContent = isBusy() ? "Waiting for the run before it to end…" : "Running…";
    });
    output.replaceChildren();
    origin.textContent = "";
    const result = await runCell(view.state.doc.toString(), (chunks) => {
      if (!el.isConnected) return; // its page was left: its drawings must not land on the next one
      waiting();
      status.textContent = "Running…";
      // Only the last graph of a batch for each figure is drawn: a layout can take a while.
      const latest = new Map();
      for (const [, text] of chunks.filter(([stream]) => stream === "graph")) {
        const { graph, target, marked = [] } = JSON.parse(text);
        const { figure, note } = figureFor(el, target);
        latest.set(figure, [graph, new Set(marked)]);
        if (note) appendOutput(output, [["stderr", `${note}\n`]]);
      }
      for (const [figure, [graph, marked]] of latest) show(figure, graph, marked);
      for (const [, text] of chunks.filter(([stream]) => stream === "plot")) {
        const { plot, target } = JSON.parse(text);
        const { figure, note } = plotFor(el, target);
        plots.set(figure, plot);
        frame ||= requestAnimationFrame(drawPlots);
        if (note) appendOutput(output, [["stderr", `${note}\n`]]);
      }
      appendOutput(output, chunks.filter(([stream]) => stream !== "graph" && stream !== "plot"));
    }, learnerEmber(), { timeLimit, onStart: (id) => (running = id), onRun: () => (status.textContent = "Running…") });
    waiting();
    cancelAnimationFrame(frame);
    drawPlots();
    if (result.failure) appendOutput(output, [["stderr", `${result.failure}\n`]]);
    if (result.stopped) appendOutput(output, [["note", stoppedNote(result, timeLimit)]]);
    origin.textContent = result.ms === undefined ? "" : `ran in your browser in ${Math.round(result.ms)} ms`;
    status.textContent = result.stopped ? "Stopped." : result.ok ? "Done." : result.raised ? `Finished with ${result.raised}.` : "Python stopped.";
    el.removeAttribute("aria-busy");
    run.removeAttribute("aria-disabled");
    if (stopButton.contains(document.activeElement)) run.focus();
    stopButton.hidden = true;
    running = null;
  }
  run.addEventListener("click", start);
  stopButton.addEventListener("click", () => running && stopRun(running));
}

/** What the output says of a stopped run. */
function stoppedNote({ stopped, restarted }, timeLimit) {
  const why = stopped === "time" ? `Stopped after ${timeLimit} s, this cell's time limit.` : "Stopped.";
  return restarted ? `${why} Python is being restarted; your code and your ember are kept.\n` : `${why}\n`;
}

/**
 * The learner changed this cell before the page's code for it changed: their version is kept,
 * a button away.
 */
function keepEarlier(bar, view, code) {
  const use = button("Use my earlier version", "ember-cell__reset");
  use.title = "You changed this cell before the lesson changed it; your version was kept";
  use.addEventListener("click", () => {
    replaceText(view, code);
    use.remove();
  });
  bar.append(use);
}
