"""paperlist: triage "related papers" reading lists from the command line."""

__version__ = "0.1.0"
__all__ = ["__version__"]
