// Bundle js/ into build/bundle with esbuild: the page bundle (ember.js + ember.css), the Python
// worker (worker.js) and the graph layout worker (layout-worker.js, with Graphviz).
// `node js/build.mjs --watch` rebuilds on every change.
import { rmSync } from "node:fs";
import * as esbuild from "esbuild";

const options = {
  entryPoints: { ember: "js/main.js", worker: "js/runtime/worker.js", "layout-worker": "js/graph/layout-worker.js" },
  outdir: "build/bundle",
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  legalComments: "external",
  // KaTeX's stylesheet points at its fonts; only the woff2 files are ever fetched.
  loader: { ".woff2": "file", ".woff": "empty", ".ttf": "empty" },
  assetNames: "fonts/[name]",
  logLevel: "warning",
};

rmSync(options.outdir, { recursive: true, force: true }); // no chunks of older builds

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
