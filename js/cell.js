// A code cell: the build's highlighted code becomes an editor with a Run button; the output
// recorded at build time stays until the reader runs the cell. The learner's edits are kept in
// their progress, and Reset brings back the page's code.

import { button, drawingFor, make } from "./dom.js";
import { createEditor, replaceText } from "./editor/python.js";
import { figureFor, show } from "./graph.js";
import { draw as drawPlot, plotFor } from "./plot.js";
import { draw as drawNetwork, networkFor } from "./network.js";
import { recorder } from "./network/replay.js";
import { steerer } from "./steer.js";
import { docking } from "./dock.js";
import { PRINTED, appendOutput } from "./output.js";
import { emberText, learnerEmber, lessonData } from "./learner.js";
import * as progress from "./progress/store.js";
import { runStop } from "./runstop.js";
import { isBusy, onState, run as runCell } from "./runtime/client.js";
import LIMITS from "../site_src/limits.json" with { type: "json" };

/**
 * Mount one cell rendered by site_src/fences/cell.py.
 * @param {HTMLElement} el the .ember-cell element
 * @param {AbortSignal} left aborted when the learner leaves the page
 */
export function mount(el, left) {
  const code = el.querySelector(".ember-cell__code");
  const output = el.querySelector(".ember-cell__output");
  const origin = el.querySelector(".ember-cell__origin");
  const timeLimit = Number(el.dataset.timeLimit) || LIMITS.cell_time_limit;

  const bar = make("div", "ember-cell__bar");
  const run = button("Run", "md-button--primary ember-cell__run");
  const stopButton = button("Stop", "ember-cell__stop");
  const reset = button("Reset", "ember-cell__reset");
  reset.title = "Bring back this cell's code as the page gives it";
  const status = make("span", "ember-cell__status");
  status.setAttribute("role", "status");
  // The editor's keys, how to leave it among them, in the bar and read as the editor's description.
  const keys = make("span", "ember-cell__keys", "Shift+Enter runs it; Esc, then Tab, leaves the editor.");
  keys.id = `${el.dataset.id}-keys`;
  bar.append(run, stopButton, reset, status, keys);
  const host = make("div", "ember-cell__editor");
  const source = code.querySelector("code").textContent.replace(/\n$/, "");
  code.replaceWith(host, bar);

  // The editor first, so that Run's listener finds it; the editor calls start, defined just below,
  // only on Shift+Enter.
  const view = cellEditor(el, { host, source, reset, status, origin, start: () => start(), left, describedBy: keys.id });
  const start = runStop(run, stopButton, async (started) => {
    el.setAttribute("aria-busy", "true");
    try {
      await runAndShow(started);
    } finally {
      el.removeAttribute("aria-busy");
    }
  });

  async function runAndShow(started) {
    const waiting = onState((state, step) => {
      if (state === "booting") status.textContent = `Python is starting (${step || "loading"})… your code runs as soon as it is ready.`;
      if (state === "ready") status.textContent = isBusy() ? "Waiting for the run before it to end…" : "Running…";
    });
    output.replaceChildren();
    bar.querySelector(".ember-cell__drew")?.remove();
    origin.textContent = "";
    const shown = shower(el, output);
    const result = await runCell(view.state.doc.toString(), (chunks) => {
      if (!el.isConnected) return; // its page was left: its drawings must not land on the next one
      waiting();
      status.textContent = "Running…";
      shown.take(chunks);
    }, learnerEmber(), { timeLimit, onStart: (id) => {
      shown.run = id;
      started(id);
    }, onRun: () => (status.textContent = "Running…") });
    waiting();
    shown.end();
    showWhereItDrew(bar, shown.outOfView());
    if (result.failure) appendOutput(output, [["stderr", `${result.failure}\n`]]);
    const note = result.stopped && stoppedNote(result, timeLimit);
    if (note) appendOutput(output, [["note", note]]);
    origin.textContent = result.ms === undefined ? "" : `ran in your browser in ${Math.round(result.ms)} ms`;
    status.textContent = result.stopped ? "Stopped." : result.ok ? "Done." : result.raised ? `Finished with ${result.raised}.` : "Python stopped.";
  }
}

/**
 * The cell's editor, with the learner's saved code if the page's code is still the one they
 * changed; Reset brings back the page's code, and a change in another tab shows.
 */
