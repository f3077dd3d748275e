// Stop's interrupt, sent through Pyodide's interrupt buffer.
//
// Pyodide reads the buffer and then clears it in two steps, not atomically, so a write that lands
// between the two is lost and the run goes on (10 of 300 stops of a `while True: pass`, measured
// on Pyodide 314.0.7). SIGINT is therefore written again every INTERRUPT_REPEAT ms until the run
// ends. The runtime raises KeyboardInterrupt for the first one it sees, inside the learner's code
// only, and ignores the others (site_src/runtime/interrupts.py).

const SIGINT = 2;
const SIGALRM = 14;
export const INTERRUPT_REPEAT = 50; // ms between two writes of SIGINT, or of SIGALRM

/**
 * Write SIGINT into the interrupt buffer now, and again every `every` ms until the returned
 * function is called (when the run has ended, or its worker is ended).
 * @param {(signal: number) => void} write writes a signal into Pyodide's interrupt buffer (on a
 *   SharedArrayBuffer, which the sandbox frame holds: js/runtime/sandbox.js)
 * @param {number} [every] ms between two writes
 * @returns {() => void} stops the writes
 */
export function interruptUntilEnd(write, every = INTERRUPT_REPEAT) {
  write(SIGINT);
  const repeat = setInterval(() => write(SIGINT), every);
  return () => clearInterval(repeat);
}

/**
 * Write SIGALRM into the interrupt buffer once seconds are up, and again every `every` ms,
 * until the returned function is called: the time limit of one trial of the blame, which
 * Python, alone in its worker, cannot keep (site_src/runtime/timeouts.py).
 * @param {(signal: number) => void} write as for interruptUntilEnd
 * @param {number} seconds
 * @param {number} [every] ms between two writes
 * @returns {() => void} stops the writes, or the wait for the first
 */
export function alarmAfter(write, seconds, every = INTERRUPT_REPEAT) {
  let repeat = null;
  const first = setTimeout(() => {
    write(SIGALRM);
    repeat = setInterval(() => write(SIGALRM), every);
  }, seconds * 1000);
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}
