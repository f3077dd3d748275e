"""Python modules that the build uses and that the worker copies into Pyodide's file system.

Each module here uses only the standard library, so it runs the same under CPython and Pyodide.
"""
