// A lab: the learner's file, editable only in this lab's gaps; hints one level at a time;
// checks that run in the worker against the learner's ember, each with its own status.

import { button, make, readJson } from "./dom.js";
import { createGapEditor } from "./editor.js";
import { markedText } from "./assemble.js";
import { learnerEmber, lessonData, slotText } from "./learner.js";
import * as progress from "./progress/store.js";
import { isBusy, isReady, runChecks, stop } from "./runtime/client.js";
import "./lab.css";

const STATUS_WORDS = { passed: "passed", failed: "failed", error: "error" };
const CHECKS_TIME_LIMIT = 10; // seconds for all of a lab's checks

/**
 * The lab's file as the learner has it, and where its gaps are.
 * @returns {{doc: string, gaps: import("./editor.js").GapRange[]}}
 */
function labFile(segments, labGaps) {
  let doc = "";
  const gaps = [];
  for (const segment of segments) {
    if (typeof segment === "string") {
      doc += segment;
    } else if (!segment.marked) {
      doc += slotText(segment);
    } else {
      const text = slotText(segment);
      const from = doc.length + markedText(segment, "").indexOf("\n") + 1; // after the start marker
      doc += markedText(segment, text);
      gaps.push({ name: segment.gap, from, to: from + text.length - 1, editable: labGaps.includes(segment.gap) });
    }
  }
  return { doc, gaps };
}

/**
 * Mount one lab rendered by site_src/fences/lab.py.
 * @param {HTMLElement} el the .ember-lab element
 * @param {AbortSignal} left aborted when the learner leaves the page
 */
export function mount(el, left) {
  const data = readJson(el.querySelector(".ember-lab__data"));
  const segments = lessonData().files[data.path];
  const slots = Object.fromEntries(segments.filter((s) => typeof s !== "string").map((s) => [s.gap, s]));
  el.setAttribute("role", "region");
  el.setAttribute("aria-label", `Lab ${data.id.split("-")[1]}`);

  // The file, editable in this lab's gaps.
  const file = el.querySelector(".ember-lab__file");
  file.querySelector(".ember-lab__when").textContent = "yours: edit the shaded gaps (Ctrl+A, or ⌘A, selects the gap you are in)";
  const host = make("div", "ember-lab__editor");
  file.querySelector(".highlight").replaceWith(host);
  const { doc, gaps } = labFile(segments, data.gaps);
  const editor = createGapEditor(host, {
    doc,
    gaps,
    label: `${data.path}, lab ${data.id.split("-")[1]}`,
    onChange: (name, text) => {
      // A gap still holding its stub is not the learner's answer (an edit next to it moved it).
      if (progress.answer(name) === undefined && `${text}\n` === slots[name].stub) return;
      progress.setAnswer(name, `${text}\n`, editor);
    },
  });
  const synced = make("p", "ember-lab__synced");
  synced.setAttribute("role", "status");
  file.after(synced);
  progress.subscribe(({ gap, source }) => {
    if (gap in slots && source !== editor && gaps.some((g) => g.name === gap)) {
      editor.replace(gap, slotText(slots[gap]).slice(0, -1));
      if (source === "tab" && data.gaps.includes(gap)) {
        synced.textContent = `Gap ${gap} was changed in another tab of this site. This tab now shows that text, the newer one.`;
      }
    }
  }, left);

  // One "Reset this gap" per gap.
  const gapList = make("div", "ember-lab__gaps");
  for (const name of data.gaps) {
    const group = make("div", "ember-lab__gap");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", `Gap ${name}`);
    const reset = button("Reset this gap", "ember-lab__button");
    reset.addEventListener("click", () => {
      if (!window.confirm(`Reset gap ${name}? Your text in it is replaced by the starting stub.`)) return;
      progress.clearAnswer(name);
      editor.replace(name, slots[name].stub.slice(0, -1));
      el.dispatchEvent(new CustomEvent("ember-lab-reset"));
    });
    group.append(make("code", "", name), reset);
    gapList.append(group);
  }
  file.after(gapList);

  mountHints(el, data);
  mountChecks(el, data);
}

