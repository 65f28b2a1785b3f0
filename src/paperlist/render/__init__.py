"""Rendering: results -> text in each output format; escaping for a format lives here only (pure)."""
