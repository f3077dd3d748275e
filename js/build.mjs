// Bundle js/ into build/bundle with esbuild: the page bundle (ember.js + ember.css) and the
// worker (worker.js). `node js/build.mjs --watch` rebuilds on every change.
import { rmSync } from "node:fs";
import * as esbuild from "esbuild";

const options = {
  entryPoints: { ember: "js/main.js", worker: "js/runtime/worker.js" },
  outdir: "build/bundle",
  bundle: true,
  format: "esm",
  splitting: true, // the graph layout (Graphviz) is a chunk of its own, loaded when needed
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  legalComments: "external",
  // KaTeX's stylesheet points at its fonts; only the woff2 files are ever fetched.
  loader: { ".woff2": "file", ".woff": "empty", ".ttf": "empty" },
  assetNames: "fonts/[name]",
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
};

rmSync(options.outdir, { recursive: true, force: true }); // no chunks of older builds

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
