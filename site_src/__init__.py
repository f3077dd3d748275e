"""site_src: the Python that turns the lessons in docs/ into live pages.

Modules, in the order a build uses them:
    __main__: the command line (``python -m site_src check``, ``serve``).
    preview: ``serve``: mkdocs serve, started again when the plugin's own code changes.
    plugin: the MkDocs plugin; registers the fences and adds the browser runtime to the site.
    gaps: the gaps of ember/ that learners write, and ember as it stands at any lesson.
    course: the lessons, their labs, and the invariants every lab must keep.
    frame: a lesson's header and footer, and the course map.
    fences: one module per Markdown fence, each turning a fence into HTML; registry lists them.
    execute: runs a cell under CPython at build time and records its output.
    layouts: graph layouts made at build time.
    typeset: the math of every page, typeset at build time.
    kept: build results kept by the digest of what decides them (runs, checks, layouts, math).
    node: the page's own scripts run under Node at build time (layouts, math).
    offline: the service worker, with the files it keeps for offline use.
    check: ``python -m site_src check``: every problem of the course found without a browser.
    runtime: Python that runs both at build time and inside Pyodide in the browser.
    theme: Material's templates that the site overrides.
"""
