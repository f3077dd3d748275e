"""Run every figure of make bench and print the table."""

import platform
import os

from bench import graphs
from bench.browser import bench
from bench.table import render


def main() -> None:
    with bench() as b:
        rows = graphs.figures(b)
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()}\n")
    print(render(rows))


if __name__ == "__main__":
    main()
