"""Readers: the text of one input -> ReadingLists of snippets, one module per format (pure)."""
