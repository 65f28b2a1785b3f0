"""Tagging: the built-in and TOML tag rules, the matcher, and automatic topics (pure)."""
