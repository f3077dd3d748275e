// The finished pieces of earlier lessons: every earlier gap gets its solution, except a
// learner's own answer that passes its lab's checks.

import { assemble } from "./assemble.js";

/**
 * Load the finished pieces of earlier lessons.
 * @param {{files: Object<string, Array>, earlier: {id: string, gaps: string[], checks: object[]}[]}} lesson
 *   the page's lesson data (site_src/plugin.py)
 * @param {{answer: (gap: string) => string|undefined, setAnswer: (gap: string, text: string) => void,
 *   runChecks: (checks: object[], ember: {files: Object<string,string>, gaps: object}) => Promise<{results: {status: string}[], finished: boolean}>}} io
 * @returns {Promise<{filled: string[], kept: string[]}>} the gaps given their solution, and the
 *   gaps whose own answer was kept
 */
export async function loadFinishedPieces(lesson, { answer, setAnswer, runChecks }) {
  const slots = Object.values(lesson.files).flat()
    .filter((s) => typeof s !== "string" && !s.marked && s.solution !== null);
  const solution = Object.fromEntries(slots.map((s) => [s.gap, s.solution]));
  const filled = [];
  const kept = [];
  for (const slot of slots) {
    const mine = answer(slot.gap);
    if (mine === slot.solution) { // the learner's own, and the same
      kept.push(slot.gap);
      continue;
    }
    const lab = lesson.earlier.find((l) => l.gaps.includes(slot.gap));
    if (mine !== undefined && lab) {
      // The learner's answer, with the rest of its lab solved: does the lab pass?
      const trial = (gap) => (gap === slot.gap ? mine : lab.gaps.includes(gap) ? solution[gap] : answer(gap));
      const { results, finished } = await runChecks(lab.checks, { files: assemble(lesson.files, trial), gaps: {} }, { lab: lab.gaps });
      // Not all of them ran (Python failed, or they were stopped): keep the answer rather than guess.
      if (!finished || results.every((r) => r.status === "passed")) {
        kept.push(slot.gap);
        continue;
      }
    }
    setAnswer(slot.gap, slot.solution);
    filled.push(slot.gap);
  }
  return { filled, kept };
}
