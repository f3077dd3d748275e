// Register the site's service worker (js/offline/sw.js), which keeps the site for offline use and
// makes pages cross-origin isolated where the host sends no COOP and COEP. The build inlines this
// script first in every page's head, with the worker's URL in its data-sw attribute; under
// mkdocs serve it has none, and any worker registered earlier on this origin is removed, so that
// the preview does not come from a cache (once it has loaded).

const RELOADED = "ember-isolation-reload"; // in sessionStorage: this tab has reloaded once to be isolated
const serviceWorker = navigator.serviceWorker; // undefined where service workers are off
const url = document.currentScript.dataset.sw;

/** What use makes of session storage; undefined where storage is off (a blocked context). */
const withSession = (use) => {
  try {
    return use(sessionStorage);
  } catch {
    return undefined;
  }
};

if (serviceWorker && !url) {
  serviceWorker.getRegistrations().then((registrations) => registrations.forEach((r) => r.unregister()));
} else if (serviceWorker) {
  // Once the page has loaded: storing the site, several MB, must not slow the page's own files.
  addEventListener("load", () => serviceWorker.register(url).then((registration) => {
    const installing = registration?.installing; // none where a blocked context resolves with nothing
    installing?.addEventListener("statechange", () => {
      if (installing.state === "redundant") {
        console.warn("ember: the service worker could not store the site (a file failed to load), so there is "
          + "no offline use yet; it tries again on the next page load");
      }
    });
  }, (error) => console.warn("ember: no service worker, so no offline use:", error)), { once: true });
  if (crossOriginIsolated) withSession((storage) => storage.removeItem(RELOADED));
  else {
    // The host sent no COOP and COEP. Once the worker has stored the site and controls this page,
    // one reload brings them: only if the learner has not started on the page (a key or a click),
    // for it would undo their cells; and only once, so that a browser that still does not isolate
    // the page is not reloaded forever. Until a reload, Stop restarts Python.
    let started = false;
    for (const type of ["keydown", "pointerdown"]) addEventListener(type, () => { started = true; }, { capture: true });
    const reload = () => {
      // Where session storage is off, no reload: it could not be told from the one before.
      if (started || withSession((storage) => storage.getItem(RELOADED)) !== null) return;
      withSession((storage) => storage.setItem(RELOADED, "1"));
      location.reload();
    };
    if (serviceWorker.controller) reload();
    else serviceWorker.addEventListener("controllerchange", reload);
  }
}
