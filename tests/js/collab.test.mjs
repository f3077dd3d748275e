// js/progress/collab.js: tabs of the site, each a collab of its own in this process, typing into
// one text at once; the BroadcastChannel is Node's, the Web Lock a stand-in that grants the
// first tab to ask and keeps the others waiting.

import assert from "node:assert/strict";
import { test } from "node:test";
import { setImmediate as turn } from "node:timers/promises";

/** A stand-in for navigator.locks: one holder per name, the others queued in order. */
function locks() {
  const held = new Map();
  return {
    request(name, callback) {
      const queue = held.get(name) ?? [];
      held.set(name, queue);
      return new Promise((resolve) => {
        const grant = () => Promise.resolve(callback()).then(resolve);
        queue.push(grant);
        if (queue.length === 1) queueMicrotask(grant);
      });
    },
  };
}
// Node's channels would keep the test's process alive after its last test: they are unref'd.
globalThis.BroadcastChannel = class extends BroadcastChannel {
  constructor(name) {
    super(name);
    this.unref();
  }
};
globalThis.navigator ??= {};
Object.defineProperty(globalThis.navigator, "locks", { value: locks(), configurable: true });
const { startCollab } = await import("../../js/progress/collab.js");

/** A tab: its text of one key, kept as store.js keeps it, and its collab. */
function tab(name, start) {
  const me = { text: start, heard: 0 };
  me.share = startCollab(name, (key, text) => {
    me.text = text;
    me.heard++;
  });
  me.type = (at, key) => {
    const before = me.text;
    me.text = before.slice(0, at) + key + before.slice(at);
    me.share("answer:L01.x", before, me.text, { absent: false });
  };
  return me;
}

/** Let the messages between the tabs go until every tab has the same text, or give up after many turns. */
async function settle(tabs) {
  for (let i = 0; i < 10_000 && !tabs.every((t) => t.text === tabs[0].text); i++) await turn();
  for (let i = 0; i < 50; i++) await turn(); // and any message still on its way
}

test("three tabs typing into one text at once keep every keystroke exactly once, and agree", async () => {
  const start = "return x\n";
  const tabs = [0, 1, 2].map(() => tab("typing-at-once", start));
  await settle(tabs);
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const typed = [];
  for (let round = 0; round < 60; round++) {
    for (const t of tabs) {
      if (random() < 0.6) {
        const key = String.fromCharCode(0x4e00 + typed.length); // each keystroke a character of its own
        typed.push(key);
        t.type(Math.floor(random() * (t.text.length + 1)), key);
      }
    }
    if (random() < 0.5) await turn(); // some keystrokes cross the others' on their way
  }
  await settle(tabs);
  assert.ok(typed.length > 60);
  for (const t of tabs) assert.equal(t.text, tabs[0].text);
  for (const key of typed) assert.equal(tabs[0].text.split(key).length - 1, 1, `keystroke ${key} once`);
  assert.equal(tabs[0].text.replace(/[\u4e00-\u9fff]/g, ""), start);
});

test("two tabs typing at the same moment at the same place keep both keys, in one order in both", async () => {
  const [a, b] = [tab("same-place", "ab\n"), tab("same-place", "ab\n")];
  await settle([a, b]);
  for (let i = 0; i < 15; i++) {
    a.type(2 + 2 * i, "x");
    b.type(2 + 2 * i, "y");
  }
  await settle([a, b]);
  assert.equal(a.text, b.text);
  assert.deepEqual([a.text.split("x").length - 1, a.text.split("y").length - 1], [15, 15]);
});

test("a tab opened later hears the texts the others wrote, and its own change before that is kept", async () => {
  const first = tab("later", "");
  await settle([first]);
  first.type(0, "A");
  const later = tab("later", ""); // its storage had not heard of "A" yet
  later.type(0, "B");
  await settle([first, later]);
  assert.equal(first.text, later.text);
  assert.deepEqual([...first.text].sort(), ["A", "B"]);
});
