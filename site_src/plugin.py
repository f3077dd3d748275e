"""The ``ember`` MkDocs plugin: live cells and labs in the lessons, and the browser runtime.

It registers the fences (site_src/fences/registry.py) with pymdownx.superfences, refuses a
course that breaks the lab invariants (site_src/course.py) or the front-matter rules
(site_src/frame.py), frames each lesson with its header and footer, and adds to the built site:

- ``assets/pyodide/<version>/``: Pyodide's core files, copied from the npm package ``pyodide``;
- ``assets/ember/``: the page bundle and the worker, built by esbuild from ``js/``;
- ``assets/ember/python.json``: the runtime's Python files (``site_src/runtime``), which the
  worker writes into Pyodide's file system, as ``{"name.py": text}``;
- on each lesson page, a ``<template id="ember-lesson">`` with ember as the lesson starts, as
  text and gap slots, and the earlier labs' checks, from which the page builds the learner's
  ember and sends it to the worker with every run. Solutions of the lesson's own gaps are
  never in the page.

- ``sw.js``: the service worker, which keeps the site for offline use and adds COOP and COEP
  where the host cannot (site_src/offline.py, js/offline/); and ``_headers``, for hosts that read
  their headers from a file;
- on every page, ``<meta name="ember-course">``: the course's id, for the learner's saved
  progress; at the top of the head, ``register.js``, which registers the service worker,
  ``stay.js``, which keeps moves within a page from reloading it, and ``onscreen.js``, which lets
  a page opened afresh lay out what is near the screen first;
- on a page whose front matter says ``ember: course-map``, the course map;
- on a page whose code shows graphs, ``<template id="ember-layouts">``: their layouts.

Cells on a lesson page run, at build time, on ember as that lesson ends. The graphs they show are
laid out at build time too (site_src/layouts.py), and every page's math is typeset
(site_src/typeset.py). Runs, layouts and typeset math are kept in ``build/cache`` by content
(site_src/kept.py), so an unchanged lesson rebuilds without running anything.
"""

import json
import mimetypes
import os
import re
import shutil
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from site_src import ahead, course, frame, layouts, offline, runtime, typeset
from site_src.execute import CORES, Lib
from site_src.fences import PageContext, figure, json_template, registry
from site_src.gaps import HISTORY, GapError, read_ember

RUNTIME_DIR = Path(__file__).parent / "runtime"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
ISOLATION_HEADERS = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}
"""Headers that make a page cross-origin isolated, so that its worker can share memory with it
(Pyodide's interrupt buffer)."""
SERVICE_WORKER = "sw.js"
"""At the site's root (site_src/offline.py). It adds ISOLATION_HEADERS on a host that cannot send
them (GitHub Pages), and js/offline/register.js then reloads the page once, isolated."""
HEADERS_FILE = "_headers"
"""At the site's root, in the format of the hosts that read such a file (Netlify, Cloudflare
Pages): see headers_file."""
IMMUTABLE = "public, max-age=31536000, immutable"
"""The cache lifetime of files whose path names their version: a year, never checked again."""
BUNDLE_SCRIPT = "assets/ember/ember.js"
BUNDLE_STYLE = "assets/ember/ember.css"
HEAD_SCRIPTS = ("register.js", "stay.js", "onscreen.js")
"""In bundle_dir: the scripts that pages inline at the top of their head (js/offline/register.js,
js/stay.js, js/onscreen.js)."""
PRELOADS = "ember.preload.json"
"""In bundle_dir: the chunks that ember.js imports as it starts, which js/build.mjs lists for each
page's head."""
LAYOUTS = "<!-- ember-layouts -->"
"""Where a page's layouts go (PageLayouts.template), once laid out: on_page_content leaves it, and
on_post_page replaces it."""
MATH = 'class="katex"'
"""In a page that shows math: KaTeX's HTML of a formula (site_src/typeset.py)."""
MATH_FONTS = "assets/ember/katex-fonts.css"
"""KaTeX's font faces (js/build.mjs), which a page with math links in its head."""
FIRST_FONTS = ("KaTeX_Main-Regular", "KaTeX_Math-Italic")
"""The fonts of nearly every formula, which a page with math fetches as its head is read."""
MATERIAL_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"(?=>)')
"""The tag of Material's bundle script, at the end of the page's body, without its closing ">"."""


