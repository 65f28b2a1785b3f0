"""Names the command line needs before it knows the command: no imports, so `--help` starts fast."""

# From the tightest to the loosest evidence; a group's kind is its loosest link.
KIND_ORDER: dict[str, int] = {"exact": 0, "truncation": 1, "identifier": 2, "title": 3, "near": 4}

FORMATS = ("text", "email", "mbox", "bibtex", "ris", "csv", "tsv", "jsonl")
EXTENSIONS = {".txt": "text", ".text": "text", ".eml": "email", ".mbox": "mbox", ".mbx": "mbox",
              ".bib": "bibtex", ".bibtex": "bibtex", ".ris": "ris", ".csv": "csv", ".tsv": "tsv", ".tab": "tsv",
              ".jsonl": "jsonl", ".ndjson": "jsonl"}

EXIT_OK, EXIT_FOUND, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 130


class UsageError(Exception):
    """A bad option value, rules file or decisions file: one message, exit 2."""
