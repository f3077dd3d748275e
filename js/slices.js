// Mount a page's components a few at a time, those on screen first, so that no task of the
// page's start runs long: between slices the browser paints, and answers the learner's input.

/** A slice's budget in ms of script: a task over 50 ms is a long task, which the learner feels, and
 * the style and layout that the parts mounted in a slice bring run in the same task, after it,
 * often as long again (Lighthouse's traces of lessons 07 and 14). */
const SLICE_MS = 12;
/** How near the view an element is "near": within a screen's height above or below it. */
const NEAR = "100% 0px";
/** What the keyboard can focus in a mounted part. */
const FOCUSABLE = ["button:not([hidden])", "a[href]", "input", "textarea", "select", "summary",
  "[contenteditable=true]", "[tabindex='0']"].join(", ");

// Whether the keyboard's focus last moved backwards in the page (Shift+Tab): a part it went into
// before mounting hands it, once mounted, to its last control, not its first (mountWith).
let focusWentBack = false;
document.addEventListener("focusin", ({ target, relatedTarget }) => {
  focusWentBack = Boolean(relatedTarget && target.compareDocumentPosition(relatedTarget) & Node.DOCUMENT_POSITION_FOLLOWING);
});

/** Resolve in a task of its own, after the next frame when the page is shown: the editors of a
 * slice then measure themselves in a frame of their own, not all in one. A MessageChannel's
 * message, not setTimeout, and no frame in a hidden tab: browsers slow timers down in a tab in
 * the background, and draw no frames there, and a page opened there must still mount. */
function nextSlice() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    if (document.visibilityState === "visible") requestAnimationFrame(() => channel.port2.postMessage(null));
    else channel.port2.postMessage(null);
  });
}

/**
 * @typedef {{el: HTMLElement, code: Chunk, lazy?: boolean, untilMoved?: boolean}} Found
 * An element and its component's code; lazy: mounted only once it comes NEAR the view, or before
 * printing (an editor, a graph or a plot takes tens of ms to mount on a phone, and a lesson has
 * dozens). Until then it shows what the build wrote: the page's code, a plot's or a graph's table.
 * untilMoved: a lazy one NEAR the view as the page starts, but not in it, waits for the learner's
 * first scroll, tap or key: mounting an editor is dear while the page loads.
 * @typedef {{(): Promise<{mount: (el: HTMLElement, signal: AbortSignal) => void}>, settled: boolean, module: object|null, prefetch: () => Promise<void>, heavy: boolean}} Chunk
 * A component's code: calling it starts the chunk's import, once; settled, once it has loaded or
 * failed; module, once it has loaded; prefetch(), fetching its chunks without running them;
 * heavy, if running it is a long task on a phone.
 */

/**
 * Mount each element with its component's mount(el, signal): those NEAR the view first, then the
 * rest in the page's order but for lazy ones, each of which waits until it comes near, its code
 * fetched once the page has loaded and run when the page is idle (but heavy code) or the learner
 * first scrolls, taps or types; one the learner scrolls near goes ahead of the rest. In slices of
 * SLICE_MS that yield to the browser. Which are near, an IntersectionObserver says in the frame
 * after the call, with the layout the browser makes anyway: asking each element would force one
 * more as the page starts. An element whose code has not come yet waits, and the next one whose
 * code has comes first. A component whose code cannot load, or whose mount throws, is logged and
 * skipped: the rest of the page still comes.
 * @param {Found[]} found
 * @param {AbortSignal} signal aborted when the learner leaves the page: nothing more mounts
 */
