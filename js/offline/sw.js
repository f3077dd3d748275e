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
import { addPlugins, getCacheKeyForURL, matchPrecache, precacheAndRoute } from "workbox-precaching";
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

const MANIFEST = self.__WB_MANIFEST;
/** Each kept file's digest, from the build's list, by its key in the cache; filled once the
 * manifest is in place. */
const digests = new Map();

/** The SHA-256 digest of bytes, as a subresource integrity ("sha256-" and base64). */
async function integrityOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** A Workbox plugin: a kept file is checked against its digest each time before it is served, off
 * the page's thread. One that does not match (a damaged disk, say) is deleted and not used: Workbox
 * then fetches it from the network, checked against the same digest, and keeps it again; with no
 * network, the learner is told what is wrong (setCatchHandler). */
const checked = {
  cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) => {
    const expected = digests.get(request.url);
    if (!cachedResponse || !expected) return cachedResponse;
    if (await integrityOf(await cachedResponse.clone().arrayBuffer()) === expected) return cachedResponse;
    console.warn(`ember: the kept copy of ${request.url} does not match its digest, so it is fetched again`);
    await (await caches.open(cacheName)).delete(request);
    return null;
  },
};

addPlugins([checked, isolating]);
// "lessons/07-…/" is served from "lessons/07-…/index.html"; no query string names another file.
precacheAndRoute(MANIFEST, { ignoreURLParametersMatching: [/.*/] });
for (const { url, integrity } of MANIFEST) {
  if (integrity) digests.set(getCacheKeyForURL(new URL(url, location).href), integrity);
}
setDefaultHandler(new NetworkOnly({ plugins: [isolating] }));

// Workbox answers GET only; the Python worker asks HEAD of Pyodide's files before it boots.
registerRoute(() => true, async ({ request }) => {
  const kept = await matchPrecache(request.url);
  return kept ? new Response(null, { status: kept.status, headers: kept.headers }) : fetch(request);
}, "HEAD");

// Offline, a page the site does not have is its 404 page; a file whose kept copy was damaged is
// an answer that says so.
setCatchHandler(async ({ request }) => {
  if (digests.has(keyOf(request.url))) return damaged(request);
  return (request.destination === "document" && (await matchPrecache("404.html"))) || Response.error();
});

/** The cache key of the kept file that url names, as precacheAndRoute finds it: a folder's
 * index.html, with no query string; undefined for a file the site does not keep. */
function keyOf(url) {
  const plain = new URL(url);
  plain.search = "";
  if (plain.pathname.endsWith("/")) plain.pathname += "index.html";
  return getCacheKeyForURL(plain.href);
}

/** The answer for a file of the site that is not kept (its copy was damaged, or has gone) and
 * could not be fetched: a page that says so, for a page; else a 503 whose status text says so. */
function damaged(request) {
  const why = "The offline copy of this file is damaged or missing, and the network could not be reached to fetch it again";
  const headers = { "Content-Type": "text/html; charset=utf-8", ...ISOLATION_HEADERS };
  if (request.destination !== "document") return new Response(null, { status: 503, statusText: why, headers });
  const page = `<!doctype html><meta charset="utf-8"><title>This page could not be loaded</title>
<h1>This page could not be loaded</h1><p>${why}. Connect to the network and reload the page: your work is kept.</p>`;
  return new Response(page, { status: 503, statusText: why, headers });
}