class EmberConfig(base.Config):
    """Options of the plugin; paths are relative to mkdocs.yml."""

    ember_root = c.Type(str, default=".")
    """The folder that holds the ``ember`` package."""
    pyodide_dir = c.Type(str, default="node_modules/pyodide")
    """The installed npm package ``pyodide``."""
    bundle_dir = c.Type(str, default="build/bundle")
    """esbuild's output folder (``npm run build``)."""
    course_file = c.Type(str, default="docs/course.yml")
    """The course's parts and planned lessons (site_src/frame.py)."""
    cross_origin_isolation = c.Type(bool, default=True)
    """Whether ``mkdocs serve`` sends COOP and COEP, so that Stop interrupts Python instead of
    restarting it. A static host must send them itself (docs/authoring.md, "Publishing the
    course")."""
    cache_dir = c.Type(str, default="build/cache")
    """Where the build keeps runs (``runs/``), graph layouts (``layouts/``) and typeset math
    (``math/``) by content, so that an unchanged lesson costs nothing to rebuild. Delete it at will."""
    course_id = c.Type(str, default="ember")
    """Names the course in the learner's saved progress: two courses on one host keep theirs apart."""


class EmberPlugin(BasePlugin[EmberConfig]):
    """Runs the lessons' cells at build time and ships the browser runtime with the site."""

    serving = False
    """Whether this is mkdocs serve (on_startup), whose pages register no service worker."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Register the fences, the bundle's script and style, and the MIME types Pyodide needs."""
        root = Path(config.config_file_path).parent
        self.ember_root = (root / self.config.ember_root).resolve()
        self.pyodide_dir = (root / self.config.pyodide_dir).resolve()
        self.bundle_dir = (root / self.config.bundle_dir).resolve()
        self.repo_root = root.resolve()
        self.docs_dir = Path(config.docs_dir).resolve()
        self.cache = (root / self.config.cache_dir).resolve()
        self.page: PageContext | None = None
        self.pyodide_url = pyodide_url(self.pyodide_dir)

        if "pymdownx.superfences" not in config.markdown_extensions:
            raise PluginError("the ember plugin needs pymdownx.superfences in markdown_extensions")
        fences = config.mdx_configs.setdefault("pymdownx.superfences", {})
        fences.setdefault("custom_fences", []).extend(registry.custom_fences(lambda: self.page))
        config.extra_css.append(BUNDLE_STYLE)
        config.extra_javascript.append(c.ExtraScriptValue(BUNDLE_SCRIPT))
        config.extra_javascript[-1].type = "module"
        # A bare machine's mimetypes may not know these; module scripts and wasm need them.
        mimetypes.add_type("text/javascript", ".mjs")
        mimetypes.add_type("application/wasm", ".wasm")
        return config

    def on_pre_build(self, config: MkDocsConfig) -> None:
        """Read ember and the lessons, and refuse a course that breaks an invariant; run the
        pages' code meanwhile (site_src/ahead.py)."""
        # A folder of this build's own, beside the cache: two builds at once (make serve and make
        # test) must not write each other's snapshots while a run is kept under their digest.
        self.cache.parent.mkdir(parents=True, exist_ok=True)
        self.python_root = Path(tempfile.mkdtemp(prefix="python-", dir=self.cache.parent))
        try:
            self.ember = read_ember(self.ember_root)
        except GapError as exc:
            raise PluginError(str(exc)) from exc
        self.runtime = runtime.files()
        self.lessons = course.read_lessons(self.repo_root, self.docs_dir)
        self.course = frame.read_course(self.repo_root / self.config.course_file, self.lessons, self.repo_root)
        self.libs: dict[int | None, Lib] = {}  # lesson (None: not a lesson): the files its code runs on
        self.laying_out = ThreadPoolExecutor(max_workers=CORES, thread_name_prefix="ember-layouts")
        self.layouts: dict[str, tuple[str, Future]] = {}  # page's file: (its source, its layouts' template)
        # The pages' cells, figures and plots run while the labs' checks do, the longest first;
        # execute.CORES runs at a time in all.
        with ahead.running(ahead.course_runs(self.repo_root, self.docs_dir), self._lib, self.cache / "runs",
                           workers=CORES):
            found = course.problems(self.ember, self.lessons, self.runtime, self.python_root / "checks",
                                    self.cache / "runs")
            if found:
                raise PluginError("the labs break the course's invariants:\n" + "\n".join(found))
            self.lab_data = course.lab_data(self.ember, self.lessons, self.runtime, self.python_root / "checks",
                                            self.cache / "runs")

    def _lib(self, lesson: int | None) -> Lib:
        """The files a lesson's code runs on (None: a page that is not a lesson), read once a
        build: its ember as the lesson ends, and the runtime."""
        if lesson not in self.libs:
            files = course.page_files(self.ember, self.ember_root, lesson, self.runtime)
            folder = f"lesson-{lesson:02d}" if lesson is not None else "finished"
            self.libs[lesson] = Lib(files, self.python_root / folder)
        return self.libs[lesson]

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Note whether this is mkdocs serve."""
        self.serving = command == "serve"

    def on_post_build(self, config: MkDocsConfig) -> None:
        """Write the service worker, with the built site's files; remove this build's snapshots."""
        shutil.rmtree(self.python_root, ignore_errors=True)
        self.laying_out.shutdown()
        offline.write_worker(self.bundle_dir / SERVICE_WORKER, Path(config.site_dir), self.pyodide_url)

    def on_build_error(self, error: Exception) -> None:
        """Remove this build's snapshots."""
        if hasattr(self, "python_root"):
            shutil.rmtree(self.python_root, ignore_errors=True)
        if hasattr(self, "laying_out"):
            self.laying_out.shutdown(cancel_futures=True)

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Set up the page's fences: its lesson, the ember its cells run on; refuse an opener that
        superfences would not read."""
        src = os.path.relpath(page.file.abs_src_path or page.file.src_uri, self.repo_root)
        number = page.meta.get("number")
        lesson = int(number) if number is not None else None
        self.page = PageContext(Path(src).as_posix(), page.file.content_string, self._lib(lesson),
                                lesson, self.ember.template(lesson) if lesson is not None else {},
                                cache=self.cache / "runs", lab_data=self.lab_data)
        registry.check_openers(self.page)
        return markdown

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Frame a lesson with its header and footer, give a page with ``ember: course-map`` in its
        front matter the course map, and typeset the page's math (site_src/typeset.py)."""
        def href(entry: frame.Entry) -> str | None:
            if entry.src_path is None:
                return None
            file = files.get_file_from_path(os.path.relpath(self.repo_root / entry.src_path, self.docs_dir))
            return get_relative_url(file.url, page.url) if file else None

        if page.meta.get("ember") == "course-map":
            html += frame.map_html(self.course, href) + '<div class="ember-progress-tools"></div>'
        if self.page.lesson is not None:
            entry = self.course.lesson(self.page.lesson)
            html = (frame.header_html(self.course, entry, href) + frame.catch_up_html(self.course, entry, href)
                    + html + frame.footer_html(self.course, entry, href, config.repo_url))
        try:
            html = typeset.typeset(html, self.cache / "math")
        except typeset.TypesetError as exc:
            raise PluginError(f"{self.page.src_path}: {exc}") from exc
        # Node lays out the page's graphs while the next pages are read; on_post_page puts them in.
        self.layouts[page.file.src_uri] = (self.page.src_path, self.laying_out.submit(
            layouts.page_layouts, self.page.graphs, self.cache / "layouts"))
        return html + self._lesson_data(whole_course=page.meta.get("ember") == "course-map") + LAYOUTS

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Put in the layouts of the page's graphs, and each figure's drawn size; defer Material's
        bundle script; name the course in each page's head, for the keys of the learner's saved
        progress, the chunks ember.js imports as it starts (modulepreload), and on a page with math
        KaTeX's fonts; at the top of the head, inline register.js, with the service worker's URL except under mkdocs serve, stay.js
        and onscreen.js."""
        src_path, laid_out = self.layouts.pop(page.file.src_uri)
        try:
            laid = laid_out.result()
        except layouts.LayoutError as exc:
            raise PluginError(f"{src_path}: {exc}") from exc
        before, marked, after = output.rpartition(LAYOUTS)  # the last: a page's text may quote it
        output = figure.sized(before + laid.template + after if marked else output, laid.sizes)
        # Deferred, Material's bundle runs once the page is parsed, after a first paint of the lesson:
        # run as the parser comes to it, it and the style and layout it asks for (a lesson's first,
        # of the whole page) held the lesson's text back from the screen (Lighthouse's LCP). It runs
        # before ember.js, as before: both wait for the parse, in the page's order.
        output, deferred = MATERIAL_BUNDLE.subn(r"\g<0> defer", output, count=1)
        if not deferred:
            raise PluginError(f"{src_path}: Material's bundle script is not where the ember plugin looks for it")
        preloads = "".join(f'<link rel="modulepreload" href="{get_relative_url(f"assets/ember/{name}", page.url)}">'
                           for name in self.preloads)
        output = output.replace("</head>", f'<meta name="ember-course" content="{self.config.course_id}">{preloads}'
                                f'{_math_fonts(page) if MATH in output else ""}</head>', 1)
        # First: on a host without ISOLATION_HEADERS it reloads the page once, isolated.
        worker = "" if self.serving else f' data-sw="{get_relative_url(SERVICE_WORKER, page.url)}"'
        scripts = (f"<script{worker}>{self.head_scripts['register.js']}</script>"
                   f"<script>{self.head_scripts['stay.js']}</script>"
                   f"<script>{self.head_scripts['onscreen.js']}</script>")
        # Before the stylesheets, which a script would wait for.
        return re.sub(r"<head>(\s*<meta charset=[^>]*>)?", lambda m: m.group(0) + scripts, output, count=1)

    def _lesson_data(self, whole_course: bool = False) -> str:
        """The data from which the page builds the learner's ember: on a lesson, ember as it
        starts; on another page with cells, and with whole_course (the course map, which offers
        the download of it), ember after the last lesson, without solutions."""
        if self.page.lesson is not None:
            data = {"lesson": self.page.lesson, "files": _segments(self.page.template),
                    "earlier": self._earlier_labs(self.page.lesson)}
        elif self.page.cells or whole_course:
            last = max((lesson.number for lesson in self.lessons), default=0)
            template = {path: [segment if isinstance(segment, str) else replace(segment, solution=None)
                               for segment in segments]
                        for path, segments in self.ember.template(last + 1).items()}
            data = {"lesson": None, "files": _segments(template), "earlier": []}
        else:
            return ""
        return json_template(data, 'id="ember-lesson"')

    def _earlier_labs(self, number: int) -> list[dict]:
        """The labs of lessons before number, with their gaps and checks, for catching up."""
        return [{"id": lesson.lab_id(index), "gaps": list(declared.gaps),
                 "checks": [{"title": c.title, "code": c.code} for c in declared.checks]}
                for lesson in self.lessons if lesson.number < number
                for index, declared in enumerate(lesson.labs)]

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Add Pyodide, the bundle, the Python files and ``_headers`` to the site; keep the head
        scripts to inline."""
        bundled = ("ember.js", SERVICE_WORKER, PRELOADS, *HEAD_SCRIPTS)
        missing = [path for path in [*(self.pyodide_dir / name for name in PYODIDE_FILES),
                                     *(self.bundle_dir / name for name in bundled)]
                   if not path.is_file()]
        if missing:
            raise PluginError(f"{missing[0]} is missing: run `make setup` (npm ci, then npm run build); if "
                              "esbuild printed an error above, fix it first")
        self.head_scripts = {name: (self.bundle_dir / name).read_text(encoding="utf-8").strip()
                             for name in HEAD_SCRIPTS}
        self.preloads = json.loads((self.bundle_dir / PRELOADS).read_text(encoding="utf-8"))
        for name in PYODIDE_FILES:
            files.append(File.generated(config, self.pyodide_url + name,
                                        abs_src_path=str(self.pyodide_dir / name)))
        for path in sorted(self.bundle_dir.rglob("*")):
            if path.is_file() and path.name not in (SERVICE_WORKER, PRELOADS, *HEAD_SCRIPTS):
                uri = f"assets/ember/{path.relative_to(self.bundle_dir).as_posix()}"
                files.append(File.generated(config, uri, abs_src_path=str(path)))
        files.append(File.generated(config, "assets/ember/python.json",
                                    content=json.dumps(self.runtime)))
        files.append(File.generated(config, HEADERS_FILE, content=headers_file(self.pyodide_url)))
        return files

    def on_serve(self, server, config: MkDocsConfig, builder):
        """Rebuild when ember, its history, the runtime or the bundle changes, not only the docs;
        with cross_origin_isolation, send the headers that let Stop interrupt Python."""
        history = self.ember_root / HISTORY
        for path in (self.ember_root / "ember", *([history] if history.is_dir() else []), RUNTIME_DIR, self.bundle_dir):
            server.watch(str(path))
        if self.config.cross_origin_isolation:
            app = server.get_app()

            def isolated(environ, start_response):
                def start(status, headers, exc_info=None):
                    return start_response(status, [*headers, *ISOLATION_HEADERS.items()], exc_info)
                return app(environ, start)

            server.set_app(isolated)
        return server


