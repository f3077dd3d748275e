"""make bench: ember's speed, each figure a ratio against a baseline measured in the same run.

``python -m bench`` prints one table: the figure, its time, the baseline's time, the ratio, the
goal, and whether it was met. It always exits 0 when it could measure; the table is the result.
"""
