"""The floor baseline: read the same files and split them into words, nothing else."""

import sys
from pathlib import Path

words = 0
for folder in sys.argv[1:]:
    for path in sorted(Path(folder).rglob("*.txt")):
        words += len(path.read_text(encoding="utf-8").split())
print(words)
