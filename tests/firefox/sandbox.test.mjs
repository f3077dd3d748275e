// The sandbox around the learner's code, in Firefox (js/runtime/sandbox.js): a cell runs in an
// origin of its own, which reaches none of the site's storage, its service worker, the tabs' lock
// or the site's code. (Stop, through the interrupt buffer that the frame holds: lessons.test.mjs.)

import assert from "node:assert/strict";
import { test } from "node:test";
import { byRole, chord, comeTo, openPage, siteAndBrowser, textOf } from "./firefox.mjs";

const LESSON_07 = "lessons/07-a-number-that-remembers/";

const shared = siteAndBrowser();

const ATTACK = `
self.tried = {origin: self.origin};
const attempt = async (name, reach) => {
  try { await reach(); tried[name] = "reached"; } catch { tried[name] = "refused"; }
};
self.trying = Promise.all([
  attempt("the site's code", () => import("SITE" + "assets/ember/ember.js")),
  attempt("Cache Storage", () => caches.open("ember-python-snapshot").then((cache) => cache.keys())),
  attempt("IndexedDB", () => new Promise((opened, failed) => {
    const asked = indexedDB.open("ember");
    asked.onsuccess = opened;
    asked.onerror = failed;
  })),
  attempt("the service worker", () => navigator.serviceWorker.getRegistrations().then((found) => found.length || Promise.reject())),
  attempt("Web Locks", () => navigator.locks.request("ember", () => {})),
]).then(() => { tried.done = true; });
`;

/** One line of Python that runs the JavaScript of js in the worker, and prints "trying". */
const pythonRunning = (js) => `import js; js.eval(js.atob("${Buffer.from(js).toString("base64")}")); print("trying")`;

/** Type a line of code in place of the cell's, run it, and give its output once it is done. */
async function runCode(page, cell, line) {
  await (await cell.waitForSelector(byRole("textbox", "Code of cell 1"))).click();
  await chord(page, "Control", "a");
  await page.keyboard.type(line);
  await (await cell.waitForSelector(byRole("button", "Run"))).click();
  await textOf(page, cell, "status", /^Done\.$/);
  const output = await page.waitForSelector(byRole("log", "Output of cell 1"));
  return output.evaluate((log) => log.textContent);
}

test("a cell runs in an origin of its own that reaches no storage, service worker, lock or code of the site", async () => {
  const { page, errors, close } = await openPage(shared.browser);
  try {
    await page.goto(shared.site.url + LESSON_07);
    const cell = await comeTo(page, "group", "Code cell 1");
    assert.equal(await runCode(page, cell, pythonRunning(ATTACK.replace("SITE", shared.site.url))), "trying\n");
    let tried = {};
    while (!tried.done) tried = JSON.parse(await runCode(page, cell, "import js; print(js.JSON.stringify(js.tried))"));
    assert.deepEqual(tried, {
      origin: "null", "the site's code": "refused", "Cache Storage": "refused", IndexedDB: "refused",
      "the service worker": "refused", "Web Locks": "refused", done: true,
    });
    // Firefox reports the refused import of the site's code as an error of the page: the one expected.
    assert.deepEqual(errors.filter((error) => !error.includes("Cross-Origin Request Blocked")), []);
  } finally {
    await close();
  }
});
