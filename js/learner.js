// The learner's ember: the lesson's ember as it starts (embedded by the build), with the
// learner's own text in every gap they have written.

import { assemble, gapLines } from "./assemble.js";
import { readJson } from "./dom.js";
import { answer } from "./progress/store.js";

/**
 * A gap in the lesson's ember. marked: a gap of this lesson, shown between marker lines.
 * @typedef {{gap: string, stub: string, solution: string|null, marked: boolean, indent: string}} Slot
 */

/** The ember data of the current page (site_src/plugin.py), or null if it has none. */
export function lessonData() {
  const template = document.getElementById("ember-lesson");
  return template ? readJson(template) : null;
}

/** The text in a slot: the learner's, else the stub. */
export function slotText(slot) {
  return answer(slot.gap) ?? slot.stub;
}

/**
 * The learner's ember: its files, and where each gap lies in them; null on a page without
 * ember data (no cells, no labs).
 * @returns {{files: Object<string,string>, gaps: Object<string, [string, number, number, string][]>}|null}
 */
export function learnerEmber() {
  const lesson = lessonData();
  return lesson ? { files: assemble(lesson.files, answer), gaps: gapLines(lesson.files, answer) } : null;
}

/**
 * The lesson's ember as one text, without the gaps: the lesson's own code, for completion.
 * @param {{files: Object<string, Array>}} lesson the page's ember data
 */
export function emberText(lesson) {
  return Object.values(lesson.files).flat().filter((segment) => typeof segment === "string").join("");
}
