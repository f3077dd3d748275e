// Fetch a component's code ahead of running it. Under <link rel="modulepreload"> the browser
// fetches a module and compiles it, off the page's main thread, without running it: running it
// later is then shorter (the editor's: a task of 40-80 ms here, where fetching, compiling and
// running it took one of 280 ms). Which chunks make up each component's code, the build says
// (ember.lazy.json, js/build.mjs).

const LAZY = new URL("./ember.lazy.json", import.meta.url);
let chunksOf = null; // the build's map, once asked for
const preloaded = new Map(); // a chunk's URL → its preload, settled once it has loaded or failed

/**
 * Fetch the chunks of a component's code without running them.
 * @param {string} name its source's path under js/, as "cell.js"
 * @returns {Promise<void>} settled once each chunk has loaded or failed; a map that cannot be
 *   read fetches nothing (the code still comes when it runs)
 */
export async function prefetch(name) {
  chunksOf ??= fetch(LAZY).then((response) => response.json()).catch(() => ({}));
  await Promise.all(((await chunksOf)[name] ?? []).map((file) => preload(new URL(file, LAZY).href)));
}

function preload(href) {
  if (!preloaded.has(href)) {
    preloaded.set(href, new Promise((resolve) => {
      const link = Object.assign(document.createElement("link"), { rel: "modulepreload", href });
      link.onload = link.onerror = () => resolve();
      document.head.append(link);
    }));
  }
  return preloaded.get(href);
}
