// A block wider than its box scrolls sideways (a formula, or a table in Material's scrollwrap):
// while it does, it takes the keyboard's focus, so that a learner without a mouse can scroll it
// too (axe-core: scrollable-region-focusable). Only then: a block that fits is no tab stop.

const sizes = new ResizeObserver((entries) => {
  for (const { target } of entries) focusableWhileScrolling(target);
});

/** Make el a tab stop if it scrolls sideways now, and no longer one if it does not. */
function focusableWhileScrolling(el) {
  if (el.scrollWidth > el.clientWidth) el.tabIndex = 0;
  else el.removeAttribute("tabindex");
}

const watched = new Set(); // the blocks observed, until their page is left
// A web font that comes after a block was measured changes how wide its content is, not its box.
document.fonts.addEventListener("loadingdone", () => {
  for (const el of watched) focusableWhileScrolling(el);
});

/**
 * Keep el a tab stop exactly while it scrolls sideways: as the window's width changes, and as
 * fonts come, until signal aborts.
 * @param {HTMLElement} el a block whose CSS lets it scroll (overflow-x: auto)
 * @param {AbortSignal} signal aborted when the learner leaves the page
 */
export function keepScrollableFocusable(el, signal) {
  watched.add(el);
  sizes.observe(el);
  signal.addEventListener("abort", () => {
    watched.delete(el);
    sizes.unobserve(el);
  }, { once: true });
}

/** Mount one of Material's table scrollwraps (js/main.js). */
export const mount = keepScrollableFocusable;
