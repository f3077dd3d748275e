// Bundle js/ into build/bundle with esbuild: the page bundle (ember.js + ember.css, and a chunk
// per component that a page loads when it has one), the Python worker (worker.js, one file), the graph layout worker (layout-worker.js, with Graphviz), the service
// worker (sw.js, with Workbox; the build adds the site's files to it), and the classic scripts
// that the build inlines in a page's head: register.js registers the service worker, stay.js
// keeps moves within a page from reloading it, onscreen.js lets a fresh page lay out a screen first.
// `node js/build.mjs --watch` rebuilds on every change.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, relative } from "node:path";
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

// KaTeX's stylesheet without its @font-face rules: twenty font faces in ember.css made each style
// recalculation of every page dearer (Material's first one by about 70 ms). The stylesheet
// katex-fonts.css has them instead, which the build links in the head of a page with math
// (site_src/plugin.py), so that its formulas are laid out in their own fonts from the first paint
// (the woff and ttf sources are left out: a browser with woff2 never fetches them).
const KATEX_CSS = /katex[\\/]dist[\\/]katex\.css$/;
const FONT_FACE = /@font-face\s*\{[^}]*\}/g;
const OLDER_SOURCES = /,\s*url\([^)]*\.(woff|ttf)\)\s*format\("(woff|truetype)"\)/g;
const katexFonts = {
  name: "katex-fonts",
  setup(build) {
    build.onResolve({ filter: /^ember:katex-fonts$/ }, () => ({ path: "katex-fonts", namespace: "katex-fonts" }));
    build.onLoad({ filter: KATEX_CSS }, ({ path }) => ({
      contents: readFileSync(path, "utf8").replace(FONT_FACE, ""), loader: "css",
    }));
    build.onLoad({ filter: /.*/, namespace: "katex-fonts" }, () => {
      const path = createRequire(import.meta.url).resolve("katex/dist/katex.css");
      const faces = readFileSync(path, "utf8").match(FONT_FACE).map((face) => face.replace(OLDER_SOURCES, ""));
      return { contents: faces.join("\n"), loader: "css", resolveDir: dirname(path) };
    });
  },
};

// The chunks that the page bundle imports as it starts, for the build to name in each page's head
// (<link rel="modulepreload">, site_src/plugin.py): the browser then fetches them as the page's
// HTML comes, not once it has parsed ember.js, after the whole page. And, for each component that
// a page loads later (import() in js/main.js, by its source path under js/), the chunks its code
// is made of but for those, which the page fetches ahead of running it (js/prefetch.js).
const PRELOADS = "build/bundle/ember.preload.json";
const LAZY = "build/bundle/ember.lazy.json";
const preloads = {
  name: "preloads",
  setup(build) {
    build.onEnd(({ metafile }) => {
      if (!metafile) return; // the build failed, and said why
      /** The chunks that output imports statically, with theirs, added to found. */
      const closure = (output, found = new Set()) => {
        for (const { path, kind } of metafile.outputs[output]?.imports ?? []) {
          if (kind === "import-statement" && !found.has(path)) {
            found.add(path);
            closure(path, found);
          }
        }
        return found;
      };
      const named = (paths) => [...paths].map((path) => relative("build/bundle", path)).sort();
      const atStart = closure("build/bundle/ember.js");
      writeFileSync(PRELOADS, JSON.stringify(named(atStart)));
      const later = (path) => [...closure(path, new Set([path]))].filter((chunk) => !atStart.has(chunk));
      const lazy = metafile.outputs["build/bundle/ember.js"].imports.filter(({ kind }) => kind === "dynamic-import")
        .map(({ path }) => [relative("js", metafile.outputs[path].entryPoint), named(later(path))]);
      writeFileSync(LAZY, JSON.stringify(Object.fromEntries(lazy)));
    });
  },
};

// Pyodide's files are served under their version (site_src/plugin.py), so that a cache may keep
// them for good.
const PYODIDE_VERSION = JSON.parse(readFileSync("node_modules/pyodide/package.json", "utf8")).version;

const options = {
  entryPoints: {
    ember: "js/main.js", "layout-worker": "js/graph/layout-worker.js",
    "katex-fonts": "ember:katex-fonts",
  },
  outdir: "build/bundle",
  bundle: true,
  format: "esm",
  // A page loads only the chunks of its components (js/main.js), and the workers share theirs.
  // Chunks sit beside the entry points, so that new URL("./layout-worker.js", import.meta.url) finds them.
  splitting: true,
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  legalComments: "external",
  // KaTeX's fonts, woff2 only (katexFonts).
  loader: { ".woff2": "file" },
  assetNames: "fonts/[name]",
  logLevel: "warning",
  plugins: [validators, katexFonts, preloads],
  metafile: true,
  define: { PYODIDE_VERSION: JSON.stringify(PYODIDE_VERSION) },
};

// The Python worker, whole, with no chunks, as a classic script: the page sends its text to the
// sandbox frame, which starts it from a blob URL (js/runtime/sandbox.js), from where no chunk of
// the site can be imported, and where Chromium loads no module worker.
const pythonWorker = {
  entryPoints: { worker: "js/runtime/worker.js" }, outdir: "build/bundle", bundle: true, format: "iife", target: "es2022",
  minify: true, logLevel: "warning", // and no source map, which a blob URL's worker could not find
};

const classic = {
  entryPoints: { stay: "js/stay.js", onscreen: "js/onscreen.js", register: "js/offline/register.js", sw: "js/offline/sw.js" },
  outdir: "build/bundle", bundle: true, format: "iife", target: "es2022", minify: true, logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' }, // Workbox without its development logging
};

if (process.argv.includes("--watch")) {
  // Rebuilt in place: mkdocs serve, started alongside, needs the files there all along.
  for (const build of [options, pythonWorker, classic]) await (await esbuild.context(build)).watch();
} else {
  rmSync(options.outdir, { recursive: true, force: true }); // no files of older builds
  await Promise.all([esbuild.build(options), esbuild.build(pythonWorker), esbuild.build(classic)]);
}
