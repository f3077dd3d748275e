// Bundle js/ into build/bundle with esbuild: the page bundle (ember.js + ember.css, and a chunk
// per component that a page loads when it has one), the Python worker (worker.js), the graph layout worker (layout-worker.js, with Graphviz), the service
// worker (sw.js, with Workbox; the build adds the site's files to it), and the classic scripts
// that the build inlines in a page's head: register.js registers the service worker, start.js
// starts Python early, stay.js keeps moves within a page from reloading it.
// `node js/build.mjs --watch` rebuilds on every change.
import { readFileSync, rmSync } from "node:fs";
import Ajv from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";
import * as esbuild from "esbuild";

// The progress schemas (js/progress/*.schema.json) compiled into validating functions, as the
// module "ember:validators" with the exports progress and exported: no schema compiling, and no
// eval, on the page.
const validators = {
  name: "validators",
  setup(build) {
    build.onResolve({ filter: /^ember:validators$/ }, () => ({ path: "validators", namespace: "ember" }));
    build.onLoad({ filter: /.*/, namespace: "ember" }, () => {
      const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: false });
      const schema = (name) => JSON.parse(readFileSync(`js/progress/${name}.schema.json`, "utf8"));
      ajv.addSchema(schema("progress")).addSchema(schema("export"));
      const code = standaloneCode(ajv, {
        progress: "https://ember.invalid/progress.schema.json",
        exported: "https://ember.invalid/progress-export.schema.json",
      });
      return { contents: code, resolveDir: process.cwd(), loader: "js" };
    });
  },
};

// Pyodide's files are served under their version (site_src/plugin.py), so that a cache may keep
// them for good.
const PYODIDE_VERSION = JSON.parse(readFileSync("node_modules/pyodide/package.json", "utf8")).version;

const options = {
  entryPoints: { ember: "js/main.js", worker: "js/runtime/worker.js", "layout-worker": "js/graph/layout-worker.js" },
  outdir: "build/bundle",
  bundle: true,
  format: "esm",
  // A page loads only the chunks of its components (js/main.js), and the workers share theirs.
  // Chunks sit beside the entry points, so that new URL("./worker.js", import.meta.url) finds them.
  splitting: true,
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  legalComments: "external",
  // KaTeX's stylesheet points at its fonts; only the woff2 files are ever fetched.
  loader: { ".woff2": "file", ".woff": "empty", ".ttf": "empty" },
  assetNames: "fonts/[name]",
  logLevel: "warning",
  plugins: [validators],
  define: { PYODIDE_VERSION: JSON.stringify(PYODIDE_VERSION) },
};

const classic = {
  entryPoints: { start: "js/runtime/start.js", stay: "js/stay.js", register: "js/offline/register.js", sw: "js/offline/sw.js" },
  outdir: "build/bundle", bundle: true, format: "iife", target: "es2022", minify: true, logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' }, // Workbox without its development logging
};

if (process.argv.includes("--watch")) {
  // Rebuilt in place: mkdocs serve, started alongside, needs the files there all along.
  for (const build of [options, classic]) await (await esbuild.context(build)).watch();
} else {
  rmSync(options.outdir, { recursive: true, force: true }); // no files of older builds
  await Promise.all([esbuild.build(options), esbuild.build(classic)]);
}
