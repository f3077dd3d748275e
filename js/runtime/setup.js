// Where the worker puts the Python files, and the Python it runs once they are there: shared by
// js/runtime/worker.js and the test that stops the real Pyodide (tests/js/interrupt.test.mjs).

export const LIB = "/home/pyodide/lib";

// Recursion through C code (a __repr__ that calls repr(self)) overflows the browser's stack near
// 600 Python frames, which kills Pyodide; at 400 it is a RecursionError instead, and guards.py
// refuses a higher limit. The runtime's modules are imported here, so that a memory snapshot holds
// them. Stop's interrupt is heeded once, inside the learner's code only (interrupts.py).
export const SETUP = `import sys
if ${JSON.stringify(LIB)} not in sys.path: sys.path.insert(0, ${JSON.stringify(LIB)})
sys.setrecursionlimit(400)
import blame, cellrun, checks, guards, interrupts, tamper
interrupts.install()
guards.install()`;
