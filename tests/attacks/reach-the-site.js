// What a hostile cell tries, in the JavaScript of its worker, to reach the site: its code, its
// Cache Storage (the offline copy of every page), its IndexedDB and localStorage, its service
// worker, the tabs' Web Lock and BroadcastChannel. The script's value is a function of the
// chunk of the site's bundle to import, the tabs' channel and their lock; it tries each and gives
// {tried, settled}: tried says of each "refused" (it threw, or is not there), "reached", or, while
// the browser's answer is still to come, "asked"; settled resolves once every answer has come. A
// cell can wait for none (its Python holds the worker's thread), so it reads tried at once; the
// sandbox frame, of the same origin, waits for settled.
(chunk, channel, lock) => {
  const tried = { origin: self.origin };
  const answers = [];
  const attempt = (name, reach) => {
    try {
      const answer = reach();
      tried[name] = "reached";
      if (typeof answer?.then === "function") {
        tried[name] = "asked";
        answers.push(answer.then(() => { tried[name] = "reached"; }, () => { tried[name] = "refused"; }));
      }
    } catch {
      tried[name] = "refused";
    }
  };
  new BroadcastChannel(channel).postMessage("planted");
  attempt("the site's code", () => import(chunk));
  attempt("Cache Storage", () => caches.open("ember-python-snapshot"));
  attempt("IndexedDB", () => {
    const asked = indexedDB.open("ember");
    return new Promise((opened, failed) => {
      asked.onsuccess = opened;
      asked.onerror = failed;
    });
  });
  attempt("localStorage", () => localStorage.setItem("ember", "planted"));
  attempt("the service worker", () => navigator.serviceWorker.getRegistrations()
    .then((found) => found.length || Promise.reject(new Error("none of the site's"))));
  attempt("Web Locks", () => navigator.locks.request(lock, () => {}));
  return { tried, settled: Promise.all(answers).then(() => tried) };
}
