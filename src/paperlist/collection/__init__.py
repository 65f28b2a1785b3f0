"""The collection: a SQLite file that remembers papers across runs (the only package that speaks SQL)."""
