// The Run and Stop buttons of a cell or a lab: one run at a time. While a run is queued or
// running, Run is aria-disabled (not disabled, which would drop the keyboard focus) and Stop
// shows; Stop stops the run by the id the worker's client gave it (runtime/client.js).

import { stop } from "./runtime/client.js";

/**
 * Wire run and stopButton to go, one run at a time.
 * @param {HTMLButtonElement} run
 * @param {HTMLButtonElement} stopButton hidden but while a run is on
 * @param {(started: (id: number) => void) => Promise<void>} go makes the run and shows its
 *   result; it calls started with the run's id once the client has queued it
 * @returns {() => Promise<void>} what Run does, for another way to start (Shift+Enter); it does
 *   nothing while a run is on
 */
export function runStop(run, stopButton, go) {
  let running = null; // the run's id once queued, 0 before
  stopButton.hidden = true;
  const start = async () => {
    if (running !== null) return;
    running = 0;
    run.setAttribute("aria-disabled", "true");
    stopButton.hidden = false;
    try {
      await go((id) => (running = id));
    } finally {
      running = null;
      run.removeAttribute("aria-disabled");
      if (stopButton.contains(document.activeElement)) run.focus();
      stopButton.hidden = true;
    }
  };
  run.addEventListener("click", start);
  stopButton.addEventListener("click", () => running && stop(running));
  return start;
}
