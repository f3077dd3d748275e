// The course map's progress column (site_src/frame.py): for each lesson with a page, how many
// of its labs passed and how many of its questions the learner answered rightly.

import * as progress from "./progress/store.js";

/** "1 lab", "2 labs". */
function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * @param {HTMLElement} cell a .ember-map__progress cell with data-labs and data-quizzes
 */
export function mount(cell) {
  if (cell.dataset.labs === undefined) return; // a lesson still to come
  const labs = cell.dataset.labs.split(" ").filter(Boolean);
  const quizzes = cell.dataset.quizzes.split(" ").filter(Boolean);
  const passed = labs.filter((lab) => progress.passed(lab)).length;
  const answered = quizzes.filter((quiz) => progress.quizAnswer(quiz).right).length;
  cell.textContent = `${passed} of ${counted(labs.length, "lab")} passed · ${answered} of ${counted(quizzes.length, "question")} answered`;
  cell.classList.toggle("ember-map__progress--done", passed === labs.length && answered === quizzes.length);
}
