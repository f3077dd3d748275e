"""site_src: the Python that turns the lessons in docs/ into live pages.

Modules:
    plugin: the MkDocs plugin; registers the fences and adds the browser runtime to the site.
    fences: one module per Markdown fence (cell, ...), each turning a fence into HTML.
    execute: runs a cell under CPython at build time and records its output.
    runtime: Python that runs both at build time and inside Pyodide in the browser.
"""
