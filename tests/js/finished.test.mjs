// js/finished.js on a made-up course: earlier gaps get their solution, except a learner's own
// answer that passes its lab's checks.

import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.localStorage = { getItem: () => null, setItem: () => {} };
const { loadFinishedPieces } = await import("../../js/finished.js");

const slot = (gap, solution) => ({ gap, stub: "    raise NotImplementedError\n", solution, marked: false, indent: "    " });
const lesson = {
  files: {
    "ember/core.py": [
      "def f(x):\n", slot("L01.f", "    return x + 1\n"),
      "def g(x):\n", slot("L01.g", "    return 2 * x\n"),
      "def h(x):\n", slot("L02.h", "    return f(g(x))\n"),
      "def k(x):\n", { gap: "L03.k", stub: "    raise NotImplementedError\n", solution: null, marked: true, indent: "    " },
    ],
  },
  earlier: [
    { id: "01-1", gaps: ["L01.f", "L01.g"], checks: [{ title: "f and g", code: "" }] },
    { id: "02-1", gaps: ["L02.h"], checks: [{ title: "h", code: "" }] },
  ],
};

/** A pretend worker: a lab passes when its file holds what the solutions compute. */
function fakeChecks(seen) {
  return async (checks, { files }) => {
    const text = files["ember/core.py"];
    seen.push(text);
    const good = ["return x + 1", "return 2 * x", "return x * 2", "return f(g(x))"];
    const lines = text.split("\n").filter((l) => l.startsWith("    return") || l.includes("raise"));
    const ok = lines.slice(0, checks[0].title === "h" ? 3 : 2).every((l) => good.some((g) => l.includes(g)));
    return { results: checks.map(() => ({ status: ok ? "passed" : "failed" })), finished: true };
  };
}

function run(answers) {
  const store = { ...answers };
  const seen = [];
  const io = {
    answer: (gap) => store[gap],
    setAnswer: (gap, text) => { store[gap] = text; },
    runChecks: fakeChecks(seen),
  };
  return loadFinishedPieces(lesson, io).then((outcome) => ({ ...outcome, store, seen }));
}

test("gaps the learner never wrote get their solution", async () => {
  const { filled, kept, store } = await run({});
  assert.deepEqual(filled, ["L01.f", "L01.g", "L02.h"]);
  assert.deepEqual(kept, []);
  assert.equal(store["L01.g"], "    return 2 * x\n");
});

test("an answer that passes its lab is kept, a failing one is replaced", async () => {
  const { filled, kept, store } = await run({ "L01.g": "    return x * 2\n", "L01.f": "    return x - 1\n" });
  assert.deepEqual(kept, ["L01.g"]);
  assert.deepEqual(filled, ["L01.f", "L02.h"]);
  assert.equal(store["L01.g"], "    return x * 2\n");
  assert.equal(store["L01.f"], "    return x + 1\n");
});

test("an answer the same as the solution is the learner's own, kept without a run", async () => {
  const { filled, kept, seen } = await run({ "L01.f": "    return x + 1\n" });
  assert.deepEqual(kept, ["L01.f"]);
  assert.deepEqual(filled, ["L01.g", "L02.h"]);
  assert.equal(seen.length, 0);
});

test("an answer whose checks did not all run is kept rather than guessed at", async () => {
  const store = { "L01.g": "    while True: pass\n" };
  const io = {
    answer: (gap) => store[gap],
    setAnswer: (gap, text) => { store[gap] = text; },
    runChecks: async () => ({ results: [], finished: false, stopped: "time" }),
  };
  const { kept } = await loadFinishedPieces(lesson, io);
  assert.deepEqual(kept, ["L01.g"]);
  assert.equal(store["L01.g"], "    while True: pass\n");
});

test("an answer is tried with the rest of its lab solved", async () => {
  const { seen } = await run({ "L01.g": "    return x * 2\n" });
  assert.equal(seen.length, 1);
  assert.match(seen[0], /return x \+ 1\n/);
  assert.match(seen[0], /return x \* 2\n/);
});

test("this lesson's own gaps are left alone", async () => {
  const { store } = await run({});
  assert.equal(store["L03.k"], undefined);
});

test("each gap's lines in the assembled file are known, for tracebacks", async () => {
  const { gapLines, assemble } = await import("../../js/assemble.js");
  const answers = { "L01.f": "    y = x\n    return y + 1\n" };
  const text = assemble(lesson.files, (gap) => answers[gap])["ember/core.py"].split("\n");
  const lines = gapLines(lesson.files, (gap) => answers[gap])["ember/core.py"];
  assert.deepEqual(lines.map(([gap]) => gap), ["L01.f", "L01.g", "L02.h", "L03.k"]);
  const [, first, last] = lines[0];
  assert.deepEqual(text.slice(first - 1, last), ["    y = x", "    return y + 1"]);
  const [, markedFirst] = lines[3];
  assert.equal(text[markedFirst - 2], "    # --- gap L03.k ---");
  assert.equal(text[markedFirst - 1], "    raise NotImplementedError");
});
