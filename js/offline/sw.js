// The site's service worker. It keeps every file a learner needs in Cache Storage, fetched once
// by content, so that the pages, the bundle and Python load with the network gone; and it adds
// COOP and COEP to every response it gives, so that a page is cross-origin isolated (Stop then
// keeps Python's state) on a host that cannot send them, such as GitHub Pages.
// The build writes the site's files, their revisions and their digests in place of
// self.__WB_MANIFEST (site_src/offline.py).
//
// A first install takes control of the open pages at once (js/offline/register.js may then
// reload them, isolated). A later one, after a deploy, waits until the learner accepts it
// (js/offline/update.js): until then every page and file comes from one version of the site.

import { clientsClaim } from "workbox-core";
import { addPlugins, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler, setDefaultHandler } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";

const ISOLATION_HEADERS = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

/** A Workbox plugin: each response, from the cache or the network, gets ISOLATION_HEADERS. */
const isolating = {
  handlerWillRespond: async ({ response }) => {
    if (response.type === "opaque" || response.type === "opaqueredirect") return response; // headers cannot be read
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
};

self.addEventListener("install", () => {
  if (!self.registration.active) self.skipWaiting();
});
self.addEventListener("message", (event) => {
  if (event.data?.type === "ember-update") self.skipWaiting();
});
clientsClaim();

addPlugins([isolating]);
// "lessons/07-…/" is served from "lessons/07-…/index.html"; no query string names another file.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
setDefaultHandler(new NetworkOnly({ plugins: [isolating] }));

// Workbox answers GET only; the Python worker asks HEAD of Pyodide's files before it boots.
registerRoute(() => true, async ({ request }) => {
  const kept = await matchPrecache(request.url);
  return kept ? new Response(null, { status: kept.status, headers: kept.headers }) : fetch(request);
}, "HEAD");

// Offline, a page the site does not have is its 404 page.
setCatchHandler(async ({ request }) =>
  (request.destination === "document" && (await matchPrecache("404.html"))) || Response.error());
