"""Entry point for ``python -m paperlist``."""

from paperlist.cli.entry import main

raise SystemExit(main())
