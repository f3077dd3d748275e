// What the Firefox tests share: the built site served as the e2e tests serve it (tools/serve.py),
// Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (Playwright cannot drive it:
// it needs its own patched build), and how a learner reaches the parts of a lesson, found by
// role and accessible name.

import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import puppeteer from "puppeteer-core";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PYTHON = `${ROOT}.venv/bin/python`;
const FIREFOX = "/usr/bin/firefox-esr"; // Debian's, where tools/firefox.py installs it

/** A ceiling on any wait, not a goal: CI's machine is slow and shared. */
export const PATIENCE = 120_000;

/**
 * Serve build/site, cross-origin isolated (Stop through the interrupt buffer), until stop().
 * @returns {Promise<{url: string, stop: () => void}>}
 */
export async function serveSite() {
  const server = spawn(PYTHON, ["-m", "tools.serve", "build/site", "--isolated"], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  const [url] = await once(createInterface({ input: server.stdout }), "line");
  return { url: url.trim(), stop: () => server.kill() };
}

/**
 * One served site and one Firefox for the tests of a file: started before the first, ended after
 * the last.
 * @returns {{site: {url: string} | undefined, browser: import("puppeteer-core").Browser | undefined}}
 *   filled in once they have started
 */
export function siteAndBrowser() {
  const shared = {};
  before(async () => {
    shared.site = await serveSite();
    shared.browser = await launch();
  });
  after(async () => {
    await shared.browser?.close();
    shared.site?.stop();
  });
  return shared;
}

/** Headless Firefox; fails the test at once, with the reason, when it is not installed. */
export function launch() {
  return puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true, protocolTimeout: PATIENCE });
}

/** The saved progress of a learner who wrote every gap's solution (tools/finished.py), and its key. */
export function solutions() {
  const made = spawnSync(PYTHON, ["-m", "tools.finished"], { cwd: ROOT, encoding: "utf8" });
  if (made.status !== 0) throw new Error(`tools.finished failed: ${made.stderr}`);
  return JSON.parse(made.stdout);
}

/**
 * A page in a context of its own (its own storage), at width × height, with no service worker
 * and no Python memory snapshot, as the e2e tests have them (tools/chromium.py says why); the
 * uncaught errors of its page are collected in errors.
 */
export async function openPage(browser, { width = 1280, height = 900 } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  await page.evaluateOnNewDocument("delete Navigator.prototype.serviceWorker; delete self.caches");
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.setDefaultTimeout(PATIENCE);
  return { page, errors, close: () => context.close() };
}

/** A selector for the element of role and accessible name. */
export function byRole(role, name) {
  return `::-p-aria([role="${role}"][name="${name}"])`;
}

/** The element of role and name in page (or inside an element), scrolled into view; it mounts there. */
export async function comeTo(within, role, name) {
  const element = await within.waitForSelector(byRole(role, name));
  await element.scrollIntoView();
  return element;
}

/** The code cell whose code holds text, scrolled into view: found by its name, "Code cell N". */
export async function cellWith(page, text) {
  const name = await page.waitForFunction((text) => [...document.querySelectorAll("[role=group][aria-label^='Code cell ']")]
    .find((cell) => cell.textContent.includes(text))?.getAttribute("aria-label"), {}, text);
  return comeTo(page, "group", await name.jsonValue());
}

/** Wait until a descendant of element with role has text that matches pattern; return that text. */
export async function textOf(page, element, role, pattern) {
  const found = await page.waitForFunction((el, role, source) => [...el.querySelectorAll(`[role="${role}"]`)]
    .map((node) => node.textContent).find((text) => new RegExp(source).test(text)), {}, element, role, pattern.source);
  return found.jsonValue();
}

/** Press keys together, such as "Control", "a". */
export async function chord(page, ...keys) {
  for (const key of keys) await page.keyboard.down(key);
  for (const key of keys.reverse()) await page.keyboard.up(key);
}

/** Type lines as a person does, one key at a time, with Enter between them. */
export async function typeLines(page, lines) {
  for (const [index, line] of lines.entries()) {
    if (index) await page.keyboard.press("Enter");
    await page.keyboard.type(line);
  }
}