def headers_file(pyodide_url: str) -> str:
    """The text of HEADERS_FILE: ISOLATION_HEADERS for every path; Pyodide's files, which sit
    under their version (pyodide_url), cached for a year as immutable; and the service worker
    checked on every load, so that a new deploy reaches the learner. Other files keep the host's
    default, which checks them: their names do not change when they do. Each header is set by
    one rule only, as hosts join the values of rules that both match."""
    rules = {"/*": ISOLATION_HEADERS, f"/{pyodide_url}*": {"Cache-Control": IMMUTABLE},
             f"/{SERVICE_WORKER}": {"Cache-Control": "no-cache"}}
    return "".join(f"{path}\n" + "".join(f"  {name}: {value}\n" for name, value in headers.items())
                   for path, headers in rules.items())


def pyodide_url(pyodide_dir: Path) -> str:
    """Where the site serves Pyodide's files, under the version of the npm package in pyodide_dir,
    such as ``assets/pyodide/314.0.7/``; js/build.mjs gives the Python worker the same version."""
    version = json.loads((pyodide_dir / "package.json").read_text(encoding="utf-8"))["version"]
    return f"assets/pyodide/{version}/"


def _segments(template: dict[str, list]) -> dict[str, list]:
    """A template as JSON: text stays text; a slot becomes an object."""
    return {path: [segment if isinstance(segment, str) else {
        "gap": segment.gap, "stub": segment.stub, "solution": segment.solution,
        "marked": segment.marked, "indent": segment.indent} for segment in segments]
        for path, segments in template.items()}


def _math_fonts(page: Page) -> str:
    """The head of a page with math: KaTeX's font faces, so that its formulas are laid out in them
    from the first paint, and the first fonts they need, fetched at once."""
    fonts = "".join(f'<link rel="preload" href="{get_relative_url(f"assets/ember/fonts/{name}.woff2", page.url)}" '
                    'as="font" type="font/woff2" crossorigin>' for name in FIRST_FONTS)
    return f'{fonts}<link rel="stylesheet" href="{get_relative_url(MATH_FONTS, page.url)}">'
