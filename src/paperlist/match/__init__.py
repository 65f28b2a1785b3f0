"""Matching: text folding, the exact near search, what records say about identity, duplicate groups, papers."""
