// The sandbox around the learner's code, in Firefox (js/runtime/sandbox.js): a cell runs in an
// origin of its own, which reaches none of the site's storage, its service worker, the tabs' lock
// or the site's code. (Stop, through the interrupt buffer that the frame holds: lessons.test.mjs.)

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { byRole, chord, comeTo, openPage, siteAndBrowser, textOf } from "./firefox.mjs";

const LESSON_07 = "lessons/07-a-number-that-remembers/";

const shared = siteAndBrowser();

const ATTACK = readFileSync(new URL("../attacks/reach-the-site.js", import.meta.url), "utf8");

/** One line of Python that runs the attack, as a cell can, and prints what it found at once. */
const pythonTrying = (chunk) => `import js; print(js.JSON.stringify(js.eval(js.atob("${Buffer.from(ATTACK).toString("base64")}"))`
  + `("${chunk}", "ember-tabs", "ember-lock").tried))`;

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
    const chunk = `${shared.site.url}assets/ember/ember.js`;
    const tried = JSON.parse((await runCode(page, cell, pythonTrying(chunk))).split("\n")[0]);
    // Firefox answers some of these later, which a cell cannot wait for: "asked".
    assert.deepEqual(tried, {
      origin: "null", "the site's code": "asked", "Cache Storage": "refused", IndexedDB: "refused",
      localStorage: "refused", "the service worker": "asked", "Web Locks": "asked",
    });
    // The sandbox frame, of the same origin as its workers, waits for every answer.
    const sandbox = page.frames().find((frame) => frame.url() === "about:srcdoc");
    const settled = await sandbox.evaluate(`(${ATTACK})(${JSON.stringify(chunk)}, "ember-tabs", "ember-lock").settled`);
    assert.deepEqual(settled, {
      origin: "null", "the site's code": "refused", "Cache Storage": "refused", IndexedDB: "refused",
      localStorage: "refused", "the service worker": "refused", "Web Locks": "refused",
    });
    // Firefox reports the refused import of the site's code as an error of the page: the one expected.
    assert.deepEqual(errors.filter((error) => !error.includes("Cross-Origin Request Blocked")), []);
  } finally {
    await close();
  }
});
