// js/progress/*.schema.json: what a saved or imported progress may hold. Anything else, such as
// a hostile or damaged file, is refused whole.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import Ajv from "ajv";

const read = (name) => JSON.parse(readFileSync(new URL(`../../js/progress/${name}.schema.json`, import.meta.url)));
const ajv = new Ajv();
const progress = ajv.compile(read("progress"));
const exported = ajv.compile(read("export"));

const good = {
  answers: { "L07.init": "        self.data = float(data)\n" },
  hints: { "07-1": 2 },
  passed: { "07-1": true, "07-2": false },
  quizzes: { "07-q1": { chosen: [0, 1], right: true }, "07-r2": { chosen: [2], right: false } },
  cells: { "07-c3": { original: "print(1)", code: "print(2)" }, "page-playground-c1": { original: "", code: "x = 1" } },
};

test("a learner's progress is valid", () => {
  assert.ok(progress(good), JSON.stringify(progress.errors));
  assert.ok(progress({ answers: {}, hints: {}, passed: {}, quizzes: {}, cells: {} }));
});

test("HTML in an answer is only text: it is valid, and the page never renders it", () => {
  assert.ok(progress({ ...good, answers: { "L07.repr": "<img src=x onerror=alert(1)>\n" } }));
});

test("a hostile or damaged progress is refused", () => {
  const bad = [
    { ...good, answers: JSON.parse('{"__proto__": "x"}') },
    { ...good, answers: { "L07.init": 3 } },
    { ...good, answers: { "../../etc": "x" } },
    { ...good, answers: { "L07.init": "x".repeat(1_000_001) } },
    { ...good, hints: { "07-1": -1 } },
    { ...good, passed: { "07-1": "yes" } },
    { ...good, quizzes: { "07-q1": { chosen: [0], right: true, html: "<b>" } } },
    { ...good, quizzes: { "07-q1": { chosen: ["0"], right: true } } },
    { ...good, cells: { "07-c3": { original: "x" } } },
    { ...good, cells: { "07-c3": { original: "x", code: "y", html: "<b>" } } },
    { ...good, cells: { "<img>-c1": { original: "x", code: "y" } } },
    { ...good, extra: 1 },
    { answers: {}, hints: {}, passed: {}, quizzes: {} },
    [],
    null,
  ];
  for (const state of bad) assert.equal(progress(state), false, JSON.stringify(state));
});

test("an export file names its format, course and schema", () => {
  const file = { format: "ember-progress", course: "ember", schema: 3, exported: "2026-11-30T00:00:00Z", progress: good };
  assert.ok(exported(file));
  assert.equal(exported({ ...file, format: "something-else" }), false);
  assert.equal(exported({ ...file, schema: "3" }), false);
  assert.equal(exported({ ...file, course: "<script>" }), false);
});

test("the saved progress keeps as many choices of a question as a question may have options", () => {
  const limits = JSON.parse(readFileSync(new URL("../../site_src/limits.json", import.meta.url)));
  const chosen = read("progress").properties.quizzes.additionalProperties.properties.chosen;
  assert.equal(chosen.maxItems, limits.quiz_options);
  assert.equal(chosen.items.maximum, limits.quiz_options - 1);
});
