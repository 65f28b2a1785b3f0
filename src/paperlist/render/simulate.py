"""A screening replay as text (metrics and a recall curve drawn in characters) or JSON (pure)."""

from __future__ import annotations

from typing import NamedTuple

from paperlist.rank.simulate import EARLY_SHARE, RECALL_TARGET, Simulation
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.render.textfmt import Style, table, to_json

MODEL = ("TF-IDF over words and word pairs of title, abstract, keywords and venue; relevance = likeness to the "
         "included records less half the likeness to the excluded ones (the model of triage --db)")
PLOT_HEIGHT = 8
PLOT_MAX_WIDTH = 60


class SimulationReport(NamedTuple):
    """One replay and where it came from."""

    path: str
    label: str
    simulation: Simulation


def _found_after(simulation: Simulation) -> list[int]:
    """How many relevant records were found after reading 0, 1, 2, ... of the non-prior records."""
    found = [0]
    for doc in simulation.order:
        found.append(found[-1] + simulation.labels[doc])
    return found


def recall_plot(simulation: Simulation, found: list[int], width: int, height: int = PLOT_HEIGHT) -> list[str]:
    """Relevant found (``found``: after each record read) against records read, ``*`` for this order and ``.``
    for reading in random order."""
    records, relevant = simulation.metrics.records, simulation.metrics.relevant
    top = str(relevant)
    columns = max(1, min(PLOT_MAX_WIDTH, width - len(top) - 3, records))
    cells = [[" "] * columns for _ in range(height)]
    for column in range(columns):
        read = round((column + 1) * records / columns)
        got = found[min(read, len(found) - 1)]
        expected = read / records * relevant if records else 0
        row = round(got / relevant * (height - 1)) if relevant else 0
        chance = round(expected / relevant * (height - 1)) if relevant else 0
        cells[chance][column] = "."
        cells[row][column] = "*"
    pad = " " * len(top)
    lines = []
    for row in range(height - 1, -1, -1):
        label = top if row == height - 1 else "0".rjust(len(top)) if row == 0 else pad
        lines.append(f"{label} |{''.join(cells[row]).rstrip()}")
    end = f"{records:,}"
    lines.append(f"{pad} +{'-' * columns}")
    lines.append(f"{pad}  0{end.rjust(columns - 1)}")
    return lines


def render_simulation_text(report: SimulationReport, style: Style) -> str:
    sim, m = report.simulation, report.simulation.metrics
    early = int(EARLY_SHARE * m.records)
    found = _found_after(sim)
    head = (f"{terminal_safe(report.path)}: {len(sim.ids):,} records, {sum(sim.labels):,} included "
            f"(labels: {terminal_safe(report.label)}); priors (read first): "
            + ", ".join(terminal_safe(sim.ids[d]) for d in sim.priors)
            + f"; the other {m.records:,} read in the order the model ranks them, relearnt after each")
    rows = [
        ["WSS@95", f"{m.wss95:.3f}", f"work saved at {RECALL_TARGET:.0%} recall"],
        [f"recall@{EARLY_SHARE:.0%}", f"{m.recall_at_10:.3f}",
         f"{found[min(early, len(found) - 1)]} of {m.relevant} in the first {early:,}"],
        [f"read for {RECALL_TARGET:.0%}", f"{m.read_for_95:,}", f"of {m.records:,} records"],
        ["read for all", f"{m.read_for_all:,}", f"of {m.records:,} records"],
    ]
    lines = [*wrap(head, style.width), "", *("  " + line for line in table(rows, right=[1])), "",
             *wrap("included found by records read (* this order, . random order):", style.width),
             *recall_plot(sim, found, style.width), "", *wrap(f"model: {MODEL}", style.width)]
    return "\n".join(lines) + "\n"


def render_simulation_json(report: SimulationReport, style: Style) -> str:
    sim, m = report.simulation, report.simulation.metrics
    return to_json({
        "file": report.path, "label": report.label, "records": len(sim.ids), "included": sum(sim.labels),
        "priors": [sim.ids[d] for d in sim.priors],
        "metrics": {"records": m.records, "included": m.relevant, "wss95": round(m.wss95, 4),
                    "recall_at_10": round(m.recall_at_10, 4), "read_for_95": m.read_for_95,
                    "read_for_all": m.read_for_all},
        "order": [sim.ids[d] for d in sim.order],
        "model": MODEL,
    })


SIMULATION_RENDERERS = {"text": render_simulation_text, "json": render_simulation_json}
