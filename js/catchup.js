// Catching up: the button under a lesson's header that loads the finished pieces of the
// earlier lessons (finished.js).

import { bringIntoView } from "./dom.js";
import { loadFinishedPieces } from "./finished.js";
import { lessonData } from "./learner.js";
import * as progress from "./progress/store.js";
import { runChecks } from "./runtime/client.js";

const LOADED = "ember:finished-pieces"; // sessionStorage: what the last load did, across its reload

/**
 * Under a lesson's header, the build's line says where to start, with a button, disabled, that
 * loads the finished pieces of the earlier labs, and its status: enable the button when they have
 * gaps, else remove it.
 * @param {HTMLElement} line the .ember-catchup element (site_src/frame.py)
 */
export function mount(line) {
  const lesson = lessonData();
  const earlierGaps = lesson?.lesson ? Object.values(lesson.files).flat()
    .filter((s) => typeof s !== "string" && !s.marked && s.solution !== null) : [];
  const load = line.querySelector("button");
  const status = line.querySelector("[role=status]");
  if (!load || !status) return;
  if (earlierGaps.length === 0) {
    load.remove();
    return;
  }
  load.disabled = false;
  load.addEventListener("click", async () => {
    status.textContent = "Loading…";
    const { filled, kept } = await loadFinishedPieces(lesson, { ...progress, runChecks });
    const done = `Filled ${filled.length} gaps with their solutions; kept ${kept.length} of your own answers that pass their checks.`;
    status.textContent = `${done} Reloading…`;
    sessionStorage.setItem(LOADED, done); // said again once the page is back
    // Without the heading the learner arrived at, which the reload would go back to: the page comes
    // back where it is, at this line.
    history.replaceState(history.state, "", location.pathname + location.search);
    location.reload();
  });
  const loaded = sessionStorage.getItem(LOADED);
  if (loaded) {
    sessionStorage.removeItem(LOADED);
    status.textContent = ` ${loaded}`;
    bringIntoView(line);
  }
}