export function mountInSlices(found, signal) {
  if (!found.length) return;
  const blocks = new Map(found.map((item) => [item, blockOf(item.el)]));
  const queue = found.filter((item) => !item.lazy);
  const waiting = new Map(); // a block of the page → its lazy items, until it comes near
  for (const item of found.filter((item) => item.lazy)) {
    waiting.set(blocks.get(item), [...(waiting.get(blocks.get(item)) ?? []), item]);
  }
  let grew = null; // ends the drain's wait for code when more is queued
  /** Queue the lazy items of the blocks that came near (or took the focus), ahead of the rest. */
  const cameNear = (near) => {
    for (const block of near) {
      nearView.unobserve(block); // its place in the queue is settled
      aside.drop(block); // if it was set aside: the focus went into it
      for (const item of waiting.get(block) ?? []) item.code(); // its code starts coming
      queue.push(...(waiting.get(block) ?? []));
      waiting.delete(block);
    }
    queue.sort((a, b) => near.has(blocks.get(b)) - near.has(blocks.get(a))); // stable: the page's order kept
    grew?.();
    firstReport.then(drainAll);
  };
  const aside = setAside((shown) => cameNear(shown), signal);
  const waitsForMove = ({ target, boundingClientRect: { top, bottom } }) => !aside.moved
    && (top >= innerHeight || bottom <= 0) && (waiting.get(target) ?? []).every((item) => item.untilMoved);
  const nearView = new IntersectionObserver((entries) => {
    for (const entry of entries) if (!entry.isIntersecting) aside.drop(entry.target);
    const near = entries.filter((entry) => entry.isIntersecting && !(waitsForMove(entry) && aside.add(entry.target)));
    cameNear(new Set(near.map((entry) => entry.target)));
    reported();
  }, { rootMargin: NEAR });
  let draining = null;
  const drainAll = () => {
    draining ??= drain(queue, signal, () => new Promise((resolve) => (grew = resolve))).finally(() => {
      draining = null;
      for (const block of blocks.values()) if (!waiting.has(block)) nearView.unobserve(block);
      if (!waiting.size) nearView.disconnect();
    });
  };
  const waitingCode = () => new Set([...waiting.values()].flat().map((item) => item.code));
  // The code of what waits is fetched once the page has loaded, and run when the page is idle
  // (but heavy code), or at once when the learner first scrolls, taps or types: then each part
  // mounts in the frame it comes near in, and prints drawn. Not as the page starts: fetching,
  // compiling and running the editor's code (380 KB) took a phone's main thread for a long task
  // while the page was still loading (Lighthouse).
  onFirstMove(() => {
    aside.showAll();
    for (const code of waitingCode()) code();
  }, signal);
  let reported;
  const firstReport = new Promise((resolve) => (reported = resolve));
  firstReport.then(drainAll);
  Promise.all([firstReport, loaded()]).then(() => fetchAhead(waitingCode(), signal));
  for (const block of blocks.values()) nearView.observe(block);
  // A hidden tab draws no frames, so its observer never reports: it mounts in the page's order,
  // and the lazy ones once it is shown.
  const hidden = () => document.visibilityState !== "visible" && reported();
  hidden();
  document.addEventListener("visibilitychange", hidden, { signal });
  // The keyboard can take the focus into a part before it came near, such as a cell's output:
  // the part mounts at once, and the focus goes on in it (mountWith).
  document.addEventListener("focusin", ({ target }) => {
    const block = [...waiting.keys()].find((waits) => waits.contains(target));
    if (block) cameNear(new Set([block]));
  }, { signal });
  addEventListener("beforeprint", () => mountBeforePrint(waiting, queue, signal), { signal });
  signal.addEventListener("abort", () => nearView.disconnect());
}

/** What the learner does to move on a page: scroll with a wheel, touch, type, or point. A scroll
 * event may be the page's own (an anchor kept in place, a place restored), so it is not one. */
const LEARNER_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"];

/** Call moved() once, as the learner first moves on the page (LEARNER_MOVES), unless signal aborts
 * first. */
function onFirstMove(moved, signal) {
  let done = false;
  const first = () => {
    if (!done) moved();
    done = true;
  };
  for (const type of LEARNER_MOVES) addEventListener(type, first, { once: true, passive: true, capture: true, signal });
}

/**
 * The blocks set aside as the page starts: near the view, out of it, each part of them untilMoved
 * (Found; a block with a plot in it does not wait). Each is shown, through show, at
 * showAll(), as the learner first moves, or once it comes into the view itself (a scroll by the
 * page's own code, or something above it that shrank). After showAll(), moved is true. A block
 * set aside is marked data-set-aside.
 * @param {(blocks: Set<Element>) => void} show
 * @param {AbortSignal} signal
 * @returns {{add: (block: Element) => true, drop: (block: Element) => void, showAll: () => void, moved: boolean}}
 */
function setAside(show, signal) {
  const aside = new Set();
  const inView = new IntersectionObserver((entries) => {
    const shown = entries.filter((entry) => entry.isIntersecting && aside.has(entry.target)).map((entry) => entry.target);
    for (const block of shown) drop(block);
    if (shown.length) show(new Set(shown));
  });
  const drop = (block) => {
    aside.delete(block);
    inView.unobserve(block);
    delete block.dataset.setAside;
  };
  signal.addEventListener("abort", () => inView.disconnect());
  return {
    add(block) {
      aside.add(block);
      inView.observe(block);
      block.dataset.setAside = ""; // for the tests' tools/reach.py
      return true;
    },
    drop,
    showAll() {
      this.moved = true;
      const shown = new Set(aside);
      for (const block of shown) drop(block);
      show(shown);
    },
    moved: false,
  };
}

/** Resolve once the page has loaded: its images, fonts and styles in. */
function loaded() {
  return new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else addEventListener("load", () => resolve(), { once: true });
  });
}

/** Resolve when the browser is idle, or in a task of its own where it cannot say (Safari). */
function idle() {
  return new Promise((resolve) => {
    if (window.requestIdleCallback) requestIdleCallback(() => resolve());
    else setTimeout(resolve);
  });
}

/**
 * Fetch every component's code at once (Chunk.prefetch), but code that has come already, as a
 * quiz's for a question on the first screen; run each, once fetched, when the browser is idle,
 * one at a time, but heavy code, which runs when the learner first moves: fetched and compiled
 * ahead, the editor's is a task of 40-80 ms here, not 280.
 * @param {Set<Chunk>} codes
 * @param {AbortSignal} signal
 */
