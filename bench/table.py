"""A row of make bench's table, and the table as text."""

from dataclasses import dataclass


@dataclass
class Row:
    """One figure: what was measured against its baseline, both in the same run."""

    figure: str
    """Its short name and what it measures, such as "P6 draw 2,001 Values"."""
    value: float
    baseline: float
    baseline_name: str
    goal: str
    met: bool
    unit: str = "ms"
    """Written after the value and the baseline; "" for a count or a score."""
    places: int = 0
    """Decimal places the value and the baseline are written with."""

    @property
    def ratio(self) -> str:
        """value / baseline, as text; "–" when the baseline is 0."""
        return f"{self.value / self.baseline:.2f} ×" if self.baseline else "–"


def render(rows: list[Row]) -> str:
    """The rows as a Markdown table: figure, value, baseline, ratio, goal, met."""
    lines = ["| Figure | Value | Baseline | Ratio | Goal | Met |", "|---|---:|---|---:|---|---|"]
    for row in rows:
        unit = f" {row.unit}" if row.unit else ""
        lines.append(
            f"| {row.figure} | {row.value:,.{row.places}f}{unit} | {row.baseline_name}: "
            f"{row.baseline:,.{row.places}f}{unit} | {row.ratio} | {row.goal} | "
            f"{'yes' if row.met else '**no**'} |"
        )
    return "\n".join(lines)
