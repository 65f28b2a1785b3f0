"""Reports: what each report command computes from the grouped papers (pure)."""
