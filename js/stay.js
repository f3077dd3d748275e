// Moves between places on one page are the browser's alone. Material's instant navigation would
// fetch the page again on the first such move after a load, and replace the live page (edits,
// runs, output) with the page as built. The build inlines this script at the top of every page's
// head, so that its listeners come before Material's: a click, on the document as it goes down to
// Material's on the body; back and forward, on the window, registered first. A move the learner
// makes before the page's own code has run is theirs too: it is marked on the root (data-moved),
// and js/place.js then keeps the place they moved to, not the one saved when they left.

let lastPath = location.pathname; // the path of the history entry we are on

document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[href]");
  if (!link || link.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return;
  if (url.pathname !== location.pathname) lastPath = url.pathname; // Material takes it from here
  else if (url.hash) event.stopPropagation(); // the browser jumps, and Material never hears
}, { capture: true });

addEventListener("popstate", (event) => {
  const from = lastPath;
  lastPath = location.pathname;
  if (location.pathname !== from) return; // another page: Material's
  event.stopImmediatePropagation();
  const y = history.state?.y; // where Material keeps the scroll position of a history entry
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  else if (typeof y === "number") scrollTo(0, y);
});

for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
  addEventListener(type, () => (document.documentElement.dataset.moved = ""), { capture: true, passive: true, once: true });
}
