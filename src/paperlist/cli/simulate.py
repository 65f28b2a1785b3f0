"""The simulate command: replay a labelled file with the model that orders triage --db."""

from __future__ import annotations

from paperlist.cli.errors import EXIT_OK, UsageError
from paperlist.cli.options import SimulateOptions
from paperlist.cli.pipeline import Context
from paperlist.inputs.files import decode_bytes, read_bytes
from paperlist.rank.features import document
from paperlist.rank.simulate import simulate
from paperlist.readers.labelled import LabelledError, parse_labelled
from paperlist.render.simulate import SIMULATION_RENDERERS, SimulationReport

Outcome = tuple[int, str]  # the exit code and the text for stdout


def run_simulate(options: SimulateOptions, context: Context) -> Outcome:
    """Replay a labelled file with the model triage --db ranks by."""
    source = read_bytes(options.path, context.stdin)
    if source.error:
        raise UsageError(f"{options.path}: {source.error}")
    decoded = decode_bytes(source.data, source.path) if source.data is not None else source
    if decoded.text is None:
        problem = next((d.message for d in source.warnings + decoded.warnings), "cannot be read")
        raise UsageError(f"{options.path}: {problem.removesuffix('; skipped')}")
    try:
        labelled = parse_labelled(decoded.text, source.path, options.label)
    except LabelledError as exc:
        raise UsageError(str(exc)) from None
    priors = None
    if options.priors:
        number = {record_id: n for n, record_id in enumerate(labelled.ids)}
        unknown = [p for p in options.priors if p not in number]
        if unknown:
            raise UsageError(f"--prior {unknown[0]}: no record in {source.path} has this id (ids come from its "
                             "id or record_id column, else they are the records' numbers from 1)")
        priors = list(dict.fromkeys(number[p] for p in options.priors))
    texts = [document(*parts) for parts in labelled.parts]
    result = simulate(labelled.ids, texts, labelled.labels, priors)
    if not result.metrics.relevant:
        raise UsageError(f"every included record of {source.path} is a prior: nothing is left to find")
    report = SimulationReport(source.path, labelled.label, result)
    return EXIT_OK, SIMULATION_RENDERERS[options.format](report, context.style)