async function fetchAhead(codes, signal) {
  const fetched = new Map([...codes].filter((code) => !code.settled).map((code) => [code, code.prefetch()]));
  for (const [code, prefetched] of fetched) {
    if (code.heavy) continue;
    await prefetched;
    await idle();
    if (signal.aborted) return;
    code();
  }
}

/** Mount at once every lazy item, those waiting to come near and those queued, whose code has
 * come: the page is about to be printed. */
function mountBeforePrint(waiting, queue, signal) {
  const lazy = [...[...waiting.values()].flat(), ...queue.filter((item) => item.lazy)];
  const left = new Set(mountNow(lazy, signal)); // those whose code has not come
  for (const [block, items] of waiting) {
    const still = items.filter((item) => left.has(item));
    if (still.length) waiting.set(block, still);
    else waiting.delete(block);
  }
  queue.splice(0, queue.length, ...queue.filter((item) => !item.lazy || left.has(item)));
}

/** The block of the page that el is in (a paragraph, a list, a lab, a closed question): whether
 * it is near the view says whether el is, even while el itself is hidden, as a cell in a closed
 * details is. */
function blockOf(el) {
  return el.closest(".md-content__inner > *") ?? el;
}

/**
 * Mount each element at once, in this task, if its code has come: for a page about to be
 * printed, or a copy of content the learner is about to see.
 * @param {Found[]} found
 * @param {AbortSignal} signal
 * @returns {Found[]} those whose code has not come
 */
export function mountNow(found, signal) {
  const later = [];
  for (const item of found) {
    if (item.code.module) mountWith(item.code.module, item.el, signal);
    else later.push(item);
  }
  return later;
}

/** Mount queue's elements in order, those whose code has come, a slice at a time; while none
 * has, wait for the first code to come, or for grown() to say that more was queued. */
async function drain(queue, signal, grown) {
  let sliceStart = performance.now();
  while (queue.length && !signal.aborted) {
    const index = queue.findIndex((item) => item.code.settled);
    if (index < 0) {
      await Promise.race([grown(), ...queue.map((item) => item.code().catch(() => {}))]);
      continue;
    }
    const [{ el, code }] = queue.splice(index, 1);
    await mountOne(el, code, signal);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextSlice();
      sliceStart = performance.now();
    }
  }
}

/** Mount el with its component's code, unless the page was left meanwhile. */
async function mountOne(el, code, signal) {
  let mount;
  try {
    ({ mount } = await code());
  } catch (error) {
    console.error("ember: a part of this page could not load", el, error); // the rest still does
    showFallback(el);
    return;
  }
  if (!signal.aborted) mountWith({ mount }, el, signal);
}

/** Mount el with module's mount, then mark it mounted (data-mounted, which js/frame.css reads),
 * also when its mount throws, which is logged: a mount that got partway draws as a mounted one.
 * An element marked mounted already is left as it is: a figure or a plot that a cell drew into
 * before it came near (js/graph.js, js/plot.js) keeps the cell's drawing. */
function mountWith(module, el, signal) {
  anchorableOnceLaidOut(el);
  if ("mounted" in el.dataset) return;
  const focused = el.contains(document.activeElement) ? document.activeElement : null;
  try {
    module.mount(el, signal);
    if (focused && !focused.isConnected) focusIn(el); // the mount replaced it
  } catch (error) {
    console.error("ember: a part of this page could not start", el, error); // the rest still does
    showFallback(el);
  } finally {
    el.dataset.mounted = "";
  }
}

/** Let the browser's scroll anchoring keep the view on a node in el (data-anchorable, which
 * js/frame.css reads) two frames after its mount: once it has been laid out mounted, and its
 * editor has measured its lines. Not at once: the browser chooses the node to keep in place from
 * the last layout, with the new styles, and chose one deep in a lab as it mounted, which then kept
 * the lab's old bottom in place as it grew by 1,000 px, and moved the heading under it out of view. */
function anchorableOnceLaidOut(el) {
  requestAnimationFrame(() => requestAnimationFrame(() => (el.dataset.anchorable = "")));
}

/** Focus el's first control that is shown, or its last if the focus came into el backwards. */
function focusIn(el) {
  const shown = [...el.querySelectorAll(FOCUSABLE)].filter((control) => control.checkVisibility());
  (focusWentBack ? shown.at(-1) : shown[0])?.focus();
}

/** Show in el what the build wrote for readers without JavaScript (a figure's or a plot's table,
 * in <noscript>), as its component could not start, without what held the places of its code's
 * parts ([data-waiting]); marked mounted, el shows the page's code again (js/cell.css). */
function showFallback(el) {
  for (const noscript of el.querySelectorAll("noscript")) {
    noscript.replaceWith(document.createRange().createContextualFragment(noscript.textContent));
  }
  for (const waiting of el.querySelectorAll("[data-waiting]")) waiting.remove();
  el.dataset.mounted = "";
}
