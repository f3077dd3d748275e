// Instant navigation at any address. Material follows a link without a reload only when its
// sitemap.xml lists the link, and it compares them with site_url's port: it takes the protocol
// and host name from the page but keeps the sitemap's port. Served anywhere else (a second
// preview, a test server, a host whose port differs), every link would load a new document,
// and boot Python again. This reads the sitemap too, resolves each page against the page's own
// origin, and hands a link that Material left alone to Material's own location$, as its click
// handler does.

let pages = new Set(); // the pathnames of the site's pages, at this origin

/**
 * The pathnames of the pages that sitemap.xml lists, moved from site_url's path to base's.
 * @param {URL} base the site's root, as the page is served
 * @returns {Promise<Set<string>>} empty if the sitemap cannot be read
 */
async function sitemapPages(base) {
  try {
    const response = await fetch(new URL("sitemap.xml", base));
    if (!response.ok) return new Set();
    const xml = new DOMParser().parseFromString(await response.text(), "text/xml");
    const paths = [...xml.querySelectorAll("url > loc")].map((loc) => new URL(loc.textContent.trim()).pathname);
    const root = paths.reduce((shortest, path) => (path.length < shortest.length ? path : shortest), paths[0] ?? "/");
    return new Set(paths.map((path) => new URL(path.slice(root.length), base).pathname));
  } catch {
    return new Set(); // links then load their page, as without instant navigation
  }
}

/** Follow a click on a link to a page of the site that Material did not follow. */
function follow(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname === location.pathname || !pages.has(url.pathname)) return;
  event.preventDefault();
  history.replaceState({ x: scrollX, y: scrollY }, ""); // where to come back to, as Material keeps it
  history.pushState(null, "", url);
  window.location$.next(url);
}

/** Start following links that Material's sitemap leaves out, when instant navigation is on. */
export function followLinksAtAnyAddress() {
  const config = document.getElementById("__config");
  if (!config || !window.location$ || location.protocol === "file:") return;
  const { base, features = [] } = JSON.parse(config.textContent);
  if (!features.includes("navigation.instant")) return;
  sitemapPages(new URL(base, location.href)).then((found) => (pages = found));
  window.addEventListener("click", follow); // after Material's own handler, on the body
}
