// A lab: the learner's file, editable only in this lab's gaps; hints one level at a time;
// checks that run in the worker against the learner's ember, each with its own status, what
// the learner's code printed while it ran, and what they most likely did when a typical
// mistake gives the lab's checks the same results; when some fail, where to look: each gap at
// fault and the learner's line in it; once every check passes, the course's answer beside theirs.

import { button, make, readJson } from "./dom.js";
import { createGapEditor } from "./editor/gaps.js";
import { draw, makeFigure } from "./graph.js";
import { markedText } from "./assemble.js";
import { emberText, learnerEmber, lessonData, slotText } from "./learner.js";
import { PRINTED, appendOutput } from "./output.js";
import * as progress from "./progress/store.js";
import { runStop } from "./runstop.js";
import { isBusy, isReady, runChecks, syntaxProblems } from "./runtime/client.js";

const STATUS_WORDS = { passed: "passed", failed: "failed", error: "error", stopped: "stopped" };
const CHECKS_TIME_LIMIT = 10; // seconds for all of a lab's checks

/**
 * The lab's file as the learner has it, and where its gaps are.
 * @returns {{doc: string, gaps: import("./editor/gaps.js").GapRange[]}}
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
      gaps.push({ name: segment.gap, from, to: from + text.length - 1, editable: labGaps.includes(segment.gap), indent: segment.indent });
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
  progress.shareTexts();
  const data = readJson(el.querySelector(".ember-lab__data"));
  const lesson = lessonData();
  const segments = lesson.files[data.path];
  const slots = Object.fromEntries(segments.filter((s) => typeof s !== "string").map((s) => [s.gap, s]));

  const file = el.querySelector(".ember-lab__file");
  file.querySelector(".ember-lab__when").textContent = "yours: edit the shaded gaps";
  const host = make("div", "ember-lab__editor");
  file.querySelector(".highlight").replaceWith(host);
  const { doc, gaps } = labFile(segments, data.gaps);
  const shown = gaps.map((gap) => gap.name);
  const problemsLine = make("p", "ember-lab__problems");
  problemsLine.setAttribute("role", "status");
  const ember = [emberText(lesson)];
  const editor = createGapEditor(host, {
    doc,
    gaps,
    label: `${data.path}, lab ${data.id.split("-")[1]}`,
    texts: () => ember,
    onChange: (name, text, before) => save(name, text, before),
    onLocked: () => (notice.textContent = "Only the shaded gaps are yours to edit: the rest of the file is the lesson's."),
    problems: async () => {
      const found = shown.some((name) => progress.answer(name) !== undefined) ? await syntaxProblems(learnerEmber()) : [];
      showProblems(problemsLine, found.filter((problem) => shown.includes(problem.gap)));
      return found;
    },
  });
  /** Keep a gap's text; a gap holding its stub is one the learner has not written. */
  function save(name, text, before) {
    notice.textContent = "";
    if (`${text}\n` === slots[name].stub) progress.clearAnswer(name, editor, slots[name].stub);
    else progress.setAnswer(name, `${text}\n`, { source: editor, base: `${before}\n` });
    el.dispatchEvent(new CustomEvent("ember-lab-edit", { detail: { gap: name } }));
  }
  // The keys' part is left out on a touch screen (js/lab.css), where Select code is the way in.
  const tip = make("p", "ember-lab__tip",
    "Enter already indents the next line, one level more after a line that ends with a colon: type no "
    + "spaces of your own there, and Backspace takes a level away. In a gap, Select code selects its code.");
  tip.append(make("span", "ember-lab__keys", " Ctrl+A (⌘A on a Mac) does too; Tab and Shift+Tab indent "
    + "and dedent the selected lines. To leave the editor with the keyboard, press Esc, then Tab."));
  const notice = make("p", "ember-lab__notice");
  notice.setAttribute("role", "status");
  file.after(tip, problemsLine, notice);
  // The saved progress is what the editor shows: after a change elsewhere (another tab, another
  // lab of this page, an import), each gap here is brought up to it. Not during the editor's own
  // update, which may be what saved.
  progress.subscribe(({ gap, source }) => queueMicrotask(() => {
    for (const name of shown) {
      const saved = slotText(slots[name]).slice(0, -1);
      if (editor.text(name) === saved) continue;
      editor.replace(name, saved, { undoable: source !== "tab" });
      if (source === "tab" && name === gap && data.gaps.includes(name)) {
        notice.textContent = `Gap ${name} was changed in another tab of this site: this tab now shows that text, `
          + "the newer one. Ctrl+Z (⌘Z) here undoes only what you typed in this tab.";
      }
    }
  }), left);

  mountGapButtons(el, gaps.filter((gap) => gap.editable).map((gap) => gap.name), editor, file, slots);
  mountHints(el, data);
  mountChecks(el, data, {
    showAnswers: mountAnswers(el, data, slots), editor, answers: courseText(lesson, data), earlierLabs: lesson.earlier,
  });
}

