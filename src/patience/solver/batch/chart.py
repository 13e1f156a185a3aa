"""An SVG chart of many solved deals, drawn by hand (no plotting library).

The top bar shows the share of won, proven unwinnable and unknown deals; below, a histogram of
the time per deal on a logarithmic scale, each bar split by outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from patience.solver.batch.stats import OUTCOMES, DealRecord

COLOURS = {"won": "#2e7d32", "unwinnable": "#c62828", "unknown": "#9e9e9e"}
WIDTH, LEFT, BAR_TOP, BAR_HEIGHT = 640, 60, 40, 28
HIST_TOP, HIST_HEIGHT = 110, 200
BUCKETS = [10.0**e for e in (-4, -3.5, -3, -2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5)]


def _bucket(seconds: float) -> int:
    for i, edge in enumerate(BUCKETS[1:]):
        if seconds < edge:
            return i
    return len(BUCKETS) - 1


def _label(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:.2g}ms"
    return f"{seconds:.2g}s"


def svg_chart(title: str, records: Sequence[DealRecord]) -> str:
    """The chart as an SVG document."""
    n = max(1, len(records))
    span = WIDTH - LEFT - 20
    height = HIST_TOP + HIST_HEIGHT + 50
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<text x="{LEFT}" y="20" font-size="14">{escape(title)}</text>',
    ]
    x = float(LEFT)
    for name in OUTCOMES:
        share = sum(1 for r in records if r.outcome == name) / n
        if share:
            w = share * span
            out.append(
                f'<rect x="{x:.1f}" y="{BAR_TOP}" width="{w:.1f}" height="{BAR_HEIGHT}" '
                f'fill="{COLOURS[name]}"><title>{name}: {share:.1%}</title></rect>'
            )
            if w > 70:
                out.append(
                    f'<text x="{x + 4:.1f}" y="{BAR_TOP + 18}" fill="white">'
                    f"{name} {share:.1%}</text>"
                )
            x += w
    counts = [dict.fromkeys(OUTCOMES, 0) for _ in BUCKETS]
    for r in records:
        counts[_bucket(r.seconds)][r.outcome] += 1
    tallest = max(1, max(sum(c.values()) for c in counts))
    step = span / len(BUCKETS)
    base = HIST_TOP + HIST_HEIGHT
    for i, bucket in enumerate(counts):
        y = float(base)
        for name in OUTCOMES:
            h = bucket[name] / tallest * HIST_HEIGHT
            if h:
                y -= h
                out.append(
                    f'<rect x="{LEFT + i * step + 2:.1f}" y="{y:.1f}" width="{step - 4:.1f}" '
                    f'height="{h:.1f}" fill="{COLOURS[name]}"><title>{name}: {bucket[name]}'
                    "</title></rect>"
                )
        out.append(
            f'<text x="{LEFT + i * step + step / 2:.1f}" y="{base + 16}" '
            f'text-anchor="middle" font-size="10">{_label(BUCKETS[i])}</text>'
        )
    out.append(
        f'<text x="{LEFT}" y="{base + 36}">time per deal (log scale), deals: {len(records)}; '
        "the solver sees every card</text>"
    )
    out.append(f'<text x="{LEFT - 6}" y="{HIST_TOP + 10}" text-anchor="end">{tallest}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
