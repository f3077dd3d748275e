// Python's memory snapshot, kept in the learner's browser so that a returning learner's Python
// starts in a fraction of a boot: the memory of a Pyodide that has booted and imported the
// runtime (worker.js, SETUP), made by Pyodide's makeMemorySnapshot in a worker of its own a few
// seconds after a boot that found none (client.js), and stored gzipped in Cache Storage under a
// key made of the site's address, Pyodide's version, the runtime's files and SETUP, with the
// SHA-256 digest of its bytes, which are checked against it before use. The page alone reads and
// writes it: the workers, in the sandbox frame, have no Cache Storage. The API is experimental: a
// snapshot that is damaged or fails to start Python is deleted, and Python boots as usual.

const CACHE = "ember-python-snapshot";
const cacheStorage = self.caches;
export const lockManager = self.navigator?.locks;
const DIGEST = "X-Ember-Digest"; // the header that holds the snapshot's digest, in hex
/** Whether this browser can keep a snapshot: Cache Storage and Web Locks (secure contexts only),
 * and gzip streams. */
export function canKeep() {
  return Boolean(cacheStorage && lockManager) && typeof CompressionStream === "function";
}

/** Where this site's snapshots are keyed: beside the bundle, so that two sites on one origin
 * (two GitHub Pages projects) keep one each. */
const PREFIX = new URL("./python-snapshot/", import.meta.url).href;

/**
 * The key of the snapshot made from these runtime files with this Pyodide and setup: a URL under
 * PREFIX, as Cache Storage wants, that no server has.
 * @param {Record<string, string>} files the runtime's Python files (python.json)
 * @param {string} version Pyodide's
 * @param {string} setup the Python that the snapshot ran after booting
 */
export async function snapshotKey(files, version, setup) {
  const hex = (await sha256(new TextEncoder().encode(JSON.stringify([files, setup])))).slice(0, 24);
  return `${PREFIX}${version}/${hex}`;
}

/** The SHA-256 digest of bytes, in hex. */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether a snapshot is stored under key. */
export async function hasSnapshot(key) {
  return Boolean(await (await cacheStorage.open(CACHE)).match(key));
}

/** The snapshot stored under key, as a promise of its bytes, decompressed and checked against
 * its digest (which takes a while, so that Pyodide can start meanwhile); it rejects when they do
 * not match. null if there is none. */
export async function readSnapshot(key) {
  const response = await (await cacheStorage.open(CACHE)).match(key);
  if (!response) return null;
  const stored = response.headers.get(DIGEST);
  const raw = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Response(raw).arrayBuffer().then(async (buffer) => {
    if (await sha256(buffer) !== stored) throw new Error("the saved snapshot is damaged: its digest does not match");
    return new Uint8Array(buffer);
  });
  bytes.catch(() => {}); // Pyodide awaits it later, and the boot that fails then boots as usual
  return { bytes };
}

/** Store bytes, gzipped, under key, in place of this site's snapshots stored before (of older
 * files). */
export async function storeSnapshot(key, bytes) {
  const cache = await cacheStorage.open(CACHE);
  const digest = await sha256(bytes);
  const gzipped = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  await cache.put(key, new Response(await new Response(gzipped).blob(), { headers: { [DIGEST]: digest } }));
  for (const request of await cache.keys()) {
    if (request.url.startsWith(PREFIX) && request.url !== key) await cache.delete(request);
  }
}

/** Delete the snapshot under key. */
export async function dropSnapshot(key) {
  await (await cacheStorage.open(CACHE)).delete(key);
}
