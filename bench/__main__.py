"""Run every figure of make bench and print the table."""

import os
import platform

from bench import graphs, runtime
from bench.browser import bench
from bench.table import render


def main() -> None:
    with bench() as b:
        rows = graphs.figures(b) + runtime.figures(b)
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}\n")
    print(render(rows))


if __name__ == "__main__":
    main()
