"""Entry point for ``python -m paperlist``."""

from paperlist.cli.main import main

raise SystemExit(main())
