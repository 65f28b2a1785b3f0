"""Inputs: paths -> files -> decoded text -> parsed lists (the only file reading), in parallel on request."""
