// Notices at the top of the page for what concerns the whole page: Python could not be loaded
// (with a Retry button), the learner's work could not be saved in this browser, or a new version
// of the course is ready (with a Reload button).

import { button, make } from "./dom.js";
import { onUpdate } from "./offline/update.js";
import * as progress from "./progress/store.js";
import { onState, retry } from "./runtime/client.js";

/** Show or clear the notice of a kind; content is a list of nodes, null to clear. */
function notice(box, kind, content) {
  box.querySelector(`[data-notice="${kind}"]`)?.remove();
  if (!content) return;
  const item = make("div", `ember-notice ember-notice--${kind}`);
  item.dataset.notice = kind;
  item.append(...content);
  box.append(item);
}

/**
 * Mount the page's notices above its content.
 * @param {HTMLElement} content Material's .md-content__inner
 * @param {AbortSignal} left aborted when the learner leaves the page
 */
export function mount(content, left) {
  const box = make("div", "ember-notices");
  box.setAttribute("role", "alert");
  content.prepend(box);
  onState((state, detail) => {
    if (state !== "failed" || !document.querySelector(".ember-cell, .ember-lab")) { // a page without code needs no Python
      notice(box, "python", null);
      return;
    }
    const again = button("Retry", "ember-notice__button");
    again.addEventListener("click", () => retry());
    notice(box, "python", [make("p", "", `Python could not be loaded (${detail}). The text, the figures and the `
      + "recorded outputs still work; running code needs Python."), again]);
  }, left);
  if (progress.setAside) {
    notice(box, "set-aside", [make("p", "", "Some of the work saved in this browser could not be read. What could "
      + `be read is here; all of it was kept in this browser's storage under the key ${progress.setAside}.`)]);
  }
  progress.onSave((saved, problem) => notice(box, "storage", saved ? null : [make("p", "", problem === "too large"
    ? "Your latest change could not be saved: a gap or a cell now holds more than this site keeps (1,000,000 "
      + "characters). What you saved before is kept; shorten the text, and your work is saved again."
    : "Your work could not be saved in this browser: its storage is full or blocked. What you write stays on "
      + "this page until you leave it; Export progress, at the end of a lesson, keeps a copy.")]), left);
  onUpdate((apply) => {
    if (left.aborted) return;
    const reload = button("Reload", "ember-notice__button");
    reload.addEventListener("click", apply);
    notice(box, "update", [make("p", "", "A new version of the course is ready. Reload to use it: your saved work "
      + "stays, but code you changed in cells goes back to the lesson's."), reload]);
  });
}
