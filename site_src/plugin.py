"""The ``ember`` MkDocs plugin: live cells in the lessons, and the browser runtime in the site.

It registers the ``python cell`` fence with pymdownx.superfences, and adds to the built site:

- ``assets/pyodide/``: Pyodide's core files, copied from the npm package ``pyodide``;
- ``assets/ember/``: the page bundle and the worker, built by esbuild from ``js/``;
- ``assets/ember/python.json``: the Python files the worker writes into Pyodide's file system
  (the ``ember`` package and ``site_src/runtime``), as ``{"relative/path.py": text}``.
"""

import functools
import json
import mimetypes
import os
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from site_src.execute import write_lib
from site_src.fences import PageContext
from site_src.fences import cell

RUNTIME_DIR = Path(__file__).parent / "runtime"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
BUNDLE_SCRIPT = "assets/ember/ember.js"
BUNDLE_STYLE = "assets/ember/ember.css"


class EmberConfig(base.Config):
    """Options of the plugin; paths are relative to mkdocs.yml."""

    ember_root = c.Type(str, default=".")
    """The folder that holds the ``ember`` package."""
    pyodide_dir = c.Type(str, default="node_modules/pyodide")
    """The installed npm package ``pyodide``."""
    bundle_dir = c.Type(str, default="build/bundle")
    """esbuild's output folder (``npm run build``)."""


class EmberPlugin(BasePlugin[EmberConfig]):
    """Runs the lessons' cells at build time and ships the browser runtime with the site."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Register the fences, the bundle's script and style, and the MIME types Pyodide needs."""
        root = Path(config.config_file_path).parent
        self.ember_root = (root / self.config.ember_root).resolve()
        self.pyodide_dir = (root / self.config.pyodide_dir).resolve()
        self.bundle_dir = (root / self.config.bundle_dir).resolve()
        self.repo_root = root.resolve()
        self.lib_root = self.repo_root / "build" / "python"
        self.page: PageContext | None = None

        if "pymdownx.superfences" not in config.markdown_extensions:
            raise PluginError("the ember plugin needs pymdownx.superfences in markdown_extensions")
        fences = config.mdx_configs.setdefault("pymdownx.superfences", {})
        fences.setdefault("custom_fences", []).append({
            "name": "python",
            "class": "ember-cell",
            "validator": cell.validate,
            "format": functools.partial(self._format, cell.format_cell),
        })
        config.extra_css.append(BUNDLE_STYLE)
        config.extra_javascript.append(c.ExtraScriptValue(BUNDLE_SCRIPT))
        config.extra_javascript[-1].type = "module"
        # A bare machine's mimetypes may not know these; module scripts and wasm need them.
        mimetypes.add_type("text/javascript", ".mjs")
        mimetypes.add_type("application/wasm", ".wasm")
        return config

    def _format(self, formatter, *args, **kwargs) -> str:
        """Call a fence's formatter with the page it is on."""
        return formatter(*args, page=self.page, **kwargs)

    def on_pre_build(self, config: MkDocsConfig) -> None:
        """Write the Python files the browser gets into build/python, where cells run."""
        self.python = self.python_files()
        write_lib(self.python, self.lib_root)

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Note the page whose fences are about to be formatted, and check its cell openers."""
        src = os.path.relpath(page.file.abs_src_path or page.file.src_uri, self.repo_root)
        self.page = PageContext(Path(src).as_posix(), page.file.content_string, self.lib_root)
        cell.check_openers(self.page)
        return markdown

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Add Pyodide, the bundle and the Python files to the site."""
        missing = [self.pyodide_dir / name for name in PYODIDE_FILES
                   if not (self.pyodide_dir / name).is_file()]
        if missing or not (self.bundle_dir / "ember.js").is_file():
            absent = missing[0] if missing else self.bundle_dir / "ember.js"
            raise PluginError(f"{absent} is missing: run `make setup` (npm ci, then npm run build)")
        for name in PYODIDE_FILES:
            files.append(File.generated(config, f"assets/pyodide/{name}",
                                        abs_src_path=str(self.pyodide_dir / name)))
        for path in sorted(self.bundle_dir.rglob("*")):
            if path.is_file():
                uri = f"assets/ember/{path.relative_to(self.bundle_dir).as_posix()}"
                files.append(File.generated(config, uri, abs_src_path=str(path)))
        files.append(File.generated(config, "assets/ember/python.json",
                                    content=json.dumps(self.python)))
        return files

    def python_files(self) -> dict[str, str]:
        """The files the worker writes into Pyodide: ``{"ember/scalar.py": text, ...}``."""
        sources = {path.relative_to(self.ember_root).as_posix(): path
                   for path in (self.ember_root / "ember").rglob("*.py")}
        sources.update({path.name: path for path in RUNTIME_DIR.glob("*.py")
                        if path.name != "__init__.py"})
        return {name: path.read_text(encoding="utf-8") for name, path in sorted(sources.items())}

    def on_serve(self, server, config: MkDocsConfig, builder):
        """Rebuild when ember, the runtime or the bundle changes, not only the docs."""
        for path in (self.ember_root / "ember", RUNTIME_DIR, self.bundle_dir):
            server.watch(str(path))
        return server
