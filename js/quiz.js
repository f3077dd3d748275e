// A multiple-choice question (site_src/fences/quiz.py): choosing an option shows its feedback;
// a wrong one can be followed by another try; the right one also shows the explanation. The
// choices are kept with the learner's progress and shown again after a reload.
//
// A click on an option answers at once. From the keyboard, the arrow keys move between the
// options without answering, and Enter or the Check button answers with the one selected.

import { make } from "./dom.js";
import * as progress from "./progress/store.js";

/**
 * @param {HTMLFormElement} form the .ember-quiz form
 */
export function mount(form) {
  const id = form.dataset.quiz;
  const right = Number(form.dataset.right);
  const radios = [...form.querySelectorAll("input[type=radio]")];
  const status = form.querySelector(".ember-quiz__status");
  const explain = form.querySelector(".ember-quiz__explain");

  /** Show what the learner's choices so far say, without recording anything. */
  const show = (saved, foundRight) => {
    const chosen = saved.filter((index) => index < radios.length); // the question may have changed
    markOptions(radios, chosen, right, foundRight);
    const last = chosen.at(-1);
    if (last === undefined) return;
    radios[last].checked = true;
    showFeedback(form, status, last, right, foundRight);
    explain.hidden = !foundRight;
  };

  const answer = () => {
    const index = radios.findIndex((radio) => radio.checked);
    if (index < 0) {
      status.textContent = "Choose an option first.";
      status.className = "ember-quiz__status";
      return;
    }
    if (progress.quizAnswer(id).chosen.at(-1) !== index) progress.choose(id, index, index === right);
    const saved = progress.quizAnswer(id);
    show(saved.chosen, saved.right);
  };

  let pointer = false; // whether the coming change was made with a pointer, not the arrow keys
  form.addEventListener("pointerdown", () => (pointer = true));
  form.addEventListener("keydown", () => (pointer = false));
  form.addEventListener("change", () => {
    if (pointer) answer();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer();
  });
  const saved = progress.quizAnswer(id);
  show(saved.chosen, saved.right);
}

/** Mark each option tried and not right, and the right one once the learner found it. */
function markOptions(radios, chosen, right, foundRight) {
  for (const [index, radio] of radios.entries()) {
    const option = radio.closest(".ember-quiz__option");
    const wrong = chosen.includes(index) && index !== right;
    option.classList.toggle("ember-quiz__option--wrong", wrong);
    option.classList.toggle("ember-quiz__option--right", foundRight && index === right);
    option.querySelector(".ember-quiz__tried")?.remove();
    if (wrong) option.querySelector("label").append(make("span", "ember-quiz__tried", " (tried: not right)"));
  }
}

/** The feedback of the option chosen last, in the status, its parts mounted (js/main.js). */
function showFeedback(form, status, last, right, foundRight) {
  const feedback = form.querySelector(`.ember-quiz__feedback[data-option="${last}"]`).cloneNode(true);
  feedback.hidden = false;
  const verdict = document.createElement("strong");
  verdict.textContent = last === right ? "Right. " : "Not quite. ";
  feedback.prepend(verdict);
  if (last !== right && !foundRight) feedback.append(document.createTextNode(" Try another option."));
  status.replaceChildren(feedback);
  for (const math of feedback.querySelectorAll(".arithmatex")) delete math.dataset.found;
  feedback.dispatchEvent(new CustomEvent("ember:added", { bubbles: true }));
  status.className = `ember-quiz__status ember-quiz__status--${last === right ? "right" : "wrong"}`;
}
