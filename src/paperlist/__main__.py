"""Entry point for ``python -m paperlist``."""

from paperlist.cli import main

raise SystemExit(main())
