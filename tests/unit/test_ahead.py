"""site_src/ahead.py: the runs a cold build makes before it formats the pages."""

from site_src import ahead


def test_the_build_runs_ahead_each_cell_figure_and_plot_but_those_it_only_compiles():
    text = ('```python cell\nprint(1)\n```\n\n```python cell build="compile"\nprint(2)\n```\n\n'
            '```python plot id="p" time_limit="90"\nimport hx\n```\n\n```yaml quiz\nquestion: q\n```\n')
    runs = ahead.page_runs(text, "docs/x.md", None)
    assert [(run.line, run.source, run.timeout) for run in runs] == [(1, "print(1)", 20), (9, "import hx", 90)]
