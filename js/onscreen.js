// A page opened afresh at its top lays out about a screen as it starts, not the whole lesson: until
// each component is mounted, one far from the screen waits to be laid out (js/frame.css, under
// data-onscreen-first). Not on a reload, a return through history, or a link to a place in a page,
// where the browser scrolls to a place that the height of everything above it must put right; nor,
// for the same reason, on the pages that instant navigation brings after this one. The build
// inlines this script in every page's head, before the stylesheets.
//
// And on every page, from its first layout, each part that the page's code will mount has the
// height it will have once mounted, not the one a page without JavaScript gives it (the root's
// class js, which Material's bundle sets too, once the page is parsed): the first paint comes
// before the page's code runs, and a part in the view that grew then moved what is under it.

document.documentElement.classList.replace("no-js", "js");

if (performance.getEntriesByType("navigation")[0]?.type === "navigate" && !location.hash) {
  const root = document.documentElement;
  root.dataset.onscreenFirst = "";
  const wholePages = () => delete root.dataset.onscreenFirst;
  addEventListener("popstate", wholePages);
  document.addEventListener("click", (event) => event.target.closest?.("a[href]") && wholePages(), { capture: true });
}
