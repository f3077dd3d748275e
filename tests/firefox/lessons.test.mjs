// Real lessons in Firefox, as a learner types in them, one key at a time: a cell edited and run,
// a lab typed wrong and then right, the moons trained and stopped, a digit drawn with the mouse.
// Firefox once typed a space after an operator as U+00A0, and no typed code ran.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { byRole, cellWith, chord, comeTo, openPage, siteAndBrowser, solutions, textOf, typeLines } from "./firefox.mjs";

const LESSON_07 = "lessons/07-a-number-that-remembers/";
const LESSON_14 = "lessons/14-training-for-real/";
const LESSON_18 = "lessons/18-reading-handwriting/";

const shared = siteAndBrowser();
let opened;

afterEach(async () => {
  const { errors, close } = opened;
  await close();
  assert.deepEqual(errors, [], "uncaught errors in the page");
});

/** Whether the view stayed still for two frames. */
const STILL = () => new Promise((done) => {
  const y = scrollY;
  requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY === y)));
});

async function open(path, size) {
  opened = await openPage(shared.browser, size);
  await opened.page.goto(shared.site.url + path);
  return opened.page;
}

/** Click at the end of a line of an editor that holds text, then go to its end. */
async function clickLine(page, editor, text) {
  const line = await editor.waitForSelector(`::-p-text(${text})`);
  await line.click();
  await page.keyboard.press("End");
}

test("lesson 07's first cell, edited by typing, runs what was typed", async () => {
  const page = await open(LESSON_07);
  const cell = await comeTo(page, "group", "Code cell 1");
  await clickLine(page, cell, "c = a * b");
  await typeLines(page, ["", "print(c == 6.0, 2 + 3 == 5, f'{c} = {a} * {b}')"]);
  await (await cell.waitForSelector(byRole("button", "Run"))).click();
  assert.equal(await textOf(page, cell, "status", /^(Done|Finished with .*)\.$/), "Done.");
  const output = await page.waitForSelector(byRole("log", "Output of cell 1"));
  assert.match(await output.evaluate((log) => log.textContent), /True True 6\.0 = 2\.0 \* 3\.0/);
  assert.equal(await page.$(`::-p-text(Non-breaking and other odd spaces)`), null, "typed spaces are plain: nothing to make plain");
});

test("lesson 07's first lab, typed wrong and then right, fails with a reason and then passes all 5 checks", async () => {
  const page = await open(LESSON_07);
  const lab = await comeTo(page, "region", "Lab 1");
  const gap = async (stub) => {
    const line = await lab.waitForSelector(`::-p-text(${stub})`);
    await line.scrollIntoView();
    await line.click();
    await chord(page, "Control", "a");
  };
  const runChecks = async (summary) => {
    await (await lab.waitForSelector(byRole("button", "Run checks"))).click();
    return textOf(page, lab, "status", summary);
  };
  await gap("Keep data as a float");
  await typeLines(page, ["self.data = data", "self.grad = 0.0", "self._prev = tuple(_children)", "self._op = _op"]);
  await gap("Return text such as");
  await typeLines(page, ['return f"Value({self.data}, grad={self.grad})"']);
  assert.match(await runChecks(/^[0-4] of 5 checks passed\.$/), /^[0-4] of 5/);
  assert.match(await lab.evaluate((el) => el.textContent), /expected the float 3\.0, got the int 3/);

  await clickLine(page, lab, "self.data = data");
  for (let i = 0; i < "data".length; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("float(data)");
  assert.equal(await runChecks(/^All 5 checks passed\.$/), "All 5 checks passed.");
});

test("lesson 14's training runs on the learner's ember in Firefox, and Stop stops it", async () => {
  const page = await open(LESSON_14);
  const { key, progress } = solutions();
  await page.evaluate((key, value) => localStorage.setItem(key, value), key, JSON.stringify(progress));
  await page.reload();
  const training = await cellWith(page, "DRAW_EVERY");
  const name = await training.evaluate((el) => el.getAttribute("aria-label"));
  // Steps enough that only Stop ends it, on any machine: the line retyped over.
  await (await training.waitForSelector("::-p-text(STEPS = )")).click();
  await page.keyboard.press("Home");
  await chord(page, "Shift", "End");
  await page.keyboard.type("STEPS = 100_000");
  await (await training.waitForSelector(byRole("button", "Run"))).click();
  const output = await page.waitForSelector(byRole("log", name.replace("Code cell", "Output of cell")));
  await page.waitForFunction((log) => /step +5: loss/.test(log.textContent), {}, output);
  const stop = await training.waitForSelector(byRole("button", "Stop"));
  // The dock brings the figures under Run with a smooth scroll, a second into the run: Stop is
  // clicked once they are docked and the view is still, where it comes to rest.
  await training.waitForSelector(`::-p-aria([role="region"][name="${name.replace("Code cell", "Figures that cell")} draws into"])`);
  await page.waitForFunction(STILL);
  await stop.evaluate((button) => button.scrollIntoView({ block: "center" }));
  await page.waitForFunction(STILL);
  await stop.click();
  assert.equal(await textOf(page, training, "status", /^Stopped\.$/), "Stopped.");
  assert.match(await output.evaluate((log) => log.textContent), /Stopped after \d+ steps/);
});

test("lesson 18's pad reads a figure eight drawn with the mouse as large as the pad as 8", async () => {
  const page = await open(LESSON_18);
  await (await page.waitForSelector("#digits-pad")).scrollIntoView();
  const pad = await comeTo(page, "grid", "Drawing pad, 8 by 8 pixels");
  await pad.evaluate((el) => el.scrollIntoView({ block: "center" })); // clear of the page's header
  await page.waitForSelector("::-p-text(Draw a digit on the pad.)");
  const box = await pad.boundingBox();
  const at = (i) => [box.x + box.width * (0.5 - 0.44 * Math.sin((4 * Math.PI * i) / 60)),
    box.y + box.height * (0.5 - 0.45 * Math.cos((2 * Math.PI * i) / 60))];
  await page.mouse.move(...at(0));
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) await page.mouse.move(...at(i), { steps: 2 });
  await page.mouse.up();
  const said = await page.waitForSelector("::-p-text(It reads)");
  assert.match(await said.evaluate((el) => el.textContent), /^It reads 8, with a chance of \d+ %\.$/);
  const inked = await pad.$$eval('[role="gridcell"]', (cells) => cells.filter((c) => /inked/.test(c.getAttribute("aria-label"))).length);
  assert.ok(inked >= 20, `the eight inks the pad: ${inked} pixels inked`);
});