/**
 * The course's text of the gaps a failing lab may be blamed on, by name: the lab's own, and the
 * earlier lessons' that the page has (as "Load the finished pieces" gives them). The worker
 * tries them in place of the learner's; the page never shows them before the lab passes.
 */
function courseText(lesson, data) {
  const earlier = Object.values(lesson.files).flat()
    .filter((s) => typeof s !== "string" && !s.marked && s.solution !== null)
    .map((s) => [s.gap, s.solution.replace(/\n$/, "")]);
  return { ...Object.fromEntries(earlier), ...data.answers };
}

/**
 * The course's answer beside the learner's, gap by gap, in a disclosure shown once the lab has
 * passed (before, only the hints help). Returns a function that shows or hides it.
 */
function mountAnswers(el, data, slots) {
  const box = make("details", "ember-lab__answers");
  box.append(make("summary", "", "Compare with the course's answer"));
  const pairs = make("div", "ember-lab__answer-pairs");
  box.append(pairs);
  box.addEventListener("toggle", () => {
    if (!box.open) return;
    pairs.replaceChildren(...data.gaps.map((gap) => {
      const pair = make("div", "ember-lab__answer-pair");
      pair.setAttribute("role", "group");
      pair.setAttribute("aria-label", `Answers for gap ${gap}`);
      for (const [whose, text] of [["Yours", slotText(slots[gap])], ["The course's", data.answers[gap] ?? ""]]) {
        const side = make("div", "ember-lab__answer");
        side.append(make("p", "ember-lab__answer-title", `${whose} · ${gap}`), answerCode(dedent(text)));
        pair.append(side);
      }
      return pair;
    }));
  });
  el.querySelector(".ember-lab__praise").after(box);
  return (passed) => {
    box.hidden = !passed;
    if (!passed) box.open = false;
  };
}

/** text without the indentation its lines share, nor its last line break. */
function dedent(text) {
  const lines = text.replace(/\n$/, "").split("\n");
  const common = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)[0].length));
  return lines.map((line) => line.slice(Number.isFinite(common) ? common : 0)).join("\n");
}

/** Say the syntax errors that the gaps cause, a line each, or nothing. */
function showProblems(line, problems) {
  line.textContent = problems.map((p) => `Gap ${p.gap}, line ${p.line}: ${p.message}`).join("\n");
}

