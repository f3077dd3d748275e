// Catching up: fill every earlier lesson's gap with its solution, keeping each of the
// learner's own answers that passes its lab's checks.

import { button, make } from "./dom.js";
import { assemble, lessonData } from "./learner.js";
import * as progress from "./progress.js";
import { runChecks } from "./runtime/client.js";

/**
 * Load the finished pieces of earlier lessons.
 * @param {{files: Object<string, Array>, earlier: {id: string, gaps: string[], checks: object[]}[]}} lesson
 *   the page's lesson data (site_src/plugin.py)
 * @param {{answer: (gap: string) => string|undefined, setAnswer: (gap: string, text: string) => void,
 *   runChecks: (checks: object[], files: Object<string,string>) => Promise<{results?: {status: string}[], failure?: string}>}} io
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
    const lab = lesson.earlier.find((l) => l.gaps.includes(slot.gap));
    if (mine !== undefined && mine !== slot.solution && lab) {
      // The learner's answer, with the rest of its lab solved: does the lab pass?
      const trial = (gap) => (gap === slot.gap ? mine : lab.gaps.includes(gap) ? solution[gap] : answer(gap));
      const { results } = await runChecks(lab.checks, assemble(lesson.files, trial));
      // No results (Python failed on it): keep the answer rather than guess.
      if (!results || results.every((r) => r.status === "passed")) {
        kept.push(slot.gap);
        continue;
      }
    }
    setAnswer(slot.gap, slot.solution);
    filled.push(slot.gap);
  }
  return { filled, kept };
}

/**
 * On a lesson that builds on earlier labs, offer the learner a start at the beginning, or the
 * finished pieces of every earlier gap in one click.
 * @param {HTMLElement} heading the lesson's h1
 */
export function mount(heading) {
  const lesson = lessonData();
  // Only a lesson offers it: another page (the Playground) carries no solutions.
  const earlierGaps = lesson?.lesson ? Object.values(lesson.files).flat()
    .filter((s) => typeof s !== "string" && !s.marked && s.solution !== null) : [];
  if (earlierGaps.length === 0) return;
  const box = make("div", "ember-catchup");
  const text = make("p", "", "This lesson builds on the ember you wrote in earlier lessons. New here? "
    + "Start at the first lesson, or load the finished pieces.");
  const load = button("Load the finished pieces", "ember-lab__button");
  const status = make("span", "");
  status.setAttribute("role", "status");
  load.addEventListener("click", async () => {
    status.textContent = "Loading…";
    const { filled, kept } = await loadFinishedPieces(lesson, { ...progress, runChecks });
    status.textContent = `Filled ${filled.length} gaps with their solutions; kept ${kept.length} of your own answers that pass their checks. Reloading…`;
    location.reload();
  });
  box.append(text, load, status);
  heading.after(box);
}
