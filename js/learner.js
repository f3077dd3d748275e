// The learner's ember: the lesson's ember as it starts (embedded by the build), with the
// learner's own text in every gap they have written.

import { answer } from "./progress.js";

/**
 * A gap in the lesson's ember. marked: a gap of this lesson, shown between marker lines.
 * @typedef {{gap: string, stub: string, solution: string|null, marked: boolean, indent: string}} Slot
 */

/** The ember data of the current page (site_src/plugin.py), or null if it has none. */
export function lessonData() {
  const script = document.getElementById("ember-lesson");
  return script ? JSON.parse(script.textContent) : null;
}

/** The text in a slot: the learner's, else the stub. */
export function slotText(slot) {
  return answer(slot.gap) ?? slot.stub;
}

/** A marked slot's text with its marker lines, as site_src/gaps.py writes it. */
export function markedText(slot, text) {
  return `${slot.indent}# --- gap ${slot.gap} ---\n${text}${slot.indent}# --- end ---\n`;
}

/**
 * Join each file's segments, putting the learner's text (else the stub) in each slot.
 * @param {Object<string, Array>} lessonFiles the lesson's files as text and slots
 * @param {(gap: string) => string|undefined} answerOf the learner's text for a gap
 * @returns {Object<string,string>}
 */
export function assemble(lessonFiles, answerOf) {
  const files = {};
  for (const [path, segments] of Object.entries(lessonFiles)) {
    files[path] = segments
      .map((s) => {
        if (typeof s === "string") return s;
        const text = answerOf(s.gap) ?? s.stub;
        return s.marked ? markedText(s, text) : text;
      })
      .join("");
  }
  return files;
}

/**
 * The learner's ember files, or null on a page without ember data (no cells, no labs).
 * @returns {Object<string,string>|null}
 */
export function learnerFiles() {
  const lesson = lessonData();
  return lesson ? assemble(lesson.files, answer) : null;
}