/** Select code and Reset this gap for each of the lab's gaps, in the file's order; Show all lines. */
function mountGapButtons(el, names, editor, file, slots) {
  const gapList = make("div", "ember-lab__gaps");
  for (const name of names) {
    const group = make("div", "ember-lab__gap");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", `Gap ${name}`);
    const select = button("Select code", "ember-lab__button");
    select.addEventListener("click", () => editor.selectCode(name));
    const reset = button("Reset this gap", "ember-lab__button");
    reset.addEventListener("click", () => {
      if (!window.confirm(`Reset gap ${name}? Your text in it is replaced by the starting stub (Ctrl+Z in the editor brings it back).`)) return;
      editor.replace(name, slots[name].stub.slice(0, -1));
      el.dispatchEvent(new CustomEvent("ember-lab-reset"));
    });
    group.append(make("code", "", name), select, reset);
    gapList.append(group);
  }
  const all = button("Show all lines", "ember-lab__button");
  all.addEventListener("click", () => editor.showAll());
  gapList.append(all);
  file.after(gapList);
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

/** What the summary says when the checks were stopped: why, and which check was running. */
function stoppedSummary({ stopped, restarted }, running) {
  let why = "Stopped.";
  if (stopped === "time") {
    why = running ? `Stopped after ${CHECKS_TIME_LIMIT} s, the time limit of the checks, while "${running}" was running.`
      : `Stopped after ${CHECKS_TIME_LIMIT} s, the time limit of the checks.`;
    why += " Code that never ends does this; so does code that is very slow or prints a great deal.";
  }
  return restarted ? `${why} Python was restarted; your code is kept.` : why;
}

/**
 * The checks: a Run checks button, a status for each check, where to look when some fail, and
 * the praise when all pass.
 * @param {{showAnswers: (passed: boolean) => void, editor: object, answers: Object<string, string>,
 *   earlierLabs: {id: string, gaps: string[]}[]}} parts showAnswers shows the course's answer once
 *   the lab passed; editor, the lab's (selectLine, cursorAfter); answers, courseText's;
 *   earlierLabs, the earlier lessons' labs (site_src/plugin.py)
 */
function mountChecks(el, data, { showAnswers, editor, answers, earlierLabs }) {
  const box = el.querySelector(".ember-lab__checks");
  const items = [...box.querySelectorAll(".ember-lab__check")];
  const praise = el.querySelector(".ember-lab__praise");
  const run = button("Run checks", "md-button--primary ember-lab__button");
  const summary = make("p", "ember-lab__summary");
  summary.setAttribute("role", "status");
  // Said politely when it fills, after the summary; empty, it takes no room (lab.css).
  const where = make("div", "ember-lab__where");
  where.setAttribute("aria-live", "polite");
  box.querySelector(".ember-lab__checks-title").after(run);
  box.append(summary, where);

  const showPassed = (passed) => {
    praise.hidden = !passed;
    el.classList.toggle("ember-lab--passed", passed);
    showAnswers(passed);
  };
  /** Clear the statuses and say why; unpass also forgets that the lab was passed. */
  const forget = (message, unpass = true) => {
    for (const item of items) showResult(item, { status: "", reason: "" });
    showWhere(where, [], data, editor);
    if (unpass) {
      progress.setPassed(data.id, false);
      showPassed(false);
    }
    summary.textContent = message;
  };
  let reset = false; // a gap was reset while the checks ran: their results are of older text
  el.addEventListener("ember-lab-reset", () => {
    reset = true;
    forget("A gap was reset: run the checks again.");
  });
  // A pointer names lines of the text it was found in: once its gap changes, it goes, and one
  // found for a text changed since the checks were sent is not shown.
  let changed = new Set();
  el.addEventListener("ember-lab-edit", ({ detail }) => {
    changed.add(detail.gap);
    forgetPointer(where, detail.gap);
  });
  showPassed(progress.passed(data.id));
  if (progress.passed(data.id)) summary.textContent = "You passed this lab. Run the checks again at any time.";

  const showFound = (faults) => showWhere(where, faults.filter((fault) => !changed.has(fault.gap)), data, editor);
  const above = labsAbove(el);

  const stopButton = button("Stop", "ember-lab__button ember-lab__stop");
  run.after(stopButton);
  runStop(run, stopButton, async (started) => {
    for (const item of items) markEarlier(item);
    const earlier = items.some((item) => item.dataset.status) ? " Results marked earlier are from the last run." : "";
    const checking = `Checking…${earlier}`;
    summary.textContent = !isReady() ? `Python is starting… the checks run as soon as it is ready.${earlier}`
      : isBusy() ? `Waiting for the run before them to end…${earlier}` : checking;
    showWhere(where, [], data, editor);
    showPassed(false); // the praise and the answers of an earlier pass wait for this run's results
    [changed, reset] = [new Set(), false];
    const outcome = await runChecks(data.checks, learnerEmber(), {
      lab: data.gaps,
      answers: Object.assign({}, ...above.map((lab) => lab.answers), answers),
      unwritten: [...data.gaps, ...above.flatMap((lab) => lab.gaps)].filter((gap) => progress.answer(gap) === undefined),
      checked: [...earlierLabs, ...above].filter((lab) => progress.passed(lab.id)).flatMap((lab) => lab.gaps),
      beside: above.flatMap((lab) => lab.gaps),
      timeLimit: CHECKS_TIME_LIMIT,
      onStart: started,
      onRun: () => (summary.textContent = checking),
      onResult: (index, result) => {
        showResult(items[index], result);
        const failed = items.some((item) => item.dataset.status && item.dataset.status !== "passed");
        if (index === items.length - 1 && failed) summary.textContent = "Every check has run. Finding where to look…";
      },
      onFault: (faults) => reset || showFound(faults),
    });
    if (reset) return;
    showOutcome(outcome, { items, summary, data, showPassed });
    showFound(outcome.blame ?? []);
  });
}

/** The data of the labs of the page above el (site_src/fences/lab.py): their gaps may fail el's checks. */
function labsAbove(el) {
  const labs = [...document.querySelectorAll(".ember-lab")];
  return labs.slice(0, labs.indexOf(el)).map((lab) => readJson(lab.querySelector(".ember-lab__data")));
}

/**
 * Where to look in a failing lab: each gap at fault, in words, with a button that selects the
 * learner's line in the editor, or puts the cursor where a line is missing, when it is one of
 * this lab's gaps.
 * @param {HTMLElement} where
 * @param {import("./runtime/client.js").Fault[]} faults
 */
function showWhere(where, faults, data, editor) {
  if (!faults.length) return where.replaceChildren();
  const list = make("ul", "ember-lab__where-list");
  for (const fault of faults) {
    const item = make("li", "ember-lab__pointer", fault.text);
    item.dataset.gap = fault.gap;
    const go = data.gaps.includes(fault.gap) ? goButton(fault, editor) : null;
    if (go) item.append(" ", go);
    list.append(item);
  }
  where.replaceChildren(make("p", "ember-lab__heading", "Where to look"), list);
}

/** The button that takes the learner to a fault's first line, or to where a line is missing. */
function goButton({ gap, lines, after }, editor) {
  let go;
  if (lines.length) {
    go = button(`Select line ${lines[0]} of ${gap}`, "ember-lab__button ember-lab__go");
    go.addEventListener("click", () => editor.selectLine(gap, lines[0]));
  } else if (after !== null) {
    go = button(after ? `Go to the end of line ${after} of ${gap}` : `Go to the start of ${gap}`, "ember-lab__button ember-lab__go");
    go.addEventListener("click", () => editor.cursorAfter(gap, after));
  }
  return go;
}

/** Take away the pointer at gap, which the learner has changed since; and the heading with the last. */
function forgetPointer(where, gap) {
  for (const item of where.querySelectorAll(".ember-lab__pointer")) if (item.dataset.gap === gap) item.remove();
  if (!where.querySelector(".ember-lab__pointer")) where.replaceChildren();
}

/** The checks' outcome, in the lab's items and summary, and whether it is passed (showPassed). */
function showOutcome(outcome, { items, summary, data, showPassed }) {
  const { results, finished, failure, stopped } = outcome;
  // Those that did not run have no result: the first of them was stopped, if any was running.
  const next = results.length;
  for (const item of items.slice(next)) showResult(item, { status: "", reason: "" });
  if (stopped && !finished) {
    const wasRunning = stopped === "time";
    if (wasRunning) showResult(items[next], { status: "stopped", reason: `Still running when the ${CHECKS_TIME_LIMIT} s were up.` });
    summary.textContent = stoppedSummary(outcome, wasRunning ? data.checks[next].title : null);
    // Only checks that ran too long count against the lab; one stopped by the learner (or by
    // leaving the page) says nothing about their code.
    if (stopped === "time") progress.setPassed(data.id, false);
    showPassed(progress.passed(data.id));
    return;
  }
  if (failure) {
    summary.textContent = failure;
    showPassed(progress.passed(data.id));
    return;
  }
  results.forEach(({ likely = [] }, index) => showLikely(items[index], likely));
  const passed = results.filter((r) => r.status === "passed").length;
  const all = passed === results.length;
  summary.textContent = all ? `All ${results.length} checks passed.` : `${passed} of ${results.length} checks passed.`;
  if (stopped) {
    summary.textContent += stopped === "time" ? " The time limit came while finding where to look." : " Stopped while finding where to look.";
    if (outcome.blame?.length) summary.textContent += " Where to look says what was found by then.";
    if (outcome.restarted) summary.textContent += " Python was restarted; your code is kept.";
  }
  progress.setPassed(data.id, all);
  showPassed(all);
}

/**
 * A graph a check drew (gradcheck's, with the wrong grad marked), in a disclosure: it is drawn
 * when the learner opens it.
 */
function graphBox(item, json, index) {
  const { graph, marked = [] } = JSON.parse(json);
  const box = make("details", "ember-lab__graph");
  box.append(make("summary", "", marked.length ? "Show the graph, with the wrong grad marked" : "Show the graph"));
  const figure = makeFigure(`${item.closest(".ember-lab").dataset.lab}-check-${item.dataset.check}-graph-${index}`);
  box.append(figure);
  box.addEventListener("toggle", () => box.open && !("drawn" in figure.dataset) && draw(figure, graph, new Set(marked), marked[0]));
  return box;
}

/**
 * An answer's code, each line wrapped where it is too long for its box, the rest of it hanging
 * a level right of the line's own indentation.
 * @param {string} text
 */
function answerCode(text) {
  const pre = make("pre", "ember-lab__answer-code");
  pre.append(...text.split("\n").map((line) => {
    const span = make("span", "ember-lab__answer-line", line || " ");
    const hang = line.length - line.trimStart().length + 4;
    span.style.paddingLeft = `${hang}ch`;
    span.style.textIndent = `-${hang}ch`;
    return span;
  }));
  return pre;
}

/** Mark a check's shown result as one of an earlier run, until its new one comes. */
function markEarlier(item) {
  if (!item.dataset.status) return;
  item.dataset.earlier = "";
  item.querySelector(".ember-lab__status")?.append(make("span", "ember-lab__earlier", " · earlier run"));
}

/**
 * Say, under a check's reason, what the learner most likely did: the words of the typical
 * mistakes whose results agree with theirs on the whole lab.
 * @param {HTMLElement} item
 * @param {string[]} likely
 */
function showLikely(item, likely) {
  const lines = likely.map((words) => make("span", "ember-lab__likely", `Most likely: ${words}`));
  const reason = item.querySelector(".ember-lab__reason");
  if (reason) reason.after(...lines);
  else item.append(...lines);
}

/**
 * Show one check's status, reason and what was printed while it ran (by the learner's code or
 * the check), as text; an empty status clears them, and what the learner most likely did
 * (showLikely).
 * @param {HTMLElement} item
 * @param {import("./runtime/client.js").CheckResult|{status: "", reason: ""}} result
 */
function showResult(item, { status, reason, output }) {
  item.dataset.status = status;
  delete item.dataset.earlier;
  for (const part of item.querySelectorAll(".ember-lab__status, .ember-lab__reason, .ember-lab__likely, .ember-lab__graph, .ember-lab__printed")) {
    part.remove();
  }
  if (status) item.prepend(make("span", "ember-lab__status", STATUS_WORDS[status]));
  if (reason) item.append(make("span", "ember-lab__reason", reason));
  const chunks = output ?? [];
  chunks.filter(([stream]) => stream === "graph").forEach(([, json], index) => item.append(graphBox(item, json, index)));
  const printed = chunks.filter(([stream]) => PRINTED.has(stream));
  if (printed.length) {
    const box = make("div", "ember-lab__printed");
    const pre = make("pre", "ember-lab__output");
    pre.setAttribute("role", "log");
    pre.setAttribute("aria-label", `What was printed during: ${item.querySelector(".ember-lab__check-title").textContent}`);
    pre.tabIndex = 0; // it may scroll: the keyboard must reach it
    appendOutput(pre, printed);
    box.append(make("span", "ember-lab__printed-title", "Printed while it ran:"), pre);
    item.append(box);
  }
}
