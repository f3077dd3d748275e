// Mount a page's components a few at a time, those on screen first, so that no task of the
// page's start runs long: between slices the browser paints, and answers the learner's input.

/** A slice's budget in ms: a task over 50 ms is a long task, which the learner feels. */
const SLICE_MS = 30;
/** How near the view an element is "near": within a screen's height above or below it. */
const NEAR = "100% 0px";

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
 * @typedef {{el: HTMLElement, code: Chunk, late?: boolean}} Found
 * An element and its component's code; late: mounted after every other component, unless it
 * comes NEAR the view first (math: typeset, each formula is dozens of elements, and the page's
 * cells and labs matter more).
 * @typedef {{(): Promise<{mount: (el: HTMLElement, signal: AbortSignal) => void}>, settled: boolean}} Chunk
 * A component's code: calling it starts the chunk's import, once; settled, once it has loaded or failed.
 */

/**
 * Mount each element with its component's mount(el, signal): those NEAR the view first, then the
 * rest in the page's order, late ones last, and one the learner scrolls near ahead of the rest;
 * in slices of SLICE_MS that yield to the browser. Which are near, an IntersectionObserver says
 * in the frame after the call, with the layout the browser makes anyway: asking each element
 * would force one more as the page starts. An element whose code has not come yet waits, and the
 * next one whose code has comes first. A component whose code cannot load, or whose mount
 * throws, is logged and skipped: the rest of the page still comes.
 * @param {Found[]} found
 * @param {AbortSignal} signal aborted when the learner leaves the page: nothing more mounts
 */
export function mountInSlices(found, signal) {
  if (!found.length) return;
  const queue = [...found].sort((a, b) => a.late - b.late); // a stable sort: the page's order kept
  let reported;
  const firstReport = new Promise((resolve) => (reported = resolve));
  const nearView = new IntersectionObserver((entries) => {
    const near = new Set(entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target));
    queue.sort((a, b) => near.has(b.el) - near.has(a.el));
    reported();
  }, { rootMargin: NEAR });
  for (const { el } of queue) nearView.observe(el);
  // A hidden tab draws no frames, so its observer never reports: it mounts in the page's order.
  const hidden = () => document.visibilityState !== "visible" && reported();
  hidden();
  document.addEventListener("visibilitychange", hidden, { signal });
  firstReport.then(() => drain(queue, signal)).finally(() => {
    nearView.disconnect();
    document.removeEventListener("visibilitychange", hidden);
  });
}

/** Mount queue's elements in order, those whose code has come, a slice at a time. */
async function drain(queue, signal) {
  let sliceStart = performance.now();
  while (queue.length && !signal.aborted) {
    const index = queue.findIndex((item) => item.code.settled);
    if (index < 0) {
      await Promise.race(queue.map((item) => item.code().catch(() => {})));
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
    return;
  }
  if (signal.aborted) return;
  try {
    mount(el, signal);
  } catch (error) {
    console.error("ember: a part of this page could not start", el, error); // the rest still does
  }
}
