// A new version of the site, after a deploy: the service worker (js/offline/sw.js) has stored it
// and waits. This tells the page, which offers the learner a reload into it.

/**
 * Call found(apply) once a new version is stored and waiting; apply() switches to it and reloads.
 * @param {(apply: () => void) => void} found
 */
export async function onUpdate(found) {
  const serviceWorker = navigator.serviceWorker;
  const registration = await serviceWorker?.getRegistration();
  if (!registration || !serviceWorker.controller) return; // no worker, or a first install
  const apply = () => {
    serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    registration.waiting?.postMessage({ type: "ember-update" });
  };
  if (registration.waiting) {
    found(apply);
    return;
  }
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") found(apply);
    });
  });
}