/** Hints revealed one level at a time, remembered across reloads. */
function mountHints(el, data) {
  const details = el.querySelector(".ember-lab__hints");
  const hints = [...details.querySelectorAll("li")];
  const box = make("div", "ember-lab__hints");
  const list = make("ol", "ember-lab__hint-list");
  const more = button("Show a hint", "ember-lab__button");
  const count = make("span", "ember-lab__hint-count");
  count.setAttribute("role", "status");
  const show = () => {
    const shown = Math.min(progress.hintsShown(data.id), hints.length);
    list.replaceChildren(...hints.slice(0, shown));
    count.textContent = shown === 0 ? `${hints.length} hints, from a nudge to nearly the code.`
      : shown < hints.length ? `Hint ${shown} of ${hints.length}.` : "That was the last hint.";
    // aria-disabled, not hidden: hiding the focused button would drop the keyboard focus.
    more.setAttribute("aria-disabled", String(shown >= hints.length));
  };
  more.addEventListener("click", () => {
    if (progress.hintsShown(data.id) >= hints.length) return;
    progress.showHint(data.id);
    show();
  });
  box.append(make("p", "ember-lab__heading", "Hints"), list, more, count);
  details.replaceWith(box);
  show();
}

/** The checks: a Run checks button, a status for each check, and the praise when all pass. */
function mountChecks(el, data) {
  const box = el.querySelector(".ember-lab__checks");
  const items = [...box.querySelectorAll(".ember-lab__check")];
  const praise = el.querySelector(".ember-lab__praise");
  const run = button("Run checks", "md-button--primary ember-lab__button");
  const summary = make("p", "ember-lab__summary");
  summary.setAttribute("role", "status");
  box.querySelector(".ember-lab__checks-title").after(run);
  box.append(summary);

  const showPassed = (passed) => {
    praise.hidden = !passed;
    el.classList.toggle("ember-lab--passed", passed);
  };
  /** Clear the statuses and say why; unpass also forgets that the lab was passed. */
  const forget = (message, unpass = true) => {
    for (const item of items) showResult(item, { status: "", reason: "" });
    if (unpass) {
      progress.setPassed(data.id, false);
      showPassed(false);
    }
    summary.textContent = message;
  };
  el.addEventListener("ember-lab-reset", () => forget("A gap was reset: run the checks again."));
  showPassed(progress.passed(data.id));
  if (progress.passed(data.id)) summary.textContent = "You passed this lab. Run the checks again at any time.";

  const stopButton = button("Stop", "ember-lab__button ember-lab__stop");
  stopButton.hidden = true;
  run.after(stopButton);
  let running = null; // the checks' run id, once queued
  stopButton.addEventListener("click", () => running && stop(running));
  run.addEventListener("click", async () => {
    if (running !== null) return;
    running = 0;
    run.setAttribute("aria-disabled", "true");
    stopButton.hidden = false;
    summary.textContent = !isReady() ? "Python is starting… the checks run as soon as it is ready."
      : isBusy() ? "Waiting for the run before them to end…" : "Checking…";
    const { results, failure, stopped, restarted } = await runChecks(data.checks, learnerEmber(),
      { timeLimit: CHECKS_TIME_LIMIT, onStart: (id) => (running = id), onRun: () => (summary.textContent = "Checking…") });
    running = null;
    run.removeAttribute("aria-disabled");
    if (stopButton.contains(document.activeElement)) run.focus();
    stopButton.hidden = true;
    // Only checks that ran too long count against the lab; one stopped by the learner (or by
    // leaving the page), or a Python that failed, says nothing about their code.
    if (stopped) {
      const why = stopped === "time" ? `Stopped after ${CHECKS_TIME_LIMIT} s: a check ran too long. Does a loop in your code never end?`
        : "Stopped.";
      forget(restarted ? `${why} Python was restarted; your code is kept.` : why, stopped === "time");
      return;
    }
    if (failure) {
      forget(failure, false);
      return;
    }
    results.forEach((result, index) => showResult(items[index], result));
    const passed = results.filter((r) => r.status === "passed").length;
    const all = passed === results.length;
    summary.textContent = all ? `All ${results.length} checks passed.` : `${passed} of ${results.length} checks passed.`;
    progress.setPassed(data.id, all);
    showPassed(all);
  });
}

/** Show one check's status and reason, as text; an empty status clears them. */
function showResult(item, { status, reason }) {
  item.dataset.status = status;
  item.querySelector(".ember-lab__status")?.remove();
  item.querySelector(".ember-lab__reason")?.remove();
  if (status) item.prepend(make("span", "ember-lab__status", STATUS_WORDS[status]));
  if (reason) item.append(make("span", "ember-lab__reason", reason));
}
