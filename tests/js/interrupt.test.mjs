// Stop's interrupt against the real Pyodide and the real runtime: the page's writes of SIGINT
// (js/runtime/interrupt.js) and the runtime's handler (site_src/runtime/interrupts.py); and the
// time limit of a trial of the blame, whose SIGALRM the page writes when Python asks
// (site_src/runtime/timeouts.py). Python runs in a worker thread, as in the browser, and the test
// stops it as the page does.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Worker } from "node:worker_threads";
import { alarmAfter, interruptUntilEnd } from "../../js/runtime/interrupt.js";
import { LIB, SETUP } from "../../js/runtime/setup.js";

const ROOT = new URL("../../", import.meta.url);
const PYODIDE = new URL("node_modules/pyodide/", ROOT).pathname;
const RUNTIME = new URL("site_src/runtime/", ROOT);
const STOPS = 300; // one write in about 30 was lost before the writes were repeated

// The worker: Pyodide with the runtime as the browser's worker sets it up (js/runtime/worker.js's
// SETUP), running each source it is sent as a cell, and answering with the cell's result.
const WORKER = `
// As a check runs within a trial of the blame: the learner's code heeded, within a time limit.
const LIMITED = \`
import js, timeouts, interrupts
def limited(source, seconds):
    try:
        with timeouts.within(seconds, timeouts.Clock(js.askAlarm)):
            with interrupts.heeded():
                exec(source, {})
        return "ended"
    except timeouts.TimedOut:
        return "timed out"
limited
\`;
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const { loadPyodide } = await import(${JSON.stringify(`${PYODIDE}pyodide.mjs`)});
  const pyodide = await loadPyodide({ indexURL: ${JSON.stringify(PYODIDE)} });
  pyodide.FS.mkdirTree(${JSON.stringify(LIB)});
  for (const [name, text] of Object.entries(workerData.files)) pyodide.FS.writeFile(${JSON.stringify(LIB)} + "/" + name, text);
  pyodide.setInterruptBuffer(new Uint8Array(workerData.buffer));
  pyodide.runPython(${JSON.stringify(SETUP)});
  const session = pyodide.pyimport("cellrun").Session(${JSON.stringify(LIB)});
  globalThis.askAlarm = (seconds) => parentPort.postMessage({ alarm: seconds ?? null });
  const limited = pyodide.runPython(LIMITED);
  parentPort.postMessage("ready");
  parentPort.on("message", (source) => {
    parentPort.postMessage("running");
    if (source.limited) return parentPort.postMessage({ said: limited(source.limited, source.seconds) });
    const output = [];
    const raised = session.run_streaming(source, (json) => output.push(...JSON.parse(json))) ?? null;
    parentPort.postMessage({ raised, output: output.map(([, text]) => text).join("") });
  });
})();
`;

let worker;
let buffer;

/** The worker's next message. */
function heard() {
  return new Promise((resolve) => worker.once("message", resolve));
}

/** Run source as a cell; once it has started and `after` ms have passed, stop it as the page does,
 * writing SIGINT every `every` ms; resolve with the cell's result. */
async function stopped(source, { after = 0, every } = {}) {
  buffer[0] = 0;
  const running = heard();
  worker.postMessage(source);
  await running;
  const result = heard();
  await new Promise((resolve) => setTimeout(resolve, after));
  const end = interruptUntilEnd((signal) => { buffer[0] = signal; }, every);
  try {
    return await result;
  } finally {
    end();
  }
}

before(async () => {
  const files = Object.fromEntries(readdirSync(RUNTIME).filter((name) => name.endsWith(".py") && name !== "__init__.py")
    .map((name) => [name, readFileSync(new URL(name, RUNTIME), "utf8")]));
  buffer = new Uint8Array(new SharedArrayBuffer(1));
  worker = new Worker(WORKER, { eval: true, workerData: { files, buffer: buffer.buffer } });
  await heard();
});

after(() => worker.terminate());

test(`Stop ends a busy loop with KeyboardInterrupt, ${STOPS} times out of ${STOPS}`, { timeout: 600_000 }, async () => {
  for (let stop = 0; stop < STOPS; stop++) {
    const { raised, output } = await stopped("while True:\n    pass", { after: Math.random() * 20 });
    assert.equal(raised, "KeyboardInterrupt", output);
    assert.match(output, /line 2, in <module>\n.*\nKeyboardInterrupt\n$/s);
  }
});

test("the interrupts that follow the first do not cut the traceback that reports it", { timeout: 600_000 }, async () => {
  const deep = "def down(n):\n    if n:\n        return down(n - 1)\n    while True:\n        pass\ndown(50)";
  const { raised, output } = await stopped(deep, { after: 10, every: 1 });
  assert.equal(raised, "KeyboardInterrupt", output);
  assert.match(output, /^Traceback \(most recent call last\):\n.*\nKeyboardInterrupt\n$/s);
  assert.doesNotMatch(output, /interrupts\.py/, "the runtime's handler is not the learner's to see");
});

test("code that catches KeyboardInterrupt to finish up is not interrupted again", { timeout: 600_000 }, async () => {
  const finishing = "try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    total = sum(range(300_000))\n    print('finished', total)";
  const { raised, output } = await stopped(finishing, { after: 10, every: 1 });
  assert.equal(raised, null, output);
  assert.equal(output, `finished ${(300_000 * 299_999) / 2}\n`);
});

test("Stop ends time.sleep as it ends a loop, at once and with Python kept", { timeout: 600_000 }, async () => {
  const started = performance.now();
  const { raised, output } = await stopped("import time\ntime.sleep(60)", { after: 50 });
  assert.equal(raised, "KeyboardInterrupt", output);
  assert.ok(performance.now() - started < 30_000, "it waited for the sleep to end");
  assert.doesNotMatch(output, /interrupts\.py/, "the runtime's sleep is not the learner's to see");
});

/** Run source as a check within a trial of `seconds`, writing SIGALRM when asked, as the page
 * does (client.js's runChecks); resolve with "timed out" or "ended". */
async function limited(source, seconds) {
  buffer[0] = 0;
  let end = () => {};
  const listen = (message) => {
    if (message?.alarm === undefined) return;
    end();
    end = message.alarm ? alarmAfter((signal) => { buffer[0] = signal; }, message.alarm) : () => {};
  };
  worker.on("message", listen);
  try {
    const said = new Promise((resolve) => {
      const done = (message) => message?.said && (worker.off("message", done), resolve(message.said));
      worker.on("message", done);
    });
    worker.postMessage({ limited: source, seconds });
    return await said;
  } finally {
    worker.off("message", listen);
    end();
  }
}

test("a trial's time limit ends a loop that never ends, and again after code that caught it once", { timeout: 600_000 }, async () => {
  assert.equal(await limited("while True:\n    pass", 0.2), "timed out");
  const stubborn = "try:\n    while True:\n        pass\nexcept BaseException:\n    pass\nwhile True:\n    pass";
  assert.equal(await limited(stubborn, 0.2), "timed out");
  assert.equal(await limited("x = sum(range(1000))", 0.2), "ended");
});
