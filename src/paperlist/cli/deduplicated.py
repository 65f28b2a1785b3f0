"""``dupes --write-deduplicated``: the input files again, minus the copies papers do not keep."""

from __future__ import annotations

import os

from paperlist.cli.errors import UsageError
from paperlist.cli.options import Grouping as GroupingOptions
from paperlist.cli.pipeline import Context, Gathered
from paperlist.cli.writing import check_output, write_whole
from paperlist.inputs.files import decode_bytes, read_bytes
from paperlist.readers.bibtex import entry_spans
from paperlist.readers.endnote import record_spans as endnote_spans
from paperlist.readers.medline import record_spans as medline_spans
from paperlist.readers.ovid import record_spans as ovid_spans
from paperlist.readers.pubmed_xml import record_spans as pubmed_spans
from paperlist.readers.records import first_line
from paperlist.readers.refer import record_spans as refer_spans
from paperlist.readers.refworks import record_spans as refworks_spans
from paperlist.readers.ris import record_spans as ris_spans
from paperlist.readers.wos import header_and_end
from paperlist.readers.wos import record_spans as wos_spans
from paperlist.readers.table import row_spans
from paperlist.render.references import render_bibtex, render_ris
from paperlist.render.terminal import terminal_safe
from paperlist.render.textfmt import plural
from paperlist.reports.deduplicated import RAW_FORMATS, Source, settled_drops, without_copies

# Where each record of a format lies in a file's text, by the line its reader reports for it.
_SPANS = {"ris": ris_spans, "bibtex": entry_spans, "enw": refer_spans, "medline": medline_spans, "ovid": ovid_spans}
_XML_SPANS = {"pubmed-xml": pubmed_spans, "endnote": endnote_spans}
# What an output file's name says it should hold.
_EXTENSION_FORMATS = {".ris": ("ris",), ".bib": ("bibtex",), ".bibtex": ("bibtex",), ".csv": ("csv",),
                      ".tsv": ("csv",), ".enw": ("enw",), ".nbib": ("medline",), ".medline": ("medline",),
                      ".xml": ("pubmed-xml", "endnote")}


def write_deduplicated(out: str, g: Gathered, grouping: GroupingOptions, context: Context,
                       kept: tuple[tuple[str, str], ...]) -> None:
    """The input records minus the copies papers do not keep, to ``out``: the input's own text when every input is
    one RIS, BibTeX, CSV, EndNote tagged, MEDLINE, Ovid, Web of Science, RefWorks, PubMed XML or EndNote XML
    format (an XML document read whole), else one RIS or BibTeX entry per paper. ``kept``: the files besides the
    inputs that the copy may not replace (the decisions file), each with what it is."""
    if g.marks is not None:
        raise UsageError("--write-deduplicated copies input files: give PATHs, not a collection (--db)")
    check_output(out, g.loaded.files, kept, option="--write-deduplicated", written="the copy")
    wanted = _EXTENSION_FORMATS.get(os.path.splitext(out)[1].lower(), ())
    of_file = {f: [rl for rl in g.loaded.lists if rl.path == f or rl.path.startswith(f + "#")] for f in g.loaded.files}
    formats = {rl.source for rl in g.loaded.lists}
    copyable = (len(formats) == 1 and next(iter(formats)) in RAW_FORMATS and (not wanted or formats <= {*wanted})
                and sum(map(len, of_file.values())) == len(g.loaded.lists))
    files = [f for f in g.loaded.files if of_file[f]] if copyable else []
    sources = [_source(f, of_file[f][0].source) for f in files]
    if copyable and None not in sources and _one_header(sources):
        dropped, later = settled_drops(g.grouping.papers, grouping.threshold, grouping.min_words,
                                       grouping.not_duplicates)
        result = without_copies(sources, dropped)  # type: ignore[arg-type]
        settled = (f"; {later} of them found once the copies that kept their papers apart were left out"
                   if later else "")
        text, what = result.text, (f"{result.records - result.dropped} of {plural(result.records, 'record')} "
                                   f"({plural(result.dropped, 'duplicate copy', 'duplicate copies')} left out"
                                   f"{settled})")
    elif wanted in (("ris",), ("bibtex",)):
        render = render_ris if wanted == ("ris",) else render_bibtex
        text = render(g.grouping.papers, g.seeds)
        kind = "RIS" if render is render_ris else "BibTeX"
        what = f"{plural(len(g.grouping.papers), 'paper')}, one {kind} entry each"
    elif damaged := [f for f, s in zip(files, sources) if s is None and next(iter(formats)) in _XML_SPANS]:
        raise UsageError(f"--write-deduplicated {out}: {damaged[0]} is not well-formed XML, so its records cannot be "
                         "cut out of it as written; name OUT .ris or .bib for one entry per paper")
    else:
        kinds = ", ".join(sorted(formats)) or "no records"
        raise UsageError(f"--write-deduplicated {out}: the inputs are {kinds}, which cannot be copied record for "
                         "record; name OUT .ris or .bib for one entry per paper")
    problem = write_whole(out, text)
    if problem is not None:
        raise UsageError(f"writing {out}: {problem}")
    context.stderr.write(f"wrote {terminal_safe(out)}: {what}\n")


def _source(path: str, fmt: str) -> Source | None:
    """An input read again as text with where its records lie, for copying them; None when it can no longer be
    read."""
    data = read_bytes(path).data
    text = decode_bytes(data, path).text if data is not None else None
    if text is None:
        return None
    if fmt == "csv":
        header_end, spans = row_spans(text, "\t" if path.lower().endswith(".tsv") else ",")
        return Source(path, text, fmt, spans, header_end)
    if fmt == "wos":
        header_end, closing = header_and_end(text)
        return Source(path, text, fmt, wos_spans(text, header_end), header_end, closing)
    if fmt == "refworks":
        header_end, spans = refworks_spans(text)
        return Source(path, text, fmt, spans, header_end)
    if fmt in _XML_SPANS:
        found = _XML_SPANS[fmt](text)
        return Source(path, text, fmt, found.spans, found.header_end, found.closing, by_index=True) if found else None
    return Source(path, text, fmt, _SPANS[fmt](text))


def _one_header(sources: list[Source | None]) -> bool:
    """Whether CSV inputs share their header line, so that their rows can follow one another."""
    headers = {first_line(s.text).strip().lstrip("\ufeff") for s in sources if s and s.format == "csv"}
    return len(headers) <= 1
