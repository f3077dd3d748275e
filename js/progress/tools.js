// The learner's progress as a file of their own: Export progress downloads it, Import progress
// reads one back (checked whole against the schema before anything changes, and asking first
// when it would replace work or leave empty what an older file did not keep), and on a lesson,
// Reset this lesson forgets that lesson's work after asking. Where the page has ember data,
// Download your ember saves the learner's code as a zip. Messages are always plain text.

import { button, make } from "../dom.js";
import { downloadButton } from "../download.js";
import { lessonData } from "../learner.js";
import * as progress from "./store.js";

const MAX_BYTES = 5_000_000; // far above any real progress file

/** A file name such as ember-progress-2026-11-30.json. */
function fileName() {
  return `${progress.COURSE}-progress-${new Date().toISOString().slice(0, 10)}.json`;
}

/**
 * Whether the learner agrees that an import replaces their work in this browser, and leaves empty
 * what an older file did not keep; not asked when there is nothing to lose.
 * @param {{notKept: string[]}} read readImport's
 */
function replaces({ notKept }) {
  const { gaps, cells, questions } = progress.work();
  const held = [[gaps, "gap"], [cells, "cell"], [questions, "question"]].filter(([count]) => count)
    .map(([count, what]) => `${count} ${what}${count === 1 ? "" : "s"}`);
  if (!held.length && !notKept.length) return true;
  const lines = [held.length ? `Replace your work in this browser (${held.join(", ")}) with the file's?`
    : "Import the file's progress?"];
  if (notKept.length) lines.push(`The file is from an older version of this site, which did not keep ${notKept.join(" or ")}: those will be empty.`);
  if (held.length) lines.push("This cannot be undone: press Cancel, then Export progress, to keep a copy first.");
  return confirm(lines.join("\n\n"));
}

/**
 * @param {HTMLElement} box a .ember-progress-tools element; with data-lesson on a lesson page
 */
export function mount(box) {
  const status = make("p", "ember-progress-tools__status");
  status.setAttribute("role", "status");
  const exporter = button("Export progress");
  exporter.addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([progress.exportText()], { type: "application/json" }));
    link.download = fileName();
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    status.textContent = "Your progress was saved as a file. Import progress loads it back, here or in another browser.";
  });
  const picker = Object.assign(document.createElement("input"), { type: "file", accept: ".json,application/json", hidden: true });
  picker.setAttribute("aria-label", "Progress file to import");
  const importer = button("Import progress");
  importer.addEventListener("click", () => picker.click());
  picker.addEventListener("change", async () => {
    const [file] = picker.files;
    picker.value = "";
    if (!file) return;
    const read = file.size > MAX_BYTES ? { problem: "This file is too large to be an ember progress file." }
      : progress.readImport(await file.text());
    let problem = read.problem;
    if (!problem && !replaces(read)) problem = "You kept your progress.";
    problem ??= progress.applyImport(read.progress);
    if (problem) {
      status.textContent = `${problem} Nothing was changed.`;
      return;
    }
    status.textContent = "Progress imported. Reloading…";
    location.reload();
  });
  const row = make("div", "ember-progress-tools__buttons");
  row.append(exporter, importer, picker);
  const ember = lessonData();
  if (ember) row.prepend(downloadButton(ember, progress.answer, (message) => (status.textContent = message)));
  const lesson = box.dataset.lesson;
  if (lesson) {
    const reset = button(`Reset this lesson`);
    reset.addEventListener("click", () => {
      if (!confirm(`Forget your work on lesson ${lesson}: your code in its labs and cells, the hints you opened, and your answers to its questions? This cannot be undone; Export progress first to keep a copy.`)) return;
      progress.resetLesson(Number(lesson));
      status.textContent = `Lesson ${lesson} was reset. Reloading…`;
      location.reload();
    });
    row.append(reset);
  }
  box.append(make("p", "ember-progress-tools__title", "Your progress is kept in this browser."), row, status);
}