function cellEditor(el, { host, source, reset, status, origin, start, left, describedBy }) {
  const id = el.dataset.id;
  progress.shareTexts();
  const saved = progress.cellCode(id);
  const lesson = lessonData();
  const ember = lesson ? [emberText(lesson)] : [];
  const view = createEditor(host, {
    doc: saved?.original === source ? saved.code : source,
    label: `Code of cell ${el.dataset.cell}`,
    describedBy,
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
  if (saved && saved.original !== source) keepEarlier(reset.parentElement, view, saved.code);
  // Another tab changed this cell, or a progress file was imported: show what is saved.
  progress.subscribe(({ cell, all, source: from }) => {
    if (cell !== id && !all) return;
    queueMicrotask(() => {
      const saved = progress.cellCode(id)?.original === source ? progress.cellCode(id).code : source;
      if (saved === view.state.doc.toString()) return;
      replaceText(view, saved, { undoable: from !== "tab" });
      if (from === "tab") status.textContent = "Changed in another tab of this site; Ctrl+Z (⌘Z) here undoes only what you typed in this tab.";
    });
  }, left);
  return view;
}

/**
 * What a run shows as it goes, chunk by chunk: its output, and the graphs, plots and networks it
 * draws in their figures, those out of view brought under the Run bar (js/dock.js). A run may
 * show them faster than they can be drawn: of a batch, the last graph for each figure is drawn,
 * and each plot's and network's newest version, one figure a frame.
 * Every network drawn is kept with the plots of its time, for a replay once the run ends. The
 * sliders of an hx.steer steer the run whose id is set as run.
 * @returns {{take: (chunks: [string, string][]) => void, end: () => void, run: number|null}} end
 *   draws what is left
 */
// What each kind of drawing of a run is drawn in, and with: [find its figure, draw, noun]. Lesson
// 18's digits load their code only when a run draws them.
const DRAWN = {
  plot: [plotFor, drawPlot, "plot"],
  network: [networkFor, drawNetwork, "network"],
  digits: [digitsFor, (figure, data) => import("./digits.js").then(({ draw }) => draw(figure, data)), "digits figure"],
};

/** The digits figure a cell's hx.show_digits draws into (js/dom.js, drawingFor). */
function digitsFor(cell, target) {
  return drawingFor(cell, target, "ember-digits", "hx.show_digits", () => {
    const own = make("figure", "ember-digits");
    own.id = `cell-${cell.dataset.cell}-digits`;
    own.append(make("div", "ember-digits__pad"), make("div", "ember-digits__images"));
    return own;
  });
}

function shower(el, output) {
  const waiting = new Map(); // figure → [draw, its newest plot or network, what it is], not drawn yet
  const replay = recorder(drawNetwork); // every network and plot shown, to draw again after the run
  const steering = steerer(el);
  const docked = docking(el); // the figures it draws into, out of view, come under its Run bar
  let frame = 0;
  const note = (text) => text && appendOutput(output, [["stderr", `${text}\n`]]);
  function drawOne() {
    const [figure, [draw, data, noun]] = waiting.entries().next().value;
    waiting.delete(figure);
    const failed = (error) => note(`This ${noun} could not be drawn: ${error.message ?? error}`);
    try {
      draw(figure, data)?.catch?.(failed);
    } catch (error) {
      failed(error);
    }
  }
  // One figure a frame: on a long lesson, the style and paint of two plots and a network at once
  // made one main-thread task of a hundred ms and more (make bench).
  function drawWaiting() {
    frame = 0;
    if (waiting.size) drawOne();
    if (waiting.size) frame = requestAnimationFrame(drawWaiting);
  }
  function later(kind, text) {
    const { [kind]: data, target } = JSON.parse(text);
    const [find, draw, noun] = DRAWN[kind];
    const found = find(el, target);
    docked.take(found.figure);
    replay[kind]?.(found.figure, data);
    waiting.set(found.figure, [draw, data, noun]);
    frame ||= requestAnimationFrame(drawWaiting);
    note(found.note);
  }
  function take(chunks) {
    const latest = new Map();
    for (const [, text] of chunks.filter(([stream]) => stream === "graph")) {
      const { graph, target, marked = [] } = JSON.parse(text);
      const found = figureFor(el, target);
      docked.take(found.figure);
      latest.set(found.figure, [graph, new Set(marked)]);
      note(found.note);
    }
    for (const [figure, [graph, marked]] of latest) show(figure, graph, marked);
    for (const [kind, text] of chunks.filter(([stream]) => Object.hasOwn(DRAWN, stream))) later(kind, text);
    for (const [, text] of chunks.filter(([stream]) => stream === "steer")) {
      try {
        note(steering.show(text, shown.run));
      } catch (error) {
        note(`The sliders of hx.steer could not be shown: ${error.message ?? error}`);
      }
    }
    appendOutput(output, chunks.filter(([stream]) => PRINTED.has(stream)));
  }
  function end() {
    cancelAnimationFrame(frame);
    while (waiting.size) drawOne();
    replay.end();
    steering.end();
    docked.ended();
  }
  const shown = { take, end, outOfView: docked.outOfView, run: null };
  return shown;
}

/** A button in the cell's bar that brings into view the figures far from it that a run drew
 * into, the first of them, if any: a quick run redraws a plot screens above without moving it
 * (js/dock.js). */
function showWhereItDrew(bar, figures) {
  if (!figures.length) return;
  const go = button(figures.length === 1 ? "Show the figure it drew" : "Show the figures it drew", "ember-cell__drew");
  go.addEventListener("click", () => {
    const [figure] = figures;
    figure.scrollIntoView({ block: "center" });
    figure.tabIndex = -1;
    figure.focus({ preventScroll: true });
  });
  bar.append(go);
}

/** What the output says of a stopped run, if more than the status's "Stopped.": the time limit
 * that stopped it, or Python's restart. */
function stoppedNote({ stopped, restarted }, timeLimit) {
  const why = stopped === "time" ? `Stopped after ${timeLimit} s, this cell's time limit.` : "Stopped.";
  if (restarted) return `${why} Python is being restarted; your code and your ember are kept.\n`;
  return stopped === "time" ? `${why}\n` : null;
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
